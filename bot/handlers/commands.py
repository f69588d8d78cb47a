"""The slash commands: /play <game>, /board, /hand, /rules, /help, /end, /leave, /stats, /leaderboard.

Commands are thin: each answers through the `Table` (or directly, for help and rules) and every
failure goes to the central error handler (`bot.handlers.errors`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.basics.metrics import metrics_of
from bot.basics.words import words_for
from bot.game.registry import entries
from bot.handlers import replies
from bot.handlers.clock_commands import ClockCommands
from bot.handlers.daily_commands import DailyGardens
from bot.handlers.errors import answer_error
from bot.handlers.hands import Hands
from bot.handlers.help_words import help_text
from bot.handlers.lobbies import LobbyHandlers
from bot.handlers.stats_commands import StatsCommands
from bot.handlers.table_commands import TableCommands
from bot.presenters.base import CLOCK_CHOICES
from bot.records.server_settings import LANGUAGE_NAMES
from bot.ui.choices import clip
from bot.ui.layout import GREEN, TEXT_MAX, container, layout, text
from bot.ui.levels import level
from engine.ai import STRENGTHS
from engine.registry import get_game


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
        with replies.on_time(interaction, private=False):
            await lobbies.open(interaction, game_name, options, players, thread, clock=clock, daily=daily)

    play_commands = {name: entry.presenter.play_command(open_lobby) for name, entry in offered.items()}
    for command in play_commands.values():
        play.add_command(command)
    commands_of = {name: command.name for name, command in play_commands.items()}
    tree.add_command(play)
    register_clock_commands(tree, clocks)
    if stats is not None:
        register_stats_commands(tree, stats, list(offered), daily_gardens)

    @tree.command(name="board", description="Post a fresh copy of this channel's game board.")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction[Any]) -> None:
        with replies.on_time(interaction, private=False):
            await table.repost_board(interaction)

    @tree.command(
        name="hand", description="Your own hand and moves in this channel's game (only you see it)."
    )
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction[Any]) -> None:
        with replies.on_time(interaction, private=True):
            await hands.show(interaction, None)

    @tree.command(
        name="end", description="End this channel's game (its host, or someone with Manage Channels)."
    )
    @app_commands.guild_only()
    async def end(interaction: discord.Interaction[Any]) -> None:
        with replies.on_time(interaction, private=False):
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
        with replies.on_time(interaction, private=False):
            await table.end_or_leave(interaction, end=False, computer=computer.value if computer else None)

    @tree.command(name="rules", description="The rules of a game, page by page (only you see them).")
    @app_commands.describe(game="Which game's rules")
    @app_commands.choices(
        game=[app_commands.Choice(name=get_game(name).title, value=name) for name in offered]
    )
    async def rules(interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        with replies.on_time(interaction, private=True):
            await table.rules_page(interaction, game.value, 0)

    @tree.command(name="help", description="What Garden Club can do and how to play.")
    async def help_command(interaction: discord.Interaction[Any]) -> None:
        # A layout's text display holds 4,000 characters: room for longer languages than English's
        # 1,900 (French is 2,200; a message's content stops at 2,000).
        said = help_text(offered.values(), words_for(str(interaction.locale)), commands_of)
        await replies.send(
            interaction, private=True, view=layout([container([text(clip(said, TEXT_MAX))], GREEN)])
        )

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
        with replies.on_time(interaction, private=True):
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
        with replies.on_time(interaction, private=True):
            if (daily or day is not None) and daily_gardens is not None:
                await daily_gardens.board(interaction, game.value, day)
                return
            await stats.leaderboard(interaction, game.value, solo=solo)


def register_clock_commands(tree: app_commands.CommandTree[Any], clocks: ClockCommands) -> None:
    """`/pause`, `/resume`, `/notify` and `/settings`."""

    @tree.command(name="pause", description="Ask to pause this channel's game (every player agrees).")
    @app_commands.guild_only()
    async def pause(interaction: discord.Interaction[Any]) -> None:
        with replies.on_time(interaction, private=False):
            await clocks.pause(interaction)

    @tree.command(name="resume", description="Start a paused game's clock again.")
    @app_commands.guild_only()
    async def resume(interaction: discord.Interaction[Any]) -> None:
        with replies.on_time(interaction, private=False):
            await clocks.resume(interaction)

    @tree.command(name="notify", description="Also remind me by direct message when my turn's time runs low.")
    @app_commands.describe(on="On: direct messages too; off: reminders only in the game's channel")
    async def notify(interaction: discord.Interaction[Any], on: bool) -> None:
        with replies.on_time(interaction, private=True):
            await clocks.notify(interaction, on)

    @tree.command(name="settings", description="This server's defaults for its games (Manage Server).")
    @app_commands.describe(
        clock="Time per turn for new games",
        computer="How well the computer plays a turn whose time ran out",
        abandoned_after_days="A game nobody moves in for this many days ends as abandoned",
        pictures="Draw board pictures",
        threads="Open new games in a thread",
        language="The language of new games' tables, notices and final scores",
    )
    @app_commands.choices(
        clock=CLOCK_CHOICES,
        computer=[app_commands.Choice(name=level(s), value=s) for s in STRENGTHS],
        language=[app_commands.Choice(name="Automatic: the server's language", value="auto")]
        + [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()],
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
        language: str | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            key: value
            for key, value in {
                "clock": clock,
                "stand_in": computer,
                "abandon_days": abandoned_after_days,
                "pictures": pictures,
                "threads": threads,
                "language": language,
            }.items()
            if value is not None
        }
        with replies.on_time(interaction, private=True):
            await clocks.settings(interaction, changes)
