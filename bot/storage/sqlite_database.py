"""The store's SQLite database (`bot.storage.database`'s interface): one file in WAL mode, one
aiosqlite connection used by one side at a time, each transaction's body run whole on the
connection's thread in one round trip, or a quick one at once on the event loop's thread (issue 31)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import Body, Database, Row, Tx, UniqueViolation, run_at_once

T = TypeVar("T")

log = logging.getLogger(__name__)

#: How long the database's thread waits for another process's lock (milliseconds).
BUSY_TIMEOUT_MS = 5000


class _SqliteTx:
    """`Tx` over the sqlite3 connection, used on its own thread: every call finishes at once."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    # Each statement catches SQLite's integrity errors itself (`_unique_as_our_own`) rather than
    # in a `contextlib.contextmanager`, whose generator and its three calls cost more than most
    # statements here (a move's two, every click's reads).
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return self._db.execute(sql, params).rowcount
        except sqlite3.IntegrityError as error:
            _unique_as_our_own(error)
            raise

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            self._db.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            _unique_as_our_own(error)
            raise

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(self._db.execute(sql, params).fetchall())
        except sqlite3.IntegrityError as error:
            _unique_as_our_own(error)
            raise

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = self._db.execute(sql, params).fetchone()
        except sqlite3.IntegrityError as error:
            _unique_as_our_own(error)
            raise
        return row

    async def serialize(self, key: str) -> None:
        return None  # BEGIN IMMEDIATE already lets one writer in at a time


def _unique_as_our_own(error: sqlite3.IntegrityError) -> None:
    """SQLite's broken unique index raised as `UniqueViolation`; any other integrity error is left
    to the caller, which raises it again as it is."""
    if "UNIQUE" in str(error):
        raise UniqueViolation(str(error)) from None


#: Write transactions between two checkpoints of the write-ahead log into the database file. SQLite's
#: own (after 1000 pages) would run in whichever thread commits, the event loop's too, and it waits
#: for the disk: the store runs them in a worker thread instead (about as often), on a connection
#: of their own (`SqliteDatabase._checkpoint`).
CHECKPOINT_EVERY = 250
#: Frames (pages) in the write-ahead log past which a checkpoint is finished on the store's own
#: connection, in its turn. A write starts the log again from its beginning only when the last
#: checkpoint copied all of it, and one running beside the writes of a busy bot (a move every
#: millisecond) always leaves the few made meanwhile: the log would grow for good. About 16 MB.
WAL_FRAMES_BEFORE_RESET = 4000


def _checkpoint_on(connection: sqlite3.Connection) -> tuple[int, int]:
    """A passive checkpoint on `connection`: the log's frames, and how many are copied."""
    # Every row read (there is one): a statement left unfinished would keep its connection
    # reading, and a log with a reader is never started again.
    rows = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    return (int(rows[0][1]), int(rows[0][2])) if rows else (0, 0)


class _Busy(Exception):
    """Another process holds SQLite's lock: the work is run again on the thread, which waits."""


