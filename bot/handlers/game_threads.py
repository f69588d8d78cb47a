"""A game's own thread: opened when `/play` asks for one and the channel allows it, removed when
no game was made in it, and the short message in the channel that points to it.

Split from lobbies.py (issue 30): the thread is a part of opening a game that stands on its own.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.handlers import replies
from bot.handlers.lobby_views import display_name
from bot.play.seats import SeatChange
from engine.registry import get_game

log = logging.getLogger(__name__)


async def make_thread(interaction: discord.Interaction[Any], game_name: str) -> discord.Thread | None:
    """A public thread for the game when the channel allows it; None (play here) otherwise."""
    channel = interaction.channel
    perms = interaction.app_permissions
    if not isinstance(channel, discord.TextChannel) or not (
        perms.create_public_threads and perms.send_messages_in_threads
    ):
        return None
    await replies.defer(interaction, private=True)
    name = f"{get_game(game_name).title} — {display_name(interaction.user)}"[:100]
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
        )
    except discord.HTTPException:
        log.warning("Could not open a thread in channel %s; playing there instead.", channel.id)
        return None


async def remove_thread(thread: discord.Thread | None) -> None:
    if thread is not None:
        with contextlib.suppress(discord.HTTPException):
            await thread.delete()


async def point_to_thread(
    interaction: discord.Interaction[Any], change: SeatChange, thread: discord.Thread
) -> None:
    """A short public message in the channel: where the game is, and who can join it."""
    record, words = change.position.record, change.position.words
    host = display_name(interaction.user)
    title = change.position.game.title
    if change.started:
        text = words.text(
            "🌱 {host} is playing **{game}** in {thread}; anyone can watch there.",
            host=host,
            game=title,
            thread=thread.mention,
        )
    else:
        need = (
            str(record.min_seats)
            if record.min_seats == record.max_seats
            else f"{record.min_seats}–{record.max_seats}"
        )
        text = words.text(
            "🌱 {host} opened a game of **{game}** in {thread}: anyone here can join ({need} players).",
            host=host,
            game=title,
            thread=thread.mention,
            need=need,
        )
    channel = interaction.channel
    if isinstance(channel, discord.TextChannel):
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("Could not point channel %s to thread %s.", channel.id, thread.id, exc_info=True)
