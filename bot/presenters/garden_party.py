"""How Garden Party looks in Discord (issue 20): the table's words (its pictures are drawn by
`bot.pictures.garden_party`).

The board is the spectator view (`engine.garden_party.views`): the round and who decides what now,
each gardener's square, water, hand size, golden objects and vases, and each greenhouse's nine pots
as everyone sees them (seeds face down). A hand adds the seat's own cards, the cards drawn to keep
and the seeds it looked at. Events are chosen by `kind` and rendered with the players' names
(`Event.line_for(None, names)`); the words themselves live in `garden_party_text`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import Refusal
from bot.presenters.base import (
    CLOCK_CHOICES,
    CLOCK_HELP,
    ENGLISH,
    THREAD_HELP,
    OpenLobby,
    Presenter,
    bold,
    players_rules,
)
from bot.presenters.garden_party_text import (
    card_line,
    collector_flower,
    free_gardeners_line,
    named,
    pots_line,
    seat_block,
    status_line,
    where,
)
from bot.ui.choices import MAX_BUTTON_CHOICES
from engine.api import Event
from engine.garden_party.state import GardenPartyOptions
from engine.garden_party.views import GardenPartyView

#: Sections of docs/rules/garden-party.md written for developers, left out of `/rules`.
RULES_FOR_DEVELOPERS = {"Rulings", "Code map", "Tests"}

GARDENER_CHOICES = [
    app_commands.Choice(name="Chosen in turn", value="choose"),
    app_commands.Choice(name="Dealt", value="deal"),
]

#: Events that change the game for everyone, worth a channel message of their own, with a mark.
#: A lost duel's outcome comes with what went back and the card discarded unseen (issue 20).
ANNOUNCED = {
    "duel_won": "⚔️",
    "duel_lost": "⚔️",
    "plants_returned": "↩️",
    "sentence": "🃏",
    "sentence_postponed": "🃏",
    "snooper_caught": "🚨",
    "collector_flower": "🏺",
    "garden_complete": "🌸",
    "season_over": "🔔",
}


def announcement(event: Event, names: list[str]) -> str | None:
    """The channel line of an announced event (by kind), with the players' names in bold."""
    mark = ANNOUNCED.get(event.kind)
    return None if mark is None else f"{mark} {event.line_for(None, bold(names))}"


