"""Foundation "Done when": against a local fake Discord the bot logs in, syncs, and answers /help."""

from __future__ import annotations

from tests.fake_discord import BotRunner, FakeDiscord

GLOBAL_SYNC = "/applications/{application_id}/commands"


async def test_bot_logs_in_and_syncs_its_commands_globally(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    await garden_bot.start()
    assert [c.method for c in fake_discord.calls_to("PUT", GLOBAL_SYNC)] == ["PUT"]
    assert "help" in [c["name"] for c in fake_discord.global_commands]
    assert fake_discord.gateway.stats.identifies == 1


async def test_help_is_answered_ephemerally(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    interaction = await fake_discord.slash(fake_discord.alice, fake_discord.general, "help")
    response = await interaction.wait_answered()
    assert response.type == 4
    assert interaction.original is not None
    assert interaction.original.ephemeral_to == fake_discord.alice.id
    assert "/help" in interaction.original.content
    assert fake_discord.public_messages(fake_discord.general) == []