class SqliteDatabase(Database):
    """One SQLite file (WAL mode), one aiosqlite connection.

    The connection is used by one side at a time: its thread, for work queued there (in order), or,
    for a `quick` transaction or read while nothing is queued there and it is not closing, the event
    loop's thread itself, at once and without waiting for any lock (another process's write: it goes
    to the thread, which waits up to the busy timeout)."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: str = ":memory:") -> None:
        super().__init__()
        self._connection = connection
        #: Held while the connection closes: nothing runs on it then.
        self._closing = asyncio.Lock()
        #: Work queued to the thread, and finished there (each counted by one thread only): the
        #: connection is free for the event loop's thread when they are equal.
        self._queued = 0
        self._finished = 0
        #: Whether the connection waits for other processes' locks now (its busy timeout).
        self._waits = True
        #: Write transactions since the last checkpoint, the file's path for the checkpoints' own
        #: connection (made on first use; none for a database in memory) and the checkpoint running.
        self._writes = 0
        self._path = path
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        #: Set (and replaced) when the connection becomes free after work on its thread: the quick
        #: work that found it busy then runs at once, all of it in the same turn of the loop.
        self._freed = asyncio.Event()

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        connection = await aiosqlite.connect(path, isolation_level=None, check_same_thread=False)
        try:
            # First the wait for a lock: switching a new file to WAL needs one for a moment, and
            # another process opening the same file may hold it.
            await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA wal_autocheckpoint = 0")  # CHECKPOINT_EVERY
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path)

    def _free(self) -> bool:
        """Whether the event loop's thread may use the connection now."""
        return not self._closing.locked() and self._queued == self._finished

    async def _until_free(self) -> None:
        """Wait until the connection is `_free` (work on its thread, or waiting for it, ended).

        Quick work that finds the connection busy waits for this rather than queueing for the
        thread itself: there, each item held the lock for a round trip to the thread and back (a
        turn of a busy loop, tens of milliseconds), and every quick item arriving meanwhile found
        the lock held and queued too, a convoy that a busy bot never drained (a third of the quick
        transactions at 20 games flat out, issue 31)."""
        while not self._free():
            await self._freed.wait()

    def _wake_waiting(self) -> None:
        """After work on the thread: if the connection is free, the quick work waiting runs now."""
        if self._free():
            freed, self._freed = self._freed, asyncio.Event()
            freed.set()

    def _at_once(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` here and now, on the event loop's thread (the connection is `_free`); `_Busy`
        (nothing done) if another process holds a lock it needs."""
        connection = self._connection._conn
        if self._waits:
            connection.execute("PRAGMA busy_timeout = 0")
            self._waits = False
        try:
            return work(connection)
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise _Busy() from error
            raise

    async def _on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` on the database's own thread in one round trip (`Connection._execute` is how
        aiosqlite itself queues work): a move's four statements cost one hand-off, not four."""

        loop = asyncio.get_running_loop()

        def counted(connection: sqlite3.Connection) -> T:
            try:
                if not self._waits:
                    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                    self._waits = True
                return work(connection)
            finally:
                self._finished += 1
                # Quick work waiting for the connection runs once it is free, even when whoever
                # queued this was cancelled and is not there to say so (`_until_free`).
                with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                    loop.call_soon_threadsafe(self._wake_waiting)

        queue_work: Callable[..., Awaitable[T]] = self._connection._execute
        self._queued += 1
        return await queue_work(counted, self._connection._conn)

    async def transaction(self, body: Body[T], *, quick: bool = False) -> T:
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

        started = time.perf_counter()
        if quick:
            await self._until_free()
            try:  # (not `contextlib.suppress`: three calls more on every quick write)
                result = self._at_once(work)
            except _Busy:
                pass
            else:
                self._wrote()
                self._timed(started)
                return result
        result = await self._in_turn(work)
        self._wrote()
        self._timed(started)
        return result

    def _wrote(self) -> None:
        """One more write transaction: every `CHECKPOINT_EVERY`, a checkpoint starts beside it."""
        self._writes += 1
        if self._writes >= CHECKPOINT_EVERY and self._path != ":memory:":
            running = self._checkpointing
            if running is None or running.done():
                self._writes = 0
                self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database file, in a worker thread, on a connection of
        its own: the store's connection stays free all the while. (Run on that connection, it
        kept every quick transaction and read waiting until the checkpoint's trip to its thread
        and back was over, and the writes arriving meanwhile queued for that thread one after
        another: at 20 games flat out, a twentieth of the queries waited 30 ms or more, issue 31.)
        A passive checkpoint waits for no reader or writer; when the log is long (writes went on
        during the last ones), the pages written since are copied on the store's connection, in
        its turn (`WAL_FRAMES_BEFORE_RESET`). One that fails is tried again after the next
        `CHECKPOINT_EVERY` writes."""
        try:
            frames, _copied = await asyncio.to_thread(self._checkpoint_beside)
            if frames >= WAL_FRAMES_BEFORE_RESET:
                await self._in_turn(_checkpoint_on)
        except sqlite3.Error as error:
            log.warning("Could not checkpoint the database's write-ahead log (%s); trying later.", error)

    def _checkpoint_beside(self) -> tuple[int, int]:
        """A passive checkpoint on the checkpoints' own connection: the log's frames, and how many
        of them are in the database file now."""
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        return _checkpoint_on(self._checkpointer)

    async def read(self, body: Body[T], *, quick: bool = False) -> T:
        def work(connection: sqlite3.Connection) -> T:
            return run_at_once(body(_SqliteTx(connection)))

        if quick:
            await self._until_free()
            try:  # (not `contextlib.suppress`: three calls more on every quick read)
                return self._at_once(work)
            except _Busy:
                pass
        return await self._in_turn(work)

    async def _in_turn(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` on the database's thread, in order after the work queued there before it; the
        quick work waiting for the connection runs once the thread is done with it. The thread
        finishes (commits or rolls back) even if this await is cancelled, and aiosqlite runs
        queued work in order, so the next transaction never starts inside it (nor one on the
        event loop's thread: the connection is not `_free` from the moment it is queued until the
        thread has run it). No lock is held meanwhile: held until this coroutine resumed, a turn
        of a busy loop after the thread was done, it kept the quick work waiting that much longer
        (at 20 games flat out, 15 s: 171 waits, p90 55 ms, with the lock; 126, p90 20 ms, without;
        issue 31)."""
        try:
            return await self._on_thread(work)
        finally:
            self._wake_waiting()

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
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        async with self._closing:
            await self._connection.close()
