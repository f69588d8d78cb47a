"""Every kind of event Garden Sabotage emits, and `say`, which builds one naming seats
"Player N" (the event helper every part of the rules shares).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.api import Event, FieldValue
from engine.sabotage.actions import seat_name
from engine.sabotage.cards import BIRD, BUG_KINDS, OBJECTIVES, PLANT_KINDS, a_or_an, the
from engine.text import event

#: Every kind of event Garden Sabotage emits.
EVENT_KINDS = frozenset(
    {
        "reshuffle",
        "draw_plant",
        "draw_bug",
        "plant",
        "sabotage",
        "good_bug",
        "sweep",
        "pesticide",
        "bird",
        "draw_objective",
        "exchange_objective",
        "complete",
        "final_round",
        "house_plants",
        "first_player",
        "turn",
        "end_turn",
        "bite",
        "game_over",
    }
)


def say(
    kind: str,
    template: str,
    *,
    seats: Mapping[str, int] | None = None,
    fields: Mapping[str, FieldValue] | None = None,
    private: Mapping[int, str] | None = None,
) -> Event:
    """An event of Garden Sabotage, its text naming seats "Player N"."""
    return event(kind, template, seat_name, seats=seats, fields=fields, private=private)


def catalog_data() -> Iterator[tuple[str, str]]:
    """The names the events' fields and the labels carry from the game's data, each with a note for
    the translator: the cards' kinds, alone and with their articles ("a Tomato", "the Tomato",
    "The Tomato"), and the objectives' names and descriptions (bot/catalog_template.py)."""
    kinds = [(kind, "a Plant") for kind in PLANT_KINDS]
    kinds += [(kind, "a Good Bug" if BUG_KINDS[kind].good else "a Bad Bug") for kind in BUG_KINDS]
    kinds.append((BIRD.name, "the Bird variant's card"))
    for kind, what in kinds:
        note = f"Garden Sabotage: {what}"
        yield kind, note
        yield a_or_an(kind), f"{note}, with its indefinite article"
        yield the(kind), f"{note}, with its definite article"
        yield the(kind, up=True), f"{note}, with its definite article, starting a sentence"
    for objective in OBJECTIVES.values():
        yield objective.name, "Garden Sabotage: an objective's name"
        yield objective.describe(), "Garden Sabotage: an objective, its points and what it needs"
