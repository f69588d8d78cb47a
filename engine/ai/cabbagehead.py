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
  policy under a layout `Plan` (solo: `MIXED_PLOT`, which aims at The Mixed Plot, The Promenade and
  The Bee's Knees, then The Avenue; the duel: `PAIRS`); it keeps the best mean final score plus a
  bonus for the Blue Ribbon (solo) or the best mean margin over the opponent plus a win bonus (two
  players). Budget: at most `candidates x samples` playouts per decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.cabbagehead.actions import Pass, PlaceGrasshopper, PlaceRose, Plant
from engine.cabbagehead.game import GAME
from engine.cabbagehead.plot import (
    PLOT_COLS,
    PLOT_ROWS,
    Garden,
    cell_at,
    neighbours_of,
    plant_slots,
    plot_box,
    realign,
)
from engine.cabbagehead.sampling import sample_state
from engine.cabbagehead.scoring import ALL_BEES, BEES_KNEES, MONOPOLY, PROMENADE_LAYOUTS, evaluate
from engine.cabbagehead.state import CabbageheadState, copy_game_state
from engine.cabbagehead.views import CabbageheadView
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
#: Solo: what a playout that earns the Blue Ribbon is worth on top of its score (the prize the
#: player is after).
BLUE_BONUS = 15.0
BLUE_RIBBON = 101

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
    for r, c, _, _, _ in plant_slots(other, NAMES):
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


@dataclass(frozen=True, slots=True)
class Plan:
    """The weights of one layout plan: how the quick gain (`planting_gains`) steers plantings
    towards the Awards of Merit that plan aims for (rulebook, Awards of Merit).

    - `mixed_plot_step`: the cost of a planting that breaks The Mixed Plot (a fourth type in a row,
      or a type already grown in another row); with `mixed_plot_alive_only` only while the garden
      can still earn it.
    - `new_type`: while The Mixed Plot can still be earned, the bonus for a type not yet grown in
      a row that has room for it (the award needs all nine).
    - `room_in_row`: room to grow counts only sideways (a Mixed Plot's pairs lie within a row: a
      type may grow in one row only).
    - `monopoly`: push towards The Monopoly (five of a type).
    - `promenade_step`: once the plot spans 6 x 3, per card planted on a cell of a Promenade
      layout that can still be made (twice beside its twin there); `promenade_break`: the cost of
      a card there that spoils the layout (another type than its partner, or a type another pair
      of the layout holds).
    - `avenue_step`: per card of one type stacked in a column at the edge of the plot (The Avenue:
      columns 1 and 6 each hold three of one vegetable, two different ones); `avenue_break`: the
      cost of spoiling such a stack (another type in it, or growing the plot past it).
    - `bees_knees`: The Bee's Knees (6) for the planting that brings the sixth Bee, less 6 for
      paying one of six.
    - `lone_potential` (with sideways room): per point of a lone card planted with a free side in
      its row (it may still be paired there); `block_cost`: per point of a lone card whose last
      free side in its row the planting takes.
    """

    name: str
    mixed_plot_step: float = MIXED_PLOT_STEP
    mixed_plot_alive_only: bool = False
    new_type: float = 0.0
    room_in_row: bool = False
    monopoly: bool = True
    avenue_step: float = 0.0
    avenue_break: float = 0.0
    bees_knees: bool = False
    lone_potential: float = 0.0
    promenade_step: float = 0.0
    promenade_break: float = 0.0
    block_cost: float = 0.0


#: The plan strong played before the award plans: pairs, The Promenade (found by the search), The
#: Monopoly, and a mild care for The Mixed Plot.
PAIRS = Plan("pairs")
#: Solo strong's plan (how the knobs were chosen: docs/ai.md). The Mixed Plot (30) and The
#: Promenade (14) fit together: three types a row, each type in one row, each pair side by side in
#: its row (once the plot spans 6 x 3, on a Promenade layout's cells); plus The Bee's Knees (6).
#: Once The Mixed Plot is out of reach: The Avenue (14), a stack of one type in each edge column,
#: and The Monopoly.
MIXED_PLOT = Plan(
    "mixed plot",
    mixed_plot_step=12.0,
    mixed_plot_alive_only=True,
    new_type=2.0,
    room_in_row=True,
    avenue_step=1.5,
    avenue_break=6.0,
    bees_knees=True,
    lone_potential=1.0,
    block_cost=1.5,
    promenade_step=1.0,
    promenade_break=2.0,
)


def _edge_bonus(
    plan: Plan, name: str, c: int, box: tuple[int, int, int, int] | None, col_kinds: dict[int, dict[str, int]]
) -> float:
    """The Avenue's term for planting `name` in canvas column `c` (see `Plan`)."""
    if box is None:
        return plan.avenue_step
    _, _, left, right = box
    new_left, new_right = min(left, c), max(right, c)
    bonus = 0.0

    def stacked(col: int) -> str:
        kinds = col_kinds.get(col, {})
        if len(kinds) == 1:
            ((kind, count),) = kinds.items()
            if count >= 2:
                return kind
        return ""

    for edge, other in ((new_left, new_right), (new_right, new_left)):
        if c != edge:
            continue
        kinds = col_kinds.get(edge, {})
        if not kinds or set(kinds) == {name}:
            if other == edge or _single_kind(col_kinds.get(other, {})) != name:
                bonus += plan.avenue_step * (1 + kinds.get(name, 0))
        elif stacked(edge):
            bonus -= plan.avenue_break
    if c < left and stacked(left):
        bonus -= plan.avenue_break
    if c > right and stacked(right):
        bonus -= plan.avenue_break
    return bonus


def _single_kind(kinds: dict[str, int]) -> str:
    if len(kinds) == 1:
        return next(iter(kinds))
    return ""


def _row_potential(plan: Plan, cells: list[int], cell: int, cols: int, points: int) -> float:
    """A lone card with an empty slot beside it in its row may still get its pair there."""
    c = cell % cols
    if (c > 0 and cells[cell - 1] < 0) or (c < cols - 1 and cells[cell + 1] < 0):
        return plan.lone_potential * points
    return 0.0


def _blocked(cells: list[int], cell: int, cols: int, name: str) -> float:
    """Points of the lone cards beside `cell` in its row whose last free side `cell` is (a card
    of another type there leaves them unpaired in their row)."""
    c = cell % cols
    lost = 0.0
    for j, beyond in ((cell - 1, cell - 2), (cell + 1, cell + 2)):
        if not (0 <= j < len(cells)) or j // cols != cell // cols:
            continue
        card = cells[j]
        if card < 0 or NAMES[card] == name:
            continue
        far_free = 0 <= beyond < len(cells) and beyond // cols == j // cols and cells[beyond] < 0
        far_twin = (
            0 <= beyond < len(cells)
            and beyond // cols == j // cols
            and cells[beyond] >= 0
            and NAMES[cells[beyond]] == NAMES[card]
        )
        if not far_free and not far_twin:
            lost += POINTS[card]
    del c
    return lost


def _promenade_cells(garden: Garden, cells: list[int]) -> dict[int, list[tuple[str, list[str]]]]:
    """Once the plot spans 6 x 3: for each empty cell of a Promenade layout that can still be
    made, (its partner's type or "", the types the layout's other pairs already hold)."""
    box = plot_box(garden)
    if box is None:
        return {}
    top, bottom, left, right = box
    if bottom - top + 1 != PLOT_ROWS or right - left + 1 != PLOT_COLS:
        return {}
    cols = garden.cols

    def kind(cell: int) -> str:
        return NAMES[cells[cell]] if cells[cell] >= 0 else ""

    found: dict[int, list[tuple[str, list[str]]]] = {}
    for layout in PROMENADE_LAYOUTS:
        pairs = [
            ((top + r1) * cols + left + c1, (top + r2) * cols + left + c2) for (r1, c1), (r2, c2) in layout
        ]
        kinds = []
        alive = True
        for a, b in pairs:
            ka, kb = kind(a), kind(b)
            if ka and kb and ka != kb:
                alive = False
            kinds.append(ka or kb)
        held = [k for k in kinds if k]
        if not alive or len(set(held)) != len(held):
            continue
        for n, (a, b) in enumerate(pairs):
            others = [k for m, k in enumerate(kinds) if m != n and k]
            for cell, partner in ((a, b), (b, a)):
                if cells[cell] < 0:
                    found.setdefault(cell, []).append((kind(partner), others))
    return found


def _promenade_bonus(plan: Plan, spots: list[tuple[str, list[str]]], name: str) -> float:
    """The Promenade's term for planting `name` on a cell of a layout that can still be made."""
    best = -plan.promenade_break
    for partner, others in spots:
        if name in others or (partner and partner != name):
            continue
        best = max(best, plan.promenade_step * (2 if partner == name else 1))
    return best


def planting_gains(state: CabbageheadState, plan: Plan = PAIRS) -> list[tuple[float, Plant]]:
    """Every planting into an empty slot (or, with none empty, onto a card) with its quick gain:
    the points it adds next to its own type (its own and a lone twin's), `BEE_VALUE` per Bee (and
    The Bee's Knees when it makes six), The Monopoly when it makes five of a type
    (`MONOPOLY_STEP` per card towards it from the third), -2 for a composted card,
    `ROOM_VALUE` per empty slot around it (room to grow), and the award terms of `plan` (The
    Mixed Plot, The Avenue; see `Plan`)."""
    seat = state.active
    garden = state.gardens[seat]
    cells = garden.cells
    cols = garden.cols
    near = neighbours_of(garden.rows, cols)
    slots = plant_slots(garden, NAMES)
    empties = [slot for slot in slots if not slot[2]] or slots
    grown: dict[str, int] = {}
    row_types: list[set[str]] = [set() for _ in range(garden.rows)]
    col_kinds: dict[int, dict[str, int]] = {}
    rows_of: dict[str, set[int]] = {}
    for i, card in enumerate(cells):
        if card >= 0:
            name = NAMES[card]
            grown[name] = grown.get(name, 0) + 1
            r, c = divmod(i, cols)
            row_types[r].add(name)
            rows_of.setdefault(name, set()).add(r)
            kinds = col_kinds.setdefault(c, {})
            kinds[name] = kinds.get(name, 0) + 1
    mixed_alive = all(len(rows) == 1 for rows in rows_of.values()) and all(
        len(types) <= 3 for types in row_types
    )
    mixed_step = plan.mixed_plot_step if mixed_alive or not plan.mixed_plot_alive_only else 0.0
    row_room = plan.room_in_row and mixed_alive
    # A Mixed Plot plan turns to The Avenue only once The Mixed Plot is out of reach (an edge
    # stack of one type spans all three rows, which The Mixed Plot forbids).
    avenue = plan.avenue_step > 0 and not (plan.mixed_plot_alive_only and mixed_alive)
    box = plot_box(garden) if avenue else None
    promenade = _promenade_cells(garden, cells) if plan.promenade_step else {}
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
        if plan.bees_knees and bees:
            supply = garden.bees + bees
            if supply == ALL_BEES:
                base += BEES_KNEES
            elif garden.bees == ALL_BEES:
                base -= BEES_KNEES
        have = grown.get(name, 0)
        if plan.monopoly:
            if have + 1 == MONOPOLY_SIZE:
                base += MONOPOLY
            elif have >= 2:
                base += MONOPOLY_STEP
        elsewhere = rows_of.get(name, set())
        for r, c, replaced, _, slot in empties:
            cell = (r - 1) * cols + c - 1
            gain = base
            types = row_types[r - 1]
            if name not in types and (len(types) >= 3 or elsewhere):
                gain -= mixed_step
            elif mixed_alive and not elsewhere:
                gain += plan.new_type
            if avenue:
                gain += _edge_bonus(plan, name, c - 1, box, col_kinds)
            if cell in promenade:
                gain += _promenade_bonus(plan, promenade[cell], name)
            if replaced:
                gain -= 2
            paired = False
            for j in near[cell]:
                other = cells[j]
                if other < 0:
                    if not row_room or j // cols == r - 1:
                        gain += 2 * ROOM_VALUE if row_room else ROOM_VALUE
                elif NAMES[other] == name:
                    paired = True
                    if not _same_neighbour(cells, near, j, name):
                        gain += points
            if paired:
                gain += points
            elif row_room:
                gain += _row_potential(plan, cells, cell, cols, points)
            if row_room and plan.block_cost:
                gain -= plan.block_cost * _blocked(cells, cell, cols, name)
            found.append((gain, Plant(pos, name, bees, r, c, replaced, "plant", slot)))
    return found


def playout_action(state: CabbageheadState, plan: Plan = PAIRS) -> Any:
    """The fast policy strong plays out with: the planting with the best quick gain under `plan`
    (`planting_gains`); the first Grasshopper or Rose place; pass the cheapest card onto the
    opponent's left."""
    if state.phase == "plant":
        best = None
        best_gain = float("-inf")
        for gain, action in planting_gains(state, plan):
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
        return mine + (BLUE_BONUS if mine >= BLUE_RIBBON else 0.0)
    theirs = evaluate(state.gardens[1 - seat], CARDS).total
    return mine - theirs + (WIN_BONUS if mine > theirs else -WIN_BONUS if mine < theirs else 0.0)


def play_out(state: CabbageheadState, plan: Plan = PAIRS) -> None:
    while state.phase != "over":
        GAME.apply(state, state.active, playout_action(state, plan))


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
    `candidates x samples` playouts per decision (`duel_samples` with two players). Solo, the
    playouts follow `plan` (The Mixed Plot, then The Avenue); the duel plays the `PAIRS` plan."""

    strength: Strength = "strong"

    def __init__(
        self, candidates: int = 12, samples: int = 12, duel_samples: int = 6, plan: Plan = MIXED_PLOT
    ) -> None:
        self.candidates = candidates
        self.samples = samples
        #: Two-player playouts are twice as long (both gardens, and the passes): half the samples
        #: keep a move's time the same.
        self.duel_samples = duel_samples
        self.plan = plan

    def shortlist(self, state: CabbageheadState, legal: Sequence[Any], plan: Plan = PAIRS) -> list[int]:
        """The `candidates` most promising legal actions: plantings by the plan's quick gain
        (`planting_gains`, so the playout policy's own choice is always in), others by greedy's
        immediate value."""
        if state.phase == "plant":
            index = {action: i for i, action in enumerate(legal)}
            ranked = sorted(planting_gains(state, plan), key=lambda pair: -pair[0])
            return [index[action] for _, action in ranked[: self.candidates]]
        values = immediate_values(state, legal)
        return sorted(range(len(legal)), key=lambda i: -values[i])[: self.candidates]

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        assert isinstance(view, CabbageheadView)
        solo = view.seats == 1
        samples = self.samples if solo else self.duel_samples
        plan = self.plan if solo else PAIRS
        states = [sample_state(view, rng) for _ in range(samples)]
        shortlist = self.shortlist(states[0], legal, plan)
        best_index, best_total = shortlist[0], float("-inf")
        for index in shortlist:
            total = 0.0
            for state in states:
                twin = copy_game_state(state)
                GAME.apply(twin, decision.seat, legal[index])
                play_out(twin, plan)
                total += final_value(twin, decision.seat)
            if total > best_total:
                best_index, best_total = index, total
        return legal[best_index]


#: The game these players play (engine.ai finds them by it) and the players by strength ("random"
#: is every game's own: engine.ai.base.RandomPlayer).
GAME_NAME = "cabbagehead"
PLAYERS: dict[Strength, Callable[[], Player]] = {"greedy": GreedyPlayer, "strong": StrongPlayer}
