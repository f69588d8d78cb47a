"""The end of the game: every garden evaluated, the ribbons, and the two-player winner."""

from __future__ import annotations

from engine.api import Phrase, Result, ScoreLine, SeatResult, points_word
from engine.cabbagehead.deck import deck
from engine.cabbagehead.scoring import evaluate, ribbon_for, vegetable_types
from engine.cabbagehead.state import CabbageheadState
from engine.cabbagehead.wording import seat_name
from engine.text import phrase, render, standing_phrase

RIBBON_WORDS = {
    None: "a hope that you'll do better next year and some whispered desultory comments",
    "White Ribbon": "the White Ribbon and polite murmurs",
    "Yellow Ribbon": "the Yellow Ribbon and cordial applause",
    "Red Ribbon": "the Red Ribbon and a hearty handshake",
    "Blue Ribbon": "the Blue Ribbon and a rousing hurrah",
}


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
        ending = phrase(
            f"{{player}} scores {{points}} points: {RIBBON_WORDS[ribbon_for(total)]}.",
            seats={"player": 0},
            points=total,
        )
        return _result(seats, [0], ending)
    best, why = winners(state, totals)
    if len(best) == 2:
        ending = phrase(
            "A shared win on {points} points, equal in vegetable types and Bees "
            "(a game of IUNU would settle it).",
            points=totals[0],
        )
    else:
        ending = phrase(
            f"{{winner}} wins with {{points}} {points_word(totals[best[0]])}{why}.",
            seats={"winner": best[0]},
            points=totals[best[0]],
        )
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
        return [0 if types[0] > types[1] else 1], " on the tie-break: more vegetable types"
    bees = [g.bees for g in state.gardens]
    if bees[0] != bees[1]:
        return [0 if bees[0] > bees[1] else 1], " on the tie-break: more Bees"
    return [0, 1], ""


def standing_result(state: CabbageheadState) -> Result:
    """The gardens scored as they stand, for a game stopped before its end: the same evaluation
    and tie-breaks as the final result, with a summary saying the game was stopped."""
    counted = final_result(state)
    totals = [s.total for s in counted.seats]
    why = "" if state.seats == 1 else winners(state, totals)[1]
    ending = standing_phrase(counted.winners, totals[counted.winners[0]], seats=state.seats, why=why)
    return _result(counted.seats, counted.winners, ending)
