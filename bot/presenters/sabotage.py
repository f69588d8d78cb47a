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
from bot.basics.words import Words, words_for
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
from bot.presenters.engine_words import event_line, phrase_text, semicolons
from bot.presenters.sabotage_log import LINE_WRITERS
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
#: The words the English texts are said with.
ENGLISH_WORDS = words_for(None)

FIRST_PLAYER = [
    app_commands.Choice(name="Ask everyone how many house plants they own (most goes first)", value="ask"),
    app_commands.Choice(name="Random", value="random"),
    app_commands.Choice(name="The host", value="host"),
]
FIRST_PLAYER_VALUES = tuple(str(choice.value) for choice in FIRST_PLAYER)


def said(words: Words, name: str) -> str:
    """A name from the game's data (a card's kind, "a Tomato", an objective) in `words`' language:
    each is an entry of the catalogs (engine/sabotage/wording.py, `catalog_data`)."""
    return words.text(name)


def announcement(event: Event, names: list[str], words: Words = ENGLISH_WORDS) -> str | None:
    """The channel message for an event that changes the game for everyone, else None: a sabotage,
    a Bad Bug's bite that ate a Plant (draft, "Sabotage"), the final round beginning (ruling 14)
    and who goes first (rulings 9, 10 and 18). Chosen by the event's kind and fields."""
    shown = bold(names)

    def line() -> str:
        return event_line(words, event, None, shown, LINE_WRITERS)

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


