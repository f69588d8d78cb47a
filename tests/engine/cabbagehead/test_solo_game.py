"""The one-player game: setup, the Planting Phase, rounds and the floating plot (rulebook, 'Rules
for 1 Player'), and the rulings on coordinates and the plot (docs/rules/cabbagehead.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.api import IllegalAction
from engine.cabbagehead.actions import Plant
from engine.cabbagehead.plot import bounding_box, frame_size
from engine.cabbagehead.state import HOLIDAY, ROSE, CabbageheadState, is_holiday
from tests.engine.cabbagehead.helpers import (
    CARDS,
    GAME,
    all_cards,
    cards_of,
    expected_cards,
    new_game,
    set_row,
)


def plants(state: CabbageheadState) -> list[Plant]:
    return [a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant)]


def play_first(state: CabbageheadState, position: int = 1) -> None:
    """Plant the card at `position` in the first slot offered."""
    action = next(a for a in plants(state) if a.position == position)
    GAME.apply(state, 0, action)
    while state.phase == "grasshopper":
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])


def test_setup_deals_three_piles_of_15_each_on_an_on_holiday_card() -> None:
    """Setup: 45 Vegetables dealt 15 onto each of 3 'On Holiday' cards, stacked into one deck of 48."""
    state = new_game()
    top_down = [*state.row, *reversed(state.deck)]
    assert len(top_down) == 48
    assert [i for i, c in enumerate(top_down) if is_holiday(c)] == [15, 31, 47]
    assert Counter(c for c in top_down if not is_holiday(c)) == Counter(range(45))


def test_setup_bees_three_on_the_hive_three_in_the_supply() -> None:
    """Setup: 3 Bees on the Beehive, the other 3 in the player's supply."""
    state = new_game()
    assert state.hive == 3 and state.gardens[0].bees == 3


def test_setup_four_neighbours_with_six_face_down_tokens_each() -> None:
    """Setup: 4 Neighbour tiles, their 24 tokens face down and shuffled (each reveal picks a random
    face-down token, so different seeds reveal different tokens)."""
    state = new_game()
    assert state.neighbours == ["carrotbody", "mayor", "sallie", "horace"]
    assert sorted(state.pool) == list(range(24))
    first_reveals = set()
    for seed in range(10):
        game = new_game(seed=seed)
        play_first(game)
        first_reveals.add(tuple(tuple(tile) for tile in game.tiles))
    assert len(first_reveals) > 5


def test_planting_draws_three_cards_in_a_row() -> None:
    """Planting Phase: the top 3 cards are drawn face up in a row."""
    state = new_game()
    assert all(c >= 0 and c < 45 for c in state.row) and len(state.deck) == 45


def test_left_card_costs_a_bee_right_card_gains_one() -> None:
    """Planting: left costs 1 Bee back to the hive, centre is free, right takes 1 from the hive."""
    for position, supply, hive in ((0, 2, 4), (1, 3, 3), (2, 4, 2)):
        state = new_game()
        play_first(state, position)
        assert (state.gardens[0].bees, state.hive) == (supply, hive)


def test_choices_that_cannot_be_paid_are_not_offered() -> None:
    """Planting: no Bee in the supply: the left card may not be chosen; no Bee on the hive: the
    right card may not be chosen."""
    state = new_game()
    state.gardens[0].bees, state.hive = 0, 6
    assert {a.position for a in plants(state)} == {1, 2}
    state.gardens[0].bees, state.hive = 6, 0
    assert {a.position for a in plants(state)} == {0, 1}
    with pytest.raises(IllegalAction, match="Beehive is empty"):
        GAME.apply(state, 0, Plant(2, CARDS[state.row[2]].name, 1, 3, 6))


