"""`garden-club health` (the Docker HEALTHCHECK) against the real bot and the fake Discord: healthy
while it runs, unhealthy when its gateway connection is gone, when its database cannot be
written, and when it stopped. The bot runs on a clock the test moves (`ManualClock`), so its
heartbeat comes when the test says."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.basics.clock import ManualClock
from bot.operations.health import HEARTBEAT_SECONDS, STALE_AFTER, check, health_path
from tests.damaged_sqlite import fill_and_damage
from tests.fake_discord import BotRunner, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def heartbeat_file(runner: BotRunner) -> Path:
    return health_path(runner.data_dir / "garden-club.sqlite3")


def beat(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


async def eventually(condition: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout}s: {what}")
        await asyncio.sleep(0.01)


async def next_beat(path: Path, clock: ManualClock) -> dict[str, Any]:
    """Move the bot's clock to its next heartbeat and return what it wrote."""
    count = beat(path)["count"]
    clock.advance(HEARTBEAT_SECONDS)
    await eventually(lambda: beat(path)["count"] > count, "the next heartbeat")
    return beat(path)


async def health(
    database: Path | None, *, env: dict[str, str] | None = None, cwd: Path | None = None
) -> tuple[int, str]:
    """Run `python -m bot health` as Docker would: no DISCORD_TOKEN, in a folder with no .env."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    clean["PYTHONPATH"] = str(ROOT)
    arguments = ["--database", str(database)] if database is not None else []
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "health",
        *arguments,
        cwd=cwd or (database.parent if database is not None else None),
        env=clean | (env or {}),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    assert process.returncode is not None
    return process.returncode, output.decode().strip()


async def test_healthy_while_running_then_unhealthy_once_stopped(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, tmp_path: Path
) -> None:
    path = heartbeat_file(clocked_bot)
    # The heartbeat is written at once when the gateway connects, then on the bot's clock.
    await eventually(lambda: path.exists() and beat(path)["gateway"], "a heartbeat saying connected")
    written = await next_beat(path, clock)
    assert written["gateway"] and written["database"] and written["running"]
    assert written["pid"] == os.getpid()
    assert check(path) is None
    assert clocked_bot.bot is not None
    assert await clocked_bot.bot.store.get_meta("heartbeat") == f"{written['time']:.3f}"

    database = clocked_bot.data_dir / "garden-club.sqlite3"
    code, output = await health(database)
    assert (code, output) == (0, "garden-club: healthy (connected to Discord, database writable).")
    # DATABASE_PATH from the environment (or .env) when --database is not given; no token needed.
    (tmp_path / "elsewhere").mkdir()
    code, _ = await health(None, env={"DATABASE_PATH": str(database)}, cwd=tmp_path / "elsewhere")
    assert code == 0
    code, output = await health(None, cwd=tmp_path / "elsewhere")  # the default ./data/…: nothing there
    assert code == 1 and "no heartbeat at data/garden-club.sqlite3.health" in output

    await clocked_bot.stop()
    assert beat(path)["running"] is False
    code, output = await health(database)
    assert code == 1
    assert output.startswith("garden-club: unhealthy: the bot stopped") and "\n" not in output


async def test_unhealthy_while_the_gateway_is_gone(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    path = heartbeat_file(clocked_bot)
    await eventually(lambda: path.exists() and check(path) is None, "a healthy heartbeat")
    # Discord's gateway goes away: the connection drops and every reconnect is closed at once
    # (discord.py logs each failed attempt as an error and tries again, later and later).
    clocked_bot.allow_unhandled_errors = True

    async def refuse(ws: Any, data: Any) -> None:
        await ws.close(code=1000, message=b"fake gateway is down")

    monkeypatch.setattr(fake.gateway, "_resume", refuse)
    monkeypatch.setattr(fake.gateway, "_identify", refuse)
    await fake.gateway.drop_connection()
    await eventually(lambda: "gateway" in (check(path) or ""), "a heartbeat saying disconnected")
    problem = check(path)
    assert problem == "the bot is not connected to Discord's gateway"
    assert beat(path)["database"] is True

    # The gateway is back: the bot resumes and says so at once.
    monkeypatch.undo()
    await fake.gateway.wait_connected(timeout=20)
    await eventually(lambda: check(path) is None, "a healthy heartbeat after the reconnect", timeout=20)


async def test_unhealthy_while_the_database_cannot_be_written(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    path = heartbeat_file(clocked_bot)
    await eventually(lambda: path.exists() and check(path) is None, "a healthy heartbeat")
    # Another process holds the database's write lock (a stuck script, a crashed tool): the bot's
    # writes wait for SQLite's busy timeout and fail.
    database = clocked_bot.data_dir / "garden-club.sqlite3"
    other = sqlite3.connect(database, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        written = await next_beat(path, clock)
        assert written["gateway"] is True and written["database"] is False
        problem = check(path)
        assert problem is not None and "database" in problem
        code, output = await health(database)
        assert code == 1 and "database" in output
    finally:
        other.execute("ROLLBACK")
        other.close()
    written = await next_beat(path, clock)
    assert written["database"] is True and check(path) is None


async def test_unhealthy_once_a_backup_finds_the_database_damaged(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Issue 29 item 3: the running bot's backup checks the file first (quick_check); a damaged one
    is not copied, and from then on `garden-club health` says so and names `garden-club restore`."""
    path = heartbeat_file(clocked_bot)
    await eventually(lambda: path.exists() and check(path) is None, "a healthy heartbeat")
    database = clocked_bot.data_dir / "garden-club.sqlite3"
    fill_and_damage(database, table="padding")  # a page of a table the bot does not read itself
    assert clocked_bot.bot is not None
    assert await clocked_bot.bot.backups.take() is None
    written = await next_beat(path, clock)
    assert written["running"] and written["database"] is False and "is damaged" in written["damaged"]
    code, output = await health(database)
    assert code == 1 and "\n" not in output
    assert output.startswith(
        f"garden-club: unhealthy: the database {database} is damaged (SQLite's quick_check"
    )
    assert "`garden-club restore FILE`" in output


