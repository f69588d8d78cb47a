"""Evaluation: what Eudora Brassica and the Garden Club award a garden (rulebook, Evaluation).

Vegetables next to one of their own type score their points (less 1 for each one beside a
same-type card with a Grasshopper on it), the seven Awards of Merit score at most once each, each
Rose still over two Vegetables scores 5, each Compost card costs 2, and the total earns a ribbon.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cabbagehead.deck import Vegetable
from engine.cabbagehead.plot import PLOT_COLS, PLOT_ROWS, Garden, neighbours_of, plot_box
from engine.text import N_, N_plural

FOUR_CORNERS = 12
AVENUE = 14
PROMENADE = 14
MONOPOLY = 8
MONOPOLY_PATCH = 2
MIXED_PLOT = 30
BEES_KNEES = 6
BOUNTY = 12
ROSE_BONUS = 5
COMPOST_PENALTY = 2
ALL_BEES = 6

#: The two Promenade layouts (ruling 6): three side-by-side pairs stepping diagonally across the
#: plot, down from the top-left or up from the bottom-left. Cells are (row, column), 0-based.
PROMENADE_LAYOUTS: tuple[tuple[tuple[tuple[int, int], tuple[int, int]], ...], ...] = (
    (((0, 0), (0, 1)), ((1, 2), (1, 3)), ((2, 4), (2, 5))),
    (((2, 0), (2, 1)), ((1, 2), (1, 3)), ((0, 4), (0, 5))),
)

#: (lowest total, ribbon) from the best down; below 41 there is no ribbon.
RIBBONS: tuple[tuple[int, str], ...] = (
    (101, N_("Blue Ribbon")),
    (81, N_("Red Ribbon")),
    (61, N_("Yellow Ribbon")),
    (41, N_("White Ribbon")),
)


@dataclass
class Evaluation:
    """A garden's score, line by line."""

    lines: list[tuple[str, int]] = field(default_factory=list)
    awards: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(points for _, points in self.lines)

    @property
    def ribbon(self) -> str | None:
        return ribbon_for(self.total)


def ribbon_for(total: int) -> str | None:
    """The Garden Club prize for `total` points (None: 'better luck next year')."""
    for lowest, ribbon in RIBBONS:
        if total >= lowest:
            return ribbon
    return None


_TYPE_TABLES: dict[int, tuple[tuple[Vegetable, ...], dict[str, int], dict[str, str], list[str]]] = {}


def _type_table(deck: tuple[Vegetable, ...]) -> tuple[dict[str, int], dict[str, str], list[str]]:
    """Points and plural of each vegetable in deck order, and each card's vegetable (computed once
    per deck object: hashing 45 cards on every call would cost more than building the table)."""
    known = _TYPE_TABLES.get(id(deck))
    if known is None or known[0] is not deck:
        known = (
            deck,
            {v.name: v.points for v in deck},
            {v.name: v.plural for v in deck},
            [v.name for v in deck],
        )
        _TYPE_TABLES[id(deck)] = known
    return known[1], known[2], known[3]


def vegetable_types(garden: Garden, deck: tuple[Vegetable, ...]) -> int:
    """How many different vegetables grow in the garden (the two-player tie-break)."""
    return len({deck[card].name for card in garden.cells if card >= 0})


def _grid(garden: Garden, name: list[str]) -> tuple[list[list[str]], int, int]:
    """The plot as rows of vegetables ("" empty), from each canvas cell's `name`, with its height
    and width."""
    box = plot_box(garden)
    if box is None:
        return [], 0, 0
    top, bottom, left, right = box
    cols = garden.cols
    grid = [name[r * cols + left : r * cols + right + 1] for r in range(top, bottom + 1)]
    return grid, bottom - top + 1, right - left + 1


def evaluate(garden: Garden, deck: tuple[Vegetable, ...]) -> Evaluation:
    """Score `garden` as the Garden Club does at the end of the game."""
    return _evaluate(garden, deck, said=True)


def score(garden: Garden, deck: tuple[Vegetable, ...]) -> int:
    """`evaluate(garden, deck).total` without writing a line per vegetable grown: every view of a
    version shows the score now, and its lines were a third of the evaluation (a format each)."""
    return _evaluate(garden, deck, said=False).total


