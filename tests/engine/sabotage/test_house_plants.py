"""Ruling 18: asking every player how many house plants they own, as pending decisions."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageOptions


def test_ruling_18_every_seat_is_asked_in_turn_before_the_first_turn_and_nothing_else_is_offered() -> None:
    state = GAME.create(SabotageOptions(ask_house_plants=True), 3, 1)
    for seat in range(3):
        assert GAME.to_move(state) == [seat]
        labels = [a.label for a in GAME.legal_actions(state, seat)]
        assert labels[0] == "I own no house plants" and labels[-1] == "I own 20 or more house plants"
        assert len(labels) == 21
        assert all(GAME.legal_actions(state, other) == [] for other in range(3) if other != seat)
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, A.END_TURN)
        with pytest.raises(IllegalAction):
            GAME.apply(state, (seat + 1) % 3, A.HOUSE_PLANTS[1])
        GAME.apply(state, seat, A.HOUSE_PLANTS[seat])


def test_ruling_18_the_most_house_plants_goes_first_once_everyone_answered() -> None:
    state = GAME.create(SabotageOptions(ask_house_plants=True), 3, 1)
    GAME.apply(state, 0, A.HOUSE_PLANTS[1])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, A.HOUSE_PLANTS[5])  # one answer each
    GAME.apply(state, 1, A.HOUSE_PLANTS[9])
    assert GAME.to_move(state) == [2]
    events = GAME.apply(state, 2, A.HOUSE_PLANTS[4])
    assert GAME.to_move(state) == [1]
    assert state.first_seat == 1 and state.turn == 1 and state.actions_left == 3
    assert "Player 2 owns the most house plants (9)" in state.first_seat_reason
    assert [e.kind for e in events] == ["house_plants", "first_player", "turn"]
    assert GAME.legal_actions(state, 1)[-1].label == "End turn"
    assert GAME.view(state, None).house_plant_answers == [1, 9, 4]


def test_ruling_18_a_tie_is_a_seeded_draw_among_the_tied_seats() -> None:
    firsts = set()
    for seed in range(12):
        state = GAME.create(SabotageOptions(ask_house_plants=True), 3, seed)
        for seat, count in enumerate((6, 0, 6)):
            GAME.apply(state, seat, A.HOUSE_PLANTS[count])
        firsts.add(state.first_seat)
        assert "tie" in state.first_seat_reason
    assert firsts == {0, 2}


def test_ruling_18_asking_is_not_combined_with_a_given_first_seat() -> None:
    with pytest.raises(ValueError):
        SabotageOptions(ask_house_plants=True, first_seat=1)


def test_ruling_18_answers_round_trip_through_the_action_log() -> None:
    action = A.HOUSE_PLANTS[7]
    assert GAME.decode_action(GAME.encode_action(action)) == action


def test_ruling_18_a_sampled_state_keeps_the_answers_and_who_is_still_to_answer() -> None:
    """Computer players sample hidden cards from a view: the asking phase survives it."""
    from engine.rng import Rng
    from engine.sabotage.sampling import sample_state

    state = GAME.create(SabotageOptions(ask_house_plants=True), 3, 2)
    GAME.apply(state, 0, A.HOUSE_PLANTS[3])
    sampled = sample_state(GAME.view(state, 0), Rng.from_seed(1))
    assert sampled.house_plant_answers == [3, None, None]
    assert GAME.to_move(sampled) == [1]
    assert GAME.legal_actions(sampled, 1) == GAME.legal_actions(state, 1)
