"""The store's database (SQLite or PostgreSQL, `bot.storage.database`), opened and migrated, and
the state every part of `Store` shares; every part builds on it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, Self

from bot.storage.backups import copy_before_migration
from bot.storage.database import Database
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.opening import is_postgres, open_database, sqlite_path
from bot.storage.records import GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row
from bot.storage.sqlite_database import SqliteDatabase

Clock = Callable[[], float]
#: Some shards of a sharded bot: (shard count, the shard ids). A guild's shard is Discord's
#: `(guild_id >> 22) % count`; a game without a guild (a DM) is shard 0's (bot/basics/shards.py).
Shards = tuple[int, Sequence[int]]


def of_shards(shards: Shards) -> tuple[str, list[Any]]:
    """The SQL condition on a `games` row "its guild is on one of these shards", and its
    parameters: the shard is computed in the query, the same on SQLite and PostgreSQL."""
    count, ids = shards
    return f"((COALESCE(guild_id, 0) >> 22) % ?) IN ({', '.join('?' for _ in ids)})", [count, *ids]


#: How long a "published" mark may wait to be written together with others (`note_published`).
PUBLISHED_FLUSH_SECONDS = 0.5


@contextlib.asynccontextmanager
async def _migration_lock(database: Path | None) -> AsyncIterator[None]:
    """Hold `<database>.migrate.lock` (an exclusive flock; nothing where flock is missing)."""
    if database is None or sys.platform == "win32":
        yield
        return
    import fcntl

    handle = os.open(database.with_name(database.name + ".migrate.lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        await asyncio.to_thread(fcntl.flock, handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


class StoreBase:
    """The database and the state every part of the store shares; `Store` is the one to use."""

    def __init__(
        self, db: Database, clock: Clock, published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS
    ) -> None:
        self._db = db
        self._clock = clock
        #: "Published" marks not written yet (game id -> version), and the task that writes them
        #: (bot/storage/published.py).
        self._published: dict[int, int] = {}
        self._published_flush: asyncio.Task[None] | None = None
        self._published_flush_seconds = published_flush_seconds

    @classmethod
    async def open(
        cls,
        location: Path | str,
        clock: Clock = time.time,
        published_flush_seconds: float = PUBLISHED_FLUSH_SECONDS,
    ) -> Self:
        """Open the database at `location`, migrated to the latest schema: a SQLite file (a path
        or `sqlite:///path`; created if needed, in WAL mode, an existing one first copied to
        `backups/…-before-schema-N-….sqlite3`) or a PostgreSQL database (`postgresql://…`)."""
        text = str(location)
        path = sqlite_path(text)
        if not is_postgres(text) and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        on_file = not is_postgres(text) and path != ":memory:"
        # Processes opening one SQLite file at once take turns (its switch to WAL and each
        # migration): the second finds it ready. PostgreSQL takes its own advisory lock for this.
        async with _migration_lock(Path(path) if on_file else None):
            db = await open_database(text)
            try:
                current = await db.schema_version()
                if on_file and 0 < current < len(MIGRATIONS):
                    await asyncio.to_thread(copy_before_migration, Path(path), current, clock())
                await migrate(db)
            except BaseException:
                await db.close()
                raise
        return cls(db, clock, published_flush_seconds)

    @property
    def dialect(self) -> str:
        """ "sqlite" or "postgresql"."""
        return self._db.dialect

    @property
    def on_transaction(self) -> Callable[[float], None] | None:
        """Told how long each committed transaction took, in seconds (the metrics; None: nobody)."""
        return self._db.on_transaction

    @on_transaction.setter
    def on_transaction(self, listener: Callable[[float], None] | None) -> None:
        self._db.on_transaction = listener

    def now(self) -> float:
        """The store's clock (a game's result is stamped with it, as its moves are)."""
        return self._clock()

    async def close(self) -> None:
        """Close the database (`PublishedMarks.close` first writes the marks still waiting)."""
        await self._db.close()

    async def _fetch_game(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        row = await self._db.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", params, quick=True)
        return game_from_row(row) if row is not None else None

    async def journal_mode(self) -> str:
        """SQLite's journal mode ("wal"); "" on PostgreSQL, which has none."""
        return await self._db.journal_mode() if isinstance(self._db, SqliteDatabase) else ""

    async def count_games(self, status: str, shards: Shards | None = None) -> int:
        """How many games have `status` (the metrics' games in progress): of the servers of
        `shards` only, when given, so the processes of a sharded bot add up."""
        where, params = "status = ?", list[Any]([status])
        if shards is not None:
            condition, more = of_shards(shards)
            where += f" AND {condition}"
            params += more
        row = await self._db.fetchrow(f"SELECT COUNT(*) FROM games WHERE {where}", params)
        return int(row[0]) if row else 0