def test_first_card_of_a_bare_floating_plot_goes_in_the_centre() -> None:
    """Rulings 3 and 24: in a bare floating plot every slot is the same slot; it is offered once,
    as F3, the middle of the 5 x 11 frame A1-K5."""
    state = new_game()
    assert {a.steps[1] for a in plants(state)} == {"F3"}
    assert plants(state)[0].steps[0] == f"Left {CARDS[state.row[0]].name} (pay 1 bee)"
    assert plants(state)[0].label == f"Plant the left {CARDS[state.row[0]].name} (pay 1 bee) in F3"
    garden = GAME.view(state, 0).gardens[0]
    assert garden.column_letters == list("ABCDEFGHIJK") and garden.row_numbers == [1, 2, 3, 4, 5]
    assert garden.legal_slots == garden.open_slots == ["F3"]


def test_ruling_3_frame_labels_follow_the_floating_plot() -> None:
    """Rulings 3 and 24: the frame is the plot widened by the room left on each side; after one
    card it is 5 x 11, A1-K5, with the card in F3."""
    state = new_game()
    play_first(state)
    garden = state.gardens[0]
    assert frame_size(garden) == (5, 11)
    view = GAME.view(state, 0).gardens[0]
    planted = [s for s in view.slots if s.card is not None]
    assert [s.label for s in planted] == ["F3"]
    offered = {a.steps[1] for a in plants(state)}
    assert "A1" in offered and "K5" in offered
    composting = "F3, composting the " + planted[0].card.vegetable  # type: ignore[union-attr]
    assert composting in offered
    assert offered == set(view.open_slots) | {composting}


def test_floating_plot_never_exceeds_six_by_three() -> None:
    """The plot: every placement keeps all cards inside some 6 x 3 box."""
    state = new_game(seed=3)
    while state.phase != "over":
        actions = GAME.legal_actions(state, 0)
        GAME.apply(state, 0, actions[-1 if state.turns % 2 else 0])
        box = bounding_box(state.gardens[0])
        if box:
            assert box[1] - box[0] < 3 and box[3] - box[2] < 6


def test_plot_becomes_fixed_once_columns_1_and_6_and_rows_1_and_3_hold_cards() -> None:
    """The plot: 'not fixed until the 1st and 6th columns have cards', likewise rows 1 and 3."""
    state = new_game()
    garden = state.gardens[0]
    play_first(state)  # the centre of the bare plot
    first = GAME.view(state, 0).gardens[0]
    assert not first.plot_fixed and [s.label for s in first.slots if s.in_plot] == ["F3"]
    # The far corner of the 5 x 11 frame: now the two cards span 3 rows and 6 columns.
    GAME.apply(state, 0, next(a for a in plants(state) if a.position == 1 and (a.row, a.col) == (1, 1)))
    assert frame_size(garden) == (3, 6)
    view = GAME.view(state, 0).gardens[0]
    assert view.plot_fixed and len(view.slots) == 18 and all(s.in_plot for s in view.slots)
    assert [s.label for s in view.slots if s.card] == ["A1", "F3"]


def test_variant_fixed_grid_offers_all_18_slots_from_the_start() -> None:
    """VARIANT: the 3 x 6 grid is fixed at the beginning."""
    state = new_game(fixed_grid=True)
    offered = {a.steps[1] for a in plants(state)}
    assert len(offered) == 18 and "A1" in offered and "F3" in offered


def test_planting_on_a_planted_card_sends_it_to_the_compost() -> None:
    """A planted card may be replaced; the removed card goes to the Compost (-2 at the end)."""
    state = new_game(fixed_grid=True)
    GAME.apply(state, 0, next(a for a in plants(state) if a.position == 1 and (a.row, a.col) == (1, 1)))
    first = state.gardens[0].cells[0]
    action = next(a for a in plants(state) if a.position == 1 and (a.row, a.col) == (1, 1))
    assert action.replaces == CARDS[first].name
    GAME.apply(state, 0, action)
    assert state.gardens[0].compost == [first]
    assert state.gardens[0].cells[0] != first and state.gardens[0].planted == 2


