"""The Grasshoppers and Romancing Eudora expansions, and their rulings (7, 9)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cabbagehead.actions import PlaceGrasshopper, PlaceRose, Plant, SkipRose
from engine.cabbagehead.plot import slot_label
from engine.cabbagehead.state import HOLIDAY, ROSE, CabbageheadState, is_holiday, is_rose
from tests.engine.cabbagehead.helpers import (
    CARDS,
    GAME,
    garden_from,
    new_game,
    put_on_top,
)


def plant_centre(state: CabbageheadState) -> None:
    action = next(
        a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant) and a.position == 1 and not a.replaces
    )
    GAME.apply(state, 0, action)


# --------------------------------------------------------------------------- Grasshoppers


def test_grasshoppers_are_shuffled_in_with_the_neighbour_tokens() -> None:
    """Grasshoppers: 'shuffle the 4 Grasshopper tokens in with the Neighbour tokens'."""
    assert sorted(new_game(grasshoppers=True).pool) == list(range(28))
    assert sorted(new_game(2, grasshoppers=True).pool) == list(range(28))


def test_drawn_grasshopper_is_placed_next_to_a_vegetable() -> None:
    """A Grasshopper drawn instead of a Neighbour token goes on a slot next to any Vegetable card,
    not occupied by a card or another Grasshopper; it counts as one of the tokens revealed."""
    state = new_game(grasshoppers=True)
    plant_centre(state)
    on_tiles = sum(len(t) for t in state.tiles)
    state.pool = [24, 25, 26, 27]
    plant_centre(state)
    assert state.phase == "grasshopper"
    garden = state.gardens[0]
    waiting = len(state.hoppers_waiting)
    assert sum(len(t) for t in state.tiles) == on_tiles and 4 - len(state.pool) == waiting
    options = GAME.legal_actions(state, 0)
    assert options and all(isinstance(a, PlaceGrasshopper) for a in options)
    for action in options:
        cell = (action.row - 1) * garden.cols + action.col - 1
        assert garden.cells[cell] < 0 and garden.hoppers[cell] < 0
        assert any(garden.cells[j] >= 0 for j in _near(garden.rows, garden.cols, cell))
    for _ in range(waiting):
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert sum(h >= 0 for h in garden.hoppers) == waiting and state.phase == "plant"


def _near(rows: int, cols: int, cell: int) -> list[int]:
    from engine.cabbagehead.plot import neighbours_of

    return list(neighbours_of(rows, cols)[cell])


def test_vegetable_may_be_planted_under_a_grasshopper() -> None:
    """'Slots occupied by only a Grasshopper token are considered empty': a card may go under it."""
    state = new_game(grasshoppers=True, fixed_grid=True)
    state.gardens[0] = garden_from(["C * . . . .", ". . . . . .", ". . . . . ."], fixed=True)
    offered = {a.steps[1] for a in GAME.legal_actions(state, 0)}
    assert "B1" in offered
    GAME.apply(
        state,
        0,
        next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant) and a.steps[1] == "B1"),
    )
    assert state.gardens[0].cells[1] >= 0 and state.gardens[0].hoppers[1] >= 0


def test_ruling_9_grasshopper_with_no_slot_waits_and_returns_at_the_neighbour_phase() -> None:
    """Ruling 9: a Grasshopper with no empty slot next to a Vegetable waits beside the tiles and goes
    back among the face-down tokens at the Neighbour Phase; placed Grasshoppers stay in the garden."""
    state = new_game(grasshoppers=True, fixed_grid=True)
    state.gardens[0] = garden_from(["C C C C C C", "R R R R R R", "T T T T T ."])
    state.pool = [24]
    plant_centre(state)
    assert state.set_aside == [24] and state.phase == "plant"
    for _ in range(4):
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.round == 2 and 24 in state.pool and state.set_aside == []


def test_ruling_9_grasshopper_slot_stays_inside_the_six_by_three_plot() -> None:
    """Ruling 9: a Grasshopper is part of the garden, so its slot must keep the plot within 6 x 3."""
    state = new_game(grasshoppers=True)
    state.gardens[0] = garden_from(["C . . . . C", ". . . . . .", ". . . . . ."], fixed=False)
    state.pool = [24]
    plant_centre(state)
    labels = {a.steps[1] for a in GAME.legal_actions(state, 0)}
    garden = state.gardens[0]
    # The plot already spans 6 columns, A to F: nothing may go left of A or right of F.
    assert labels and all(label[0] in "ABCDEF" for label in labels)
    assert garden.box[3] - garden.box[2] == 5


def test_ruling_4_a_lone_grasshopper_in_an_edge_column_does_not_fix_the_columns() -> None:
    """Ruling 4 and the rulebook ("The 6 columns of the garden plot are not fixed until the 1st and
    6th columns have cards in them"; Grasshoppers: "Slots in the garden occupied by only a
    Grasshopper token are considered empty"): cards in five columns with a lone Grasshopper beside
    them leave the columns floating, so the plot may still grow on the other side."""
    state = new_game(grasshoppers=True)
    state.gardens[0] = garden_from(["* C . . . C"], fixed=False)
    garden = state.gardens[0]
    assert not garden.cols_fixed and garden.box[3] - garden.box[2] == 4
    plantings = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant) and not a.replaces]
    hopper = next(i for i, h in enumerate(garden.hoppers) if h >= 0)
    hopper_col = hopper % garden.cols + 1
    assert {a.col for a in plantings} >= {hopper_col, hopper_col + 6}  # both ends of the cards


def test_ruling_4_a_grasshopper_left_outside_the_plot_leaves_the_garden() -> None:
    """Ruling 4: planting on the far side of the cards from a lone Grasshopper makes the cards six
    columns wide: the columns are fixed there, and the Grasshopper, on a slot no 6 x 3 plot with
    those cards can hold, leaves the garden (a log line says so). It is not lost: it waits beside
    the tiles with the Grasshoppers that found no slot (ruling 9), so every token is still counted
    (what the Cabbagehead sampling checks)."""
    state = new_game(grasshoppers=True)
    state.gardens[0] = garden_from(["* C . . . C"], fixed=False)
    garden = state.gardens[0]
    hopper = next(i for i, h in enumerate(garden.hoppers) if h >= 0)
    token = garden.hoppers[hopper]
    gone = slot_label(garden, hopper)
    far = next(
        a
        for a in GAME.legal_actions(state, 0)
        if isinstance(a, Plant)
        and not a.replaces
        and (a.row, a.col) == (hopper // garden.cols + 1, hopper % garden.cols + 7)
    )
    events = GAME.apply(state, 0, far)
    garden = state.gardens[0]
    assert garden.cols_fixed and garden.box[3] - garden.box[2] == 5
    assert all(h < 0 for h in garden.hoppers)
    assert token in state.set_aside
    left = next(e for e in events if e.kind == "grasshopper_gone")
    assert left.fields["slot"] == gone and gone in left.text


def test_ruling_4_a_card_planted_under_an_edge_grasshopper_fixes_the_columns() -> None:
    """Ruling 4: a card planted under the lone Grasshopper gives that column a card: now the 1st
    and 6th columns have cards, the columns are fixed, and the Grasshopper stays on its card."""
    state = new_game(grasshoppers=True)
    state.gardens[0] = garden_from(["* C . . . C"], fixed=False)
    garden = state.gardens[0]
    hopper = next(i for i, h in enumerate(garden.hoppers) if h >= 0)
    under = next(
        a
        for a in GAME.legal_actions(state, 0)
        if isinstance(a, Plant)
        and not a.replaces
        and (a.row, a.col) == (hopper // garden.cols + 1, hopper % garden.cols + 1)
    )
    GAME.apply(state, 0, under)
    garden = state.gardens[0]
    assert garden.cols_fixed and sum(h >= 0 for h in garden.hoppers) == 1


def test_grasshopper_stays_when_its_card_is_composted() -> None:
    """Ruling 21 (also for the Compost): the Grasshopper stays on its slot, over the new card."""
    state = new_game(grasshoppers=True, fixed_grid=True)
    state.gardens[0] = garden_from(["C* . . . . .", ". . . . . .", ". . . . . ."])
    GAME.apply(
        state,
        0,
        next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant) and a.replaces == "Carrot"),
    )
    assert state.gardens[0].hoppers[0] >= 0 and len(state.gardens[0].compost) == 1


# ----------------------------------------------------------------------- Romancing Eudora


def test_eudora_is_for_one_player_only() -> None:
    """Romancing Eudora: 'For use only in games with 1 player.'"""
    with pytest.raises(ValueError, match="one-player"):
        new_game(2, eudora=True)


def test_eudora_setup_one_rose_in_each_set_of_sixteen() -> None:
    """Setup: one Rose shuffled into each 15-card set, each 16-card set on its 'On Holiday' card."""
    state = new_game(eudora=True, seed=2)
    top_down = [*state.row, *reversed(state.deck)]
    if state.phase == "rose":
        pytest.skip("a Rose is waiting in the row")
    top_down = [c for c in top_down if c >= 0]
    holidays = [i for i, c in enumerate(top_down) if is_holiday(c)]
    removed_roses = sum(is_rose(c) for c in state.removed)
    assert holidays == [16 - removed_roses, 33 - removed_roses, 50 - removed_roses]
    assert Counter(c for c in top_down + state.removed if is_rose(c)) == Counter(ROSE + k for k in range(3))


def rose_state(picture: list[str]) -> CabbageheadState:
    state = new_game(eudora=True, seed=4)
    while state.phase == "rose":
        GAME.apply(state, 0, SkipRose())
    state.gardens[0] = garden_from(picture, fixed=True)
    roses = [c for c in state.deck if is_rose(c)]
    for other in roses[1:]:
        state.deck.remove(other)
        state.removed.append(other)
    put_on_top(state, [roses[0]])
    plant_centre(state)
    return state


def test_drawn_rose_may_be_placed_over_two_side_by_side_vegetables() -> None:
    """A drawn Rose may be placed; it must overlap two horizontally adjacent Vegetable cards
    (ruling 7: of any kind, neither already under a Rose); another card replaces it in the row."""
    state = rose_state(["C L . . . .", "T . . . . .", ". . . . . ."])
    assert state.phase == "rose" and state.rose_at == 0
    options = GAME.legal_actions(state, 0)
    labels = [a.label for a in options]
    assert labels[-1] == "Remove the Rose from the game"
    place = [a for a in options if isinstance(a, PlaceRose)]
    assert place and all(a.col < 6 for a in place)
    assert [a.steps[1] for a in place] == GAME.view(state, 0).gardens[0].rose_slots
    GAME.apply(state, 0, place[0])
    garden = state.gardens[0]
    pairs = [i for i, r in enumerate(garden.roses) if r >= 0]
    assert len(pairs) == 2 and pairs[1] == pairs[0] + 1
    assert all(garden.cells[i] >= 0 for i in pairs)
    assert state.phase == "plant" and all(c >= 0 and not is_rose(c) for c in state.row)


def test_rose_can_be_declined_and_is_then_removed_and_replaced() -> None:
    """Ruling 7: not placing a drawn Rose removes it from the game; another card replaces it."""
    state = rose_state(["C L . . . .", ". . . . . .", ". . . . . ."])
    rose = state.row[0]
    GAME.apply(state, 0, SkipRose())
    assert rose in state.removed and state.phase == "plant" and not is_rose(state.row[0])


def test_rose_that_cannot_be_placed_is_removed_and_replaced() -> None:
    """'If it cannot be placed when drawn, it is removed from the game, and another card is drawn.'"""
    state = rose_state([". . . . . .", ". . . . . .", "C . L . . ."])
    assert state.phase == "plant" and any(is_rose(c) for c in state.removed)
    assert all(c >= 0 and not is_rose(c) for c in state.row)


def test_ruling_7_a_rose_covers_no_vegetable_already_under_a_rose() -> None:
    """Ruling 7: Roses do not overlap each other."""
    state = rose_state(["C L T . . .", ". . . . . .", ". . . . . ."])
    GAME.apply(state, 0, PlaceRose(1, 1))
    garden = state.gardens[0]
    from engine.cabbagehead.slots import rose_slots

    # The Turnip is beside the covered Lettuce, but the Lettuce is already under a Rose.
    assert 0 not in rose_slots(garden) and 1 not in rose_slots(garden)


def test_ruling_7_vegetable_planted_under_a_rose_after_a_neighbour_took_one() -> None:
    """'If a Vegetable card which is under a Rose is removed by a Neighbour, another Vegetable may be
    planted in the same slot (and placed under the rose) later in the game.'"""
    state = rose_state(["C L . . . .", ". . . . . .", ". . . . . ."])
    GAME.apply(state, 0, PlaceRose(1, 1))
    garden = state.gardens[0]
    garden.cells[1] = -1  # as if a Neighbour took the Lettuce
    action = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant) and a.steps[1] == "B1")
    GAME.apply(state, 0, action)
    assert garden.cells[1] >= 0 and garden.roses[1] >= 0
    assert slot_label(garden, 1) == "B1"


