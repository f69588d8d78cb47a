"""A turn's step: a collector's flower, a take, a draw, a blue card when it pays (now or before
the turn ends), else the next move (`choose_turn`).
"""

from __future__ import annotations

from engine.ai.garden_party.evaluation import deck_value, growth_gain, hold, leader, standing, watering_plan
from engine.ai.garden_party.search import Planner, plan_value, round_step
from engine.ai.garden_party.table import PotLike, Table, points_of
from engine.ai.garden_party.tuning import CARD_WORTH, STAGE_SHARE, STEP_VALUE, WATER_CARRY, WEED_PENALTY
from engine.ai.garden_party.visits import collect_value, take_gain, visit_value
from engine.garden_party.board import CENTRE, arm_of, distance, greenhouse, is_greenhouse
from engine.garden_party.cards import (
    COLOURS,
    POTS,
    TALENTS,
)


def fresh_turn(table: Table) -> bool:
    """No movement point spent yet this turn (the view does not say what was watered)."""
    view = table.view
    return view.turn_seat == table.seat and view.points == view.roll + ("clover" in table.golden)


def unwatered_pots(table: Table) -> list[int]:
    """The pots the seat may still water this turn: the legal waterings when it can water now;
    with an empty can at home, every growing pot if the turn has not moved yet, else all but the
    best `water_limit` (the ones the arrival watered first)."""
    me = table.me
    growing = [i for i, p in enumerate(me.pots) if p.stage in ("seed", "sprout", "bud")]
    if me.square == table.home and me.water > 0:
        return [int(c.split(":")[1]) for c in table.legal if c.startswith("water:")]
    if fresh_turn(table) or me.square != table.home:
        return growing
    ranked = sorted(growing, key=lambda i: -growth_gain(me.pots[i], table.odds))
    return ranked[me.water_limit :]


def _lamp_gain(table: Table) -> float:
    """What lighting a Grow Lamp now adds: strong compares its plans with every watering growing
    two stages; greedy compares the waterings it can make here and now."""
    if not table.style.plan:
        me = table.me
        pots: list[PotLike] = [(p.kind, p.stage) for p in me.pots]
        open_pots = dict.fromkeys(unwatered_pots(table), 1)
        lit, _ = watering_plan(pots, me.water, open_pots, table.odds, False, True)
        dark, _ = watering_plan(pots, me.water, open_pots, table.odds, False, False)
        return lit - dark
    view = table.view.model_copy(update={"turn_flags": [*table.view.turn_flags, "grow_lamp"]})
    return plan_value(Table(table.seat, view, table.legal, table.odds, table.style)) - plan_value(table)


def _wheelbarrow_gain(table: Table) -> float:
    """What three more movement points add: strong compares its plans; greedy plays it to get
    home with water the points would not reach."""
    if table.style.plan:
        return plan_value(table, 3) - plan_value(table)
    me, points = table.me, table.view.points
    need = distance(me.square, table.home)
    return 2.0 if me.water > 0 and points < need <= points + 3 else 0.0


def blue_now(table: Table) -> str | None:
    """The blue card worth playing right now (before the turn moves on), if any: a Seed Swap that
    sends a weed to the best-placed rival with a seed, a Hoe on a weed, a Seed Packet into an
    empty pot, a Grow Lamp before watering, a Rain Shower at home with the can empty, a
    Wheelbarrow, a Catapult that brings a rival whose flower the seat can take to its square or
    sends one out of a greenhouse worth visiting."""
    me, view = table.me, table.view
    found: list[tuple[float, str]] = []
    hoes = table.plays("hoe")
    if hoes:
        found.append(max((WEED_PENALTY + hoe_gain(table, code), code) for code in hoes))
    swaps = table.plays("seed_swap")
    if swaps:
        victim = max(swaps, key=lambda c: standing(view.seats[int(c.split(":")[2])], table.odds))
        found.append((WEED_PENALTY + seed_swap_gain(table), victim))
    found += [(3.0, code) for code in table.plays("seed_packet")[:1]]
    at_home = me.square == table.home and "cold_snap" not in view.turn_flags
    if at_home and table.plays("grow_lamp") and me.water > 0:
        gain = _lamp_gain(table)
        if gain > 0.8:
            found.append((gain, table.plays("grow_lamp")[0]))
    if at_home and table.plays("rain_shower") and me.water == 0:
        open_pots = unwatered_pots(table)
        if len(open_pots) >= 2:
            pots: list[PotLike] = [(p.kind, p.stage) for p in me.pots]
            gain, _ = watering_plan(pots, me.water_limit, dict.fromkeys(open_pots, 1), table.odds, False)
            found.append((gain, table.plays("rain_shower")[0]))
    if table.plays("wheelbarrow"):
        gain = _wheelbarrow_gain(table)
        if gain > CARD_WORTH["wheelbarrow"]:
            found.append((gain, table.plays("wheelbarrow")[0]))
    for code in table.plays("catapult"):
        target = view.seats[int(code.split(":")[2])]
        if me.square == CENTRE and collect_value(table, target) > 1.0:
            found.append((collect_value(table, target), code))
        elif target.square == greenhouse(target.seat) and view.points >= 3 and me.square == CENTRE:
            worth = visit_value(table, target.seat)
            if worth > 1.5 and me.banned_from != target.seat and "padlock" not in view.turn_flags:
                found.append((worth, code))
    return max(found)[1] if found else None


