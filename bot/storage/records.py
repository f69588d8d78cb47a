"""Plain records of what the database holds, free of Discord types and of game rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

GameStatus = Literal["lobby", "active", "finished", "cancelled"]
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")
#: The largest id SQLite (and Discord) can hold: a larger number is no id of ours.
MAX_ID = 2**63 - 1


class SeatRecord(BaseModel):
    """Who sits in a seat: a Discord user (by id) or, later, a computer player (by strength)."""

    name: str
    user_id: int | None = None
    #: A computer player's strength ("random", "greedy", "strong"); None for a person.
    computer: str | None = None
    #: Turns in a row whose time ran out (the computer played them); reset by the player's move.
    timeouts: int = 0
    #: A computer standing in for a player who let three turns run out: who may take it back.
    away_user_id: int | None = None
    away_name: str | None = None

    @property
    def is_person(self) -> bool:
        return self.user_id is not None


@dataclass
class GameRecord:
    """One game as stored: lobby, game in progress, or archive."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seats: list[SeatRecord]
    min_seats: int
    max_seats: int
    seed: int
    state: str | None
    version: int
    status: GameStatus
    host_id: int
    lobby_message_id: int | None
    board_message_id: int | None
    board_posted_at: float | None
    created_at: float
    updated_at: float
    lobby_expires_at: float | None
    end_reason: str | None = None
    #: The last version fully shown in Discord (board, notice, final scores); -1: not even the start.
    published_version: int = 0
    #: The game's clock preset (None or "off": no clock) and the strength that plays timed-out turns.
    clock: str | None = None
    stand_in: str | None = None
    #: When the game was paused (None: running), and who agreed to pause it so far.
    paused_at: float | None = None
    pause_votes: list[int] = field(default_factory=list)
    #: When a person last made a move (the start counts), for abandoned games.
    last_human_move_at: float | None = None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds, or None."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


@dataclass
class DeadlineRecord:
    """Something timed: a seat's turn (with its reminders), a pause's end, an abandoned-game check."""

    game_id: int
    #: "turn", "pause_end" or "abandon".
    kind: str
    #: The seat whose turn it is (-1 for a game-wide deadline).
    seat: int
    #: When it is next due; when the turn's clock started, and how long the turn is.
    due: float
    started: float
    seconds: float
    #: What fires next: 0 the half-time reminder, 1 the last-tenth reminder, 2 the timeout.
    step: int = 0
    paused: bool = False


@dataclass
class ActionRecord:
    """One accepted move in a game's log: its encoded action and the events it produced."""

    game_id: int
    version: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    created_at: float = 0.0
