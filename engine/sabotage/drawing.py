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
from engine.text import lit

Deck = Literal["plant", "bug", "objective"]


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
                f"The {deck.capitalize()} deck ran out: its discard pile ({{cards}} cards) "
                "was shuffled into a new deck.",
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
    noun = "Plant" if is_plant else "Bug"
    event_kind = f"draw_{deck}"
    events: list[Event] = []
    who = {"actor": seat}
    if slot is None:
        if not (can_draw_plant(state) if is_plant else can_draw_bug(state)):
            raise IllegalAction(f"The {noun} deck and its discard pile are both empty.")
        card = draw_from(state, deck, events)
        assert card is not None
        hand.append(card)
        events.append(
            say(
                event_kind,
                f"{{actor}} drew a {noun} from the deck.",
                seats=who,
                fields={"source": "deck"},
                private={seat: lit(f"You drew {a_or_an(card_name(card))} from the {noun} deck.")},
            )
        )
        return events
    card = row[slot] if 0 <= slot < len(row) else None
    if card is None:
        raise IllegalAction(f"There is no {noun} in that slot of the row.")
    if card_name(card) != kind:
        raise IllegalAction(
            f"The {noun} row has changed: slot {slot + 1} now shows {a_or_an(card_name(card))}."
        )
    row[slot] = None
    hand.append(card)
    taken = f"{{actor}} took {lit(a_or_an(card_name(card)))} from the {noun} row"
    refill, turned = refill_row(state, deck, events)
    fields: dict[str, FieldValue] = {"source": "row", "card": card_name(card), "slot": slot + 1}
    fields["turned_up"] = turned
    return [say(event_kind, f"{taken}; {refill}.", seats=who, fields=fields), *events]


def _draw_plant(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawPlant)
    return _draw_card(state, seat, "plant", action.slot, action.kind)


def _draw_bug(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawBug)
    return _draw_card(state, seat, "bug", action.slot, action.kind)


#: The actions this module plays (`rules.apply` hands them here).
HANDLERS = {A.DrawPlant: _draw_plant, A.DrawBug: _draw_bug}