def test_higher_numbered_of_the_other_two_reveals_its_neighbour_number_of_tokens() -> None:
    """Of the two remaining cards, the higher Vegetable number reveals that many tokens; both go to
    the discard pile."""
    state = new_game()
    low, high = cards_of("Radish")[0], cards_of("Radish")[-1]
    middle = cards_of("Carrot")[0]
    set_row(state, [low, middle, high])
    GAME.apply(state, 0, next(a for a in plants(state) if a.position == 1))
    revealed = sum(len(t) for t in state.tiles)
    assert revealed == CARDS[high].neighbour_number
    assert sorted(state.discard) == sorted([low, high])


def test_round_ends_when_on_holiday_shows_after_five_plantings() -> None:
    """Planting continues until an 'On Holiday' card shows: 5 plantings, then the Neighbour Phase."""
    state = new_game()
    for _ in range(5):
        assert state.round == 1
        play_first(state)
    assert state.round == 2 and state.removed == [HOLIDAY] and len(state.visits) == 1
    assert all(tile == [] for tile in state.tiles)


def test_game_ends_after_round_three_with_fifteen_plantings() -> None:
    """Evaluation after the 3rd round: 45 cards drawn, 15 planted."""
    state = new_game(seed=5)
    while state.phase != "over":
        play_first(state)
    assert state.gardens[0].planted == 15 and state.deck == [] and len(state.visits) == 3
    assert (
        len(state.discard) + sum(c >= 0 for c in state.gardens[0].cells) + len(state.gardens[0].compost) == 45
    )
    assert GAME.legal_actions(state, 0) == [] and GAME.to_move(state) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Plant(1, "Carrot", 0, 1, 1))


def test_refused_actions_say_why_and_change_nothing() -> None:
    """apply re-checks legality: a slot outside the plot, a wrong card or a stale action is refused."""
    state = new_game()
    before = state.model_dump_json()
    name = CARDS[state.row[1]].name
    for bad in (
        Plant(1, name, 0, 1, 1),
        Plant(1, "Nonsense", 0, 3, 6),
        Plant(1, name, 1, 3, 6),
        Plant(1, name, 0, 3, 6, "Carrot"),
        Plant(7, name, 0, 3, 6),
    ):
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, 0, bad)
        assert refusal.value.message
    assert state.model_dump_json() == before
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, plants(state)[0])


def test_every_card_in_exactly_one_place_through_a_game() -> None:
    """Cards are conserved: deck, row, garden, compost, discard, removed."""
    state = new_game(seed=9, eudora=True, grasshoppers=True)
    while state.phase != "over":
        assert all_cards(state) == expected_cards(state)
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert all_cards(state) == expected_cards(state)
    assert ROSE not in state.deck


def test_events_are_plain_english() -> None:
    """Events: plain-English log lines naming cards by vegetable and number."""
    state = new_game()
    events = GAME.apply(state, 0, plants(state)[0])
    kinds = [e.kind for e in events]
    assert kinds[0] == "plant" and "reveal" in kinds and "draw" in kinds
    assert events[0].text.startswith("Seat 1 plants the left ")


def test_card_may_be_planted_anywhere_not_only_next_to_another() -> None:
    """'A card may be placed anywhere in the garden; it does not need to be adjacent to any other
    previously planted Vegetable.'"""
    state = new_game()
    play_first(state)
    offered = {(a.row, a.col) for a in plants(state) if not a.replaces}
    assert (1, 1) in offered and (5, 11) in offered and (3, 5) in offered
    GAME.apply(state, 0, next(a for a in plants(state) if (a.row, a.col) == (1, 1) and a.position == 1))
    garden = state.gardens[0]
    planted = [i for i, c in enumerate(garden.cells) if c >= 0]
    assert len(planted) == 2 and abs(planted[0] - planted[1]) > 1
