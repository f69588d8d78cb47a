"""Embeds for lobbies, boards, hands and results, within Discord's embed limits.

The board is drawn only from the spectator view and public log lines; a hand only from its owner's
view. Game-specific text comes from the game's presenter; everything here is the same for all games.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import discord

from bot.pictures import RenderedImage, board_summary
from bot.presenters import get_presenter
from bot.sessions import Snapshot
from bot.ui.choices import clip

DESCRIPTION_MAX = 4096
FIELD_VALUE_MAX = 1024
FIELD_NAME_MAX = 256
#: How many log lines the board shows.
LOG_LINES = 5

GREEN = discord.Colour(0x4E9A06)
GREY = discord.Colour(0x888A85)


#: Engines name seats "Seat 2" (Cabbagehead) or "Player 2" (Garden Sabotage).
SEAT_WORD = re.compile(r"\b(?:Seat|Player) (\d+)\b")


def with_names(line: str, names: list[str]) -> str:
    """Engine lines say "Seat 2" or "Player 2"; players read their names ("Bob") instead."""
    return _with_names(line, tuple(names))


@lru_cache(maxsize=4096)
def _with_names(line: str, names: tuple[str, ...]) -> str:
    """`with_names`, once per line and names: the board and every hand redraw the same log lines."""

    def name(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return names[number - 1] if 1 <= number <= len(names) else match.group(0)

    return SEAT_WORD.sub(name, line)


def log_field(lines: list[str], names: list[str]) -> str:
    return clip("\n".join(f"• {with_names(line, names)}" for line in lines), FIELD_VALUE_MAX)


def seat_names(snap: Snapshot) -> list[str]:
    return [seat.name for seat in snap.record.seats]


def board_link(snap: Snapshot) -> str | None:
    """A jump link to the current board message, when there is one."""
    record = snap.record
    if record.board_message_id is None or record.guild_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.board_message_id}"


def describe_options(options: dict[str, Any], game_name: str | None = None) -> str:
    """The options in words: the presenter's `options_text` when it has one, else key: value."""
    custom = getattr(get_presenter(game_name), "options_text", None) if game_name else None
    if custom is not None:
        return str(custom(options)) or "standard rules"
    parts = []
    for key, value in options.items():
        if value is None or value == []:
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        parts.append(f"{key.replace('_', ' ')}: {shown}")
    return " · ".join(parts) or "standard rules"


def lobby_embed(snap: Snapshot) -> discord.Embed:
    record = snap.record
    game = snap.game
    closed = record.status != "lobby"
    embed = discord.Embed(
        title=clip(f"{game.title} — lobby", FIELD_NAME_MAX), colour=GREY if closed else GREEN
    )
    need = (
        f"{record.min_seats}"
        if record.min_seats == record.max_seats
        else f"{record.min_seats}–{record.max_seats}"
    )
    seats = "\n".join(f"{i + 1}. {seat.name}" for i, seat in enumerate(record.seats)) or "nobody yet"
    lines = [f"Options: {describe_options(record.options, record.game)}", f"Players needed: {need}"]
    if record.status == "lobby" and record.lobby_expires_at:
        lines.append(f"The lobby closes <t:{int(record.lobby_expires_at)}:R> unless the host starts it.")
    if closed:
        lines.append(f"**Closed:** {record.end_reason or record.status}.")
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    embed.add_field(name=f"Players ({len(record.seats)})", value=clip(seats, FIELD_VALUE_MAX), inline=False)
    host = next((s.name for s in record.seats if s.user_id == record.host_id), None)
    if host:
        embed.set_footer(text=f"Host: {host} · game #{record.id}")
    return embed


def turn_line(snap: Snapshot) -> str:
    names = seat_names(snap)
    to_move = snap.to_move()
    if not to_move:
        return "Game over."
    return "Now: " + ", ".join(f"**{names[s]}**" for s in to_move)


