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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.ai.garden_party_sampling import GOLDEN_BY_NAME, unseen_tokens
from engine.garden_party.actions import Action
from engine.garden_party.board import CENTRE, arm_of, distance, greenhouse, is_greenhouse, squares
from engine.garden_party.cards import (
    BEST_IN_SHOW_POINTS,
    CARD_KIND_OF,
    CARD_KINDS,
    COLLECTOR_POINTS,
    COLOURS,
    DECK_IDS,
    DUEL_CARDS,
    GARDENERS,
    PLANT_KINDS,
    POTS,
    TALENTS,
    VASES,
)
from engine.garden_party.views import GardenPartyView, PotView, SeatView
from engine.rng import Rng

#: What a flowering plant is worth beyond its colour's points: one more towards the ninth.
RACE = 2.0
#: The share of a flowering plant's worth a plant has by its stage (only flowers score at the end).
STAGE_SHARE = {"seed": 0.0, "sprout": 0.3, "bud": 0.6, "flower": 1.0}
#: A watering that makes a flower is worth a little more: flowers can never be taken.
SAFE_FLOWER = 0.5
WEED_PENALTY = 10.0
#: What watering a seed that may be a weed or mouldy is worth beyond its sprout: a weed shown can
#: be exchanged away, a rotted pot filled (per unit of chance: a weed counts 1.5, a mouldy seed 1).
REVEAL = 0.2
#: A movement point, and a water token carried into the next turn (per typical watering), in points.
STEP_VALUE = 0.45
WATER_CARRY = 0.8
#: Being in one's greenhouse at the end of a turn (nobody may enter it), plus a tenth of what a
#: visitor could take from it.
HOME_GUARD = 0.6
#: Staying in a rival's greenhouse: they catch the snooper when they come home (a card lost).
CAUGHT_RISK = 0.6
#: The chance to win a duel with Attila: about half (ruling 12), more with the Golden Shield.
DUEL_WIN = 0.5
DUEL_WIN_SHIELD = 0.72
DUEL_WIN_ALIBI = 0.9
#: A lost duel costs a card at random.
SENTENCE = 1.0
#: Greedy visits a rival's greenhouse only for at least this much (strong weighs every visit).
VISIT_MIN = 2.0

#: What each card is worth held (before its talent's worth as payment), in points.
CARD_WORTH: dict[str, float] = {
    "leaky_can": 0.5,
    "wheelbarrow": 1.0,
    "catapult": 0.9,
    "hoe": 1.5,
    "tripwire": 0.9,
    "padlock": 0.7,
    "alibi": 1.0,
    "fertiliser": 2.0,
    "rain_shower": 2.4,
    "grow_lamp": 0.7,
    "cold_snap": 1.2,
    "morning_dew": 1.1,
    "nettles": 0.4,
    "compost": 1.8,
    "seed_packet": 1.4,
    "botanists_eye": 0.6,
    "graft": 1.2,
    "seed_swap": 1.0,
    "pollen_storm": 0.6,
    "witness": 1.0,
    "best_in_show": 2.0,
}
CHANCE_WORTH = 3.0
#: Keeping a card is worth this share of its worth (against playing it now).
HOLD_SHARE = 0.6
#: What an orange card does when played as the players play it (a Cold Snap: per token it spoils).
ORANGE_WORTH = {"morning_dew": 1.2, "cold_snap": 0.8, "tripwire": 1.3, "padlock": 1.0, "pollen_storm": 1.0}
#: A card of a talent some rival's collector's flower costs (three of them pay for 5 points).
COLLECT_TALENT = 1.0
#: A card of any talent: two of one talent pay a cancellation.
PAYMENT_TALENT = 0.25

#: Gardeners in the order the players pick them: Herbanology (the growing deck) first.
GARDENER_ORDER = ("baron", "marquise", "countess", "philipus", "duchess", "professor")

KIND_BY_NAME = {k.name: k.id for k in CARD_KINDS.values() if k.timing is not None}
DUEL_RULE_BY_NAME = {d.name: d.rule for d in DUEL_CARDS.values()}
#: Orange cards act on the gardener to move; these hurt them.
AGAINST_MOVER = ("tripwire", "padlock", "cold_snap", "pollen_storm")

PotLike = tuple[str | None, str | None]


def kind_of_card(card: str) -> str:
    """A card id's kind ("her05" -> "fertiliser"); chance cards are "chance"."""
    kind = CARD_KIND_OF[card]
    return "chance" if kind.startswith("chance") else kind


def talent_of_card(card: str) -> str:
    return CARD_KINDS[CARD_KIND_OF[card]].talent


