"""Small predicates shared by `legal_actions` and the checks of `apply`, so the two cannot
disagree: what a plot holds, whether it meets an objective, whether a deck can be drawn.
"""

from __future__ import annotations

from collections import Counter

from engine.sabotage.cards import (
    KIND_OF,
    OBJECTIVES,
    bug_kind,
)
from engine.sabotage.state import Plot, SabotageState


def plot_kinds(plot: Plot) -> Counter[str]:
    return Counter([KIND_OF[card] for card in plot.plants])


def meets(objective_id: str, plot: Plot, kinds: Counter[str] | None = None) -> bool:
    """Draft, "Completing Objectives": every shown card on this plot, and no Bad Bug there."""
    if plot.bad_bug is not None:
        return False
    objective = OBJECTIVES[objective_id]
    if objective.bug is not None and (plot.good_bug is None or bug_kind(plot.good_bug) != objective.bug):
        return False
    have = plot_kinds(plot) if kinds is None else kinds
    return all(have[kind] >= count for kind, count in objective.plants)


def can_draw_plant(state: SabotageState) -> bool:
    return bool(state.plant_deck or state.plant_discard)


def can_draw_bug(state: SabotageState) -> bool:
    return bool(state.bug_deck or state.bug_discard)


def can_draw_objective(state: SabotageState) -> bool:
    return bool(state.objective_deck or state.objective_discard)
