"""The end of the game: each seat's total with its breakdown, and the winner (ruling 11 for ties)."""

from __future__ import annotations

from engine.api import Phrase, Result, ScoreLine, SeatResult
from engine.sabotage.actions import seat_name
from engine.sabotage.cards import GOOD_BUG_BONUS, OBJECTIVES
from engine.sabotage.state import SabotageState
from engine.text import N_, N_plural, render

# The score lines and summaries are static templates (`N_`, `N_plural`), one per case, so that the
# bot finds each in its catalogs and says it in the reader's language; an objective's name is an
# entry of its own.
_NO_OBJECTIVES = N_("No objectives completed")


def seat_result(state: SabotageState, seat: int) -> SeatResult:
    """Draft, "End of Game": completed objectives' points + 2 for each Good Bug kept with one."""
    completed = state.players[seat].completed
    lines = [
        ScoreLine(label=OBJECTIVES[c.objective].name, points=OBJECTIVES[c.objective].points)
        for c in completed
    ]
    bugs = sum(1 for c in completed if c.good_bug)
    if bugs:
        lines.append(
            ScoreLine(
                label=N_("Good Bug bonus ({bugs} x {bonus})").format(bugs=bugs, bonus=GOOD_BUG_BONUS),
                points=bugs * GOOD_BUG_BONUS,
            )
        )
    if not lines:
        lines.append(ScoreLine(label=_NO_OBJECTIVES, points=0))
    return SeatResult(seat=seat, total=sum(line.points for line in lines), lines=lines)


def result(state: SabotageState) -> Result:
    """Most points wins; a tie goes to the most completed objectives; then the win is shared."""
    seats = [seat_result(state, s) for s in range(state.seats)]
    best = max(r.total for r in seats)
    leaders = [r.seat for r in seats if r.total == best]
    most = max(len(state.players[s].completed) for s in leaders)
    winners = [s for s in leaders if len(state.players[s].completed) == most]
    roles = {f"winner{i + 1}": s for i, s in enumerate(winners)}
    template = summary_template(len(winners), len(leaders) > 1, best, most)
    phrase = Phrase(template=template, seats=roles, values={"points": best, "objectives": most})
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return Result(seats=seats, winners=winners, summary=summary, summary_phrase=phrase)


def standing_result(state: SabotageState) -> Result:
    """The scores as they stand, for a game stopped before its end: every seat's objectives and
    Good Bug bonus so far, and the seats that would win if it ended now (ruling 11 for ties)."""
    counted = result(state)
    best = max(r.total for r in counted.seats)
    roles = {f"leader{i + 1}": seat for i, seat in enumerate(counted.winners)}
    phrase = Phrase(template=standing(len(roles), best), seats=roles, values={"points": best})
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return counted.model_copy(update={"summary": summary, "summary_phrase": phrase})


def summary_template(winners: int, on_the_tie: bool, points: int, objectives: int) -> str:
    """The final summary: a shared win (two to four winners), a tie won on objectives, a win; each
    its plural by points."""
    if winners > 1:
        return shared_win(winners, points, objectives)
    if on_the_tie:
        return N_plural(
            "{winner1} wins the tie on {points} point by completing more objectives ({objectives}).",
            "{winner1} wins the tie on {points} points by completing more objectives ({objectives}).",
            abs(points),
        )
    return N_plural(
        "{winner1} wins with {points} point.", "{winner1} wins with {points} points.", abs(points)
    )


def shared_win(winners: int, points: int, objectives: int) -> str:
    """A win shared by two to four players, its plural by points (the first number, which the
    catalogs' plural follows); the objectives agree by a template of their own: none (written
    out: French says "0 objectif" where English says "0 objectives"), one, or more."""
    n = abs(points)
    if winners == 2:
        if objectives == 0:
            return N_plural(
                "{winner1} and {winner2} share the win with {points} point and 0 objectives each.",
                "{winner1} and {winner2} share the win with {points} points and 0 objectives each.",
                n,
            )
        if objectives == 1:
            return N_plural(
                "{winner1} and {winner2} share the win with {points} point and {objectives} objective each.",
                "{winner1} and {winner2} share the win with {points} points and {objectives} objective each.",
                n,
            )
        return N_plural(
            "{winner1} and {winner2} share the win with {points} point and {objectives} objectives each.",
            "{winner1} and {winner2} share the win with {points} points and {objectives} objectives each.",
            n,
        )
    if winners == 3:
        if objectives == 0:
            return N_plural(
                "{winner1} and {winner2} and {winner3} share the win with "
                "{points} point and 0 objectives each.",
                "{winner1} and {winner2} and {winner3} share the win with "
                "{points} points and 0 objectives each.",
                n,
            )
        if objectives == 1:
            return N_plural(
                "{winner1} and {winner2} and {winner3} share the win with "
                "{points} point and {objectives} objective each.",
                "{winner1} and {winner2} and {winner3} share the win with "
                "{points} points and {objectives} objective each.",
                n,
            )
        return N_plural(
            "{winner1} and {winner2} and {winner3} share the win with "
            "{points} point and {objectives} objectives each.",
            "{winner1} and {winner2} and {winner3} share the win with "
            "{points} points and {objectives} objectives each.",
            n,
        )
    if objectives == 0:
        return N_plural(
            "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
            "{points} point and 0 objectives each.",
            "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
            "{points} points and 0 objectives each.",
            n,
        )
    if objectives == 1:
        return N_plural(
            "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
            "{points} point and {objectives} objective each.",
            "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
            "{points} points and {objectives} objective each.",
            n,
        )
    return N_plural(
        "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
        "{points} point and {objectives} objectives each.",
        "{winner1} and {winner2} and {winner3} and {winner4} share the win with "
        "{points} points and {objectives} objectives each.",
        n,
    )


def standing(leaders: int, points: int) -> str:
    """A game stopped before its end (the words of engine.text.standing_phrase, as static
    templates: one per number of leaders), its plural by the leaders' points."""
    if leaders == 1:
        return N_plural(
            "The game was stopped before its end; {leader1} leads with {points} point.",
            "The game was stopped before its end; {leader1} leads with {points} points.",
            abs(points),
        )
    if leaders == 2:
        return N_plural(
            "The game was stopped before its end; {leader1} and {leader2} share the lead with "
            "{points} point.",
            "The game was stopped before its end; {leader1} and {leader2} share the lead with "
            "{points} points.",
            abs(points),
        )
    if leaders == 3:
        return N_plural(
            "The game was stopped before its end; {leader1}, {leader2} and {leader3} share the lead "
            "with {points} point.",
            "The game was stopped before its end; {leader1}, {leader2} and {leader3} share the lead "
            "with {points} points.",
            abs(points),
        )
    return N_plural(
        "The game was stopped before its end; {leader1}, {leader2}, {leader3} and {leader4} share the "
        "lead with {points} point.",
        "The game was stopped before its end; {leader1}, {leader2}, {leader3} and {leader4} share the "
        "lead with {points} points.",
        abs(points),
    )
