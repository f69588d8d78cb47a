"""Computer players for Mr. Cabbagehead's Garden: random, greedy and strong, solo and two players.

All three see only their seat's `CabbageheadView` (`engine.ai.base.Decision`). Greedy and strong
rebuild full states with `engine.cabbagehead.sampling.sample_state`, which shuffles the unseen
deck and re-seeds the token draws (greedy reads only the public gardens of its sample).

- **greedy** keeps the action whose immediate outcome is worth most by `garden_value`: the garden's
  Evaluation score if the game ended now (awards, Roses and Compost included) plus
  `BEE_VALUE` per Bee in the supply. Passing (two players): the card worth least to the
  opponent, on their left. Ties go to the first action in the game's order.
- **strong** is determinized Monte Carlo: a shortlist of `candidates` actions (plantings by the
  quick gain of `planting_gains`, other decisions by greedy's value), each played on the same
  `samples` sampled states and played out to the end of the game with the fast `playout_action`
  policy; it keeps the best mean final score (solo) or the best mean margin over the opponent plus
  a win bonus (two players). Budget: at most `candidates x samples` playouts per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ai.base import Decision, Strength
from engine.cabbagehead.actions import Pass, PlaceGrasshopper, PlaceRose, Plant
from engine.cabbagehead.game import GAME
from engine.cabbagehead.plot import Garden, cell_at, neighbours_of, plant_slots, realign
from engine.cabbagehead.sampling import sample_state
from engine.cabbagehead.scoring import MONOPOLY, evaluate
from engine.cabbagehead.state import CabbageheadState, copy_game_state
from engine.cabbagehead.view import CabbageheadView
from engine.rng import Rng

#: What a Bee in the supply is worth to greedy and strong (it pays for a left card; six make the
#: Bee's Knees).
BEE_VALUE = 1.0
#: Strong's shortlist: the room a planting leaves next to itself, per empty neighbouring slot.
ROOM_VALUE = 0.3
#: The playout policy's push towards The Monopoly: per card added to a type already grown twice.
MONOPOLY_STEP = 1.0
MONOPOLY_SIZE = 5
#: The playout policy's care for The Mixed Plot: the cost of a fourth type in a row, or of a type
#: already grown in another row.
MIXED_PLOT_STEP = 2.0
WIN_BONUS = 20.0

CARDS = GAME.cards
NAMES = GAME.names
POINTS = [card.points for card in CARDS]
VEG_NUMBER = [card.vegetable_number for card in CARDS]


def copy_garden(garden: Garden) -> Garden:
    twin = garden.model_copy()
    for name in ("cells", "hoppers", "roses", "box", "compost"):
        twin.__dict__[name] = garden.__dict__[name][:]
    return twin


def garden_value(garden: Garden) -> float:
    """Greedy's evaluation: the Garden Club's score now plus `BEE_VALUE` per Bee in the supply."""
    return evaluate(garden, CARDS).total + BEE_VALUE * garden.bees


def _after(garden: Garden, action: Any, row: list[int]) -> Garden:
    """The garden once `action` is played on it (planting, Grasshopper or Rose); tokens, reveals and
    Neighbours (chance) are left out: this is the immediate outcome."""
    twin = copy_garden(garden)
    if isinstance(action, Plant):
        cell = cell_at(twin, action.row, action.col)
        old = twin.cells[cell]
        if old >= 0:
            twin.compost.append(old)
        twin.cells[cell] = row[action.position]
        twin.bees += action.bees
        realign(twin, cell)
    elif isinstance(action, PlaceGrasshopper):
        cell = cell_at(twin, action.row, action.col)
        twin.hoppers[cell] = 99
        realign(twin, cell)
    elif isinstance(action, PlaceRose):
        cell = cell_at(twin, action.row, action.col)
        twin.roses[cell] = twin.roses[cell + 1] = 9
    return twin


def _pass_cost(state: CabbageheadState, action: Pass) -> float:
    """How much the passed card is worth to the opponent (their best immediate gain with it)."""
    other = state.gardens[1 - state.active]
    card = state.row[action.give]
    before = garden_value(other)
    best = 0.0
    for r, c, _, _ in plant_slots(other, NAMES):
        twin = copy_garden(other)
        cell = cell_at(twin, r, c)
        if twin.cells[cell] >= 0:
            continue
        twin.cells[cell] = card
        realign(twin, cell)
        best = max(best, garden_value(twin) - before)
    # Lying on the left costs them a Bee to take.
    return best - (BEE_VALUE if action.to == 0 else 0.0)


def immediate_values(state: CabbageheadState, legal: Sequence[Any]) -> list[float]:
    """Greedy's value of every legal action (higher is better)."""
    garden = state.gardens[state.active]
    if state.phase == "pass":
        return [-_pass_cost(state, action) for action in legal]
    return [garden_value(_after(garden, action, state.row)) for action in legal]


def _same_neighbour(cells: list[int], near: tuple[tuple[int, ...], ...], cell: int, name: str) -> bool:
    return any(cells[j] >= 0 and NAMES[cells[j]] == name for j in near[cell])


