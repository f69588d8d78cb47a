"""Plain records of what the database holds, free of Discord types and of game rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

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
    #: True once a computer stood in for this seat's player after timeouts (kept by "I'm back"):
    #: such a game is not rated (bot/basics/ratings.py).
    handed_over: bool | None = None
    #: A computer that took this seat when its player left (`/leave computer:`): who left.
    replaced_user_id: int | None = None
    replaced_name: str | None = None

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
    #: A daily garden's UTC day ("2026-12-01"; None: not a daily garden), and whether it is its
    #: player's scored attempt of that day (bot/records/daily.py).
    daily: str | None = None
    daily_scored: bool = False
    #: The language of the game's public messages ("fr"; None: English), fixed when it opened.
    language: str | None = None

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
    #: "turn", "pause_end", "abandon" or "away" (a game held while the bot is out of its server).
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


#: How a game that started came to its end: played out, abandoned (no move for days, scored as it
#: stood), ended by its host or a moderator (`/end`), or ended by a player leaving (`/leave`).
Outcome = Literal["completed", "abandoned", "ended", "left"]


class ResultSeat(BaseModel):
    """One seat of a stored result: who held it and what they scored."""

    seat: int
    #: The name of the person (or computer) the seat stands for, as shown at the end.
    name: str
    #: The person who played the seat (also when a computer took it over); None: a computer seat.
    user_id: int | None = None
    #: The strength of a computer that held the seat from the start.
    computer: str | None = None
    #: A computer finished the seat for its player (timeouts, or the player left).
    taken_over: bool = False
    #: Final points with the breakdown, the place (1 = best) and the award (solo: the ribbon);
    #: None for a game ended without scores (cancelled).
    points: int | None = None
    lines: list[tuple[str, int]] = Field(default_factory=list)
    place: int | None = None
    award: str | None = None
    #: The seat's turns (runs of its moves) and how many of them were played because time ran out.
    turns: int = 0
    timeouts: int = 0


class ResultRecord(BaseModel):
    """A game's result as stored once, when it ends (bot/records/results.py builds it)."""

    game_id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    #: The options that change what a game can score, as canonical JSON (the solo best gardens
    #: compare gardens grown under the same set).
    option_set: str = "{}"
    status: Literal["finished", "cancelled"]
    outcome: Outcome
    end_reason: str | None = None
    seats: list[ResultSeat]
    winners: list[int] = Field(default_factory=list)
    summary: str | None = None
    started_at: float
    finished_at: float
    moves: int
    #: The turns decided by the platform's "timeout" events, over all seats.
    timeouts: int = 0
    rated: bool = False
    #: Why the game did not count for ratings (None when it did).
    unrated_reason: str | None = None
    #: A practice daily garden (its player's scored one of the day came first): kept, counted nowhere.
    practice: bool = False

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    @property
    def taken_over(self) -> bool:
        return any(seat.taken_over for seat in self.seats)

    @property
    def duration(self) -> float:
        return max(0.0, self.finished_at - self.started_at)


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one person's rating."""

    user_id: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
