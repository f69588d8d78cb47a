"""`garden-club restore FILE`: put a backup in place of the database while the bot is stopped.

The running bot holds `<database>.lock` (`bot.storage.backups.hold_run_lock`), so a restore refuses while
it runs. The backup is copied and checked before anything is replaced; the database it replaces
is moved aside, never deleted. Every refusal is one line naming what is wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
from pathlib import Path

from pydantic import SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.operations.settings import Settings, describe_error, sqlite_file_of
from bot.storage.backups import (
    SQLITE_HEADER,
    BackupFailed,
    backup_folder,
    copy_database,
    hold_run_lock,
    read_only_uri,
    stamp,
)


class RestoreRefused(Exception):
    """`restore` will not go ahead; the message is the one line the owner reads."""


# Restoring


class _DatabaseSetting(BaseSettings):
    """DATABASE_PATH alone, read as the bot reads it (environment, then `.env`), so `restore`
    needs no DISCORD_TOKEN."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    database_path: Path = Settings.model_fields["database_path"].default
    database_url: SecretStr | None = None


def configured_database(env_file: str | Path | None = ".env") -> Path:
    try:
        found = _DatabaseSetting(_env_file=env_file)
    except ValidationError as error:
        raise RestoreRefused(describe_error(error)) from None
    url = found.database_url.get_secret_value() if found.database_url is not None else ""
    if url and not url.startswith("sqlite:///"):
        raise RestoreRefused(
            "DATABASE_URL is a PostgreSQL database: restore its own dumps with pg_restore; "
            "`garden-club restore` puts back the bot's SQLite backups."
        )
    return sqlite_file_of(found.database_path, found.database_url)


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
    _forget_damage(database)
    games = "1 game" if in_progress == 1 else f"{in_progress} games"
    before = f"; the database it replaced is {aside}" if replaced else ""
    return (
        f"restored {file} (schema {version}, {games} in progress) to {database}{before}. Start the bot again."
    )


def _check_restorable(file: Path, copy: Path) -> tuple[int, int]:
    """The copy's schema version and its games in progress, or RestoreRefused saying what it is not."""
    from bot.storage.migrations import MIGRATIONS  # here: bot.storage itself imports this module

    try:
        with contextlib.closing(sqlite3.connect(read_only_uri(copy), uri=True)) as db:
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
#: The schema that added `notices.version` (migration 11).
_NOTICE_VERSION_SCHEMA = 11


def _show_again(copy: Path, version: int) -> None:
    """Mark the latest move of every game in progress as not yet shown, so the restored bot shows
    it again on start (`Table.catch_up`): Discord's boards show later moves than the backup holds,
    and the player to move there is told afresh. The notices the backup lists told their versions
    before Discord moved on (later notices replaced them): they count as telling none, else the
    restored bot would take the turn as told (`Publisher._told_before`)."""
    if version < _PUBLISHED_VERSION_SCHEMA:
        return  # migration 2 will count every game as shown
    try:
        with contextlib.closing(sqlite3.connect(copy, isolation_level=None)) as db:
            db.execute(
                "UPDATE games SET published_version = min(published_version, version - 1) "
                "WHERE status = 'active'"
            )
            if version >= _NOTICE_VERSION_SCHEMA:
                db.execute("UPDATE notices SET version = NULL")
    except sqlite3.Error as error:
        raise BackupFailed(str(error)) from error


def _forget_damage(database: Path) -> None:
    """The heartbeat file of a start refused for a damaged database (`bot.operations.health.record_damage`)
    speaks of the file just replaced: remove it, so `health` no longer says "damaged"."""
    heartbeat = database.with_name(database.name + ".health")  # bot.operations.health.health_path
    try:
        damaged = json.loads(heartbeat.read_text(encoding="utf-8")).get("damaged")
    except (OSError, ValueError, AttributeError):
        return
    if damaged:
        heartbeat.unlink(missing_ok=True)


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
