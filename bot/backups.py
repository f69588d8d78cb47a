"""Backups of the database: online copies on a schedule, a copy before every migration, and
`garden-club restore FILE` to put one back while the bot is stopped.

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

The running bot holds an exclusive `flock` on the lock file (`hold_run_lock`, taken in
`GardenClubBot.setup_hook`), which is how `restore` knows to refuse.
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
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.settings import Settings, describe_error

if sys.platform != "win32":
    import fcntl

if TYPE_CHECKING:
    from bot.clock import Clock

log = logging.getLogger(__name__)

#: The folder beside the database that holds its backups.
BACKUP_FOLDER = "backups"
_STAMP = "%Y%m%d-%H%M%S"
#: How every SQLite database file begins.
SQLITE_HEADER = b"SQLite format 3\x00"


class BackupFailed(Exception):
    """A copy could not be made or did not pass its check (the message says why)."""


class RestoreRefused(Exception):
    """`restore` will not go ahead; the message is the one line the owner reads."""


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
            contextlib.closing(sqlite3.connect(_read_only(source), uri=True)) as reader,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            reader.execute("PRAGMA busy_timeout = 5000")
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


def _read_only(path: Path) -> str:
    return path.absolute().as_uri() + "?mode=ro"


def copy_before_migration(database: Path, version: int, when: float) -> Path:
    """Keep a copy of `database`, at schema `version`, before it is migrated forward (called by
    `Store.open`). Refuses to go on (RuntimeError) if the copy cannot be made: a migration is
    never run without a way back."""
    target = backup_folder(database) / f"{database.stem}-before-schema-{version}-{stamp(when)}.sqlite3"
    started = time.monotonic()
    try:
        size = copy_database(database, target)
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


def hold_run_lock(database: Path) -> RunLock | None:
    """Lock `<database>.lock` for this process; None if another process holds it (a bot running
    with the same database). Raises OSError if the lock file cannot be opened."""
    path = lock_path(database)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    if sys.platform != "win32":
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            return None
        except OSError:
            os.close(handle)
            raise
    return RunLock(path, handle)


# Restoring


class _DatabaseSetting(BaseSettings):
    """DATABASE_PATH alone, read as the bot reads it (environment, then `.env`), so `restore`
    needs no DISCORD_TOKEN."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    database_path: Path = Settings.model_fields["database_path"].default


def configured_database(env_file: str | Path | None = ".env") -> Path:
    try:
        return _DatabaseSetting(_env_file=env_file).database_path
    except ValidationError as error:
        raise RestoreRefused(describe_error(error)) from None


