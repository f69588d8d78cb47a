"""The database under the store, behind one small interface with two implementations: SQLite
through aiosqlite (the default, one file beside the bot) and PostgreSQL through asyncpg (for an
instance whose shards run in several processes, issue 21).

Every query of the store is written once, in the SQL both speak, with `?` for each parameter
(PostgreSQL's `$1, $2…` are put in for it). A transaction is an async function given a `Tx`: on
PostgreSQL it runs on a pooled connection inside `BEGIN … COMMIT`; on SQLite it runs whole on the
database's own thread in one round trip, which is why a body may await nothing but its `Tx`
(SQLite's statements finish at once, so the body never suspends, `run_at_once`).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar

import aiosqlite

Row = Sequence[Any]
T = TypeVar("T")
Dialect = Literal["sqlite", "postgresql"]


class UniqueViolation(Exception):
    """A write broke a unique index or key (the store turns it into its own refusal)."""


class Tx(Protocol):
    """One transaction's statements (or a read's)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def serialize(self, key: str) -> None:
        """Hold `key` until this transaction ends: transactions holding the same key run one after
        another (a read-then-write such as a rating update). SQLite runs one writer at a time
        anyway; PostgreSQL takes a transaction-scoped advisory lock."""
        ...


Body = Callable[[Tx], Awaitable[T]]


class Database(ABC):
    """A place the store keeps its tables: transactions, reads, and what the migrations need."""

    dialect: ClassVar[Dialect]

    def __init__(self) -> None:
        #: Told how long each committed transaction took, in seconds (the metrics; None: nobody).
        self.on_transaction: Callable[[float], None] | None = None

    @abstractmethod
    async def transaction(self, body: Body[T]) -> T:
        """`body` in one transaction: all its writes, or (it raised) none."""

    @abstractmethod
    async def read(self, body: Body[T]) -> T:
        """`body`'s reads, outside any explicit transaction."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.read(lambda tx: tx.fetch(sql, params))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.read(lambda tx: tx.fetchrow(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in a transaction of its own; how many rows it changed."""
        return await self.transaction(lambda tx: tx.execute(sql, params))

    @abstractmethod
    async def schema_version(self) -> int:
        """How many migrations the database has applied."""

    @abstractmethod
    async def apply_migration(self, number: int, statements: Sequence[str]) -> None:
        """Run one migration's statements and record `number` as the schema version, atomically."""

    @abstractmethod
    async def close(self) -> None: ...

    def _timed(self, started: float) -> None:
        if self.on_transaction is not None:
            self.on_transaction(time.perf_counter() - started)


def run_at_once(awaitable: Awaitable[T]) -> T:
    """Run a coroutine that never suspends (a body over SQLite's `Tx`) to its end, here and now."""
    coroutine: Coroutine[Any, Any, T] = awaitable  # type: ignore[assignment]
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a database transaction awaited something other than its own statements")


# ----------------------------------------------------------------------------------------- SQLite


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


# ------------------------------------------------------------------------------------- PostgreSQL

_MARK = re.compile(r"\?")
_COUNT = re.compile(r"(\d+)$")


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2…` (the store's SQL has no `?` in its literals)."""
    numbers = iter(range(1, sql.count("?") + 1))
    return _MARK.sub(lambda _: f"${next(numbers)}", sql)


class _PostgresTx:
    """`Tx` over one asyncpg connection."""

    def __init__(self, connection: Any, translate: Callable[[str], str]) -> None:
        self._db = connection
        self._sql = translate

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _postgres_unique_as_our_own():
            status: str = await self._db.execute(self._sql(sql), *params)
        found = _COUNT.search(status)
        return int(found.group(1)) if found else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with _postgres_unique_as_our_own():
            await self._db.executemany(self._sql(sql), list(rows))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with _postgres_unique_as_our_own():
            return list(await self._db.fetch(self._sql(sql), *params))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with _postgres_unique_as_our_own():
            row: Row | None = await self._db.fetchrow(self._sql(sql), *params)
            return row

    async def serialize(self, key: str) -> None:
        await self._db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)


@contextlib.asynccontextmanager
async def _postgres_unique_as_our_own() -> AsyncIterator[None]:
    import asyncpg

    try:
        yield
    except asyncpg.UniqueViolationError as error:
        raise UniqueViolation(str(error)) from None


class PostgresDatabase(Database):
    """A PostgreSQL database through an asyncpg connection pool: several processes may share it."""

    dialect = "postgresql"

    def __init__(self, pool: Any) -> None:
        super().__init__()
        self._pool = pool
        self._translated: dict[str, str] = {}

    @classmethod
    async def open(cls, url: str, *, max_connections: int = 10) -> PostgresDatabase:
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_connections)
        return cls(pool)

    def _sql(self, sql: str) -> str:
        translated = self._translated.get(sql)
        if translated is None:
            translated = self._translated[sql] = numbered(sql)
        return translated

    async def transaction(self, body: Body[T]) -> T:
        async with self._pool.acquire() as connection:
            started = time.perf_counter()
            async with connection.transaction():
                result = await body(_PostgresTx(connection, self._sql))
            self._timed(started)
            return result

    async def read(self, body: Body[T]) -> T:
        async with self._pool.acquire() as connection:
            return await body(_PostgresTx(connection, self._sql))

    async def schema_version(self) -> int:
        async def body(tx: Tx) -> int:
            await tx.serialize("garden-club-migrations")  # two processes starting at once
            await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            row = await tx.fetchrow("SELECT MAX(version) FROM schema_version")
            return int(row[0]) if row and row[0] is not None else 0

        return await self.transaction(body)

    async def apply_migration(self, number: int, statements: Sequence[str]) -> None:
        async def body(tx: Tx) -> None:
            # Two processes starting at once: the second waits here, then finds the step done.
            await tx.serialize("garden-club-migrations")
            row = await tx.fetchrow("SELECT MAX(version) FROM schema_version")
            if row is not None and row[0] is not None and int(row[0]) >= number:
                return
            for statement in statements:
                await tx.execute(statement)
            await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

        await self.transaction(body)

    async def close(self) -> None:
        await self._pool.close()


#: What `DATABASE_URL` may begin with, and the implementation each selects.
SCHEMES = ("sqlite:///", "postgresql://", "postgres://")


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def sqlite_path(location: str) -> str:
    """The file of a SQLite location: a plain path, or a `sqlite:///path` URL (`sqlite:////abs`)."""
    return location[len("sqlite:///") :] if location.startswith("sqlite:///") else location


async def open_database(location: str) -> Database:
    """The database at `location`: a `postgresql://…` URL, else a SQLite file (a path or
    `sqlite:///path`), opened but not migrated."""
    if is_postgres(location):
        return await PostgresDatabase.open(location)
    return await SqliteDatabase.open(sqlite_path(location))
