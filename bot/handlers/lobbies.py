"""`/play` and the lobby's buttons: open a lobby (or start a solo game) here or in a new thread.

Before anything is created the channel's permissions are checked: without Send Messages or Embed
Links the board cannot be shown, so the game is refused; without Attach Files the game plays with
a text board. A game never exists without its board: if posting the first message fails anyway,
the lobby or game is cancelled again and its thread removed. What a lobby shows is in
lobby_views.py, the game's thread in game_threads.py.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import discord
from pydantic import BaseModel

from bot.basics.refusals import DIRECT_MESSAGE, NOT_OFFERED, WRONG_PLACE, Refusal
from bot.basics.words import N_, Said, words_for
from bot.game.position import Position
from bot.handlers import replies
from bot.handlers.busy_channels import open_past
from bot.handlers.game_threads import make_thread, point_to_thread, remove_thread
from bot.handlers.lobby_views import (
    can_manage,
    display_name,
    ephemeral,
    host_panel_of,
    host_panel_text,
    lobby_view_of,
    on_panel,
)
from bot.handlers.table import Table
from bot.picture_service import BoardPicture
from bot.play.lobby import ChannelTaken
from bot.play.seats import SeatChange, said
from bot.publish.render import lobby_embed
from bot.publish.table_layout import table_layout
from bot.publish.table_look import look_of
from bot.records import daily
from bot.ui.ids import LobbyId

log = logging.getLogger(__name__)

#: The permissions a table needs, by the names Discord's own settings give them.
NEEDS = (
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
)


class LobbyHandlers:
    """The Discord side of opening games and of every lobby button."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def open(
        self,
        interaction: discord.Interaction[Any],
        game_name: str,
        options: BaseModel,
        players: int | None,
        thread: bool | None,
        *,
        clock: str | None = None,
        daily: bool = False,
    ) -> None:
        """`/play`: open a lobby here (or in a new thread) — or start at once for one player.
        `thread` and `clock` not given: the server's defaults (`/settings`). `daily`: today's
        daily garden (bot/records/daily.py)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(DIRECT_MESSAGE)
        perms = interaction.app_permissions
        missing = [Said(label) for attribute, label in NEEDS if not getattr(perms, attribute)]
        if missing:
            named = (
                missing[0]
                if len(missing) == 1
                else Said("{items} and {last}", items=missing[0], last=missing[1])
            )
            raise Refusal(
                "I can't show a game board in this channel: I need the {permissions} permission "
                "here. Ask a moderator, or play in another channel.",
                permissions=named,
            )
        defaults = await self.table.server_settings.of(interaction.guild_id)
        text_only = not perms.attach_files or not defaults.pictures
        thread = defaults.threads if thread is None else thread
        in_thread = await make_thread(interaction, game_name) if thread else None
        channel_id = in_thread.id if in_thread is not None else interaction.channel_id
        opening = functools.partial(
            self.table.lobbies.open,
            guild_id=interaction.guild_id,
            channel_id=channel_id,
            game_name=game_name,
            options=options,
            host_id=interaction.user.id,
            host_name=display_name(interaction.user),
            players=players,
            clock=clock or defaults.clock,
            stand_in=defaults.stand_in,
            daily=daily,
            language=defaults.table_language(str(interaction.guild_locale or "")),
        )
        try:
            try:
                change = await opening()
            except ChannelTaken as taken:  # by a game whose message a moderator may have deleted
                change = await open_past(self.table, interaction, taken, opening)
        except Exception:
            await remove_thread(in_thread)  # refused (or failed): leave no empty thread behind
            raise
        session = self.table.sessions.session(change.position.game_id)
        session.text_only = text_only
        try:
            if in_thread is not None:
                message = await in_thread.send(**await self._opening(change))
                await point_to_thread(interaction, change, in_thread)
                await replies.send(
                    interaction,
                    private=True,
                    content=words_for(str(interaction.locale)).text(
                        "Your {game} game is in {thread}.",
                        game=change.position.game.title,
                        thread=in_thread.mention,
                    ),
                )
            else:
                sent = await replies.send(interaction, private=False, **await self._opening(change))
                message = sent or await interaction.original_response()
        except discord.HTTPException:
            # No board, no game: cancel what was just made, and say so.
            log.warning(
                "Could not post the first message of game %s.", change.position.game_id, exc_info=True
            )
            await self.table.store.close_game(
                change.position.game_id, "cancelled", "its board could not be posted"
            )
            self.table.sessions.forget(change.position.game_id)
            await remove_thread(in_thread)
            raise Refusal(
                "I couldn't post the game's board here, so no game was started. Check my permissions."
            ) from None
        await self._remember(change, message)

    async def _opening(self, change: SeatChange) -> dict[str, Any]:
        """The first message of a lobby, or of a game that started at once."""
        position = change.position
        if not change.started:
            return {"embed": lobby_embed(position), "view": lobby_view_of(position)}
        session = self.table.sessions.session(position.game_id)
        now = self.table.clock()
        hidden = daily.hidden(position.record, now)  # a daily garden: its table shows no garden
        picture = BoardPicture() if hidden else await self.table.pictures.board(position, session)
        look = look_of(position, [], picture, None, now=now)
        fields: dict[str, Any] = {
            # The lobby's embed and words go (a "Play again" lobby mentions its players): the
            # table is a layout message, which has neither.
            "content": None,
            "embed": None,
            "view": table_layout(position, look),
            **picture.new_fields(),
        }
        self.table.pictures.shown(session, picture)
        session.shown.look = look
        return fields

    async def _remember(self, change: SeatChange, message: discord.Message) -> None:
        position = change.position
        if change.started:
            session = self.table.sessions.session(position.game_id)
            await self.table.discord.remember_board(position, session, message)
            self.table.publisher.request(position.game_id)
        else:
            await self.table.store.set_lobby_message(position.game_id, message.id)

    async def button(
        self, interaction: discord.Interaction[Any], clicked: LobbyId, value: str | None = None
    ) -> None:
        """Join / Leave / Start / Host options on a lobby message; Cancel / Add computer
        (add-<strength>) or the host's choice (`value`) in the clock or stand-in menu, on the host's
        private panel only."""
        record = await self.table.store.get(clicked.game_id)
        message = interaction.message
        user, lobbies, game_id, op = interaction.user, self.table.lobbies, clicked.game_id, clicked.op
        panel_op = on_panel(op)
        panel = panel_op and ephemeral(message)
        if (
            record is None
            or interaction.channel_id != record.channel_id
            or (
                not panel
                and record.lobby_message_id is not None
                and message is not None
                and message.id != record.lobby_message_id
            )
        ):
            raise Refusal(WRONG_PLACE)
        if panel_op and not panel:
            # Only a lobby message from before the panel, or a forged click, has them there.
            raise Refusal("The host's settings are under **Host options** on the lobby.")
        if op == "host":
            await self._host_options(interaction, Position(record))
            return
        if op in ("clock", "stand-in") and value is not None:
            change = await lobbies.set_clock(game_id, user.id, **{op.replace("-", "_"): value})
        elif op.startswith("add-"):
            change = await lobbies.add_computer(game_id, user.id, op.removeprefix("add-"))
        elif op == "join":
            change = await lobbies.join(game_id, user.id, display_name(user))
        elif op == "leave":
            change = await lobbies.leave(game_id, user.id)
        elif op == "start":
            change = await lobbies.start(game_id, user.id)
        elif op == "cancel":
            change = await lobbies.end(
                game_id, user.id, can_manage=can_manage(interaction), name=display_name(user), lobby_only=True
            )
        else:
            raise Refusal(NOT_OFFERED)  # a menu without its choice (the router reads each menu's)
        position = change.position
        if panel:
            await self._panel_changed(interaction, change)
            return
        if change.started:
            fields = await self._opening(change)
            fields["attachments"] = fields.pop("files", [])
            async with self.table.lobby_message(game_id):
                await replies.update(interaction, **fields)
            if message is not None:
                session = self.table.sessions.session(game_id)
                await self.table.discord.remember_board(position, session, message)
            self.table.publisher.request(game_id)
            return
        view = None if change.closed else lobby_view_of(position)
        async with self.table.lobby_message(game_id) as still_a_lobby:
            if still_a_lobby:
                await replies.update(interaction, embed=lobby_embed(position), view=view)
            else:  # started meanwhile: the message is the table now, and shows the seats
                await replies.defer(interaction, private=True)
        if change.closed:
            self.table.sessions.forget(game_id)

    async def _host_options(self, interaction: discord.Interaction[Any], position: Position) -> None:
        """ "Host options": the host's private panel; a moderator's holds "Cancel lobby" alone."""
        record = position.record
        if record.status != "lobby":
            raise Refusal("That lobby has closed.")
        host = interaction.user.id == record.host_id
        if not host and not can_manage(interaction):
            raise Refusal("Only the host can change this lobby's options.")
        await replies.send(
            interaction,
            private=True,
            content=host_panel_text(position, words_for(str(interaction.locale))),
            view=host_panel_of(position, words_for(str(interaction.locale)), host=host),
        )

    async def _panel_changed(self, interaction: discord.Interaction[Any], change: SeatChange) -> None:
        """A change made on the host's panel: the lobby message shows it (first, so that everyone
        sees it by the time the host does), and so does the panel."""
        position = change.position
        record = position.record
        if record.lobby_message_id is not None:
            view = None if change.closed else lobby_view_of(position)
            async with self.table.lobby_message(position.game_id) as still_a_lobby:
                try:
                    if still_a_lobby:
                        await (
                            self.table.discord.channel(position)
                            .get_partial_message(record.lobby_message_id)
                            .edit(embed=lobby_embed(position), view=view)
                        )
                except discord.HTTPException:
                    log.warning("Could not show game %s's lobby change.", position.game_id, exc_info=True)
        if change.closed:
            await replies.update(
                interaction,
                content=said(change.notes, position.words) or position.words.text("The lobby is closed."),
                view=None,
            )
            self.table.sessions.forget(position.game_id)
        else:
            host = interaction.user.id == record.host_id
            await replies.update(
                interaction,
                content=host_panel_text(position, words_for(str(interaction.locale))),
                view=host_panel_of(position, words_for(str(interaction.locale)), host=host),
            )

    async def play_again(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "Play again" under a game's final scores: a new lobby in the same channel with the same
        options, seat count and computer players; the one who clicked hosts it, the other people
        join with one click."""
        record = await self.table.store.get(game_id)
        if record is None or record.channel_id != interaction.channel_id:
            raise Refusal(WRONG_PLACE)
        if record.seat_of(interaction.user.id) is None:
            raise Refusal("Only the players of that game can start it again; `/play` opens a new one.")
        change = await self.table.lobbies.open(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game_name=record.game,
            options=record.options,
            host_id=interaction.user.id,
            host_name=display_name(interaction.user),
            players=len(record.seats),
            clock=record.clock,
            stand_in=record.stand_in,
            language=record.language,
        )
        for seat in record.seats:
            if seat.computer is not None and not change.started:
                try:
                    change = await self.table.lobbies.add_computer(
                        change.position.game_id, interaction.user.id, seat.computer
                    )
                except Refusal:
                    # A computer the lobby cannot seat: one that stood in for a timed-out player in
                    # a game with no computer players of its own (Objection!, Secret Numbers), or a
                    # strength this version no longer offers. The lobby is open already and must
                    # get its message (the explorer's seed 53 found it without one); the seat stays
                    # open for a person, or for the host to fill from Host options.
                    log.info("Play again on game %s: a computer seat (%s) left open.", game_id, seat.computer)
        others = [f"<@{s.user_id}>" for s in record.seats if s.user_id not in (None, interaction.user.id)]
        # In the game's language, as the lobby below it (the explorer's seeds 139 and 146 found it
        # in English under a pseudo-locale lobby).
        words = change.position.words
        invite = (
            words.text(
                "{players}: press **{join}** to play again.",
                players=" ".join(others),
                join=words.text("Join"),
            )
            if others
            else None
        )
        # A lobby's message carries the invitation; a game that started at once (a solo game, or
        # computers only) is a layout message, whose opening says `content=None` and wins.
        fields = {"content": invite, **await self._opening(change)}
        sent = await replies.send(
            interaction,
            private=False,
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            **fields,
        )
        message = sent or await interaction.original_response()
        await self._remember(change, message)