def test_ruling_7_rose_last_in_its_set_is_drawn_then_the_round_ends() -> None:
    """Ruling 7: a Rose lying last in its set is drawn at the start of the next turn; once it is
    placed or removed, the 'On Holiday' card under it shows and the round ends."""
    state = new_game(eudora=True, seed=4)
    while state.phase == "rose":
        GAME.apply(state, 0, SkipRose())
    state.gardens[0] = garden_from(["C L . . . .", ". . . . . .", ". . . . . ."], fixed=True)
    rose = next(c for c in state.deck if is_rose(c))
    for other in [c for c in state.deck if is_rose(c) and c != rose]:
        state.deck.remove(other)
    put_on_top(state, [HOLIDAY])
    put_on_top(state, [rose])
    plant_centre(state)
    assert state.phase == "rose" and state.row.count(-1) == 2
    GAME.apply(state, 0, PlaceRose(1, 1))
    assert state.round == 2 and HOLIDAY in state.removed and state.phase == "plant"
    assert all(c >= 0 for c in state.row)


def test_roses_score_five_each_in_the_result() -> None:
    """'Score 5 Bonus points for each remaining Rose.'"""
    state = rose_state(["C L . . . .", ". . . . . .", ". . . . . ."])
    GAME.apply(state, 0, PlaceRose(1, 1))
    lines = {line.label: line.points for line in GAME.result(state).seats[0].lines}
    assert lines["Roses over two Vegetables: 1 of 1 x 5"] == 5
    assert CARDS  # the deck is loaded
