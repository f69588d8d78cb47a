"""Hands and moves: "My hand" / `/hand`, and the choices a player clicks in their own hand.

A hand is ephemeral: the player's own view and exactly their legal actions as buttons and menus
(`bot.ui.choices` plans the pages). A choice is accepted only from that seat's own hand in the
game's own channel; the move is applied (`bot.moves`), the hand answers at once with the new
position, and the publisher shows the move to everyone in the background.
"""

from __future__ import annotations

from typing import Any, Literal

import discord

from bot import replies
from bot.games import presenter
from bot.picture_service import as_file
from bot.position import Position
from bot.refusals import NO_GAME_HERE, NOT_A_PLAYER, NOT_STARTED, WRONG_PLACE, Outdated, Refusal
from bot.render import LOG_LINES, board_link, hand_embed
from bot.table import Table
from bot.ui.choices import group_by_first_step, plan_page
from bot.ui.ids import ChoiceId
from bot.ui.items import choice_view, hand_button_view

PictureWish = Literal["asked", "if-free", "keep"]
#: The note on a hand redrawn after a click made at an earlier position.
MOVED_ON = "That choice was for an earlier moment of the game, so nothing was played."


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


class Hands:
    """The hand messages of every game."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.sessions = table.sessions

    def seat_of(self, position: Position, user_id: int) -> int:
        seat = position.record.seat_of(user_id)
        if seat is None:
            raise Refusal(NOT_A_PLAYER)
        if position.record.status == "lobby":
            raise Refusal(NOT_STARTED)
        return seat

    async def message(
        self,
        position: Position,
        seat: int,
        choice: str = "p0",
        note: str | None = None,
        *,
        picture: PictureWish,
    ) -> dict[str, Any]:
        """A hand message's fields: embed, choices, and attachments (absent: keep the message's).

        `picture`: "asked" (the player opened their hand: draw it), "if-free" (draw if the picture
        budget has room), or "keep" (same position as the message shows: keep its picture)."""
        lines = await self.sessions.log_lines(position, seat, LOG_LINES)
        embed = hand_embed(position, seat, lines, note)
        fields: dict[str, Any] = {"embed": embed}
        if picture != "keep":
            drawn = await self.table.pictures.hand(position, seat, asked=picture == "asked")
            fields["attachments"] = [as_file(drawn)] if drawn is not None else []
        if not position.legal_actions(seat):
            fields["view"] = hand_button_view(position.game_id, refresh=True)
            return fields
        labels, steps = position.labels_and_steps(seat)
        groups = position.memo(("groups", seat), lambda: group_by_first_step(steps))
        page = plan_page(labels, steps, choice, presenter(position.record.game).flat_limit, groups)
        if page.title:
            embed.add_field(name="Choosing", value=page.title, inline=False)
        fields["view"] = choice_view(position.game_id, seat, position.version, page)
        return fields

    async def answer(self, interaction: discord.Interaction[Any], fields: dict[str, Any]) -> None:
        """Edit the hand the click was made in, or answer with a new private hand."""
        if is_ephemeral(interaction):
            await replies.update(interaction, **fields)
        else:
            files = fields.pop("attachments", [])
            await replies.send(interaction, private=True, files=files, **fields)

    async def show(self, interaction: discord.Interaction[Any], game_id: int | None) -> None:
        """ "My hand" / `/hand`: the player's own view and their choices, ephemeral and fresh."""
        if game_id is None:
            position = await self.sessions.in_channel(interaction.channel_id or 0)
            if position is None:
                raise Refusal(NO_GAME_HERE)
        else:
            position = await self.sessions.position(game_id)
            if interaction.channel_id != position.record.channel_id:
                raise Refusal(WRONG_PLACE)
        seat = self.seat_of(position, interaction.user.id)
        await self.answer(interaction, await self.message(position, seat, picture="asked"))

    async def choose(self, interaction: discord.Interaction[Any], clicked: ChoiceId) -> None:
        """A button or menu choice in a hand: navigate a picker, or play an action."""
        position = await self.sessions.position(clicked.game_id)
        record = position.record
        if interaction.channel_id != record.channel_id or not is_ephemeral(interaction):
            raise Refusal(WRONG_PLACE)
        self.table.moves.check_seat(position, interaction.user.id, clicked.seat)
        if not clicked.choice.startswith("a"):
            if position.version != clicked.version:
                await self._outdated(interaction, position, clicked.seat)
                return
            # A picker step or page at the position the message shows: its picture still fits.
            await replies.update(
                interaction, **await self.message(position, clicked.seat, clicked.choice, picture="keep")
            )
            return
        try:
            outcome = await self.table.moves.play(
                clicked.game_id,
                interaction.user.id,
                seat=clicked.seat,
                version=clicked.version,
                index=int(clicked.choice[1:]),
            )
        except Outdated:
            await self._outdated(interaction, await self.sessions.position(clicked.game_id), clicked.seat)
            return
        self.table.publisher.request(clicked.game_id)  # everyone sees the move, in the background
        fields = await self.message(
            outcome.position, clicked.seat, note=f"You played: {outcome.label}", picture="if-free"
        )
        await replies.update(interaction, **fields)

    async def _outdated(self, interaction: discord.Interaction[Any], position: Position, seat: int) -> None:
        link = board_link(position)
        where = (
            f" Here is where it stands now ([current board]({link}))."
            if link
            else " Here is where it stands now."
        )
        if position.record.status != "active":
            raise Refusal(MOVED_ON)
        await replies.update(
            interaction, **await self.message(position, seat, note=MOVED_ON + where, picture="if-free")
        )
