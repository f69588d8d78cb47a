"""Secret Numbers, the built-in game that proves the conformance suite can fail."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.secret_number import GAME, Guess, SecretNumberOptions
from tests.engine.conformance import assert_no_leak_in_view


def test_a_right_guess_scores_and_the_guesser_draws_in_secret() -> None:
    state = GAME.create(SecretNumberOptions(), 2, seed=3)
    state.hands = [2, 8]
    events = GAME.apply(state, 0, Guess(higher=True))
    assert state.scores == [1, 0]
    assert state.discard == [2]
    drawn = state.hands[0]
    assert f"c{drawn}" in events[1].line_for(0)
    assert f"c{drawn}" not in events[1].line_for(1)
    assert f"c{drawn}" not in events[1].line_for(None)


def test_out_of_turn_is_refused_with_a_reason() -> None:
    state = GAME.create(SecretNumberOptions(), 2, seed=3)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, Guess(higher=False))


def test_leak_check_catches_a_leaky_view() -> None:
    """The suite must be able to fail: a view that shows the other hand is caught."""
    state = GAME.create(SecretNumberOptions(), 2, seed=3)

    class LeakyGame(type(GAME)):  # type: ignore[misc]
        def view(self, state, viewer):  # type: ignore[no-untyped-def]
            view = super().view(state, viewer)
            return view.model_copy(update={"discard": [f"c{v}" for v in state.hands]})

    with pytest.raises(AssertionError, match="shows hidden"):
        assert_no_leak_in_view(LeakyGame(), state, 0)


def test_game_ends_after_each_seat_has_its_turns_and_the_most_points_win() -> None:
    state = GAME.create(SecretNumberOptions(turns_each=1), 2, seed=5)
    state.hands = [5, 5]
    GAME.apply(state, 0, Guess(higher=True))  # 5 is not higher than 5: wrong
    state.hands = [1, 5]
    GAME.apply(state, 1, Guess(higher=False))  # 1 is lower than 5: right
    assert GAME.is_terminal(state) and GAME.to_move(state) == []
    assert GAME.result(state).winners == [1]


def test_equal_points_share_the_win() -> None:
    state = GAME.create(SecretNumberOptions(turns_each=1), 2, seed=5)
    state.turns_taken = 2
    assert GAME.result(state).winners == [0, 1]
