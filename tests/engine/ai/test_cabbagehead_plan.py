"""Solo strong's layout plan (engine/ai/cabbagehead.py, `MIXED_PLOT`): its playout policy aims at
the Awards of Merit a Blue Ribbon garden needs (rulebook, Evaluation, 2. Awards of Merit). Each test
sets up a garden on the fixed 6 x 3 grid (so rows and columns are the plot's own) and checks which
planting the policy prefers."""

from __future__ import annotations

from engine.ai.cabbagehead import MIXED_PLOT, PAIRS, StrongPlayer, planting_gains, playout_action
from engine.cabbagehead import GAME
from engine.cabbagehead.actions import Plant
from engine.cabbagehead.scoring import ALL_BEES
from engine.cabbagehead.state import CabbageheadOptions, CabbageheadState


def _card(name: str, nth: int = 0) -> int:
    """The index of the `nth` card of vegetable `name` in the deck."""
    return [card.index for card in GAME.cards if card.name == name][nth]


def _state(layout: dict[tuple[int, int], str], row: tuple[str, str, str], bees: int = 3) -> CabbageheadState:
    """A solo game on the fixed grid with `layout` planted ((row, column) from 1) and `row` drawn."""
    state = GAME.create(CabbageheadOptions(fixed_grid=True), 1, 5)
    garden = state.gardens[0]
    garden.cells = [-1] * len(garden.cells)
    used: dict[str, int] = {}
    for (r, c), name in layout.items():
        garden.cells[(r - 1) * garden.cols + c - 1] = _card(name, used.get(name, 0))
        used[name] = used.get(name, 0) + 1
    drawn = []
    for name in row:
        drawn.append(_card(name, used.get(name, 0)))
        used[name] = used.get(name, 0) + 1
    state.row = drawn
    garden.bees = bees
    state.hive = 6 - bees
    state.phase = "plant"
    return state


def _gain(state: CabbageheadState, position: int, r: int, c: int) -> float:
    for gain, action in planting_gains(state, MIXED_PLOT):
        if (action.position, action.row, action.col) == (position, r, c):
            return gain
    raise AssertionError(f"no planting of position {position} at row {r}, column {c}")


MIXED = {(1, 1): "Carrot", (2, 1): "Onion", (3, 1): "Pumpkin"}


def test_mixed_plot_plan_grows_a_type_only_in_its_own_row() -> None:
    """The Mixed Plot: each type of Vegetable is present in only one row. A second Carrot goes
    beside the first (row 1), never into another row, even where it would touch nothing."""
    state = _state(MIXED, ("Radish", "Carrot", "Turnip"))
    assert _gain(state, 1, 1, 2) > _gain(state, 1, 2, 4) + 10
    assert _gain(state, 1, 1, 2) > _gain(state, 1, 3, 4) + 10
    action = playout_action(state, MIXED_PLOT)
    assert isinstance(action, Plant)
    assert (action.vegetable, action.row) != ("Carrot", 2) and (action.vegetable, action.row) != ("Carrot", 3)


def test_mixed_plot_plan_keeps_a_fourth_type_out_of_a_full_row() -> None:
    """The Mixed Plot: each row has exactly 3 types. A row that holds three types gets no new one
    while another row still has room for it."""
    layout = {(1, 1): "Carrot", (1, 3): "Salsify", (1, 5): "Lettuce", (2, 1): "Onion", (3, 1): "Pumpkin"}
    state = _state(layout, ("Radish", "Cabbage", "Turnip"))
    assert _gain(state, 1, 1, 2) < _gain(state, 1, 2, 3) - 10


