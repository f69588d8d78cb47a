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
from bot.basics.words import Words
from bot.presenters.base import (
    CLOCK_CHOICES,
    CLOCK_HELP,
    THREAD_HELP,
    OpenLobby,
    TranslatedPresenter,
    bold,
)
from bot.presenters.engine_words import EveryKind, by_templates, event_line
from bot.presenters.garden_party_text import (
    card_line,
    collector_flower,
    engine_said,
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


class GardenPartyPresenter(TranslatedPresenter):
    game_name = "garden_party"
    rules_name = "garden-party"
    rules_title = "Garden Party"
    #: Sections of docs/rules/garden-party.md written for developers, left out of `/rules`.
    rules_for_developers = frozenset({"Rulings", "Code map", "Tests"})
    says_whose_turn = True
    #: A turn offers many moves (squares, cards with targets, exchanges): group them by first step.
    flat_limit = MAX_BUTTON_CHOICES
    #: Its lines have names written into their templates ("{gardener} goes to the Baron's lawn."):
    #: each is said by matching it against the game's templates.
    line_writers = EveryKind(by_templates("garden_party"))

    def board_headline_for(self, view: GardenPartyView, names: list[str], words: Words) -> str:
        return status_line(view, names, words)

    def board_text_for(self, view: GardenPartyView, names: list[str], words: Words) -> str:
        parts = [status_line(view, names, words)]
        if view.gardeners_free:
            parts.append(free_gardeners_line(view, words))
        for seat in view.seats:
            parts.append(seat_block(view, seat, names, seat.seat in view.to_move, words))
        piles = [
            words.plural("Action decks: {n} card", "Action decks: {n} cards", view.cards_in_decks),
            words.text("duel cards: {count}", count=view.duel_cards),
            words.text("golden objects face down: {count}", count=view.golden_objects_left),
            words.text("chance cards found: {count}", count=view.chance_cards_found),
        ]
        if view.discarded_plants:
            out = ", ".join(engine_said(words, plant) for plant in view.discarded_plants)
            piles.append(words.text("out of play: {plants}", plants=out))
        ending = words.text("{count} flowers end the game", count=view.flowers_to_end)
        return "\n\n".join([*parts, " · ".join([*piles, ending])])

    def hand_text_for(self, view: GardenPartyView, seat: int, names: list[str], words: Words) -> str:
        parts = [status_line(view, names, words)]
        me = view.seats[seat] if 0 <= seat < len(view.seats) else None
        if me is not None:
            flower = collector_flower(me)
            if me.gardener_name:
                gardener = engine_said(words, me.gardener_name)
                who = words.text(
                    "You are {player}, playing {gardener}", player=named(seat, names), gardener=gardener
                )
            else:
                who = words.text("You are {player}", player=named(seat, names))
            place = words.text(" · at {square}", square=where(view, me, names, words))
            parts.append(f"{who}{place} · 💧 {me.water}/{me.water_limit}")
            if flower:
                parts.append(
                    words.text(
                        "Your collector's flower: **{flower}** ({left} left to take)",
                        flower=engine_said(words, flower),
                        left=me.own_flowers_left,
                    )
                )
        cards = "\n".join(card_line(card, words) for card in view.hand) or words.text("none")
        parts.append(words.text("**Your cards ({count}):**", count=len(view.hand)) + f"\n{cards}")
        if view.drawn:
            drawn = "\n".join(card_line(card, words) for card in view.drawn)
            parts.append(words.text("**Drawn — keep one:**") + f"\n{drawn}")
        if me is not None:
            greenhouse = words.text(
                "**Your greenhouse** (🌸 {flowering}/{flowers}):",
                flowering=me.flowering,
                flowers=view.flowers_to_end,
            )
            parts.append(f"{greenhouse}\n{pots_line(me, words)}")
            extra = []
            if me.golden_objects:
                extra.append("✨ " + ", ".join(engine_said(words, name) for name in me.golden_objects))
            if me.vases:
                extra.append("🏺 " + ", ".join(engine_said(words, name) for name in me.vases))
            if extra:
                parts.append(" · ".join(extra))
        return "\n\n".join(parts)

    def announcement(self, event: Event, names: list[str], words: Words) -> str | None:
        """The channel line of an announced event (by kind), with the players' names in bold:
        duels' outcomes (with what a lost one sends back and discards), a snooper caught, a
        collector's flower taken, a greenhouse complete and the tournament closing (the final
        scores follow by themselves)."""
        mark = ANNOUNCED.get(event.kind)
        if mark is None:
            return None
        return f"{mark} {event_line(words, event, None, bold(names), self.line_writers)}"

    def options_text_for(self, options: dict[str, Any], words: Words) -> str:
        parts = [
            words.text("{count} flowers end the game", count=options.get("flowers_to_end", 9)),
            words.text("a standard die + 3") if options.get("standard_die") else words.text("the 4–9 die"),
            words.text("gardeners chosen")
            if options.get("choose_gardeners", True)
            else words.text("gardeners dealt"),
            words.text("{seconds} s to reply", seconds=options.get("reply_seconds", 30)),
            words.text("at most {rounds} rounds", rounds=options.get("season_rounds", 40)),
        ]
        if options.get("balanced_start"):
            parts.append(words.text("balanced start (later gardeners start with water)"))
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
