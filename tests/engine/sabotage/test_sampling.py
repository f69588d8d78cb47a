"""Sampling a state from a view (for computer players that search over hidden information)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rng import Rng
from engine.sabotage.game import GAME
from engine.sabotage.sampling import sample_state
from engine.sabotage.state import SabotageOptions
from tests.engine.sabotage.helpers import all_cards, card_places


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
