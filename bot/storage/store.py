"""The SQLite store: one aiosqlite connection in WAL mode, explicit transactions, migrated on open.

Every accepted move is one transaction that checks the version the move was decided on, stores the
new state and appends the action with its events, so a crash never leaves a state without its log
entry (or the reverse) and a stale or doubled move can never be stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.migrations import migrate
from bot.storage.records import ActionRecord, GameRecord, GameStatus, SeatRecord

Clock = Callable[[], float]

log = logging.getLogger(__name__)

#: How long a "published" mark may wait to be written together with others (`note_published`).
PUBLISHED_FLUSH_SECONDS = 0.5


class ChannelBusy(Exception):
    """The channel already has a lobby or a game in progress."""

    def __init__(self, game_id: int | None) -> None:
        super().__init__(f"channel busy with game {game_id}")
        self.game_id = game_id


class StaleVersion(Exception):
    """A write based on a version of the game that is no longer current (or a closed game)."""


_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, state, version, "
    "status, host_id, lobby_message_id, board_message_id, board_posted_at, created_at, updated_at, "
    "lobby_expires_at, end_reason, published_version"
)


def _game_from_row(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        options=json.loads(row[4]),
        seats=[SeatRecord.model_validate(s) for s in json.loads(row[5])],
        min_seats=row[6],
        max_seats=row[7],
        seed=row[8],
        state=row[9],
        version=row[10],
        status=row[11],
        host_id=row[12],
        lobby_message_id=row[13],
        board_message_id=row[14],
        board_posted_at=row[15],
        created_at=row[16],
        updated_at=row[17],
        lobby_expires_at=row[18],
        end_reason=row[19],
        published_version=row[20],
    )


def _action_from_row(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        game_id=row[0],
        version=row[1],
        seat=row[2],
        action=json.loads(row[3]),
        events=json.loads(row[4]),
        created_at=row[5],
    )


def _seats_json(seats: Sequence[SeatRecord]) -> str:
    return json.dumps([s.model_dump(exclude_none=True) for s in seats])


class Store:
    """Async access to the games database. Open with `await Store.open(path)`; close when done."""

    def __init__(
        self, db: aiosqlite.Connection, clock: Clock, published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS
    ) -> None:
        self._db = db
        self._clock = clock
        # One connection is shared by every task: the lock keeps each transaction whole.
        self._lock = asyncio.Lock()
        #: "Published" marks not written yet (game id -> version), and the task that writes them.
        self._published: dict[int, int] = {}
        self._published_flush: asyncio.Task[None] | None = None
        self._published_flush_seconds = published_flush_seconds

    @classmethod
    async def open(
        cls,
        path: Path | str,
        clock: Clock = time.time,
        published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS,
    ) -> Store:
        """Open (creating if needed) the database at `path`, in WAL mode, migrated to the latest schema."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, clock, published_flush_seconds)

    async def close(self) -> None:
        """Write the marks still waiting (a clean stop publishes nothing twice), then close."""
        flush = self._published_flush
        if flush is not None and not flush.done():
            flush.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await flush
        try:
            await self.flush_published()
        except Exception:  # the connection is closed all the same; the catch-up repeats those moves
            log.warning("Could not record which game versions are published.", exc_info=True)
        async with self._lock:
            await self._db.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                # aiosqlite runs statements in the order they were sent, so this ROLLBACK also
                # undoes a BEGIN whose await was cancelled while the statement still ran; without
                # it the shared connection would stay inside that transaction for good.
                with contextlib.suppress(sqlite3.OperationalError):  # the BEGIN itself failed
                    await self._db.execute("ROLLBACK")
                raise

    async def _in_thread(self, work: Callable[[sqlite3.Connection], None]) -> None:
        """Run `work` on the database's own thread in one round trip.

        aiosqlite runs every statement on its thread, one trip each (a queue hand-off there and a
        wake-up of the event loop back); a move's transaction is four statements, so doing them in
        one trip saves three. `Connection._execute` is how aiosqlite itself queues work.
        """
        connection = self._db
        queue_work: Callable[..., Awaitable[None]] = connection._execute
        await queue_work(work, connection._conn)

    async def _fetch_game(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where}", params)
            )
        return _game_from_row(rows[0]) if rows else None

    async def journal_mode(self) -> str:
        async with self._lock, self._db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    # --- games -------------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        min_seats: int,
        max_seats: int,
        seed: int,
        host: SeatRecord,
        host_id: int,
        lobby_ttl: float | None,
    ) -> GameRecord:
        """A new lobby in `channel_id` with the host seated; `ChannelBusy` if the channel has a game."""
        now = self._clock()
        expires = now + lobby_ttl if lobby_ttl is not None else None
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, seats, min_seats, max_seats, "
                    "seed, status, host_id, created_at, updated_at, lobby_expires_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        json.dumps(options),
                        _seats_json([host]),
                        min_seats,
                        max_seats,
                        seed,
                        host_id,
                        now,
                        now,
                        expires,
                    ),
                )
                game_id = cursor.lastrowid
        except sqlite3.IntegrityError:
            busy = await self.open_game_in_channel(channel_id)
            raise ChannelBusy(busy.id if busy else None) from None
        record = await self.get(int(game_id or 0))
        assert record is not None
        return record

    async def get(self, game_id: int) -> GameRecord | None:
        return await self._fetch_game("id = ?", (game_id,))

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or game in progress in `channel_id`, if any."""
        return await self._fetch_game("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def games_by_status(self, status: GameStatus) -> list[GameRecord]:
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = ? ORDER BY id", (status,)
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [_game_from_row(r) for r in rows]

    async def set_lobby_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace a lobby's seats; `StaleVersion` if the game is no longer a lobby."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET seats = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (_seats_json(seats), self._clock(), game_id),
            )
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is not a lobby")

    async def set_game_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace the seats of a game in progress (a computer player taking over a seat);
        `StaleVersion` if the game is not in progress."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET seats = ?, updated_at = ? WHERE id = ? AND status = 'active'",
                (_seats_json(seats), self._clock(), game_id),
            )
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is not in progress")

    async def set_host(self, game_id: int, host_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (host_id, game_id))

    async def start_game(self, game_id: int, seats: Sequence[SeatRecord], state: str) -> None:
        """Turn a lobby into a game at version 0 with its first state."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = 'active', seats = ?, state = ?, version = 0, updated_at = ?, "
                "lobby_expires_at = NULL, published_version = -1 WHERE id = ? AND status = 'lobby'",
                (_seats_json(seats), state, self._clock(), game_id),
            )
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is not a lobby")

    async def record_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        state: str,
        finished: bool,
    ) -> int:
        """Store one accepted move in one transaction; return the new version.

        `StaleVersion` (nothing written) if the game is not active at `expected_version`.
        """
        now = self._clock()
        new_version = expected_version + 1
        status = "finished" if finished else "active"
        update = (state, new_version, status, now, finished, game_id, expected_version)
        insert = (game_id, new_version, seat, json.dumps(action), json.dumps(events), now)

        def write(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?, "
                    "end_reason = CASE WHEN ? THEN 'completed' ELSE end_reason END "
                    "WHERE id = ? AND version = ? AND status = 'active'",
                    update,
                )
                if cursor.rowcount != 1:
                    raise StaleVersion(f"game {game_id} is not active at version {expected_version}")
                db.execute(
                    "INSERT INTO actions (game_id, version, seat, action, events, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    insert,
                )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:  # a failed COMMIT too: never leave the connection inside it
                    db.execute("ROLLBACK")
                raise

        async with self._lock:
            await self._in_thread(write)
        return new_version

    async def mark_published(self, game_id: int, version: int) -> None:
        """Record now that `version` of the game is fully shown in Discord (one autocommitted write):
        for the rare cases (a game's start, the catch-up after a restart); moves use `note_published`."""
        async with self._lock:
            await self._db.execute(
                "UPDATE games SET published_version = ? WHERE id = ? AND published_version < ?",
                (version, game_id, version),
            )

    def note_published(self, game_id: int, version: int) -> None:
        """Record, within `PUBLISHED_FLUSH_SECONDS`, that `version` of the game is fully shown.

        Every move is published, and writing each mark on its own cost a trip to the database
        thread per move: a hand-off there and a wake-up back, about eight thread switches in all
        (docs/performance.md). Marks waiting together are written in one transaction. A crash before they
        are written costs nothing but a repeat: the start-up catch-up publishes those games again
        (the same board, and the turn notice posted anew)."""
        if self._published.get(game_id, -1) < version:
            self._published[game_id] = version
        if self._published_flush is None or self._published_flush.done():
            self._published_flush = asyncio.get_running_loop().create_task(
                self._flush_published_soon(), name="garden-club-published-marks"
            )

    async def _flush_published_soon(self) -> None:
        await asyncio.sleep(self._published_flush_seconds)
        try:
            await self.flush_published()
        except Exception:  # kept for the next try; at worst, published again after a restart
            log.warning("Could not record which game versions are published.", exc_info=True)

    async def flush_published(self) -> None:
        """Write the waiting "published" marks now, in one transaction (one trip)."""
        pending, self._published = self._published, {}
        if not pending:
            return
        rows = [(version, game_id, version) for game_id, version in pending.items()]

        def write(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany(
                    "UPDATE games SET published_version = ? WHERE id = ? AND published_version < ?", rows
                )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

        try:
            async with self._lock:
                await self._in_thread(write)
        except BaseException:
            for game_id, version in pending.items():  # not written: keep them for the next flush
                if self._published.get(game_id, -1) < version:
                    self._published[game_id] = version
            raise

    async def unpublished_games(self) -> list[GameRecord]:
        """Games in progress or just finished whose latest version never reached Discord."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('active', 'finished') "
                "AND published_version < version ORDER BY id"
            )
        return [_game_from_row(r) for r in rows]

    async def close_game(self, game_id: int, status: GameStatus, reason: str) -> bool:
        """End an open game (cancelled, or finished early); False if it was already closed."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = ?, end_reason = ?, updated_at = ?, lobby_expires_at = NULL "
                "WHERE id = ? AND status IN ('lobby', 'active')",
                (status, reason, self._clock(), game_id),
            )
            return cursor.rowcount == 1

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_board_message(self, game_id: int, message_id: int, posted_at: float | None = None) -> None:
        """Remember the public board message (and when it was posted, for the one-hour edit limit)."""
        when = self._clock() if posted_at is None else posted_at
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET board_message_id = ?, board_posted_at = ? WHERE id = ?",
                (message_id, when, game_id),
            )

    async def expired_lobbies(self, now: float | None = None) -> list[GameRecord]:
        """Lobbies whose expiry time has passed."""
        moment = self._clock() if now is None else now
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'lobby' AND lobby_expires_at <= ? "
                "ORDER BY id",
                (moment,),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [_game_from_row(r) for r in rows]

    # --- action log --------------------------------------------------------------------------

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        """The game's accepted moves after `since_version`, oldest first."""
        async with (
            self._lock,
            self._db.execute(
                "SELECT game_id, version, seat, action, events, created_at FROM actions "
                "WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, since_version),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [_action_from_row(r) for r in rows]

    async def actions_tail(self, game_id: int, limit: int) -> list[ActionRecord]:
        """The game's last `limit` moves, oldest first (for the log lines and announcements)."""
        async with (
            self._lock,
            self._db.execute(
                "SELECT game_id, version, seat, action, events, created_at FROM actions "
                "WHERE game_id = ? ORDER BY version DESC LIMIT ?",
                (game_id, limit),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [_action_from_row(r) for r in reversed(list(rows))]

    # --- turn notices ------------------------------------------------------------------------

    async def notices(self, game_id: int, kind: str = "turn") -> list[tuple[int, int]]:
        """The game's messages of `kind` still posted ("turn" notices, or its "announcement"),
        as (channel id, message id), oldest first."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT channel_id, message_id FROM notices WHERE game_id = ? AND kind = ? "
                "ORDER BY created_at, message_id",
                (game_id, kind),
            )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def replace_notices(self, game_id: int, current: list[tuple[int, int]], kind: str = "turn") -> None:
        """Make `current` the game's only messages of `kind` (the old ones are being deleted)."""
        now = self._clock()
        async with self._transaction() as db:
            await db.execute("DELETE FROM notices WHERE game_id = ? AND kind = ?", (game_id, kind))
            if current:
                await db.executemany(
                    "INSERT OR REPLACE INTO notices (message_id, channel_id, game_id, created_at, kind) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(message_id, channel_id, game_id, now, kind) for channel_id, message_id in current],
                )

    # --- small settings ----------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        async with self._lock, self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
