"""Deadlines: every timed thing the bot must do, one row each, so they survive a restart.

A row is claimed before it is acted on by a conditional update (`advance`, `remove_if`): two
tasks, two processes sharing a PostgreSQL database, or after a restart two attempts, cannot both
act on the same step, and a step already done is never done again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.connection import Shards, StoreBase, of_shards
from bot.storage.records import DeadlineRecord

_COLUMNS = "game_id, kind, seat, due, started, seconds, step, paused"


def _of_shards(shards: Shards | None) -> tuple[str, list[Any]]:
    """The condition (on `deadlines`) and parameters for "a game of these shards" (none: all)."""
    if shards is None:
        return "", []
    condition, params = of_shards(shards)
    return f" AND game_id IN (SELECT id FROM games WHERE {condition})", params


def _deadline(row: Sequence[Any]) -> DeadlineRecord:
    return DeadlineRecord(
        game_id=int(row[0]),
        kind=str(row[1]),
        seat=int(row[2]),
        due=float(row[3]),
        started=float(row[4]),
        seconds=float(row[5]),
        step=int(row[6]),
        paused=bool(row[7]),
    )


class Deadlines(StoreBase):
    """The part of `Store` that keeps the deadlines."""

    async def set_deadline(self, deadline: DeadlineRecord) -> None:
        """Create or replace the deadline of (game, kind, seat)."""
        await self._db.execute(
            f"INSERT INTO deadlines ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind, seat) DO UPDATE SET due = excluded.due, started = excluded.started, "
            "seconds = excluded.seconds, step = excluded.step, paused = excluded.paused",
            (
                deadline.game_id,
                deadline.kind,
                deadline.seat,
                deadline.due,
                deadline.started,
                deadline.seconds,
                deadline.step,
                int(deadline.paused),
            ),
            quick=True,
        )

    async def deadlines_of(self, game_id: int) -> list[DeadlineRecord]:
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM deadlines WHERE game_id = ? ORDER BY kind, seat", (game_id,), quick=True
        )
        return [_deadline(r) for r in rows]

    async def held_away(self, guild_id: int) -> list[int]:
        """The games of server `guild_id` held while the bot was out of it (their "away" rows,
        bot/clocks/pauses.py): a few rows, read whenever a server becomes available."""
        rows = await self._db.fetch(
            "SELECT d.game_id FROM deadlines d JOIN games g ON g.id = d.game_id "
            "WHERE d.kind = 'away' AND g.guild_id = ? ORDER BY d.game_id",
            (guild_id,),
            quick=True,
        )
        return [int(r[0]) for r in rows]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the earliest running deadline (of a game of `shards`) is due (None: none)."""
        mine, params = _of_shards(shards)
        row = await self._db.fetchrow(
            f"SELECT MIN(due) FROM deadlines WHERE paused = 0{mine}", params, quick=True
        )
        value = row[0] if row else None
        return float(value) if value is not None else None

    async def due_deadlines(self, now: float, shards: Shards | None = None) -> list[DeadlineRecord]:
        """Every running deadline (of a game of `shards`) due at `now`, earliest first."""
        mine, params = _of_shards(shards)
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM deadlines WHERE paused = 0 AND due <= ?{mine} ORDER BY due",
            (now, *params),
            # The few rows due, by their index, at once (a reply window's clock runs out every few
            # seconds in Garden Party); a shard's games are looked up on the database's thread.
            quick=shards is None,
        )
        return [_deadline(r) for r in rows]

    async def advance(self, deadline: DeadlineRecord, *, step: int, due: float) -> bool:
        """Claim `deadline`'s current step by moving it to `step`, due at `due`; False if it
        changed meanwhile (another task did it, the turn ended or restarted)."""
        changed = await self._db.execute(
            "UPDATE deadlines SET step = ?, due = ? WHERE game_id = ? AND kind = ? AND seat = ? "
            "AND step = ? AND started = ? AND paused = 0",
            (step, due, deadline.game_id, deadline.kind, deadline.seat, deadline.step, deadline.started),
            quick=True,
        )
        return changed == 1

    async def remove_if(self, deadline: DeadlineRecord) -> bool:
        """Delete `deadline` if it is still the one read (same start and step)."""
        changed = await self._db.execute(
            "DELETE FROM deadlines WHERE game_id = ? AND kind = ? AND seat = ? AND started = ? AND step = ?",
            (deadline.game_id, deadline.kind, deadline.seat, deadline.started, deadline.step),
            quick=True,
        )
        return changed == 1

    async def remove_deadlines(
        self, game_id: int, kind: str | None = None, seats: Sequence[int] = ()
    ) -> None:
        """Delete a game's deadlines (of `kind`, of these `seats`; all when not given)."""
        where, params = "game_id = ?", list[Any]([game_id])
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
        if seats:
            where += f" AND seat IN ({', '.join('?' for _ in seats)})"
            params.extend(seats)
        # A game's few rows by their key, at once: a game's clocks stop at every published version
        # (issue 31: on the database's thread, every quick query waited behind them).
        await self._db.execute(f"DELETE FROM deadlines WHERE {where}", params, quick=True)

    async def pause_deadlines(self, game_id: int, paused: bool, shift: float = 0.0) -> None:
        """Stop a game's turn clocks, or start them again later by `shift` seconds."""
        await self._db.execute(
            "UPDATE deadlines SET paused = ?, due = due + ?, started = started + ? "
            "WHERE game_id = ? AND kind = 'turn'",
            (int(paused), shift, shift, game_id),
            quick=True,
        )
