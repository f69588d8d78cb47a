"""The database under the store, behind one small interface with two implementations: SQLite
through aiosqlite (`sqlite_database.py`: the default, one file beside the bot) and PostgreSQL
through asyncpg (`postgres_database.py`: for an instance whose shards run in several processes,
issue 21).

Every query of the store is written once, in the SQL both speak, with `?` for each parameter
(PostgreSQL's `$1, $2…` are put in for it). A transaction is an async function given a `Tx`: on
PostgreSQL it runs on a pooled connection inside `BEGIN … COMMIT`; on SQLite it runs whole on the
database's own thread in one round trip, which is why a body may await nothing but its `Tx`
(SQLite's statements finish at once, so the body never suspends, `run_at_once`). A `quick` one (a
few statements on rows found by their keys: a move, a game's row) SQLite runs at once on the event
loop's own thread when its connection is free: the trip to its thread and back, two thread switches
and more, costs more than such statements do (issue 31).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar

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
    async def transaction(self, body: Body[T], *, quick: bool = False) -> T:
        """`body` in one transaction: all its writes, or (it raised) none. `quick`: a few
        statements on rows found by their keys (SQLite may run it at once on this thread)."""

    @abstractmethod
    async def read(self, body: Body[T], *, quick: bool = False) -> T:
        """`body`'s reads, outside any explicit transaction (`quick`: as for `transaction`)."""

    async def fetch(self, sql: str, params: Sequence[Any] = (), *, quick: bool = False) -> list[Row]:
        return await self.read(lambda tx: tx.fetch(sql, params), quick=quick)

    async def fetchrow(self, sql: str, params: Sequence[Any] = (), *, quick: bool = False) -> Row | None:
        return await self.read(lambda tx: tx.fetchrow(sql, params), quick=quick)

    async def execute(self, sql: str, params: Sequence[Any] = (), *, quick: bool = False) -> int:
        """One statement in a transaction of its own; how many rows it changed."""
        return await self.transaction(lambda tx: tx.execute(sql, params), quick=quick)

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
