"""Issue 2: a bad setting stops `python -m bot` with one clear line, never a traceback — also when
the setting is well-formed but wrong (a dead or non-Discord DISCORD_API_BASE, a refused token)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.storage import Store
from bot.storage.backups import copy_database, quick_check
from tests.damaged_sqlite import fill_and_damage
from tests.fake_discord import FakeDiscord
from tests.pg_cluster import free_port

PROJECT_ROOT = Path(__file__).resolve().parents[2]


async def run_bot(env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """Run `python -m bot` to its end; its exit code and stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


def bot_env(tmp_path: Path, token: str, api_base: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(PROJECT_ROOT),
        "DISCORD_TOKEN": token,
        "DISCORD_API_BASE": api_base,
        "DATABASE_PATH": str(tmp_path / "data" / "garden-club.sqlite3"),
        "LOG_LEVEL": "ERROR",
    }


async def test_an_unreachable_or_wrong_api_base_stops_with_one_line(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    closed = FakeDiscord()
    await closed.start()
    unreachable = closed.api_base
    await closed.stop()
    for api_base in (unreachable, fake_discord.api_base + "/not-the-api"):
        code, stderr = await run_bot(bot_env(tmp_path, fake_discord.token, api_base), tmp_path)
        assert code == 2
        assert "Traceback" not in stderr and fake_discord.token not in stderr
        [line] = [line for line in stderr.splitlines() if line.startswith("garden-club:")]
        assert f"could not log in through {api_base}" in line and "DISCORD_API_BASE" in line
    assert [c.path for c in fake_discord.unknown_routes] == ["/not-the-api/users/@me"]
    fake_discord.unknown_routes.clear()


async def test_a_gateway_unreachable_while_rest_works_stops_with_one_line(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Issue 29 item 4: discord.py 2.7.1 crashed on it (`AttributeError: 'NoneType' object has no
    attribute 'sequence'`, a traceback, exit 1); the start checks the gateway first."""
    closed = f"ws://127.0.0.1:{free_port()}/"
    env = {**bot_env(tmp_path, fake_discord.token, fake_discord.api_base), "DISCORD_GATEWAY_URL": closed}
    code, stderr = await run_bot(env, tmp_path)
    assert code == 2 and "Traceback" not in stderr and fake_discord.token not in stderr, stderr
    [line] = [line for line in stderr.splitlines() if line.strip()]
    assert line.startswith(f"garden-club: could not open Discord's gateway at {closed} "), line
    assert "DISCORD_GATEWAY_URL" in line and "network" in line


async def test_a_refused_token_stops_with_one_line(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    code, stderr = await run_bot(bot_env(tmp_path, "a-wrong-token", fake_discord.api_base), tmp_path)
    assert code == 2 and "Traceback" not in stderr and "a-wrong-token" not in stderr
    assert "Discord refused DISCORD_TOKEN" in stderr


async def test_a_damaged_database_stops_the_start_with_one_line_naming_restore(tmp_path: Path) -> None:
    """Issue 29 item 3: a page overwritten in the middle of the file fails SQLite's quick_check at
    start; the bot does not run on it, and `garden-club health` says why (not "healthy")."""
    database = tmp_path / "data" / "garden-club.sqlite3"
    store = await Store.open(database)
    await store.close()
    good = tmp_path / "data" / "backups" / "garden-club-20260102-030405.sqlite3"
    copy_database(database, good)
    fill_and_damage(database)
    env = bot_env(tmp_path, "a-token", "http://127.0.0.1:9/api/v10")  # never reached
    code, stderr = await run_bot(env, tmp_path)
    assert code == 2 and "Traceback" not in stderr, stderr
    [line] = [line for line in stderr.splitlines() if line.strip()]
    assert line.startswith(f"garden-club: the database {database} is damaged (SQLite's quick_check: "), line
    assert "`garden-club restore FILE`" in line and str(tmp_path / "data" / "backups") in line
    code, said = await owner_command(["health", "--database", str(database)], env, tmp_path)
    assert code == 1
    assert said == f"garden-club: unhealthy: {line.removeprefix('garden-club: ')}"
    # What the line says to do works: the backup is put back, and health no longer says "damaged".
    code, said = await owner_command(["restore", str(good), "--database", str(database)], env, tmp_path)
    assert code == 0 and said.startswith(f"garden-club: restored {good}"), said
    code, said = await owner_command(["health", "--database", str(database)], env, tmp_path)
    assert code == 1 and "no heartbeat" in said and "is damaged" not in said
    assert quick_check(database) is None


async def owner_command(arguments: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """`python -m bot ARGUMENTS` without a token, as an owner runs health or restore: exit code and
    what it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *arguments,
        cwd=cwd,
        env={k: v for k, v in env.items() if k != "DISCORD_TOKEN"},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    said, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, said.decode().strip()
