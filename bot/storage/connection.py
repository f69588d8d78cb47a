"""The store's one aiosqlite connection: opened in WAL mode and migrated, shared under a lock,
used through explicit transactions or one round trip to its thread; every part of `Store` builds on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.backups import copy_before_migration
from bot.storage.migrations import MIGRATIONS, migrate, schema_version
from bot.storage.records import GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row

Clock = Callable[[], float]

#: How long a "published" mark may wait to be written together with others (`note_published`).
PUBLISHED_FLUSH_SECONDS = 0.5


class StoreBase:
    """The connection and the state every part of the store shares; `Store` is the one to use."""

    def __init__(
        self, db: aiosqlite.Connection, clock: Clock, published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS
    ) -> None:
        self._db = db
        self._clock = clock
        # One connection is shared by every task: the lock keeps each transaction whole.
        self._lock = asyncio.Lock()
        #: "Published" marks not written yet (game id -> version), and the task that writes them
        #: (bot/storage/published.py).
        self._published: dict[int, int] = {}
        self._published_flush: asyncio.Task[None] | None = None
        self._published_flush_seconds = published_flush_seconds
        #: Told how long each committed transaction took, in seconds (the metrics; None: nobody).
        self.on_transaction: Callable[[float], None] | None = None

    @classmethod
    async def open(
        cls,
        path: Path | str,
        clock: Clock = time.time,
        published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS,
    ) -> Self:
        """Open (creating if needed) the database at `path`, in WAL mode, migrated to the latest schema
        (an existing database is first copied to `backups/…-before-schema-N-….sqlite3`)."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            current = await schema_version(db)
            if 0 < current < len(MIGRATIONS) and str(path) != ":memory:":
                await asyncio.to_thread(copy_before_migration, Path(path), current, clock())
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, clock, published_flush_seconds)

    def now(self) -> float:
        """The store's clock (a game's result is stamped with it, as its moves are)."""
        return self._clock()

    async def close(self) -> None:
        """Close the connection (`PublishedMarks.close` first writes the marks still waiting)."""
        async with self._lock:
            await self._db.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            started = time.perf_counter()
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
            if self.on_transaction is not None:
                self.on_transaction(time.perf_counter() - started)

    async def _in_thread(self, work: Callable[[sqlite3.Connection], None]) -> None:
        """Run `work` on the database's own thread in one round trip.

        aiosqlite runs every statement on its thread, one trip each (a queue hand-off there and a
        wake-up of the event loop back); a move's transaction is four statements, so doing them in
        one trip saves three. `Connection._execute` is how aiosqlite itself queues work.
        """
        connection = self._db
        queue_work: Callable[..., Awaitable[None]] = connection._execute
        started = time.perf_counter()
        await queue_work(work, connection._conn)
        if self.on_transaction is not None:
            self.on_transaction(time.perf_counter() - started)

    async def _fetch_game(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", params)
            )
        return game_from_row(rows[0]) if rows else None

    async def journal_mode(self) -> str:
        async with self._lock, self._db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    async def count_games(self, status: str) -> int:
        """How many games have `status` (the metrics' games in progress)."""
        query = "SELECT COUNT(*) FROM games WHERE status = ?"
        async with self._lock, self._db.execute(query, (status,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0
