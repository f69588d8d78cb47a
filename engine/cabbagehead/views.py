"""What a player sees: everything on the table, nothing face down (ruling 12).

The bot and the image renderer build the whole screen from this view plus the legal actions, so it
carries every planted card with its numbers and slot, the open slots under the same labels the
actions use, Grasshoppers, Roses, Bees, the tokens on each Neighbour tile, the drawn row, the card
passed in, the discard pile and the Compost. It never holds the deck order or a face-down token.
The view's models are in view_models.py; this module builds them from a state, with a garden's
view from garden_views.py and the parts shared between versions from view_parts.py.
"""

from __future__ import annotations

from engine.api import Viewer
from engine.cabbagehead import rules
from engine.cabbagehead.actions import POSITIONS
from engine.cabbagehead.deck import deck
from engine.cabbagehead.garden_views import kept_garden_view
from engine.cabbagehead.state import CabbageheadState, is_holiday
from engine.cabbagehead.view_models import CabbageheadView
from engine.cabbagehead.view_parts import DECISION_WORDS, DECISIONS, NEIGHBOURS, card_marker, views_of
from engine.trusted import trusted


def _cards_before_holiday(state: CabbageheadState) -> int | None:
    deck = state.deck
    for depth in range(len(deck)):
        if is_holiday(deck[-1 - depth]):
            return depth
    return None


def build_view(state: CabbageheadState, viewer: Viewer) -> CabbageheadView:
    """What `viewer` sees (everyone sees the same), built from the checked state without validating
    it again (engine/trusted.py): every field in field order, no list the state holds."""
    cards = deck()
    views = views_of(cards)
    card_views, places = views.cards, views.places
    over = state.phase == "over"
    drawn, passed_in_at = state.row, state.passed_in_at
    row = [
        places[pos, drawn[pos], rules.plant_cost(state, pos), pos == passed_in_at and drawn[pos] >= 0]
        for pos in range(3)
    ]
    task = None if over else DECISIONS[state.phase]
    decision, decision_text = DECISION_WORDS[state.phase, state.active, state.seats]
    known_in_deck = state.known_in_deck
    expansions = (state.options.grasshoppers, state.options.eudora)
    return trusted(
        CabbageheadView,
        {
            "viewer": viewer,
            "seats": state.seats,
            "round": state.round,
            "turn": state.turns + 1,
            "game_over": over,
            "decision": state.phase,
            "decision_text": decision_text,
            "decision_task": task,
            "decision_phrase": decision,
            "to_move": rules.to_move(state),
            "first_seat": state.first,
            "row": row,
            "passed_card": card_views[state.passed] if state.passed >= 0 else None,
            "passed_to": POSITIONS[state.passed_to] if state.passed >= 0 else None,
            "hive": state.hive,
            "bees_removed": state.bees_removed,
            "neighbours": [
                NEIGHBOURS[key, tuple(tile)] for key, tile in zip(state.neighbours, state.tiles, strict=True)
            ],
            "face_down_tokens": len(state.pool),
            "grasshoppers_waiting": len(state.hoppers_waiting),
            "grasshoppers_set_aside": len(state.set_aside),
            "deck_cards_left": len(state.deck),
            "cards_before_holiday": _cards_before_holiday(state),
            "known_in_deck": [card_views[c] for c in reversed(state.deck) if c in known_in_deck]
            if known_in_deck
            else [],
            "discard": [card_views[c] for c in state.discard],
            "removed": [card_marker(cards, c) for c in state.removed],
            "gardens": [
                kept_garden_view(cards, seat, g, state.phase if seat == state.active else "", expansions)
                for seat, g in enumerate(state.gardens)
            ],
            "ferwig_next_draws": state.ferwig_turns,
            "ferwig_this_turn": state.ferwig_now,
            "visits": list(state.visits),
        },
    )