async def test_a_heartbeat_that_stopped_coming_is_stale(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, tmp_path: Path
) -> None:
    path = heartbeat_file(clocked_bot)
    await eventually(lambda: path.exists() and check(path) is None, "a healthy heartbeat")
    # The bot hangs or was killed: no clean stop, the file just stops changing.
    bot = clocked_bot.bot
    assert bot is not None and bot._heartbeat_task is not None
    bot._heartbeat_task.cancel()
    written = beat(path)["time"]
    assert check(path, now=written + STALE_AFTER - 1) is None
    problem = check(path, now=written + STALE_AFTER + 1)
    assert problem is not None and "the last heartbeat is 61 s ago" in problem
    assert "not running" in (check(tmp_path / "nothing.sqlite3.health") or "")
    code, output = await health(tmp_path / "nothing.sqlite3")
    assert code == 1 and "no heartbeat at" in output


async def test_a_clean_stop_leaves_another_running_process_heartbeat_alone(
    clocked_bot: BotRunner, tmp_path: Path
) -> None:
    """Issue 29 item 6: shards' processes sharing one folder share the heartbeat file; the one that
    stops cleanly does not mark the other "stopped" (a killed one's file is still taken over)."""
    path = heartbeat_file(clocked_bot)
    await eventually(lambda: path.exists() and check(path) is None, "a healthy heartbeat")
    bot = clocked_bot.bot
    assert bot is not None and bot.heartbeat is not None
    other = await asyncio.create_subprocess_exec(sys.executable, "-c", "import time; time.sleep(60)")
    try:
        theirs = {**beat(path), "pid": other.pid, "time": time.time()}
        path.write_text(json.dumps(theirs), encoding="utf-8")
        bot.heartbeat.stopped()
        assert beat(path) == theirs and check(path) is None, "the other process still runs: healthy"
    finally:
        other.kill()
        await other.wait()
    assert f"the bot's process (id {other.pid}) is gone" in (check(path) or "")
    bot.heartbeat.stopped()
    ours = beat(path)
    # Read at the moment it was written: a stalled CI machine must not turn "0 s" into "1 s".
    assert ours["pid"] == os.getpid() and check(path, now=ours["time"]) == "the bot stopped 0 s ago"
