"""What one viewer may see of a Garden Sabotage game: public board plus their own hand only.

Computed on demand from the state (OpenSpiel's observer idea). Other players' hands appear as
counts; deck order and the face-down objective discards appear as counts too.

A move changes one seat, and one objective's progress on one plot, seldom more: a seat's view and
a progress are kept while what decides them stays the same (`seat_view`, `progress`), for every
viewer and every version that shows them. Nobody changes a view, so sharing one is safe, and the
bot writes the text of a view it has seen once (bot/presenters/sabotage_text.py; issue 31).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.api import Phrase, Viewer
from engine.memo import Memo
from engine.sabotage.actions import seat_name
from engine.sabotage.cards import GOOD_BUG_BONUS, OBJECTIVES, PLANT_KIND_OF, bug_kind, card_name
from engine.sabotage.rules import plot_kinds
from engine.sabotage.setup import first_seat_phrase
from engine.sabotage.state import Completed, PlayerState, Plot, SabotageState
from engine.trusted import trusted


class CardView(BaseModel):
    """A card shown face up: its id (stable, for pictures and pickers) and its name."""

    id: str
    name: str


class ObjectiveView(BaseModel):
    """A Garden Objective card: what it needs and what it is worth."""

    id: str
    name: str
    points: int
    plants: dict[str, int]
    bug: str | None
    text: str


class PlotView(BaseModel):
    """One plot: planted cards (oldest first; a Bad Bug eats the last) and its bugs."""

    number: int
    plants: list[CardView]
    good_bug: CardView | None
    bad_bug: CardView | None


class CompletedView(BaseModel):
    objective: ObjectiveView
    good_bug: CardView | None
    points: int


class SeatView(BaseModel):
    """A seat as everyone sees it."""

    seat: int
    name: str
    plants_in_hand: int
    bugs_in_hand: int
    objectives_in_hand: int
    plots: list[PlotView]
    completed: list[CompletedView]
    score: int


class ProgressView(BaseModel):
    """How close one of my objectives is on one of my plots (for "close to complete" hints)."""

    objective: str
    objective_name: str
    plot_number: int
    missing_plants: dict[str, int]
    missing_bug: str | None
    blocked_by_bad_bug: bool
    #: The plot holds a different Good Bug, which stays until an objective is completed there.
    blocked_by_good_bug: bool
    ready: bool


class SabotageView(BaseModel):
    viewer: int | None
    seats: list[SeatView]
    plant_row: list[CardView | None]
    bug_row: list[CardView | None]
    plant_deck_size: int
    bug_deck_size: int
    objective_deck_size: int
    plant_discard: list[CardView]
    bug_discard: list[CardView]
    objective_discard_size: int
    turn: int | None
    actions_left: int
    round: int
    season_rounds: int
    final_round_by: int | None
    first_seat: int
    #: How the first seat was chosen, with the default seat names ("Player 2 owns the most...").
    first_seat_reason: str
    #: The same reason as a phrase over the seat it names, for display names.
    first_seat_phrase: Phrase
    bird_variant: bool
    game_over: bool
    #: Why the game ended: "final_round" (someone completed 7) or "season" (ruling 5); else None.
    end_reason: str | None
    turns_taken: int
    #: Ruling 18: each seat's house-plant answer while the table is asking (None: not yet); the
    #: answers stay here once given. None when the option is off.
    house_plant_answers: list[int | None] | None = None
    my_plants: list[CardView]
    my_bugs: list[CardView]
    my_objectives: list[ObjectiveView]
    my_progress: list[ProgressView]


def card_view(card: str) -> CardView:
    return _CARD_VIEWS[card]


def objective_view(oid: str) -> ObjectiveView:
    return _OBJECTIVE_VIEWS[oid]


def _make_card_view(card: str) -> CardView:
    return CardView(id=card, name=card_name(card))


def _make_objective_view(oid: str) -> ObjectiveView:
    objective = OBJECTIVES[oid]
    return ObjectiveView(
        id=oid,
        name=objective.name,
        points=objective.points,
        plants=dict(objective.plants),
        bug=objective.bug,
        text=objective.describe(),
    )


#: A card's or an objective's view never changes: each is validated once and shared by every view
#: (no one changes a view). A view of the rest is built from the checked state without validating
#: it again (engine/trusted.py): every field in field order, no list or dict the state holds.
_CARD_VIEWS: Memo[str, CardView] = Memo(_make_card_view, 1024)
_OBJECTIVE_VIEWS: Memo[str, ObjectiveView] = Memo(_make_objective_view, 1024)


def plot_view(number: int, plot: Plot) -> PlotView:
    return trusted(
        PlotView,
        {
            "number": number,
            "plants": [_CARD_VIEWS[c] for c in plot.plants],
            "good_bug": _CARD_VIEWS[plot.good_bug] if plot.good_bug else None,
            "bad_bug": _CARD_VIEWS[plot.bad_bug] if plot.bad_bug else None,
        },
    )


#: What decides a progress: the objective, the plot's number, its plants, Good Bug and Bad Bug.
ProgressKey = tuple[str, int, tuple[str, ...], str | None, str | None]
_PROGRESS: Memo[ProgressKey, ProgressView] = Memo(None, 4096)


def progress(oid: str, number: int, plot: Plot) -> ProgressView:
    """What objective `oid` still lacks on `plot` (plot `number` is 1-based), kept while the plot
    stays as it is."""
    key = (oid, number, tuple(plot.plants), plot.good_bug, plot.bad_bug)
    known = _PROGRESS.get(key)
    return known if known is not None else _PROGRESS.keep(key, progress_made(oid, number, plot))


def progress_made(oid: str, number: int, plot: Plot) -> ProgressView:
    """`progress`, made anew."""
    objective = OBJECTIVES[oid]
    have = plot_kinds(plot)
    missing = {kind: count - have[kind] for kind, count in objective.plants if have[kind] < count}
    missing_bug = None
    if objective.bug and (plot.good_bug is None or bug_kind(plot.good_bug) != objective.bug):
        missing_bug = objective.bug
    blocked = plot.bad_bug is not None
    wrong_bug = missing_bug is not None and plot.good_bug is not None
    return trusted(
        ProgressView,
        {
            "objective": oid,
            "objective_name": objective.name,
            "plot_number": number,
            "missing_plants": missing,
            "missing_bug": missing_bug,
            "blocked_by_bad_bug": blocked,
            "blocked_by_good_bug": wrong_bug,
            "ready": not missing and missing_bug is None and not blocked,
        },
    )


def seat_score(state: SabotageState, seat: int) -> int:
    return _score(state.players[seat])


def _score(player: PlayerState) -> int:
    return sum(_points(done) for done in player.completed)


def _points(done: Completed) -> int:
    """A completed objective's points, its Good Bug's bonus included."""
    return OBJECTIVES[done.objective].points + (GOOD_BUG_BONUS if done.good_bug else 0)


#: What decides a seat's view: the seat, its hand's sizes, its plots (plants, Good Bug, Bad Bug)
#: and its completed objectives (each with its Good Bug).
SeatKey = tuple[
    int,
    int,
    int,
    int,
    tuple[tuple[tuple[str, ...], str | None, str | None], ...],
    tuple[tuple[str, str | None], ...],
]
_SEAT_VIEWS: Memo[SeatKey, SeatView] = Memo(None, 4096)


def seat_view(seat: int, player: PlayerState) -> SeatView:
    """What everyone sees of `seat`, kept while the seat stays as it is."""
    key = (
        seat,
        len(player.plants),
        len(player.bugs),
        len(player.objectives),
        tuple([(tuple(plot.plants), plot.good_bug, plot.bad_bug) for plot in player.plots]),
        tuple([(done.objective, done.good_bug) for done in player.completed]),
    )
    known = _SEAT_VIEWS.get(key)
    return known if known is not None else _SEAT_VIEWS.keep(key, seat_view_made(seat, player))


def seat_view_made(seat: int, player: PlayerState) -> SeatView:
    """`seat_view`, made anew."""
    cards = _CARD_VIEWS
    return trusted(
        SeatView,
        {
            "seat": seat,
            "name": seat_name(seat),
            "plants_in_hand": len(player.plants),
            "bugs_in_hand": len(player.bugs),
            "objectives_in_hand": len(player.objectives),
            "plots": [plot_view(i + 1, plot) for i, plot in enumerate(player.plots)],
            "completed": [
                trusted(
                    CompletedView,
                    {
                        "objective": _OBJECTIVE_VIEWS[c.objective],
                        "good_bug": cards[c.good_bug] if c.good_bug else None,
                        "points": _points(c),
                    },
                )
                for c in player.completed
            ],
            "score": _score(player),
        },
    )


def view(state: SabotageState, viewer: Viewer) -> SabotageView:
    """What `viewer` sees (None: a spectator), built from the checked state without validating it
    again (engine/trusted.py), its seats and progress kept from earlier versions where unchanged."""
    cards = _CARD_VIEWS
    seats = [seat_view(seat, player) for seat, player in enumerate(state.players)]
    mine = state.players[viewer] if viewer is not None else None
    over = state.ended is not None
    return trusted(
        SabotageView,
        {
            "viewer": viewer,
            "seats": seats,
            "plant_row": [cards[c] if c else None for c in state.plant_row],
            "bug_row": [cards[c] if c else None for c in state.bug_row],
            "plant_deck_size": len(state.plant_deck),
            "bug_deck_size": len(state.bug_deck),
            "objective_deck_size": len(state.objective_deck),
            "plant_discard": [cards[c] for c in state.plant_discard],
            "bug_discard": [cards[c] for c in state.bug_discard],
            "objective_discard_size": len(state.objective_discard),
            "turn": None if over else state.turn,
            "actions_left": 0 if over else state.actions_left,
            "round": state.round,
            "season_rounds": state.options.season_rounds,
            "final_round_by": state.final_round_by,
            "first_seat": state.first_seat,
            "first_seat_reason": state.first_seat_reason,
            "first_seat_phrase": first_seat_phrase(state),
            "bird_variant": state.options.bird_variant,
            "game_over": over,
            "end_reason": state.ended,
            "turns_taken": state.turns_taken,
            "house_plant_answers": None
            if state.house_plant_answers is None
            else list(state.house_plant_answers),
            "my_plants": [cards[c] for c in sorted(mine.plants, key=lambda c: (PLANT_KIND_OF[c], c))]
            if mine
            else [],
            "my_bugs": [cards[c] for c in sorted(mine.bugs, key=lambda c: (bug_kind(c), c))] if mine else [],
            "my_objectives": [_OBJECTIVE_VIEWS[o] for o in mine.objectives] if mine else [],
            "my_progress": [
                progress(oid, i + 1, plot) for oid in mine.objectives for i, plot in enumerate(mine.plots)
            ]
            if mine
            else [],
        },
    )
