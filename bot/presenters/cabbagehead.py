"""How Mr. Cabbagehead's Garden looks in Discord: the gardens, the drawn row, Neighbours.

Everything here is formatted from the engine's view; no rule is decided here. A garden is written
as short lines a phone shows without wrapping and a screen reader reads in order: one line per row
that holds something ("Row 3: F3 Carrot 17 · G3 Lettuce 39 (Rose)"), then the slots its owner may
choose now ("Open: E3, H3"; counted when there are many: "Open: 54 slots, A1 to K5"). Slots are
named as the picture, the log and the move picker name them
("F3": column letter, row number; ruling 24 of docs/rules/cabbagehead.md).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import Refusal
from bot.presenters.base import (
    CLOCK_CHOICES,
    CLOCK_HELP,
    THREAD_HELP,
    OpenLobby,
    Presenter,
    players_sections,
    read_rules,
)
from bot.presenters.cabbagehead_slots import slot_grid, slot_sections
from bot.ui.choices import Entry
from engine.cabbagehead.neighbours import NEIGHBOURS
from engine.cabbagehead.state import CabbageheadOptions
from engine.cabbagehead.view_models import CabbageheadView, CardView, GardenView, SlotView

#: Sections of docs/rules/cabbagehead.md written for developers, left out of `/rules`.
RULES_FOR_DEVELOPERS = {"Options", "The deck data file", "Decisions, actions and views", "Code map"}

EXPANSION_WORDS = (
    ("grasshoppers", "Grasshoppers"),
    ("eudora", "Romancing Eudora"),
    ("fixed_grid", "fixed grid"),
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


def card_name(card: CardView) -> str:
    """'Carrot #28': a card's number is spelt this one way wherever players see it, in the log, the
    texts, the pictures and their alt text (issue 27 item 10)."""
    return f"{card.vegetable} #{card.vegetable_number}"


def card_long(card: CardView) -> str:
    return f"{card_name(card)} ({card.points} pts, {card.type_count} in the deck)"


#: Garden texts written lately, by garden view: a position's board and its hand show the same
#: garden (a seat's view shares the spectator's, ruling 12), so each is written once. Keeping the
#: view itself keeps its id from being reused while it is a key.
_GRIDS: dict[int, tuple[GardenView, str]] = {}
_GRIDS_KEPT = 256


def garden_grid(garden: GardenView) -> str:
    """The garden's slots in words: a line per row that holds something, then the open slots."""
    known = _GRIDS.get(id(garden))
    if known is not None and known[0] is garden:
        return known[1]
    if len(_GRIDS) >= _GRIDS_KEPT:
        _GRIDS.clear()
    text = _draw_grid(garden)
    _GRIDS[id(garden)] = (garden, text)
    return text


def slot_words(slot: SlotView) -> str:
    """'F3 Carrot #17 (Grasshopper, Rose)', 'E3 empty (Grasshopper)': one slot of the garden."""
    marks = []
    if slot.grasshopper:
        marks.append("Grasshopper")
    if slot.rose is not None:
        marks.append("Rose")
    what = card_name(slot.card) if slot.card is not None else "empty"
    return f"{slot.label} {what}" + (f" ({', '.join(marks)})" if marks else "")


def _draw_grid(garden: GardenView) -> str:
    rows: dict[int, list[str]] = {}
    for slot in garden.slots:
        if slot.card is not None or slot.grasshopper or slot.rose is not None:
            rows.setdefault(slot.row, []).append(slot_words(slot))
    lines = []
    for row, items in sorted(rows.items()):
        number = garden.row_numbers[row - 1] if row <= len(garden.row_numbers) else row
        lines.append(f"Row {number}: " + " · ".join(items))
    if not rows:
        lines.append("Nothing planted yet.")
    if garden.legal_slots:
        lines.append(open_words(garden.legal_slots))
    if garden.column_letters and garden.row_numbers:
        letters, numbers = garden.column_letters, garden.row_numbers
        lines.append(
            f"Room: columns {letters[0]}–{letters[-1]}, rows {numbers[0]}–{numbers[-1]}"
            + (" (the whole plot)" if garden.plot_fixed else "")
        )
    return "\n".join(lines)


#: Open slots named one by one up to this many; more are counted (the buttons and the picture
#: name them): "Open: A1, B1, … K5" was a hunt through 54 names (issue 27 item 15).
OPEN_NAMED = 6


def open_words(slots: list[str]) -> str:
    """ "Open: E3, F2", or "Open: 54 slots, A1 to K5" when there are more than `OPEN_NAMED`."""
    if len(slots) <= OPEN_NAMED:
        return "Open: " + ", ".join(slots)
    return f"Open: {len(slots)} slots, {slots[0]} to {slots[-1]}"


def garden_text(garden: GardenView, name: str) -> str:
    facts = [
        f"**{name}** — score now **{garden.score_now}**",
        f"Bees {garden.bees} · planted {garden.planted} · vegetable types {garden.vegetable_types}",
    ]
    if garden.roses:
        facts.append(
            "Roses: "
            + ", ".join(" and ".join(r.slots) + (" (blooming)" if r.blooming else "") for r in garden.roses)
        )
    if garden.compost:
        facts.append("Compost: " + ", ".join(card_name(c) for c in garden.compost))
    return "\n".join(facts) + "\n" + garden_grid(garden)


