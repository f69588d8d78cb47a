"""Issue 2: a bad setting stops `python -m bot` with one clear line, never a traceback — also when
the setting is well-formed but wrong (a dead or non-Discord DISCORD_API_BASE, a refused token)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.fake_discord import FakeDiscord

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


async def test_a_refused_token_stops_with_one_line(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    code, stderr = await run_bot(bot_env(tmp_path, "a-wrong-token", fake_discord.api_base), tmp_path)
    assert code == 2 and "Traceback" not in stderr and "a-wrong-token" not in stderr
    assert "Discord refused DISCORD_TOKEN" in stderr
