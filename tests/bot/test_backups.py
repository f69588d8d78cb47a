"""Backups (issue "Ready for server owners"): online copies on a schedule kept BACKUP_KEEP deep, a
copy before every migration, and `restore` refusing clearly (bot running, not a database, a newer
schema)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiosqlite
import pytest

from bot.basics.clock import ManualClock
from bot.operations.restore import RestoreRefused, restore, restore_command
from bot.storage import SeatRecord, Store
from bot.storage.backups import Backups, hold_run_lock, scheduled_backups
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.sqlite_database import SqliteDatabase
from tests.damaged_sqlite import fill_and_damage

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0
#: 2026-01-02 03:04:05 UTC.
START = 1767323045.0
ALICE = SeatRecord(name="Alice", user_id=11)


async def add_lobby(store: Store, channel_id: int) -> int:
    record = await store.create_lobby(
        guild_id=1,
        channel_id=channel_id,
        game="secret_number",
        options={"turns_each": 2},
        min_seats=2,
        max_seats=2,
        seed=42,
        host=ALICE,
        host_id=11,
        lobby_ttl=60.0,
    )
    return record.id


def channels_in(path: Path) -> list[int]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return [int(row[0]) for row in db.execute("SELECT channel_id FROM games ORDER BY id")]


def user_version(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def eventually(condition: Callable[[], bool], what: str) -> None:
    """Wait (real time: a backup runs in a worker thread) until `condition()` holds."""
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "garden-club.sqlite3")
    yield opened
    await opened.close()


async def test_backups_are_checked_copies_and_only_the_newest_are_kept(tmp_path: Path, store: Store) -> None:
    database = tmp_path / "garden-club.sqlite3"
    before_schema = tmp_path / "backups" / "garden-club-before-schema-3-20250101-000000.sqlite3"
    before_schema.parent.mkdir()
    before_schema.write_bytes(b"kept apart")
    clock = ManualClock(START)
    backups = Backups(database, keep=3, clock=clock)
    for channel in range(1, 6):
        await add_lobby(store, channel)  # the bot keeps writing on its own connection meanwhile
        taken = await backups.take()
        assert taken is not None and taken.name == f"garden-club-20260102-0{2 + channel}0405.sqlite3"
        assert channels_in(taken) == list(range(1, channel + 1))
        clock.advance(HOUR)
    kept = [path.name for _, path in scheduled_backups(database)]
    assert kept == [f"garden-club-20260102-0{hour}0405.sqlite3" for hour in (5, 6, 7)]
    assert before_schema.read_bytes() == b"kept apart"  # copies before migrations are never rotated
    newest = tmp_path / "backups" / kept[-1]
    assert not Path(f"{newest}-wal").exists()  # a standalone file
    with contextlib.closing(sqlite3.connect(newest)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == sorted([*kept, before_schema.name])


async def test_the_schedule_counts_from_the_last_backup_on_disk(tmp_path: Path, store: Store) -> None:
    database = tmp_path / "garden-club.sqlite3"
    clock = ManualClock(START)
    running = asyncio.create_task(Backups(database, keep=10, clock=clock).run(24 * HOUR))
    try:
        await eventually(lambda: len(scheduled_backups(database)) == 1, "a first backup at once")
        clock.advance(23 * HOUR)
        await asyncio.sleep(0.1)
        assert len(scheduled_backups(database)) == 1
        clock.advance(HOUR)
        await eventually(lambda: len(scheduled_backups(database)) == 2, "the next one a day later")
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
    # A restart 12 hours later takes no extra backup, and does not skip the next one either.
    clock.advance(12 * HOUR)
    running = asyncio.create_task(Backups(database, keep=10, clock=clock).run(24 * HOUR))
    try:
        await asyncio.sleep(0.1)
        assert len(scheduled_backups(database)) == 2
        clock.advance(12 * HOUR)
        await eventually(lambda: len(scheduled_backups(database)) == 3, "the next one on time")
        assert [taken for taken, _ in scheduled_backups(database)] == [
            START + n * 24 * HOUR for n in range(3)
        ]
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def test_a_failed_backup_is_logged_and_tried_again_at_the_next_interval(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = tmp_path / "garden-club.sqlite3"  # not there yet: the copy fails
    clock = ManualClock(START)
    running = asyncio.create_task(Backups(database, keep=3, clock=clock).run(HOUR))
    try:
        with caplog.at_level(logging.ERROR, logger="bot.storage.backups"):
            await eventually(lambda: any("failed" in r.getMessage() for r in caplog.records), "an error")
        assert not running.done()
        opened = await Store.open(database)
        await opened.close()
        await asyncio.sleep(0.05)
        assert scheduled_backups(database) == []
        clock.advance(HOUR)
        await eventually(lambda: len(scheduled_backups(database)) == 1, "the retry an interval later")
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
    assert not list((tmp_path / "backups").glob("*.partial"))


async def test_a_damaged_database_is_not_backed_up_and_the_error_says_restore(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 29 item 3: quick_check before every backup; a damaged file gives one clear ERROR line
    (no traceback) naming `garden-club restore`, and the heartbeat is told."""
    database = tmp_path / "garden-club.sqlite3"
    opened = await Store.open(database)
    await opened.close()
    fill_and_damage(database)
    backups = Backups(database, keep=3, clock=ManualClock(START))
    told: list[str] = []
    backups.on_damaged = told.append
    with caplog.at_level(logging.ERROR, logger="bot.storage.backups"):
        assert await backups.take() is None
    [record] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert record.exc_info is None and "\n" not in record.getMessage()
    assert record.getMessage().startswith(
        f"Backup of {database} not taken: the database {database} is damaged"
    )
    assert (
        "stop the bot and put back the newest good backup with `garden-club restore FILE`"
        in record.getMessage()
    )
    assert told == [record.getMessage().removeprefix(f"Backup of {database} not taken: ").removesuffix(".")]
    assert scheduled_backups(database) == [] and not list((tmp_path / "backups").glob("*"))


