"""The store's SQLite database (`bot.storage.database`'s interface): one file in WAL mode, one
aiosqlite connection shared under a lock, each transaction's body run whole on the connection's
thread in one round trip."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import Body, Database, Row, Tx, UniqueViolation, run_at_once

T = TypeVar("T")


class _SqliteTx:
    """`Tx` over the sqlite3 connection, used on its own thread: every call finishes at once."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _unique_as_our_own():
            return self._db.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _unique_as_our_own():
            self._db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _unique_as_our_own():
            return list(self._db.execute(sql, params).fetchall())

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with _unique_as_our_own():
            row: Row | None = self._db.execute(sql, params).fetchone()
            return row

    async def serialize(self, key: str) -> None:
        return None  # BEGIN IMMEDIATE already lets one writer in at a time


@contextlib.contextmanager
def _unique_as_our_own() -> Iterator[None]:
    """SQLite's broken unique index as `UniqueViolation` (other integrity errors stay as they are)."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise UniqueViolation(str(error)) from None
        raise


class SqliteDatabase(Database):
    """One SQLite file (WAL mode), one aiosqlite connection shared under a lock."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        super().__init__()
        self._connection = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            # First the wait for a lock: switching a new file to WAL needs one for a moment, and
            # another process opening the same file may hold it.
            await connection.execute("PRAGMA busy_timeout = 5000")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def _on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` on the database's own thread in one round trip (`Connection._execute` is how
        aiosqlite itself queues work): a move's four statements cost one hand-off, not four."""
        queue_work: Callable[..., Awaitable[T]] = self._connection._execute
        return await queue_work(work, self._connection._conn)

    async def transaction(self, body: Body[T]) -> T:
        def work(connection: sqlite3.Connection) -> T:
            connection.execute("BEGIN IMMEDIATE")
            try:
                result = run_at_once(body(_SqliteTx(connection)))
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:  # a failed COMMIT too: never stay inside it
                    connection.execute("ROLLBACK")
                raise
            return result

        async with self._lock:
            started = time.perf_counter()
            # The thread finishes (commits or rolls back) even if this await is cancelled, and
            # aiosqlite runs queued work in order, so the next transaction never starts inside it.
            result = await self._on_thread(work)
            self._timed(started)
            return result

    async def read(self, body: Body[T]) -> T:
        async with self._lock:
            return await self._on_thread(lambda connection: run_at_once(body(_SqliteTx(connection))))

    async def journal_mode(self) -> str:
        row = await self.fetchrow("PRAGMA journal_mode")
        return str(row[0]) if row else ""

    async def schema_version(self) -> int:
        row = await self.fetchrow("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def apply_migration(self, number: int, statements: Sequence[str]) -> None:
        async def body(tx: Tx) -> None:
            row = await tx.fetchrow("PRAGMA user_version")  # another process may have done it
            if row is not None and int(row[0]) >= number:
                return
            for statement in statements:
                await tx.execute(statement)
            await tx.execute(f"PRAGMA user_version = {int(number)}")

        await self.transaction(body)

    async def close(self) -> None:
        async with self._lock:
            await self._connection.close()
