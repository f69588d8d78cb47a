"""`/play` in a channel whose game nobody can see any more: a moderator deleted its message.

The bot is not told when a message is deleted (it listens to the guilds' events only), so a
`/play` refused because of the channel's lobby or game asks Discord whether that one's message
is still there (one read, on the refusal's path only). A lobby whose message is gone is dropped,
as nobody can see or join it, and the new game opens; a game in progress keeps the channel, and
its table is posted again, so the refusal points at something people can see (issue 27: `/play`
is never refused because of a game nobody can see).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.basics.refusals import Refusal
from bot.basics.words import N_
from bot.handlers.table import Table
from bot.play.lobby import ChannelTaken
from bot.play.seats import SeatChange

#: `/play` refused for a game in progress whose table had been deleted, now posted again.
TABLE_POSTED_AGAIN = N_(
    "This channel already has a game, whose table had been deleted: I've posted it again. "
    "Finish that game (or ask its host to `/end` it), or start yours in another channel or a thread."
)


async def open_past(
    table: Table,
    interaction: discord.Interaction[Any],
    taken: ChannelTaken,
    opening: Callable[[], Awaitable[SeatChange]],
) -> SeatChange:
    """`opening` once more if the lobby that took the channel turns out to have lost its message
    (dropped first); for a game in progress whose table was deleted, the table is posted again
    and the refusal says so. Otherwise `taken` stands."""
    record = await table.store.get(taken.game_id) if taken.game_id is not None else None
    if record is None or not record.is_open:
        raise taken
    lobby = record.status == "lobby"
    message_id = record.lobby_message_id if lobby else record.board_message_id
    if not await message_gone(interaction.channel, message_id):
        raise taken
    if lobby:
        if await table.lobbies.drop_lobby(record.id):
            return await opening()
        raise taken
    table.publisher.reshow(record.id)  # its board's edit finds the message gone and posts anew
    raise Refusal(TABLE_POSTED_AGAIN)


async def message_gone(channel: Any, message_id: int | None) -> bool:
    """Whether Discord says the message was deleted; False when it cannot tell (no message id,
    Discord failing, no right to read the channel's history)."""
    if message_id is None or not isinstance(channel, discord.abc.Messageable):
        return False
    try:
        await channel.fetch_message(message_id)
    except discord.NotFound:
        return True
    except discord.HTTPException:
        return False
    return False
