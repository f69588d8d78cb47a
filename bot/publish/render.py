"""Embeds for lobbies and final results, within Discord's embed limits (the table and the hands
are layout messages: bot.publish.table_layout and bot.publish.hand_layout).

Game-specific text comes from the game's presenter; everything here is the same for all games.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.basics.ratings import Rating, shown
from bot.basics.words import Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.presenters.engine_words import summary_text, translate
from bot.records.end_reasons import end_words
from bot.records.fair_deal import revealed_line
from bot.records.results import ranked, unrated_text
from bot.records.server_settings import CLOCK_PRESETS, CLOCK_WORDS
from bot.storage import RatingChange, ResultRecord
from bot.ui.choices import clip
from bot.ui.layout import DESCRIPTION_MAX, GREEN, GREY
from bot.ui.levels import level
from engine.api import SeatResult

#: A message's content limit.
MESSAGE_MAX = 2000
FIELD_VALUE_MAX = 1024
FIELD_NAME_MAX = 256


def board_link(position: Position) -> str | None:
    """A jump link to the current board message, when there is one."""
    record = position.record
    if record.board_message_id is None or record.guild_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.board_message_id}"


def clock_line(position: Position) -> str:
    """The lobby's clock: its preset, what it means, and who plays a turn whose time runs out."""
    record, words = position.record, position.words
    clock = record.clock or "off"
    meaning = words.text(CLOCK_WORDS[clock]) if clock in CLOCK_WORDS else clock
    name = words.text(CLOCK_PRESETS[clock]) if clock in CLOCK_PRESETS else clock
    if clock != "off" and record.stand_in:
        return words.text(
            "Clock: {clock} ({meaning}); a {level} computer plays a turn whose time runs out",
            clock=name,
            meaning=meaning,
            level=level(record.stand_in, words).lower(),
        )
    return words.text("Clock: {clock} ({meaning})", clock=name, meaning=meaning)


def lobby_embed(position: Position) -> discord.Embed:
    record, words = position.record, position.words
    closed = record.status != "lobby"
    embed = discord.Embed(
        title=clip(words.text("{game} — lobby", game=position.game.title), FIELD_NAME_MAX),
        colour=GREY if closed else GREEN,
    )
    need = (
        words.number(record.min_seats)
        if record.min_seats == record.max_seats
        else f"{words.number(record.min_seats)}–{words.number(record.max_seats)}"
    )
    seated = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(position.names))
    options = presenter(record.game).options_text_for(record.options, words) or words.text("standard rules")
    lines = [
        words.text("Options: {options}", options=options),
        words.text("Players needed: {need}", need=need),
    ]
    if record.max_seats > 1:
        lines.append(clock_line(position))
    if record.status == "lobby" and record.lobby_expires_at:
        when = f"<t:{int(record.lobby_expires_at)}:R>"
        lines.append(words.text("The lobby closes {when} unless the host starts it.", when=when))
    if closed:
        lines.append(
            words.text(
                "**Closed:** {reason}.",
                reason=end_words(record.end_reason or record.status, words, record.game),
            )
        )
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    embed.add_field(
        name=words.text("Players ({count})", count=len(record.seats)),
        value=clip(seated or words.text("nobody yet"), FIELD_VALUE_MAX),
        inline=False,
    )
    host = next((s.name for s in record.seats if s.user_id == record.host_id), None)
    if host:
        embed.set_footer(text=words.text("Host: {host} · game #{game}", host=host, game=record.id))
    return embed


def ranking(position: Position) -> list[tuple[int, SeatResult]]:
    """The seats in their final order with their places (`bot.records.results.ranked`: the order the
    stored result and the ratings use too)."""
    result = position.result()
    return ranked(result) if result is not None else []


def result_lines(position: Position) -> str:
    """The ranking, one line a seat (a 🏆 on who won), then the result in the game's words (solo:
    the ribbon, since nobody "wins" a game played alone)."""
    result = position.result()
    if result is None:
        return ""
    names, words, game = position.names, position.words, position.record.game
    solo = len(result.seats) == 1
    lines = []
    for place, seat_result in ranking(position):
        award = f" — {translate(words, seat_result.award, game)}" if seat_result.award else ""
        mark = "🏆 " if seat_result.seat in result.winners and not solo else ""
        head = f"{place}. " if not solo else ""
        points = words.plural("{n} point", "{n} points", seat_result.total)
        lines.append(f"{head}{mark}**{names[seat_result.seat]}**: {points}{award}")
    lines += ["", summary_text(words, result, names)]
    if solo:
        ribbon = translate(words, result.seats[0].award, game) if result.seats[0].award else None
        lines.append(
            words.text("Ribbon: {ribbon}", ribbon=ribbon) if ribbon else words.text("No ribbon this time.")
        )
    # Several seats: the 🏆 and the game's own words say who won; no "Winner:" line repeats it
    # (issue 27 item 9).
    return "\n".join(lines)


def add_result_fields(embed: discord.Embed, position: Position) -> None:
    """The ranking and result, then every seat's full score breakdown."""
    result = position.result()
    if result is None:
        return
    names = position.names
    embed.description = clip(result_lines(position), DESCRIPTION_MAX)
    words, game = position.words, position.record.game
    for _place, seat_result in ranking(position):
        said = [f"{translate(words, line.label, game)}: {line.points}" for line in seat_result.lines]
        lines = "\n".join(said) or "—"
        embed.add_field(
            name=clip(f"{names[seat_result.seat]}: {seat_result.total}", FIELD_NAME_MAX),
            value=clip(lines, FIELD_VALUE_MAX),
            inline=False,
        )


def ratings_text(stored: ResultRecord | None, changes: Sequence[RatingChange], words: Words) -> str:
    """What the game did to the ratings, for its final message: each player's new rating and its
    change, or why the game did not count (nothing for a game stored before results were kept)."""
    if stored is None:
        return ""
    if not stored.rated:
        return words.text("Not rated: {reason}.", reason=unrated_text(stored, words))
    names = {seat.user_id: seat.name for seat in stored.seats}
    parts = []
    for change in changes:
        before = shown(Rating(change.mu_before, change.sigma_before))
        after = shown(Rating(change.mu_after, change.sigma_after))
        parts.append(f"**{names.get(change.user_id, '?')}** {after} ({after - before:+d})")
    return words.text("Ratings: {ratings}", ratings=", ".join(parts))


def result_embed(position: Position, ratings: str = "") -> discord.Embed:
    """The final scores; `ratings`: the line saying what the game did to the ratings."""
    words = position.words
    embed = discord.Embed(title=words.text("{game} — final scores", game=position.game.title), colour=GREEN)
    add_result_fields(embed, position)
    if ratings:
        embed.description = clip(f"{embed.description or ''}\n\n{ratings}", DESCRIPTION_MAX)
    embed.add_field(
        name=words.text("Fair deal"),
        value=clip(revealed_line(position.game_id, position.record.seed, words), 1024),
    )
    embed.set_footer(
        text=words.plural(
            "Game #{game} · archived after {n} move",
            "Game #{game} · archived after {n} moves",
            position.version,
            game=position.game_id,
        )
    )
    return embed
