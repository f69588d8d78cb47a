"""The bot object: opens its resources in `setup_hook`, then registers and syncs commands."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import sync_if_changed
from bot.endpoints import discover_gateway, use_gateway
from bot.settings import Settings

log = logging.getLogger(__name__)


class GardenClubBot(commands.Bot):
    """Garden Club. Needs no privileged intents: everything arrives as interactions."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings

    async def setup_hook(self) -> None:
        if self.settings.discord_gateway_url:
            use_gateway(str(self.settings.discord_gateway_url))
        elif self.settings.api_base:
            use_gateway(await discover_gateway(self.http))
        register_basic_commands(self.tree)
        state_file = self.settings.database_path.parent / "command-sync.json"
        await sync_if_changed(self.tree, state_file, self.settings.sync_guild_id)

    async def on_ready(self) -> None:
        user_id = self.user.id if self.user else None
        log.info("Logged in as %s (id %s) in %d servers.", self.user, user_id, len(self.guilds))


def register_basic_commands(tree: app_commands.CommandTree[discord.Client]) -> None:
    """Commands that need no game: /help."""

    @tree.command(name="help", description="What Garden Club can do and how to play.")
    async def help_command(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "**Garden Club** hosts garden card games in this channel.\n"
            "`/help` — this message.",
            ephemeral=True,
        )