def _evaluate(garden: Garden, deck: tuple[Vegetable, ...], *, said: bool) -> Evaluation:
    """`evaluate`; without `said`, each vegetable's line is left blank (its points are counted)."""
    result = Evaluation()
    cells = garden.cells
    near = neighbours_of(garden.rows, garden.cols)
    points_of, plural_of, names = _type_table(deck)
    name = [names[card] if card >= 0 else "" for card in cells]
    hoppers = garden.hoppers

    # 1. Vegetables (and Grasshoppers), one line per type grown, in deck order.
    scored: dict[str, int] = {}
    grown: dict[str, int] = {}
    nibbled: dict[str, int] = {}
    for i, kind in enumerate(name):
        if not kind:
            continue
        grown[kind] = grown.get(kind, 0) + 1
        beside = bitten = False  # next to its own kind; to one with a Grasshopper on it
        for j in near[i]:
            if name[j] == kind:
                beside = True
                if hoppers[j] >= 0:
                    bitten = True
                    break
        if beside:
            scored[kind] = scored.get(kind, 0) + 1
            if bitten:
                nibbled[kind] = nibbled.get(kind, 0) + 1
    for kind, points in points_of.items():
        if kind not in grown:
            continue
        count = scored.get(kind, 0)
        lost = nibbled.get(kind, 0)
        if not said:
            result.lines.append(("", count * points - lost))
            continue
        label = (
            N_(
                "{vegetables}: {count} of {grown} next to their own kind x {points}, "
                "{lost} next to a Grasshopper -1 each"
            )
            if lost
            else N_("{vegetables}: {count} of {grown} next to their own kind x {points}")
        ).format(vegetables=plural_of[kind], count=count, grown=grown[kind], points=points, lost=lost)
        result.lines.append((label, count * points - lost))

    # 2. Awards of Merit, each at most once.
    grid, height, width = _grid(garden, name)
    full = height == PLOT_ROWS and width == PLOT_COLS

    def award(title: str, points: int) -> None:
        result.awards.append(title)
        result.lines.append((N_("Award of Merit: {title}").format(title=title), points))

    if full:
        corners = {grid[0][0], grid[0][5], grid[2][0], grid[2][5]}
        if len(corners) == 1 and "" not in corners:
            award(N_("The Four Corners"), FOUR_CORNERS)
        first = {grid[r][0] for r in range(3)}
        sixth = {grid[r][5] for r in range(3)}
        if len(first) == 1 and len(sixth) == 1 and "" not in first | sixth and first != sixth:
            award(N_("The Avenue"), AVENUE)
        for layout in PROMENADE_LAYOUTS:
            pair_kinds = []
            for (r1, c1), (r2, c2) in layout:
                a, b = grid[r1][c1], grid[r2][c2]
                pair_kinds.append(a if a and a == b else "")
            if "" not in pair_kinds and len(set(pair_kinds)) == 3:
                award(N_("The Promenade"), PROMENADE)
                break

    biggest = max(grown.values(), default=0)
    if biggest >= 5:
        patch = any(_largest_patch(cells, name, near, kind) >= 5 for kind, n in grown.items() if n >= 5)
        if patch:
            award(N_("The Monopoly (5 together, +2)"), MONOPOLY + MONOPOLY_PATCH)
        else:
            award(N_("The Monopoly"), MONOPOLY)

    if height == PLOT_ROWS:
        row_kinds = [set(row) - {""} for row in grid]
        if all(len(k) == 3 for k in row_kinds) and len(row_kinds[0] | row_kinds[1] | row_kinds[2]) == 9:
            award(N_("The Mixed Plot"), MIXED_PLOT)

    if garden.bees == ALL_BEES:
        award(N_("The Bee's Knees"), BEES_KNEES)

    for kinds in grid:
        if len(kinds) == PLOT_COLS and "" not in kinds and len(set(kinds)) == PLOT_COLS:
            award(N_("The Bounty"), BOUNTY)
            break

    # Romancing Eudora: each Rose still over two Vegetables.
    roses = rose_pairs(garden)
    blooming = sum(1 for a, b in roses if cells[a] >= 0 and cells[b] >= 0)
    if roses:
        result.lines.append(
            (
                N_("Roses over two Vegetables: {blooming} of {roses} x {bonus}").format(
                    blooming=blooming, roses=len(roses), bonus=ROSE_BONUS
                ),
                blooming * ROSE_BONUS,
            )
        )

    # 3. Compost.
    if garden.compost:
        result.lines.append(
            (
                compost_label(len(garden.compost)),
                -COMPOST_PENALTY * len(garden.compost),
            )
        )
    return result


def rose_pairs(garden: Garden) -> list[tuple[int, int]]:
    """The two cells under each Rose in the garden, left cell first."""
    if max(garden.roses) < 0:
        return []  # no Rose in the garden (every game without Romancing Eudora): one look
    first: dict[int, int] = {}
    pairs = []
    for i, rose in enumerate(garden.roses):
        if rose < 0:
            continue
        if rose in first:
            pairs.append((first[rose], i))
        else:
            first[rose] = i
    return pairs


def _largest_patch(cells: list[int], name: list[str], near: tuple[tuple[int, ...], ...], kind: str) -> int:
    """Size of the biggest group of `kind` cards joined side by side (the Monopoly's +2)."""
    seen: set[int] = set()
    best = 0
    for start, card in enumerate(cells):
        if card < 0 or name[start] != kind or start in seen:
            continue
        stack = [start]
        seen.add(start)
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            for j in near[i]:
                if j not in seen and name[j] == kind:
                    seen.add(j)
                    stack.append(j)
        best = max(best, size)
    return best


def compost_label(cards: int) -> str:
    """The Compost's score line, its plural by cards ("Compost: 1 card x -2")."""
    return N_plural(
        "Compost: {cards} card x -{penalty}", "Compost: {cards} cards x -{penalty}", cards
    ).format(cards=cards, penalty=COMPOST_PENALTY)