def blue_at_end(table: Table) -> str | None:
    """The blue card worth playing before the turn ends, if it beats holding it: Fertiliser on
    the plant it grows most, Graft on the sprout or bud it improves most, a Catapult or a Leaky
    Can on the leader, Botanist's Eye on a seed, Seed Swap with the leader when this seat's seeds
    are worse than an unseen one."""
    found: list[tuple[float, str]] = []
    pots = table.me.pots
    lead = leader(table)
    for code in table.plays("fertiliser"):
        pot = pots[int(code.split(":")[2])]
        found.append((growth_gain(pot, table.odds) - hold(table, "fertiliser"), code))
    for code in table.plays("graft"):
        pot = pots[int(code.split(":")[2])]
        better = COLOURS[COLOURS.index(str(pot.kind)) + 1]
        gain = (points_of(better) - points_of(pot.kind)) * (0.9 if pot.stage == "bud" else 0.7)
        found.append((gain - hold(table, "graft"), code))
    for code in table.plays("leaky_can"):
        if int(code.split(":")[2]) == lead.seat:
            found.append((0.9 * WATER_CARRY * 1.5 - hold(table, "leaky_can"), code))
    for code in table.plays("catapult"):
        victim = table.view.seats[int(code.split(":")[2])]
        if victim.seat == lead.seat and victim.square == greenhouse(victim.seat) and victim.water:
            found.append((3 * STEP_VALUE - hold(table, "catapult"), code))
    for code in table.plays("botanists_eye")[:1]:
        found.append((botanists_eye_gain(table) - hold(table, "botanists_eye"), code))
    found = [f for f in found if f[0] > 0]
    return max(found)[1] if found else None


def hoe_gain(table: Table, code: str) -> float:
    """What the Hoe's sprout is worth to this seat besides the weed it sends away (ruling 10: the
    target is a competitor's sprout, `seat * POTS + pot`), a little more from the leader."""
    seat, pot = divmod(int(code.split(":")[2]), POTS)
    sprout = table.view.seats[seat].pots[pot]
    gain = points_of(sprout.kind) * STAGE_SHARE["sprout"]
    return gain + (0.5 if seat == leader(table).seat else 0.0)


def seed_swap_gain(table: Table) -> float:
    """What an unseen seed is worth in the pot a weed leaves (Seed Swap: the weed's own
    WEED_PENALTY comes on top)."""
    odds = table.odds
    return max(0.0, growth_gain((None, "seed"), odds) - WEED_PENALTY * odds.weed)


def botanists_eye_gain(table: Table) -> float:
    """What looking at every unseen seed of this seat is worth: each bad seed found is water not
    wasted on it, and a weed that can be swapped away as a seed (about one watering each)."""
    odds = table.odds
    unseen = sum(1 for p in table.me.pots if p.stage == "seed" and p.kind is None)
    return unseen * (odds.weed + odds.mouldy) * 1.5


def choose_turn(table: Table) -> str:
    """A turn step: take a collector's flower, take from the greenhouse the seat stands in, draw,
    play a blue card when it pays now, else move on (strong's plan, greedy's round); before the
    turn ends, a last card."""
    legal, me, view = table.legal, table.me, table.view
    collects = [c for c in legal if c.startswith("collect:")]
    if collects:
        worth, best = max((collect_value(table, view.seats[int(c.split(":")[1])]), c) for c in collects)
        if worth > 0:
            return best
    owner = arm_of(me.square)
    if is_greenhouse(me.square) and owner is not None and owner != table.seat:
        for kind, mine, theirs in take_gain(table, owner)[1]:
            code = f"swap:{mine}:{theirs}" if kind == "swap" else f"steal:{theirs}:{mine}"
            if code in legal:
                return code
    if me.square == CENTRE and any(c.startswith("draw:") for c in legal):
        return "draw:" + max(TALENTS, key=lambda t: deck_value(table, t))
    card = blue_now(table)
    if card is not None:
        return card
    step = Planner(table).best()[1] if table.style.plan else round_step(table)
    if step not in legal or step == "end":
        return blue_at_end(table) or "end"
    return step
