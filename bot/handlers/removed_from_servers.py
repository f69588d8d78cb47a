"""The bot removed from a server (an owner removed it, or deleted the server), and added back.

Nobody there can see or click the bot's messages any more, yet its games went on: their turn
clocks ran out, computers took the seats of people who could not click, and every pass of their
tables met Discord's "Missing Access" and was logged as an error. Discord's GUILD_DELETE now holds
each game in progress there (`Pauses.hold_away`: its clock stopped, as in a pause) and cancels each
lobby (its message, which the bot can no longer edit, says so when the bot is back). A server that
removed the bot while it was away (nobody told it) is found when it connects, missing from the
servers Discord lists (READY). When the bot is back (GUILD_CREATE: added again while it runs, or
available again after a restart) the held games go on where they were and are shown again. A
server that never takes the bot back sees its games end as abandoned, after its abandon days
(their check runs on).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from bot.basics.words import N_
from bot.clocks.pauses import AWAY
from bot.game.position import Position
from bot.handlers.table import Table
from bot.publish.render import lobby_embed
from bot.storage import DeadlineRecord, GameRecord

log = logging.getLogger(__name__)

#: Why a lobby of a server the bot was removed from ended.
LEFT_SERVER = N_("the bot was removed from the server")


class RemovedFromServers:
    """The listeners for the bot leaving and rejoining servers."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._bot: commands.Bot | None = None

    def listen(self, bot: commands.Bot) -> None:
        """Have `bot` call these on its events."""
        self._bot = bot
        bot.add_listener(self.on_ready, "on_ready")
        bot.add_listener(self.on_guild_remove, "on_guild_remove")
        bot.add_listener(self.on_guild_join, "on_guild_join")
        bot.add_listener(self.on_guild_available, "on_guild_available")

    async def on_ready(self) -> None:
        """Connected: the servers of this process's games that Discord no longer lists removed
        the bot while it was away; their games are held as if it had been told."""
        bot = self._bot
        if bot is None:
            return
        try:
            guild_ids = await self.table.store.open_game_guilds()
        except Exception:
            log.warning("Could not check which servers still have the bot.", exc_info=True)
            return
        for guild_id in guild_ids:
            if self.table.shards.owns_guild(guild_id) and bot.get_guild(guild_id) is None:
                await self._quietly(self.left, guild_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self._quietly(self.left, guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._quietly(self.joined, guild.id)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self._quietly(self.back, guild.id)

    async def left(self, guild_id: int) -> None:
        """Hold the server's games in progress, cancel its lobbies (nobody can join them)."""
        store, held = self.table.store, 0
        for record in await store.open_games_in_guild(guild_id):
            if record.status == "lobby":
                if await self.table.lobbies.drop_lobby(record.id, LEFT_SERVER):
                    # Its message still shows it open: said closed when the bot is back (`back`).
                    now = self.table.timer.now()
                    await store.set_deadline(DeadlineRecord(record.id, AWAY, -1, now, now, 0.0, paused=True))
            elif await self.table.pauses.hold_away(record.id):
                held += 1
        if held:
            log.info("Removed from server %s: %s game(s) there held until the bot is back.", guild_id, held)

    async def back(self, guild_id: int) -> None:
        """The server's held games go on, and the lobbies cancelled when the bot left show it
        (none held: one quick read, at every connection)."""
        for game_id in await self.table.store.held_away(guild_id):
            record = await self.table.store.get(game_id)
            if record is not None and record.state is None:
                await self._show_closed_lobby(record)
            elif await self.table.pauses.back(game_id):
                log.info("Back in server %s: game %s goes on.", guild_id, game_id)

    async def _show_closed_lobby(self, record: GameRecord) -> None:
        await self.table.store.remove_deadlines(record.id, AWAY)
        if record.lobby_message_id is None:
            return
        position = Position(record)
        message = self.table.discord.channel(position).get_partial_message(record.lobby_message_id)
        with contextlib.suppress(discord.HTTPException):  # deleted meanwhile: nothing to correct
            await message.edit(embed=lobby_embed(position), view=None)

    async def joined(self, guild_id: int) -> None:
        """Added to a server, perhaps again: its held games go on, and a game whose end or
        latest move could not be shown while the bot was out (one that ended as abandoned
        meanwhile) is shown now."""
        await self.back(guild_id)
        for record in await self.table.store.unpublished_games():
            if record.guild_id == guild_id:
                self.table.publisher.request(record.id)

    async def _quietly(self, handle: Callable[[int], Awaitable[None]], guild_id: int) -> None:
        try:
            await handle(guild_id)
        except Exception:  # the store failing: nothing changed, and the next event tries again
            log.warning("Could not handle the bot leaving or joining server %s.", guild_id, exc_info=True)