def restore_command(file: Path, *, database: Path | None) -> None:
    """`garden-club restore FILE [--database PATH]`: one line saying what was done (exit 0), or one
    line on stderr saying why not (exit 2)."""
    try:
        done = restore(file, database if database is not None else configured_database())
    except RestoreRefused as refusal:
        print(f"garden-club: {refusal}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"garden-club: {done}")


def restore(file: Path, database: Path, *, now: float | None = None) -> str:
    """Put the backup `file` in place of `database`, which no running bot may hold: the backup is
    copied and checked first (a SQLite database of a schema this code knows, passing its integrity
    check), the database it replaces is moved aside (with its `-wal`) as
    `<database>.before-restore-<time>`, and the latest move of every game in progress is shown
    again when the bot starts. Returns what was done, in one line; raises RestoreRefused."""
    if not file.is_file():
        hint = backup_folder(database) / f"{database.stem}-….sqlite3"
        raise RestoreRefused(f"there is no backup file at {file}: give the path of one, such as {hint}.")
    if database.is_dir():
        raise RestoreRefused(
            f"the database path {database} is a folder: give the database file (--database)."
        )
    if database.exists() and database.samefile(file):
        raise RestoreRefused(f"{file} is the database itself: give the path of a backup to restore.")
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        lock = hold_run_lock(database)
    except OSError as error:
        raise RestoreRefused(f"cannot use {database.parent} ({error.strerror or error}).") from None
    if lock is None:
        raise RestoreRefused(
            f"the bot is running with {database}; stop it first (docker stop garden-club, "
            "systemctl stop, or Ctrl+C), then restore again."
        )
    try:
        return _restore_locked(file, database, time.time() if now is None else now)
    finally:
        lock.release()


def _restore_locked(file: Path, database: Path, now: float) -> str:
    try:
        with open(file, "rb") as opened:
            header = opened.read(len(SQLITE_HEADER))
    except OSError as error:
        raise RestoreRefused(f"cannot read {file} ({error.strerror or error}).") from None
    if header != SQLITE_HEADER:
        raise RestoreRefused(f"{file} is not a SQLite database: give the path of a Garden Club backup.")
    incoming = database.with_name(database.name + ".restoring")
    try:
        copy_database(file, incoming)
        version, in_progress = _check_restorable(file, incoming)
        _show_again(incoming, version)
    except BackupFailed as error:
        incoming.unlink(missing_ok=True)
        raise RestoreRefused(f"{file} cannot be restored ({error}).") from None
    except RestoreRefused:
        incoming.unlink(missing_ok=True)
        raise
    aside = database.with_name(f"{database.name}.before-restore-{stamp(now)}")
    try:
        replaced = _move_aside(database, aside)
        os.replace(incoming, database)
    except OSError as error:
        incoming.unlink(missing_ok=True)
        raise RestoreRefused(f"cannot put the backup in place of {database} ({error}).") from None
    games = "1 game" if in_progress == 1 else f"{in_progress} games"
    before = f"; the database it replaced is {aside}" if replaced else ""
    return (
        f"restored {file} (schema {version}, {games} in progress) to {database}{before}. Start the bot again."
    )


def _check_restorable(file: Path, copy: Path) -> tuple[int, int]:
    """The copy's schema version and its games in progress, or RestoreRefused saying what it is not."""
    from bot.storage.migrations import MIGRATIONS  # here: bot.storage itself imports this module

    try:
        with contextlib.closing(sqlite3.connect(_read_only(copy), uri=True)) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > len(MIGRATIONS):
                raise RestoreRefused(
                    f"{file} has schema version {version}, newer than this Garden Club knows "
                    f"({len(MIGRATIONS)}): restore it with the version of Garden Club that made it, "
                    "or pick an older backup."
                )
            tables = {
                str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if version == 0 or "games" not in tables:
                raise RestoreRefused(
                    f"{file} is a SQLite database but not a Garden Club one (no games in it)."
                )
            in_progress = int(db.execute("SELECT count(*) FROM games WHERE status = 'active'").fetchone()[0])
    except sqlite3.Error as error:
        raise RestoreRefused(f"{file} cannot be read as a Garden Club database ({error}).") from None
    return version, in_progress


#: The schema that added `games.published_version` (migration 2).
_PUBLISHED_VERSION_SCHEMA = 2


def _show_again(copy: Path, version: int) -> None:
    """Mark the latest move of every game in progress as not yet shown, so the restored bot shows
    it again on start (`Table.catch_up`): Discord's boards show later moves than the backup holds,
    and the player to move there is told afresh."""
    if version < _PUBLISHED_VERSION_SCHEMA:
        return  # migration 2 will count every game as shown
    try:
        with contextlib.closing(sqlite3.connect(copy, isolation_level=None)) as db:
            db.execute(
                "UPDATE games SET published_version = min(published_version, version - 1) "
                "WHERE status = 'active'"
            )
    except sqlite3.Error as error:
        raise BackupFailed(str(error)) from error


def _move_aside(database: Path, aside: Path) -> bool:
    """Move `database` (and its -wal, so nothing it holds is lost) to `aside`; drop its -shm.
    Returns whether there was a database to move."""
    if not database.exists():
        for suffix in ("-wal", "-shm"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        return False
    # Fold the write-ahead log into the file first where possible, so `aside` stands alone.
    with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(database)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    os.replace(database, aside)
    wal = Path(f"{database}-wal")
    if wal.exists():
        os.replace(wal, Path(f"{aside}-wal"))
    Path(f"{database}-shm").unlink(missing_ok=True)
    return True