async def test_a_database_is_copied_before_it_is_migrated(tmp_path: Path) -> None:
    database = tmp_path / "garden-club.sqlite3"
    async with aiosqlite.connect(database, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:2])
        await db.execute(
            "INSERT INTO games (channel_id, game, options, min_seats, max_seats, seed, status, host_id,"
            " created_at, updated_at) VALUES (7, 'secret_number', '{}', 2, 2, 1, 'lobby', 11, 0, 0)"
        )
    opened = await Store.open(database, clock=lambda: START)
    await opened.close()
    [copy] = (tmp_path / "backups").iterdir()
    assert copy.name == "garden-club-before-schema-2-20260102-030405.sqlite3"
    assert user_version(copy) == 2 and channels_in(copy) == [7]
    assert user_version(database) == len(MIGRATIONS)
    # At the latest schema already, or brand new: nothing to copy.
    opened = await Store.open(database, clock=lambda: START + HOUR)
    await opened.close()
    fresh = await Store.open(tmp_path / "fresh" / "garden-club.sqlite3")
    await fresh.close()
    assert list((tmp_path / "backups").iterdir()) == [copy]
    assert not (tmp_path / "fresh" / "backups").exists()


async def test_a_damaged_database_is_not_migrated_and_the_error_says_restore(tmp_path: Path) -> None:
    """Not "make room and start again": the copy before a migration finds the damage, and says so."""
    database = tmp_path / "garden-club.sqlite3"
    async with aiosqlite.connect(database, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:2])
    fill_and_damage(database)
    with pytest.raises(RuntimeError) as refused:
        await Store.open(database)
    said = str(refused.value)
    assert said.startswith(f"the database {database} is damaged") and "`garden-club restore FILE`" in said
    assert user_version(database) == 2 and not list((tmp_path / "backups").glob("*"))


