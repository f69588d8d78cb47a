"""The slash commands: /play <game>, /board, /hand, /rules, /help, /end, /leave, /stats, /leaderboard.

Commands are thin: each answers through the `Table` (or directly, for help and rules) and every
failure goes to the central error handler (`bot.handlers.errors`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.basics.metrics import metrics_of
from bot.game.registry import GameEntry, entries
from bot.handlers import replies
from bot.handlers.clock_commands import ClockCommands
from bot.handlers.daily_commands import DailyGardens
from bot.handlers.errors import answer_error
from bot.handlers.hands import Hands
from bot.handlers.lobbies import LobbyHandlers
from bot.handlers.stats_commands import StatsCommands
from bot.handlers.table_commands import TableCommands
from bot.presenters.base import CLOCK_CHOICES
from bot.ui.levels import level
from engine.ai import STRENGTHS
from engine.registry import get_game

#: What each game is about, in one line of `/help` (a game without a line: its title and players).
GAME_LINES = {
    "cabbagehead": "plant a prize-winning vegetable garden while the Tedious Neighbours snoop "
    "around; with the New Neighbours, Grasshoppers and Romancing Eudora. `/play cabbagehead`",
    "sabotage": "plant to complete your garden objectives and sabotage the others with Bad Bugs; "
    "with the Bird variant. `/play sabotage`",
    "garden_party": "grow nine flowers in your greenhouse, snoop in the others' and duel Attila "
    "Von Salt. `/play garden-party`",
    "secret_number": "a tiny guessing game for testing the bot. `/play secret-numbers`",
    "objection": "a tiny game for testing answers out of turn. `/play objection`",
}

HELP_TEXT = (
    "**Garden Club** hosts garden card games right here in the channel:\n{games}\n\n"
    "`/play <game>` — open a lobby (with the game's options); others press **Join**, the host presses "
    "**Start**. A solo game starts at once.\n"
    "**My hand / My turn** on the board, or `/hand` — your own cards and moves, visible only to you.\n"
    "`/board` — post a fresh copy of the board.\n"
    "`/rules <game>` — how to play here, then the rules, page by page.\n"
    "`/leave` — leave the game in this channel (`computer:` lets a computer player take your seat). "
    "`/end` — end it (host, or Manage Channels).\n"
    "`/pause`, `/resume` — pause the game's clock (every player agrees) and start it again. "
    "`/notify` — reminders by direct message too. `/settings` — this server's defaults (Manage Server).\n"
    "`/stats` — a player's games on this server; `/leaderboard <game>` — its best players "
    "(ratings), or with `solo:` the best solo gardens.\n"
    "`/play cabbagehead daily:True` — today's daily garden, the same deal for everyone here.\n"
    "`/history list` — this server's finished games, each with **Replay**; "
    "`/history export` — one as a file.\n"
    "`/help` — this message.\n\n"
    "One game per channel; open a thread (the `thread` option of `/play`) to play several at once. "
    "Every move is a click; nothing is lost if the bot restarts."
)


def help_text(games: Iterable[GameEntry]) -> str:
    """`/help`: the commands, and each game offered with one line."""
    lines = []
    for entry in games:
        game = entry.game
        seats = (
            f"{game.min_seats}–{game.max_seats}" if game.min_seats < game.max_seats else str(game.min_seats)
        )
        players = f"{seats} player{'s' if game.max_seats > 1 else ''}"
        about = GAME_LINES.get(entry.name)
        lines.append(f"• **{game.title}** — {players}" + (f": {about}" if about else ""))
    return HELP_TEXT.format(games="\n".join(lines))


def register_commands(
    tree: app_commands.CommandTree[Any],
    lobbies: LobbyHandlers,
    hands: Hands,
    table: TableCommands,
    clocks: ClockCommands,
    *,
    test_games: bool = False,
    stats: StatsCommands | None = None,
    daily_gardens: DailyGardens | None = None,
) -> None:
    """Add every command to `tree` (called once in `setup_hook`, before syncing). Test games are
    offered only where the owner enables them (`TEST_GAMES`)."""
    offered = {name: e for name, e in entries().items() if test_games or not e.test_only}
    play = app_commands.Group(name="play", description="Start a game in this channel.", guild_only=True)

    async def open_lobby(
        interaction: discord.Interaction[Any],
        game_name: str,
        options: BaseModel,
        players: int | None,
        thread: bool | None,
        *,
        clock: str | None = None,
        daily: bool = False,
    ) -> None:
        async with replies.on_time(interaction, private=False):
            await lobbies.open(interaction, game_name, options, players, thread, clock=clock, daily=daily)

    for entry in offered.values():
        play.add_command(entry.presenter.play_command(open_lobby))
    tree.add_command(play)
    register_clock_commands(tree, clocks)
    if stats is not None:
        register_stats_commands(tree, stats, list(offered), daily_gardens)

    @tree.command(name="board", description="Post a fresh copy of this channel's game board.")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=False):
            await table.repost_board(interaction)

    @tree.command(
        name="hand", description="Your own hand and moves in this channel's game (only you see it)."
    )
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=True):
            await hands.show(interaction, None)

    @tree.command(
        name="end", description="End this channel's game (its host, or someone with Manage Channels)."
    )
    @app_commands.guild_only()
    async def end(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=False):
            await table.end_or_leave(interaction, end=True)

    @tree.command(name="leave", description="Leave this channel's game.")
    @app_commands.describe(
        computer="Let a computer player (Easy, Medium or Hard) take your seat, so the game goes on"
    )
    @app_commands.choices(
        computer=[app_commands.Choice(name=f"{level(s)} computer player", value=s) for s in STRENGTHS]
    )
    @app_commands.guild_only()
    async def leave(
        interaction: discord.Interaction[Any], computer: app_commands.Choice[str] | None = None
    ) -> None:
        async with replies.on_time(interaction, private=False):
            await table.end_or_leave(interaction, end=False, computer=computer.value if computer else None)

    @tree.command(name="rules", description="The rules of a game, page by page (only you see them).")
    @app_commands.describe(game="Which game's rules")
    @app_commands.choices(
        game=[app_commands.Choice(name=get_game(name).title, value=name) for name in offered]
    )
    async def rules(interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        async with replies.on_time(interaction, private=True):
            await table.rules_page(interaction, game.value, 0)

    @tree.command(name="help", description="What Garden Club can do and how to play.")
    async def help_command(interaction: discord.Interaction[Any]) -> None:
        await replies.send(interaction, private=True, content=help_text(offered.values()))

    @tree.error
    async def on_app_command_error(
        interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        name = interaction.command.qualified_name if interaction.command else "a command"
        await answer_error(interaction, error, context=f"/{name}")
        metrics_of(interaction.client).command_done(interaction, error)


def register_stats_commands(
    tree: app_commands.CommandTree[Any],
    stats: StatsCommands,
    games: list[str],
    daily_gardens: DailyGardens | None = None,
) -> None:
    """`/stats` and `/leaderboard`: the server's records (bot/handlers/stats_commands.py)."""
    choices = [app_commands.Choice(name=get_game(name).title, value=name) for name in games]

    @tree.command(name="stats", description="A player's games on this server (only you see it).")
    @app_commands.describe(user="Whose stats (default: yours)", game="Only this game")
    @app_commands.choices(game=choices)
    @app_commands.guild_only()
    async def stats_command(
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        async with replies.on_time(interaction, private=True):
            who = user.id if user is not None else interaction.user.id
            await stats.stats(interaction, who, game.value if game else None)

    @tree.command(name="leaderboard", description="This server's best players of a game (only you see it).")
    @app_commands.describe(
        game="Which game",
        solo="Mr. Cabbagehead's Garden: the best solo gardens instead",
        daily="Mr. Cabbagehead's Garden: today's daily gardens (points only until the day ends)",
        day="The daily gardens of a past day: 2026-12-01 (UTC), or yesterday",
    )
    @app_commands.choices(game=choices)
    @app_commands.guild_only()
    async def leaderboard(
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        solo: bool = False,
        daily: bool = False,
        day: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        async with replies.on_time(interaction, private=True):
            if (daily or day is not None) and daily_gardens is not None:
                await daily_gardens.board(interaction, game.value, day)
                return
            await stats.leaderboard(interaction, game.value, solo=solo)


def register_clock_commands(tree: app_commands.CommandTree[Any], clocks: ClockCommands) -> None:
    """`/pause`, `/resume`, `/notify` and `/settings`."""

    @tree.command(name="pause", description="Ask to pause this channel's game (every player agrees).")
    @app_commands.guild_only()
    async def pause(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=False):
            await clocks.pause(interaction)

    @tree.command(name="resume", description="Start a paused game's clock again.")
    @app_commands.guild_only()
    async def resume(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=False):
            await clocks.resume(interaction)

    @tree.command(name="notify", description="Also remind me by direct message when my turn's time runs low.")
    @app_commands.describe(on="On: direct messages too; off: reminders only in the game's channel")
    async def notify(interaction: discord.Interaction[Any], on: bool) -> None:
        async with replies.on_time(interaction, private=True):
            await clocks.notify(interaction, on)

    @tree.command(name="settings", description="This server's defaults for its games (Manage Server).")
    @app_commands.describe(
        clock="Time per turn for new games",
        computer="How well the computer plays a turn whose time ran out",
        abandoned_after_days="A game nobody moves in for this many days ends as abandoned",
        pictures="Draw board pictures",
        threads="Open new games in a thread",
    )
    @app_commands.choices(
        clock=CLOCK_CHOICES,
        computer=[app_commands.Choice(name=level(s), value=s) for s in STRENGTHS],
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(
        interaction: discord.Interaction[Any],
        clock: str | None = None,
        computer: str | None = None,
        abandoned_after_days: app_commands.Range[int, 1, 365] | None = None,
        pictures: bool | None = None,
        threads: bool | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            key: value
            for key, value in {
                "clock": clock,
                "stand_in": computer,
                "abandon_days": abandoned_after_days,
                "pictures": pictures,
                "threads": threads,
            }.items()
            if value is not None
        }
        async with replies.on_time(interaction, private=True):
            await clocks.settings(interaction, changes)
