"""Hands and moves: "My hand" / `/hand`, and the choices a player clicks in their own hand.

A hand is ephemeral: the player's own view and exactly their legal actions as buttons and menus
(`bot.ui.choices` plans the pages). A choice is accepted only from that seat's own hand in the
game's own channel; the move is applied (`bot.play.moves`), the hand answers at once with the new
position, and the publisher shows the move to everyone in the background. A choice clicked on the
table of a game whose seats see nothing hidden goes the table's way (table_clicks.py, the base of
`Hands`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.basics import clicks
from bot.basics.refusals import (
    NO_GAME_HERE,
    NOT_A_PLAYER,
    NOT_STARTED,
    WRONG_PLACE,
    Outdated,
    Refusal,
)
from bot.basics.words import N_, Words
from bot.game.position import Position
from bot.game.session import GameSession
from bot.handlers import replies
from bot.handlers.table_clicks import MOVED_ON, TableClicks, check_offered, reader
from bot.picture_service import as_file
from bot.play.moves import MoveOutcome
from bot.presenters.engine_words import translate
from bot.publish.hand_layout import hand_layout
from bot.publish.render import board_link
from bot.publish.seat_choices import choices_page, offers
from bot.publish.table_texts import TABLE_LOG_LINES
from bot.ui.ids import ChoiceId
from engine.api import has_public_view

PictureWish = Literal["asked", "if-free", "keep"]
#: The note on a hand whose picker step was pressed after the game moved on: shown as it is now.
NEWER_HAND = N_("The game moved on since this hand was drawn: these are your choices now.")


#: Discord lets an interaction's token edit its messages for 15 minutes: a hand shown longer ago
#: than this is left as it is (its player presses **My hand** again).
OPEN_HAND_SECONDS = 14 * 60.0


@dataclass(frozen=True)
class OpenHand:
    """A hand a player has open: the interaction whose token can edit it, when, at which version."""

    interaction: discord.Interaction[Any]
    at: float
    version: int
    #: Whether it shows choices: a hand with buttons is redrawn when they no longer hold.
    choices: bool = False


def asks(position: Position, seat: int) -> bool:
    """Whether `seat`'s hand offers choices: it has legal actions, unless it is in a reply window
    its hand has nothing to play in (not asked: the window's clock passes for it, issue 27 item 4)."""
    return bool(position.legal_actions(seat)) and not position.only_pass(seat)


class Hands(TableClicks):
    """The hand messages of every game (and, from its base, the choices clicked on a table)."""

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
        words: Words,
        picture: PictureWish,
        kept_alt: str | None = None,
    ) -> dict[str, Any]:
        """A hand message's fields: its layout, and attachments (absent: keep the message's).

        `picture`: "asked" (the player opened their hand: draw it), "if-free" (draw if the picture
        budget has room), or "keep" (same position as the message shows: keep its picture, whose
        alt text is `kept_alt`; None: the message has none)."""
        lines = await self.sessions.log_lines(position, seat, TABLE_LOG_LINES, words)
        fields: dict[str, Any] = {"embed": None}  # a hand from before layout messages: its embed goes
        alt = kept_alt
        if picture != "keep":
            drawn = await self.table.pictures.hand(position, seat, asked=picture == "asked", words=words)
            fields["attachments"] = [as_file(drawn)] if drawn is not None else []
            alt = drawn.description if drawn is not None else None
        page = choices_page(position, seat, choice, words) if asks(position, seat) else None
        look = self.sessions.session(position.game_id).shown.look
        closes = look.ends if look is not None and position.in_window(seat) else None
        fields["view"] = hand_layout(
            position, seat, lines, note=note, picture_alt=alt, page=page, words=words, closes=closes
        )
        return fields

    async def answer(self, interaction: discord.Interaction[Any], fields: dict[str, Any]) -> None:
        """Edit the hand the click was made in, or answer with a new private hand."""
        if clicks.is_ephemeral(interaction):
            await replies.update(interaction, **fields)
        else:
            files = fields.pop("attachments", [])
            fields.pop("embed", None)
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
        seat = self.seat_of(position, clicks.user_id(interaction))
        await self.answer(
            interaction, await self.message(position, seat, words=reader(interaction), picture="asked")
        )
        self.remember_open(interaction, position, seat)

    async def choose(self, interaction: discord.Interaction[Any], clicked: ChoiceId) -> None:
        """A button or menu choice in a hand, or on the table of a public-view game: navigate a
        picker, or play an action."""
        position = await self.sessions.position(clicked.game_id)
        record = position.record
        # Choices on a public message are the table's: only the bot posts messages with its
        # components (the router checked the click's component is on the message).
        on_table = not clicks.is_ephemeral(interaction)
        if interaction.channel_id != record.channel_id:
            raise Refusal(WRONG_PLACE)
        if on_table:
            await self._choose_on_table(interaction, position, clicked)
            return
        self.table.moves.check_seat(position, clicks.user_id(interaction), clicked.seat)
        if not clicked.choice.startswith("a"):
            # The version the answer is drawn at, read before any await: a move landing meanwhile
            # changes the position in place (`_redraw_hand_if_moved_on`).
            drawn = position.version
            if drawn == clicked.version:
                check_offered(position, clicked)
                # A picker step or page at the position the message shows: its picture still fits.
                fields = await self.message(
                    position,
                    clicked.seat,
                    clicked.choice,
                    words=reader(interaction),
                    picture="keep",
                    kept_alt=clicks.first_alt(interaction),
                )
            elif position.is_active and offers(position, clicked.seat, clicked.choice, clicked.menu):
                # From a hand drawn earlier: the step opens on the hand as it stands now (it plays
                # nothing, so it need not mean what it meant then), said to be newer.
                words = reader(interaction)
                fields = await self.message(
                    position,
                    clicked.seat,
                    clicked.choice,
                    note=words.text(NEWER_HAND),
                    words=words,
                    picture="if-free",
                )
            else:
                await self._outdated(interaction, position, clicked.seat)
                return
            await replies.update(interaction, **fields)
            self.remember_open(interaction, position, clicked.seat, version=drawn)
            await self._redraw_hand_if_moved_on(position.game_id, drawn)
            return
        if position.version == clicked.version:
            check_offered(position, clicked)
        try:
            outcome = await self._play(interaction, clicked)
        except Outdated:
            await self._outdated(interaction, await self.sessions.position(clicked.game_id), clicked.seat)
            return
        words = reader(interaction)
        fields = await self.message(
            outcome.position,
            clicked.seat,
            note=words.text(
                "You played: {choice}", choice=translate(words, outcome.label, outcome.position.record.game)
            ),
            words=words,
            picture="if-free",
        )
        await replies.update(interaction, **fields)

    def remember_open(
        self,
        interaction: discord.Interaction[Any],
        position: Position,
        seat: int,
        *,
        version: int | None = None,
    ) -> None:
        """`interaction` shows `seat`'s hand at `position` (drawn at `version`, if the position may
        have moved on since): the hand to bring up to date when the seat has its next decision
        (games with hidden hands: the table carries the others')."""
        if has_public_view(position.game) and position.record.daily is None:
            return  # played on the table (a daily garden, though, is played in the hand)
        if not position.is_active:
            return  # an ended game's hand is never redrawn (nor its session kept for it)
        session = self.sessions.session(position.game_id)
        shown = position.version if version is None else version
        session.open_hands[seat] = OpenHand(interaction, time.monotonic(), shown, asks(position, seat))

    async def on_published(self, position: Position, session: GameSession) -> None:
        """A version is shown: every seat that now has a decision and a hand open at an earlier
        version gets that hand redrawn, so it plays on without another **My hand**; so does a hand
        with choices of its own now (a card it may play unasked) or buttons that no longer hold,
        and, at the game's end, every open hand (the publisher calls this then too: issue 27 item 8).
        Best effort: a hand that cannot be edited (its token expired, Discord failing) is
        forgotten."""
        now = time.monotonic()
        over = not position.is_active
        for seat, shown in list(session.open_hands.items()):
            if shown.version >= position.version:
                continue
            if not (over or seat in position.to_move() or shown.choices or position.legal_actions(seat)):
                continue
            if now - shown.at > OPEN_HAND_SECONDS:
                del session.open_hands[seat]
                continue
            fields = await self.message(position, seat, words=reader(shown.interaction), picture="if-free")
            try:
                await replies.edit_original(shown.interaction, **fields)
            except discord.HTTPException:
                session.open_hands.pop(seat, None)
                continue
            choices = asks(position, seat)
            session.open_hands[seat] = OpenHand(shown.interaction, shown.at, position.version, choices)

    async def _redraw_hand_if_moved_on(self, game_id: int, drawn: int) -> None:
        """A picker step redraws the hand as the game stood at version `drawn`. A move that landed
        before that answer did had the open hands redrawn first, so the step put an older hand
        back, with choices that may no longer hold: bring it to the newest, as any open hand is
        (the hands' side of `_redraw_if_moved_on`)."""
        session = self.sessions.session(game_id)
        latest = session.position
        if latest is not None and latest.version != drawn:
            await self.on_published(latest, session)

    async def _play(self, interaction: discord.Interaction[Any], clicked: ChoiceId) -> MoveOutcome:
        outcome = await self._move(interaction, clicked)
        # This hand shows the new position: not to be redrawn for it.
        self.remember_open(interaction, outcome.position, clicked.seat)
        self.table.publisher.request(clicked.game_id)  # everyone sees the move, in the background
        return outcome

    async def _outdated(self, interaction: discord.Interaction[Any], position: Position, seat: int) -> None:
        if position.record.status != "active":
            raise Refusal(MOVED_ON)
        words = reader(interaction)
        link = board_link(position)
        if link:
            where = words.text("Here is where it stands now ([current board]({link})).", link=link)
        else:
            where = words.text("Here is where it stands now.")
        note = f"{words.text(MOVED_ON)} {where}"
        await replies.update(
            interaction, **await self.message(position, seat, note=note, words=words, picture="if-free")
        )
