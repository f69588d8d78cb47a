"""How the gardener moves: greedy's fixed round, and strong's look-ahead over every sequence
of up to three stops of its turn, scored on the view's numbers (`Planner`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.garden_party.evaluation import draw_value, growth_gain, plant_worth, watering_plan
from engine.ai.garden_party.table import PotLike, Table
from engine.ai.garden_party.tuning import CAUGHT_RISK, HOME_GUARD, STEP_VALUE, VISIT_MIN, WATER_CARRY
from engine.ai.garden_party.visits import collect_value, may_enter, visit_value
from engine.garden_party.board import CENTRE, distance, greenhouse, is_greenhouse, squares


def round_step(table: Table) -> str:
    """Greedy's round: at home, water the most valuable plants, then go to the central square (also
    with a full can when nothing is left to water: the draw may bring a Seed Packet for an empty
    pot, which otherwise stalls a greenhouse of eight flowers); there take water up to the limit
    and go home (or to a rival's greenhouse that is empty, close
    and worth a visit); from anywhere else, home with water, the central square without."""
    me, view = table.me, table.view
    points, here, home = view.points, me.square, table.home
    if here == home:
        waters = [c for c in table.legal if c.startswith("water:")]
        if waters:
            return max(waters, key=lambda c: growth_gain(me.pots[int(c.split(":")[1])], table.odds))
        growing = any(p.stage in ("seed", "sprout", "bud") for p in me.pots)
        if (me.water < me.water_limit or not growing) and points >= distance(home, CENTRE):
            return f"move:{CENTRE}"  # water to fetch, or nothing left to water: a card to draw
        return "end"
    if here == CENTRE:
        if me.water < me.water_limit and "water_take" in table.legal:
            return "water_take"
        visits = [
            (visit_value(table, r.seat), greenhouse(r.seat))
            for r in table.rivals
            if may_enter(table, greenhouse(r.seat))
            and "pollen_storm" not in view.turn_flags
            and r.seat not in view.visits
        ]
        worth, square = max(visits, default=(0.0, ""))
        if worth >= VISIT_MIN and points >= distance(CENTRE, square):
            return f"move:{square}"
        if points >= distance(CENTRE, home):
            return f"move:{home}"
        return "end"
    if me.water > 0 and points >= distance(here, home):
        return f"move:{home}"
    if me.water < me.water_limit and points >= distance(here, CENTRE):
        return f"move:{CENTRE}"
    return "end"


@dataclass(frozen=True, slots=True)
class Stop:
    square: str
    kind: str  # "centre", "home", "collect", "visit"
    value: float = 0.0


@dataclass
class Leg:
    """Where a simulated turn stands after some stops, and the plan's first action."""

    square: str
    points: int
    water: int
    drew: bool
    gain: float
    watered: dict[int, int]
    done: frozenset[str]
    first: str | None


