"""The plain records a game hands the bot: seats, events (kind, seats, fields, templates),
phrases naming seats, and results; and how their text names seats (`fill`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, Field

#: A seat is a 0-based index into the game's players; `None` means a spectator (no seat).
Seat = int
Viewer = int | None


#: A typed value an event or phrase may carry (JSON scalars, or lists of them).
FieldValue = str | int | bool | None | list[str] | list[int]


class _Names(dict[str, object]):
    """The mapping a template is formatted with: roles name seats, other keys are values."""

    def __missing__(self, key: str) -> object:
        raise KeyError(f"the template names {key!r}, which is neither a seat role nor a field")


def points_word(points: int) -> str:
    """ "point" for one (or minus one), else "points": "wins with 1 point"."""
    return "point" if abs(points) == 1 else "points"


def default_seat_name(seat: Seat) -> str:
    """The name of a seat nobody gave a name to ("Seat 3")."""
    return f"Seat {seat + 1}"


def fill(
    template: str,
    seats: Mapping[str, int],
    values: Mapping[str, FieldValue],
    names: Sequence[str],
) -> str:
    """`template` (str.format placeholders) with each seat role replaced by `names[seat]` and every
    other placeholder by its value. A seat beyond `names` reads "Seat N"."""
    mapping = _Names(values)
    for role, seat in seats.items():
        mapping[role] = names[seat] if 0 <= seat < len(names) else default_seat_name(seat)
    return template.format_map(mapping)


class Phrase(BaseModel):
    """Text that names seats, kept as a template so each reader fills in display names.

    `template` uses str.format placeholders: `{role}` is the seat `seats[role]` (0-based) and
    `{key}` is `values[key]`; literal braces are doubled. `render(names)` names each seat
    `names[seat]`. Phrases are public: nothing hidden goes in one."""

    template: str
    seats: dict[str, int] = Field(default_factory=dict)
    values: dict[str, FieldValue] = Field(default_factory=dict)

    def render(self, names: Sequence[str]) -> str:
        """The phrase with `names[seat]` for each seat (a seat beyond `names` reads "Seat N")."""
        return fill(self.template, self.seats, self.values, names)


class Event(BaseModel):
    """Something that happened, as the game log tells it.

    `kind` says what happened (one of the game's `event_kinds`), `seats` which seats it concerns
    by role ("actor", "target"...) and `fields` the public facts it carries (card names, plot
    numbers, counts; `None` for "nothing", e.g. a bite that ate no plant). `text` is what everyone
    may read, with the game's default seat names ("Player 2"); `template` is the same line with
    `{role}` / `{field}` placeholders, so a reader can fill in display names (`line_for`).

    `private` holds a fuller line for the seats allowed to see more (for example the card a player
    drew), and `private_templates` the same lines as templates over the same seats and fields
    (hidden details may be literal in a private template). Hidden information goes only in
    `private` and `private_templates`, never in `fields`, `seats` or `template`.
    """

    kind: str
    text: str
    private: dict[int, str] = Field(default_factory=dict)
    seats: dict[str, int] = Field(default_factory=dict)
    fields: dict[str, FieldValue] = Field(default_factory=dict)
    template: str | None = None
    private_templates: dict[int, str] = Field(default_factory=dict)

    def line_for(self, viewer: Viewer, names: Sequence[str] | None = None) -> str:
        """The log line `viewer` may read; with `names`, seats are named `names[seat]`.

        Without `names` (or for an event stored before templates existed) this is `private[viewer]`
        or `text`, exactly as written by the game."""
        private = viewer is not None and viewer in self.private
        if names is None or self.template is None:
            return self.private[viewer] if private and viewer is not None else self.text
        if private and viewer is not None:
            template = self.private_templates.get(viewer)
            if template is None:
                return self.private[viewer]
            return fill(template, self.seats, self.fields, names)
        return fill(self.template, self.seats, self.fields, names)

    def phrase(self) -> Phrase | None:
        """The public line as a `Phrase` (None for an event without a template)."""
        if self.template is None:
            return None
        return Phrase(template=self.template, seats=self.seats, values=self.fields)


class ScoreLine(BaseModel):
    """One line of a score breakdown: "Carrots (5 adjacent x 3): 15"."""

    label: str
    points: int


class SeatResult(BaseModel):
    """A seat's final score with the breakdown a player can read line by line."""

    seat: int
    total: int
    lines: list[ScoreLine]
    #: A title the rules award, e.g. "Blue Ribbon" (None where the game has none).
    award: str | None = None


class Result(BaseModel):
    """The end of a game: every seat's score and who won (several seats on a shared win)."""

    seats: list[SeatResult]
    winners: list[int]
    #: One plain-English sentence: "Ned wins on the vegetable-type tie-break." (default seat names)
    summary: str
    #: The same sentence as a template over the seats it names (None: `summary` names no seat).
    summary_phrase: Phrase | None = None

    def summary_for(self, names: Sequence[str]) -> str:
        """The summary with each seat called `names[seat]` (falls back to `summary`)."""
        if self.summary_phrase is None:
            return self.summary
        return self.summary_phrase.render(names)
