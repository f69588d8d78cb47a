"""Strong's fast playout policy: the quick gain of every planting under a `Plan`
(`planting_gains`), the policy itself (`playout_action`) and the score a playout ends with.
"""

from __future__ import annotations

from typing import Any

from engine.ai.cabbagehead.plans import PAIRS, Plan, same_neighbour
from engine.ai.cabbagehead.values import (
    BEE_VALUE,
    BLUE_BONUS,
    BLUE_RIBBON,
    CARDS,
    MONOPOLY_SIZE,
    MONOPOLY_STEP,
    NAMES,
    POINTS,
    ROOM_VALUE,
    WIN_BONUS,
)
from engine.cabbagehead.actions import Pass, Plant
from engine.cabbagehead.game import GAME
from engine.cabbagehead.plot import PLOT_COLS, PLOT_ROWS, Garden, neighbours_of, plot_box
from engine.cabbagehead.scoring import ALL_BEES, BEES_KNEES, MONOPOLY, PROMENADE_LAYOUTS, evaluate
from engine.cabbagehead.slots import plant_slots
from engine.cabbagehead.state import CabbageheadState


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
                    if not same_neighbour(cells, near, j, name):
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
