"""The two-player game (rulebook, 'Rules for 2 Players') and its rulings."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cabbagehead.actions import Pass, Plant
from engine.cabbagehead.state import HOLIDAY, CabbageheadState, is_holiday
from tests.engine.cabbagehead.helpers import (
    CARDS,
    GAME,
    all_cards,
    expected_cards,
    garden_from,
    new_game,
    put_on_top,
)


def plant_centre(state: CabbageheadState) -> None:
    seat = state.active
    action = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Plant) and a.position == 1)
    GAME.apply(state, seat, action)
    while state.phase == "grasshopper":
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])


def pass_first(state: CabbageheadState, to: int = 1) -> Pass:
    seat = state.active
    action = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Pass) and a.to == to)
    GAME.apply(state, seat, action)
    return action


def test_setup_21_20_4_deal_with_two_on_holiday_cards() -> None:
    """Setup: 21 cards on one 'On Holiday' card, 20 on the other, 4 on the table; the 4 at the
    bottom, the 22-card pile on top."""
    state = new_game(2)
    top_down = [*state.row, *reversed(state.deck)]
    assert len(top_down) == 47
    assert [i for i, c in enumerate(top_down) if is_holiday(c)] == [21, 42]
    assert Counter(c for c in top_down if not is_holiday(c)) == Counter(range(45))


def test_setup_bees_two_on_the_hive_two_each() -> None:
    """Setup: 2 Bees on the Beehive, 2 for each player."""
    state = new_game(2)
    assert state.hive == 2 and [g.bees for g in state.gardens] == [2, 2]


def test_ruling_18_first_player_is_an_option_or_drawn_from_the_seed() -> None:
    """Ruling 18: the first player is chosen in the options, or drawn from the seed."""
    assert new_game(2, first_seat=1).active == 1
    assert new_game(2, first_seat=0).active == 0
    drawn = {new_game(2, seed=s).first for s in range(12)}
    assert drawn == {0, 1}
    assert new_game(2, seed=4).first == new_game(2, seed=4).first


def test_first_player_draws_three_then_passes_one_and_bottoms_one() -> None:
    """The first player draws 3, plants one, reveals by the higher of the other two, puts one at
    the bottom of the deck and passes the other, choosing its position."""
    state = new_game(2, first_seat=0)
    assert all(c >= 0 for c in state.row) and state.active == 0
    plant_centre(state)
    assert state.phase == "pass" and state.active == 0
    options = GAME.legal_actions(state, 0)
    assert len(options) == 6 and {a.label for a in options} == {a.label for a in options}
    left, right = state.row[0], state.row[2]
    GAME.apply(state, 0, Pass(0, CARDS[left].name, 1, 2, CARDS[right].name))
    assert state.deck[0] == right and right in state.known_in_deck
    # Ned draws two cards beside the passed one, which keeps its chosen place (the centre).
    assert state.active == 1 and state.row[1] == left and all(c >= 0 for c in state.row)
    assert GAME.view(state, 1).row[1].passed_in


@pytest.mark.parametrize("to", [0, 1, 2])
def test_passed_card_keeps_the_position_its_giver_chose(to: int) -> None:
    """'placing it beside the card passed to them, with that card maintaining its position'."""
    state = new_game(2, first_seat=0)
    plant_centre(state)
    action = pass_first(state, to)
    assert state.row[to] >= 0 and CARDS[state.row[to]].name == action.vegetable
    assert GAME.view(state, 1).row[to].passed_in


def test_round_ends_after_five_plantings_each_with_a_card_left_for_the_first_player() -> None:
    """'until an On Holiday card is revealed ... each player will have planted 5 cards and the first
    player should have one Vegetable card in front of them.'"""
    state = new_game(2, first_seat=1)
    for _ in range(10):
        assert state.round == 1
        plant_centre(state)
        pass_first(state)
    assert state.round == 2 and state.removed == [HOLIDAY]
    assert [g.planted for g in state.gardens] == [5, 5]
    assert state.active == 1 and state.row[state.passed_in_at] >= 0


def test_final_neighbour_phase_happens_without_an_on_holiday_card() -> None:
    """'there is no visible On Holiday card at the end of the 3rd round, but the final Neighbour
    Phase still happens'; each player has planted exactly 15 cards."""
    state = new_game(2, seed=3)
    while state.phase != "over":
        if state.phase == "pass":
            pass_first(state)
        else:
            plant_centre(state)
        assert all_cards(state) == expected_cards(state)
    assert [g.planted for g in state.gardens] == [15, 15]
    assert len(state.visits) == 3 and state.removed == [HOLIDAY, HOLIDAY + 1]
    assert state.passed >= 0  # the last passed card stays in front of the first player
    assert len(state.deck) == 14


