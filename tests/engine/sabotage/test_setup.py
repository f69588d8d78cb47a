"""Setup and the first player (draft, "Setup"; rulings 9 and 10)."""

from __future__ import annotations

import pytest

from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageOptions
from tests.engine.sabotage.helpers import all_cards, card_places, new_game


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_four_plants_and_two_bugs_face_up(seats: int) -> None:
    state = new_game(seats)
    assert len(state.plant_row) == 4 and all(state.plant_row)
    assert len(state.bug_row) == 2 and all(state.bug_row)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_deals_three_plants_one_bug_one_objective_each(seats: int) -> None:
    state = new_game(seats)
    for player in state.players:
        assert (len(player.plants), len(player.bugs), len(player.objectives)) == (3, 1, 1)
        assert all(
            not plot.plants and plot.good_bug is None and plot.bad_bug is None for plot in player.plots
        )
    assert len(state.plant_deck) == 50 - 4 - 3 * seats
    assert len(state.bug_deck) == 25 - 2 - seats
    assert len(state.objective_deck) == 50 - seats
    places = card_places(state)
    assert set(places) == all_cards(state) and set(places.values()) == {1}


def test_setup_is_the_same_for_the_same_seed_and_differs_between_seeds() -> None:
    assert new_game(3, seed=5) == new_game(3, seed=5)
    assert new_game(3, seed=5).plant_deck != new_game(3, seed=6).plant_deck


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players_only(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        GAME.create(SabotageOptions(), seats, 1)


def test_ruling_9_an_explicit_first_seat_goes_first() -> None:
    state = new_game(4, first_seat=2)
    assert state.turn == state.first_seat == 2
    assert GAME.to_move(state) == [2]


def test_ruling_9_the_seat_with_most_house_plants_goes_first() -> None:
    """Draft: "The player who owns the most house plants goes first." """
    for seed in range(5):
        state = new_game(3, seed=seed, first_seat=None, house_plants=[2, 9, 4])
        assert state.turn == 1
        assert "Player 2 owns the most house plants (9)" in state.first_seat_reason


def test_ruling_9_a_house_plant_tie_is_a_seeded_draw_among_the_tied() -> None:
    chosen = {new_game(4, seed=s, first_seat=None, house_plants=[5, 1, 5, 0]).turn for s in range(40)}
    assert chosen == {0, 2}
    again = new_game(4, seed=7, first_seat=None, house_plants=[5, 1, 5, 0])
    assert again.turn == new_game(4, seed=7, first_seat=None, house_plants=[5, 1, 5, 0]).turn


def test_ruling_10_without_an_answer_the_first_seat_is_a_seeded_random_draw() -> None:
    chosen = {new_game(3, seed=s, first_seat=None).turn for s in range(60)}
    assert chosen == {0, 1, 2}
    assert new_game(3, seed=11, first_seat=None).turn == new_game(3, seed=11, first_seat=None).turn


def test_ruling_9_first_seat_options_are_checked() -> None:
    with pytest.raises(ValueError, match="one count per seat"):
        new_game(3, first_seat=None, house_plants=[1, 2])
    with pytest.raises(ValueError, match="Player 4 cannot go first: there are only 2 players"):
        new_game(2, first_seat=3)
    with pytest.raises(ValueError):
        SabotageOptions(house_plants=[-1, 2])
