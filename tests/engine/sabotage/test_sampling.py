"""Sampling a state from a view (for computer players that search over hidden information)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Event
from engine.rng import Rng
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.game import GAME, SabotageGame
from engine.sabotage.sampling import sample_state
from engine.sabotage.state import SabotageOptions, SabotageState
from tests.engine.conformance import assert_twins_look_alike
from tests.engine.sabotage.helpers import all_cards, card_places, give, new_game, objective, set_plot


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=2, max_value=4),
    bird=st.booleans(),
    steps=st.integers(min_value=0, max_value=400),
)
def test_a_sampled_state_shows_the_viewer_exactly_their_view_and_the_same_choices(
    seed: int, seats: int, bird: bool, steps: int
) -> None:
    state = GAME.create(SabotageOptions(bird_variant=bird), seats, seed)
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        GAME.apply(state, state.turn, chooser.choice(GAME.legal_actions(state, state.turn)))
    for viewer in [*range(seats), None]:
        view = GAME.view(state, viewer)
        sampled = sample_state(view, Rng.from_seed(seed + 1))
        assert GAME.view(sampled, viewer) == view
        places = card_places(sampled)
        assert set(places) == all_cards(sampled) and set(places.values()) == {1}
        if viewer is not None:
            assert [a.label for a in GAME.legal_actions(sampled, viewer)] == [
                a.label for a in GAME.legal_actions(state, viewer)
            ]


def test_sampling_deals_the_unseen_cards_at_random() -> None:
    state = GAME.create(SabotageOptions(), 3, 4)
    view = GAME.view(state, 0)
    hands = {tuple(sample_state(view, Rng.from_seed(s)).players[1].plants) for s in range(10)}
    assert len(hands) > 1
    for s in range(3):
        mine = sample_state(view, Rng.from_seed(s)).players[0]
        assert sorted(mine.plants) == sorted(state.players[0].plants)
        assert mine.bugs == state.players[0].bugs and mine.objectives == state.players[0].objectives


def _position(seed: int, seats: int, steps: int) -> SabotageState:
    state = GAME.create(SabotageOptions(), seats, seed)
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, chooser.choice(list(GAME.legal_actions(state, seat))))
    return state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=2, max_value=4),
    steps=st.integers(min_value=0, max_value=400),
)
def test_a_conformance_twin_differs_only_in_one_seats_hidden_cards(seed: int, seats: int, steps: int) -> None:
    """The twin the leak checks use (ruling 12): another hand for one seat, cards in the same
    numbers, nothing anyone else sees or could turn up in the next move changed."""
    state = _position(seed, seats, steps)
    for seat in range(seats):
        twin = GAME.conformance_twin(state, seat, seed)
        if twin is None:
            continue
        assert card_places(twin) == card_places(state)
        mine, theirs = state.players[seat], twin.players[seat]
        assert (mine.plants, mine.bugs, mine.objectives) != (theirs.plants, theirs.bugs, theirs.objectives)
        for viewer in [None, *(s for s in range(seats) if s != seat)]:
            assert GAME.view(twin, viewer) == GAME.view(state, viewer)
        assert twin.plant_deck[-4:] == state.plant_deck[-4:] and twin.bug_deck[-4:] == state.bug_deck[-4:]
        assert twin.objective_deck[-1:] == state.objective_deck[-1:]
        if not state.objective_deck:
            assert twin.objective_discard == state.objective_discard
        assert twin.rng == state.rng
        changed = {s for s in range(seats) if twin.players[s] != state.players[s]}
        assert changed == {seat}


class TurnThatTellsTheHand(SabotageGame):
    """The old, leaky rule 12: after the last action the turn ends by itself unless an objective
    in the hidden hand can be completed (and then with no "ended their turn" line)."""

    def apply(self, state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
        events = super().apply(state, seat, action)
        waiting = state.ended is None and state.turn == seat and state.actions_left <= 0
        if waiting and not any(isinstance(a, A.CompleteObjective) for a in self.legal_actions(state, seat)):
            events += super().apply(state, seat, A.END_TURN)[1:]
        return events


def test_ruling_12_the_twin_check_catches_a_turn_that_ends_by_what_the_hand_holds() -> None:
    """The conformance suite's twin check fails on the old rule 12 and passes on the new one: Player 1
    plants the Bean that readies Bean Teepee as their last action; in the twin, whose Objective is
    another, the old rule ended the turn at once."""
    action = next(a for a in GAME.legal_actions(_bean_position(0), 0) if a.label == "Plant a Bean on plot 1")
    checked = 0
    for seed in range(20):
        state = _bean_position(seed)
        twin = GAME.conformance_twin(state, 0, seed)
        if twin is None or objective("Bean Teepee") in twin.players[0].objectives:
            continue
        if action not in GAME.legal_actions(twin, 0):
            continue  # this twin holds no Bean: the move is not one the two states share
        with pytest.raises(AssertionError, match="different seats are to move"):
            assert_twins_look_alike(
                TurnThatTellsTheHand(), state, [(0, twin.model_copy(deep=True))], 0, action, 2
            )
        assert_twins_look_alike(GAME, state, [(0, twin)], 0, action, 2)
        checked += 1
    assert checked


def _bean_position(seed: int) -> SabotageState:
    """Player 1 has one action left, a Bean in hand, a Bean on plot 1 and Bean Teepee."""
    state = new_game(seed=seed)
    give(state, 0, plants=["Bean", "Tomato"], objectives=["Bean Teepee"])
    set_plot(state, 0, 0, plants=["Bean"])
    state.actions_left = 1
    return state
