"""The real bot as its own process (`python -m bot`) against the fake Discord: what benchmarks
measure and what a test needs to kill a process outright (SIGKILL: no clean stop, nothing
flushed), as an owner's machine or a container runtime may."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.fake_discord.fake import FakeDiscord
from tests.fake_discord.model import FakeChannel

ROOT = Path(__file__).resolve().parents[2]


def bot_environment(fake: FakeDiscord, folder: Path, settings: Mapping[str, str]) -> dict[str, str]:
    """The environment of a bot process talking to `fake`, its files in `folder`."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_PATH": str(folder / "garden-club.sqlite3"),
        "LOG_LEVEL": "WARNING",
        **dict(settings),
    }


async def start_bot_process(
    fake: FakeDiscord,
    folder: Path,
    settings: Mapping[str, str] | None = None,
    *,
    python: str | None = None,
    command: Sequence[str] = ("-m", "bot"),
    wrapper: Sequence[str] = (),
    ready_seconds: float = 50.0,
    stderr: int | None = None,
    probe: FakeChannel | None = None,
    shard: int | None = None,
) -> asyncio.subprocess.Process:
    """`python -m bot` against the fake (under `python`, through `wrapper` such as valgrind),
    returned once it answers `/help` in `probe` (default #general). `settings`: more environment
    (DATABASE_URL, SHARD_COUNT…); `shard`: the gateway shard the process runs."""
    environment = bot_environment(fake, folder, settings or {})
    process = await asyncio.create_subprocess_exec(
        *wrapper, python or sys.executable, *command, cwd=folder, env=environment, stderr=stderr
    )
    await fake.gateway.wait_connected(timeout=ready_seconds, shard=shard)
    for _ in range(round(ready_seconds * 2)):  # ready once it answers
        asked = await fake.slash(fake.alice, probe or fake.general, "help")
        try:
            await asked.wait_answered(timeout=0.5)
            return process
        except AssertionError:
            continue
    process.kill()
    await process.wait()
    raise AssertionError("the bot process never became ready")
