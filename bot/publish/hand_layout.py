"""A seat's private hand as a layout message: its own view in the game's words, its picture,
where the game stands for it, and its choices. Split from table_layout.py (issue 30); the hand
says each fact once, as the table does."""

from __future__ import annotations

from typing import Any

import discord

from bot.basics.words import Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.publish.table_texts import recent
from bot.ui.choices import Page
from bot.ui.items import choice_rows, hand_row
from bot.ui.layout import GREEN, GREY, container, fit_texts, gallery, separator, text, within_limit


def hand_status(position: Position, seat: int, words: Words, closes: float | None = None) -> str:
    """Where the game stands for the hand's seat. A game whose own words say whose turn it is
    (`says_whose_turn`: its hand text does) is not told again (issue 17, each fact said once).
    A reply window is not a turn: the seat is asked to answer before it `closes`, or, holding
    nothing to play in it, told its pass is made then (issue 27 item 4)."""
    said = presenter(position.record.game).says_whose_turn
    if position.record.status != "active":
        # A game played to its end says so in its own words (once); one ended early does not.
        return "" if said and position.is_terminal() else words.text("This game is over.")
    to_move = position.to_move()
    when = f" (<t:{int(closes)}:R>)" if closes is not None else ""
    if position.only_pass(seat):
        return words.text(
            "**Reply window:** nothing in your hand to play in it; you pass when the window closes{when}.",
            when=when,
        )
    if position.in_window(seat):
        return words.text("**Reply window:** answer below before it closes{when}.", when=when)
    if seat in to_move:
        return words.text("Choose below.") if said else words.text("**Your decision.** Choose below.")
    names = position.names
    now = ", ".join(f"**{names[s]}**" for s in to_move)
    if not now:
        return words.text("Game over.")
    if position.may_act_unasked(seat):
        later = words.text(
            "You may play one of the choices below now, unasked, or let play go on. "
            "I'll mention you when it's your turn."
        )
    else:
        later = words.text("I'll mention you when it's your turn.")
    return later if said else words.text("Now: {players} — {later}", players=now, later=later)


def hand_layout(
    position: Position,
    seat: int,
    lines: list[str],
    *,
    note: str | None,
    picture_alt: str | None,
    page: Page | None,
    words: Words,
    closes: float | None = None,
) -> discord.ui.LayoutView:
    """Seat `seat`'s private hand: its own view in the game's words, its picture (`picture_alt`
    given: the message carries hand.png), where the game stands for it, and its choices (`page`;
    None: nothing to decide, a Refresh button), in its reader's `words`; `closes`: when the reply
    window it is in closes."""

    def draw(page: Page | None) -> list[dict[str, Any]]:
        record = position.record
        shows = presenter(record.game)
        names = position.names

        def hand_text() -> str:
            view = position.view(seat)
            return shows.hand_text_for(view, seat, names, words) if view is not None else ""

        top = "## " + words.text("Your hand — {game}", game=position.game.title)
        if note:
            top += f"\n> {note}"
        shown = position.memo(("hand", seat, words.language), hand_text)
        parts = [top, shown, hand_status(position, seat, words, closes)]
        if page is not None and page.title:
            parts.append(words.text("**Choosing:** {choice}", choice=page.title))
        if lines:
            parts.append(recent(lines, words))
        parts.append(
            "-# "
            + words.text(
                "Only you can see this · game #{game} · move {move}", game=record.id, move=record.version
            )
        )
        fitted = fit_texts(parts, stretch=1)
        inside: list[dict[str, Any]] = [text(fitted[0])]
        if picture_alt is not None:
            inside.append(gallery("hand.png", picture_alt))
        inside += [text(part) for part in fitted[1:-1] if part]
        if page is not None:
            inside += [separator(), *choice_rows(record.id, seat, record.version, page)]
        elif record.status == "active":
            inside += [separator(), hand_row(record.id, words, refresh=True)]
        return [container(inside, GREEN if record.status == "active" else GREY), text(fitted[-1])]

    return within_limit(draw, page)