def board_embed(
    snap: Snapshot,
    log_lines: list[str],
    picture: RenderedImage | None = None,
    *,
    kept_picture_move: int | None = None,
) -> discord.Embed:
    """The board's text. With a `picture` attached to the same message, the text is a short
    summary (the picture and its description carry the rest); without one, the full text board.
    `kept_picture_move`: the message keeps an older picture (of that move) while a new one waits
    for the picture budget; the text is current and the footer says which move the picture shows."""
    record = snap.record
    names = seat_names(snap)
    presenter = get_presenter(record.game)
    view = snap.view(None)
    finished = record.status != "active"
    embed = discord.Embed(title=snap.game.title, colour=GREY if finished else GREEN)
    if view is None:
        body = ""
    elif picture is not None or kept_picture_move is not None:
        body = with_names(board_summary(record.game, view, names), names)
        headline = getattr(presenter, "board_headline", None)
        if headline is not None:
            body = f"{headline(view, names)}\n\n{body}"
    else:
        body = presenter.board_text(view, names)
    embed.description = clip(body, DESCRIPTION_MAX)
    to_move = snap.to_move()
    players = "\n".join(f"{'▶ ' if seat in to_move else ''}{name}" for seat, name in enumerate(names))
    embed.add_field(name="Players", value=clip(players, FIELD_VALUE_MAX), inline=True)
    embed.add_field(name="Turn", value=clip(turn_line(snap), FIELD_VALUE_MAX), inline=True)
    if log_lines:
        embed.add_field(
            name="Recent",
            value=log_field(log_lines, names),
            inline=False,
        )
    result = snap.result()
    if result is not None:
        add_result_fields(embed, snap)
    elif record.status == "cancelled":
        embed.add_field(
            name="Ended", value=clip(record.end_reason or "cancelled", FIELD_VALUE_MAX), inline=False
        )
    picture_note = ""
    if kept_picture_move is not None and kept_picture_move != record.version:
        picture_note = f" · picture shows move {kept_picture_move} (updating)"
    embed.set_footer(text=f"Game #{record.id}{picture_note} · move {record.version}")
    return embed


def add_result_fields(embed: discord.Embed, snap: Snapshot) -> None:
    """Every seat's full score breakdown, then the winner(s) and the result summary."""
    result = snap.result()
    if result is None:
        return
    names = seat_names(snap)
    for seat_result in sorted(result.seats, key=lambda r: -r.total):
        award = f" — {seat_result.award}" if seat_result.award else ""
        trophy = "🏆 " if seat_result.seat in result.winners else ""
        lines = "\n".join(f"{line.label}: {line.points}" for line in seat_result.lines) or "—"
        embed.add_field(
            name=clip(f"{trophy}{names[seat_result.seat]}: {seat_result.total}{award}", FIELD_NAME_MAX),
            value=clip(lines, FIELD_VALUE_MAX),
            inline=False,
        )
    winners = ", ".join(names[s] for s in result.winners)
    embed.add_field(
        name="Result",
        value=clip(f"{with_names(result.summary, names)}\nWinner: {winners}", FIELD_VALUE_MAX),
        inline=False,
    )


def result_embed(snap: Snapshot) -> discord.Embed:
    embed = discord.Embed(title=f"{snap.game.title} — final scores", colour=GREEN)
    add_result_fields(embed, snap)
    embed.set_footer(text=f"Game #{snap.record.id} · archived after {snap.record.version} moves")
    return embed


def hand_embed(snap: Snapshot, seat: int, log_lines: list[str], note: str | None = None) -> discord.Embed:
    """A player's private view with a line saying whether (and what) they can decide now."""
    names = seat_names(snap)
    presenter = get_presenter(snap.record.game)
    view = snap.view(seat)
    embed = discord.Embed(title=f"Your hand — {snap.game.title}", colour=GREEN)
    text = snap.drawn(("hand", seat))
    if text is None:
        text = presenter.hand_text(view, seat, names) if view is not None else ""
        snap.remember_drawn(("hand", seat), text)
    if snap.record.status != "active":
        status = "This game is over."
    elif seat in snap.to_move():
        status = "**Your decision.** Choose below."
    else:
        status = turn_line(snap) + " — I'll mention you when it's your turn."
    parts = [f"> {note}"] if note else []
    parts += [text, "", status]
    embed.description = clip("\n".join(parts), DESCRIPTION_MAX)
    if log_lines:
        embed.add_field(name="Recent", value=log_field(log_lines, names))
    embed.set_footer(text=f"Only you can see this · game #{snap.record.id} · move {snap.record.version}")
    return embed
