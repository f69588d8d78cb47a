"""How Mr. Cabbagehead's Garden looks in Discord: the gardens, the drawn row, Neighbours.

Everything here is formatted from the engine's view; no rule is decided here. The presenter and
its `/play` options are here; the texts it puts together are in cabbagehead_text.py.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import Refusal
from bot.basics.words import N_, Words
from bot.presenters.base import (
    CLOCK_CHOICES,
    CLOCK_HELP,
    THREAD_HELP,
    OpenLobby,
    TranslatedPresenter,
)
from bot.presenters.cabbagehead_log import LINE_WRITERS
from bot.presenters.cabbagehead_slots import slot_grid, slot_sections
from bot.presenters.cabbagehead_text import (
    ENGLISH,
    card_long,
    decision_text,
    garden_text,
    neighbours_text,
    row_text,
    seat_label,
    supply_text,
)
from bot.presenters.engine_words import semicolons
from bot.ui.choices import Entry
from engine.cabbagehead.neighbours import NEIGHBOURS
from engine.cabbagehead.state import CabbageheadOptions
from engine.cabbagehead.view_models import CabbageheadView

EXPANSION_WORDS = (
    ("grasshoppers", N_("Grasshoppers")),
    ("eudora", N_("Romancing Eudora")),
    ("fixed_grid", N_("fixed grid")),
)

NEIGHBOUR_CHOICES = [app_commands.Choice(name=n.name[:100], value=n.key) for n in NEIGHBOURS]
NEIGHBOUR_SETS = [
    app_commands.Choice(name="Original Neighbours (recommended first game)", value="original"),
    app_commands.Choice(name="New Neighbours: 4 of the 6 at random", value="new"),
    app_commands.Choice(name="All ten Neighbours: 4 at random", value="random"),
    app_commands.Choice(name="Chosen: the four you pick below", value="chosen"),
]
NEIGHBOUR_SET_VALUES = tuple(str(choice.value) for choice in NEIGHBOUR_SETS)
FIRST_PLAYER = [
    app_commands.Choice(name="Random", value="random"),
    app_commands.Choice(name="The host", value="host"),
    app_commands.Choice(name="The other player", value="guest"),
]


class CabbageheadPresenter(TranslatedPresenter):
    game_name = "cabbagehead"
    rules_title = "Mr. Cabbagehead's Garden"
    #: Sections of docs/rules/cabbagehead.md written for developers, left out of `/rules`.
    rules_for_developers = frozenset(
        {"Options", "The deck data file", "Decisions, actions and views", "Code map"}
    )
    says_whose_turn = True
    #: Every decision with several first steps is picked in steps: the card (three buttons with
    #: their costs), then its slot; for the two-player pass, the card, then where it lies.
    flat_limit = 1
    line_writers = LINE_WRITERS

    def board_text_for(self, view: CabbageheadView, names: list[str], words: Words) -> str:
        parts = [
            words.text(
                "Round {round} · turn {turn} · {decision}",
                round=view.round,
                turn=view.turn,
                decision=decision_text(view, names, words),
            ),
            words.text("**Drawn row**") + "\n" + row_text(view, words),
        ]
        passed = passed_text(view, words)
        if passed:
            parts.append(passed)
        parts.append(supply_text(view, words))
        parts.append(words.text("**Neighbours**") + "\n" + neighbours_text(view, words))
        if view.visits:
            visitors = semicolons(words, [visitor or words.text("nobody") for visitor in view.visits[-3:]])
            parts.append(words.text("Visits: {visitors}", visitors=visitors))
        for garden in view.gardens:
            parts.append(garden_text(garden, seat_label(garden.seat, names, words), words))
        return "\n\n".join(parts)

    def hand_text_for(self, view: CabbageheadView, seat: int, names: list[str], words: Words) -> str:
        mine = next((g for g in view.gardens if g.seat == seat), None)
        drawn = words.text("**Drawn row**") + "\n" + row_text(view, words)
        parts = [decision_text(view, names, words), drawn]
        passed = passed_text(view, words)
        if passed:
            parts.append(passed)
        if mine is not None:
            parts.append(garden_text(mine, words.text("Your garden"), words))
        return "\n\n".join(parts)

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(name="cabbagehead", description="Mr. Cabbagehead's Garden: 1 or 2 players.")
        @app_commands.describe(
            players="1 (solo, starts at once) or 2 players.",
            neighbours="Which Tedious Neighbours visit.",
            grasshoppers="Play with the Grasshoppers expansion.",
            eudora="Play with Romancing Eudora (solo only).",
            fixed_grid="Plant in a fixed 6 x 3 grid instead of the floating plot.",
            first_player="Two players: who starts.",
            neighbour_1="With chosen Neighbours: the first.",
            neighbour_2="With chosen Neighbours: the second.",
            neighbour_3="With chosen Neighbours: the third.",
            neighbour_4="With chosen Neighbours: the fourth.",
            thread=THREAD_HELP,
            clock=CLOCK_HELP,
            daily="Today's daily garden: all on this server get the same deal (solo, its own options).",
        )
        @app_commands.choices(
            clock=CLOCK_CHOICES,
            neighbours=NEIGHBOUR_SETS,
            first_player=FIRST_PLAYER,
            neighbour_1=NEIGHBOUR_CHOICES,
            neighbour_2=NEIGHBOUR_CHOICES,
            neighbour_3=NEIGHBOUR_CHOICES,
            neighbour_4=NEIGHBOUR_CHOICES,
        )
        async def play_cabbagehead(
            interaction: discord.Interaction[Any],
            players: app_commands.Range[int, 1, 2] = 1,
            neighbours: str = "original",
            grasshoppers: bool = False,
            eudora: bool = False,
            fixed_grid: bool = False,
            first_player: str = "random",
            neighbour_1: str | None = None,
            neighbour_2: str | None = None,
            neighbour_3: str | None = None,
            neighbour_4: str | None = None,
            thread: bool | None = None,
            clock: str | None = None,
            daily: bool = False,
        ) -> None:
            if daily:
                if players != 1:
                    raise Refusal("The daily garden is played solo: leave `players` at 1.")
                await open_lobby(interaction, self.game_name, CabbageheadOptions(), 1, thread, daily=True)
                return
            options = build_options(
                players,
                neighbours,
                grasshoppers,
                eudora,
                fixed_grid,
                first_player,
                [n for n in (neighbour_1, neighbour_2, neighbour_3, neighbour_4) if n],
            )
            await open_lobby(interaction, self.game_name, options, players, thread, clock=clock)

        return play_cabbagehead

    def menu_sections(
        self, title: str | None, entries: list[Entry], words: Words | None = None
    ) -> list[tuple[str, list[Entry]]] | None:
        """A card's slots by rows, as the picture shows them (bot/presenters/cabbagehead_slots.py)."""
        return slot_sections(entries, words or ENGLISH)

    def button_grid(self, entries: list[Entry]) -> list[list[Entry | None]] | None:
        """A card's slots as buttons laid out like the plot (bot/presenters/cabbagehead_slots.py)."""
        return slot_grid(entries)

    def options_text_for(self, options: dict[str, Any], words: Words) -> str:
        """The lobby's line about the options, in the rulebook's words."""
        sets = {
            "original": N_("Original Neighbours"),
            "new": N_("4 New Neighbours at random"),
            "random": N_("4 of all ten Neighbours at random"),
        }
        names = {n.key: n.name for n in NEIGHBOURS}
        chosen = ", ".join(names.get(key, key) for key in options.get("chosen") or [])
        found = sets.get(str(options.get("neighbour_set")))
        parts = [words.text(found) if found else words.text("Neighbours: {chosen}", chosen=chosen)]
        parts += [words.text(label) for key, label in EXPANSION_WORDS if options.get(key)]
        first = options.get("first_seat")
        if first is not None:
            parts.append(
                words.text("the host starts") if first == 0 else words.text("the other player starts")
            )
        return " · ".join(parts)