def points_of(kind: str | None) -> int:
    return PLANT_KINDS[kind].points if kind in COLOURS else 0


# --------------------------------------------------------------------------------------------
# What the seat sees, digested once per decision


@dataclass(frozen=True, slots=True)
class SeedOdds:
    """What an unseen seed may be, by the tokens nobody has seen (`unseen_tokens`)."""

    weed: float
    mouldy: float
    colour: float
    mean_points: float


def seed_odds(view: GardenPartyView) -> SeedOdds:
    pool = unseen_tokens(view)
    total = sum(pool.values())
    if total == 0:
        return SeedOdds(0.0, 0.0, 1.0, 2.0)
    colours = sum(pool[c] for c in COLOURS)
    mean = sum(pool[c] * points_of(c) for c in COLOURS) / colours if colours else 0.0
    return SeedOdds(pool["weed"] / total, pool["mouldy"] / total, colours / total, mean)


@dataclass(frozen=True, slots=True)
class Style:
    """What tells greedy and strong apart (docs/ai.md: what else was tried and measured)."""

    #: Plan the turn's stops (`Planner`); else go round (`round_step`).
    plan: bool
    #: What filling an empty pot is worth beyond its plant (a theft into it, a Seed Packet).
    fill: float


GREEDY = Style(plan=False, fill=1.0)
STRONG = Style(plan=True, fill=3.0)


@dataclass
class Table:
    """One decision, digested: the seat's own figures, its hand by kind, the legal codes."""

    seat: int
    view: GardenPartyView
    legal: dict[str, Action]
    odds: SeedOdds
    style: Style
    me: SeatView = field(init=False)
    hand: list[str] = field(init=False)
    hand_ids: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.me = self.view.seats[self.seat]
        self.hand_ids = [c.id for c in self.view.hand]
        self.hand = [kind_of_card(c) for c in self.hand_ids]

    @property
    def rivals(self) -> list[SeatView]:
        return [s for s in self.view.seats if s.seat != self.seat]

    @property
    def home(self) -> str:
        return greenhouse(self.seat)

    @cached_property
    def golden(self) -> frozenset[str]:
        """This seat's golden objects by id ("clover", "gloves"...)."""
        return frozenset(GOLDEN_BY_NAME[name] for name in self.me.golden_objects)

    def plays(self, kind: str) -> list[str]:
        """The legal `play:` codes of a card of `kind` (one per target)."""
        return [c for c in self.legal if c.startswith("play:") and kind_of_card(c.split(":")[1]) == kind]

    def talent_count(self, talent: str) -> int:
        return sum(1 for c in self.hand_ids if talent_of_card(c) == talent)

    @cached_property
    def collect_talents(self) -> frozenset[str]:
        """Talents that pay for a collector's flower this seat could still take."""
        if len(self.me.vases) >= VASES:
            return frozenset()
        return frozenset(
            GARDENERS[r.gardener].highest for r in self.rivals if r.gardener and r.own_flowers_left > 0
        )


def table_for(decision: Decision, style: Style) -> Table:
    view = decision.view
    assert isinstance(view, GardenPartyView)
    legal = {a.code: a for a in decision.legal}
    return Table(seat=int(decision.seat), view=view, legal=legal, odds=seed_odds(view), style=style)


# --------------------------------------------------------------------------------------------
# Values


def plant_worth(kind: str | None, stage: str | None, odds: SeedOdds) -> float:
    """A pot's worth now: its share of the flower it may become; a weed costs its 10 points."""
    if stage is None:
        return 0.0
    if kind == "weed":
        return -WEED_PENALTY
    if stage == "seed":
        return -WEED_PENALTY * odds.weed if kind is None else 0.0
    return (points_of(kind) + RACE) * STAGE_SHARE[stage]


def next_stage(stage: str) -> str:
    return {"seed": "sprout", "sprout": "bud", "bud": "flower"}.get(stage, stage)


def growth_gain(pot: PotView | PotLike, odds: SeedOdds, stages: int = 1) -> float:
    """What growing a pot by `stages` adds (a seed: what its sprout is worth, in expectation)."""
    kind, stage = (pot.kind, pot.stage) if isinstance(pot, PotView) else pot
    if stage not in ("seed", "sprout", "bud") or kind == "weed":
        return 0.0
    target = stage
    for _ in range(stages):
        target = next_stage(target)
    if stage == "seed":
        if kind == "mouldy":
            return 0.2
        if kind is None:
            colour = odds.colour * (odds.mean_points + RACE) * STAGE_SHARE[target]
            return colour + REVEAL * (1.5 * odds.weed + odds.mouldy)
    gain = (points_of(kind) + RACE) * (STAGE_SHARE[target] - STAGE_SHARE[stage])
    return gain + (SAFE_FLOWER if target == "flower" else 0.0)


