"""The Bird variant (readers' comment 3; ruling 15)."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.cards import BIRD_IDS, card_name
from engine.sabotage.game import GAME
from tests.engine.sabotage.helpers import labels, new_game, play, set_plot


def _give_bird(state: object) -> None:
    from engine.sabotage.state import SabotageState

    assert isinstance(state, SabotageState)
    bird = BIRD_IDS[0]
    for pile in (state.bug_deck, *(p.bugs for p in state.players)):
        if bird in pile:
            pile.remove(bird)
    if bird in state.bug_row:
        state.bug_row[state.bug_row.index(bird)] = state.bug_deck.pop(0)
    state.players[0].bugs.append(bird)


def test_ruling_15_the_bird_eats_every_bad_bug_in_your_garden_for_one_action() -> None:
    state = new_game(bird_variant=True)
    _give_bird(state)
    set_plot(state, 0, 0, plants=["Bean"], bad="Aphid")
    set_plot(state, 0, 1, bad="Slug", good="Bee")
    lines = play(state, "Release the Bird")
    assert lines == ["Player 1 released a Bird: it ate the Aphid on plot 1 and the Slug on plot 2."]
    assert all(plot.bad_bug is None for plot in state.players[0].plots)
    assert card_name(state.players[0].plots[1].good_bug or "") == "Bee"
    assert state.actions_left == 2
    assert sum(card in BIRD_IDS for card in state.bug_discard) == 1


def test_ruling_15_the_bird_is_offered_only_when_a_bad_bug_is_in_your_garden() -> None:
    state = new_game(bird_variant=True)
    _give_bird(state)
    assert "Release the Bird" not in labels(state, 0)
    with pytest.raises(IllegalAction, match="no Bad Bug in your garden"):
        GAME.apply(state, 0, A.RELEASE_BIRD)


def test_ruling_15_a_drawn_bird_stays_secret_like_any_bug() -> None:
    state = new_game(bird_variant=True)
    bird = BIRD_IDS[1]
    for pile in (state.bug_deck, *(p.bugs for p in state.players)):
        if bird in pile:
            pile.remove(bird)
    if bird in state.bug_row:
        state.bug_row[state.bug_row.index(bird)] = state.bug_deck.pop(0)
    state.bug_deck.append(bird)
    events = GAME.apply(state, 0, A.DRAW_BUG_DECK)
    assert events[-1].text == "Player 1 drew a Bug from the deck."
    assert events[-1].private[0] == "You drew a Bird from the Bug deck."
    assert bird not in GAME.view(state, 1).model_dump_json()
