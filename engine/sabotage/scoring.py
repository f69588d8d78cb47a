"""The end of the game: each seat's total with its breakdown, and the winner (ruling 11 for ties)."""

from __future__ import annotations

from engine.api import Phrase, Result, ScoreLine, SeatResult, points_word
from engine.sabotage.actions import seat_name
from engine.sabotage.cards import GOOD_BUG_BONUS, OBJECTIVES
from engine.sabotage.state import SabotageState
from engine.text import render, standing_phrase


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
            ScoreLine(label=f"Good Bug bonus ({bugs} x {GOOD_BUG_BONUS})", points=bugs * GOOD_BUG_BONUS)
        )
    if not lines:
        lines.append(ScoreLine(label="No objectives completed", points=0))
    return SeatResult(seat=seat, total=sum(line.points for line in lines), lines=lines)


def result(state: SabotageState) -> Result:
    """Most points wins; a tie goes to the most completed objectives; then the win is shared."""
    seats = [seat_result(state, s) for s in range(state.seats)]
    best = max(r.total for r in seats)
    leaders = [r.seat for r in seats if r.total == best]
    most = max(len(state.players[s].completed) for s in leaders)
    winners = [s for s in leaders if len(state.players[s].completed) == most]
    roles = {f"winner{i + 1}": s for i, s in enumerate(winners)}
    names = " and ".join(f"{{{role}}}" for role in roles)
    if len(winners) > 1:
        template = f"{names} share the win with {{points}} points and {{objectives}} objectives each."
    elif len(leaders) > 1:
        template = (
            f"{names} wins the tie on {{points}} points by completing more objectives ({{objectives}})."
        )
    else:
        template = f"{names} wins with {{points}} {points_word(best)}."
    phrase = Phrase(template=template, seats=roles, values={"points": best, "objectives": most})
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return Result(seats=seats, winners=winners, summary=summary, summary_phrase=phrase)


def standing_result(state: SabotageState) -> Result:
    """The scores as they stand, for a game stopped before its end: every seat's objectives and
    Good Bug bonus so far, and the seats that would win if it ended now (ruling 11 for ties)."""
    counted = result(state)
    best = max(r.total for r in counted.seats)
    phrase = standing_phrase(counted.winners, best, seats=state.seats)
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return counted.model_copy(update={"summary": summary, "summary_phrase": phrase})
