"""What a change of seats gives back, and how seats are named in words."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.basics.words import Said, Words, counted
from bot.game.position import COMPUTER_NAME, Position
from bot.ui.levels import level


class Note(Said):
    """Something a seat change says at the table ("Alice joined."): its English wording, a catalog
    entry, and its fields, said in the table's language where it is shown (issue 32)."""


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
    """How a computer seat is stored: "Computer 2 (Medium)", in English (shown in the game's
    language: `bot.game.position.seat_name`). Never a Discord user."""
    return COMPUTER_NAME.format(number=number, level=level(strength))


def seat_range(low: int, high: int) -> Said:
    """ "exactly 3 players", "3 to 6 players": a game's seats, said in the reader's language."""
    if low == high:
        return counted("exactly {n} player", "exactly {n} players", low)
    return Said("{low} to {high} players", low=low, high=high)
