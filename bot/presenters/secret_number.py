"""How Secret Numbers (the built-in two-seat test game) looks in Discord."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import engine.secret_number as rules
from bot.presenters.base import (
    CLOCK_CHOICES,
    CLOCK_HELP,
    ENGLISH,
    THREAD_HELP,
    OpenLobby,
    Presenter,
    read_rules,
    read_rules_in,
)
from engine.secret_number import SecretNumberOptions, SecretNumberView


class SecretNumberPresenter(Presenter):
    game_name = "secret_number"

    def board_text(self, view: SecretNumberView, names: list[str]) -> str:
        scores = " · ".join(f"{names[s]}: **{p}**" for s, p in enumerate(view.scores))
        shown = ", ".join(card.removeprefix("c") for card in view.discard) or "none yet"
        return (
            f"Scores: {scores}\n"
            f"Cards shown: {shown}\n"
            f"Cards left in the deck: {view.deck_size} · Turns left: {view.turns_left}"
        )

    def hand_text(self, view: SecretNumberView, seat: int, names: list[str]) -> str:
        card = f"Your card: **{view.my_value}**" if view.my_value is not None else "You hold no card."
        return f"{card}\nIs your opponent's card higher or lower?"

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(
            name="secret-numbers", description="Secret Numbers: a tiny two-player guessing game."
        )
        @app_commands.choices(clock=CLOCK_CHOICES)
        @app_commands.describe(
            turns="How many turns each player takes (1 to 4).",
            thread=THREAD_HELP,
            clock=CLOCK_HELP,
        )
        async def play_secret_numbers(
            interaction: discord.Interaction[Any],
            turns: app_commands.Range[int, 1, 4] = 3,
            thread: bool | None = None,
            clock: str | None = None,
        ) -> None:
            await open_lobby(
                interaction, self.game_name, SecretNumberOptions(turns_each=turns), None, thread, clock=clock
            )

        return play_secret_numbers

    def rules_text(self, language: str = ENGLISH) -> str:
        """The players' text (docs/rules/secret_number-players.md), else the engine's own rules."""
        fallback = read_rules(self.game_name, f"# Secret Numbers\n\n{(rules.__doc__ or '').strip()}")
        return read_rules_in(f"{self.game_name}-players", language, fallback)


PRESENTER = SecretNumberPresenter()
