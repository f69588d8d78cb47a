"""Drawing a Plant or a Bug, from a deck or a face-up row, with the reshuffle and the row's
refill of ruling 4.
"""

from __future__ import annotations

from typing import Literal

from engine.api import Event, FieldValue, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.cards import (
    a_or_an,
    card_name,
)
from engine.sabotage.predicates import can_draw_bug, can_draw_plant
from engine.sabotage.state import SabotageState
from engine.sabotage.wording import say
from engine.text import N_, N_plural, lit

Deck = Literal["plant", "bug", "objective"]

# Every line is a static template (`N_`, or `N_plural` where it counts) over the event's fields, one
# per deck where English names the deck, so that the bot finds each in its catalogs
# (bot/presenters/engine_words.py).


def reshuffled(deck: Deck, cards: int) -> str:
    """An empty deck refilled from its discard pile, its plural by cards (a pile may hold one)."""
    if deck == "plant":
        return N_plural(
            "The Plant deck ran out: its discard pile ({cards} card) was shuffled into a new deck.",
            "The Plant deck ran out: its discard pile ({cards} cards) was shuffled into a new deck.",
            cards,
        )
    if deck == "bug":
        return N_plural(
            "The Bug deck ran out: its discard pile ({cards} card) was shuffled into a new deck.",
            "The Bug deck ran out: its discard pile ({cards} cards) was shuffled into a new deck.",
            cards,
        )
    return N_plural(
        "The Objective deck ran out: its discard pile ({cards} card) was shuffled into a new deck.",
        "The Objective deck ran out: its discard pile ({cards} cards) was shuffled into a new deck.",
        cards,
    )


#: A card drawn from a deck, as everyone reads it and as its drawer does.
_DREW = {
    "plant": (N_("{actor} drew a Plant from the deck."), N_("You drew {card} from the Plant deck.")),
    "bug": (N_("{actor} drew a Bug from the deck."), N_("You drew {card} from the Bug deck.")),
}
#: A card taken from a face-up row, and what was turned up in its slot (one card, or none).
TOOK = {
    "plant": (
        N_("{actor} took {a_card} from the Plant row; turned up {a_new}."),
        N_("{actor} took {a_card} from the Plant row; the Plant deck is empty, so the slot stays empty."),
    ),
    "bug": (
        N_("{actor} took {a_card} from the Bug row; turned up {a_new}."),
        N_("{actor} took {a_card} from the Bug row; the Bug deck is empty, so the slot stays empty."),
    ),
}
_EMPTY_DECK = {
    "plant": N_("The Plant deck and its discard pile are both empty."),
    "bug": N_("The Bug deck and its discard pile are both empty."),
}
_NO_CARD_THERE = {
    "plant": N_("There is no Plant in that slot of the row."),
    "bug": N_("There is no Bug in that slot of the row."),
}
_ROW_CHANGED = {
    "plant": N_("The Plant row has changed: slot {slot} now shows {card}."),
    "bug": N_("The Bug row has changed: slot {slot} now shows {card}."),
}


def _deck_and_discard(state: SabotageState, deck: Deck) -> tuple[list[str], list[str]]:
    if deck == "plant":
        return state.plant_deck, state.plant_discard
    if deck == "bug":
        return state.bug_deck, state.bug_discard
    return state.objective_deck, state.objective_discard


def draw_from(state: SabotageState, deck: Deck, events: list[Event]) -> str | None:
    """The top card of a deck; an empty deck is first refilled by shuffling its discards (ruling 4)."""
    pile, discard = _deck_and_discard(state, deck)
    if not pile:
        if not discard:
            return None
        pile.extend(discard)
        discard.clear()
        state.rng.shuffle(pile)
        events.append(
            say(
                "reshuffle",
                reshuffled(deck, len(pile)),
                fields={"deck": deck, "cards": len(pile)},
            )
        )
    return pile.pop()


def refill_row(
    state: SabotageState, deck: Literal["plant", "bug"], events: list[Event]
) -> tuple[str, list[str]]:
    """Fill every empty slot of a face-up row from its deck (ruling 4); say what was turned up
    (as literal template text) and list the cards' names."""
    row = state.plant_row if deck == "plant" else state.bug_row
    names: list[str] = []
    for slot, card in enumerate(row):
        if card is None:
            new = draw_from(state, deck, events)
            if new is None:
                break
            row[slot] = new
            names.append(card_name(new))
    turned = [a_or_an(name) for name in names]
    if not turned:
        return f"the {deck.capitalize()} deck is empty, so the slot stays empty", names
    if len(turned) == 1:
        return lit(f"turned up {turned[0]}"), names
    return lit(f"turned up {', '.join(turned[:-1])} and {turned[-1]}"), names


def _draw_card(
    state: SabotageState, seat: int, deck: Literal["plant", "bug"], slot: int | None, kind: str | None
) -> list[Event]:
    """Draw a Plant or a Bug: from the deck (in secret) or the face-up row (refilled at once)."""
    is_plant = deck == "plant"
    hand = state.players[seat].plants if is_plant else state.players[seat].bugs
    row = state.plant_row if is_plant else state.bug_row
    event_kind = f"draw_{deck}"
    events: list[Event] = []
    who = {"actor": seat}
    if slot is None:
        if not (can_draw_plant(state) if is_plant else can_draw_bug(state)):
            raise IllegalAction(_EMPTY_DECK[deck])
        card = draw_from(state, deck, events)
        assert card is not None
        hand.append(card)
        events.append(
            say(
                event_kind,
                _DREW[deck][0],
                seats=who,
                fields={"source": "deck"},
                private={seat: lit(_DREW[deck][1].format(card=a_or_an(card_name(card))))},
            )
        )
        return events
    card = row[slot] if 0 <= slot < len(row) else None
    if card is None:
        raise IllegalAction(_NO_CARD_THERE[deck])
    if card_name(card) != kind:
        raise IllegalAction(_ROW_CHANGED[deck].format(slot=slot + 1, card=a_or_an(card_name(card))))
    row[slot] = None
    hand.append(card)
    refill, turned = refill_row(state, deck, events)
    fields: dict[str, FieldValue] = {"source": "row", "card": card_name(card), "slot": slot + 1}
    fields["turned_up"] = turned
    # One slot was emptied, so at most one card is turned up; `a_card` and `a_new` are the names
    # with their articles, as the templates say them.
    fields["a_card"] = a_or_an(card_name(card))
    if turned:
        fields["a_new"] = a_or_an(turned[0])
    if len(turned) <= 1:
        template = TOOK[deck][0] if turned else TOOK[deck][1]
    else:
        # Slots left empty earlier, refilled now from a reshuffled deck: a list of cards, which
        # the bot writes from `turned_up` in other languages (bot/presenters/sabotage_log.py).
        noun = "Plant" if is_plant else "Bug"
        template = f"{{actor}} took {{a_card}} from the {noun} row; {refill}."
    return [say(event_kind, template, seats=who, fields=fields), *events]


def _draw_plant(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawPlant)
    return _draw_card(state, seat, "plant", action.slot, action.kind)


def _draw_bug(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawBug)
    return _draw_card(state, seat, "bug", action.slot, action.kind)


#: The actions this module plays (`rules.apply` hands them here).
HANDLERS = {A.DrawPlant: _draw_plant, A.DrawBug: _draw_bug}
