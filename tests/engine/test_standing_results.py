"""The scores as they stand, for a game stopped before its end (issue "Clocks: no game ever stalls":
a game with no human move for 14 days ends as abandoned, with the scores as they stand)."""

from __future__ import annotations

import pytest

from engine.api import AnyGame, standing_result
from engine.cabbagehead import GAME as CABBAGEHEAD
from engine.registry import all_games
from engine.rng import Rng
from engine.sabotage.game import GAME as SABOTAGE
from engine.sabotage.state import Completed
from engine.secret_number import GAME as SECRET_NUMBERS
from engine.secret_number import SecretNumberOptions
from tests.engine.cabbagehead.helpers import garden_from
from tests.engine.cabbagehead.helpers import new_game as new_cabbagehead
from tests.engine.sabotage.helpers import new_game as new_sabotage
from tests.engine.sabotage.helpers import objective

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("game", list(all_games().values()), ids=lambda g: g.name)
def test_every_game_scores_a_position_that_is_not_over(game: AnyGame) -> None:
    """Part-way through a random game every seat is scored and the summary says it was stopped."""
    seats = game.max_seats
    state = game.create(game.options_model(), seats, 5)
    chooser = Rng.from_seed(5)
    for _ in range(3):
        seat = chooser.choice(game.to_move(state))
        game.apply(state, seat, chooser.choice(list(game.legal_actions(state, seat))))
    assert not game.is_terminal(state)
    result = standing_result(game, state)
    assert sorted(s.seat for s in result.seats) == list(range(seats))
    assert result.winners
    assert result.summary.startswith("The game was stopped before its end")
    assert result.summary_phrase is not None and result.summary_phrase.seats


def test_secret_numbers_the_leader_by_right_guesses() -> None:
    state = SECRET_NUMBERS.create(SecretNumberOptions(), 2, seed=1)
    state.scores = [1, 2]
    result = standing_result(SECRET_NUMBERS, state)
    assert result.winners == [1] and [s.total for s in result.seats] == [1, 2]
    assert result.summary_for(NAMES) == "The game was stopped before its end; Bo leads with 2 points."


def test_sabotage_counts_the_objectives_completed_so_far() -> None:
    """Draft, "End of Game": completed objectives' points + 2 for each Good Bug kept with one."""
    state = new_sabotage(3)
    state.players[2].completed.append(Completed(objective=objective("Salad Bowl")))
    result = standing_result(SABOTAGE, state)
    totals = [s.total for s in result.seats]
    assert totals[2] > 0 and totals[0] == totals[1] == 0
    assert result.winners == [2]
    assert result.summary == f"The game was stopped before its end; Player 3 leads with {totals[2]} points."
    assert [line.label for line in result.seats[2].lines] == ["Salad Bowl"]


def test_cabbagehead_scores_the_gardens_as_they_are() -> None:
    """Rulebook, Evaluation: the gardens score now as they would at the end."""
    state = new_cabbagehead(2)
    state.gardens[1] = garden_from(["C C"])
    result = standing_result(CABBAGEHEAD, state)
    assert result.seats[0].total == 0 < result.seats[1].total
    assert result.winners == [1]
    assert result.summary_for(NAMES).endswith(f"Bo leads with {result.seats[1].total} points.")


def test_solo_cabbagehead_names_the_score() -> None:
    state = new_cabbagehead(1)
    result = standing_result(CABBAGEHEAD, state)
    assert result.winners == [0]
    assert result.summary == "The game was stopped before its end, with Seat 1 on 0 points."
