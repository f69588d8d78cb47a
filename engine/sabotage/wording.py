"""Every kind of event Garden Sabotage emits, and `say`, which builds one naming seats
"Player N" (the event helper every part of the rules shares).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.api import Event, FieldValue
from engine.sabotage.actions import seat_name
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
