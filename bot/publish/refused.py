"""What a publishing pass does when Discord refuses it for a reason that is not ours to fix.

An owner took a permission the game's messages need (Discord's 50013), hid the channel or removed
the bot from the server (50001, Missing Access; a removed bot's games are held meanwhile:
bot/handlers/removed_from_servers.py), or a moderator locked the game's archived thread: one
warning line, no traceback, and the game is "refused": shown again by its next move, or when the
server's channels, threads or roles change (bot/handlers/owner_changes.py). A channel or thread
Discord no longer has (10003: someone deleted it, while the bot was away or unheard): its game ends
there (`channel_gone`). A thread archived under the game (50083: a day without a post), whose
messages cannot be edited or deleted: the bot unarchives it and the pass is made "again" at once.
Anything else is a failure of ours, which the publisher logs as one.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Literal

import discord

from bot.game.sessions import Sessions
from bot.picture_service import PictureService
from bot.storage import Store

log = logging.getLogger(__name__)

#: Discord's error code for a channel (or thread) it no longer has: someone deleted it.
UNKNOWN_CHANNEL = 10003
#: Discord's error code for "Missing Permissions".
MISSING_PERMISSIONS = 50013
#: Discord's error code for "Missing Access": the bot is not in the server, or cannot see the channel.
MISSING_ACCESS = 50001
#: Discord's error code for an edit or a deletion in an archived thread.
THREAD_ARCHIVED = 50083

#: Ends the game of a channel Discord no longer knows, by the channel's id and the game's (one that
#: ended before its channel went is let go of too).
ChannelGone = Callable[[int, int], Awaitable[None]]
#: Unarchives a thread by its id; whether it is open again (False: a moderator locked it).
Reopen = Callable[[int], Awaitable[bool]]
#: What stopped a pass: a failure of "ours" (to log), "settled" here, to make "again" now, or
#: "refused" by an owner's or a moderator's setting (`Refusals.games`).
Verdict = Literal["ours", "settled", "again", "refused"]


async def settled(
    error: Exception,
    game_id: int,
    store: Store,
    channel_gone: ChannelGone | None,
    reopen: Reopen | None = None,
) -> Verdict:
    """What `error`, which stopped a pass of game `game_id`, was: the owner's or a moderator's
    doing, dealt with here ("settled", "refused", or "again" once the thread is unarchived), else
    "ours"."""
    if isinstance(error, discord.HTTPException) and error.code == THREAD_ARCHIVED and reopen is not None:
        record = await store.get(game_id)
        if record is not None and await reopen(record.channel_id):
            log.info("Game %s's thread had been archived: unarchived, the game is shown again.", game_id)
            return "again"
    if isinstance(error, discord.HTTPException) and error.code in (
        MISSING_PERMISSIONS,
        MISSING_ACCESS,
        THREAD_ARCHIVED,  # locked by a moderator: only those who may manage threads reopen it
    ):
        log.warning(
            "Could not show game %s in its channel: the bot lacks a permission there (%s).",
            game_id,
            error.text or "Missing Permissions",
        )
        return "refused"
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL and channel_gone is not None:
        record = await store.get(game_id)
        if record is not None:
            log.info("Game %s's channel is gone from Discord: the game ends.", game_id)
            await channel_gone(record.channel_id, game_id)
            return "settled"
    return "ours"


class Refusals:
    """The publisher's side of these refusals: the verdict on a failed pass, and the games an
    owner's or a moderator's setting keeps from being shown (`games`, shown again by
    bot/handlers/owner_changes.py)."""

    def __init__(self, sessions: Sessions, pictures: PictureService, reopen: Reopen) -> None:
        self.sessions = sessions
        self.pictures = pictures
        self.reopen = reopen
        #: Ends the game of a channel Discord no longer knows (None: such a pass is "ours").
        self.channel_gone: ChannelGone | None = None
        #: The games whose last pass was refused, by id.
        self.games: set[int] = set()

    async def verdict(self, error: Exception, game_id: int) -> Verdict:
        """`settled`'s verdict on `error`; a refused game that has ended keeps nothing in memory
        meanwhile (its end is read from the store when it is shown, as after a restart)."""
        store = self.sessions.store
        found = await settled(error, game_id, store, self.channel_gone, self.reopen)
        if found == "refused":
            self.games.add(game_id)
            record = await store.get(game_id)
            if record is not None and not record.is_open:
                self.pictures.forget(game_id)
                self.sessions.forget(game_id)
        return found
