"""Carrying out a publishing plan in Discord: the only place that posts, edits and deletes a
game's public messages.

Each step that succeeds is written down at once (the session's `Shown`, the store's notices and
board message), so a plan cut short by Discord failing is recomputed and resumed without
repeating a post. A failure worth retrying (Discord's 5xx or 429, the network) raises
`PublishLater` for the publisher to wait and try again; anything else is logged and skipped.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp
import discord
from discord.http import handle_message_parameters

from bot.game.position import Position
from bot.game.session import GameSession, MessageRef
from bot.game.sessions import Sessions
from bot.picture_service import BoardPicture, PictureService
from bot.publish.mentions import how_to_play, mentions_of
from bot.publish.plan import BoardStep, Plan
from bot.publish.render import MESSAGE_MAX, board_link, ratings_text, result_embed
from bot.publish.table_layout import TableLook, look_of, table_layout
from bot.records import daily
from bot.ui.choices import clip
from bot.ui.items import again_view, back_view

log = logging.getLogger(__name__)

#: Discord's error code for "too many edits to messages older than 1 hour".
OLD_MESSAGE_EDIT_LIMIT = 30046
#: Discord's error code for "Missing Permissions".
MISSING_PERMISSIONS = 50013
#: Discord's error code for "Cannot send messages to this user" (they refuse direct messages).
CANNOT_MESSAGE_USER = 50007


class PublishLater(Exception):
    """Discord did not answer as it should (5xx, 429, the network): try the plan again later."""


def retryable(error: BaseException) -> bool:
    """Whether `error` is Discord or the network failing for now, not a request it refuses."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | OSError | TimeoutError)


