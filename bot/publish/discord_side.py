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
from collections.abc import Mapping
from typing import Any

import aiohttp
import discord
from discord.http import handle_message_parameters

from bot.basics.channel_messages import message_payload
from bot.basics.rest_session import ANSWER_UNREAD
from bot.game.position import Position
from bot.game.session import GameSession, MessageRef
from bot.picture_service import BoardPicture
from bot.publish.mentions import mentions_of
from bot.publish.notices_side import NoticeSide
from bot.publish.plan import BoardStep, Plan
from bot.publish.refused import MISSING_PERMISSIONS, UNKNOWN_CHANNEL
from bot.publish.render import ratings_text, result_embed
from bot.publish.table_layout import table_layout
from bot.publish.table_look import TableLook, look_of
from bot.records import daily
from bot.ui.items import again_view

log = logging.getLogger(__name__)

#: Discord's error code for "too many edits to messages older than 1 hour".
OLD_MESSAGE_EDIT_LIMIT = 30046


class PublishLater(Exception):
    """Discord did not answer as it should (5xx, 429, the network): try the plan again later."""


def retryable(error: BaseException) -> bool:
    """Whether `error` is Discord or the network failing for now, not a request it refuses."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | OSError | TimeoutError)


class DiscordSide(NoticeSide):
    """Posts, edits and deletes a game's public messages as a plan says: the board and the final
    result here, the notices in `NoticeSide`."""

    async def reopen_thread(self, channel_id: int) -> bool:
        """Unarchive thread `channel_id` (Discord archived it under a game, or a moderator did):
        whether it is open again. False: it is locked (only a moderator may reopen it), or not a
        thread."""
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
            if not isinstance(channel, discord.Thread):
                return False
            await channel.edit(archived=False)
        except discord.HTTPException:
            return False
        return True

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
            embed=result_embed(position, ratings_text(stored, changes, position.words)),
            view=again_view(position.game_id, position.words),
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
        # What the board is drawn at, read before any await: a move landing meanwhile changes the
        # position in place, and a board noted as showing a version it does not show is never
        # redrawn (the table stayed a move behind).
        version, status = position.version, position.record.status
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
                await self._edit_board(
                    session,
                    position,
                    step.message_id,
                    embed=None,  # a board from before layout messages: its embed goes
                    view=table_layout(position, look),
                    **picture.edit_fields(),
                )
                self.pictures.shown(session, picture)
                session.shown.board_version = version
                session.shown.board_status = status
                session.shown.look = look
                return
            except discord.NotFound as error:
                if error.code == UNKNOWN_CHANNEL:
                    raise  # its channel is gone, not only the board (`Publisher` ends the game)
                # someone deleted the board: post a new one
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
        # A click waiting on the old table is answered before that message goes: Discord takes
        # no answer for a message it no longer has.
        await session.release_click()
        try:
            await self.post_board(position, session, look, picture, replaces=step.message_id)
        except discord.Forbidden as error:
            if error.code != MISSING_PERMISSIONS or picture.new is None:
                raise
            # The channel takes no attachments (an owner took Attach Files; after a restart the
            # session has forgotten it): a text board, as for an edit.
            session.text_only = True
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
        version = position.version  # what the message shows, whatever lands while it is sent
        message = await channel.send(view=table_layout(position, look), **picture.new_fields())
        await self.remember_board(position, session, message, picture, look, version=version)
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
        *,
        version: int | None = None,
    ) -> None:
        """`message` is the game's board now (showing `picture`, if given: else as recorded,
        drawn as `look` says), drawn at `version` (read before it was sent; default: the
        position's version now, for a caller holding the game's lock)."""
        shows = position.version if version is None else version
        status = position.record.status
        posted_at = message.created_at.timestamp()
        # In memory first, before any await: a click on the new board can come as soon as it is
        # posted, and one handled before this was known went to a "board" nobody had noted
        # (a second board was posted, and the click on the first never answered).
        position.record.board_message_id = message.id
        position.record.board_posted_at = posted_at
        if session.position is not None and session.position is not position:
            session.position.record.board_message_id = message.id
            session.position.record.board_posted_at = posted_at
        if picture is not None:
            self.pictures.shown(session, picture)
        session.shown.board_version = shows
        session.shown.board_status = status
        if look is not None:
            session.shown.look = look
        await self.store.set_board_message(position.game_id, message.id, posted_at)

    async def _edit_board(
        self, session: GameSession, position: Position, message_id: int, **fields: Any
    ) -> None:
        """Edit the board: as the answer to the move clicked on it when one waits (one call for
        the click and the redraw, issue 31), else by REST."""
        click = session.take_click(message_id, position.version, time.monotonic())
        if click is not None:
            try:
                await click.answer(**fields)
                return
            except discord.HTTPException as error:  # the click's token expired or failed: edit
                log.info("Table click answer failed (%s); editing the board instead.", error)
                await click.release()  # if Discord still takes an answer, the click has one
        await self.edit_message(position.record.channel_id, message_id, **fields)

    async def edit_message(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit a message by REST, like `PartialMessage.edit` but without building a `Message` from
        Discord's answer, nor parsing its JSON (`ANSWER_UNREAD`): nothing reads it, and the board
        is edited on every move."""
        mentions = self.client.allowed_mentions
        own = self.own_messages()
        payload = None if own is None else message_payload(fields, mentions)
        if own is not None and payload is not None:
            await own.edit(channel_id, message_id, payload)
            return
        unread = ANSWER_UNREAD.set(True)  # nor is Discord's answer parsed (the whole message)
        try:
            with handle_message_parameters(previous_allowed_mentions=mentions, **fields) as params:
                await self.client.http.edit_message(channel_id, message_id, params=params)
        finally:
            ANSWER_UNREAD.reset(unread)
