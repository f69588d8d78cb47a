"""The Countess's count (rules VII): flowering plants by colour, compositions, collector's flowers
in the golden vases, weeds still in the pots, and the end-of-game cards; tie-breaks by ruling 17."""

from __future__ import annotations

from collections import Counter

from engine.api import Phrase, Result, ScoreLine, SeatResult, points_word
from engine.garden_party.cards import (
    BEST_IN_SHOW_POINTS,
    COLLECTOR_POINTS,
    COMPOSITIONS,
    GARDENERS,
    PLANT_KINDS,
)
from engine.garden_party.common import seat_name
from engine.garden_party.state import GardenPartyState
from engine.text import N_, N_plural, join_roles, render, standing_phrase


def scored_flowers(state: GardenPartyState, seat: int) -> list[str]:
    """The colours that count as flowering plants: the flowers, plus a bud for each Compost
    (the most valuable buds first, ruling 16)."""
    pots = [p for p in state.players[seat].pots if p is not None]
    flowers = [state.token_kinds[p.token] for p in pots if p.stage == "flower"]
    buds = sorted(
        (state.token_kinds[p.token] for p in pots if p.stage == "bud"), key=lambda k: -PLANT_KINDS[k].points
    )
    flowers += buds[: state.compost.count(seat)]
    return flowers


def weeds(state: GardenPartyState, seat: int, *, shown_only: bool) -> int:
    """Weeds in the pots: at the end every seed is turned over and each weed counts (ruling 14);
    a standing result counts only the weeds that have shown (it must not reveal a seed)."""
    return sum(
        1
        for p in state.players[seat].pots
        if p is not None and state.token_kinds[p.token] == "weed" and (p.stage == "weed" or not shown_only)
    )


def seat_result(state: GardenPartyState, seat: int, *, final: bool = True) -> SeatResult:
    flowers = scored_flowers(state, seat)
    lines: list[ScoreLine] = []
    by_colour = Counter(flowers)
    for kind, plant in PLANT_KINDS.items():
        if by_colour[kind]:
            lines.append(
                ScoreLine(
                    label=N_("{colour} flowers ({count} x {points})").format(
                        colour=plant.name, count=by_colour[kind], points=plant.points
                    ),
                    points=by_colour[kind] * plant.points,
                )
            )
    prized = sorted(flowers, key=lambda k: -PLANT_KINDS[k].points)[: state.best_in_show.count(seat)]
    for kind in prized:
        lines.append(
            ScoreLine(
                label=N_("Best in Show: a {colour} flower wins {points} more").format(
                    colour=PLANT_KINDS[kind].name, points=BEST_IN_SHOW_POINTS
                ),
                points=BEST_IN_SHOW_POINTS,
            )
        )
    most_alike = max(by_colour.values(), default=0)
    colours = len(by_colour)
    for composition in COMPOSITIONS:  # each line of VII A the greenhouse holds (ruling 22)
        if (most_alike if composition.same else colours) >= composition.size:
            label = N_("Composition: {composition}").format(composition=composition.name)
            lines.append(ScoreLine(label=label, points=composition.points))
    vases = state.players[seat].vases
    if vases:
        names = ", ".join(GARDENERS[g].flower for g in vases)
        label = N_("Collector's flowers ({flowers})").format(flowers=names)
        lines.append(ScoreLine(label=label, points=len(vases) * COLLECTOR_POINTS))
    weed_count = weeds(state, seat, shown_only=not final)
    if weed_count:
        lines.append(
            ScoreLine(label=N_("Weeds ({count} x -10)").format(count=weed_count), points=-10 * weed_count)
        )
    if not lines:
        lines.append(ScoreLine(label=N_("No flowering plants"), points=0))
    return SeatResult(seat=seat, total=sum(line.points for line in lines), lines=lines)


def result(state: GardenPartyState, *, final: bool = True) -> Result:
    """Most points wins; then most flowering plants; then most collector's flowers; then a shared
    win (ruling 17)."""
    seats = [seat_result(state, s, final=final) for s in range(state.seats)]
    best = max(r.total for r in seats)
    leaders = [r.seat for r in seats if r.total == best]

    def tie_key(seat: int) -> tuple[int, int]:
        return (len(scored_flowers(state, seat)), len(state.players[seat].vases))

    top = max(tie_key(s) for s in leaders)
    winners = [s for s in leaders if tie_key(s) == top]
    roles = {f"winner{i + 1}": s for i, s in enumerate(winners)}
    template = summary_template(len(winners), len(leaders) > 1, best)
    phrase = Phrase(template=template, seats=roles, values={"points": best})
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return Result(seats=seats, winners=winners, summary=summary, summary_phrase=phrase)


def summary_template(winners: int, on_the_tie: bool, points: int) -> str:
    """The final summary: a shared win, a tie won on flowers, a win; each its plural by points."""
    if winners > 1:
        return shared_win(winners, points)
    if on_the_tie:
        return N_plural(
            "{winner1} wins the tie on {points} point with more flowering plants or collector's flowers.",
            "{winner1} wins the tie on {points} points with more flowering plants or collector's flowers.",
            abs(points),
        )
    return N_plural(
        "{winner1} wins with {points} point.", "{winner1} wins with {points} points.", abs(points)
    )


def shared_win(winners: int, points: int) -> str:
    """A win shared by `winners`, its plural by points (more than four share it in English only)."""
    if winners == 2:
        return N_plural(
            "{winner1} and {winner2} share the win with {points} point each.",
            "{winner1} and {winner2} share the win with {points} points each.",
            abs(points),
        )
    if winners == 3:
        return N_plural(
            "{winner1}, {winner2} and {winner3} share the win with {points} point each.",
            "{winner1}, {winner2} and {winner3} share the win with {points} points each.",
            abs(points),
        )
    if winners == 4:
        return N_plural(
            "{winner1}, {winner2}, {winner3} and {winner4} share the win with {points} point each.",
            "{winner1}, {winner2}, {winner3} and {winner4} share the win with {points} points each.",
            abs(points),
        )
    names = join_roles([f"winner{i + 1}" for i in range(winners)])
    return f"{names} share the win with {{points}} {points_word(points)} each."


def standing_result(state: GardenPartyState) -> Result:
    """The greenhouses as they stand, for a game stopped before its end: only the weeds that have
    shown count (ruling 14: a standing result must not reveal a seed)."""
    counted = result(state, final=False)
    best = max(r.total for r in counted.seats)
    phrase = standing_phrase(counted.winners, best, seats=state.seats)
    summary = render(phrase.template, phrase.seats, phrase.values, seat_name)
    return counted.model_copy(update={"summary": summary, "summary_phrase": phrase})