class Planner:
    """Strong's turn plan, simulated on the view's numbers: up to three stops, water taken at the
    central square (as much as fits, or as much as still lets the next stop be reached), every
    pot watered it can at home, the points left walked towards the next turn's goal; the end of
    the turn is worth the water carried, the distance to that goal and guarding the greenhouse."""

    def __init__(self, table: Table, extra_points: int = 0) -> None:
        self.t = table
        view, me = table.view, table.me
        self.limit = me.water_limit
        self.cold = "cold_snap" in view.turn_flags
        self.points = view.points + extra_points
        self.pots: list[PotLike] = [(p.kind, p.stage) for p in me.pots]
        growing = [i for i, p in enumerate(me.pots) if p.stage in ("seed", "sprout", "bud")]
        self.lamp = "grow_lamp" in view.turn_flags
        gloves = "gloves" in table.golden
        if me.square == table.home:
            open_now = {int(code.split(":")[1]) for code in table.legal if code.startswith("water:")}
            self.allowed = {i: (1 if i in open_now else 0) for i in growing}
            # The Gloves act on the first plant watered in a turn: no pot watered yet tells.
            self.gloves = gloves and len(open_now) == len(growing)
        else:
            self.allowed = dict.fromkeys(growing, 1)
            self.gloves = gloves
        self.draw_value = draw_value(table)
        self.stops = self._stops()
        gains = sorted((growth_gain(p, table.odds) for p in self.pots), reverse=True)
        #: A typical watering's worth, for water carried into the next turn.
        self.next_gain = sum(gains[:3]) / 3
        takeable = sum(
            max(0.0, plant_worth(kind, stage, table.odds))
            for kind, stage in self.pots
            if stage in ("sprout", "bud")
        )
        self.guard = HOME_GUARD + 0.1 * takeable

    def _stops(self) -> list[Stop]:
        t = self.t
        found = [Stop(CENTRE, "centre"), Stop(t.home, "home")]
        for rival in t.rivals:
            value = collect_value(t, rival)
            if value > 0 and rival.square != CENTRE and not is_greenhouse(rival.square):
                found.append(Stop(rival.square, "collect", value))
            square = greenhouse(rival.seat)
            if "pollen_storm" not in t.view.turn_flags and may_enter(t, square):
                worth = visit_value(t, rival.seat)
                if worth > 0 and rival.seat not in t.view.visits:
                    found.append(Stop(square, "visit", worth))
        return found

    def best(self) -> tuple[float, str]:
        """The best plan's worth and its first action's code ("end" for none)."""
        me = self.t.me
        drew = "drew" in self.t.view.turn_flags
        start = Leg(me.square, self.points, me.water, drew, 0.0, {}, frozenset(), None)
        best: list[tuple[float, str]] = [(float("-inf"), "end")]
        self._arrive(start, 0, best)
        return best[0]

    def _arrive(self, leg: Leg, depth: int, best: list[tuple[float, str]]) -> None:
        """Act at the square the leg stands on (draw and take water at the central square, water
        at home), then stop there or go on."""
        if leg.square == CENTRE:
            if not leg.drew:
                leg.gain += self.draw_value
                leg.drew = True
            room = min(self.limit - leg.water, leg.points)
            takes = {room}
            for stop in self.stops:
                cost = distance(CENTRE, stop.square)
                if stop.square != CENTRE and leg.points >= cost:
                    takes.add(max(0, min(room, leg.points - cost)))
            for take in sorted(takes, reverse=True):
                first = leg.first if leg.first is not None else ("water_take" if take else None)
                after = Leg(
                    leg.square, leg.points - take, leg.water + take, leg.drew, leg.gain,
                    leg.watered, leg.done, first,
                )  # fmt: skip
                self._go_on(after, depth, best)
            return
        if leg.square == self.t.home and not self.cold:
            allowed = {i: n - leg.watered.get(i, 0) for i, n in self.allowed.items()}
            gloves = self.gloves and not leg.watered
            gain, order = watering_plan(self.pots, leg.water, allowed, self.t.odds, gloves, self.lamp)
            if order:
                watered = dict(leg.watered)
                for i in order:
                    watered[i] = watered.get(i, 0) + 1
                first = leg.first if leg.first is not None else f"water:{order[0]}"
                leg = Leg(leg.square, leg.points, leg.water - len(order), leg.drew, leg.gain + gain,
                          watered, leg.done, first)  # fmt: skip
        self._go_on(leg, depth, best)

    def _go_on(self, leg: Leg, depth: int, best: list[tuple[float, str]]) -> None:
        final, drift = self._drift(leg)
        value = leg.gain + leg.water * WATER_CARRY * self.next_gain + self._place_value(final, leg)
        if value > best[0][0]:
            best[0] = (value, leg.first if leg.first is not None else drift)
        if depth >= 3:
            return
        for stop in self.stops:
            cost = distance(leg.square, stop.square)
            once = stop.kind in ("collect", "visit")
            if cost == 0 or cost > leg.points or (once and stop.square in leg.done):
                continue
            first = leg.first if leg.first is not None else f"move:{stop.square}"
            done = leg.done | {stop.square} if once else leg.done
            nxt = Leg(stop.square, leg.points - cost, leg.water, leg.drew, leg.gain + stop.value,
                      leg.watered, done, first)  # fmt: skip
            self._arrive(nxt, depth + 1, best)

    def _place_value(self, square: str, leg: Leg) -> float:
        """Ending the turn on `square`: the steps to the next turn's goal (home with water, else
        the central square), guarding the greenhouse, or the risk of being caught in a rival's."""
        goal = self.t.home if leg.water > 0 else CENTRE
        value = -STEP_VALUE * distance(square, goal)
        if square == self.t.home:
            value += self.guard
        elif is_greenhouse(square):
            value -= CAUGHT_RISK
        return value

    def _drift(self, leg: Leg) -> tuple[str, str]:
        """Where the points left are best spent at the end of the turn, and the code that goes
        there ("end": staying)."""
        here = leg.square
        best_sq, best_value = here, self._place_value(here, leg)
        if leg.points > 0:
            for square in squares(len(self.t.view.seats)):
                cost = distance(here, square)
                if 0 < cost <= leg.points and (not is_greenhouse(square) or square == self.t.home):
                    value = self._place_value(square, leg)
                    if value > best_value + 1e-9:
                        best_sq, best_value = square, value
        return best_sq, ("end" if best_sq == here else f"move:{best_sq}")


def plan_value(table: Table, extra_points: int = 0) -> float:
    return Planner(table, extra_points).best()[0]
