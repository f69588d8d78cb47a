"""The end of the game: every garden evaluated, the ribbons, and the two-player winner."""

from __future__ import annotations

from engine.api import Phrase, Result, ScoreLine, SeatResult
from engine.cabbagehead.deck import deck
from engine.cabbagehead.scoring import evaluate, ribbon_for, vegetable_types
from engine.cabbagehead.state import CabbageheadState
from engine.cabbagehead.wording import seat_name
from engine.text import N_, N_plural, phrase, render

#: The solo summary by ribbon: whole sentences, each one entry of the catalogs.
RIBBON_WORDS = {
    None: N_(
        "{player} scores {points} points: a hope that you'll do better next year and some "
        "whispered desultory comments."
    ),
    "White Ribbon": N_("{player} scores {points} points: the White Ribbon and polite murmurs."),
    "Yellow Ribbon": N_("{player} scores {points} points: the Yellow Ribbon and cordial applause."),
    "Red Ribbon": N_("{player} scores {points} points: the Red Ribbon and a hearty handshake."),
    "Blue Ribbon": N_("{player} scores {points} points: the Blue Ribbon and a rousing hurrah."),
}
#: The tie-breaks that decided a two-player game (winners' second value), by name.
MORE_TYPES = " on the tie-break: more vegetable types"
MORE_BEES = " on the tie-break: more Bees"


def _win(why: str, points: int) -> str:
    """The two-player winner's summary: one static template per tie-break, its plural by points."""
    if why == MORE_TYPES:
        return N_plural(
            "{winner} wins with {points} point on the tie-break: more vegetable types.",
            "{winner} wins with {points} points on the tie-break: more vegetable types.",
            abs(points),
        )
    if why == MORE_BEES:
        return N_plural(
            "{winner} wins with {points} point on the tie-break: more Bees.",
            "{winner} wins with {points} points on the tie-break: more Bees.",
            abs(points),
        )
    return N_plural("{winner} wins with {points} point.", "{winner} wins with {points} points.", abs(points))


def shared_win(points: int) -> str:
    """The two-player summary when every tie-break is equal, its plural by points."""
    return N_plural(
        "A shared win on {points} point, equal in vegetable types and Bees (a game of IUNU would settle it).",
        "A shared win on {points} points, equal in vegetable types and Bees "
        "(a game of IUNU would settle it).",
        abs(points),
    )


def _stopped(leaders: list[int], why: str, *, solo: bool) -> str:
    """A game stopped before its end (the same words as engine.text.standing_phrase, as static
    templates: one per case)."""
    if solo:
        return N_("The game was stopped before its end, with {leader1} on {points} points.")
    if len(leaders) > 1:
        return N_(
            "The game was stopped before its end; {leader1} and {leader2} share the lead with "
            "{points} points."
        )
    if why == MORE_TYPES:
        return N_(
            "The game was stopped before its end; {leader1} leads with {points} points on the "
            "tie-break: more vegetable types."
        )
    if why == MORE_BEES:
        return N_(
            "The game was stopped before its end; {leader1} leads with {points} points on the "
            "tie-break: more Bees."
        )
    return N_("The game was stopped before its end; {leader1} leads with {points} points.")


def final_result(state: CabbageheadState) -> Result:
    """Every seat's score line by line, its ribbon, the winner(s) and a one-sentence summary."""
    seats = []
    totals = []
    for seat, garden in enumerate(state.gardens):
        evaluation = evaluate(garden, deck())
        totals.append(evaluation.total)
        seats.append(
            SeatResult(
                seat=seat,
                total=evaluation.total,
                lines=[ScoreLine(label=label, points=points) for label, points in evaluation.lines],
                award=evaluation.ribbon,
            )
        )
    if state.seats == 1:
        total = totals[0]
        ending = phrase(RIBBON_WORDS[ribbon_for(total)], seats={"player": 0}, points=total)
        return _result(seats, [0], ending)
    best, why = winners(state, totals)
    if len(best) == 2:
        ending = phrase(shared_win(totals[0]), points=totals[0])
    else:
        ending = phrase(_win(why, totals[best[0]]), seats={"winner": best[0]}, points=totals[best[0]])
    return _result(seats, best, ending)


def _result(seats: list[SeatResult], best: list[int], ending: Phrase) -> Result:
    summary = render(ending.template, ending.seats, ending.values, seat_name)
    return Result(seats=seats, winners=best, summary=summary, summary_phrase=ending)


def winners(state: CabbageheadState, totals: list[int]) -> tuple[list[int], str]:
    """The two-player winner(s): points, then vegetable types, then Bees, else shared."""
    if totals[0] != totals[1]:
        return [0 if totals[0] > totals[1] else 1], ""
    types = [vegetable_types(g, deck()) for g in state.gardens]
    if types[0] != types[1]:
        return [0 if types[0] > types[1] else 1], MORE_TYPES
    bees = [g.bees for g in state.gardens]
    if bees[0] != bees[1]:
        return [0 if bees[0] > bees[1] else 1], MORE_BEES
    return [0, 1], ""


def standing_result(state: CabbageheadState) -> Result:
    """The gardens scored as they stand, for a game stopped before its end: the same evaluation
    and tie-breaks as the final result, with a summary saying the game was stopped."""
    counted = final_result(state)
    totals = [s.total for s in counted.seats]
    why = "" if state.seats == 1 else winners(state, totals)[1]
    leaders = counted.winners
    roles = {f"leader{i + 1}": seat for i, seat in enumerate(leaders)}
    ending = phrase(_stopped(leaders, why, solo=state.seats == 1), seats=roles, points=totals[leaders[0]])
    return _result(counted.seats, counted.winners, ending)