def row_text(view: CabbageheadView) -> str:
    places = []
    for place in view.row:
        if place.card is not None:
            what = card_long(place.card)
        elif place.rose is not None:
            what = "a Rose"
        else:
            continue
        extra = " — passed in" if place.passed_in else ""
        afford = "" if place.affordable else " (can't afford)"
        places.append(f"{place.position.title()}: {what} — {place.cost}{afford}{extra}")
    return "\n".join(places) or "No cards drawn."


def supply_text(view: CabbageheadView) -> str:
    """The piles and tokens everyone can count."""
    deck = f"Deck {view.deck_cards_left}"
    if view.cards_before_holiday is not None:
        deck += f" ({view.cards_before_holiday} before the next On Holiday)"
    facts = [deck, f"Beehive {view.hive}", f"face-down tokens {view.face_down_tokens}"]
    if view.bees_removed:
        facts.append(f"Bees out of the game {view.bees_removed}")
    if view.grasshoppers_waiting:
        facts.append(f"Grasshoppers waiting {view.grasshoppers_waiting}")
    if view.grasshoppers_set_aside:
        facts.append(f"Grasshoppers set aside {view.grasshoppers_set_aside}")
    lines = [" · ".join(facts)]
    if view.known_in_deck:
        lines.append("Seen going under the deck: " + ", ".join(card_name(c) for c in view.known_in_deck))
    if view.ferwig_this_turn or view.ferwig_next_draws:
        lines.append(f"The Ferwig-Radishers cut the next {view.ferwig_next_draws or 1} draw(s).")
    return "\n".join(lines)


def neighbours_text(view: CabbageheadView) -> str:
    return "\n".join(f"{n.name}: {n.count} token{'s' if n.count != 1 else ''}" for n in view.neighbours)


def seat_label(seat: int, names: list[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def decision_text(view: CabbageheadView, names: list[str]) -> str:
    """Who is to move and what they decide, from the view's `to_move` and `decision_task`."""
    if view.game_over or view.decision_task is None:
        return "The game is over."
    who = ", ".join(seat_label(s, names) for s in view.to_move)
    return f"{who}: {view.decision_task}."


class CabbageheadPresenter(Presenter):
    game_name = "cabbagehead"
    says_whose_turn = True
    #: Every decision with several first steps is picked in steps: the card (three buttons with
    #: their costs), then its slot; for the two-player pass, the card, then where it lies.
    flat_limit = 1

    def board_text(self, view: CabbageheadView, names: list[str]) -> str:
        parts = [
            f"Round {view.round} · turn {view.turn} · {decision_text(view, names)}",
            f"**Drawn row**\n{row_text(view)}",
        ]
        if view.passed_card is not None and view.passed_to is not None:
            parts.append(f"Passed on: {card_long(view.passed_card)}, to lie {view.passed_to}")
        parts.append(supply_text(view))
        parts.append(f"**Neighbours**\n{neighbours_text(view)}")
        if view.visits:
            parts.append("Visits: " + "; ".join(visitor or "nobody" for visitor in view.visits[-3:]))
        for garden in view.gardens:
            parts.append(garden_text(garden, seat_label(garden.seat, names)))
        return "\n\n".join(parts)

    def hand_text(self, view: CabbageheadView, seat: int, names: list[str]) -> str:
        mine = next((g for g in view.gardens if g.seat == seat), None)
        parts = [decision_text(view, names), f"**Drawn row**\n{row_text(view)}"]
        if view.passed_card is not None and view.passed_to is not None:
            parts.append(f"Passed on: {card_long(view.passed_card)}, to lie {view.passed_to}")
        if mine is not None:
            parts.append(garden_text(mine, "Your garden"))
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

    def menu_sections(self, title: str | None, entries: list[Entry]) -> list[tuple[str, list[Entry]]] | None:
        """A card's slots by rows, as the picture shows them (bot/presenters/cabbagehead_slots.py)."""
        return slot_sections(entries)

    def button_grid(self, entries: list[Entry]) -> list[list[Entry | None]] | None:
        """A card's slots as buttons laid out like the plot (bot/presenters/cabbagehead_slots.py)."""
        return slot_grid(entries)

    def options_text(self, options: dict[str, Any]) -> str:
        """The lobby's line about the options, in the rulebook's words."""
        sets = {
            "original": "Original Neighbours",
            "new": "4 New Neighbours at random",
            "random": "4 of all ten Neighbours at random",
        }
        names = {n.key: n.name for n in NEIGHBOURS}
        chosen = ", ".join(names.get(key, key) for key in options.get("chosen") or [])
        parts = [sets.get(str(options.get("neighbour_set")), f"Neighbours: {chosen}")]
        parts += [label for key, label in EXPANSION_WORDS if options.get(key)]
        first = options.get("first_seat")
        if first is not None:
            parts.append("the host starts" if first == 0 else "the other player starts")
        return " · ".join(parts)

    def rules_text(self) -> str:
        """The players' text (docs/rules/cabbagehead-players.md); without it, the developers'
        document without its developer sections."""
        text = read_rules(f"{self.game_name}-players", "")
        if text:
            return text
        document = read_rules(self.game_name, "")
        if not document:
            return "# Mr. Cabbagehead's Garden\n\nThe rules document is not installed."
        return players_sections(document, "Mr. Cabbagehead's Garden", RULES_FOR_DEVELOPERS)


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
