"""Objection!, the small game with reply windows (rules: the docstring of engine/objection.py)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.api import (
    IllegalAction,
    action_label,
    decision_kind,
    reply_seconds,
    standing_result,
    timeout_action,
)
from engine.objection import (
    GAME,
    LET_IT_HAPPEN,
    OBJECT,
    ObjectionGame,
    ObjectionOptions,
    ObjectionState,
    Play,
    Reply,
)
from engine.secret_number import GAME as SECRET_NUMBERS
from engine.secret_number import SecretNumberOptions
from tests.engine.conformance import assert_decisions_have_kinds_and_timeouts, play_random_game


def new_game(seats: int = 3, **options: int) -> ObjectionState:
    state = GAME.create(ObjectionOptions(**options), seats, seed=7)
    return state


def labels(state: ObjectionState, seat: int) -> list[str]:
    return [a.label for a in GAME.legal_actions(state, seat)]


def test_rule_1_each_seat_is_dealt_turns_each_plus_one_cards_and_the_rest_are_set_aside() -> None:
    state = new_game(3, turns_each=2)
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert len(state.unused) == 24 - 9
    assert sorted([*state.unused, *(c for hand in state.hands for c in hand)]) == list(range(1, 25))


def test_rule_2_seat_1_plays_a_card_from_its_hand_on_its_turn() -> None:
    state = new_game(3)
    assert GAME.to_move(state) == [0]
    assert labels(state, 0) == [f"Play the {card}" for card in state.hands[0]]
    assert labels(state, 1) == [] and labels(state, 2) == []
    absent = next(c for c in range(1, 25) if c not in state.hands[0])
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 0, Play(card=absent))


def test_rule_3_every_other_seat_gets_a_reply_window_at_once() -> None:
    state = new_game(4)
    card = state.hands[0][0]
    events = GAME.apply(state, 0, Play(card=card))
    assert [(e.kind, e.fields, e.seats) for e in events] == [("play", {"card": card}, {"player": 0})]
    assert GAME.to_move(state) == [1, 2, 3]
    for seat in (1, 2, 3):
        assert labels(state, seat) == ["Object", "Let it happen"]
    assert labels(state, 0) == []


def test_rule_3_each_answering_seat_leaves_to_move_and_answers_stay_secret_until_all_answered() -> None:
    state = new_game(4)
    card = state.hands[0][0]
    GAME.apply(state, 0, Play(card=card))
    answer = GAME.apply(state, 2, OBJECT)
    assert GAME.to_move(state) == [1, 3]
    assert [e.kind for e in answer] == ["answer"]
    assert answer[0].line_for(None) == "Seat 3 answered."
    assert answer[0].line_for(2) == "You objected."
    other = new_game(4)
    GAME.apply(other, 0, Play(card=card))
    GAME.apply(other, 2, LET_IT_HAPPEN)
    for viewer in (0, 1, 3, None):
        assert GAME.view(state, viewer) == GAME.view(other, viewer)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, LET_IT_HAPPEN)
    GAME.apply(state, 3, LET_IT_HAPPEN)
    assert GAME.to_move(state) == [1]
    GAME.apply(state, 1, LET_IT_HAPPEN)
    assert GAME.to_move(state) == [1] and decision_kind(GAME, state, 1) == "turn"


def test_rule_3_the_window_is_offered_whatever_the_hand_holds() -> None:
    """A seat with no card left (or any cards) is offered exactly the same two answers."""
    state = new_game(3, turns_each=1)
    GAME.apply(state, 0, Play(card=state.hands[0][0]))
    state.hands[1] = []
    state.hands[2] = [24, 23]
    assert labels(state, 1) == labels(state, 2) == ["Object", "Let it happen"]
    assert GAME.view(state, 1).replying and GAME.view(state, 2).replying
    assert not GAME.view(state, 0).replying and not GAME.view(state, None).replying


def test_rule_4_one_objection_cancels_the_card_and_every_objector_pays() -> None:
    state = new_game(3)
    card = state.hands[0][0]
    GAME.apply(state, 0, Play(card=card))
    GAME.apply(state, 1, OBJECT)
    events = GAME.apply(state, 2, OBJECT)
    cancelled = events[-1]
    assert cancelled.kind == "cancelled"
    assert cancelled.seats == {"player": 0, "objector1": 1, "objector2": 2}
    assert cancelled.line_for(None, ["Ada", "Bo", "Cy"]) == f"Bo and Cy objected: Ada's {card} is discarded."
    assert state.discard == [card] and state.scored[0] == []
    assert GAME.view(state, None).scores == [0, -2, -2]


def test_rule_4_with_no_objection_the_card_scores_its_number() -> None:
    state = new_game(2)
    card = state.hands[0][-1]
    GAME.apply(state, 0, Play(card=card))
    events = GAME.apply(state, 1, LET_IT_HAPPEN)
    assert [e.kind for e in events] == ["answer", "scored"]
    assert GAME.view(state, None).scores == [card, 0]
    assert GAME.to_move(state) == [1]


def play_through(state: ObjectionState, answer: Reply) -> None:
    """Every seat plays its lowest card and every other seat gives `answer`, to the end."""
    while not GAME.is_terminal(state):
        seat = state.turn
        GAME.apply(state, seat, Play(card=state.hands[seat][0]))
        for other in list(GAME.to_move(state)):
            GAME.apply(state, other, answer)


def test_rule_5_after_turns_each_plays_each_the_most_points_win() -> None:
    state = new_game(2, turns_each=2)
    state.hands = [[10, 11, 12], [1, 2, 3]]
    play_through(state, LET_IT_HAPPEN)
    assert GAME.is_terminal(state) and GAME.to_move(state) == []
    result = GAME.result(state)
    assert [s.total for s in result.seats] == [21, 3]
    assert result.winners == [0] and result.summary == "Seat 1 wins with 21 points."


def test_rule_5_equal_points_share_the_win_and_scores_may_go_below_zero() -> None:
    state = new_game(2, turns_each=1)
    play_through(state, OBJECT)
    result = GAME.result(state)
    assert [s.total for s in result.seats] == [-2, -2]
    assert result.winners == [0, 1]
    assert result.summary == "Seat 1 and Seat 2 share the win with -2 points."
    assert [line.label for line in result.seats[0].lines] == ["Cards scored (0)", "Objections (1 x 2)"]


def test_a_win_shared_on_one_point_says_point() -> None:
    state = new_game(2, turns_each=1)
    state.hands = [[1, 5], [1, 6]]
    play_through(state, LET_IT_HAPPEN)
    result = GAME.result(state)
    assert result.winners == [0, 1]
    assert result.summary == "Seat 1 and Seat 2 share the win with 1 point."


def test_decision_kind_is_reply_exactly_in_windows() -> None:
    state = new_game(3)
    assert [decision_kind(GAME, state, s) for s in range(3)] == ["turn", "turn", "turn"]
    GAME.apply(state, 0, Play(card=state.hands[0][0]))
    assert [decision_kind(GAME, state, s) for s in range(3)] == ["turn", "reply", "reply"]
    GAME.apply(state, 1, OBJECT)
    assert [decision_kind(GAME, state, s) for s in range(3)] == ["turn", "turn", "reply"]


def test_timeout_action_is_the_pass_in_a_window_and_none_on_a_turn() -> None:
    state = new_game(3)
    assert timeout_action(GAME, state, 0) is None
    GAME.apply(state, 0, Play(card=state.hands[0][0]))
    for seat in (1, 2):
        default = timeout_action(GAME, state, seat)
        assert default == LET_IT_HAPPEN and default in GAME.legal_actions(state, seat)
    GAME.apply(state, 1, LET_IT_HAPPEN)
    events = GAME.apply(state, 2, timeout_action(GAME, state, 2))  # type: ignore[arg-type]
    assert events[-1].kind == "scored"


def test_the_reply_clock_is_a_game_option() -> None:
    assert reply_seconds(GAME, ObjectionOptions()) == 30.0
    assert reply_seconds(GAME, ObjectionOptions(reply_seconds=12)) == 12.0
    assert reply_seconds(SECRET_NUMBERS, SecretNumberOptions()) == 30.0
    with pytest.raises(ValueError):
        ObjectionOptions(reply_seconds=4)
    with pytest.raises(ValueError):
        ObjectionOptions(turns_each=6)


def test_games_without_windows_have_turns_and_no_timeout_move() -> None:
    state = SECRET_NUMBERS.create(SecretNumberOptions(), 2, seed=1)
    assert decision_kind(SECRET_NUMBERS, state, 0) == "turn"
    assert timeout_action(SECRET_NUMBERS, state, 0) is None


def test_standing_result_scores_a_game_stopped_in_a_window() -> None:
    """A card waiting for answers scores nothing yet; the leaders are named."""
    state = new_game(3)
    state.hands[0] = [5, 6, 7]
    GAME.apply(state, 0, Play(card=5))
    GAME.apply(state, 1, LET_IT_HAPPEN)
    GAME.apply(state, 2, LET_IT_HAPPEN)
    GAME.apply(state, 1, Play(card=state.hands[1][0]))
    GAME.apply(state, 2, OBJECT)
    result = standing_result(GAME, state)
    assert [s.total for s in result.seats] == [5, 0, 0]
    assert result.winners == [0]
    assert result.summary == "The game was stopped before its end; Seat 1 leads with 5 points."
    assert result.summary_for(["Ada", "Bo", "Cy"]).endswith("Ada leads with 5 points.")


def test_hands_are_secret_and_the_view_shows_only_your_own() -> None:
    state = new_game(3)
    view = GAME.view(state, 1)
    assert view.my_values == state.hands[1]
    assert view.my_cards == [f"card{c}" for c in state.hands[1]]
    assert GAME.view(state, None).my_cards == []
    assert GAME.secrets(state)[0] == {f"card{c}" for c in state.hands[0]}


def test_actions_round_trip_through_the_log() -> None:
    for action in (Play(card=17), OBJECT, LET_IT_HAPPEN):
        assert GAME.decode_action(GAME.encode_action(action)) == action


def test_random_games_keep_every_promise_including_several_seats_at_once() -> None:
    for seed in range(5):
        _state, moves = play_random_game(GAME, ObjectionOptions(turns_each=3), 4, seed)
        assert len(moves) == 4 * 3 * 4  # each play, then three answers


class WindowThatTellsHands(ObjectionGame):
    """A broken variant: a seat holding a high card is offered a third answer."""

    def legal_actions(self, state: ObjectionState, seat: int) -> Sequence[Play | Reply]:
        actions = list(super().legal_actions(state, seat))
        if self.decision_kind(state, seat) == "reply" and max(state.hands[seat], default=0) > 20:
            actions.append(Play(card=99))
        return actions


class TimeoutThatObjects(ObjectionGame):
    """A broken variant: the timeout move is not among the seat's legal actions."""

    def timeout_action(self, state: ObjectionState, seat: int) -> Reply | None:
        return Reply(objects=True) if self.decision_kind(state, seat) == "reply" else Play(card=99)  # type: ignore[return-value]


def test_the_suite_catches_a_window_that_depends_on_the_hand() -> None:
    broken = WindowThatTellsHands()
    state = broken.create(ObjectionOptions(), 3, seed=2)
    GAME.apply(state, 0, Play(card=state.hands[0][0]))
    state.hands[1] = [21, 2]
    state.hands[2] = [1, 3]
    with pytest.raises(AssertionError, match=r"different answers|depend on its hidden cards"):
        assert_decisions_have_kinds_and_timeouts(broken, state, 3, seed=2)


def test_the_suite_catches_a_timeout_move_that_is_not_legal() -> None:
    broken = TimeoutThatObjects()
    state = broken.create(ObjectionOptions(), 3, seed=2)
    with pytest.raises(AssertionError, match="timeout move"):
        assert_decisions_have_kinds_and_timeouts(broken, state, 3, seed=2)


def test_named_labels_are_the_labels() -> None:
    state = new_game(2)
    GAME.apply(state, 0, Play(card=state.hands[0][0]))
    assert [action_label(a, ["Ada", "Bo"]) for a in GAME.legal_actions(state, 1)] == [
        "Object",
        "Let it happen",
    ]
