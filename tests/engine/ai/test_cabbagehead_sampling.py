"""`engine.cabbagehead.sampling.sample_state`: a state rebuilt from one seat's view shows that seat
exactly the same view (ruling 12: only deck order and face-down tokens are hidden), offers the
same legal actions, and deals the hidden parts at random."""

from __future__ import annotations

import pytest

from engine.cabbagehead import GAME, CabbageheadOptions, CabbageheadState
from engine.cabbagehead.sampling import sample_state
from engine.cabbagehead.state import HOLIDAY
from engine.rng import Rng


def _cases() -> list[tuple[CabbageheadOptions, int]]:
    found = []
    for options in GAME.conformance_options():
        assert isinstance(options, CabbageheadOptions)
        for seats in (1, 2):
            if seats == 2 and options.eudora:
                continue
            found.append((options, seats))
    return found


@pytest.mark.parametrize(("options", "seats"), _cases())
def test_sampled_state_shows_the_viewer_the_same_view_and_the_same_legal_actions(
    options: CabbageheadOptions, seats: int
) -> None:
    """Every decision of two random games, every option set and seat count (ruling 12)."""
    chooser = Rng.from_seed(11)
    for seed in range(2):
        state = GAME.create(options, seats, seed)
        while not GAME.is_terminal(state):
            seat = GAME.to_move(state)[0]
            view = GAME.view(state, seat)
            sampled = sample_state(view, Rng.from_seed(seed * 1000 + state.turns))
            assert GAME.view(sampled, seat) == view
            assert list(GAME.legal_actions(sampled, seat)) == list(GAME.legal_actions(state, seat))
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])


def _unseen_order(state: CabbageheadState) -> list[int]:
    return [card for card in state.deck if card < HOLIDAY and card not in state.known_in_deck]


def test_sampled_deck_is_shuffled_but_keeps_the_on_holiday_cards_in_place() -> None:
    """The hidden deck order differs between samples; the 'On Holiday' depths everyone can count
    (`cards_before_holiday`) and the deck's contents stay the same."""
    state = GAME.create(CabbageheadOptions(), 1, 4)
    view = GAME.view(state, 0)
    first = sample_state(view, Rng.from_seed(1))
    second = sample_state(view, Rng.from_seed(2))
    assert sorted(first.deck) == sorted(state.deck) == sorted(second.deck)
    assert _unseen_order(first) != _unseen_order(second)
    holidays = [i for i, card in enumerate(state.deck) if card >= HOLIDAY]
    assert [i for i, card in enumerate(first.deck) if card >= HOLIDAY] == holidays


def test_same_seed_same_sample() -> None:
    state = GAME.create(CabbageheadOptions(grasshoppers=True), 2, 9)
    view = GAME.view(state, state.active)
    assert sample_state(view, Rng.from_seed(5)) == sample_state(view, Rng.from_seed(5))
