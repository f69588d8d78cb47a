"""Choices played on the table: in a game whose seats see nothing hidden (`has_public_view`), the
seat to move plays from the table message itself. A picker step redraws the table with that
step's choices; a move is answered by the table's own redraw, which the publisher sends as the
click's callback (one REST call per click, issue 31). `TableClicks` is the base of `Hands`
(hands.py), which adds the private hands; the checks and words both paths use are here.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord

from bot.basics import clicks
from bot.basics.refusals import NOT_A_PLAYER, NOT_OFFERED, NOT_YOUR_CHOICES, WRONG_PLACE, Outdated, Refusal
from bot.basics.words import N_, Words, words_for
from bot.game.position import Position
from bot.game.session import TableClick
from bot.handlers import replies
from bot.handlers.table import Table
from bot.play.moves import MoveOutcome
from bot.publish.seat_choices import offers, table_seat
from bot.publish.table_layout import table_layout
from bot.publish.table_look import TableLook
from bot.publish.table_texts import TABLE_LOG_LINES
from bot.ui.ids import ChoiceId
from engine.api import has_public_view

log = logging.getLogger(__name__)

#: The note on a hand redrawn after a click made at an earlier position.
MOVED_ON = N_("That choice was for an earlier moment of the game, so nothing was played.")
#: The answer to a move played from a table message that was deleted meanwhile.
PLAYED_TABLE_GONE = N_("Played. The table moved to a new message below.")


def check_offered(position: Position, clicked: ChoiceId) -> None:
    """Refuse a choice the seat's pages do not offer where it was clicked (at the version they
    show): a picker step or page that does not exist, or a menu never drawn, would otherwise be
    opened as the nearest page that does (issue 27 item 5). An action button is the engine's to
    judge (`Moves.play`: a legal action number at that version)."""
    if clicked.menu is None and clicked.choice.startswith("a"):
        return
    if not offers(position, clicked.seat, clicked.choice, clicked.menu):
        raise Refusal(NOT_OFFERED)


def reader(interaction: discord.Interaction[Any]) -> Words:
    """The words of a private answer: the clicker's own language (issue 32)."""
    return words_for(str(interaction.locale))


class TableClicks:
    """The choices clicked on a game's table message."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.sessions = table.sessions

    async def _move(self, interaction: discord.Interaction[Any], clicked: ChoiceId) -> MoveOutcome:
        """The clicked action played by the clicker's seat at the version the click shows."""
        return await self.table.moves.play(
            clicked.game_id,
            clicks.user_id(interaction),
            seat=clicked.seat,
            version=clicked.version,
            index=int(clicked.choice[1:]),
        )

    async def _choose_on_table(
        self, interaction: discord.Interaction[Any], position: Position, clicked: ChoiceId
    ) -> None:
        """The seat to move plays from the table (a game whose seats see nothing hidden): a picker
        step redraws the table with that step's choices; a move is answered at once and shown to
        everyone by the publisher. Anyone else's click is refused privately."""
        record = position.record
        user = clicks.user_id(interaction)
        if not has_public_view(position.game):
            raise Refusal(WRONG_PLACE)  # a hidden-hand game's choices are only ever in hands
        if record.seat_of(user) is None:
            raise Refusal(NOT_A_PLAYER)
        if clicked.seat >= len(record.seats) or record.seats[clicked.seat].user_id != user:
            raise Refusal(NOT_YOUR_CHOICES)
        self.table.moves.check_seat(position, user, clicked.seat)
        playing = clicked.choice.startswith("a")
        if playing and clicked.menu is None and position.version != clicked.version:
            # A move clicked on an earlier table: played if it still means the same (Moves.play).
            await self._play_from_table(interaction, clicked)
            return
        if table_seat(position) != clicked.seat:
            raise Refusal(MOVED_ON)
        # A picker step or page from an earlier table opens on the table as it stands now when it
        # is on offer there (nothing is played by it); else the click is outdated.
        if position.version != clicked.version and not offers(
            position, clicked.seat, clicked.choice, clicked.menu
        ):
            raise Refusal(MOVED_ON)
        check_offered(position, clicked)
        if not playing:
            session = self.sessions.session(record.id)
            look = session.shown.look
            if look is None:  # a restart since the table was drawn: draw it again as it stands
                lines = await self.sessions.log_lines(position, None, TABLE_LOG_LINES, position.words)
                look = TableLook(tuple(lines), clicks.first_alt(interaction))
            drawn = position.version  # the position may move on (in place) while the answer is sent
            await replies.update(
                interaction, embed=None, view=table_layout(position, look, choice=clicked.choice)
            )
            self._redraw_if_moved_on(position.game_id, drawn)
            return
        await self._play_from_table(interaction, clicked)

    def _redraw_if_moved_on(self, game_id: int, drawn: int) -> None:
        """A picker step redraws the clicked board as the game stood at version `drawn`. A move that
        landed before that answer did (a computer in the same reply window, the player's own hand)
        had its board shown first, so the step put an older table back: show the newest again,
        or the table stays behind until the next move."""
        session = self.sessions.session(game_id)
        latest = session.position
        if latest is not None and latest.version != drawn:
            self.table.publisher.reshow(game_id)

    async def _play_from_table(self, interaction: discord.Interaction[Any], clicked: ChoiceId) -> None:
        try:
            outcome = await self._move(interaction, clicked)
        except Outdated:
            raise Refusal(MOVED_ON) from None
        await self._leave_answer_to_board(interaction, outcome.position)
        # Everyone sees the move, and the click is answered with it: the first pass made here.
        await self.table.publisher.show_now(clicked.game_id)

    async def _leave_answer_to_board(self, interaction: discord.Interaction[Any], position: Position) -> None:
        """A move clicked on the board message is answered by the board's own redraw: the
        publisher sends it as this click's callback instead of a deferral plus an edit (one REST
        call per click, issue 31). A click on any other message is deferred as before."""
        clicked_message = clicks.message_id(interaction)
        if clicked_message is None or clicked_message != position.record.board_message_id:
            await replies.defer(interaction, private=True)
            return
        session = self.sessions.session(position.game_id)
        await session.release_click()  # an older click still waiting: answered with nothing

        async def answer(**fields: Any) -> None:
            await replies.update(interaction, **fields)

        async def release() -> None:
            try:
                await replies.defer(interaction, private=True)
            except discord.NotFound:  # the clicked table is gone (deleted): say so privately
                try:
                    await replies.send(
                        interaction, private=True, content=reader(interaction).text(PLAYED_TABLE_GONE)
                    )
                except discord.HTTPException:
                    log.warning("Could not answer table click %s.", interaction.id, exc_info=True)
            except discord.HTTPException:
                log.warning("Could not answer table click %s.", interaction.id, exc_info=True)

        session.table_click = TableClick(clicked_message, position.version, answer, release, time.monotonic())
        replies.hand_over(interaction)