def _typical_colour(points: float) -> str:
    return min(COLOURS, key=lambda c: abs(points_of(c) - points))


def watering_plan(
    pots: list[PotLike],
    water: int,
    allowed: dict[int, int],
    odds: SeedOdds,
    gloves: bool,
    lamp: bool = False,
) -> tuple[float, list[int]]:
    """The best `water` waterings of `pots` (pot -> waterings still allowed), greedily by gain:
    total gain and the pots in order. A seed's sprout is counted at the expected colour; the
    Golden Gloves grow the first plant watered one stage more, a Grow Lamp every plant."""
    state = [[kind, stage] for kind, stage in pots]
    left = dict(allowed)
    total = 0.0
    order: list[int] = []
    for step in range(water):
        stages = 1 + lamp + (gloves and step == 0)
        best, best_gain = -1, 0.0
        for i, (kind, stage) in enumerate(state):
            if left.get(i, 0) > 0:
                gain = growth_gain((kind, stage), odds, stages)
                if gain > best_gain:
                    best, best_gain = i, gain
        if best < 0:
            break
        total += best_gain
        order.append(best)
        left[best] -= 1
        grown = state[best]
        for _ in range(stages):
            grown[1] = next_stage(str(grown[1]))
        if grown[1] != "seed" and grown[0] is None:
            grown[0] = "green" if odds.mean_points < 1.5 else _typical_colour(odds.mean_points)
    return total, order


def card_worth(table: Table, kind: str, talent: str) -> float:
    """A card's worth in this seat's hand: its kind's worth here plus its talent's as payment."""
    worth = CHANCE_WORTH if kind == "chance" else CARD_WORTH[kind]
    me = table.me
    if kind in ("hoe", "seed_swap") and any(p.stage == "weed" for p in me.pots):
        worth = WEED_PENALTY * (0.9 if kind == "seed_swap" else 0.8)
    elif kind == "seed_packet" and any(p.stage is None for p in me.pots):
        worth = 2.5 + table.style.fill
    elif kind == "chance" and (len(me.golden_objects) >= 2 or table.view.golden_objects_left == 0):
        worth = 1.0
    return worth + (COLLECT_TALENT if talent in table.collect_talents else PAYMENT_TALENT)


def hold(table: Table, kind: str) -> float:
    """What keeping a card of `kind` for later is worth (its talent's payment worth included)."""
    talent = CARD_KINDS[kind].talent
    return HOLD_SHARE * CARD_WORTH[kind] + (
        COLLECT_TALENT if talent in table.collect_talents else PAYMENT_TALENT
    )


def payment_cost(table: Table, talent: str, count: int) -> float:
    """What paying the `count` oldest cards of `talent` gives up (the engine pays those)."""
    paid = [c for c in table.hand_ids if talent_of_card(c) == talent][:count]
    return sum(card_worth(table, kind_of_card(c), talent) for c in paid)


def cheapest_payment(table: Table, count: int) -> tuple[str, float] | None:
    """The talent whose `count` oldest cards cost least to pay, and that cost (None: none can)."""
    found = [(payment_cost(table, t, count), t) for t in TALENTS if table.talent_count(t) >= count]
    if not found:
        return None
    cost, talent = min(found)
    return talent, cost


def score_now(seat: SeatView) -> float:
    """A seat's count if the game ended now, as far as everyone sees (hidden weeds aside)."""
    flowers = [p.kind for p in seat.pots if p.stage == "flower" and p.kind is not None]
    total = float(sum(points_of(k) for k in flowers))
    counts = Counter(flowers)
    if counts:
        same = max(counts.values())
        total += 6 if same >= 7 else 4 if same >= 5 else 0
        total += 6 if len(counts) >= 7 else 4 if len(counts) >= 5 else 0
    total += COLLECTOR_POINTS * len(seat.vases)
    total -= WEED_PENALTY * sum(1 for p in seat.pots if p.stage == "weed")
    return total


def standing(seat: SeatView, odds: SeedOdds) -> float:
    """How well a seat stands: its count now plus its plants' worth on their way and the race."""
    total = score_now(seat)
    for pot in seat.pots:
        if pot.stage in ("sprout", "bud"):
            total += plant_worth(pot.kind, pot.stage, odds)
        elif pot.stage == "flower":
            total += RACE
        elif pot.stage == "seed" and pot.kind is None:
            total -= WEED_PENALTY * odds.weed
    return total