def test_ruling_13_ferwig_radishers_with_two_players() -> None:
    """Ruling 13 (the Ferwig-Radishers' two-player note): each of the next two players loses the
    highest-numbered of their three cards (the passed card included) to the bottom of the deck,
    plants one of the other two for free and passes the last; then play is normal again."""
    state = new_game(2, first_seat=0)
    plant_centre(state)
    state.ferwig_turns = 2
    pass_first(state)
    for seat in (1, 0):
        assert state.active == seat and state.ferwig_now
        assert state.deck[0] in state.known_in_deck
        cut = state.deck[0]
        assert all(CARDS[cut].vegetable_number > CARDS[c].vegetable_number for c in state.row if c >= 0)
        plants = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Plant)]
        assert {a.bees for a in plants} == {0} and len({a.position for a in plants}) == 2
        plant_centre(state) if any(a.position == 1 for a in plants) else GAME.apply(state, seat, plants[0])
        passes = GAME.legal_actions(state, seat)
        assert len(passes) == 3 and all(isinstance(a, Pass) and a.bottom == -1 for a in passes)
        GAME.apply(state, seat, passes[0])
    assert not state.ferwig_now and state.ferwig_turns == 0


def test_ruling_9_grasshopper_goes_into_the_revealing_players_own_garden() -> None:
    """Ruling 9: with two players, the player who reveals a Grasshopper places it in their own garden."""
    state = new_game(2, first_seat=0, grasshoppers=True)
    plant_centre(state)
    state.hoppers_waiting = [state.pool.pop(state.pool.index(24))]
    state.phase = "grasshopper"
    action = GAME.legal_actions(state, 0)[0]
    GAME.apply(state, 0, action)
    assert 24 in state.gardens[0].hoppers and 24 not in state.gardens[1].hoppers


def finished(gardens: list[list[str]], bees: list[int]) -> CabbageheadState:
    state = new_game(2)
    state.gardens = [garden_from(p, bees=b) for p, b in zip(gardens, bees, strict=True)]
    state.phase = "over"
    return state


def test_winner_is_the_player_with_most_points() -> None:
    """Evaluation: the most points wins."""
    state = finished([["C C . . . .", ". . . . . ."], ["L L . . . .", ". . . . . ."]], [0, 0])
    result = GAME.result(state)
    assert result.winners == [1] and [s.total for s in result.seats] == [6, 8]


def test_tie_on_points_goes_to_most_vegetable_types() -> None:
    """A tie for most points: the player with the most different types of Vegetables wins."""
    state = finished([["C C T . . .", ". . . . . ."], ["C C . . . .", ". . . . . ."]], [0, 3])
    result = GAME.result(state)
    assert result.winners == [0] and "vegetable types" in result.summary


def test_tie_on_types_goes_to_most_bees() -> None:
    """A tie for most types: the player with the most Bee tokens wins."""
    state = finished([["C C . . . .", ". . . . . ."], ["C C . . . .", ". . . . . ."]], [1, 2])
    result = GAME.result(state)
    assert result.winners == [1] and "Bees" in result.summary


def test_further_tie_is_a_shared_win() -> None:
    """A further tie 'is resolved by playing a game of IUNU': the engine records a shared win."""
    state = finished([["C C . . . .", ". . . . . ."], ["C C . . . .", ". . . . . ."]], [2, 2])
    result = GAME.result(state)
    assert result.winners == [0, 1] and "shared" in result.summary


def test_ruling_15_bees_knees_with_two_players_needs_all_six_bees() -> None:
    """Ruling 15: with two players the Bee's Knees still needs all 6 Bees in one player's supply."""
    state = finished([["C . . . . .", ". . . . . ."], ["C . . . . .", ". . . . . ."]], [6, 0])
    result = GAME.result(state)
    assert any("Bee's Knees" in line.label for line in result.seats[0].lines)


def test_ruling_13_ferwig_radishers_may_take_the_card_passed_in() -> None:
    """Ruling 13: the card passed in is one of the three cards drawn and revealed: if it has the
    highest Vegetable number, the Ferwig-Radishers take it to the bottom of the deck."""
    state = new_game(2, first_seat=0)
    plant_centre(state)
    left = [p for p in range(3) if state.row[p] >= 0]
    highest = max(left, key=lambda p: CARDS[state.row[p]].vegetable_number)
    passed = state.row[highest]
    # Ned's two new cards are the lowest-numbered Vegetables left in the deck.
    lowest = sorted((c for c in state.deck if c < 45), key=lambda c: CARDS[c].vegetable_number)[:2]
    put_on_top(state, lowest)
    if any(CARDS[c].vegetable_number > CARDS[passed].vegetable_number for c in lowest):
        pytest.skip("the deck's lowest cards outrank the passed card")
    state.ferwig_turns = 2
    bottom = next(p for p in range(3) if state.row[p] >= 0 and p != highest)
    GAME.apply(state, 0, Pass(highest, CARDS[passed].name, 0, bottom, CARDS[state.row[bottom]].name))
    assert passed not in state.row and state.deck[0] == passed and passed in state.known_in_deck
