"""Garden Sabotage's words for Discord: the status line, the gardens and their plots, the face-up
rows, a hand's cards and objectives, formatted from the engine's views (`engine.sabotage.views`)
only, in a reader's language (`words`).

Split from sabotage.py (issue 30), which keeps the presenter and the `/play` options, as Garden
Party's garden_party_text.py and Mr. Cabbagehead's Garden's cabbagehead_text.py are. The names
the game's data brings (cards with their articles, objectives) are catalog entries
(engine/sabotage/wording.py, `catalog_data`); seats are named by display name, else "Player N".
"""

from __future__ import annotations

from collections import Counter

from bot.basics.words import Words
from bot.presenters.base import ENGLISH_WORDS
from bot.presenters.engine_words import semicolons
from bot.presenters.kept_texts import KeptTexts
from engine.memo import Memo
from engine.sabotage.cards import BIRD, BUG_KINDS, OBJECTIVES_TO_END, a_or_an
from engine.sabotage.views import (
    CardView,
    ObjectiveView,
    PlotView,
    ProgressView,
    SabotageView,
    SeatView,
)


def said(words: Words, name: str) -> str:
    """A name from the game's data (a card's kind, "a Tomato", an objective) in `words`' language:
    each is an entry of the catalogs (engine/sabotage/wording.py, `catalog_data`)."""
    return words.text(name)


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
    """A seat's block of the table: its name, score and hand's sizes, its plots, its completed
    objectives. Kept for the seat's view, which the engine keeps while the seat is unchanged (a
    move changes one seat: the other blocks stay as written)."""
    details = (to_play, tuple(names), words.language)
    kept = _SEAT_BLOCKS.get(seat, details)
    if kept is not None:
        return kept
    return _SEAT_BLOCKS.keep(seat, details, _write_seat_block(seat, names, to_play, words))


def garden_text(seat: SeatView, words: Words) -> str:
    """A hand's own garden: its plots, then its completed objectives (kept as `seat_block` is)."""
    kept = _GARDENS.get(seat, words.language)
    if kept is not None:
        return kept
    written = "\n".join(plot_line(p, words) for p in seat.plots) + "\n" + completed_line(seat, words)
    return _GARDENS.keep(seat, words.language, written)


_SEAT_BLOCKS: KeptTexts[SeatView] = KeptTexts()
_GARDENS: KeptTexts[SeatView] = KeptTexts()


def _write_seat_block(seat: SeatView, names: list[str], to_play: bool, words: Words) -> str:
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


def holdings_text(view: SabotageView, me: SeatView | None, words: Words) -> str:
    """What a hand holds and has planted: its plants, bugs and objectives with each plot's
    progress, and its garden. Kept with the seat's view for the hand's cards (a seat's view is
    kept while its plots stay the same, and the hints follow from its plots and objectives): a
    move redraws every open hand, most of them unchanged (issue 31)."""
    if me is None:
        return _write_holdings(view, me, words)
    details = (
        words.language,
        tuple([card.id for card in view.my_plants]),
        tuple([card.id for card in view.my_bugs]),
        tuple([objective.id for objective in view.my_objectives]),
    )
    kept = _HOLDINGS.get(me, details)
    return kept if kept is not None else _HOLDINGS.keep(me, details, _write_holdings(view, me, words))


def _write_holdings(view: SabotageView, me: SeatView | None, words: Words) -> str:
    none = words.text("none")
    parts = [words.text("**Your Plants:** {cards}", cards=counted(view.my_plants, words) or none)]
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
        parts.append(words.text("**Your garden**") + "\n" + garden_text(me, words))
    return "\n\n".join(parts)


_HOLDINGS: KeptTexts[SeatView] = KeptTexts()


def rows_text(view: SabotageView, words: Words) -> str:
    """The two face-up rows (kept by their cards: a move changes them now and then)."""
    key = (
        tuple([card.id if card else "" for card in view.plant_row]),
        tuple([card.id if card else "" for card in view.bug_row]),
        words.language,
    )
    kept = _ROWS.get(key)
    return kept if kept is not None else _ROWS.keep(key, _write_rows(view, words))


#: The rows' text by their cards and the language (the rows' views are made anew each version).
_ROWS: Memo[tuple[tuple[str, ...], tuple[str, ...], str], str] = Memo(None, 4096)


def _write_rows(view: SabotageView, words: Words) -> str:
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
    """How close an objective is on a plot (kept for the progress, which the engine keeps while
    the plot is unchanged)."""
    kept = _PROGRESS_TEXTS.get(entry, words.language)
    if kept is not None:
        return kept
    return _PROGRESS_TEXTS.keep(entry, words.language, _write_progress(entry, words))


_PROGRESS_TEXTS: KeptTexts[ProgressView] = KeptTexts()


def _write_progress(entry: ProgressView, words: Words) -> str:
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
