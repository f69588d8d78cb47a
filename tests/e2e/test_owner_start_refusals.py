"""Issue 29 item 7, as an owner meets it: `python -m bot` as a process, against the fake Discord.
A SYNC_GUILD_ID server the bot is not in, and a metrics port that cannot be opened, stop the start
with one line saying what to fix (exit 2, no traceback); a good start says "in 1 server"."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import socket
from pathlib import Path

import pytest

from bot.basics.metrics import metrics_port_refusal
from tests.e2e.test_owner_stop_and_config import bot_env, no_traceback_one_line, run_to_end, start_bot
from tests.fake_discord import FakeDiscord


async def test_a_sync_guild_the_bot_is_not_in_is_said_so(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """It was "could not log in … check DISCORD_API_BASE … and the network": the login worked."""
    elsewhere = fake_discord.guild.id + 12345
    env = bot_env(tmp_path, fake_discord, SYNC_GUILD_ID=str(elsewhere))
    line = no_traceback_one_line(*await run_to_end(env, tmp_path))
    assert f"the bot is not in the server SYNC_GUILD_ID={elsewhere}" in line, line
    assert "invite it" in line and "DISCORD_API_BASE" not in line
    assert fake_discord.token not in line


async def test_a_metrics_port_in_use_refuses_the_start(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        env = bot_env(tmp_path, fake_discord, METRICS_PORT=str(port), METRICS_HOST="127.0.0.1")
        line = no_traceback_one_line(*await run_to_end(env, tmp_path))
    assert f"could not serve metrics on 127.0.0.1:{port}" in line and "METRICS_PORT" in line, line


@pytest.mark.skipif(os.geteuid() == 0, reason="root may open ports below 1024")
async def test_a_privileged_metrics_port_refuses_the_start(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    env = bot_env(tmp_path, fake_discord, METRICS_PORT="81", METRICS_HOST="127.0.0.1")
    line = no_traceback_one_line(*await run_to_end(env, tmp_path))
    assert "could not serve metrics on 127.0.0.1:81" in line and "below 1024 need root" in line, line


async def test_the_start_says_one_server_and_the_games_resumed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    process = await start_bot(bot_env(tmp_path, fake_discord), tmp_path)
    said: list[str] = []
    try:
        assert process.stderr is not None
        while not any("Logged in as" in line for line in said):
            line = await asyncio.wait_for(process.stderr.readline(), 30)
            assert line, "the bot stopped before it logged in: " + "".join(said)
            said.append(line.decode())
        process.send_signal(signal.SIGTERM)
        _, rest = await asyncio.wait_for(process.communicate(), 15)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    log = "".join(said) + rest.decode()
    assert process.returncode == 0, log[-2000:]
    assert len(fake_discord.guilds) == 1
    assert "in 1 server." in log and "1 servers" not in log, log[-2000:]
    assert "Resumed 0 games in progress at start." in log, log[-2000:]


def test_the_privileged_port_line_says_why() -> None:
    """Where the tests run as root (a container), port 81 opens: the wording is checked here."""
    error = PermissionError(errno.EACCES, "Permission denied")
    line = metrics_port_refusal("0.0.0.0", 81, error)
    assert line.startswith("could not serve metrics on 0.0.0.0:81 (Permission denied) (ports below 1024")
    assert "\n" not in line
