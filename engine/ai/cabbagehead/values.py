"""The figures Mr. Cabbagehead's players weigh with, and greedy's value of a decision: the
garden's score if the game ended now plus the Bees in the supply (`immediate_values`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cabbagehead.actions import Pass, PlaceGrasshopper, PlaceRose, Plant
from engine.cabbagehead.game import GAME
from engine.cabbagehead.plot import Garden, cell_at, realign
from engine.cabbagehead.scoring import evaluate
from engine.cabbagehead.slots import plant_slots
from engine.cabbagehead.state import CabbageheadState

#: What a Bee in the supply is worth to greedy and strong (it pays for a left card; six make the
#: Bee's Knees).
BEE_VALUE = 1.0
#: Strong's shortlist: the room a planting leaves next to itself, per empty neighbouring slot.
ROOM_VALUE = 0.3
#: The playout policy's push towards The Monopoly: per card added to a type already grown twice.
MONOPOLY_STEP = 1.0
MONOPOLY_SIZE = 5
#: The playout policy's care for The Mixed Plot: the cost of a fourth type in a row, or of a type
#: already grown in another row.
MIXED_PLOT_STEP = 2.0
WIN_BONUS = 20.0
#: Solo: what a playout that earns the Blue Ribbon is worth on top of its score (the prize the
#: player is after).
BLUE_BONUS = 15.0
BLUE_RIBBON = 101

CARDS = GAME.cards
NAMES = GAME.names
POINTS = [card.points for card in CARDS]
VEG_NUMBER = [card.vegetable_number for card in CARDS]


def copy_garden(garden: Garden) -> Garden:
    twin = garden.model_copy()
    for name in ("cells", "hoppers", "roses", "box", "compost"):
        twin.__dict__[name] = garden.__dict__[name][:]
    return twin


def garden_value(garden: Garden) -> float:
    """Greedy's evaluation: the Garden Club's score now plus `BEE_VALUE` per Bee in the supply."""
    return evaluate(garden, CARDS).total + BEE_VALUE * garden.bees


def _after(garden: Garden, action: Any, row: list[int]) -> Garden:
    """The garden once `action` is played on it (planting, Grasshopper or Rose); tokens, reveals and
    Neighbours (chance) are left out: this is the immediate outcome."""
    twin = copy_garden(garden)
    if isinstance(action, Plant):
        cell = cell_at(twin, action.row, action.col)
        old = twin.cells[cell]
        if old >= 0:
            twin.compost.append(old)
        twin.cells[cell] = row[action.position]
        twin.bees += action.bees
        realign(twin, cell)
    elif isinstance(action, PlaceGrasshopper):
        cell = cell_at(twin, action.row, action.col)
        twin.hoppers[cell] = 99
        realign(twin, cell)
    elif isinstance(action, PlaceRose):
        cell = cell_at(twin, action.row, action.col)
        twin.roses[cell] = twin.roses[cell + 1] = 9
    return twin


def _pass_cost(state: CabbageheadState, action: Pass) -> float:
    """How much the passed card is worth to the opponent (their best immediate gain with it)."""
    other = state.gardens[1 - state.active]
    card = state.row[action.give]
    before = garden_value(other)
    best = 0.0
    for r, c, _, _, _ in plant_slots(other, NAMES):
        twin = copy_garden(other)
        cell = cell_at(twin, r, c)
        if twin.cells[cell] >= 0:
            continue
        twin.cells[cell] = card
        realign(twin, cell)
        best = max(best, garden_value(twin) - before)
    # Lying on the left costs them a Bee to take.
    return best - (BEE_VALUE if action.to == 0 else 0.0)


def immediate_values(state: CabbageheadState, legal: Sequence[Any]) -> list[float]:
    """Greedy's value of every legal action (higher is better)."""
    garden = state.gardens[state.active]
    if state.phase == "pass":
        return [-_pass_cost(state, action) for action in legal]
    return [garden_value(_after(garden, action, state.row)) for action in legal]
