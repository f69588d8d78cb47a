"""Computer players for Garden Party: greedy (the table's Medium) and strong (Hard).

Both read only their seat's `GardenPartyView` and legal actions (`engine.ai.base.Decision`) and
parse action codes, never labels. They share every rule but the one that moves the gardener:

- **greedy** goes round: to the central square (draw, take water up to the limit), home (water
  the most valuable plants), and on to a rival's greenhouse from the central square when it is
  empty, close and worth a visit (`round_step`).
- **strong** looks ahead over its turn: it simulates every sequence of up to three stops (the
  central square, home, a rival's square for a collector's flower, a rival's greenhouse for an
  exchange or a theft) on the view's numbers, with the water taken and the pots watered at each,
  scores where the turn ends, and takes the best plan's first step (`Planner`). It also prizes
  filling an empty pot more (`Style.fill`): nine flowering pots end the game.

Values are in points of the final count: a flowering plant is worth its colour's points plus
`RACE` (a flower brings the ninth, and the end, nearer), a plant on its way a share of that by its
stage (`STAGE_SHARE`), a weed its -10. docs/ai.md describes the players and how they were chosen.

The package, by what its modules hold: `tuning` (the figures), `table` (a decision digested),
`evaluation` (what plants, waterings, cards and a seat's standing are worth), `visits` (rivals'
greenhouses and collector's flowers), `search` (greedy's round, strong's `Planner`), `turn` (a
turn's step), `replies` (reply windows, duels, the end, the small choices), `players` (the
players, by strength) and `sampling` (what the seat can tell of the hidden parts).
"""

from __future__ import annotations

from engine.ai.garden_party.players import GAME_NAME, PLAYERS, GreedyPlayer, StrongPlayer, choose_code

__all__ = ["GAME_NAME", "PLAYERS", "GreedyPlayer", "StrongPlayer", "choose_code"]
