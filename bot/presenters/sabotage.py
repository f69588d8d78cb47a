"""How Garden Sabotage looks in Discord: every garden and the face-up rows in public, hands in private.

Everything here is formatted from the engine's views (`engine.sabotage.views`) and events; no rule
is decided here and no engine wording is parsed: events are chosen by `kind` and `fields`, and
seats are named from their templates and phrases (`Event.line_for(None, names)`,
`Phrase.render(names)`). The board gets only the spectator view, which holds hand *sizes*, never
hand contents, so no line of it can name a card in someone's hand. The hand keeps a legend from
"Player N" (the engine's own seat words, seen in its refusals) to display names. The presenter,
its announcements and its `/play` options are here; the texts it puts together are in
sabotage_text.py.
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
from bot.presenters.engine_words import event_line, phrase_text
from bot.presenters.sabotage_log import LINE_WRITERS
from bot.presenters.sabotage_text import (
    holdings_text,
    rows_text,
    said,
    seat_block,
    seat_label,
    status_line,
    waiting_for_answers,
)
from bot.ui.choices import MAX_BUTTON_CHOICES
from engine.api import Event
from engine.sabotage.cards import (
    BUG_KINDS,
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVES_TO_END,
    PLANT_KINDS,
    PLOTS,
    a_or_an,
)
from engine.sabotage.state import SabotageOptions
from engine.sabotage.views import SabotageView

FIRST_PLAYER = [
    app_commands.Choice(name="Ask everyone how many house plants they own (most goes first)", value="ask"),
    app_commands.Choice(name="Random", value="random"),
    app_commands.Choice(name="The host", value="host"),
]
FIRST_PLAYER_VALUES = tuple(str(choice.value) for choice in FIRST_PLAYER)


#: The kinds of action with one first step each in a turn: draw a Plant, take one from the row,
#: draw a Bug, take one from the row, Sweep, Use Pesticide, draw and exchange an Objective.
TURN_ACTION_KINDS = 8


class SabotagePresenter(TranslatedPresenter):
    game_name = "sabotage"
    rules_title = "Garden Sabotage"
    #: Sections of docs/rules/sabotage.md written for developers, left out of `/rules`.
    rules_for_developers = frozenset({"Interface notes", "Game length", "Options"})
    says_whose_turn = True
    #: Optional platform hook: with more actions than fit as buttons, group them by first step, so
    #: a choice with a target (which plot; which player's plot) is always a second step.
    flat_limit = MAX_BUTTON_CHOICES
    line_writers = LINE_WRITERS

    def most_choices(self, view: SabotageView, seat: int) -> int | None:
        """A turn with actions left can offer a first step for every Plant and Bug kind and held
        objective, besides the draws, rows, Sweep, Pesticide, Bird, objectives and End turn: always
        more than fit as buttons, so always a menu; with no action left only "Complete …" on a plot
        and End turn remain: always buttons (issue 27 item 11)."""
        if waiting_for_answers(view) or view.turn != seat:
            return None
        ends = OBJECTIVE_HAND_LIMIT * PLOTS + 1
        if view.actions_left == 0:
            return ends
        return len(PLANT_KINDS) + len(BUG_KINDS) + 1 + TURN_ACTION_KINDS + ends

    def board_headline_for(self, view: SabotageView, names: list[str], words: Words) -> str:
        parts = [status_line(view, names, words)]
        if view.final_round_by is not None and not view.game_over:
            parts.append(
                "🔔 "
                + words.text(
                    "**Final round** — {player} completed {objectives} objectives: everyone else has "
                    "one last turn.",
                    player=seat_label(view.final_round_by, names, words),
                    objectives=OBJECTIVES_TO_END,
                )
            )
        if view.turns_taken == 0 and not waiting_for_answers(view):
            first = phrase_text(words, view.first_seat_phrase, bold(names))
            parts.append(words.text("First player: {reason}", reason=first))
        return "\n\n".join(parts)

    def board_text_for(self, view: SabotageView, names: list[str], words: Words) -> str:
        parts = [self.board_headline_for(view, names, words), rows_text(view, words)]
        decks = words.text(
            "Decks: Plants {plants} · Bugs {bugs} · Objectives {objectives} — discards: Plants "
            "{plant_discard}, Bugs {bug_discard}, Objectives (face down) {objective_discard}",
            plants=view.plant_deck_size,
            bugs=view.bug_deck_size,
            objectives=view.objective_deck_size,
            plant_discard=len(view.plant_discard),
            bug_discard=len(view.bug_discard),
            objective_discard=view.objective_discard_size,
        )
        parts.append(decks + (words.text(" · Bird variant") if view.bird_variant else ""))
        for seat in view.seats:
            to_play = not view.game_over and view.turn == seat.seat and not waiting_for_answers(view)
            parts.append(seat_block(seat, names, to_play, words))
        return "\n\n".join(parts)

    def hand_text_for(self, view: SabotageView, seat: int, names: list[str], words: Words) -> str:
        me = view.seats[seat] if 0 <= seat < len(view.seats) else None
        legend = " · ".join(
            words.text(
                "{seat} = {player}",
                seat=words.text("Player {number}", number=i + 1),
                player=seat_label(i, names, words),
            )
            for i in range(len(view.seats))
        )
        you = words.text("You are **{seat}**.", seat=words.text("Player {number}", number=seat + 1))
        parts = [status_line(view, names, words), f"{you} {legend}", holdings_text(view, me, words)]
        parts.append(rows_text(view, words))
        return "\n\n".join(parts)

    def announcement(self, event: Event, names: list[str], words: Words) -> str | None:
        """The channel message for an event that changes the game for everyone, else None: a
        sabotage, a Bad Bug's bite that ate a Plant (draft, "Sabotage"), the final round beginning
        (ruling 14) and who goes first (rulings 9, 10 and 18). Chosen by the event's kind and fields."""
        shown = bold(names)

        def line() -> str:
            return event_line(words, event, None, shown, self.line_writers)

        if event.kind == "sabotage":
            if event.fields.get("eaten") is None:
                actor, target = (seat_label(event.seats[role], shown, words) for role in ("actor", "target"))
                bug = said(words, a_or_an(str(event.fields.get("bug"))))
                plot = event.fields.get("plot")
                return "🐛 " + words.text(
                    "{actor} sabotaged {target}'s plot {plot} with {bug}.",
                    actor=actor,
                    target=target,
                    plot=plot,
                    bug=bug,
                )
            return "🐛 " + line()
        if event.kind == "bite":
            return None if event.fields.get("eaten") is None else "🦷 " + line()
        if event.kind == "final_round":
            return "🔔 " + words.text("**Final round!** {line}", line=line())
        if event.kind == "first_player":
            return "🌱 " + line()
        return None

    def options_text_for(self, options: dict[str, Any], words: Words) -> str:
        """The lobby's line about the options, in the rulebook's words."""
        parts = [words.text("Bird variant") if options.get("bird_variant") else words.text("no Bird variant")]
        if options.get("ask_house_plants"):
            parts.append(words.text("first player: most house plants (everyone is asked at the start)"))
        elif options.get("first_seat") is not None:
            if options["first_seat"] == 0:
                parts.append(words.text("first player: the host"))
            else:
                parts.append(words.text("first player: chosen"))
        elif options.get("house_plants"):
            parts.append(words.text("first player: most house plants"))
        else:
            parts.append(words.text("first player: random"))
        parts.append(words.text("season of {rounds} rounds", rounds=options.get("season_rounds", 30)))
        return " · ".join(parts)

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(name="sabotage", description="Garden Sabotage: 2 to 4 players.")
        @app_commands.describe(
            players="How many players (2-4); leave out to start with whoever joined.",
            bird="Play with the Bird variant (2 Birds in the Bug deck eat Bad Bugs).",
            first_player="Who goes first (the rule: whoever owns the most house plants).",
            season_rounds="The game ends after this many rounds at the latest (3-60, normally 30).",
            thread=THREAD_HELP,
            clock=CLOCK_HELP,
        )
        @app_commands.choices(first_player=FIRST_PLAYER, clock=CLOCK_CHOICES)
        async def play_sabotage(
            interaction: discord.Interaction[Any],
            players: app_commands.Range[int, 2, 4] | None = None,
            bird: bool = False,
            first_player: str = "ask",
            season_rounds: app_commands.Range[int, 3, 60] = 30,
            thread: bool | None = None,
            clock: str | None = None,
        ) -> None:
            options = build_options(bird, first_player, season_rounds)
            await open_lobby(interaction, self.game_name, options, players, thread, clock=clock)

        return play_sabotage


def build_options(bird: bool, first_player: str, season_rounds: int) -> SabotageOptions:
    """The engine's options from the command's choices."""
    if first_player not in FIRST_PLAYER_VALUES:
        raise Refusal("Choose one of the offered ways to pick the first player.")
    data: dict[str, Any] = {"bird_variant": bird, "season_rounds": season_rounds}
    if first_player == "host":
        data["first_seat"] = 0
    elif first_player == "ask":
        data["ask_house_plants"] = True
    options: SabotageOptions = SabotageOptions.model_validate(data)
    return options


PRESENTER = SabotagePresenter()
