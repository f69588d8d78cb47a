"""What a lobby shows and who clicked it: its buttons, the host's private panel and its words,
which buttons belong on that panel only, and a clicking member's name and rights.

Split from lobbies.py (issue 30), which keeps what `/play` and the lobby's buttons do; these are
the pieces those handlers (and /end, /leave, /notify) show with.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.basics.words import Words
from bot.game.position import Position
from bot.game.registry import computer_strengths
from bot.records.server_settings import CLOCK_PRESETS, CLOCK_WORDS
from bot.ui.items import host_panel_view, lobby_view
from bot.ui.levels import level


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


def lobby_view_of(position: Position) -> discord.ui.View:
    """The lobby's buttons for everyone: Join (disabled when full), Leave, Start (green once enough
    have joined) and "Host options"."""
    record = position.record
    return lobby_view(
        position.game_id,
        position.words,
        seated=len(record.seats),
        needed=record.min_seats,
        most=record.max_seats,
    )


def host_panel_of(position: Position, words: Words, *, host: bool = True) -> discord.ui.View:
    """The host's private panel: "Add computer" for each strength this game offers, the menus for
    the clock and (with a clock) the computer that plays timed-out turns, and "Cancel lobby"; for
    a moderator who is not the host (`host` False), "Cancel lobby" alone. In the clicker's `words`."""
    record = position.record
    if not host:
        return host_panel_view(position.game_id, words)
    strengths = computer_strengths(record.game)
    clocks = [
        (
            name,
            words.text(
                "Clock: {clock} ({meaning})",
                clock=words.text(CLOCK_PRESETS[name]),
                meaning=words.text(meaning),
            ),
        )
        for name, meaning in CLOCK_WORDS.items()
    ]
    stand_ins = [
        (s, words.text("Timed-out turns: {level} computer", level=level(s, words).lower())) for s in strengths
    ]
    clocked = (record.clock or "off") != "off"
    return host_panel_view(
        position.game_id,
        words,
        strengths,
        full=len(record.seats) >= record.max_seats,
        clocks=clocks if record.max_seats > 1 else (),
        clock=record.clock or "off",
        stand_ins=stand_ins if clocked and record.max_seats > 1 else (),
        stand_in=record.stand_in,
    )


def host_panel_text(position: Position, words: Words) -> str:
    heading = words.text(
        "**Host options** · {game}, game #{number}", game=position.game.title, number=position.game_id
    )
    return heading + "\n" + words.text("Only you see these; what you change shows on the lobby at once.")


#: What the host's panel does, and only there.
PANEL_OPS = ("cancel", "clock", "stand-in")


def on_panel(op: str) -> bool:
    return op in PANEL_OPS or op.startswith("add-")


def ephemeral(message: discord.Message | None) -> bool:
    return message is not None and message.flags.ephemeral