class DiscordSide:
    """Posts, edits and deletes a game's public messages as a plan says."""

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

    def channel(self, position: Position) -> discord.PartialMessageable:
        record = position.record
        return self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def carry_out(
        self,
        plan: Plan,
        position: Position,
        session: GameSession,
        lines: list[str],
        picture: BoardPicture,
        version: int,
        ends: Mapping[int, float] | None = None,
    ) -> None:
        """Every step of `plan` (made for `version`), in order; `PublishLater` if Discord fails.
        `ends`: when each seat whose turn begins must decide by (its clock)."""
        ends = ends or {}
        users = position.record.seats
        told = [end for seat, end in ends.items() if users[seat].user_id in plan.notify]
        try:
            await self._board(plan, position, session, lines, picture, ends)
            gone: list[MessageRef] = []
            if plan.announcement and session.shown.announced_version != version:
                gone += await self._announce(position, session, "\n".join(plan.announcement), version)
            if plan.notify and session.shown.notice_version != version:
                ends_told = min(told, default=None)
                gone += await self._notify(position, session, list(plan.notify), version, ends_told)
            # The posts above already retired the messages they replace: delete each message once.
            await self._delete(session, tuple(ref for ref in plan.delete if ref not in gone))
            if plan.post_result and not session.shown.result_posted:
                await self._post_result(position)
                session.shown.result_posted = True
        except Exception as error:
            if retryable(error):
                raise PublishLater(str(error)) from error
            raise

    async def _post_result(self, position: Position) -> None:
        """The game's one final message: every person who played mentioned once, the ranking
        with the breakdown, and **Play again** (the same seats and options in a new lobby)."""
        people = list(dict.fromkeys(s.user_id for s in position.record.seats if s.user_id is not None))
        mentions = " ".join(f"<@{user}>" for user in people)
        record = position.record
        if daily.hidden(record, self._clock()) and record.guild_id is not None:
            # A daily garden whose day runs: its points, not its garden (no spoilers). Its one
            # player just made its last move: named, not pinged about it (issue 27 item 7).
            days = await self.store.daily_days(record.guild_id, record.host_id)
            said = daily.hidden_result(position, daily.streak(days, record.daily or ""))
            await self.channel(position).send(content=said, allowed_mentions=discord.AllowedMentions.none())
            return
        stored = await self.store.result(position.game_id)
        changes = await self.store.rating_changes(position.game_id) if stored and stored.rated else []
        await self.channel(position).send(
            content=mentions or None,  # the ping; the end itself is said once, in the embed
            embed=result_embed(position, ratings_text(stored, changes)),
            view=again_view(position.game_id),
            allowed_mentions=mentions_of(people),
        )

    async def _board(
        self,
        plan: Plan,
        position: Position,
        session: GameSession,
        lines: list[str],
        picture: BoardPicture,
        ends: Mapping[int, float],
    ) -> None:
        step = plan.board
        look = look_of(position, lines, picture, session.shown.look, ends, now=self._clock())
        shown = session.shown.look
        board_id = position.record.board_message_id
        clock_started = bool(ends) and (shown is None or shown.ends != look.ends)
        if step.action == "none" and board_id is not None and clock_started:
            step = BoardStep("edit", board_id, picture.choice)  # the table shows the new clock
        if step.action == "none":
            return
        if step.action == "edit" and step.message_id is not None:
            try:
                await self.edit_message(
                    position.record.channel_id,
                    step.message_id,
                    embed=None,  # a board from before layout messages: its embed goes
                    view=table_layout(position, look),
                    **picture.edit_fields(),
                )
                self.pictures.shown(session, picture)
                session.shown.board_version = position.version
                session.shown.board_status = position.record.status
                session.shown.look = look
                return
            except discord.NotFound:
                pass  # someone deleted the board: post a new one
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS or picture.new is None:
                    raise
                session.text_only = True  # the channel takes no attachments: a text board
                return await self._board(plan, position, session, lines, BoardPicture(), ends)
            except discord.HTTPException as error:
                if error.code != OLD_MESSAGE_EDIT_LIMIT:
                    raise
        if picture.kept_move is not None:  # a new message has no older picture to keep
            picture = BoardPicture()
            look = look_of(position, lines, picture, session.shown.look, ends, now=self._clock())
        await self.post_board(position, session, look, picture, replaces=step.message_id)

    async def post_board(
        self,
        position: Position,
        session: GameSession,
        look: TableLook,
        picture: BoardPicture,
        *,
        replaces: int | None,
    ) -> None:
        """Post the table as a new message, remember it, and delete the one it `replaces`."""
        channel = self.channel(position)
        message = await channel.send(view=table_layout(position, look), **picture.new_fields())
        await self.remember_board(position, session, message, picture, look)
        if replaces is not None and replaces != message.id:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(replaces).delete()

    async def remember_board(
        self,
        position: Position,
        session: GameSession,
        message: discord.Message,
        picture: BoardPicture | None = None,
        look: TableLook | None = None,
    ) -> None:
        """`message` is the game's board now (showing `picture`, if given: else as recorded,
        drawn as `look` says)."""
        posted_at = message.created_at.timestamp()
        await self.store.set_board_message(position.game_id, message.id, posted_at)
        position.record.board_message_id = message.id
        position.record.board_posted_at = posted_at
        if session.position is not None and session.position is not position:
            session.position.record.board_message_id = message.id
            session.position.record.board_posted_at = posted_at
        if picture is not None:
            self.pictures.shown(session, picture)
        session.shown.board_version = position.version
        session.shown.board_status = position.record.status
        if look is not None:
            session.shown.look = look

    async def edit_message(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit a message by REST, like `PartialMessage.edit` but without building a `Message` from
        Discord's answer, which nothing reads (the board is edited on every move)."""
        mentions = self.client.allowed_mentions
        with handle_message_parameters(previous_allowed_mentions=mentions, **fields) as params:
            await self.client.http.edit_message(channel_id, message_id, params=params)

    async def _announce(
        self, position: Position, session: GameSession, text: str, version: int
    ) -> list[MessageRef]:
        """Post the announcement; the one it replaced (deleted), if any."""
        message = await self.channel(position).send(
            clip(text, MESSAGE_MAX), allowed_mentions=discord.AllowedMentions.none()
        )
        old = session.announcement
        session.announcement = MessageRef(message.channel.id, message.id)
        await self.store.replace_notices(
            position.game_id, [(message.channel.id, message.id)], kind="announcement"
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
        link = board_link(position)
        where = f" — the board: {link}" if link else ""
        mentions = " ".join(f"<@{u}>" for u in users)
        clock = f" Your time runs out <t:{int(ends)}:R>." if ends is not None else ""
        title = position.game.title
        text = f"{mentions}, it's your turn in **{title}**.{clock} {how_to_play(position)}{where}"
        _, gone = await self._replace_notices(position, session, text, users)
        session.shown.notice_version = version
        return gone

    async def _replace_notices(
        self, position: Position, session: GameSession, text: str, users: list[int]
    ) -> tuple[MessageRef, list[MessageRef]]:
        """Post a notice mentioning `users`, then delete the game's older ones: one stands at a
        time. The notice posted, and the ones it retired."""
        message = await self.channel(position).send(
            clip(text, MESSAGE_MAX), allowed_mentions=mentions_of(users)
        )
        posted = MessageRef(message.channel.id, message.id)
        old = await self.sessions.notices(session)
        await self.sessions.set_notices(session, [posted])
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
        link = board_link(position)
        where = f" — the board: {link}" if link else ""
        text = (
            f"⏰ <@{user}>, your turn in **{position.game.title}** runs out <t:{int(ends)}:R>. "
            f"{how_to_play(position)}{where}"
        )
        try:
            posted, _ = await self._replace_notices(position, session, text, [user])
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
                    f"⏰ Your turn in **{position.game.title}** runs out <t:{int(ends)}:R>.{where}",
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
        text = (
            f"🤖 Time ran out three turns in a row for **{name}**: a computer plays for them from "
            f"now on. {name}, press **I'm back** to take your seat again."
        )
        try:
            await self.channel(position).send(
                text, view=back_view(record.id, seat), allowed_mentions=discord.AllowedMentions.none()
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
        channel = self.client.get_partial_messageable(ref.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(ref.message_id).delete()