def test_mixed_plot_plan_pairs_a_type_side_by_side_in_its_row() -> None:
    """Vegetables score only next to their own kind, and in a Mixed Plot a type lives in one row:
    the plan pairs a lone Pumpkin on its free side rather than starting the type elsewhere."""
    layout = {(1, 1): "Carrot", (1, 2): "Carrot", (2, 1): "Onion", (3, 1): "Pumpkin"}
    state = _state(layout, ("Radish", "Pumpkin", "Turnip"))
    action = playout_action(state, MIXED_PLOT)
    assert isinstance(action, Plant)
    assert (action.vegetable, action.row, action.col) == ("Pumpkin", 3, 2)


def test_mixed_plot_plan_does_not_block_a_lone_cards_last_free_side() -> None:
    """A lone Pumpkin in a corner has one free side left in its row; another type planted there
    leaves it unpaired, so the plan puts that type elsewhere in the row."""
    layout = {(1, 1): "Carrot", (2, 1): "Onion", (3, 1): "Pumpkin"}
    state = _state(layout, ("Radish", "Cabbage", "Turnip"))
    assert _gain(state, 1, 3, 2) < _gain(state, 1, 3, 4)


def test_mixed_plot_plan_steers_a_pair_onto_the_promenade() -> None:
    """The Promenade (ruling 6): three side-by-side pairs of different types stepping across the
    plot, the middle one on columns 3-4 of row 2 in both layouts. With the plot spanning 6 x 3, a
    new type for row 2 is worth more there than on columns 5-6, where no layout needs it."""
    layout = {(1, 1): "Carrot", (2, 1): "Onion", (3, 1): "Radish"}
    state = _state(layout, ("Radish", "Pumpkin", "Turnip"))
    assert _gain(state, 1, 2, 3) > _gain(state, 1, 2, 5)
    spoil = {(1, 1): "Carrot", (1, 2): "Carrot", (2, 3): "Onion", (3, 1): "Radish"}
    state = _state(spoil, ("Radish", "Cabbage", "Turnip"))
    assert _gain(state, 1, 2, 4) < _gain(state, 1, 2, 6)


def test_plan_counts_the_bees_knees_when_a_planting_makes_six_bees() -> None:
    """The Bee's Knees (6): all 6 Bees in the supply at the end. The right-hand card, which brings
    the sixth Bee, is worth the award more to the plan than to the pairs policy."""
    state = _state(MIXED, ("Radish", "Turnip", "Turnip"), bees=ALL_BEES - 1)
    with_award = {a: g for g, a in planting_gains(state, MIXED_PLOT)}
    without = {a: g for g, a in planting_gains(state, PAIRS)}
    right = next(a for a in with_award if a.position == 2 and (a.row, a.col) == (2, 4))
    centre = next(a for a in with_award if a.position == 1 and (a.row, a.col) == (2, 4))
    assert with_award[right] - with_award[centre] >= 6 + (without[right] - without[centre]) - 1e-9


def test_avenue_takes_over_once_the_mixed_plot_is_out_of_reach() -> None:
    """The Avenue: columns 1 and 6 each hold three of one vegetable, two different ones. With a
    Carrot in two rows the Mixed Plot is gone; the third Carrot then completes the column-1 stack
    rather than going anywhere else, and another type is kept off that stack."""
    layout = {(1, 1): "Carrot", (2, 1): "Carrot", (1, 6): "Onion", (2, 6): "Onion"}
    state = _state(layout, ("Radish", "Carrot", "Turnip"))
    stack = _gain(state, 1, 3, 1)
    assert all(stack >= gain for gain, action in planting_gains(state, MIXED_PLOT) if action.position == 1)
    radish = {(a.row, a.col): g for g, a in planting_gains(state, MIXED_PLOT) if a.position == 0}
    assert radish[(3, 1)] < radish[(3, 3)]


def test_duel_strong_keeps_the_pairs_plan() -> None:
    """The Mixed Plot plan is for the solo game; the duel's playouts (twice as long) keep the
    pairs plan, and a strong player's default solo plan is the Mixed Plot."""
    player = StrongPlayer()
    assert player.plan is MIXED_PLOT
