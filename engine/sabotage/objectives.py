"""Drawing, exchanging and completing Objectives, and the final round the last one starts."""

from __future__ import annotations

from engine.api import Event, FieldValue, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.cards import (
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVES,
    OBJECTIVES_TO_END,
    PLANT_KIND_OF,
    PLOTS,
    a_or_an,
    bug_kind,
)
from engine.sabotage.drawing import draw_from
from engine.sabotage.predicates import can_draw_objective, meets
from engine.sabotage.state import Completed, SabotageState
from engine.sabotage.wording import say
from engine.text import N_, N_plural, lit

# Every line and refusal is a static template (`N_`), so that the bot finds it in its catalogs
# (bot/presenters/engine_words.py). An objective drawn is hidden: its private line names it
# literally, shaped like one of these templates, and the bot reads it back against them.
_NOT_IN_HAND = N_("That Objective is not in your hand.")
_NO_OBJECTIVES = N_("The Objective deck and its discard pile are both empty.")
#: A completed objective, with or without a Good Bug's bonus.
_COMPLETED = (
    N_("{actor} completed {described} on plot {plot}. Objectives completed: {completed}."),
    N_(
        "{actor} completed {described} on plot {plot}, with {a_good_bug} for +2. "
        "Objectives completed: {completed}."
    ),
)


def _draw_objective(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    player = state.players[seat]
    if len(player.objectives) >= OBJECTIVE_HAND_LIMIT:
        raise IllegalAction(N_("You already hold 2 Objectives, the most allowed: exchange one instead."))
    if not can_draw_objective(state):
        raise IllegalAction(_NO_OBJECTIVES)
    events: list[Event] = []
    card = draw_from(state, "objective", events)
    assert card is not None
    player.objectives.append(card)
    events.append(
        say(
            "draw_objective",
            N_("{actor} drew an Objective."),
            seats={"actor": seat},
            private={
                seat: lit(
                    N_("You drew the Objective {objective}.").format(objective=OBJECTIVES[card].describe())
                )
            },
        )
    )
    return events


def _exchange(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.ExchangeObjective)
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction(_NOT_IN_HAND)
    if not can_draw_objective(state):
        raise IllegalAction(_NO_OBJECTIVES)
    player.objectives.remove(action.objective)
    state.objective_discard.append(action.objective)
    events: list[Event] = []
    card = draw_from(state, "objective", events)
    assert card is not None
    player.objectives.append(card)
    old = OBJECTIVES[action.objective].name
    events.append(
        say(
            "exchange_objective",
            N_("{actor} exchanged an Objective for a new one."),
            seats={"actor": seat},
            private={
                seat: lit(
                    N_("You gave up {old} and drew {new}.").format(old=old, new=OBJECTIVES[card].describe())
                )
            },
        )
    )
    return events


def complete(state: SabotageState, seat: int, action: A.CompleteObjective) -> list[Event]:
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction(_NOT_IN_HAND)
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction(N_("Your Garden Board has plots 1 and 2 only."))
    plot = player.plots[action.plot]
    objective = OBJECTIVES[action.objective]
    if plot.bad_bug is not None:
        raise IllegalAction(N_("A Bad Bug is on that plot: kill it with Pesticide first."))
    if not meets(action.objective, plot):
        raise IllegalAction(
            N_("Plot {plot} does not show everything {objective} needs.").format(
                plot=action.plot + 1, objective=objective.name
            )
        )
    for kind, count in objective.plants:
        for _ in range(count):
            # The most recently planted matching card goes (any copy would do: same kind).
            index = max(i for i, c in enumerate(plot.plants) if PLANT_KIND_OF[c] == kind)
            state.plant_discard.append(plot.plants.pop(index))
    kept = plot.good_bug
    plot.good_bug = None
    player.objectives.remove(action.objective)
    player.completed.append(Completed(objective=action.objective, good_bug=kept))
    fields: dict[str, FieldValue] = {
        "objective": objective.name,
        "points": objective.points,
        "plot": action.plot + 1,
        "good_bug": bug_kind(kept) if kept else None,
        "completed": len(player.completed),
        "described": objective.describe(),
    }
    if kept:
        fields["a_good_bug"] = a_or_an(bug_kind(kept))
    events = [say("complete", _COMPLETED[1 if kept else 0], seats={"actor": seat}, fields=fields)]
    if len(player.completed) >= OBJECTIVES_TO_END and state.final_round_by is None:
        state.final_round_by = seat
        events.append(
            say(
                "final_round",
                final_round(OBJECTIVES_TO_END),
                seats={"actor": seat},
                fields={"objectives": OBJECTIVES_TO_END},
            )
        )
    return events


def final_round(objectives: int) -> str:
    """The final round's announcement, its plural by objectives: always 7, but a language's plural
    forms are its own (some word 7 unlike 2), so the number is the catalogs' to agree with."""
    return N_plural(
        "{actor} has completed {objectives} objective: the final round begins. Every other player "
        "gets one last turn.",
        "{actor} has completed {objectives} objectives: the final round begins. Every other player "
        "gets one last turn.",
        objectives,
    )


#: The actions this module plays (`rules.apply` hands them here).
HANDLERS = {A.DrawObjective: _draw_objective, A.ExchangeObjective: _exchange}
