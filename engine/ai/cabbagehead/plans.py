"""The layout plans strong's playouts follow (`Plan`): `PAIRS` for the duel, `MIXED_PLOT` solo
(The Mixed Plot, The Promenade and The Bee's Knees, then The Avenue).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.cabbagehead.values import MIXED_PLOT_STEP, NAMES


def same_neighbour(cells: list[int], near: tuple[tuple[int, ...], ...], cell: int, name: str) -> bool:
    return any(cells[j] >= 0 and NAMES[cells[j]] == name for j in near[cell])


@dataclass(frozen=True, slots=True)
class Plan:
    """The weights of one layout plan: how the quick gain (`planting_gains`) steers plantings
    towards the Awards of Merit that plan aims for (rulebook, Awards of Merit).

    - `mixed_plot_step`: the cost of a planting that breaks The Mixed Plot (a fourth type in a row,
      or a type already grown in another row); with `mixed_plot_alive_only` only while the garden
      can still earn it.
    - `new_type`: while The Mixed Plot can still be earned, the bonus for a type not yet grown in
      a row that has room for it (the award needs all nine).
    - `room_in_row`: room to grow counts only sideways (a Mixed Plot's pairs lie within a row: a
      type may grow in one row only).
    - `monopoly`: push towards The Monopoly (five of a type).
    - `promenade_step`: once the plot spans 6 x 3, per card planted on a cell of a Promenade
      layout that can still be made (twice beside its twin there); `promenade_break`: the cost of
      a card there that spoils the layout (another type than its partner, or a type another pair
      of the layout holds).
    - `avenue_step`: per card of one type stacked in a column at the edge of the plot (The Avenue:
      columns 1 and 6 each hold three of one vegetable, two different ones); `avenue_break`: the
      cost of spoiling such a stack (another type in it, or growing the plot past it).
    - `bees_knees`: The Bee's Knees (6) for the planting that brings the sixth Bee, less 6 for
      paying one of six.
    - `lone_potential` (with sideways room): per point of a lone card planted with a free side in
      its row (it may still be paired there); `block_cost`: per point of a lone card whose last
      free side in its row the planting takes.
    """

    name: str
    mixed_plot_step: float = MIXED_PLOT_STEP
    mixed_plot_alive_only: bool = False
    new_type: float = 0.0
    room_in_row: bool = False
    monopoly: bool = True
    avenue_step: float = 0.0
    avenue_break: float = 0.0
    bees_knees: bool = False
    lone_potential: float = 0.0
    promenade_step: float = 0.0
    promenade_break: float = 0.0
    block_cost: float = 0.0


#: The plan strong played before the award plans: pairs, The Promenade (found by the search), The
#: Monopoly, and a mild care for The Mixed Plot.
PAIRS = Plan("pairs")
#: Solo strong's plan (how the knobs were chosen: docs/ai.md). The Mixed Plot (30) and The
#: Promenade (14) fit together: three types a row, each type in one row, each pair side by side in
#: its row (once the plot spans 6 x 3, on a Promenade layout's cells); plus The Bee's Knees (6).
#: Once The Mixed Plot is out of reach: The Avenue (14), a stack of one type in each edge column,
#: and The Monopoly.
MIXED_PLOT = Plan(
    "mixed plot",
    mixed_plot_step=12.0,
    mixed_plot_alive_only=True,
    new_type=2.0,
    room_in_row=True,
    avenue_step=1.5,
    avenue_break=6.0,
    bees_knees=True,
    lone_potential=1.0,
    block_cost=1.5,
    promenade_step=1.0,
    promenade_break=2.0,
)
