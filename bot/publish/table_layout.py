"""The living table message as layout components: each fact said once.

The table is one message per game: a headline (whose turn, the round, the clock), the board
picture (or, without one, the complete text board), a few recent log lines, and the buttons. In a
game whose seats see nothing hidden (`has_public_view`), the seat to move plays from the table
itself: its choices are the table's (seat_choices.py). A hand is the same kind of message, private
to its player (hand_layout.py); the table's texts are in table_texts.py, how it was last drawn in
table_look.py. Text comes from the game's presenter and the engine's views; nothing here decides a
rule.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.game.position import Position
from bot.publish.seat_choices import choices_page, table_seat
from bot.publish.table_look import TableLook
from bot.publish.table_texts import deal_footer, headline, recent, table_lines
from bot.records import daily
from bot.records.fair_deal import sealed_line
from bot.ui.choices import Page
from bot.ui.items import choice_rows, hand_row
from bot.ui.layout import GREEN, GREY, container, fit_texts, gallery, separator, text, within_limit


def table_layout(position: Position, look: TableLook, *, choice: str = "p0") -> discord.ui.LayoutView:
    """The table message at `position` as `look` says it is shown; `choice`: the picker page the
    seat to move has open on the table (public-view games)."""
    seat = table_seat(position)
    words = position.words
    page = choices_page(position, seat, choice, words) if seat is not None and not look.hidden else None
    # The texts are written once a version and look: the publisher's table and each picker step's
    # redraw of it share them, as does the redraw with menus of a grid of buttons past Discord's
    # 40 components (`within_limit`). The record's fields that change within a version are in
    # the key (a pause, an end without a move).
    record = position.record
    key = ("table texts", look, words.language, record.status, record.paused_at, record.end_reason)
    texts = None if look.hidden else position.memo(key, lambda: table_texts(position, look))
    return within_limit(lambda shown: _table_layout(position, look, seat, shown, texts), page)


TableTexts = tuple[str, str | None, str]


def table_texts(position: Position, look: TableLook) -> TableTexts:
    """The table's headline, its recent log lines (None: none) and its footer, before they are
    fitted with the page's title within Discord's 4,000 characters."""
    record, words = position.record, position.words
    shown_lines = table_lines(position, look.lines)
    picture_note = ""
    if look.picture_move is not None and look.picture_move != record.version:
        picture_note = words.text(" · picture shows move {move} (updating)", move=look.picture_move)
    footer = (
        "-# "
        + words.text("Game #{game} · move {move}", game=record.id, move=record.version)
        + picture_note
        + deal_footer(record, words)
    )
    return (
        headline(position, look, with_picture=look.picture_alt is not None),
        recent(shown_lines, words) if shown_lines else None,
        footer,
    )


def _table_layout(
    position: Position,
    look: TableLook,
    seat: int | None,
    page: Page | None,
    texts: TableTexts | None = None,
) -> list[dict[str, Any]]:
    record, words = position.record, position.words
    if look.hidden:
        # A daily garden whose day runs: its seed (everyone's deal today) stays sealed.
        seal = f"\n-# {sealed_line(record.id, record.seed, words)}" if record.version == 0 else ""
        footer = "-# " + words.text("Game #{game} · move {move}", game=record.id, move=record.version) + seal
        quiet: list[dict[str, Any]] = [text(daily.hidden_headline(position))]
        if record.status == "active":
            quiet += [separator(), hand_row(record.id, words)]
        return [container(quiet, GREEN if record.status == "active" else GREY), text(footer)]
    with_picture = look.picture_alt is not None
    head, shown_recent, footer = texts or table_texts(position, look)
    parts = [head]
    if shown_recent is not None:
        parts.append(shown_recent)
    if page is not None and page.title:
        parts.append(words.text("**Choosing:** {choice}", choice=page.title))
    parts.append(footer)
    fitted = fit_texts(parts, stretch=0)
    inside: list[dict[str, Any]] = [text(fitted[0])]
    if with_picture:
        inside.append(gallery("board.png", look.picture_alt or ""))
    inside += [text(part) for part in fitted[1:-1]]
    rows: list[dict[str, Any]] = []
    if page is not None and seat is not None:
        rows += choice_rows(record.id, seat, record.version, page)
    if record.status == "active":
        rows.append(hand_row(record.id, words, as_text=with_picture))
    if rows:
        inside.append(separator())
        inside += rows
    colour = GREEN if record.status == "active" else GREY
    return [container(inside, colour), text(fitted[-1])]
