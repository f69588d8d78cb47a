"""`/board`, `/end`, `/leave` and `/rules`, and closing lobbies nobody started."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from bot.basics.refusals import GAME_OVER, NO_GAME_HERE, WRONG_PLACE, Refusal
from bot.basics.words import N_, words_for
from bot.game.registry import entries, presenter
from bot.handlers import replies
from bot.handlers.lobby_views import can_manage, display_name, lobby_view_of
from bot.handlers.table import Table
from bot.picture_service import BoardPicture
from bot.play.seats import SeatChange, said
from bot.presenters.rules_pages import page_titles, pages_like, reflow
from bot.publish.render import lobby_embed
from bot.publish.table_layout import table_layout
from bot.publish.table_look import look_of
from bot.publish.table_texts import TABLE_LOG_LINES
from bot.records import daily
from bot.ui.choices import clip
from bot.ui.items import rules_view
from bot.ui.layout import GREEN, TEXT_MAX, container, layout, text
from engine.registry import get_game

log = logging.getLogger(__name__)


#: "Board as text" asked of a daily garden while its day runs (a forged click: its table has none).
DAILY_HIDDEN = N_("That is today's daily garden: its garden is shown when the day ends (00:00 UTC).")


class TableCommands:
    """The commands about the game in a channel, and the rules."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def repost_board(self, interaction: discord.Interaction[Any]) -> None:
        """`/board`: a fresh copy of this channel's board, here and now."""
        sessions = self.table.sessions
        position = await sessions.in_channel(interaction.channel_id or 0)
        if position is None:
            raise Refusal(NO_GAME_HERE)
        if position.record.status == "lobby":
            sent = await replies.send(
                interaction, private=False, embed=lobby_embed(position), view=lobby_view_of(position)
            )
            message = sent or await interaction.original_response()
            await self.table.store.set_lobby_message(position.game_id, message.id)
            return
        session = sessions.session(position.game_id)
        async with session.publishing:
            position = await sessions.position(position.game_id)
            lines = await sessions.log_lines(position, None, TABLE_LOG_LINES, position.words)
            now = self.table.clock()
            if daily.hidden(position.record, now):  # a daily garden: its table shows no garden
                picture = BoardPicture()
            else:
                picture = await self.table.pictures.board(position, session, must=True)
            look = look_of(position, lines, picture, session.shown.look, now=now)
            version = position.version  # what the new board shows, whatever lands while it is sent
            sent = await replies.send(
                interaction, private=False, view=table_layout(position, look), **picture.new_fields()
            )
            message = sent or await interaction.original_response()
            old_id = position.record.board_message_id
            discord_side = self.table.discord
            await discord_side.remember_board(position, session, message, picture, look, version=version)
            if old_id is not None and old_id != message.id:
                channel = self.table.discord.channel(position)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(old_id).delete()

    async def board_as_text(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "Board as text" under a board's picture: the complete text board, privately (what the
        picture shows, for a screen reader or a small screen)."""
        position = await self.table.sessions.position(game_id)
        if interaction.channel_id != position.record.channel_id:
            raise Refusal(WRONG_PLACE)
        view = position.view(None)
        if view is None:
            raise Refusal(GAME_OVER)
        if daily.hidden(position.record, self.table.clock()):
            raise Refusal(DAILY_HIDDEN)
        words = words_for(str(interaction.locale))  # private: in the clicker's language
        board = presenter(position.record.game).board_text_for(view, position.names, words)
        footer = "-# " + words.text("Game #{game}", game=game_id)
        shown = layout([container([text(clip(board, TEXT_MAX))], GREEN), text(footer)])
        await replies.send(interaction, private=True, view=shown)

    async def end_or_leave(
        self, interaction: discord.Interaction[Any], *, end: bool, computer: str | None = None
    ) -> None:
        """`/end` (host or Manage Channels) or `/leave` (any player) for this channel's game;
        `/leave computer:<strength>` hands the seat to a computer player instead of ending it."""
        position = await self.table.sessions.in_channel(interaction.channel_id or 0)
        if position is None:
            raise Refusal(NO_GAME_HERE)
        game_id = position.game_id
        lobbies = self.table.lobbies
        if end:
            change = await lobbies.end(
                game_id,
                interaction.user.id,
                can_manage=can_manage(interaction),
                name=display_name(interaction.user),
            )
        else:
            change = await lobbies.leave(game_id, interaction.user.id, computer=computer)
        await replies.send(
            interaction,
            private=False,
            content=said(change.notes, change.position.words) or change.position.words.text("Done."),
        )
        await self.show_seat_change(change)

    async def show_seat_change(self, change: SeatChange) -> None:
        """Show a lobby's new seats, or a game's new seats or its end, in the channel."""
        position = change.position
        record = position.record
        if record.state is None:  # a lobby: edit its message
            if record.lobby_message_id is not None:
                view = None if change.closed else lobby_view_of(position)
                async with self.table.lobby_message(position.game_id) as still_a_lobby:
                    if still_a_lobby:
                        with contextlib.suppress(discord.HTTPException):
                            await (
                                self.table.discord.channel(position)
                                .get_partial_message(record.lobby_message_id)
                                .edit(embed=lobby_embed(position), view=view)
                            )
            if change.closed:
                self.table.sessions.forget(position.game_id)
            return
        # The seats or the status changed: redraw the board. A computer took a leaver's seat:
        # whoever is to move is told again.
        self.table.publisher.reshow(position.game_id, tell_again=record.status == "active")

    async def rules_page(self, interaction: discord.Interaction[Any], game: str, page: int) -> None:
        """`/rules`, its page picker and its ◀ / ▶ buttons: one page of a game's players' rules,
        ephemeral."""
        found = entries().get(game)
        if found is None:
            raise Refusal("I don't know that game.")
        words = words_for(str(interaction.locale))
        english = reflow(found.presenter.rules_text())
        pages = pages_like(reflow(found.presenter.rules_text(words.language)), english, words)
        page = min(max(page, 0), len(pages) - 1)
        title = words.text("Rules — {game}", game=words.text(get_game(game).title))
        embed = discord.Embed(title=title, description=pages[page], colour=GREEN)
        shown, count = words.number(page + 1), words.number(len(pages))
        embed.set_footer(text=words.text("Page {page} of {pages}", page=shown, pages=count))
        view = rules_view(game, page, page_titles(pages, words), words)
        fields: dict[str, Any] = {"embed": embed, "view": view}
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await replies.update(interaction, **fields)
        else:
            await replies.send(interaction, private=True, **fields)

    async def expire_lobbies(self) -> None:
        """Close lobbies whose time ran out and say so on their messages."""
        for position in await self.table.lobbies.expire():
            await self.show_seat_change(SeatChange(position, closed=True))

    async def run_expiry(self, every: float) -> None:
        """The background task: check lobby expiry every `every` seconds, forever."""
        while True:
            try:
                await self.expire_lobbies()
            except Exception:
                log.exception("Lobby expiry check failed; trying again later.")
            await asyncio.sleep(every)
