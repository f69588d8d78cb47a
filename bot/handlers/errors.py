"""One place that answers every failed interaction: a short ephemeral line, never a traceback.

A `Refusal` (not your turn, lobby full, …) is the player's answer and is not an error. Anything
else is logged with its context (who, where, which command or component) and the player is told
briefly that it went wrong on our side; the game itself is safe in the database.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import DIRECT_MESSAGE, Refusal
from bot.basics.words import N_, said_fields, words_for
from bot.handlers import replies

log = logging.getLogger(__name__)

#: Discord's code for an interaction token that is dead (not answered within 3 seconds, or expired).
UNKNOWN_INTERACTION = 10062

SORRY = N_("Sorry, something went wrong on my side. Your game is safe; `/board` shows where it stands.")
CANNOT_USE_HERE = N_("You can't use that here.")


async def send_ephemeral(interaction: discord.Interaction[Any], msgid: str, **fields: object) -> None:
    """Answer `interaction` privately, whether or not it was already answered (or deferred), with
    the catalog's `msgid` in the clicker's language."""
    words = words_for(str(interaction.locale))
    await send_said(interaction, words.text(msgid, **said_fields(fields, words)))


async def send_said(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer `interaction` privately with `text`, already in the clicker's language."""
    try:
        await replies.send(interaction, private=True, content=text)
    except discord.HTTPException:
        log.warning("Could not answer interaction %s.", interaction.id, exc_info=True)


def describe(interaction: discord.Interaction[Any], context: str) -> str:
    return (
        f"{context} (user {interaction.user.id}, guild {interaction.guild_id}, "
        f"channel {interaction.channel_id}, interaction {interaction.id})"
    )


async def answer_error(interaction: discord.Interaction[Any], error: BaseException, *, context: str) -> None:
    """The central handler: a refusal's message, or log + a short apology."""
    original = error
    while isinstance(original, app_commands.CommandInvokeError | app_commands.TransformerError):
        original = original.__cause__ or original
        if isinstance(original, app_commands.CommandInvokeError):
            original = original.original
        else:
            break
    if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
        # Too late: Discord already showed the failure and refuses any answer now.
        log.warning("Interaction expired before it was answered in %s", describe(interaction, context))
        return
    if isinstance(original, Refusal):
        # Its own way of being said (an engine's refusal is matched against its game's templates).
        await send_said(interaction, original.said(words_for(str(interaction.locale))))
        return
    if isinstance(original, app_commands.NoPrivateMessage):
        await send_ephemeral(interaction, DIRECT_MESSAGE)
        return
    if isinstance(original, app_commands.CheckFailure):
        await send_ephemeral(interaction, CANNOT_USE_HERE)
        return
    log.error("Error in %s", describe(interaction, context), exc_info=original)
    await send_ephemeral(interaction, SORRY)
