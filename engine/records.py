"""The plain records a game hands the bot: seats, events (kind, seats, fields, templates),
phrases naming seats, and results; and how their text names seats (`fill`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import orjson
from pydantic import BaseModel, Field, PrivateAttr

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
    #: How the game names a seat, for an event whose `text` and `private` are still to be written
    #: (`told`); None once they are.
    _namer: Callable[[Seat], str] | None = PrivateAttr(default=None)
    #: What writes `template`, for an event told with its template still to be written.
    _template_of: Callable[[], str] | None = PrivateAttr(default=None)

    @classmethod
    def told(
        cls,
        kind: str,
        template: str | Callable[[], str],
        namer: Callable[[Seat], str],
        seats: dict[str, int],
        fields: dict[str, FieldValue],
        private_templates: dict[int, str],
    ) -> Event:
        """An event as a game plays it: its templates now, its `text` and `private` lines written
        with `namer`'s names the first time they are read or the event is stored or compared.

        A game makes several events a move and a computer player's search thousands a second;
        most are never read, so writing their lines (and validating records the game just built
        from checked state) would be the engine's largest cost (issue 31). Data entering from
        outside still goes through validation (`model_validate`). `template` may be a function
        that writes it (a line naming cards, say), called only when the event is read."""
        made = cls.__new__(cls)
        values = made.__dict__
        values["kind"] = kind
        values["seats"] = seats
        values["fields"] = fields
        values["private_templates"] = private_templates
        write_template = None
        if isinstance(template, str):
            values["template"] = template
        else:
            write_template = template
        # The model's slots, filled as `model_construct` fills them. Every field counts as set
        # (`text` and `private` are, once written); pydantic only ever adds names to this set, so
        # all such events can share one.
        _set_fields_set(made, _ALL_SET)
        _set_extra(made, None)
        _set_private(made, {"_namer": namer, "_template_of": write_template})
        return made

    @classmethod
    def stored(cls, data: Mapping[str, Any], namer: Callable[[Seat], str]) -> Event:
        """An event read back from the store (`events_json`), checked as data entering from
        outside: one stored with its lines as it was, one stored without them (its kind, seats,
        fields and templates) as the game played it (`told`), its lines written with `namer`'s
        names (the game's `seat_name`) when first read, the same lines as were written then."""
        if "text" in data:
            return cls.model_validate(data)
        kept = _StoredEvent.model_validate(data)
        return cls.told(kept.kind, kept.template, namer, kept.seats, kept.fields, kept.private_templates)

    def _write_template(self) -> str | None:
        """The public template, written now if `told` left it to be written (not the lines)."""
        values = self.__dict__
        if "template" not in values:
            lazy = self.__pydantic_private__
            write_template = lazy.get("_template_of") if lazy is not None else None
            if lazy is None or write_template is None:
                return None
            values["template"] = write_template()
            lazy["_template_of"] = None
        template: str | None = values["template"]
        return template

    def _write_lines(self) -> None:
        """Write `text` and `private` (and `template`) if `told` left them to be written."""
        # The private attributes read from their dict: pydantic's attribute look-up for them runs
        # Python code, and every event dumped asks twice.
        lazy = self.__pydantic_private__
        namer = lazy.get("_namer") if lazy is not None else None
        if lazy is None or namer is None:
            return
        values = self.__dict__
        self._write_template()
        seats, fields = values["seats"], values["fields"]
        names = [namer(seat) for seat in range(max(seats.values(), default=-1) + 1)]
        values["text"] = fill(values["template"], seats, fields, names)
        values["private"] = {
            seat: fill(line, seats, fields, names) for seat, line in values["private_templates"].items()
        }
        # In field order, so the stored JSON reads as it always did.
        object.__setattr__(self, "__dict__", {name: values[name] for name in _EVENT_FIELDS})
        _set_private(self, {"_namer": None, "_template_of": None})

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            if name in _LAZY_FIELDS and self._lines_pending():
                if name == "template":  # a reader naming the seats needs no lines
                    return self._write_template()
                self._write_lines()
                return self.__dict__[name]
            return super().__getattr__(name)

    def _lines_pending(self) -> bool:
        """Whether `text` and `private` are still to be written (`told`, unread)."""
        lazy = self.__pydantic_private__
        return lazy is not None and lazy.get("_namer") is not None

    # Dumping writes the lines first. (Methods rather than a pydantic serializer hook, which would
    # run Python for every event dumped; no record holds an Event as a field.)
    def model_dump(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self._write_lines()
        return super().model_dump(*args, **kwargs)

    def model_dump_json(self, *args: Any, **kwargs: Any) -> str:
        self._write_lines()
        return super().model_dump_json(*args, **kwargs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            self._write_lines()
            other._write_lines()
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr_args__(self) -> Any:
        self._write_lines()
        return super().__repr_args__()

    def line_for(self, viewer: Viewer, names: Sequence[str] | None = None) -> str:
        """The log line `viewer` may read; with `names`, seats are named `names[seat]`.

        Without `names` (or for an event stored before templates existed) this is `private[viewer]`
        or `text`, exactly as written by the game."""
        template = self.template if names is not None else None
        if names is None or template is None:
            private = viewer is not None and viewer in self.private
            return self.private[viewer] if private and viewer is not None else self.text
        # From the templates, without writing the lines (`told`): most events are read only so.
        if viewer is not None:
            own = self.private_templates.get(viewer)
            if own is not None:
                return fill(own, self.seats, self.fields, names)
            if not self._lines_pending() and viewer in self.private:
                return self.private[viewer]  # a private line made without its template
        return fill(template, self.seats, self.fields, names)

    def has_private(self, viewer: Viewer) -> bool:
        """Whether `viewer` has a fuller line of their own (`private`), without writing it."""
        if viewer is None:
            return False
        return viewer in self.private_templates or (not self._lines_pending() and viewer in self.private)

    def phrase(self) -> Phrase | None:
        """The public line as a `Phrase` (None for an event without a template)."""
        if self.template is None:
            return None
        return Phrase(template=self.template, seats=self.seats, values=self.fields)


_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_EVENT_FIELDS = tuple(Event.model_fields)
_ALL_SET = set(_EVENT_FIELDS)
#: The fields `Event.told` leaves to be written when first read.
_LAZY_FIELDS = frozenset({"text", "private", "template"})


def events_json(events: list[Event]) -> str:
    """`events` as one JSON array: how a move's events are stored, read back by `Event.stored`.

    An event whose lines are still to be written (`Event.told`, unread: nearly every one) is
    stored without them, as its kind, seats, fields and templates: its lines are what its
    templates say with the game's seat names, written when read back. Writing them for the store
    cost 3% of the bot's instructions a click, for a column no reader of the live game reads
    (they name the players from the templates), and half of each stored row (issue 31). An event
    made with its lines (the bot's own, a timeout) is stored with them, as it dumps itself."""
    kept: list[dict[str, Any]] = []
    for event in events:
        template = event._write_template()
        if event._lines_pending() and template is not None:
            values = event.__dict__
            kept.append(
                {
                    "kind": values["kind"],
                    "seats": values["seats"],
                    "fields": values["fields"],
                    "template": template,
                    "private_templates": values["private_templates"],
                }
            )
        else:
            kept.append(event.model_dump(mode="json"))
    return orjson.dumps(kept, option=orjson.OPT_NON_STR_KEYS).decode()


class _StoredEvent(BaseModel):
    """An event as `events_json` stores it without its lines: checked as it is read back."""

    kind: str
    seats: dict[str, int] = Field(default_factory=dict)
    fields: dict[str, FieldValue] = Field(default_factory=dict)
    template: str
    private_templates: dict[int, str] = Field(default_factory=dict)


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
