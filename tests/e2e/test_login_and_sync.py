"""Foundation "Done when": with DISCORD_TOKEN and DISCORD_API_BASE (with or without
DISCORD_GATEWAY_URL) pointing at a local fake Discord, the bot logs in and syncs its commands;
a restart on the same data does not sync again (issue 5, "without hammering the API"); /help
answers ephemerally."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fake_discord import BotRunner, FakeDiscord

GLOBAL_SYNC = "/applications/{application_id}/commands"
GUILD_SYNC = "/applications/{application_id}/guilds/{guild_id}/commands"
PROJECT_ROOT = Path(__file__).resolve().parents[2]


async def test_bot_logs_in_and_syncs_its_commands_globally(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    await garden_bot.start()
    assert len(fake_discord.calls_to("PUT", GLOBAL_SYNC)) == 1
    assert "help" in [c["name"] for c in fake_discord.global_commands]
    assert fake_discord.gateway.stats.identifies == 1
    assert fake_discord.calls_to("GET", "/gateway/bot") == []  # DISCORD_GATEWAY_URL was given


async def test_without_a_gateway_url_the_bot_asks_the_api_base(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """DISCORD_API_BASE set, DISCORD_GATEWAY_URL not: the gateway comes from the base's /gateway/bot."""
    await garden_bot.start(gateway_url=False)
    assert len(fake_discord.calls_to("GET", "/gateway/bot")) == 1
    assert fake_discord.gateway.stats.identifies == 1


async def test_with_sync_guild_id_commands_go_to_that_guild(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    await garden_bot.start(sync_guild_id=fake.guild.id)
    [sync] = fake.calls_to("PUT", GUILD_SYNC)
    assert sync.path.endswith(f"/guilds/{fake.guild.id}/commands")
    assert fake.calls_to("PUT", GLOBAL_SYNC) == []
    interaction = await fake.slash(fake.alice, fake.general, "help")
    assert interaction.payload["data"]["guild_id"] == str(fake.guild.id)
    assert (await fake.response_message(interaction)).ephemeral_to == fake.alice.id


async def test_a_restart_on_the_same_data_does_not_sync_again(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 5: commands are synced only when the command tree changed since the last sync."""
    await garden_bot.start()
    await garden_bot.restart()
    assert len(fake_discord.calls_to("PUT", GLOBAL_SYNC)) == 1
    assert fake_discord.gateway.stats.identifies == 2
    answered = await fake_discord.slash(fake_discord.bob, fake_discord.general, "help")
    assert (await fake_discord.response_message(answered)).ephemeral_to == fake_discord.bob.id


async def test_help_is_answered_ephemerally(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    fake = fake_discord
    interaction = await fake.slash(fake.alice, fake.general, "help")
    reply = await fake.response_message(interaction)
    assert interaction.response_type == 4
    assert reply.ephemeral_to == fake.alice.id
    assert "/help" in reply.text()
    assert fake.public_messages(fake.general) == []
    assert fake.ephemeral_messages(fake.bob) == []


async def test_python_m_bot_logs_in_and_syncs_against_the_fake(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The real entry point, `python -m bot`, configured only through the environment."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(PROJECT_ROOT),
        "DISCORD_TOKEN": fake_discord.token,
        "DISCORD_API_BASE": fake_discord.api_base,
        "DATABASE_PATH": str(tmp_path / "data" / "garden-club.sqlite3"),
        "LOG_LEVEL": "INFO",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake_discord.gateway.wait_connected(timeout=30)
        await fake_discord.wait_until(
            lambda: fake_discord.calls_to("PUT", GLOBAL_SYNC), timeout=30, what="the command sync"
        )
        answered = await fake_discord.slash(fake_discord.alice, fake_discord.general, "help")
        assert (
            await fake_discord.response_message(answered, timeout=15)
        ).ephemeral_to == fake_discord.alice.id
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
        _, stderr = await asyncio.wait_for(process.communicate(), 30)
    log = stderr.decode()
    assert process.returncode == 0, log
    assert "Traceback" not in log
    assert fake_discord.token not in log
    assert len(fake_discord.calls_to("GET", "/gateway/bot")) == 1
    # The command-sync hash lives in the database since the bot-platform branch (meta table).
    assert (tmp_path / "data" / "garden-club.sqlite3").exists()


async def test_another_application_on_the_same_database_syncs_its_own_commands(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A new bot token (another application) with the same database must still get its commands:
    the sync hash is kept per application (found by the fake-discord branch)."""
    await garden_bot.start()
    await garden_bot.stop()
    other = FakeDiscord()
    await other.start()
    try:
        runner = BotRunner(other, garden_bot.data_dir)
        await runner.start()
        await runner.stop()
    finally:
        await other.stop()
    assert len(other.calls_to("PUT", GLOBAL_SYNC)) == 1
    assert len(fake_discord.calls_to("PUT", GLOBAL_SYNC)) == 1