def leader(table: Table) -> SeatView:
    """The rival who stands best (ties: the nearest to the flowers that end the game)."""
    return max(table.rivals, key=lambda r: (standing(r, table.odds), r.flowering, -r.seat))


def is_threat(table: Table, seat: int) -> bool:
    """A rival worth slowing down: the leader, or anyone standing at least level with this seat."""
    rival = table.view.seats[seat]
    mine = standing(table.me, table.odds)
    return seat == leader(table).seat or standing(rival, table.odds) >= mine


# --------------------------------------------------------------------------------------------
# Visits and collector's flowers


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


# --------------------------------------------------------------------------------------------
# Greedy's round


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


# --------------------------------------------------------------------------------------------
# Strong's look-ahead over the turn


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


def draw_value(table: Table) -> float:
    """The worth of drawing at the central square now: the best deck's expected best card."""
    if "drew" in table.view.turn_flags:
        return 0.0
    return max(deck_value(table, t) for t in TALENTS)


def deck_value(table: Table, talent: str) -> float:
    """The expected worth of the card kept from a draw of this deck (as many cards as the
    gardener's talent, one more with the Golden Bell), by the deck's make-up less this hand."""
    gardener = GARDENERS[table.me.gardener] if table.me.gardener else None
    count = (gardener.talents[talent] if gardener else 1) + (1 if "bell" in table.golden else 0)
    held = set(table.hand_ids)
    chance_ok = len(table.me.golden_objects) < 2 and table.view.golden_objects_left > 0
    worths = [
        card_worth(table, kind_of_card(card), talent)
        for card in DECK_IDS[talent]
        if card not in held and (chance_ok or kind_of_card(card) != "chance")
    ]
    return _expected_best(worths, count)


def _expected_best(worths: list[float], count: int) -> float:
    """E[max of `count` cards drawn from `worths`] (drawn with replacement: close enough)."""
    if not worths:
        return 0.0
    ordered = sorted(worths)
    n = len(ordered)
    return sum(w * (((i + 1) / n) ** count - (i / n) ** count) for i, w in enumerate(ordered))


# --------------------------------------------------------------------------------------------
# A turn


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


# --------------------------------------------------------------------------------------------
# Reply windows, duels, the end, and the small choices


def choose_gardener(table: Table) -> str:
    offered = {code.split(":")[1]: code for code in table.legal}
    return next(offered[g] for g in GARDENER_ORDER if g in offered)


def choose_keep(table: Table) -> str:
    def worth(code: str) -> float:
        card = code.split(":")[1]
        return card_worth(table, kind_of_card(card), talent_of_card(card))

    return max(sorted(table.legal), key=worth)


def orange_choice(table: Table) -> str | None:
    """The orange card to play after the mover's roll, if any (the window asks before the cards
    are offered, so it reads the hand): Morning Dew when the can has room; a Cold Snap on a
    threat who could water this turn; a Tripwire on a threat; a Padlock or a Pollen Storm on a
    mover who could reach this seat's unguarded greenhouse with something to take."""
    view, me = table.view, table.me
    mover = view.seats[view.turn_seat]
    if view.phase == "bid":
        offered = {kind_of_card(c.split(":")[1]): c for c in table.legal if c.startswith("play:")}
    else:
        offered = {kind: f"play:{card}" for kind, card in zip(table.hand, table.hand_ids, strict=True)}
    threat = is_threat(table, mover.seat)
    found: list[tuple[float, str]] = []
    if "morning_dew" in offered and me.water < me.water_limit:
        found.append((ORANGE_WORTH["morning_dew"], offered["morning_dew"]))
    can_water = mover.water > 0 and distance(mover.square, greenhouse(mover.seat)) <= view.points
    growing = sum(1 for p in mover.pots if p.stage in ("seed", "sprout", "bud"))
    if "cold_snap" in offered and threat and can_water and growing:
        found.append((ORANGE_WORTH["cold_snap"] * min(mover.water, growing), offered["cold_snap"]))
    if "tripwire" in offered and threat:
        found.append((ORANGE_WORTH["tripwire"], offered["tripwire"]))
    exposed = me.square != table.home and distance(mover.square, table.home) <= view.points
    if exposed and any(p.stage in ("sprout", "bud") for p in me.pots):
        found += [(ORANGE_WORTH[k], offered[k]) for k in ("padlock", "pollen_storm") if k in offered]
    if not found:
        return None
    worth, code = max(found)
    return code if worth >= HOLD_SHARE * CARD_WORTH[kind_of_card(code.split(":")[1])] else None


def aimed_at(table: Table, seat: int) -> bool:
    """Whether the pending card's target (as the view words it) is `seat`'s gardener."""
    gardener = table.view.seats[seat].gardener
    return gardener is not None and table.view.pending_target == GARDENERS[gardener].short


