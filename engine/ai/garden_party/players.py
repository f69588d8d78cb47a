"""The Garden Party players themselves: each decision handed to the rule for its phase, and
the two strengths that share those rules (module doc of the package).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.ai.garden_party.replies import (
    choose_cancel,
    choose_duel,
    choose_end_card,
    choose_gardener,
    choose_keep,
    choose_pay,
    orange_choice,
)
from engine.ai.garden_party.table import GREEDY, STRONG, Table, table_for
from engine.ai.garden_party.turn import choose_turn
from engine.rng import Rng


def choose_code(table: Table) -> str:
    """The player's choice for any decision, as an action code."""
    phase = table.view.phase
    if len(table.legal) == 1:
        return next(iter(table.legal))
    if phase == "gardener":
        return choose_gardener(table)
    if phase == "orange":
        return "yes" if orange_choice(table) is not None else "no"
    if phase == "bid":
        return orange_choice(table) or "withdraw"
    if phase == "cancel":
        return choose_cancel(table)
    if phase == "pay":
        return choose_pay(table)
    if phase == "duel":
        return choose_duel(table)
    if phase == "end":
        return choose_end_card(table)
    if phase == "keep":
        return choose_keep(table)
    return choose_turn(table)


class GreedyPlayer:
    """Medium: a rule for each kind of decision, and the round (module doc)."""

    strength: Strength = "greedy"
    style = GREEDY

    def choose(self, decision: Decision, rng: Rng) -> Any:
        table = table_for(decision, self.style)
        code = choose_code(table)
        return table.legal.get(code) or table.legal.get("end") or decision.legal[0]


class StrongPlayer(GreedyPlayer):
    """Hard: greedy's rules, with the look-ahead over the turn (`Planner`) and `STRONG`'s aims."""

    strength: Strength = "strong"
    style = STRONG


#: The game these players play (engine.ai finds them by it) and the players by strength ("random"
#: is every game's own: engine.ai.base.RandomPlayer).
GAME_NAME = "garden_party"
PLAYERS: dict[Strength, Callable[[], Player]] = {"greedy": GreedyPlayer, "strong": StrongPlayer}
