"""A rival's greenhouse and a collector's flower: whether the seat may enter, what one visit
can take, what winning or losing the duel is worth.
"""

from __future__ import annotations

from engine.ai.garden_party.evaluation import leader, payment_cost, plant_worth
from engine.ai.garden_party.table import Table
from engine.ai.garden_party.tuning import DUEL_WIN, DUEL_WIN_ALIBI, DUEL_WIN_SHIELD, SENTENCE, WEED_PENALTY
from engine.garden_party.board import arm_of, is_greenhouse
from engine.garden_party.cards import (
    COLLECTOR_POINTS,
    GARDENERS,
    VASES,
)
from engine.garden_party.views import SeatView


def may_enter(table: Table, square: str) -> bool:
    """Rules III B as the view shows them: no greenhouse with its owner in it, none the seat was
    caught in last turn, none under a Padlock."""
    owner = arm_of(square)
    if not is_greenhouse(square) or owner is None or owner == table.seat:
        return True
    return not (
        table.view.seats[owner].square == square
        or table.me.banned_from == owner
        or "padlock" in table.view.turn_flags
    )


Take = tuple[float, int, str, int, int]  # worth, weight, "swap" / "steal", my pot, their pot


def _takes(table: Table, owner: int) -> list[Take]:
    """Every take worth making from `owner`'s greenhouse, one at a time (ruling 7): a weed for a
    sprout (the weed's 10 points go with it), a plant for one of the same stage worth more, a seed
    known to be bad for theirs, a sprout or a bud into an empty pot (seeds may be weeds)."""
    odds = table.odds
    mine = table.me.pots
    empties = [i for i, p in enumerate(mine) if p.stage is None]
    weeds = [i for i, p in enumerate(mine) if p.stage == "weed"]
    found: list[Take] = []
    for j, pot in enumerate(table.view.seats[owner].pots):
        if pot.stage not in ("sprout", "bud", "seed", "weed"):
            continue
        weight = 2 if pot.stage == "bud" else 1
        theirs = plant_worth(pot.kind, pot.stage, odds)
        if pot.stage == "sprout":
            found += [(WEED_PENALTY + theirs, weight, "swap", i, j) for i in weeds]
        for i, my_pot in enumerate(mine):
            if my_pot.stage == pot.stage and pot.stage in ("sprout", "bud"):
                gain = theirs - plant_worth(my_pot.kind, my_pot.stage, odds)
                if gain > 0.4:
                    found.append((gain, weight, "swap", i, j))
            if my_pot.stage == "seed" and pot.stage == "seed" and my_pot.kind in ("weed", "mouldy"):
                bad = WEED_PENALTY if my_pot.kind == "weed" else 1.0
                found.append((bad * (1 - odds.weed), weight, "swap", i, j))
        if empties and pot.stage in ("sprout", "bud"):
            found.append((theirs + table.style.fill, weight, "steal", empties[0], j))
    found.sort(key=lambda o: -o[0])
    return found


def take_gain(table: Table, owner: int) -> tuple[float, list[tuple[str, int, int]]]:
    """The best one visit can take from `owner`'s greenhouse (weight two: two seeds or sprouts,
    or one bud): its worth to the seat and the moves (kind, my pot, their pot)."""
    options = _takes(table, owner)
    empties = sum(1 for p in table.me.pots if p.stage is None)
    best_total, best_moves = 0.0, []
    for first, head in enumerate(options):
        total, weight, moves = head[0], head[1], [head]
        used_mine, used_theirs = {head[3]}, {head[4]}
        empties_left = empties - (1 if head[2] == "steal" else 0)
        for other in options[first + 1 :]:
            if weight + other[1] > 2 or other[3] in used_mine or other[4] in used_theirs:
                continue
            if other[2] == "steal" and empties_left <= 0:
                continue
            total, weight = total + other[0], weight + other[1]
            moves.append(other)
            used_mine.add(other[3])
            used_theirs.add(other[4])
        if total > best_total:
            best_total, best_moves = total, [(m[2], m[3], m[4]) for m in moves]
    return best_total, best_moves


def duel_odds(table: Table) -> float:
    if "alibi" in table.hand:
        return DUEL_WIN_ALIBI
    return DUEL_WIN_SHIELD if "shield" in table.golden else DUEL_WIN


def visit_value(table: Table, owner: int) -> float:
    """A visit's worth: what it takes if the duel is won (the owner's loss counting a little more
    when they lead), less a card lost if it is not."""
    gain, _ = take_gain(table, owner)
    if gain <= 0:
        return 0.0
    p = duel_odds(table)
    spite = 0.3 if owner == leader(table).seat else 0.0
    return p * gain * (1 + spite) - (1 - p) * SENTENCE - 0.3


def collect_value(table: Table, rival: SeatView) -> float:
    """A collector's flower: 5 points for three cards of the rival's highest talent (0: cannot)."""
    if len(table.me.vases) >= VASES or not rival.gardener or rival.own_flowers_left <= 0:
        return 0.0
    talent = GARDENERS[rival.gardener].highest
    if table.talent_count(talent) < 3:
        return 0.0
    return COLLECTOR_POINTS - 0.5 * payment_cost(table, talent, 3)