async def test_restore_puts_a_backup_in_place_and_keeps_what_it_replaced(
    tmp_path: Path, store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "garden-club.sqlite3"
    await add_lobby(store, 1)
    backup = await Backups(database, keep=3, clock=ManualClock(START)).take()
    assert backup is not None
    await add_lobby(store, 2)
    await store.close()
    Path(f"{database}-wal").write_bytes(b"")  # as a crashed bot may leave them
    Path(f"{database}-shm").write_bytes(b"")
    restore_command(backup, database=database)
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"garden-club: restored {backup} (schema {len(MIGRATIONS)}, 0 games in progress)")
    assert "\n" not in line
    assert channels_in(database) == [1]
    assert not Path(f"{database}-shm").exists()
    [aside] = tmp_path.glob("garden-club.sqlite3.before-restore-*")
    assert str(aside) in line and channels_in(aside) == [1, 2]
    reopened = await Store.open(database)  # the bot starts on it
    try:
        assert [g.channel_id for g in [await reopened.get(1)] if g] == [1]
        assert await reopened.get(2) is None
    finally:
        await reopened.close()


def refusal(capsys: pytest.CaptureFixture[str], file: Path, database: Path) -> str:
    with pytest.raises(SystemExit) as stopped:
        restore_command(file, database=database)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    [line] = captured.err.splitlines()
    assert line.startswith("garden-club: ")
    return line


async def test_restore_refuses_while_the_bot_runs_and_anything_but_a_known_backup(
    tmp_path: Path, store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "garden-club.sqlite3"
    await add_lobby(store, 1)
    backup = await Backups(database, keep=3, clock=ManualClock(START)).take()
    assert backup is not None
    lock = hold_run_lock(database)  # what the running bot holds
    assert lock is not None
    try:
        line = refusal(capsys, backup, database)
        assert f"the bot is running with {database}; stop it first" in line
    finally:
        lock.release()
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database at all")
    assert "is not a SQLite database" in refusal(capsys, junk, database)
    assert "there is no backup file at" in refusal(capsys, tmp_path / "missing.sqlite3", database)
    newer = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(newer)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
        db.execute("CREATE TABLE games (id INTEGER)")
    line = refusal(capsys, newer, database)
    assert f"schema version {len(MIGRATIONS) + 1}, newer than this Garden Club knows" in line
    other = tmp_path / "other.sqlite3"
    with contextlib.closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE recipes (id INTEGER)")
    assert "not a Garden Club one" in refusal(capsys, other, database)
    # Nothing was touched by any refusal.
    assert channels_in(database) == [1]
    assert not list(tmp_path.glob("*.before-restore-*")) and not list(tmp_path.glob("*.restoring"))


def test_restore_reads_database_path_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "elsewhere" / "games.sqlite3"
    source = tmp_path / "backup.sqlite3"
    with contextlib.closing(sqlite3.connect(source)) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DATABASE_PATH={database}\n")
    restore_command(source, database=None)
    assert "restored" in capsys.readouterr().out
    assert user_version(database) == 1  # an older schema: the bot migrates it on start


def test_the_restore_command_refuses_in_one_line_while_another_process_holds_the_lock(
    tmp_path: Path,
) -> None:
    database = tmp_path / "garden-club.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    with contextlib.closing(sqlite3.connect(backup)) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(PROJECT_ROOT)}
    command = [sys.executable, "-m", "bot", "restore", str(backup), "--database", str(database)]
    lock = hold_run_lock(database)
    assert lock is not None
    try:
        held = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    finally:
        lock.release()
    assert held.returncode == 2 and held.stdout == ""
    assert held.stderr.strip() == (
        f"garden-club: the bot is running with {database}; stop it first (docker stop garden-club, "
        "systemctl stop, or Ctrl+C), then restore again."
    )
    done = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith(f"garden-club: restored {backup} (schema 1, 0 games in progress)")
    assert user_version(database) == 1


def test_restore_never_restores_the_database_onto_itself(tmp_path: Path) -> None:
    database = tmp_path / "garden-club.sqlite3"
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.execute("CREATE TABLE games (id INTEGER)")
    with pytest.raises(RestoreRefused, match="is the database itself"):
        restore(database, database)
