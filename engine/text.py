"""Building events and phrases: one template, its seats and fields, rendered with default names.

A game writes each log line once, as a template ("{actor} sabotaged {target}'s plot {plot}"), and
`event` renders `Event.text` (and the private lines) with the game's default seat names, so the
stored text stays exactly what it always was while readers can fill in display names.
Text that is not a placeholder goes through `lit`, which doubles any brace in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.api import Event, FieldValue, Phrase, Seat

#: How a game names a seat in its own text ("Seat 1", "Player 1").
SeatNamer = Callable[[Seat], str]


def lit(text: str) -> str:
    """`text` as literal template text (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def render(
    template: str, seats: Mapping[str, int], values: Mapping[str, FieldValue], namer: SeatNamer
) -> str:
    """`template` with each seat role named by `namer` and every field filled in."""
    names = [namer(seat) for seat in range(max(seats.values(), default=-1) + 1)]
    return Phrase(template=template, seats=dict(seats), values=dict(values)).render(names)


def event(
    kind: str,
    template: str,
    namer: SeatNamer,
    *,
    seats: Mapping[str, int] | None = None,
    fields: Mapping[str, FieldValue] | None = None,
    private: Mapping[int, str] | None = None,
) -> Event:
    """An event whose `text` and `private` lines are `template` / `private` rendered with `namer`'s
    names; the templates travel with it (`Event.line_for(viewer, names)`)."""
    roles = dict(seats or {})
    values = dict(fields or {})
    private_templates = dict(private or {})
    return Event(
        kind=kind,
        text=render(template, roles, values, namer),
        private={seat: render(line, roles, values, namer) for seat, line in private_templates.items()},
        seats=roles,
        fields=values,
        template=template,
        private_templates=private_templates,
    )


def phrase(template: str, *, seats: Mapping[str, int] | None = None, **values: FieldValue) -> Phrase:
    """A `Phrase` in one call: `phrase("{seat} goes first.", seats={"seat": 1})`."""
    return Phrase(template=template, seats=dict(seats or {}), values=values)
