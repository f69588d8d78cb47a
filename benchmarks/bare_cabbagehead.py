"""Mr. Cabbagehead's solo game as a bare Python loop: the yardstick for the engine's speed (issue 31).

The same game the engine plays with its default options (one player, the four Original
Neighbours, the floating 6 x 3 plot, no expansions), written the way a hobbyist would write it in
one file: plain lists and dictionaries, no records, no events, no texts, no saved state, Python's
own `random`. Every decision is made the way `engine_speed.py` makes it, uniformly among all the
legal choices: every drawn card that can be paid for, times every slot it can go in (an empty slot
of the room the plot still has, or a planted one, composting its card; the first card has the one
middle slot, as the engine offers, ruling 3). The rest follows the rulebook: the leftmost card
costs a Bee, the rightmost gives one; the higher-numbered of the two left reveals its Neighbour
number of tokens; at each 'On Holiday' card the Neighbour with the most tokens (alone) takes a card;
after round 3 the garden is scored (Vegetables next to their own kind, the seven Awards of Merit,
the Compost).

It is not a second engine: nothing reads it but the benchmark, which plays it beside the engine in
one run (`engine_vs_bare.py`) and checks both give the same spread of scores.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "engine" / "cabbagehead" / "data" / "vegetables.json"

ROWS, COLS = 3, 6
FAVOURITES = {"Turnip", "Salsify", "Radish"}
PROMENADES = (
    (((0, 0), (0, 1)), ((1, 2), (1, 3)), ((2, 4), (2, 5))),
    (((2, 0), (2, 1)), ((1, 2), (1, 3)), ((0, 4), (0, 5))),
)


def load_cards() -> list[tuple[str, int, int, int]]:
    """(vegetable, points, vegetable number, neighbour number) of the 45 cards."""
    cards = []
    for veg in json.loads(DATA.read_text(encoding="utf-8"))["vegetables"]:
        for card in veg["cards"]:
            cards.append((veg["name"], veg["points"], card["vegetable_number"], card["neighbour_number"]))
    return cards


CARDS = load_cards()
HOLIDAY = -1


def box_of(plot: dict[tuple[int, int], int]) -> tuple[int, int, int, int]:
    rows = [r for r, _ in plot]
    cols = [c for _, c in plot]
    return min(rows), max(rows), min(cols), max(cols)


def room(box: list[int], fixed: list[tuple[int, int] | None]) -> tuple[int, int, int, int]:
    """The rows and columns a card may still go in: fixed ones, else as far as a 6 x 3 box reaches."""
    top, bottom, left, right = box
    rows = fixed[0] or (bottom - ROWS + 1, top + ROWS - 1)
    cols = fixed[1] or (right - COLS + 1, left + COLS - 1)
    return rows[0], rows[1], cols[0], cols[1]


def slots(
    plot: dict[tuple[int, int], int], box: list[int], fixed: list[tuple[int, int] | None]
) -> list[tuple[int, int]]:
    if not plot:
        return [(0, 0)] if fixed == [None, None] else [(r, c) for r in range(ROWS) for c in range(COLS)]
    top, bottom, left, right = room(box, fixed)
    empty = [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1) if (r, c) not in plot]
    return empty + list(plot)


def grow(box: list[int], at: tuple[int, int], fixed: list[tuple[int, int] | None]) -> None:
    """The cards' box after planting at `at`; rows are fixed once the cards span 3 of them,
    columns once they span 6 (ruling 4)."""
    r, c = at
    if box:
        box[:] = [min(box[0], r), max(box[1], r), min(box[2], c), max(box[3], c)]
    else:
        box[:] = [r, r, c, c]
    top, bottom, left, right = box
    if fixed[0] is None and bottom - top == ROWS - 1:
        fixed[0] = (top, bottom)
    if fixed[1] is None and right - left == COLS - 1:
        fixed[1] = (left, right)


def victim(neighbour: str, plot: dict[tuple[int, int], int]) -> tuple[int, int] | None:
    if not plot:
        return None
    number = {at: CARDS[card][2] for at, card in plot.items()}
    if neighbour == "carrotbody":
        near_carrot = [
            at
            for at, card in plot.items()
            if CARDS[card][0] != "Carrot"
            and any(CARDS[plot[n]][0] == "Carrot" for n in around(at) if n in plot)
        ]
        return max(near_carrot or plot, key=number.__getitem__)
    if neighbour == "mayor":
        liked = [at for at, card in plot.items() if CARDS[card][0] in FAVOURITES]
        return max(liked, key=number.__getitem__) if liked else None
    if neighbour == "sallie":
        return min(plot, key=number.__getitem__)
    counts: dict[str, int] = {}
    for card in plot.values():
        counts[CARDS[card][0]] = counts.get(CARDS[card][0], 0) + 1
    most = max(counts.values())
    tied = [at for at, card in plot.items() if counts[CARDS[card][0]] == most]
    best = max(CARDS[plot[at]][1] for at in tied)
    return max((at for at in tied if CARDS[plot[at]][1] == best), key=number.__getitem__)


def around(at: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    r, c = at
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def score(
    plot: dict[tuple[int, int], int], fixed: list[tuple[int, int] | None], bees: int, compost: int
) -> int:
    kind = {at: CARDS[card][0] for at, card in plot.items()}
    points = sum(CARDS[plot[at]][1] for at in plot if any(kind.get(n) == kind[at] for n in around(at)))
    if plot:
        top, bottom, left, right = box_of(plot)
        rows = fixed[0] or (top, bottom)
        cols = fixed[1] or (left, right)
        grid = [
            [kind.get((r, c), "") for c in range(cols[0], cols[1] + 1)] for r in range(rows[0], rows[1] + 1)
        ]
        full = len(grid) == ROWS and len(grid[0]) == COLS
        if full:
            corners = {grid[0][0], grid[0][5], grid[2][0], grid[2][5]}
            if len(corners) == 1 and "" not in corners:
                points += 12
            first, sixth = {g[0] for g in grid}, {g[5] for g in grid}
            if len(first) == len(sixth) == 1 and "" not in first | sixth and first != sixth:
                points += 14
            for layout in PROMENADES:
                pairs = [grid[a][b] if grid[a][b] == grid[c][d] else "" for (a, b), (c, d) in layout]
                if "" not in pairs and len(set(pairs)) == 3:
                    points += 14
                    break
        counts: dict[str, int] = {}
        for name in kind.values():
            counts[name] = counts.get(name, 0) + 1
        if max(counts.values()) >= 5:
            points += 8 + (2 if any(patch(kind, name) >= 5 for name, n in counts.items() if n >= 5) else 0)
        if len(grid) == ROWS:
            types = [set(g) - {""} for g in grid]
            if all(len(t) == 3 for t in types) and len(types[0] | types[1] | types[2]) == 9:
                points += 30
        if any(len(g) == COLS and "" not in g and len(set(g)) == COLS for g in grid):
            points += 12
    if bees == 6:
        points += 6
    return points - 2 * compost


def patch(kind: dict[tuple[int, int], str], name: str) -> int:
    seen: set[tuple[int, int]] = set()
    best = 0
    for start, k in kind.items():
        if k != name or start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            at = stack.pop()
            size += 1
            for n in around(at):
                if n not in seen and kind.get(n) == name:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def play(rng: random.Random) -> tuple[int, int]:
    """One random solo game; returns (decisions made, final score)."""
    neighbours = ["carrotbody", "mayor", "sallie", "horace"]
    order = list(range(45))
    rng.shuffle(order)
    deck = [*order[:15], HOLIDAY, *order[15:30], HOLIDAY, *order[30:], HOLIDAY][::-1]
    pool = list(range(24))
    tiles = [0, 0, 0, 0]
    plot: dict[tuple[int, int], int] = {}
    box: list[int] = []
    fixed: list[tuple[int, int] | None] = [None, None]
    bees, hive, compost, decisions = 3, 3, 0, 0
    for _round in range(3):
        while deck[-1] != HOLIDAY:
            row = [deck.pop(), deck.pop(), deck.pop()]
            heads = [p for p, ok in ((0, bees > 0), (1, True), (2, hive > 0)) if ok]
            places = slots(plot, box, fixed)
            choice = rng.randrange(len(heads) * len(places))
            pos, at = heads[choice // len(places)], places[choice % len(places)]
            decisions += 1
            if at in plot:
                compost += 1
            plot[at] = row[pos]
            grow(box, at, fixed)
            bees += pos - 1
            hive -= pos - 1
            rest = [card for p, card in enumerate(row) if p != pos]
            for _ in range(CARDS[max(rest, key=lambda card: CARDS[card][2])][3]):
                if not pool:
                    break
                token = pool.pop(rng.randrange(len(pool)))
                tiles[token // 6] += 1
        deck.pop()
        most = max(tiles)
        if most and tiles.count(most) == 1:
            taken = victim(neighbours[tiles.index(most)], plot)
            if taken is not None:
                del plot[taken]
                box[:] = box_of(plot) if plot else []
        pool = list(range(24))
        tiles = [0, 0, 0, 0]
    return decisions, score(plot, fixed, bees, compost)
