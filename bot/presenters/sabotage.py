"""How Garden Sabotage looks in Discord: every garden and the face-up rows in public, hands in private.

Everything here is formatted from the engine's views (`engine.sabotage.views`) and events; no rule
is decided here and no engine wording is parsed: events are chosen by `kind` and `fields`, and
seats are named from their templates and phrases (`Event.line_for(None, names)`,
`Phrase.render(names)`). The board gets only the spectator view, which holds hand *sizes*, never
hand contents, so no line of it can name a card in someone's hand. The hand keeps a legend from
"Player N" (the engine's own seat words, seen in its refusals) to display names.
"""

from __future__ import annotations

from collections import Counter
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
from bot.ui.choices import MAX_BUTTON_CHOICES
from engine.api import Event
from engine.sabotage.cards import (
    BIRD,
    BUG_KINDS,
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVES_TO_END,
    PLANT_KINDS,
    PLOTS,
    a_or_an,
)
from engine.sabotage.state import SabotageOptions
from engine.sabotage.views import (
    CardView,
    ObjectiveView,
    PlotView,
    ProgressView,
    SabotageView,
    SeatView,
)

#: Sections of docs/rules/sabotage.md written for developers, left out of `/rules`.
RULES_FOR_DEVELOPERS = {"Interface notes", "Game length", "Options"}

FIRST_PLAYER = [
    app_commands.Choice(name="Ask everyone how many house plants they own (most goes first)", value="ask"),
    app_commands.Choice(name="Random", value="random"),
    app_commands.Choice(name="The host", value="host"),
]
FIRST_PLAYER_VALUES = tuple(str(choice.value) for choice in FIRST_PLAYER)


def announcement(event: Event, names: list[str]) -> str | None:
    """The channel message for an event that changes the game for everyone, else None: a sabotage,
    a Bad Bug's bite that ate a Plant (draft, "Sabotage"), the final round beginning (ruling 14)
    and who goes first (rulings 9, 10 and 18). Chosen by the event's kind and fields."""
    shown = bold(names)
    if event.kind == "sabotage":
        if event.fields.get("eaten") is None:
            actor, target = (seat_label(event.seats[role], shown) for role in ("actor", "target"))
            bug = a_or_an(str(event.fields.get("bug")))
            return f"🐛 {actor} sabotaged {target}'s plot {event.fields.get('plot')} with {bug}."
        return "🐛 " + event.line_for(None, shown)
    if event.kind == "bite":
        return None if event.fields.get("eaten") is None else "🦷 " + event.line_for(None, shown)
    if event.kind == "final_round":
        return "🔔 **Final round!** " + event.line_for(None, shown)
    if event.kind == "first_player":
        return "🌱 " + event.line_for(None, shown)
    return None


