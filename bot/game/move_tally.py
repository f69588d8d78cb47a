"""`MoveTally`: what a game's result counts of its log, kept move by move.

A result says how many moves the game took and each seat's turns and timed-out turns
(`bot.records.results`). Counted from the whole log, the last move of every game read all its
moves back from the database and parsed their events (issue 31: at 20 solo games flat out, a
fiftieth of the bot's CPU). The session keeps this tally as moves are made instead; after a
restart it is unknown until the log is read once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

#: The platform's event for a turn played because its seat's time ran out (`bot.play.moves`).
TIMEOUT_KIND = "timeout"


@dataclass(frozen=True, slots=True)
class MoveTally:
    """Moves made, each seat's turns (runs of its consecutive moves: Garden Sabotage's three
    actions are one turn) and the turns the platform played for it because time ran out."""

    moves: int
    turns: tuple[int, ...]
    timeouts: tuple[int, ...]
    #: The seat of the latest move (None before the first).
    last_seat: int | None = None

    @classmethod
    def start(cls, seats: int) -> MoveTally:
        """A game's tally before its first move."""
        return cls(0, (0,) * seats, (0,) * seats)

    @classmethod
    def of(cls, seats: int, log: Iterable[tuple[int, Iterable[Mapping[str, Any]]]]) -> MoveTally:
        """The tally of a whole log: each move's seat and its events as stored (JSON objects)."""
        tally = cls.start(seats)
        for seat, events in log:
            timed_out = [_seat_of(e.get("seats")) for e in events if e.get("kind") == TIMEOUT_KIND]
            tally = tally.after(seat, timed_out)
        return tally

    def after(self, seat: int, timed_out: Iterable[int | None] = ()) -> MoveTally:
        """The tally after one more move by `seat`; `timed_out`: the seats of its timeout events."""
        seats = len(self.turns)
        turns, timeouts = self.turns, self.timeouts
        if seat != self.last_seat and 0 <= seat < seats:
            turns = (*turns[:seat], turns[seat] + 1, *turns[seat + 1 :])
        for player in timed_out:
            if isinstance(player, int) and 0 <= player < seats:
                timeouts = (*timeouts[:player], timeouts[player] + 1, *timeouts[player + 1 :])
        return MoveTally(self.moves + 1, turns, timeouts, seat)


def _seat_of(seats: object) -> int | None:
    """The "player" seat of a stored event's seats, if it names one."""
    if isinstance(seats, Mapping):
        player = seats.get("player")
        return player if isinstance(player, int) else None
    return None