class GardenPartyPresenter(Presenter):
    game_name = "garden_party"
    says_whose_turn = True
    #: A turn offers many moves (squares, cards with targets, exchanges): group them by first step.
    flat_limit = MAX_BUTTON_CHOICES

    def board_headline(self, view: GardenPartyView, names: list[str]) -> str:
        return status_line(view, names)

    def board_text(self, view: GardenPartyView, names: list[str]) -> str:
        parts = [status_line(view, names)]
        if view.gardeners_free:
            parts.append(free_gardeners_line(view))
        for seat in view.seats:
            parts.append(seat_block(view, seat, names, seat.seat in view.to_move))
        piles = [
            f"Action decks: {view.cards_in_decks} cards",
            f"duel cards: {view.duel_cards}",
            f"golden objects face down: {view.golden_objects_left}",
            f"chance cards found: {view.chance_cards_found}",
        ]
        if view.discarded_plants:
            piles.append("out of play: " + ", ".join(view.discarded_plants))
        parts.append(" · ".join(piles) + f" · {view.flowers_to_end} flowers end the game")
        return "\n\n".join(parts)

    def hand_text(self, view: GardenPartyView, seat: int, names: list[str]) -> str:
        parts = [status_line(view, names)]
        me = view.seats[seat] if 0 <= seat < len(view.seats) else None
        if me is not None:
            flower = collector_flower(me)
            who = f"You are {named(seat, names)}" + (
                f", playing {me.gardener_name}" if me.gardener_name else ""
            )
            place = f" · at {where(view, me, names)} · 💧 {me.water}/{me.water_limit}"
            parts.append(who + place)
            if flower:
                parts.append(f"Your collector's flower: **{flower}** ({me.own_flowers_left} left to take)")
        cards = "\n".join(card_line(card) for card in view.hand) or "none"
        parts.append(f"**Your cards ({len(view.hand)}):**\n{cards}")
        if view.drawn:
            parts.append("**Drawn — keep one:**\n" + "\n".join(card_line(card) for card in view.drawn))
        if me is not None:
            parts.append(f"**Your greenhouse** (🌸 {me.flowering}/{view.flowers_to_end}):\n{pots_line(me)}")
            extra = []
            if me.golden_objects:
                extra.append("✨ " + ", ".join(me.golden_objects))
            if me.vases:
                extra.append("🏺 " + ", ".join(me.vases))
            if extra:
                parts.append(" · ".join(extra))
        return "\n\n".join(parts)

    def announcements(self, events: list[Event], names: list[str]) -> list[str]:
        """Duels' outcomes (with what a lost one sends back and discards), a snooper caught, a
        collector's flower taken, a greenhouse complete and the tournament closing (the final
        scores follow by themselves)."""
        return [line for line in (announcement(event, names) for event in events) if line is not None]

    def options_text(self, options: dict[str, Any]) -> str:
        parts = [
            f"{options.get('flowers_to_end', 9)} flowers end the game",
            "a standard die + 3" if options.get("standard_die") else "the 4–9 die",
            "gardeners chosen" if options.get("choose_gardeners", True) else "gardeners dealt",
            f"{options.get('reply_seconds', 30)} s to reply",
            f"at most {options.get('season_rounds', 40)} rounds",
        ]
        if options.get("balanced_start"):
            parts.append("balanced start (later gardeners start with water)")
        return " · ".join(parts)

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(name="garden-party", description="Garden Party: 3 to 6 players.")
        @app_commands.describe(
            players="3-6 (default: whoever joined).",
            short_game="7 flowers end it, not 9.",
            standard_die="A six-sided die + 3 (same odds).",
            gardeners="Chosen or dealt.",
            reply_seconds="Time to answer out of turn.",
            season_rounds="Most rounds (3-99, normally 40).",
            balanced_start="Variant: later gardeners start with water, to even the first seat's edge.",
            thread=THREAD_HELP,
            clock=CLOCK_HELP,
        )
        @app_commands.choices(gardeners=GARDENER_CHOICES, clock=CLOCK_CHOICES)
        async def play_garden_party(
            interaction: discord.Interaction[Any],
            players: app_commands.Range[int, 3, 6] | None = None,
            short_game: bool = False,
            standard_die: bool = False,
            gardeners: str = "choose",
            reply_seconds: app_commands.Range[int, 5, 120] = 30,
            season_rounds: app_commands.Range[int, 3, 99] = 40,
            balanced_start: bool = False,
            thread: bool | None = None,
            clock: str | None = None,
        ) -> None:
            options = build_options(
                short_game, standard_die, gardeners, reply_seconds, season_rounds, balanced_start
            )
            await open_lobby(interaction, self.game_name, options, players, thread, clock=clock)

        return play_garden_party

    def rules_text(self, language: str = ENGLISH) -> str:
        """The players' text (docs/rules/garden-party-players.md); without it, the rules as
        implemented without their developer sections."""
        return players_rules("garden-party", "Garden Party", RULES_FOR_DEVELOPERS, language)


def build_options(
    short_game: bool,
    standard_die: bool,
    gardeners: str,
    reply_seconds: int,
    season_rounds: int,
    balanced_start: bool = False,
) -> GardenPartyOptions:
    """The engine's options from the command's choices."""
    if gardeners not in ("choose", "deal"):
        raise Refusal("Choose whether gardeners are chosen or dealt.")
    return GardenPartyOptions(
        flowers_to_end=7 if short_game else 9,
        standard_die=standard_die,
        choose_gardeners=gardeners == "choose",
        reply_seconds=reply_seconds,
        season_rounds=season_rounds,
        balanced_start=balanced_start,
    )


PRESENTER = GardenPartyPresenter()
