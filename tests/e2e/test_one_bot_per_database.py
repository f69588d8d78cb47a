"""Issue 29 items 5 and 6, with real processes and real files: a second unsharded bot on one
database refuses to start in one line (status 2) and leaves the running one healthy; `health`
answers "down" at once when the heartbeat's process was killed."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

from tests.e2e.test_owner_stop_and_config import no_traceback_one_line
from tests.e2e.test_startup_failures import owner_command, run_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.processes import ROOT, bot_environment, start_bot_process
from tests.pg_cluster import Cluster


async def second_start(fake: FakeDiscord, folder: Path, **settings: str) -> tuple[int, str]:
    """`python -m bot` again, to its end: exit code and stderr."""
    return await run_bot(bot_environment(fake, folder, {"BACKUP_EVERY": "off", **settings}), folder)


async def healthy(folder: Path, database: Path) -> tuple[int, str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return await owner_command(["health", "--database", str(database)], env, folder)


async def until_healthy(folder: Path, database: Path) -> None:
    for _ in range(40):
        if (await healthy(folder, database))[0] == 0:
            return
        await asyncio.sleep(0.5)
    raise AssertionError("the bot never said it was healthy")


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), 20)


async def test_a_second_unsharded_bot_on_one_sqlite_file_refuses_and_the_first_stays_healthy(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "garden-club.sqlite3"
    first = await start_bot_process(fake_discord, tmp_path, {"BACKUP_EVERY": "off"})
    try:
        await until_healthy(tmp_path, database)
        code, stderr = await second_start(fake_discord, tmp_path)
        line = no_traceback_one_line(code, stderr)
        assert f"another Garden Club process (process id {first.pid}) is running with the database" in line
        assert "SHARD_COUNT" in line and fake_discord.token not in stderr, line
        # The refused process wrote nothing: the heartbeat is still the first one's, healthy.
        assert json.loads((tmp_path / "garden-club.sqlite3.health").read_text())["pid"] == first.pid
        code, said = await healthy(tmp_path, database)
        assert code == 0 and "healthy" in said, said
    finally:
        await stop(first)
    code, said = await healthy(tmp_path, database)
    assert code == 1 and "the bot stopped" in said, said


async def test_a_second_unsharded_bot_on_one_postgresql_database_refuses(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_cluster: Cluster
) -> None:
    """Each process keeps its files in its own folder (compose: its own volume): the lock that
    refuses the second is PostgreSQL's advisory lock, and the password never shows."""
    url = postgres_cluster.database().replace("garden@", "garden:pw-not-shown@")
    here, there = tmp_path / "one", tmp_path / "two"
    here.mkdir()
    there.mkdir()
    first = await start_bot_process(fake_discord, here, {"DATABASE_URL": url, "BACKUP_EVERY": "off"})
    try:
        code, stderr = await second_start(fake_discord, there, DATABASE_URL=url)
        line = no_traceback_one_line(code, stderr)
        assert "another Garden Club process is running with the database postgresql://garden@" in line
        assert "pw-not-shown" not in stderr, stderr
        # A shard's process may not join an unsharded bot either.
        code, stderr = await second_start(
            fake_discord, there, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="1"
        )
        assert "another Garden Club process is running" in no_traceback_one_line(code, stderr)
    finally:
        await stop(first)
    # Stopped, the database is free again.
    again = await start_bot_process(fake_discord, there, {"DATABASE_URL": url, "BACKUP_EVERY": "off"})
    await stop(again)


async def test_health_says_down_at_once_when_the_bot_was_killed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "garden-club.sqlite3"
    process = await start_bot_process(fake_discord, tmp_path, {"BACKUP_EVERY": "off"})
    try:
        await until_healthy(tmp_path, database)
    finally:
        process.kill()
        await process.wait()
    code, said = await healthy(tmp_path, database)
    assert code == 1 and f"the bot's process (id {process.pid}) is gone" in said, said
    # The next start is not refused: the lock went with the killed process.
    again = await start_bot_process(fake_discord, tmp_path, {"BACKUP_EVERY": "off"})
    await stop(again)