#: Where a card passed on lies in the receiver's row (the view names the place).
PASSED_ON = {
    "left": N_("Passed on: {card}, to lie left"),
    "centre": N_("Passed on: {card}, to lie centre"),
    "right": N_("Passed on: {card}, to lie right"),
}


def passed_text(view: CabbageheadView, words: Words) -> str:
    """The card passed on to the next player and where it lies ("" when there is none)."""
    if view.passed_card is None or view.passed_to is None:
        return ""
    card = card_long(view.passed_card, words)
    said = PASSED_ON.get(view.passed_to)
    if said is None:
        return words.text("Passed on: {card}, to lie {place}", card=card, place=view.passed_to)
    return words.text(said, card=card)


def build_options(
    players: int,
    neighbours: str,
    grasshoppers: bool,
    eudora: bool,
    fixed_grid: bool,
    first_player: str,
    chosen: list[str],
) -> CabbageheadOptions:
    """The engine's options from the command's choices, refusing mixes the command can't express."""
    if eudora and players != 1:
        raise Refusal("Romancing Eudora is a solo expansion: choose 1 player, or leave Eudora out.")
    if neighbours == "chosen" and len(set(chosen)) != 4:
        raise Refusal("With chosen Neighbours, pick four different ones (neighbour_1 to neighbour_4).")
    if neighbours != "chosen" and chosen:
        raise Refusal("Pick Neighbours one by one only with `neighbours: Chosen`.")
    if neighbours not in NEIGHBOUR_SET_VALUES:
        raise Refusal("Choose one of the offered Neighbour sets.")
    first: dict[str, int | None] = {"random": None, "host": 0, "guest": 1}
    options: CabbageheadOptions = CabbageheadOptions.model_validate(
        {
            "neighbour_set": neighbours,
            "chosen": chosen if neighbours == "chosen" else [],
            "grasshoppers": grasshoppers,
            "eudora": eudora,
            "fixed_grid": fixed_grid,
            "first_seat": first.get(first_player) if players == 2 else None,
        }
    )
    return options


PRESENTER = CabbageheadPresenter()
