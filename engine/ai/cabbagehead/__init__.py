"""Computer players for Mr. Cabbagehead's Garden: random, greedy and strong, solo and two players.

All three see only their seat's `CabbageheadView` (`engine.ai.base.Decision`). Greedy and strong
rebuild full states with `engine.cabbagehead.sampling.sample_state`, which shuffles the unseen
deck and re-seeds the token draws (greedy reads only the public gardens of its sample).

- **greedy** keeps the action whose immediate outcome is worth most by `garden_value`: the garden's
  Evaluation score if the game ended now (awards, Roses and Compost included) plus
  `BEE_VALUE` per Bee in the supply. Passing (two players): the card worth least to the
  opponent, on their left. Ties go to the first action in the game's order.
- **strong** is determinized Monte Carlo: a shortlist of `candidates` actions (plantings by the
  quick gain of `planting_gains`, other decisions by greedy's value), each played on the same
  `samples` sampled states and played out to the end of the game with the fast `playout_action`
  policy under a layout `Plan` (solo: `MIXED_PLOT`, which aims at The Mixed Plot, The Promenade and
  The Bee's Knees, then The Avenue; the duel: `PAIRS`); it keeps the best mean final score plus a
  bonus for the Blue Ribbon (solo) or the best mean margin over the opponent plus a win bonus (two
  players). Budget: at most `candidates x samples` playouts per decision.

The package, by what its modules hold: `values` (the figures and greedy's value), `plans` (the
layout plans), `playout` (the fast policy strong plays out with) and `players` (the players, by
strength).
"""

from __future__ import annotations

from engine.ai.cabbagehead.plans import MIXED_PLOT, PAIRS, Plan
from engine.ai.cabbagehead.players import GAME_NAME, PLAYERS, GreedyPlayer, StrongPlayer
from engine.ai.cabbagehead.playout import final_value, planting_gains, play_out, playout_action
from engine.ai.cabbagehead.values import garden_value, immediate_values

__all__ = [
    "GAME_NAME",
    "MIXED_PLOT",
    "PAIRS",
    "PLAYERS",
    "GreedyPlayer",
    "Plan",
    "StrongPlayer",
    "final_value",
    "garden_value",
    "immediate_values",
    "planting_gains",
    "play_out",
    "playout_action",
]
