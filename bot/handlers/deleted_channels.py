"""A channel or thread deleted with a lobby or a game in it: the game ends there and then.

Nobody can see, click or be shown such a game any more, yet it held on: its clocks ran, its
computers played, its publishing met Discord's "Unknown Channel" on every pass, and it counted as
in progress (found by the explorer's moderator step, tests/explorer/bad_days.py). Discord tells
the bot of a deleted channel or thread (the guilds' events), and `InPlay.channel_gone` ends the
game; a deleted channel's threads go with it. One deleted while the bot was away is met when the
game is next shown (`Publisher`, Discord's "Unknown Channel").
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.handlers.table import Table

log = logging.getLogger(__name__)


class DeletedChannels:
    """The listeners for deleted channels and threads."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def listen(self, bot: commands.Bot) -> None:
        """Have `bot` call these on its events."""
        bot.add_listener(self.on_guild_channel_delete, "on_guild_channel_delete")
        bot.add_listener(self.on_raw_thread_delete, "on_raw_thread_delete")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        threads = getattr(channel, "threads", None) or []
        for channel_id in [channel.id, *(thread.id for thread in threads)]:
            await self._gone(channel_id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._gone(payload.thread_id)

    async def _gone(self, channel_id: int) -> None:
        try:
            await self.table.end_in_deleted_channel(channel_id)
        except Exception:  # the store failing: the game stays, and showing it will meet the same
            log.warning("Could not end the game of deleted channel %s.", channel_id, exc_info=True)
