"""Backups of the database: online copies on a schedule, a copy before every migration, and the
run lock that `garden-club restore FILE` (`bot.operations.restore`) checks before putting one back.

Every copy is made with SQLite's online backup API from a separate connection in a worker thread,
so the bot's own connection keeps working meanwhile (WAL mode: readers never block the writer). A
copy is a standalone file (rollback journal, no `-wal` beside it) that passed `PRAGMA
integrity_check` before it is counted. Beside the database `garden-club.sqlite3`:

    backups/garden-club-20260102-030405.sqlite3                    scheduled (UTC); the newest
                                                                   BACKUP_KEEP are kept
    backups/garden-club-before-schema-4-20260102-030405.sqlite3    taken before migrating a
                                                                   database at schema 4; never
                                                                   deleted by the bot
    garden-club.sqlite3.lock                                       held by the running bot
    garden-club.sqlite3.before-restore-20260102-030405             what `restore` replaced

The running bot holds an `flock` on the lock file (`hold_run_lock`, taken by `bot.operations.claim` before
it logs in: exclusive when unsharded, shared by shards' processes), which is how `restore` and a
second unsharded bot know to refuse.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if sys.platform != "win32":
    import fcntl

if TYPE_CHECKING:
    from bot.basics.clock import Clock

log = logging.getLogger(__name__)

#: The folder beside the database that holds its backups.
BACKUP_FOLDER = "backups"
_STAMP = "%Y%m%d-%H%M%S"
#: How every SQLite database file begins.
SQLITE_HEADER = b"SQLite format 3\x00"


class BackupFailed(Exception):
    """A copy could not be made or did not pass its check (the message says why)."""


class DatabaseDamaged(BackupFailed):
    """The database to be copied fails `PRAGMA quick_check`: a copy would only copy the damage."""

    def __init__(self, database: Path, findings: str) -> None:
        super().__init__(f"{database} is damaged (SQLite's quick_check: {findings})")
        self.database = database
        self.findings = findings


# Integrity


def quick_check(path: Path) -> str | None:
    """What SQLite's `PRAGMA quick_check` finds wrong with the database file `path` (its first
    findings, in a few words), or None if it is sound. Reads only; takes about as long as reading
    the file once."""
    try:
        with contextlib.closing(sqlite3.connect(read_only_uri(path), uri=True)) as db:
            db.execute("PRAGMA busy_timeout = 5000")
            return _findings(db)
    except sqlite3.DatabaseError as error:  # too damaged to check at all ("malformed")
        return str(error) or type(error).__name__


def _findings(db: sqlite3.Connection) -> str | None:
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA quick_check(3)")]
    except sqlite3.DatabaseError as error:
        return str(error) or type(error).__name__
    return None if found == ["ok"] else "; ".join(found)


def damaged_line(database: Path, findings: str, *, running: bool = False) -> str:
    """The one line an owner reads about a damaged database: what is wrong and what to do."""
    stop = "stop the bot and " if running else ""
    return (
        f"the database {database} is damaged (SQLite's quick_check: {findings}): {stop}put back the "
        f"newest good backup with `garden-club restore FILE` (backups are in {backup_folder(database)}; "
        "see the README, 'Back up the database')"
    )


# Names and times


def stamp(when: float) -> str:
    """`when` (seconds since the epoch) as a file-name timestamp in UTC: 20260102-030405."""
    return datetime.fromtimestamp(when, UTC).strftime(_STAMP)


def backup_folder(database: Path) -> Path:
    return database.parent / BACKUP_FOLDER


def scheduled_name(database: Path, when: float) -> str:
    return f"{database.stem}-{stamp(when)}.sqlite3"


def _scheduled_pattern(database: Path) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(database.stem)}-(\d{{8}}-\d{{6}})\.sqlite3")


def scheduled_backups(database: Path) -> list[tuple[float, Path]]:
    """The scheduled backups of `database` on disk with their times, oldest first (the copies taken
    before migrations are not among them)."""
    folder = backup_folder(database)
    if not folder.is_dir():
        return []
    pattern = _scheduled_pattern(database)
    found = []
    for path in folder.iterdir():
        match = pattern.fullmatch(path.name)
        if match and path.is_file():
            taken = datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC).timestamp()
            found.append((taken, path))
    return sorted(found)


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


# Copying


def copy_database(source: Path, target: Path) -> int:
    """Copy the SQLite database `source` to `target` with the online backup API, checked: the copy
    is written beside `target`, must pass `PRAGMA integrity_check`, and then replaces `target`.
    Returns its size in bytes. Raises `BackupFailed` (the copy is removed) on any problem."""
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        with (
            contextlib.closing(sqlite3.connect(read_only_uri(source), uri=True)) as reader,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            reader.execute("PRAGMA busy_timeout = 5000")
            findings = _findings(reader)
            if findings is not None:
                raise DatabaseDamaged(source, findings)
            # One step (pages=-1): the whole copy is one read transaction, which in WAL mode never
            # waits for the bot's writes nor restarts because of them.
            reader.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # a standalone file, no -wal beside it
            check = [str(row[0]) for row in copy.execute("PRAGMA integrity_check")]
        if check != ["ok"]:
            raise BackupFailed(f"the copy failed its integrity check ({'; '.join(check[:3])})")
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
        return target.stat().st_size
    except (OSError, sqlite3.Error) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise BackupFailed(str(error) or type(error).__name__) from error
    except BackupFailed:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise


def read_only_uri(path: Path) -> str:
    return path.absolute().as_uri() + "?mode=ro"


def copy_before_migration(database: Path, version: int, when: float) -> Path:
    """Keep a copy of `database`, at schema `version`, before it is migrated forward (called by
    `Store.open`). Refuses to go on (RuntimeError) if the copy cannot be made: a migration is
    never run without a way back."""
    target = backup_folder(database) / f"{database.stem}-before-schema-{version}-{stamp(when)}.sqlite3"
    started = time.monotonic()
    try:
        size = copy_database(database, target)
    except DatabaseDamaged as error:
        raise RuntimeError(damaged_line(database, error.findings)) from None
    except BackupFailed as error:
        raise RuntimeError(
            f"could not back up {database} before migrating it from schema {version} ({error}); "
            f"the database is unchanged: make room in {target.parent} and start again"
        ) from None
    log.info(
        "Backup before migrating from schema %d: %s (%d bytes, %.1f s)",
        version,
        target,
        size,
        time.monotonic() - started,
    )
    return target


# The schedule


class Backups:
    """The bot's scheduled backups of its database: `take()` one now, `run(every)` forever."""

    def __init__(self, database: Path, *, keep: int, clock: Clock) -> None:
        self.database = database
        self.keep = keep
        self._clock = clock
        self._taking = asyncio.Lock()
        #: Told the one line about a damaged database when a backup finds it (the heartbeat).
        self.on_damaged: Callable[[str], None] | None = None

    def last_taken(self) -> float | None:
        """When the newest scheduled backup on disk was taken (None: there is none)."""
        found = scheduled_backups(self.database)
        return found[-1][0] if found else None

    async def take(self) -> Path | None:
        """Take one backup now, then delete the oldest beyond `keep`. Returns the new backup, or
        None if it failed (logged; the bot carries on)."""
        async with self._taking:
            target = backup_folder(self.database) / scheduled_name(self.database, self._clock.now())
            started = time.monotonic()
            try:
                size = await asyncio.to_thread(copy_database, self.database, target)
            except DatabaseDamaged as error:
                line = damaged_line(self.database, error.findings, running=True)
                log.error("Backup of %s not taken: %s.", self.database, line)
                if self.on_damaged is not None:
                    self.on_damaged(line)
                return None
            except BackupFailed as error:
                log.error(
                    "Backup of %s failed (%s); the next one is tried at the next interval.",
                    self.database,
                    error,
                )
                return None
            log.info("Backup %s (%d bytes, %.1f s)", target, size, time.monotonic() - started)
            self.rotate()
            return target

    def rotate(self) -> list[Path]:
        """Delete the scheduled backups beyond the newest `keep`; returns the ones deleted."""
        found = [path for _, path in scheduled_backups(self.database)]
        deleted = []
        for path in found[: max(0, len(found) - self.keep)]:
            try:
                path.unlink()
            except OSError as error:
                log.warning("Could not delete the old backup %s (%s).", path, error)
            else:
                deleted.append(path)
        return deleted

    async def run(self, every: float) -> None:
        """Back up every `every` seconds, counted from the newest backup on disk (so a restart
        neither adds one nor skips one; with none yet, one is taken at once). A failed backup is
        tried again one interval later."""
        while True:
            now = self._clock.now()
            last = self.last_taken()
            # A backup stamped in the future (the clock was set back) waits one interval at most.
            due = now if last is None else min(last + every, now + every)
            await self._clock.sleep_until(due)
            if await self.take() is None:
                await self._clock.sleep_until(self._clock.now() + every)


# The run lock


class RunLock:
    """An exclusive lock on `<database>.lock`, held while the bot runs; `release()` when it stops."""

    def __init__(self, path: Path, handle: int) -> None:
        self.path = path
        self._handle: int | None = handle

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)  # closing the file releases its flock
            self._handle = None


def hold_run_lock(database: Path, *, shared: bool = False) -> RunLock | None:
    """Lock `<database>.lock` for this process; None if another process holds it (a bot running
    with the same database). `shared`: a shard's process, which other shards' processes may share
    it with (but not an unsharded bot, nor `restore`). Raises OSError if the file cannot be opened."""
    path = lock_path(database)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    if sys.platform != "win32":
        try:
            fcntl.flock(handle, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            return None
        except OSError:
            os.close(handle)
            raise
    return RunLock(path, handle)
