"""The end of the game and the score (draft, "End of Game"; rulings 5, 11 and 14)."""

from __future__ import annotations

from engine.sabotage.game import GAME
from tests.engine.sabotage.helpers import award, give, new_game, play, set_plot

OTHER_SEVEN = [
    "Salsa Pot",
    "Roast Dinner",
    "Greens and Beans",
    "Sunny Border",
    "Tall and Short",
    "Strawberry Patch",
    "Berry Salad",
]
SIX = ["Carrot Rows", "Bean Teepee", "Tomato Vines", "Crisp Lettuce", "Soup Garden", "Kitchen Corner"]


def test_ruling_14_the_seventh_objective_starts_the_final_round_every_other_player_has_one_turn() -> None:
    """Ruling 14: the triggering player finishes their own turn first."""
    state = new_game(3, first_seat=1)
    award(state, 1, SIX)
    give(state, 1, objectives=["Salad Bowl"])
    set_plot(state, 1, 0, plants=["Lettuce", "Tomato"])
    lines = play(state, "Complete Salad Bowl on plot 1")
    assert lines[-1] == (
        "Player 2 has completed 7 objectives: the final round begins. Every other player gets one last turn."
    )
    assert state.final_round_by == 1 and state.turn == 1 and state.actions_left == 3
    play(state, "End turn")
    assert state.turn == 2
    award(state, 2, OTHER_SEVEN)  # reaching 7 in the final round changes nothing
    play(state, "End turn")
    assert state.turn == 0 and not GAME.is_terminal(state)
    lines = play(state, "End turn")
    assert lines[-1] == "The final round is over."
    assert GAME.is_terminal(state) and GAME.to_move(state) == [] and GAME.legal_actions(state, 1) == []


def test_ruling_5_the_season_ends_the_game_after_its_last_round() -> None:
    state = new_game(2, season_rounds=3)
    for _ in range(5):
        play(state, "End turn")
    assert state.round == 3 and state.turn == 1
    lines = play(state, "End turn")
    assert lines[-1] == "Round 3 is over and the season with it: the game ends."
    assert GAME.is_terminal(state) and GAME.rounds_played(state) == 3


def test_ruling_14_a_final_round_is_played_out_even_past_the_season() -> None:
    state = new_game(2, season_rounds=3, first_seat=0)
    for _ in range(4):
        play(state, "End turn")
    assert state.round == 3 and state.turn == 0
    award(state, 0, SIX)
    give(state, 0, objectives=["Salad Bowl"])
    set_plot(state, 0, 0, plants=["Lettuce", "Tomato"])
    play(state, "Complete Salad Bowl on plot 1")
    play(state, "End turn")
    assert state.turn == 1 and not GAME.is_terminal(state)
    play(state, "End turn")
    assert state.ended == "final_round"


def test_score_is_objective_points_plus_two_per_good_bug_with_a_line_for_each() -> None:
    state = new_game(2, season_rounds=3)
    award(state, 0, ["Salad Bowl", "Jam Garden", "Carrot Rows"], good_bugs=2)
    state.ended = "season"
    result = GAME.result(state)
    lines = [(line.label, line.points) for line in result.seats[0].lines]
    assert lines == [("Salad Bowl", 2), ("Jam Garden", 4), ("Carrot Rows", 2), ("Good Bug bonus (2 x 2)", 4)]
    assert result.seats[0].total == 12
    assert [(line.label, line.points) for line in result.seats[1].lines] == [("No objectives completed", 0)]
    assert result.winners == [0] and result.summary == "Player 1 wins with 12 points."


def test_ruling_11_a_tie_on_points_goes_to_the_most_completed_objectives() -> None:
    state = new_game(3)
    award(state, 0, ["Jam Garden"])  # 4 points, 1 objective
    award(state, 1, ["Salad Bowl", "Carrot Rows"])  # 4 points, 2 objectives
    award(state, 2, ["Tomato Vines"])
    state.ended = "season"
    result = GAME.result(state)
    assert result.winners == [1]
    assert result.summary == "Player 2 wins the tie on 4 points by completing more objectives (2)."


def test_ruling_11_a_tie_on_points_and_objectives_is_a_shared_win() -> None:
    state = new_game(2)
    award(state, 0, ["Salad Bowl", "Carrot Rows"])
    award(state, 1, ["Bean Teepee", "Tomato Vines"])
    state.ended = "season"
    result = GAME.result(state)
    assert result.winners == [0, 1]
    assert result.summary == "Player 1 and Player 2 share the win with 4 points and 2 objectives each."
