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
from engine.text import lit


def _draw_objective(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    player = state.players[seat]
    if len(player.objectives) >= OBJECTIVE_HAND_LIMIT:
        raise IllegalAction("You already hold 2 Objectives, the most allowed: exchange one instead.")
    if not can_draw_objective(state):
        raise IllegalAction("The Objective deck and its discard pile are both empty.")
    events: list[Event] = []
    card = draw_from(state, "objective", events)
    assert card is not None
    player.objectives.append(card)
    events.append(
        say(
            "draw_objective",
            "{actor} drew an Objective.",
            seats={"actor": seat},
            private={seat: lit(f"You drew the Objective {OBJECTIVES[card].describe()}.")},
        )
    )
    return events


def _exchange(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.ExchangeObjective)
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction("That Objective is not in your hand.")
    if not can_draw_objective(state):
        raise IllegalAction("The Objective deck and its discard pile are both empty.")
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
            "{actor} exchanged an Objective for a new one.",
            seats={"actor": seat},
            private={seat: lit(f"You gave up {old} and drew {OBJECTIVES[card].describe()}.")},
        )
    )
    return events


def complete(state: SabotageState, seat: int, action: A.CompleteObjective) -> list[Event]:
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction("That Objective is not in your hand.")
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("Your Garden Board has plots 1 and 2 only.")
    plot = player.plots[action.plot]
    objective = OBJECTIVES[action.objective]
    if plot.bad_bug is not None:
        raise IllegalAction("A Bad Bug is on that plot: kill it with Pesticide first.")
    if not meets(action.objective, plot):
        raise IllegalAction(f"Plot {action.plot + 1} does not show everything {objective.name} needs.")
    for kind, count in objective.plants:
        for _ in range(count):
            # The most recently planted matching card goes (any copy would do: same kind).
            index = max(i for i, c in enumerate(plot.plants) if PLANT_KIND_OF[c] == kind)
            state.plant_discard.append(plot.plants.pop(index))
    kept = plot.good_bug
    plot.good_bug = None
    player.objectives.remove(action.objective)
    player.completed.append(Completed(objective=action.objective, good_bug=kept))
    bonus = f", with {a_or_an(bug_kind(kept))} for +2" if kept else ""
    fields: dict[str, FieldValue] = {
        "objective": objective.name,
        "points": objective.points,
        "plot": action.plot + 1,
        "good_bug": bug_kind(kept) if kept else None,
        "completed": len(player.completed),
    }
    events = [
        say(
            "complete",
            f"{{actor}} completed {lit(objective.describe())} on plot {{plot}}{lit(bonus)}. "
            "Objectives completed: {completed}.",
            seats={"actor": seat},
            fields=fields,
        )
    ]
    if len(player.completed) >= OBJECTIVES_TO_END and state.final_round_by is None:
        state.final_round_by = seat
        events.append(
            say(
                "final_round",
                "{actor} has completed {objectives} objectives: the final round "
                "begins. Every other player gets one last turn.",
                seats={"actor": seat},
                fields={"objectives": OBJECTIVES_TO_END},
            )
        )
    return events


#: The actions this module plays (`rules.apply` hands them here).
HANDLERS = {A.DrawObjective: _draw_objective, A.ExchangeObjective: _exchange}
