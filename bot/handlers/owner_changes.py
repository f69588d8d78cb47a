"""An owner's changes to a server's channels or roles, which may give the bot back what showing a
game needs.

A pass refused for a permission an owner took (Send Messages, Embed Links...: bot/publish/refused.py)
was tried again only by the game's next move, and a game that had ended has none: its final table,
result and turn notices' deletion waited for the next restart, its session kept in memory until
then (found by the explorer). Discord tells the bot of every change to a channel's or a thread's
permissions and of every role's (the guilds' events): each such change in a server shows its
refused games again. A change that gave nothing back refuses them again, one warning each.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.handlers.table import Table

log = logging.getLogger(__name__)


class OwnerChanges:
    """The listeners for changes to a server's channels, threads and roles."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def listen(self, bot: commands.Bot) -> None:
        """Have `bot` call these on its events."""
        bot.add_listener(self.on_guild_channel_update, "on_guild_channel_update")
        bot.add_listener(self.on_thread_update, "on_thread_update")
        bot.add_listener(self.on_guild_role_update, "on_guild_role_update")

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        await self.retry(after.guild.id)

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self.retry(after.guild.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self.retry(after.guild.id)

    async def retry(self, guild_id: int) -> None:
        """Show again the games of server `guild_id` a missing permission kept from being shown."""
        refused = self.table.publisher.refusals.games
        if not refused:
            return
        try:
            for game_id in sorted(refused):
                record = await self.table.store.get(game_id)
                if record is None or record.guild_id == guild_id:
                    refused.discard(game_id)
                if record is not None and record.guild_id == guild_id:
                    self.table.publisher.request(game_id)
        except Exception:  # the store failing: the games wait for the next change or restart
            log.warning("Could not show again the games of server %s.", guild_id, exc_info=True)