def seat_label(seat: int, names: list[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def counted(cards: list[CardView]) -> str:
    """ "Tomato ×2, Carrot" in first-seen order."""
    counts = Counter(card.name for card in cards)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def bug_word(name: str) -> str:
    if name == BIRD.name:
        return f"{name} (eats every Bad Bug in your garden)"
    kind = BUG_KINDS.get(name)
    if kind is None:
        return name
    return f"{name} ({'Good' if kind.good else 'Bad'})"


def plot_line(plot: PlotView) -> str:
    plants = ", ".join(card.name for card in plot.plants) or "empty"
    bugs = []
    if plot.good_bug is not None:
        bugs.append(f"🐞 {plot.good_bug.name}")
    if plot.bad_bug is not None:
        bugs.append(f"🐛 {plot.bad_bug.name}")
    extra = f" · {' · '.join(bugs)}" if bugs else ""
    return f"Plot {plot.number}: {plants}{extra}"


def hand_sizes(seat: SeatView) -> str:
    return (
        f"hand: {seat.plants_in_hand} Plant{'s' if seat.plants_in_hand != 1 else ''}, "
        f"{seat.bugs_in_hand} Bug{'s' if seat.bugs_in_hand != 1 else ''}, "
        f"{seat.objectives_in_hand} Objective{'s' if seat.objectives_in_hand != 1 else ''}"
    )


def completed_line(seat: SeatView) -> str:
    if not seat.completed:
        return "Completed: none yet"
    done = [
        f"{c.objective.name} ({c.objective.points}{f' + {c.good_bug.name} 2' if c.good_bug else ''})"
        for c in seat.completed
    ]
    return f"Completed ({len(done)}/{OBJECTIVES_TO_END}): " + ", ".join(done)


def seat_block(seat: SeatView, names: list[str], to_play: bool) -> str:
    marker = "▶ " if to_play else ""
    who = f"{marker}**{seat_label(seat.seat, names)}** (Player {seat.seat + 1})"
    head = f"{who} — **{seat.score} pts** · {hand_sizes(seat)}"
    lines = [head, *(plot_line(p) for p in seat.plots), completed_line(seat)]
    return "\n".join(lines)


def row_line(cards: list[CardView | None]) -> str:
    return " · ".join(card.name if card else "—" for card in cards) or "—"


def waiting_for_answers(view: SabotageView) -> list[int]:
    """Seats still to say how many house plants they own (empty once the first turn has begun)."""
    answers = view.house_plant_answers
    if not answers:
        return []
    return [seat for seat, answer in enumerate(answers) if answer is None]


def status_line(view: SabotageView, names: list[str]) -> str:
    if view.game_over:
        why = "the final round is over" if view.end_reason == "final_round" else "the season is over"
        return f"**Game over** after round {view.round}: {why}."
    waiting = waiting_for_answers(view)
    if waiting:
        answered = [
            f"{seat_label(s, names)} {n}"
            for s, n in enumerate(view.house_plant_answers or [])
            if n is not None
        ]
        told = f" (so far: {', '.join(answered)})" if answered else ""
        return (
            f"Before the first turn, round the table: how many house plants do you own? "
            f"**{seat_label(waiting[0], names)}** answers now{told}."
        )
    who = seat_label(view.turn, names) if view.turn is not None else "?"
    actions = f"{view.actions_left} of 3 actions left"
    if view.actions_left == 0:
        actions = "no actions left (completing objectives or ending the turn)"
    return f"Round {view.round} of {view.season_rounds} · **{who}** to play · {actions}"


def progress_text(entry: ProgressView) -> str:
    if entry.ready:
        return f"plot {entry.plot_number}: **ready to complete!**"
    missing = [kind if n == 1 else f"{n} {kind}" for kind, n in entry.missing_plants.items()]
    if entry.missing_bug:
        missing.append(f"a {entry.missing_bug}")
    text = f"plot {entry.plot_number}:" + (f" needs {', '.join(missing)}" if missing else "")
    if entry.blocked_by_bad_bug:
        text += " (a Bad Bug blocks it: Pesticide first)"
    if entry.blocked_by_good_bug:
        text += " (another Good Bug holds the plot)"
    return text


def _shortfall(entry: ProgressView) -> int:
    return (
        sum(entry.missing_plants.values())
        + (1 if entry.missing_bug else 0)
        + (1 if entry.blocked_by_bad_bug else 0)
    )


def objective_lines(objective: ObjectiveView, progress: list[ProgressView]) -> str:
    """An objective in hand and how close each plot is; the closest plot first."""
    mine = sorted((p for p in progress if p.objective == objective.id), key=_shortfall)
    close = "; ".join(progress_text(p) for p in mine)
    return f"• **{objective.text}**\n  {close}" if close else f"• **{objective.text}**"


#: The kinds of action with one first step each in a turn: draw a Plant, take one from the row,
#: draw a Bug, take one from the row, Sweep, Use Pesticide, draw and exchange an Objective.
TURN_ACTION_KINDS = 8


class SabotagePresenter(Presenter):
    game_name = "sabotage"
    says_whose_turn = True
    #: Optional platform hook: with more actions than fit as buttons, group them by first step, so
    #: a choice with a target (which plot; which player's plot) is always a second step.
    flat_limit = MAX_BUTTON_CHOICES

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

    def board_headline(self, view: SabotageView, names: list[str]) -> str:
        parts = [status_line(view, names)]
        if view.final_round_by is not None and not view.game_over:
            parts.append(
                f"🔔 **Final round** — {seat_label(view.final_round_by, names)} completed "
                f"{OBJECTIVES_TO_END} objectives: everyone else has one last turn."
            )
        if view.turns_taken == 0 and not waiting_for_answers(view):
            parts.append(f"First player: {view.first_seat_phrase.render(bold(names))}")
        return "\n\n".join(parts)

    def board_text(self, view: SabotageView, names: list[str]) -> str:
        parts = [self.board_headline(view, names)]
        parts.append(f"**Plant row:** {row_line(view.plant_row)}\n**Bug row:** {row_line(view.bug_row)}")
        parts.append(
            f"Decks: Plants {view.plant_deck_size} · Bugs {view.bug_deck_size} · "
            f"Objectives {view.objective_deck_size} — discards: Plants {len(view.plant_discard)}, "
            f"Bugs {len(view.bug_discard)}, Objectives (face down) {view.objective_discard_size}"
            + (" · Bird variant" if view.bird_variant else "")
        )
        for seat in view.seats:
            to_play = not view.game_over and view.turn == seat.seat and not waiting_for_answers(view)
            parts.append(seat_block(seat, names, to_play))
        return "\n\n".join(parts)

    def hand_text(self, view: SabotageView, seat: int, names: list[str]) -> str:
        me = view.seats[seat] if 0 <= seat < len(view.seats) else None
        legend = " · ".join(f"Player {i + 1} = {seat_label(i, names)}" for i in range(len(view.seats)))
        parts = [status_line(view, names), f"You are **Player {seat + 1}**. {legend}"]
        parts.append(f"**Your Plants:** {counted(view.my_plants) or 'none'}")
        bugs = Counter(card.name for card in view.my_bugs)
        parts.append(
            "**Your Bugs:** "
            + (", ".join(bug_word(b) + (f" ×{n}" if n > 1 else "") for b, n in bugs.items()) or "none")
        )
        if view.my_objectives:
            parts.append(
                "**Your Objectives:**\n"
                + "\n".join(objective_lines(o, view.my_progress) for o in view.my_objectives)
            )
        else:
            parts.append("**Your Objectives:** none — draw one to have something to complete.")
        if me is not None:
            parts.append(
                "**Your garden**\n" + "\n".join(plot_line(p) for p in me.plots) + "\n" + completed_line(me)
            )
        parts.append(f"**Plant row:** {row_line(view.plant_row)}\n**Bug row:** {row_line(view.bug_row)}")
        return "\n\n".join(parts)

    def announcements(self, events: list[Event], names: list[str]) -> list[str]:
        """Sabotage, a bite that ate a Plant, the final round and who goes first get their own
        message (`announcement`); nothing else does."""
        return [line for line in (announcement(event, names) for event in events) if line is not None]

    def options_text(self, options: dict[str, Any]) -> str:
        """The lobby's line about the options, in the rulebook's words."""
        parts = ["Bird variant" if options.get("bird_variant") else "no Bird variant"]
        if options.get("ask_house_plants"):
            parts.append("first player: most house plants (everyone is asked at the start)")
        elif options.get("first_seat") is not None:
            parts.append(f"first player: {'the host' if options['first_seat'] == 0 else 'chosen'}")
        elif options.get("house_plants"):
            parts.append("first player: most house plants")
        else:
            parts.append("first player: random")
        parts.append(f"season of {options.get('season_rounds', 30)} rounds")
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

    def rules_text(self, language: str = ENGLISH) -> str:
        """The players' text (docs/rules/sabotage-players.md); without it, the developers'
        document without its developer sections."""
        return players_rules(self.game_name, "Garden Sabotage", RULES_FOR_DEVELOPERS, language)


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
