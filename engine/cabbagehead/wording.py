"""How the game log names things: seats, counts and cards (never by their hidden markers)."""

from __future__ import annotations

from collections.abc import Callable

from engine.api import Event, FieldValue
from engine.cabbagehead.deck import Vegetable


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def sentence(text: str) -> str:
    """`text` with one full stop at the end (names such as 'Pomme-Frites, Esq.' bring their own)."""
    return text if text.endswith(".") else text + "."


def describe(card: Vegetable) -> str:
    """'Carrot #11': a visible card as the log names it (never its marker), spelt as the bot spells
    it everywhere players see a card's number (issue 27 item 10)."""
    return f"{card.name} #{card.vegetable_number}"


def say(
    kind: str,
    template: str | Callable[[], str],
    *,
    seats: dict[str, int] | None = None,
    fields: dict[str, FieldValue] | None = None,
) -> Event:
    """An event of Mr. Cabbagehead's Garden, its text naming seats "Seat N" (nothing is private:
    ruling 12). A line that names cards is given as a function writing it, so that it is written
    only if read (`Event.told`). The event keeps `seats` and `fields` as given (the rules build
    them for it and never change them after)."""
    return Event.told(kind, template, seat_name, seats or {}, fields or {}, {})


def card_fields(card: Vegetable) -> dict[str, FieldValue]:
    """A visible card as event fields: its vegetable and Vegetable number."""
    return {"card": card.name, "number": card.vegetable_number}


#: Every kind of event Mr. Cabbagehead's Garden emits.
EVENT_KINDS = frozenset(
    {
        "plant",
        "compost",
        "grasshopper",
        "grasshopper_waits",
        "grasshopper_gone",
        "rose_drawn",
        "rose_lost",
        "rose_placed",
        "rose_removed",
        "bottom",
        "pass",
        "draw",
        "ferwig",
        "reveal",
        "holiday",
        "round",
        "round_end",
        "no_visit",
        "visit",
        "visit_effect",
        "renamed",
        "end",
    }
)
