"""The store's PostgreSQL database (`bot.storage.database`'s interface): an asyncpg connection
pool that several processes of a sharded bot share, each transaction on one pooled connection
inside `BEGIN … COMMIT`."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Any, TypeVar

from bot.storage.database import Body, Database, Row, Tx, UniqueViolation

T = TypeVar("T")


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

    async def transaction(self, body: Body[T], *, quick: bool = False) -> T:
        # `quick` changes nothing here: every statement is a trip to the server anyway.
        async with self._pool.acquire() as connection:
            started = time.perf_counter()
            async with connection.transaction():
                result = await body(_PostgresTx(connection, self._sql))
            self._timed(started)
            return result

    async def read(self, body: Body[T], *, quick: bool = False) -> T:
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
