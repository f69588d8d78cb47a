"""What a change of seats gives back, and how seats are named in words."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.basics.words import Words
from bot.game.position import Position
from bot.ui.levels import level


class Note:
    """Something a seat change says at the table ("Alice joined."): its English wording, a catalog
    entry, and its fields, said in the table's language where it is shown (issue 32)."""

    def __init__(self, msgid: str, **fields: object) -> None:
        self.msgid = msgid
        self.fields = fields

    def said(self, words: Words) -> str:
        return words.text(self.msgid, **self.fields)

    def __str__(self) -> str:
        return self.msgid.format(**self.fields)

    def __repr__(self) -> str:
        return f"Note({str(self)!r})"


def said(notes: list[Note], words: Words) -> str:
    """The notes as one line in `words`' language."""
    return " ".join(note.said(words) for note in notes)


@dataclass
class SeatChange:
    """A lobby or game after a join, leave, start, hand-over or end."""

    position: Position
    started: bool = False
    closed: bool = False
    notes: list[Note] = field(default_factory=list)


def computer_name(strength: str, number: int) -> str:
    """How a computer seat is shown: "Computer 2 (Medium)". Never a Discord user."""
    return f"Computer {number} ({level(strength)})"


def seat_range(low: int, high: int) -> str:
    if low == high:
        return f"exactly {low} player{'s' if low != 1 else ''}"
    return f"{low} to {high} players"