def seat_label(seat: int, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    return names[seat] if 0 <= seat < len(names) else words.text("Player {number}", number=seat + 1)


def counted(cards: list[CardView], words: Words = ENGLISH_WORDS) -> str:
    """ "Tomato ×2, Carrot" in first-seen order."""
    counts = Counter(card.name for card in cards)
    return ", ".join(
        said(words, name) if n == 1 else f"{said(words, name)} ×{n}" for name, n in counts.items()
    )


def bug_word(name: str, words: Words = ENGLISH_WORDS) -> str:
    if name == BIRD.name:
        return words.text("{bird} (eats every Bad Bug in your garden)", bird=said(words, name))
    kind = BUG_KINDS.get(name)
    if kind is None:
        return name
    if kind.good:
        return words.text("{bug} (Good)", bug=said(words, name))
    return words.text("{bug} (Bad)", bug=said(words, name))


def plot_line(plot: PlotView, words: Words = ENGLISH_WORDS) -> str:
    plants = ", ".join(said(words, card.name) for card in plot.plants) or words.text("empty")
    bugs = []
    if plot.good_bug is not None:
        bugs.append(f"🐞 {said(words, plot.good_bug.name)}")
    if plot.bad_bug is not None:
        bugs.append(f"🐛 {said(words, plot.bad_bug.name)}")
    extra = f" · {' · '.join(bugs)}" if bugs else ""
    return words.text("Plot {number}: {plants}", number=plot.number, plants=plants) + extra


def hand_sizes(seat: SeatView, words: Words = ENGLISH_WORDS) -> str:
    return words.text(
        "hand: {plants}, {bugs}, {objectives}",
        plants=words.plural("{n} Plant", "{n} Plants", seat.plants_in_hand),
        bugs=words.plural("{n} Bug", "{n} Bugs", seat.bugs_in_hand),
        objectives=words.plural("{n} Objective", "{n} Objectives", seat.objectives_in_hand),
    )


def completed_line(seat: SeatView, words: Words = ENGLISH_WORDS) -> str:
    if not seat.completed:
        return words.text("Completed: none yet")
    done = [
        words.text(
            "{objective} ({points} + {bug} 2)",
            objective=said(words, c.objective.name),
            points=c.objective.points,
            bug=said(words, c.good_bug.name),
        )
        if c.good_bug
        else f"{said(words, c.objective.name)} ({c.objective.points})"
        for c in seat.completed
    ]
    return words.text(
        "Completed ({count}/{most}): {objectives}",
        count=len(done),
        most=OBJECTIVES_TO_END,
        objectives=", ".join(done),
    )


def seat_block(seat: SeatView, names: list[str], to_play: bool, words: Words = ENGLISH_WORDS) -> str:
    marker = "▶ " if to_play else ""
    head = marker + words.text(
        "**{player}** ({seat}) — **{score} pts** · {hand}",
        player=seat_label(seat.seat, names, words),
        seat=words.text("Player {number}", number=seat.seat + 1),
        score=seat.score,
        hand=hand_sizes(seat, words),
    )
    lines = [head, *(plot_line(p, words) for p in seat.plots), completed_line(seat, words)]
    return "\n".join(lines)


def row_line(cards: list[CardView | None], words: Words = ENGLISH_WORDS) -> str:
    return " · ".join(said(words, card.name) if card else "—" for card in cards) or "—"


def rows_text(view: SabotageView, words: Words) -> str:
    """The two face-up rows."""
    plants = words.text("**Plant row:** {cards}", cards=row_line(view.plant_row, words))
    return plants + "\n" + words.text("**Bug row:** {cards}", cards=row_line(view.bug_row, words))


def waiting_for_answers(view: SabotageView) -> list[int]:
    """Seats still to say how many house plants they own (empty once the first turn has begun)."""
    answers = view.house_plant_answers
    if not answers:
        return []
    return [seat for seat, answer in enumerate(answers) if answer is None]


def status_line(view: SabotageView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    if view.game_over:
        if view.end_reason == "final_round":
            return words.text("**Game over** after round {round}: the final round is over.", round=view.round)
        return words.text("**Game over** after round {round}: the season is over.", round=view.round)
    waiting = waiting_for_answers(view)
    if waiting:
        answered = [
            f"{seat_label(s, names, words)} {n}"
            for s, n in enumerate(view.house_plant_answers or [])
            if n is not None
        ]
        player = seat_label(waiting[0], names, words)
        if answered:
            return words.text(
                "Before the first turn, round the table: how many house plants do you own? "
                "**{player}** answers now (so far: {answers}).",
                player=player,
                answers=", ".join(answered),
            )
        return words.text(
            "Before the first turn, round the table: how many house plants do you own? "
            "**{player}** answers now.",
            player=player,
        )
    who = seat_label(view.turn, names, words) if view.turn is not None else "?"
    if view.actions_left == 0:
        actions = words.text("no actions left (completing objectives or ending the turn)")
    else:
        actions = words.text("{left} of 3 actions left", left=view.actions_left)
    return words.text(
        "Round {round} of {rounds} · **{player}** to play · {actions}",
        round=view.round,
        rounds=view.season_rounds,
        player=who,
        actions=actions,
    )


def needed(kind: str, n: int, words: Words) -> str:
    """ "2 Bean" (as the English hand says it; French: "Haricot ×2")."""
    return said(words, kind) if n == 1 else words.text("{n} {kind}", n=n, kind=said(words, kind))


def progress_text(entry: ProgressView, words: Words = ENGLISH_WORDS) -> str:
    if entry.ready:
        return words.text("plot {plot}: **ready to complete!**", plot=entry.plot_number)
    missing = [needed(kind, n, words) for kind, n in entry.missing_plants.items()]
    if entry.missing_bug:
        missing.append(said(words, a_or_an(entry.missing_bug)))
    if missing:
        text = words.text("plot {plot}: needs {missing}", plot=entry.plot_number, missing=", ".join(missing))
    else:
        text = words.text("plot {plot}:", plot=entry.plot_number)
    if entry.blocked_by_bad_bug:
        text += words.text(" (a Bad Bug blocks it: Pesticide first)")
    if entry.blocked_by_good_bug:
        text += words.text(" (another Good Bug holds the plot)")
    return text


def _shortfall(entry: ProgressView) -> int:
    return (
        sum(entry.missing_plants.values())
        + (1 if entry.missing_bug else 0)
        + (1 if entry.blocked_by_bad_bug else 0)
    )


def objective_lines(
    objective: ObjectiveView, progress: list[ProgressView], words: Words = ENGLISH_WORDS
) -> str:
    """An objective in hand and how close each plot is; the closest plot first."""
    mine = sorted((p for p in progress if p.objective == objective.id), key=_shortfall)
    # The plots' hints are set apart as the language sets clauses apart ("; ", French " ; ").
    close = semicolons(words, [progress_text(p, words) for p in mine])
    text = said(words, objective.text)
    return f"• **{text}**\n  {close}" if close else f"• **{text}**"


#: The kinds of action with one first step each in a turn: draw a Plant, take one from the row,
#: draw a Bug, take one from the row, Sweep, Use Pesticide, draw and exchange an Objective.
TURN_ACTION_KINDS = 8


class SabotagePresenter(Presenter):
    game_name = "sabotage"
    says_whose_turn = True
    #: Optional platform hook: with more actions than fit as buttons, group them by first step, so
    #: a choice with a target (which plot; which player's plot) is always a second step.
    flat_limit = MAX_BUTTON_CHOICES
    engine_words = True
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

    def board_headline(self, view: SabotageView, names: list[str]) -> str:
        return self.board_headline_for(view, names, ENGLISH_WORDS)

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

    def board_text(self, view: SabotageView, names: list[str]) -> str:
        return self.board_text_for(view, names, ENGLISH_WORDS)

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

    def hand_text(self, view: SabotageView, seat: int, names: list[str]) -> str:
        return self.hand_text_for(view, seat, names, ENGLISH_WORDS)

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
        parts = [status_line(view, names, words), f"{you} {legend}"]
        none = words.text("none")
        parts.append(words.text("**Your Plants:** {cards}", cards=counted(view.my_plants, words) or none))
        bugs = Counter(card.name for card in view.my_bugs)
        listed = ", ".join(bug_word(b, words) + (f" ×{n}" if n > 1 else "") for b, n in bugs.items())
        parts.append(words.text("**Your Bugs:** {cards}", cards=listed or none))
        if view.my_objectives:
            parts.append(
                words.text("**Your Objectives:**")
                + "\n"
                + "\n".join(objective_lines(o, view.my_progress, words) for o in view.my_objectives)
            )
        else:
            parts.append(words.text("**Your Objectives:** none — draw one to have something to complete."))
        if me is not None:
            parts.append(
                words.text("**Your garden**")
                + "\n"
                + "\n".join(plot_line(p, words) for p in me.plots)
                + "\n"
                + completed_line(me, words)
            )
        parts.append(rows_text(view, words))
        return "\n\n".join(parts)

    def announcements(self, events: list[Event], names: list[str]) -> list[str]:
        return self.announcements_for(events, names, ENGLISH_WORDS)

    def announcements_for(self, events: list[Event], names: list[str], words: Words) -> list[str]:
        """Sabotage, a bite that ate a Plant, the final round and who goes first get their own
        message (`announcement`); nothing else does."""
        return [line for line in (announcement(event, names, words) for event in events) if line is not None]

    def options_text(self, options: dict[str, Any]) -> str:
        return self.options_text_for(options, ENGLISH_WORDS)

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
