"""The table: what the bot does in Discord for lobbies, moves, hands and boards, for every game.

Commands and persistent components call in here; this module turns session outcomes into Discord
messages: the lobby and the public board (edited in place, re-posted when older than an hour),
a turn notice that mentions only the player to move (old notices deleted), private hands with
exactly the legal actions as buttons and menus, and the final score breakdown.

Order of work for a click: answer the interaction first (within Discord's 3 seconds), then update
the public board and notices by REST. Board updates take a per-game render lock and always draw the
latest stored state, so two quick moves can never leave an older board on screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, Literal

import discord
from discord.http import handle_message_parameters
from pydantic import BaseModel

from bot import replies
from bot.errors import answer_error, send_ephemeral
from bot.pictures.attach import as_file
from bot.pictures.budget import PictureBudget
from bot.presenters import all_presenters, get_presenter
from bot.render import (
    GREEN,
    LOG_LINES,
    board_embed,
    board_link,
    hand_embed,
    lobby_embed,
    result_embed,
)
from bot.rules_pages import reflow, split_pages
from bot.sessions import (
    LobbyChange,
    MoveOutcome,
    Outdated,
    Refusal,
    SessionManager,
    Snapshot,
    computer_strengths,
)
from bot.table_pictures import BoardPicture, TablePictures
from bot.ui.choices import clip, group_by_first_step, plan_page
from bot.ui.items import RulesButton, choice_view, hand_button_view, lobby_view
from engine.registry import get_game

log = logging.getLogger(__name__)

#: Discord throttles edits of messages older than an hour (error 30046); re-post boards before that.
BOARD_MAX_AGE = 55 * 60.0
#: A message's content limit.
MESSAGE_MAX = 2000
#: Discord's error code for "too many edits to messages older than 1 hour".
OLD_MESSAGE_EDIT_LIMIT = 30046
#: A computer player waits this long before each move, so people can follow it in the log. Fixed:
#: it never depends on the cards the computer holds.
COMPUTER_PAUSE = 1.5


class _SnowflakeText:
    """A user reference whose id discord.py writes as text: Discord documents snowflakes in
    `allowed_mentions.users` as strings (its OpenAPI schema rejects bare integers)."""

    def __init__(self, user_id: int) -> None:
        self.id = str(user_id)


def mention_ids(user_ids: list[int]) -> Any:
    """`allowed_mentions.users` for exactly these users."""
    return [_SnowflakeText(u) for u in user_ids]


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Table:
    """Discord-side behaviour of every game. Holds no game state: everything is in the store."""

    def __init__(
        self,
        client: discord.Client,
        sessions: SessionManager,
        clock: Callable[[], float] = time.time,
        picture_budget: PictureBudget | None = None,
    ):
        self.client = client
        self.sessions = sessions
        self._clock = clock
        self._render_locks: dict[int, asyncio.Lock] = {}
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        #: Set while the bot shuts down: new clicks are answered with a "restarting" line.
        self.closing = False
        self.computer_pause = COMPUTER_PAUSE
        #: Computer turns waiting or thinking, by game (at most one per game).
        self._computer_turns: dict[int, asyncio.Task[None]] = {}
        #: Board and hand pictures: drawn in a worker thread once per (game, version, viewer),
        #: paced by the picture budget.
        self.pictures = TablePictures(picture_budget)

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[None]:
        """Count a handler in progress, so a shutdown can let it finish (`drain`)."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def drain(self, timeout: float = 5.0) -> None:
        """Refuse new clicks and wait (a little) for handlers in progress before the bot closes."""
        self.closing = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)

    # --- lobbies -----------------------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game_name: str,
        options: BaseModel,
        players: int | None,
        thread: bool,
    ) -> None:
        """`/play`: open a lobby here (or in a new thread) — or start at once for one player."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("Games are played in a server channel, not in direct messages.")
        channel_id = interaction.channel_id
        in_thread: discord.Thread | None = None
        if thread:
            in_thread = await self._make_thread(interaction, game_name)
            if in_thread is not None:
                channel_id = in_thread.id
        try:
            change = await self.sessions.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                game_name=game_name,
                options=options,
                host_id=interaction.user.id,
                host_name=display_name(interaction.user),
                players=players,
            )
        except Exception:
            if in_thread is not None:  # refused (or failed): leave no empty thread behind
                with contextlib.suppress(discord.HTTPException):
                    await in_thread.delete()
            raise
        snap = change.snapshot
        if in_thread is not None:
            message = await self._post_opening(in_thread, change)
            text = f"Your {snap.game.title} game is in {in_thread.mention}."
            await replies.send(interaction, private=True, content=text)
        else:
            if change.started:
                picture = await self.pictures.board(snap)
                sent = await replies.send(
                    interaction,
                    private=False,
                    embed=board_embed(snap, [], picture.new),
                    view=hand_button_view(snap.record.id),
                    **picture.new_fields(),
                )
                self.pictures.shown(snap, picture)
            else:
                sent = await replies.send(
                    interaction, private=False, embed=lobby_embed(snap), view=_lobby_view(snap)
                )
            message = sent or await interaction.original_response()
        await self._remember_opening(change, message)

    async def _make_thread(
        self, interaction: discord.Interaction[Any], game_name: str
    ) -> discord.Thread | None:
        """A public thread for the game when the channel allows it; None (play here) otherwise."""
        channel = interaction.channel
        perms = interaction.app_permissions
        if not isinstance(channel, discord.TextChannel) or not perms.create_public_threads:
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

    async def _post_opening(self, where: discord.abc.Messageable, change: LobbyChange) -> discord.Message:
        snap = change.snapshot
        if change.started:
            picture = await self.pictures.board(snap)
            sent = await where.send(
                embed=board_embed(snap, [], picture.new),
                view=hand_button_view(snap.record.id),
                **picture.new_fields(),
            )
            self.pictures.shown(snap, picture)
            return sent
        return await where.send(embed=lobby_embed(snap), view=_lobby_view(snap))

    async def _remember_opening(self, change: LobbyChange, message: discord.Message) -> None:
        game_id = change.snapshot.record.id
        if change.started:
            await self.sessions.set_board_message(game_id, message.id, message.created_at.timestamp())
            await self._publish_start(game_id, actor=change.snapshot.record.host_id)
        else:
            await self.sessions.store.set_lobby_message(game_id, message.id)

    async def _publish_start(self, game_id: int, *, actor: int) -> Snapshot:
        """Ping whoever moves first in a game just started, under the render lock like every later
        move: a move made at once then waits for this notice instead of racing it, which could leave
        the mover pinged and the next player's notice deleted."""
        async with self._render_lock(game_id):
            snap = await self.sessions.snapshot(game_id)
            if snap.record.status == "active" and snap.record.version == 0:
                await self._announce_turn(snap, before=[], actor=actor)
            await self.sessions.store.mark_published(game_id, 0)
        return snap

    async def lobby_action(self, interaction: discord.Interaction[Any], game_id: int, op: str) -> None:
        """Join / Leave / Start / Cancel / Add computer (add-<strength>) on a lobby message."""
        user = interaction.user
        if op.startswith("add-"):
            change = await self.sessions.add_computer(game_id, user.id, op[len("add-") :])
        elif op == "join":
            change = await self.sessions.join(game_id, user.id, display_name(user))
        elif op == "leave":
            change = await self.sessions.leave(game_id, user.id)
        elif op == "start":
            change = await self.sessions.start(game_id, user.id)
        else:
            change = await self.sessions.end(
                game_id, user.id, can_manage=self._can_manage(interaction), name=display_name(user)
            )
        snap = change.snapshot
        if change.started:
            picture = await self.pictures.board(snap)
            await replies.update(
                interaction,
                embed=board_embed(snap, [], picture.new),
                view=hand_button_view(game_id),
                **picture.edit_fields(),
            )
            self.pictures.shown(snap, picture)
            message = interaction.message
            if message is not None:
                await self.sessions.set_board_message(game_id, message.id, message.created_at.timestamp())
            self.schedule_computer(await self._publish_start(game_id, actor=user.id))
            return
        view = None if change.closed else _lobby_view(snap)
        await replies.update(interaction, embed=lobby_embed(snap), view=view)

    @staticmethod
    def _can_manage(interaction: discord.Interaction[Any]) -> bool:
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_channels)

    # --- hands and moves ---------------------------------------------------------------------

    async def _seat_or_refuse(self, snap: Snapshot, user_id: int) -> int:
        seat = snap.record.seat_of(user_id)
        if seat is None:
            if snap.record.status == "lobby":
                raise Refusal("This game hasn't started yet.")
            raise Refusal("You are not playing in this game; the board shows everything there is to see.")
        if snap.record.status == "lobby":
            raise Refusal("This game hasn't started yet: the host starts it from the lobby.")
        return seat

    async def _hand_message(
        self,
        snap: Snapshot,
        seat: int,
        choice: str = "p0",
        note: str | None = None,
        *,
        picture: Literal["asked", "if-free", "keep"] = "if-free",
    ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File] | None]:
        """A hand message: its embed, its choices, and its attachments (None: keep the message's).

        `picture`: "asked" (the player opened their hand: draw it), "if-free" (draw if the picture
        budget has room), or "keep" (same position as the message shows: keep its picture)."""
        lines = snap.drawn(("log", seat))
        if lines is None:
            version = snap.record.version
            lines = await self.sessions.recent_log(snap.record.id, seat, LOG_LINES)
            if snap.record.version == version:  # no move landed meanwhile
                snap.remember_drawn(("log", seat), lines)
        presenter = get_presenter(snap.record.game)
        naming = getattr(presenter, "choice_text", None)
        names = [s.name for s in snap.record.seats]
        if naming is not None and note:  # "You played: Sabotage Bob's plot 1 …"
            note = naming(note, names)
        embed = hand_embed(snap, seat, lines, note)
        files: list[discord.File] | None = None
        if picture != "keep":
            drawn = await self.pictures.hand(snap, seat, asked=picture == "asked")
            files = [as_file(drawn)] if drawn is not None else []
        actions = list(snap.legal_actions(seat))
        if not actions:
            return embed, hand_button_view(snap.record.id, refresh=True), files
        labels, steps = snap.labels_and_steps(seat)
        if naming is not None:  # e.g. "Sabotage Player 2's plot 1" -> "Sabotage Bob's plot 1"
            labels = [naming(label, names) for label in labels]
            steps = [tuple(naming(part, names) for part in parts) for parts in steps]
        groups = snap.drawn(("groups", seat))
        if groups is None:
            groups = snap.remember_drawn(("groups", seat), group_by_first_step(steps))
        page = plan_page(labels, steps, choice, getattr(presenter, "flat_limit", None), groups)
        if page.title:
            embed.add_field(name="Choosing", value=page.title, inline=False)
        return embed, choice_view(snap.record.id, seat, snap.record.version, page), files

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int | None) -> None:
        """ "My hand" / `/hand`: the player's own view and their choices, ephemeral and fresh."""
        if game_id is None:
            current = await self.sessions.in_channel(interaction.channel_id or 0)
            if current is None:
                raise Refusal("There is no game in this channel. Start one with `/play`.")
            snap = current
        else:
            snap = await self.sessions.snapshot(game_id)
        seat = await self._seat_or_refuse(snap, interaction.user.id)
        embed, view, files = await self._hand_message(snap, seat, picture="asked")
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await replies.update(interaction, embed=embed, view=view, attachments=files or [])
        else:
            await replies.send(interaction, private=True, embed=embed, view=view, files=files or [])

    async def choose(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, version: int, choice: str
    ) -> None:
        """A button or menu choice in a hand: navigate a picker, or play an action."""
        if not choice.startswith("a"):
            snap = await self.sessions.snapshot(game_id)
            if snap.record.seat_of(interaction.user.id) != seat:
                raise Refusal("That menu belongs to another player.")
            if snap.record.version != version:
                await self._refresh_outdated(interaction, snap, seat)
                return
            # A picker step or page at the position the message shows: its picture still fits.
            embed, view, _ = await self._hand_message(snap, seat, choice, picture="keep")
            await replies.update(interaction, embed=embed, view=view)
            return
        try:
            outcome = await self.sessions.play(
                game_id, interaction.user.id, seat=seat, version=version, index=int(choice[1:])
            )
        except Outdated:
            await self._refresh_outdated(interaction, await self.sessions.snapshot(game_id), seat)
            return
        try:
            embed, view, files = await self._hand_message(
                outcome.snapshot, seat, note=f"You played: {outcome.label}"
            )
            await replies.update(interaction, embed=embed, view=view, attachments=files or [])
        finally:  # the move is stored: show it to everyone even if this answer failed
            await self.after_move(outcome, actor=interaction.user.id)

    async def _refresh_outdated(
        self, interaction: discord.Interaction[Any], snap: Snapshot, seat: int
    ) -> None:
        link = board_link(snap)
        note = "That choice was for an earlier moment of the game, so nothing was played. " + (
            f"Here is where it stands now ([current board]({link}))."
            if link
            else "Here is where it stands now."
        )
        if snap.record.seat_of(interaction.user.id) != seat or snap.record.status == "lobby":
            raise Refusal(note)
        embed, view, files = await self._hand_message(snap, seat, note=note)
        await replies.update(interaction, embed=embed, view=view, attachments=files or [])

    async def after_move(self, outcome: MoveOutcome, actor: int | None) -> None:
        """Publish a move: edit the board, notify whoever is to move now, and wrap up a finished game.

        Publishing is serialised per game (the render lock), and a turn notice is posted only if
        no later move happened meanwhile, so an older move can never leave a stale mention behind.
        """
        game_id = outcome.snapshot.record.id
        async with self._render_lock(game_id):
            snap = await self._refresh_board_locked(game_id)
            await self._announce_events(outcome)
            if snap.record.status == "active":
                if snap.record.version == outcome.version:
                    await self._announce_turn(snap, before=outcome.to_move_before, actor=actor)
            elif outcome.finished:
                await self._finish(snap)
            self.sessions.store.note_published(game_id, outcome.version)
        if snap.record.status != "active":
            self._render_locks.pop(game_id, None)
        else:
            self.schedule_computer(snap)

    # --- computer players --------------------------------------------------------------------

    def schedule_computer(self, snap: Snapshot) -> None:
        """If a computer seat is to move, let it play after the fixed pause (in a task)."""
        game_id = snap.record.id
        if snap.record.status != "active" or snap.computer_to_move() is None:
            return
        running = self._computer_turns.get(game_id)
        if running is not None and not running.done():
            return
        self._computer_turns[game_id] = asyncio.create_task(
            self._computer_turn(game_id, snap.record.version), name=f"garden-club-computer-{game_id}"
        )

    async def _computer_turn(self, game_id: int, version: int) -> None:
        try:
            # The fixed pause runs while the computer thinks: its move shows when both are over.
            not_before = asyncio.get_running_loop().time() + self.computer_pause
            await asyncio.sleep(0)
            if self.closing:
                return
            outcome = await self.sessions.play_computer(game_id, version=version, not_before=not_before)
            self._computer_turns.pop(game_id, None)
            if outcome is not None:
                await self.after_move(outcome, actor=None)
            else:
                self.schedule_computer(await self.sessions.snapshot(game_id))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("A computer move in game %s failed.", game_id)
        finally:
            if self._computer_turns.get(game_id) is asyncio.current_task():
                self._computer_turns.pop(game_id, None)

    async def resume_computers(self) -> None:
        """After a restart: every game waiting on a computer player's move gets it."""
        for record in await self.sessions.store.games_by_status("active"):
            try:
                self.schedule_computer(await self.sessions.snapshot(record.id))
            except Exception:
                log.exception("Could not resume the computer player of game %s.", record.id)

    async def stop_computers(self) -> None:
        """Cancel computer turns in progress (a restart resumes them: nothing was stored)."""
        tasks = list(self._computer_turns.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._computer_turns.clear()

    async def catch_up(self) -> None:
        """After a restart: finish publishing what was stored just before the bot stopped (a board
        not yet redrawn, a turn notice not yet posted, final scores not yet shown)."""
        for record in await self.sessions.store.unpublished_games():
            try:
                async with self._render_lock(record.id):
                    snap = await self._refresh_board_locked(record.id)
                    if snap.record.status == "active":
                        await self._announce_turn(snap, before=[], actor=await self._last_actor(snap))
                    elif snap.record.status == "finished":
                        await self._finish(snap)
                    await self.sessions.store.mark_published(record.id, snap.record.version)
            except Exception:
                log.exception("Could not catch up on game %s after the restart.", record.id)
        await self.redraw_pictures_later()
        await self.resume_computers()

    async def redraw_pictures_later(self) -> None:
        """After a restart: queue every board of a game in progress for a fresh picture, paced by
        the picture budget. Which boards were still waiting for theirs was only known in memory,
        and a board left showing "picture shows move N (updating)" must not stay so for good."""
        for record in await self.sessions.store.games_by_status("active"):
            if record.board_message_id is not None and self.pictures.pictures.draws_for(record.game):
                self.pictures.redraw_later(record.id)

    async def _last_actor(self, snap: Snapshot) -> int | None:
        """The person who made the game's last move (not to be pinged about their own move)."""
        last = await self.sessions.store.actions(snap.record.id, since_version=snap.record.version - 1)
        if not last or not 0 <= last[-1].seat < len(snap.record.seats):
            return None
        return snap.record.seats[last[-1].seat].user_id

    def _render_lock(self, game_id: int) -> asyncio.Lock:
        return self._render_locks.setdefault(game_id, asyncio.Lock())

    async def _announce_events(self, outcome: MoveOutcome) -> None:
        """Post the public announcements the game's presenter picks out of a move's events."""
        announcer = getattr(get_presenter(outcome.snapshot.record.game), "announcements", None)
        if announcer is None:
            return
        record = outcome.snapshot.record
        names = [seat.name for seat in record.seats]
        lines = announcer([event.line_for(None) for event in outcome.events], names)
        if not lines:
            return
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        try:
            await channel.send(
                clip("\n".join(lines), MESSAGE_MAX), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.warning("Could not post announcements for game %s.", record.id, exc_info=True)

    async def _finish(self, snap: Snapshot) -> None:
        await self._delete_notices(snap.record.id)
        channel = self.client.get_partial_messageable(snap.record.channel_id, guild_id=snap.record.guild_id)
        try:
            await channel.send(embed=result_embed(snap), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.exception("Could not post the final scores of game %s.", snap.record.id)
        self.sessions.finished_with(snap.record.id)
        self.pictures.forget(snap.record.id)

    # --- the public board --------------------------------------------------------------------

    async def refresh_board(self, game_id: int) -> None:
        """Redraw the public board from the latest stored state (edit, or re-post when too old)."""
        async with self._render_lock(game_id):
            snap = await self._refresh_board_locked(game_id)
        if snap.record.status != "active":
            self._render_locks.pop(game_id, None)

    async def redraw_waiting_board(self, game_id: int) -> None:
        """The picture budget has room again: draw this waiting board's latest position."""
        async with self._render_lock(game_id):
            snap = await self._refresh_board_locked(game_id, must_draw=True)
        if snap.record.status != "active":  # its final board: the last picture it needed
            self._render_locks.pop(game_id, None)
            self.pictures.forget(game_id)

    async def _refresh_board_locked(self, game_id: int, *, must_draw: bool = False) -> Snapshot:
        snap = await self.sessions.snapshot(game_id)
        lines = await self.sessions.recent_log(game_id, None, LOG_LINES)
        # A game's last board is drawn at once: one picture per game, and nothing would be left
        # to queue it again if the bot restarted while it waited.
        must_draw = must_draw or snap.record.status == "finished"
        picture = await self.pictures.board(snap, must=must_draw)
        embed = board_embed(snap, lines, picture.new, kept_picture_move=picture.kept_move)
        view = hand_button_view(game_id) if snap.record.status == "active" else None
        record = snap.record
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        old_id = record.board_message_id
        fresh_enough = record.board_posted_at is not None and (
            self._clock() - record.board_posted_at < BOARD_MAX_AGE
        )
        if old_id is not None and fresh_enough:
            try:
                await self._edit_message(
                    record.channel_id, old_id, embed=embed, view=view, **picture.edit_fields()
                )
                self.pictures.shown(snap, picture)
                return snap
            except discord.NotFound:
                old_id = None
            except discord.HTTPException as error:
                if error.code != OLD_MESSAGE_EDIT_LIMIT:
                    raise
        if picture.kept_move is not None:  # a new message has no older picture to keep
            picture = BoardPicture()
            embed = board_embed(snap, lines)
        await self._post_board(snap, channel, embed, view, old_id, picture)
        return snap

    async def _edit_message(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit a message by REST, like `PartialMessage.edit` but without building a `Message` from
        Discord's answer, which nothing reads: the board is edited on every move, so that parse was
        a good part of a move's CPU."""
        mentions = self.client.allowed_mentions
        with handle_message_parameters(previous_allowed_mentions=mentions, **fields) as params:
            await self.client.http.edit_message(channel_id, message_id, params=params)

    async def _post_board(
        self,
        snap: Snapshot,
        channel: discord.PartialMessageable,
        embed: discord.Embed,
        view: discord.ui.View | None,
        old_id: int | None,
        picture: BoardPicture,
    ) -> discord.Message:
        files = picture.new_fields()
        message = await (
            channel.send(embed=embed, view=view, **files) if view else channel.send(embed=embed, **files)
        )
        self.pictures.shown(snap, picture)
        await self.sessions.set_board_message(snap.record.id, message.id, message.created_at.timestamp())
        if old_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old_id).delete()
        return message

    async def repost_board(self, interaction: discord.Interaction[Any]) -> None:
        """`/board`: a fresh copy of this channel's board, here and now."""
        snap = await self.sessions.in_channel(interaction.channel_id or 0)
        if snap is None:
            raise Refusal("There is no game in this channel. Start one with `/play`.")
        if snap.record.status == "lobby":
            sent = await replies.send(
                interaction, private=False, embed=lobby_embed(snap), view=_lobby_view(snap)
            )
            message = sent or await interaction.original_response()
            await self.sessions.store.set_lobby_message(snap.record.id, message.id)
            return
        game_id = snap.record.id
        async with self._render_lock(game_id):
            snap = await self.sessions.snapshot(game_id)
            lines = await self.sessions.recent_log(game_id, None, LOG_LINES)
            picture = await self.pictures.board(snap, must=True)
            sent = await replies.send(
                interaction,
                private=False,
                embed=board_embed(snap, lines, picture.new),
                view=hand_button_view(game_id),
                **picture.new_fields(),
            )
            self.pictures.shown(snap, picture)
            message = sent or await interaction.original_response()
            old_id = snap.record.board_message_id
            await self.sessions.set_board_message(game_id, message.id, message.created_at.timestamp())
            if old_id is not None:
                channel = self.client.get_partial_messageable(
                    snap.record.channel_id, guild_id=snap.record.guild_id
                )
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(old_id).delete()

    # --- turn notices ------------------------------------------------------------------------

    async def _announce_turn(self, snap: Snapshot, *, before: list[int], actor: int | None) -> None:
        """Mention each person newly to move (not the one who just acted), deleting old notices."""
        seats = [s for s in snap.to_move() if s not in before]
        users = []
        for seat in seats:
            user_id = snap.record.seats[seat].user_id
            if user_id is not None and user_id != actor and user_id not in users:
                users.append(user_id)
        if not users:
            return
        channel = self.client.get_partial_messageable(snap.record.channel_id, guild_id=snap.record.guild_id)
        link = board_link(snap)
        where = f" — the board: {link}" if link else ""
        mentions = " ".join(f"<@{u}>" for u in users)
        try:
            message = await channel.send(
                f"{mentions}, it's your turn in **{snap.game.title}**. Press **My hand** to play{where}",
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, replied_user=False, users=mention_ids(users)
                ),
            )
        except discord.HTTPException:
            log.warning("Could not post a turn notice for game %s.", snap.record.id, exc_info=True)
            return
        old = await self.sessions.swap_notices(snap.record.id, (snap.record.channel_id, message.id))
        await self._delete_messages(old)

    async def _delete_notices(self, game_id: int) -> None:
        await self._delete_messages(await self.sessions.swap_notices(game_id, None))

    async def _delete_messages(self, messages: list[tuple[int, int]]) -> None:
        for channel_id, message_id in messages:
            channel = self.client.get_partial_messageable(channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()

    # --- rules -------------------------------------------------------------------------------

    async def rules_page(self, interaction: discord.Interaction[Any], game: str, page: int) -> None:
        """`/rules` and its page buttons: one page of a game's rules, ephemeral."""
        presenters = all_presenters()
        if game not in presenters:
            raise Refusal("I don't know that game.")
        pages = split_pages(reflow(presenters[game].rules_text()))
        page = min(max(page, 0), len(pages) - 1)
        embed = discord.Embed(title=f"Rules — {get_game(game).title}", description=pages[page], colour=GREEN)
        embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
        view = discord.ui.View(timeout=None)
        if page > 0:
            view.add_item(RulesButton(game, page - 1, "◀ Previous"))
        if page < len(pages) - 1:
            view.add_item(RulesButton(game, page + 1, "Next ▶"))
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await replies.update(interaction, embed=embed, view=view)
        else:
            await replies.send(interaction, private=True, embed=embed, view=view)

    # --- ending and leaving ------------------------------------------------------------------

    async def end_or_leave(
        self, interaction: discord.Interaction[Any], *, end: bool, computer: str | None = None
    ) -> None:
        """`/end` (host or Manage Channels) or `/leave` (any player) for this channel's game;
        `/leave computer:<strength>` hands the seat to a computer player instead of ending it."""
        snap = await self.sessions.in_channel(interaction.channel_id or 0)
        if snap is None:
            raise Refusal("There is no game in this channel.")
        game_id = snap.record.id
        if end:
            change = await self.sessions.end(
                game_id,
                interaction.user.id,
                can_manage=self._can_manage(interaction),
                name=display_name(interaction.user),
            )
        else:
            change = await self.sessions.leave(game_id, interaction.user.id, computer=computer)
        note = " ".join(change.notes) or "Done."
        await replies.send(interaction, private=False, content=note)
        await self._redraw_after_lobby_change(change)
        if not change.closed:
            self.schedule_computer(await self.sessions.snapshot(game_id))

    async def _redraw_after_lobby_change(self, change: LobbyChange) -> None:
        snap = change.snapshot
        record = snap.record
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        if record.state is None:
            if record.lobby_message_id is not None:
                view = None if change.closed else _lobby_view(snap)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(record.lobby_message_id).edit(
                        embed=lobby_embed(snap), view=view
                    )
            return
        async with self._render_lock(record.id):  # after any move still being published
            await self._delete_notices(record.id)
            snap = await self._refresh_board_locked(record.id)
            if snap.record.status == "active":  # a computer took a leaver's seat: the game goes on
                await self._announce_turn(snap, before=[], actor=None)
        if snap.record.status != "active":
            self._render_locks.pop(record.id, None)

    async def expire_lobbies(self) -> None:
        """Close lobbies whose time ran out and say so on their messages."""
        for snap in await self.sessions.expire_lobbies():
            await self._redraw_after_lobby_change(LobbyChange(snapshot=snap, closed=True))

    async def run_expiry(self, every: float) -> None:
        """The background task: check lobby expiry every `every` seconds, forever."""
        while True:
            try:
                await self.expire_lobbies()
            except Exception:
                log.exception("Lobby expiry check failed; trying again later.")
            await asyncio.sleep(every)


def _lobby_view(snap: Snapshot) -> discord.ui.View:
    """The lobby's buttons, with "Add computer" for each strength this game offers."""
    return lobby_view(snap.record.id, computer_strengths(snap.record.game))


async def guarded(interaction: discord.Interaction[Any], what: str, work: Any) -> None:
    """Run a component handler; any refusal or error gets the central ephemeral answer."""
    try:
        await work
    except Exception as error:
        await answer_error(interaction, error, context=what)


__all__ = ["Table", "guarded", "send_ephemeral"]