def planting_gains(state: CabbageheadState) -> list[tuple[float, Plant]]:
    """Every planting into an empty slot (or, with none empty, onto a card) with its quick gain:
    the points it adds next to its own type (its own and a lone twin's), `BEE_VALUE` per Bee (and
    The Bee's Knees when it makes six), The Monopoly when it makes five of a type
    (`MONOPOLY_STEP` per card towards it from the third), -2 for a composted card,
    `ROOM_VALUE` per empty slot around it (room to grow), and -`MIXED_PLOT_STEP` for a fourth
    type in a row or a type already grown in another row (The Mixed Plot)."""
    seat = state.active
    garden = state.gardens[seat]
    cells = garden.cells
    cols = garden.cols
    near = neighbours_of(garden.rows, cols)
    slots = plant_slots(garden, NAMES)
    empties = [slot for slot in slots if not slot[2]] or slots
    grown: dict[str, int] = {}
    row_types: list[set[str]] = [set() for _ in range(garden.rows)]
    for i, card in enumerate(cells):
        if card >= 0:
            grown[NAMES[card]] = grown.get(NAMES[card], 0) + 1
            row_types[i // cols].add(NAMES[card])
    found: list[tuple[float, Plant]] = []
    for pos in range(3):
        card = state.row[pos]
        if card < 0:
            continue
        bees = GAME.plant_cost(state, pos)
        if bees is None:
            continue
        name = NAMES[card]
        points = POINTS[card]
        base = BEE_VALUE * bees
        have = grown.get(name, 0)
        if have + 1 == MONOPOLY_SIZE:
            base += MONOPOLY
        elif have >= 2:
            base += MONOPOLY_STEP
        elsewhere = [name in types for types in row_types]
        for r, c, replaced, _ in empties:
            cell = (r - 1) * cols + c - 1
            gain = base
            types = row_types[r - 1]
            if name not in types and (len(types) >= 3 or any(elsewhere)):
                gain -= MIXED_PLOT_STEP
            if replaced:
                gain -= 2
            paired = False
            for j in near[cell]:
                other = cells[j]
                if other < 0:
                    gain += ROOM_VALUE
                elif NAMES[other] == name:
                    paired = True
                    if not _same_neighbour(cells, near, j, name):
                        gain += points
            if paired:
                gain += points
            found.append((gain, Plant(pos, name, bees, r, c, replaced)))
    return found


def playout_action(state: CabbageheadState) -> Any:
    """The fast policy strong plays out with: the planting with the best quick gain
    (`planting_gains`); the first Grasshopper or Rose place; pass the cheapest card onto the
    opponent's left."""
    if state.phase == "plant":
        best = None
        best_gain = float("-inf")
        for gain, action in planting_gains(state):
            if gain > best_gain:
                best, best_gain = action, gain
        return best
    legal = GAME.legal_actions(state, state.active)
    if state.phase == "pass":
        passes = [a for a in legal if isinstance(a, Pass)]
        return min(passes, key=lambda a: (POINTS[state.row[a.give]], a.to))
    return legal[0]


def final_value(state: CabbageheadState, seat: int) -> float:
    """Strong's objective: the final score solo; with two players the margin plus a win bonus."""
    mine = evaluate(state.gardens[seat], CARDS).total
    if state.seats == 1:
        return float(mine)
    theirs = evaluate(state.gardens[1 - seat], CARDS).total
    return mine - theirs + (WIN_BONUS if mine > theirs else -WIN_BONUS if mine < theirs else 0.0)


def play_out(state: CabbageheadState) -> None:
    while state.phase != "over":
        GAME.apply(state, state.active, playout_action(state))


class GreedyPlayer:
    """Greedy: the legal action with the best immediate value (`immediate_values`)."""

    strength: Strength = "greedy"

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        assert isinstance(view, CabbageheadView)
        state = sample_state(view, rng)
        values = immediate_values(state, legal)
        return legal[max(range(len(legal)), key=values.__getitem__)]


class StrongPlayer:
    """Strong: determinized Monte Carlo to the end of the game (module doc). Budget: at most
    `candidates x samples` playouts per decision (`duel_samples` with two players)."""

    strength: Strength = "strong"

    def __init__(self, candidates: int = 12, samples: int = 12, duel_samples: int = 6) -> None:
        self.candidates = candidates
        self.samples = samples
        #: Two-player playouts are twice as long (both gardens, and the passes): half the samples
        #: keep a move's time the same.
        self.duel_samples = duel_samples

    def shortlist(self, state: CabbageheadState, legal: Sequence[Any]) -> list[int]:
        """The `candidates` most promising legal actions: plantings by quick gain
        (`planting_gains`, so the playout policy's own choice is always in), others by greedy's
        immediate value."""
        if state.phase == "plant":
            index = {action: i for i, action in enumerate(legal)}
            ranked = sorted(planting_gains(state), key=lambda pair: -pair[0])
            return [index[action] for _, action in ranked[: self.candidates]]
        values = immediate_values(state, legal)
        return sorted(range(len(legal)), key=lambda i: -values[i])[: self.candidates]

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        assert isinstance(view, CabbageheadView)
        samples = self.samples if view.seats == 1 else self.duel_samples
        states = [sample_state(view, rng) for _ in range(samples)]
        shortlist = self.shortlist(states[0], legal)
        best_index, best_total = shortlist[0], float("-inf")
        for index in shortlist:
            total = 0.0
            for state in states:
                twin = copy_game_state(state)
                GAME.apply(twin, decision.seat, legal[index])
                play_out(twin)
                total += final_value(twin, decision.seat)
            if total > best_total:
                best_index, best_total = index, total
        return legal[best_index]