def aimed_at_my_pot(table: Table) -> bool:
    """Whether the pending card's target (as the view words it) is one of this seat's pots ("the
    Baron's pot 4": the Hoe)."""
    gardener = table.view.seats[table.seat].gardener
    return gardener is not None and table.view.pending_target.startswith(GARDENERS[gardener].short + "'s pot")


def harm_of_pending(table: Table) -> float:
    """What the card being played does to this seat if it acts (positive: it hurts; this seat's
    own card: minus its benefit)."""
    view, me = table.view, table.me
    kind = KIND_BY_NAME.get(view.pending_card or "")
    player = view.pending_player
    if kind is None or player is None:
        return 0.0
    if player == table.seat:
        if view.phase == "end":
            return -5.0
        return -{"hoe": WEED_PENALTY, "seed_packet": 3.0, "fertiliser": 2.0, "rain_shower": 2.5}.get(
            kind, 0.5
        )
    if view.phase == "end":
        return end_card_harm(table, player, kind)
    mover_is_me = view.turn_seat == table.seat
    if kind in AGAINST_MOVER and mover_is_me:
        if kind == "cold_snap":
            can_water = me.water > 0 and distance(me.square, table.home) <= view.points
            return 1.5 * min(me.water, 3) if can_water else 0.3
        return 3 * STEP_VALUE if kind == "tripwire" else 0.5
    if kind == "witness" and mover_is_me and view.duel_owner is not None:
        return 2.5
    if kind == "alibi" and view.duel_owner == table.seat:
        return 2.5
    if kind == "nettles" and mover_is_me:
        return 0.8
    if kind == "hoe" and aimed_at_my_pot(table):
        return WEED_PENALTY * 0.7
    if kind in ("catapult", "leaky_can", "seed_swap") and aimed_at(table, table.seat):
        return {"catapult": 1.2, "leaky_can": 0.8}.get(kind, WEED_PENALTY * 0.7)
    return 0.0


def end_card_harm(table: Table, player: int, kind: str) -> float:
    """A rival's pink card at the end: it hurts when it lets them pass this seat or pull away."""
    rival = table.view.seats[player]
    if kind == "compost":
        gain = max((points_of(p.kind) for p in rival.pots if p.stage == "bud"), default=0)
    else:
        gain = BEST_IN_SHOW_POINTS
    gap = score_now(rival) - score_now(table.me)
    best_rival = max(score_now(r) for r in table.rivals)
    if gap + gain >= 0 and gap <= gain + 6 and score_now(rival) >= best_rival - gain:
        return gain + 1.0
    return 0.0


def choose_cancel(table: Table) -> str:
    """Cancel (or re-cancel) when the pending card's effect on this seat is worth more than the
    two cheapest cards of one talent (at the end of the game cards are worth nothing more)."""
    harm = harm_of_pending(table)
    stake = harm if table.view.pending_cancels % 2 == 0 else -harm
    payment = cheapest_payment(table, 2)
    if payment is None or stake <= 0:
        return "no"
    cost = 0.0 if table.view.phase == "end" else payment[1]
    return "yes" if stake > cost else "no"


def choose_pay(table: Table) -> str:
    payment = cheapest_payment(table, 2)
    if payment is None or f"pay:{payment[0]}" not in table.legal:
        return "withdraw"
    return f"pay:{payment[0]}"


def choose_duel(table: Table) -> str:
    """In a duel: the snooper plays an Alibi unless Attila saw nothing anyway; the owner answers
    an Alibi with a Witness (they cancel out), plays one unless the snooper loses anyway, else
    Nettles when the dice decide."""
    view = table.view
    offered = {kind_of_card(c.split(":")[1]): c for c in table.legal if c.startswith("play:")}
    rule = DUEL_RULE_BY_NAME.get(view.duel_card or "")
    if view.turn_seat == table.seat:
        return offered["alibi"] if "alibi" in offered and rule != "win" else "face"
    if "witness" in offered and (view.duel_alibi or rule != "lose"):
        return offered["witness"]
    if "nettles" in offered and rule in ("contest", "at_most") and not view.duel_alibi:
        return offered["nettles"]
    return "face"


def choose_end_card(table: Table) -> str:
    """At the end every card is worth nothing more: play Best in Show with a flower, Compost with
    a bud (the engine offers them only when they count)."""
    offered = {kind_of_card(c.split(":")[1]): c for c in table.legal if c.startswith("play:")}
    for kind in ("best_in_show", "compost"):
        if kind in offered:
            return offered[kind]
    return "finish"


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
