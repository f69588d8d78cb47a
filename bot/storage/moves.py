"""Moves and the action log: storing an accepted move with its version check, reading moves back.

Every accepted move is one transaction that checks the version the move was decided on, stores the
new state and appends the action with its events, so a crash never leaves a state without its log
entry (or the reverse) and a stale or doubled move can never be stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from bot.storage.connection import StoreBase
from bot.storage.database import Tx
from bot.storage.errors import StaleVersion
from bot.storage.records import ActionRecord, ResultRecord, SeatRecord
from bot.storage.results import write_result
from bot.storage.rows import action_from_row, seats_json

#: A move's update of its game. The status is written only by the move that finishes the game:
#: written on every move, it rewrote the entries of the indexes over it (one open game a channel,
#: the lobbies' expiry) each time, a page more in every move's commit (issue 31).
_MOVE = (
    "UPDATE games SET state = ?, version = ?, updated_at = ?, "
    "last_human_move_at = CASE WHEN ? THEN ? ELSE last_human_move_at END, "
    "seats = COALESCE(?, seats) "
    "WHERE id = ? AND version = ? AND status = 'active'"
)
_FINISHING_MOVE = (
    "UPDATE games SET state = ?, version = ?, updated_at = ?, "
    "status = 'finished', end_reason = 'completed', "
    "last_human_move_at = CASE WHEN ? THEN ? ELSE last_human_move_at END, "
    "seats = COALESCE(?, seats) "
    "WHERE id = ? AND version = ? AND status = 'active'"
)


class Moves(StoreBase):
    """The part of `Store` that stores moves and reads the action log."""

    async def record_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]] | str,
        state: str,
        finished: bool,
        by_person: bool = False,
        seats: Sequence[SeatRecord] | None = None,
        result: ResultRecord | None = None,
    ) -> int:
        """Store one accepted move in one transaction; return the new version.

        `events`: their data, or already the JSON text to store. `by_person`: a person made it
        (the abandoned-game clock starts again). `seats`: the seats changed with it (a timeout
        counted, or reset). `result`: the game's result, for the move that finishes it, stored
        (with its ratings) in the same transaction. `StaleVersion` (nothing written) if the game
        is not active at `expected_version`.
        """
        now = self._clock()
        new_version = expected_version + 1
        seats_text = seats_json(seats) if seats is not None else None
        update = (state, new_version, now, by_person, now, seats_text, game_id, expected_version)
        insert = (
            game_id,
            new_version,
            seat,
            # orjson: the stdlib's encoder was a tenth of storing a move (issue 31); the column's
            # readers parse it, whichever spacing it has.
            orjson.dumps(action).decode(),
            events if isinstance(events, str) else orjson.dumps(events).decode(),
            now,
        )

        async def write(tx: Tx) -> None:
            changed = await tx.execute(_FINISHING_MOVE if finished else _MOVE, update)
            if changed != 1:
                # PostgreSQL: a second process's move on the same game waits for the first's
                # commit, then finds the version moved on; SQLite lets one writer in at a time.
                raise StaleVersion(f"game {game_id} is not active at version {expected_version}")
            await tx.execute(
                "INSERT INTO actions (game_id, version, seat, action, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                insert,
            )
            if result is not None:
                await write_result(tx, result, now)

        await self._db.transaction(write, quick=True)
        return new_version

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        """The game's accepted moves after `since_version`, oldest first."""
        rows = await self._db.fetch(
            "SELECT game_id, version, seat, action, events, created_at FROM actions "
            "WHERE game_id = ? AND version > ? ORDER BY version",
            (game_id, since_version),
            quick=True,
        )
        return [action_from_row(r) for r in rows]

    async def actions_tail(self, game_id: int, limit: int) -> list[ActionRecord]:
        """The game's last `limit` moves, oldest first (for the log lines and announcements)."""
        rows = await self._db.fetch(
            "SELECT game_id, version, seat, action, events, created_at FROM actions "
            "WHERE game_id = ? ORDER BY version DESC LIMIT ?",
            (game_id, limit),
            quick=True,
        )
        return [action_from_row(r) for r in reversed(list(rows))]
