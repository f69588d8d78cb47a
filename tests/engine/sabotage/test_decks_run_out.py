"""Ruling 4: a deck that runs out is refilled from its discards; with both empty there is no draw."""

from __future__ import annotations

from engine.sabotage import actions as A
from engine.sabotage.cards import card_name
from engine.sabotage.game import GAME
from tests.engine.sabotage.helpers import card_places, labels, new_game, play


def test_ruling_4_an_empty_deck_is_refilled_by_shuffling_its_discard_pile() -> None:
    state = new_game()
    state.plant_discard.extend(state.plant_deck)
    state.plant_deck.clear()
    events = GAME.apply(state, 0, A.DRAW_PLANT_DECK)
    assert events[0].text.startswith("The Plant deck ran out: its discard pile (")
    assert not state.plant_discard and len(state.plant_deck) == 50 - 4 - 6 - 1
    assert set(card_places(state).values()) == {1}


def test_ruling_4_with_deck_and_discards_empty_there_is_no_draw_and_row_gaps_stay_empty() -> None:
    state = new_game()
    state.players[1].plants.extend(state.plant_deck)
    state.plant_deck.clear()
    assert "Draw a Plant from the deck" not in labels(state, 0)
    take_first = A.DRAW_PLANT_ROW[0][card_name(state.plant_row[0] or "")]
    lines = play(state, take_first.label)
    assert lines[0].endswith("the Plant deck is empty, so the slot stays empty.")
    assert state.plant_row[0] is None
    assert not any(label.endswith("Plant row (slot 1)") for label in labels(state, 0))
    # A card reaches the discard pile (swept away): the next refill fills every gap again.
    play(state, "Sweep the Plant row")
    assert all(card is not None for card in state.plant_row[:3])
    assert set(card_places(state).values()) == {1}


def test_ruling_4_sweeping_with_an_empty_deck_reshuffles_the_swept_cards() -> None:
    state = new_game()
    state.players[1].plants.extend(state.plant_deck)
    state.plant_deck.clear()
    row = set(state.plant_row)
    lines = play(state, "Sweep the Plant row")
    assert set(state.plant_row) == row
    assert any(line.startswith("The Plant deck ran out") for line in lines)


def test_ruling_4_the_bug_and_objective_decks_are_refilled_the_same_way() -> None:
    state = new_game()
    state.bug_discard.extend(state.bug_deck)
    state.bug_deck.clear()
    play(state, "Draw a Bug from the deck")
    assert state.bug_deck and not state.bug_discard
    state.players[1].bugs.extend(state.bug_deck)
    state.bug_deck.clear()
    assert "Draw a Bug from the deck" not in labels(state, 0)

    state.objective_discard.extend(state.objective_deck[:-1])
    del state.objective_deck[:-1]
    play(state, "Draw an Objective")
    assert not state.objective_deck
    mine = state.players[0].objectives[0]
    events = GAME.apply(state, 0, A.EXCHANGE[mine])
    assert events[0].text.startswith("The Objective deck ran out")
    assert set(card_places(state).values()) == {1}
