"""The channel's notices for a game: the announcement, the turn notice that mentions whose turn
it is, reminders when a clock runs low, the stand-in's message, and deleting what they retire.

`DiscordSide` (discord_side.py) builds on this with the board and the final result; split from it
because the notices are a part of their own (one notice standing at a time, best-effort deletes).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.http import handle_message_parameters

from bot.basics.channel_messages import ChannelMessages, message_payload
from bot.game.position import Position
from bot.game.session import GameSession, MessageRef
from bot.game.sessions import Sessions
from bot.picture_service import PictureService
from bot.publish.mentions import how_to_play, mentions_of
from bot.publish.render import MESSAGE_MAX, board_link
from bot.ui.choices import clip
from bot.ui.items import BACK_LABEL, back_view

log = logging.getLogger(__name__)

#: Discord's error code for "Cannot send messages to this user" (they refuse direct messages).
CANNOT_MESSAGE_USER = 50007


class NoticeSide:
    """Posts and deletes a game's notices in its channel (and reminders by direct message)."""

    def __init__(
        self,
        client: discord.Client,
        sessions: Sessions,
        pictures: PictureService,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.sessions = sessions
        self.store = sessions.store
        self.pictures = pictures
        self._clock = clock

    def own_messages(self) -> ChannelMessages | None:
        """The bot's own sender of a channel's messages (bot/basics/channel_messages.py); None
        before the bot's setup (discord.py sends them then)."""
        own: ChannelMessages | None = getattr(self.client, "channel_messages", None)
        return own

    def channel(self, position: Position) -> discord.PartialMessageable:
        record = position.record
        return self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def _post_text(
        self, position: Position, text: str, mentions: discord.AllowedMentions
    ) -> MessageRef:
        """Post `text` (clipped to a message) in the game's channel, as `PartialMessageable.send`
        would, without building a `Message` from Discord's answer, of which only the id is kept:
        Garden Sabotage posts a turn notice about every other move (issue 31)."""
        channel_id = position.record.channel_id
        own = self.own_messages()
        fields: dict[str, Any] = {"content": clip(text, MESSAGE_MAX), "allowed_mentions": mentions}
        payload = None if own is None else message_payload(fields, self.client.allowed_mentions)
        if own is not None and payload is not None:
            posted = await own.post(channel_id, payload)
            return MessageRef(int(posted.get("channel_id", channel_id)), int(posted["id"]))
        with handle_message_parameters(
            **fields, previous_allowed_mentions=self.client.allowed_mentions
        ) as params:
            data = await self.client.http.send_message(channel_id, params=params)
        return MessageRef(int(data.get("channel_id", channel_id)), int(data["id"]))

    async def _announce(
        self, position: Position, session: GameSession, text: str, version: int
    ) -> list[MessageRef]:
        """Post the announcement; the one it replaced (deleted), if any."""
        posted = await self._post_text(position, text, discord.AllowedMentions.none())
        old = session.announcement
        session.announcement = posted
        await self.store.replace_notices(
            position.game_id, [(posted.channel_id, posted.message_id)], kind="announcement", version=version
        )
        session.shown.announced_version = version
        if old is None:
            return []
        await self._delete_one(old)
        return [old]

    async def _notify(
        self, position: Position, session: GameSession, users: list[int], version: int, ends: float | None
    ) -> list[MessageRef]:
        """Post the turn notice mentioning `users`; the older notices it retired."""
        words = position.words
        mentions = " ".join(f"<@{u}>" for u in users)
        parts = [
            words.text("{players}, it's your turn in **{game}**.", players=mentions, game=position.game.title)
        ]
        if ends is not None:
            when = f"<t:{int(ends)}:R>"
            parts.append(words.text("Your time runs out {when}.", when=when))
        parts.append(how_to_play(position) + board_words(position))
        text = " ".join(parts)
        _, gone = await self._replace_notices(position, session, text, users, version)
        session.shown.notice_version = version
        return gone

    async def _replace_notices(
        self, position: Position, session: GameSession, text: str, users: list[int], version: int
    ) -> tuple[MessageRef, list[MessageRef]]:
        """Post a notice mentioning `users` of their turn at `version`, then delete the game's
        older ones: one stands at a time. The notice posted, and the ones it retired."""
        posted = await self._post_text(position, text, mentions_of(users))
        old = await self.sessions.notices(session)
        await self.sessions.set_notices(session, [posted], version=version)
        for ref in old:
            await self._delete_one(ref)
        return posted, old

    async def _still_their_turn(self, game_id: int, user: int) -> bool:
        """Whether `user` is still to move in the game, as the store holds it now."""
        now = await self.sessions.position(game_id)
        return now.is_active and any(now.record.seats[s].user_id == user for s in now.to_move())

    async def _retract(self, session: GameSession, posted: MessageRef) -> None:
        """Delete a reminder overtaken by the move it asked for (and forget it as the standing
        notice, unless a newer notice has replaced it meanwhile)."""
        standing = await self.sessions.notices(session)
        if posted in standing:
            await self.sessions.set_notices(session, [ref for ref in standing if ref != posted])
        await self._delete_one(posted)

    async def remind(self, position: Position, user: int, ends: float, direct: bool) -> None:
        """Remind `user` that their turn's time runs out at `ends`: a notice in the channel that
        replaces the turn notice, and a direct message if they asked for them (`/notify`). A user
        who refuses direct messages gets none, silently. Best effort: a reminder is not retried."""
        session = self.sessions.session(position.game_id)
        words = position.words
        when = f"<t:{int(ends)}:R>"
        where = board_words(position)
        mention = f"<@{user}>"
        runs_out = words.text(
            "⏰ {player}, your turn in **{game}** runs out {when}.",
            player=mention,
            game=position.game.title,
            when=when,
        )
        text = f"{runs_out} {how_to_play(position)}{where}"
        try:
            posted, _ = await self._replace_notices(position, session, text, [user], position.version)
        except discord.HTTPException:
            log.warning("Could not post a reminder in game %s.", position.game_id, exc_info=True)
            return
        if not await self._still_their_turn(position.game_id, user):
            # The move (perhaps the last) was made while the reminder was on its way: a reminder
            # left standing would send the player to a turn that is over, or to a finished game.
            await self._retract(session, posted)
            return
        if not direct:
            return
        try:
            channel = await self.client.create_dm(discord.Object(user))
            await channel.send(
                clip(
                    words.text(
                        "⏰ Your turn in **{game}** runs out {when}.", game=position.game.title, when=when
                    )
                    + where,
                    MESSAGE_MAX,
                )
            )
        except discord.Forbidden as error:
            if error.code != CANNOT_MESSAGE_USER:
                log.warning("Could not send a reminder to user %s.", user, exc_info=True)
        except discord.HTTPException:
            log.warning("Could not send a reminder to user %s.", user, exc_info=True)

    async def announce_stand_in(self, position: Position, seat: int) -> None:
        """A computer took the seat of a player who let three turns run out: say so, with the
        button that gives it back ("I'm back")."""
        record = position.record
        player = record.seats[seat]
        name = player.away_name or player.name
        text = position.words.text(
            "🤖 Time ran out three turns in a row for **{player}**: a computer plays for them from "
            "now on. {player}, press **{back}** to take your seat again.",
            player=name,
            back=position.words.text(BACK_LABEL),
        )
        try:
            await self.channel(position).send(
                text,
                view=back_view(record.id, seat, position.words),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.warning("Could not announce the stand-in of game %s.", record.id, exc_info=True)

    async def _delete(self, session: GameSession, refs: tuple[MessageRef, ...]) -> None:
        """Delete messages the plan retires (best effort: one already gone is fine)."""
        if not refs:
            return
        standing = await self.sessions.notices(session)
        keep = [ref for ref in standing if ref not in refs]
        if keep != standing:
            await self.sessions.set_notices(session, keep)
        if session.announcement in refs:
            session.announcement = None
            await self.store.replace_notices(session.game_id, [], kind="announcement")
        for ref in refs:
            await self._delete_one(ref)

    async def _delete_one(self, ref: MessageRef) -> None:
        """Delete one retired message; best effort (gone already, or Discord failing: it stays)."""
        own = self.own_messages()
        with contextlib.suppress(discord.HTTPException):
            if own is not None:
                await own.delete(ref.channel_id, ref.message_id)
            else:
                await self.client.http.delete_message(ref.channel_id, ref.message_id)


def board_words(position: Position) -> str:
    """ " — the board: <link>", where the game's board is (nothing before it is posted)."""
    link = board_link(position)
    return position.words.text(" — the board: {link}", link=link) if link else ""
