"""How Objection! (the built-in test game with reply windows) looks in Discord."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import engine.objection as rules
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
from engine.objection import OBJECTION_COST, ObjectionOptions, ObjectionView


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class ObjectionPresenter(Presenter):
    game_name = "objection"

    def board_text(self, view: ObjectionView, names: list[str]) -> str:
        scores = " · ".join(f"{names[s]}: **{p}**" for s, p in enumerate(view.scores))
        lines = [f"Scores: {scores}"]
        if view.on_table is not None and view.played_by is not None:
            waiting = _joined([names[s] for s in view.waiting]) if view.waiting else "nobody"
            lines.append(
                f"On the table: {names[view.played_by]}'s **{view.on_table}**, waiting for {waiting}."
            )
        discarded = ", ".join(map(str, view.discard)) or "none yet"
        lines.append(f"Cards discarded by an objection: {discarded} · Turns left: {view.turns_left}")
        return "\n".join(lines)

    def hand_text(self, view: ObjectionView, seat: int, names: list[str]) -> str:
        cards = ", ".join(f"**{v}**" for v in view.my_values) or "no cards"
        text = f"Your cards: {cards}"
        if view.replying and view.on_table is not None and view.played_by is not None:
            text += (
                f"\n{names[view.played_by]} played the **{view.on_table}**. Object (it costs you "
                f"{OBJECTION_COST} points and cancels the card) or let it happen?"
            )
        return text

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(
            name="objection", description="Objection!: a tiny game where anyone may object to a play."
        )
        @app_commands.describe(
            turns="How many cards each player plays (1 to 5).",
            reply_seconds="How long each player has to object to a play (5 to 120 seconds).",
            thread=THREAD_HELP,
            clock=CLOCK_HELP,
        )
        @app_commands.choices(clock=CLOCK_CHOICES)
        async def play_objection(
            interaction: discord.Interaction[Any],
            turns: app_commands.Range[int, 1, 5] = 2,
            reply_seconds: app_commands.Range[int, 5, 120] = 30,
            thread: bool | None = None,
            clock: str | None = None,
        ) -> None:
            options = ObjectionOptions(turns_each=turns, reply_seconds=reply_seconds)
            await open_lobby(interaction, self.game_name, options, None, thread, clock=clock)

        return play_objection

    def rules_text(self, language: str = ENGLISH) -> str:
        """The players' text (docs/rules/objection-players.md), else the engine's own rules."""
        fallback = read_rules(self.game_name, f"# Objection!\n\n{(rules.__doc__ or '').strip()}")
        return read_rules_in(f"{self.game_name}-players", language, fallback)


PRESENTER = ObjectionPresenter()
