"""Computer players for Garden Party: greedy (the table's Medium) and strong (Hard).

Both read only their seat's `GardenPartyView` and legal actions (`engine.ai.base.Decision`) and
parse action codes, never labels. Values are in points of the final count: a flowering plant is
worth its colour's points plus `RACE` (a flower brings the ninth, and the end, nearer), and a
plant on its way a share of that by its stage (`STAGE_SHARE`). docs/ai.md describes the players.

- **greedy** plays each decision by a rule for its kind. In its turn it plans the turn as a few
  stops (the central square, home, a rival's square for a collector's flower, a rival's
  greenhouse for an exchange or a theft), simulated on the view's numbers (`plan_turn`), and takes
  the plan's first step; blue cards are played when they are worth more now than held.
- **strong** plays greedy's rules with sharper aims (see `StrongPlayer`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.garden_party.actions import Action
from engine.garden_party.board import CENTRE, arm_of, distance, greenhouse, is_greenhouse, squares
from engine.garden_party.cards import (
    CARD_KIND_OF,
    CARD_KINDS,
    COLLECTOR_POINTS,
    COLOURS,
    DECK_IDS,
    GARDENERS,
    GOLDEN_OBJECTS,
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
#: A movement point, and a water token carried into the next turn, in points.
STEP_VALUE = 0.45
WATER_CARRY = 0.8
#: What being in one's greenhouse at the end of a turn is worth (nobody may enter it).
HOME_GUARD = 0.6
#: Staying in a rival's greenhouse: they catch the snooper when they come home (a card lost).
CAUGHT_RISK = 0.6
#: The chance to win a duel with Attila: about half (ruling 12), more with the Golden Shield.
DUEL_WIN = 0.5
DUEL_WIN_SHIELD = 0.72
DUEL_WIN_ALIBI = 0.9
#: A lost duel costs a card at random.
SENTENCE = 1.0

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
    "botanists_eye": 0.4,
    "graft": 1.2,
    "seed_swap": 0.3,
    "pollen_storm": 0.6,
    "witness": 1.0,
    "best_in_show": 2.0,
}
CHANCE_WORTH = 3.0
#: What an orange card does when played as greedy plays it (a Cold Snap: per token it spoils).
ORANGE_WORTH = {"morning_dew": 1.2, "cold_snap": 0.8, "tripwire": 1.3, "padlock": 1.0, "pollen_storm": 1.0}
#: A card of a talent some rival's collector's flower costs (three of them pay for 5 points).
COLLECT_TALENT = 1.0
#: A card of any talent: two of one talent pay a cancellation.
PAYMENT_TALENT = 0.25

#: Gardeners in the order greedy picks them: Herbanology (the growing deck) first.
GARDENER_ORDER = ("baron", "marquise", "countess", "philipus", "duchess", "professor")

KIND_BY_NAME = {k.name: k.id for k in CARD_KINDS.values() if k.timing is not None}
GOLDEN_BY_NAME = {g.name: g.id for g in GOLDEN_OBJECTS.values()}
GARDENER_BY_FLOWER = {g.flower: g.id for g in GARDENERS.values()}
#: Orange cards act on the gardener to move; these hurt them.
AGAINST_MOVER = ("tripwire", "padlock", "cold_snap", "pollen_storm")


def kind_of_card(card: str) -> str:
    """A card id's kind ("her05" -> "fertiliser"); chance cards are "chance"."""
    kind = CARD_KIND_OF[card]
    return "chance" if kind.startswith("chance") else kind


def points_of(kind: str | None) -> int:
    return PLANT_KINDS[kind].points if kind in PLANT_KINDS and kind in COLOURS else 0


# --------------------------------------------------------------------------------------------
# What the seat sees, digested once per decision


@dataclass(frozen=True, slots=True)
class SeedOdds:
    """What an unseen seed may be, by the tokens nobody has seen (an estimate from the view)."""

    weed: float
    mouldy: float
    colour: float
    mean_points: float


def unseen_tokens(view: GardenPartyView) -> Counter[str]:
    """The kinds of the seeds the viewer has not seen, as well as the view tells: the tokens of
    the player count, less every kind showing (or known), less the tokens gone out of play (an
    emptied pot: a rotted mouldy seed first, then a pulled weed; the view does not say which)."""
    seats = len(view.seats)
    pool = Counter({k: p.count_for(seats) for k, p in PLANT_KINDS.items()})
    filled = 0
    unseen = 0
    for seat in view.seats:
        for pot in seat.pots:
            if pot.stage is None:
                continue
            filled += 1
            if pot.kind is None:
                unseen += 1
            else:
                pool[pot.kind] -= 1
    packets = max(0, -pool["green"])
    gone = max(0, seats * POTS + packets - filled)
    for kind in ("mouldy", "weed"):
        out = min(gone, max(0, pool[kind]))
        pool[kind] -= out
        gone -= out
    pool = Counter({k: n for k, n in pool.items() if n > 0})
    extra = sum(pool.values()) - unseen
    for kind in ("mouldy", "weed", *COLOURS):
        if extra <= 0:
            break
        out = min(extra, pool[kind])
        pool[kind] -= out
        extra -= out
    if extra < 0:
        pool["green"] += -extra
    return +pool


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
    """The knobs that tell greedy and strong apart (docs/ai.md)."""

    #: Weigh what each rival could take from an unguarded greenhouse (else a flat guard value).
    threats: bool = False


GREEDY = Style()


@dataclass
class Table:
    """One decision, digested: the seat's own figures, its hand by kind, the legal codes."""

    seat: int
    view: GardenPartyView
    legal: dict[str, Action]
    odds: SeedOdds
    style: Style = GREEDY
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

    def golden(self, seat: SeatView | None = None) -> set[str]:
        return {GOLDEN_BY_NAME[name] for name in (seat or self.me).golden_objects}

    def plays(self, kind: str) -> list[str]:
        """The legal `play:` codes of a card of `kind` (one per target)."""
        return [
            code
            for code in self.legal
            if code.startswith("play:") and kind_of_card(code.split(":")[1]) == kind
        ]

    def talent_count(self, talent: str) -> int:
        return sum(1 for c in self.hand_ids if CARD_KINDS[CARD_KIND_OF[c]].talent == talent)

    def collect_talents(self) -> set[str]:
        """Talents that pay for a collector's flower this seat could still take."""
        if len(self.me.vases) >= VASES:
            return set()
        mine = {GARDENER_BY_FLOWER[f] for f in self.me.vases}
        return {
            GARDENERS[r.gardener].highest
            for r in self.rivals
            if r.gardener and r.gardener not in mine and r.own_flowers_left > 0
        }


def table_for(decision: Decision, style: Style = GREEDY) -> Table:
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
        if kind is None:
            return -WEED_PENALTY * odds.weed
        return 0.0
    return (points_of(kind) + RACE) * STAGE_SHARE[stage]


def growth_gain(pot: PotView | tuple[str | None, str | None], odds: SeedOdds, stages: int = 1) -> float:
    """What growing a pot by `stages` adds (a seed: what its sprout is worth, in expectation)."""
    kind, stage = (pot.kind, pot.stage) if isinstance(pot, PotView) else pot
    if stage not in ("seed", "sprout", "bud") or kind == "weed":
        return 0.0
    order = ("seed", "sprout", "bud", "flower")
    target = order[min(3, order.index(stage) + stages)]
    if stage == "seed":
        if kind == "mouldy":
            return 0.2
        if kind is None:
            colour = odds.colour * (odds.mean_points + RACE) * STAGE_SHARE[target]
            return colour + 0.3 * odds.weed + 0.2 * odds.mouldy
    gain = (points_of(kind) + RACE) * (STAGE_SHARE[target] - STAGE_SHARE[stage])
    return gain + (SAFE_FLOWER if target == "flower" else 0.0)


def next_stage(stage: str) -> str:
    return {"seed": "sprout", "sprout": "bud", "bud": "flower"}.get(stage, stage)


def watering_plan(
    pots: list[tuple[str | None, str | None]],
    water: int,
    allowed: dict[int, int],
    odds: SeedOdds,
    gloves: bool,
) -> tuple[float, list[int]]:
    """The best `water` waterings of `pots` (pot -> waterings still allowed), greedily by gain:
    total gain and the pots in order. A seed's sprout is counted at the expected colour."""
    state = [[kind, stage] for kind, stage in pots]
    left = dict(allowed)
    total = 0.0
    order: list[int] = []
    for step in range(water):
        best, best_gain = -1, 0.0
        for i, (kind, stage) in enumerate(state):
            if left.get(i, 0) <= 0:
                continue
            gain = growth_gain((kind, stage), odds, 2 if gloves and step == 0 else 1)
            if gain > best_gain:
                best, best_gain = i, gain
        if best < 0:
            break
        total += best_gain
        order.append(best)
        left[best] -= 1
        grown = state[best]
        grown[1] = next_stage(str(grown[1]))
        if gloves and step == 0:
            grown[1] = next_stage(str(grown[1]))
        if grown[1] == "sprout" and grown[0] is None:
            grown[0] = "green" if odds.mean_points < 1.5 else _typical_colour(odds.mean_points)
    return total, order


def _typical_colour(points: float) -> str:
    return min(COLOURS, key=lambda c: abs(points_of(c) - points))


def card_worth(table: Table, kind: str, talent: str) -> float:
    """A card's worth in this seat's hand: its kind's worth here plus its talent's as payment."""
    worth = CHANCE_WORTH if kind == "chance" else CARD_WORTH[kind]
    me = table.me
    if kind == "hoe" and any(p.stage == "weed" for p in me.pots):
        worth = WEED_PENALTY * 0.8
    elif kind == "seed_packet" and any(p.stage is None for p in me.pots):
        worth = 3.5
    elif kind == "best_in_show":
        worth += 0.3 * max((points_of(p.kind) for p in me.pots if p.stage in ("flower", "bud")), default=0)
    elif kind == "chance" and (len(me.golden_objects) >= 2 or table.view.golden_objects_left == 0):
        worth = 1.0
    bonus = COLLECT_TALENT if talent in table.collect_talents() else PAYMENT_TALENT
    return worth + bonus


def hand_card_worth(table: Table, index: int) -> float:
    card = table.hand_ids[index]
    return card_worth(table, table.hand[index], CARD_KINDS[CARD_KIND_OF[card]].talent)


def payment_cost(table: Table, talent: str, count: int) -> float:
    """What paying the `count` oldest cards of `talent` gives up (the engine pays those)."""
    chosen = [i for i, c in enumerate(table.hand_ids) if CARD_KINDS[CARD_KIND_OF[c]].talent == talent]
    return sum(hand_card_worth(table, i) for i in chosen[:count])


def cheapest_payment(table: Table, count: int) -> tuple[str, float] | None:
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


def strength(seat: SeatView, odds: SeedOdds) -> float:
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
    return max(table.rivals, key=lambda r: (strength(r, table.odds), r.flowering, -r.seat))


def is_threat(table: Table, seat: int) -> bool:
    """A rival worth slowing down: the leader, or anyone at least level with this seat."""
    rival = table.view.seats[seat]
    return seat == leader(table).seat or strength(rival, table.odds) >= strength(table.me, table.odds)


# --------------------------------------------------------------------------------------------
# Visits and collector's flowers


def may_enter(table: Table, square: str) -> bool:
    """Rules III B as the view shows them: no greenhouse with its owner in it, none the seat was
    caught in last turn, none under a Padlock."""
    if not is_greenhouse(square):
        return True
    owner = arm_of(square)
    if owner == table.seat or owner is None:
        return True
    return not (
        table.view.seats[owner].square == square
        or table.me.banned_from == owner
        or "padlock" in table.view.turn_flags
    )


def take_gain(table: Table, owner: int) -> tuple[float, list[tuple[str, int, int]]]:
    """The best the seat can take from `owner`'s greenhouse in one visit (capacity two: two
    seeds or sprouts, or one bud): its worth to the seat, and the moves (kind, my pot, their pot).
    Exchanges: a weed for a sprout (the weed's 10 points go with it), or a plant of the same
    stage worth more. Thefts into empty pots: sprouts and buds (seeds may be weeds)."""
    odds = table.odds
    mine = table.me.pots
    theirs = table.view.seats[owner].pots
    empties = [i for i, p in enumerate(mine) if p.stage is None]
    weeds = [i for i, p in enumerate(mine) if p.stage == "weed"]
    options: list[tuple[float, int, str, int, int]] = []
    for j, pot in enumerate(theirs):
        if pot.stage not in ("sprout", "bud", "seed", "weed"):
            continue
        weight = 2 if pot.stage == "bud" else 1
        their_worth = plant_worth(pot.kind, pot.stage, odds)
        if pot.stage == "sprout":
            for i in weeds:
                options.append((WEED_PENALTY + their_worth, weight, "swap", i, j))
        for i, my_pot in enumerate(mine):
            if my_pot.stage == pot.stage and pot.stage in ("sprout", "bud"):
                gain = their_worth - plant_worth(my_pot.kind, my_pot.stage, odds)
                if gain > 0.4:
                    options.append((gain, weight, "swap", i, j))
            if my_pot.stage == "seed" and pot.stage == "seed" and my_pot.kind in ("weed", "mouldy"):
                bad = WEED_PENALTY if my_pot.kind == "weed" else 1.0
                options.append((bad * (1 - odds.weed), weight, "swap", i, j))
        if empties and pot.stage in ("sprout", "bud"):
            options.append((their_worth + 1.0, weight, "steal", empties[0], j))
    options.sort(key=lambda o: -o[0])
    best_total, best_moves = 0.0, []
    for first in range(len(options)):
        total, weight = options[first][0], options[first][1]
        moves = [options[first]]
        used_mine, used_theirs = {options[first][3]}, {options[first][4]}
        empties_left = len(empties) - (1 if options[first][2] == "steal" else 0)
        for other in options[first + 1 :]:
            if weight + other[1] > 2 or other[3] in used_mine or other[4] in used_theirs:
                continue
            if other[2] == "steal" and empties_left <= 0:
                continue
            total += other[0]
            weight += other[1]
            moves.append(other)
            used_mine.add(other[3])
            used_theirs.add(other[4])
        if total > best_total:
            best_total, best_moves = total, [(m[2], m[3], m[4]) for m in moves]
    return best_total, best_moves


def duel_odds(table: Table) -> float:
    if "alibi" in table.hand:
        return DUEL_WIN_ALIBI
    return DUEL_WIN_SHIELD if "shield" in table.golden() else DUEL_WIN


def visit_value(table: Table, owner: int) -> float:
    """A visit's worth: what it takes, if the duel is won; a card lost if not; the owner's loss
    counts a little when they lead."""
    gain, _ = take_gain(table, owner)
    if gain <= 0:
        return 0.0
    p = duel_odds(table)
    spite = 0.3 if owner == leader(table).seat else 0.0
    return p * gain * (1 + spite) - (1 - p) * SENTENCE - 0.3


def collect_value(table: Table, rival: SeatView) -> float:
    """A collector's flower: 5 points for three cards of the rival's highest talent (0: cannot)."""
    if (
        "collected" in table.view.turn_flags
        or len(table.me.vases) >= VASES
        or not rival.gardener
        or rival.own_flowers_left <= 0
        or GARDENERS[rival.gardener].flower in table.me.vases
    ):
        return 0.0
    talent = GARDENERS[rival.gardener].highest
    if table.talent_count(talent) < 3:
        return 0.0
    return COLLECTOR_POINTS - 0.5 * payment_cost(table, talent, 3)


def reach_odds(points_needed: int, clover: bool) -> float:
    """The chance a roll (4-9, one more with the Four-Leaf Clover) gives `points_needed`."""
    faces = [r + (1 if clover else 0) for r in range(4, 10)]
    return sum(1 for f in faces if f >= points_needed) / len(faces)


def exposure(table: Table) -> float:
    """What leaving the greenhouse unguarded until the next turn is expected to cost: each rival
    who can reach it may dump a weed on a sprout, steal into an empty pot or exchange a poorer
    bud, and keeps it if the duel is won."""
    me = table.me
    odds = table.odds
    mine = me.pots
    sprouts = sorted((plant_worth(p.kind, p.stage, odds) for p in mine if p.stage == "sprout"), reverse=True)
    buds = sorted((plant_worth(p.kind, p.stage, odds) for p in mine if p.stage == "bud"), reverse=True)
    total = 0.0
    spared = 1.0
    view = table.view
    for offset in range(1, len(view.seats)):
        rival = view.seats[(table.seat + offset) % len(view.seats)]
        if rival.banned_from == table.seat and offset == 1:
            continue
        loss = 0.0
        if sprouts and any(p.stage == "weed" for p in rival.pots):
            loss = max(loss, WEED_PENALTY + sprouts[0])
        if any(p.stage is None for p in rival.pots) and (sprouts or buds):
            loss = max(loss, max(sprouts[:1] + buds[:1]) + (sprouts[1] if len(sprouts) > 1 else 0.0))
        their_buds = [plant_worth(p.kind, p.stage, odds) for p in rival.pots if p.stage == "bud"]
        if buds and their_buds:
            loss = max(loss, buds[0] - min(their_buds))
        if loss <= 0:
            continue
        clover = "Four-Leaf Clover" in rival.golden_objects
        reach = reach_odds(distance(rival.square, table.home), clover)
        p = spared * reach * 0.7
        total += p * loss * DUEL_WIN
        spared *= 1 - reach * 0.7
    return total


# --------------------------------------------------------------------------------------------
# Planning a turn


@dataclass(frozen=True, slots=True)
class Stop:
    square: str
    kind: str  # "centre", "home", "collect", "visit"
    value: float = 0.0


@dataclass
class Leg:
    """Where a simulated turn stands after some stops."""

    square: str
    points: int
    water: int
    drew: bool
    gain: float
    watered: dict[int, int]
    done: frozenset[str]
    first: str | None


class Planner:
    """Greedy's turn plan, simulated on the view's numbers: up to three stops, water taken at the
    central square (as much as fits, or as much as still lets the next stop be reached), every
    pot watered it can at home, and the points left walked towards the next turn's goal."""

    def __init__(self, table: Table, extra_points: int = 0) -> None:
        self.t = table
        view = table.view
        me = table.me
        self.limit = me.water_limit
        self.lamp = "grow_lamp" in view.turn_flags
        self.cold = "cold_snap" in view.turn_flags
        self.points = view.points + extra_points
        self.pots = [(p.kind, p.stage) for p in me.pots]
        gloves = "gloves" in table.golden()
        growing = [i for i, p in enumerate(me.pots) if p.stage in ("seed", "sprout", "bud")]
        per_pot = 2 if self.lamp else 1
        if me.square == table.home:
            open_now = {int(code.split(":")[1]) for code in table.legal if code.startswith("water:")}
            self.allowed = {i: (per_pot if i in open_now else 0) for i in growing}
            # The Golden Gloves work on the first plant watered in a turn: unwatered pots tell.
            self.gloves = gloves and len(open_now) == len(growing)
        else:
            self.allowed = {i: per_pot for i in growing}
            self.gloves = gloves
        self.draw_value = draw_value(table)
        self.stops = self._stops()
        #: A typical watering's worth, for water carried into the next turn.
        gains = sorted((growth_gain(p, table.odds) for p in me.pots), reverse=True)
        self.next_gain = sum(gains[:3]) / 3 if gains else 0.0
        #: Guarding the greenhouse is worth more the more a visitor could take from it.
        takeable = sum(
            max(0.0, plant_worth(p.kind, p.stage, table.odds))
            for p in me.pots
            if p.stage in ("sprout", "bud")
        )
        self.guard = HOME_GUARD + 0.1 * takeable
        if table.style.threats:
            self.guard = HOME_GUARD / 2 + exposure(table)

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
        start = Leg(
            me.square, self.points, me.water, "drew" in self.t.view.turn_flags, 0.0, {}, frozenset(), None
        )
        best: list[tuple[float, str]] = [(float("-inf"), "end")]
        self._arrive(start, depth=0, best=best, here=True)
        return best[0]

    def _arrive(self, leg: Leg, depth: int, best: list[tuple[float, str]], here: bool = False) -> None:
        """Act at the square the leg stands on, then stop there or go on."""
        t = self.t
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
        if leg.square == t.home and not self.cold:
            allowed = {i: n - leg.watered.get(i, 0) for i, n in self.allowed.items()}
            gloves = self.gloves and not leg.watered
            gain, order = watering_plan(self.pots, leg.water, allowed, t.odds, gloves)
            if order:
                watered = dict(leg.watered)
                for i in order:
                    watered[i] = watered.get(i, 0) + 1
                first = leg.first if leg.first is not None else f"water:{order[0]}"
                leg = Leg(leg.square, leg.points, leg.water - len(order), leg.drew, leg.gain + gain,
                          watered, leg.done, first)  # fmt: skip
        self._go_on(leg, depth, best)

    def _go_on(self, leg: Leg, depth: int, best: list[tuple[float, str]]) -> None:
        value = leg.gain + self._rest(leg)
        code = leg.first if leg.first is not None else self._drift(leg)[1]
        if value > best[0][0]:
            best[0] = (value, code)
        if depth >= 3:
            return
        for stop in self.stops:
            cost = distance(leg.square, stop.square)
            if (
                cost == 0
                or cost > leg.points
                or (stop.kind in ("collect", "visit") and stop.square in leg.done)
            ):
                continue
            first = leg.first if leg.first is not None else f"move:{stop.square}"
            gain = leg.gain + stop.value
            done = leg.done | {stop.square} if stop.kind in ("collect", "visit") else leg.done
            nxt = Leg(stop.square, leg.points - cost, leg.water, leg.drew, gain, leg.watered, done, first)
            self._arrive(nxt, depth + 1, best)

    def _goal(self, leg: Leg) -> str:
        """Where the next turn should start: home with water, else the central square."""
        return self.t.home if leg.water > 0 else CENTRE

    def _place_value(self, square: str, goal: str) -> float:
        value = -STEP_VALUE * distance(square, goal)
        if square == self.t.home:
            value += self.guard
        elif is_greenhouse(square):
            value -= CAUGHT_RISK
        return value

    def _drift(self, leg: Leg) -> tuple[str, str]:
        """Where the points left are best spent at the end of the turn (towards the next turn's
        goal, or staying at home to guard it), and the code that goes there ("end": stay)."""
        goal = self._goal(leg)
        here = leg.square
        best_sq, best_value = here, self._place_value(here, goal)
        if leg.points <= 0:
            return here, "end"
        for square in squares(len(self.t.view.seats)):
            cost = distance(here, square)
            if 0 < cost <= leg.points and (not is_greenhouse(square) or square == self.t.home):
                value = self._place_value(square, goal)
                if value > best_value + 1e-9:
                    best_sq, best_value = square, value
        return best_sq, ("end" if best_sq == here else f"move:{best_sq}")

    def _rest(self, leg: Leg) -> float:
        """What the end of the simulated turn is worth beyond its gains: water carried, and where
        the gardener ends up (see `_drift`)."""
        final, _ = self._drift(leg)
        return leg.water * WATER_CARRY * self.next_gain + self._place_value(final, self._goal(leg))


def draw_value(table: Table) -> float:
    """The worth of drawing at the central square now: the best deck's expected best card."""
    if "drew" in table.view.turn_flags:
        return 0.0
    return max(deck_value(table, t) for t in TALENTS)


def deck_value(table: Table, talent: str) -> float:
    """The expected worth of the card kept from a draw of this deck (as many cards as the
    gardener's talent, one more with the Golden Bell), by the deck's make-up less this hand."""
    gardener = GARDENERS[table.me.gardener] if table.me.gardener else None
    count = (gardener.talents[talent] if gardener else 1) + (1 if "bell" in table.golden() else 0)
    return _expected_best(_deck_worths(table, talent), count)


def _deck_worths(table: Table, talent: str) -> list[float]:
    held = Counter(table.hand_ids)
    worths = []
    chance_ok = len(table.me.golden_objects) < 2 and table.view.golden_objects_left > 0
    for card in DECK_IDS[talent]:
        if held[card]:
            continue
        kind = kind_of_card(card)
        if kind == "chance" and not chance_ok:
            continue
        worths.append(card_worth(table, kind, talent))
    return worths


def _expected_best(worths: list[float], count: int) -> float:
    """E[max of `count` cards drawn from `worths`] (drawn with replacement: close enough)."""
    if not worths:
        return 0.0
    ordered = sorted(worths)
    n = len(ordered)
    total = 0.0
    for i, worth in enumerate(ordered):
        total += worth * (((i + 1) / n) ** count - (i / n) ** count)
    return total


# --------------------------------------------------------------------------------------------
# Decisions


def choose_gardener(table: Table) -> str:
    offered = {code.split(":")[1]: code for code in table.legal}
    return next(offered[g] for g in GARDENER_ORDER if g in offered)


def choose_keep(table: Table) -> str:
    def worth(code: str) -> float:
        card = code.split(":")[1]
        return card_worth(table, kind_of_card(card), CARD_KINDS[CARD_KIND_OF[card]].talent)

    return max(sorted(table.legal), key=worth)


def choose_draw(table: Table) -> str:
    return "draw:" + max(TALENTS, key=lambda t: deck_value(table, t))


def fresh_turn(table: Table) -> bool:
    """No movement point spent yet this turn (the view does not say what was watered)."""
    view = table.view
    return view.turn_seat == table.seat and view.points == view.roll + ("clover" in table.golden())


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


def blue_now(table: Table) -> tuple[float, str] | None:
    """The blue card worth playing right now (before the turn's plan moves on), if any: a Hoe on
    a weed, a Seed Packet into an empty pot, a Grow Lamp before watering more than it can, a Rain
    Shower at home with the can empty, a Wheelbarrow that makes the plan better, a Catapult that
    brings a rival whose flower the seat can take to its square, or one out of their greenhouse."""
    me = table.me
    found: list[tuple[float, str]] = []
    for code in table.plays("hoe"):
        found.append((WEED_PENALTY, code))
    for code in table.plays("seed_packet")[:1]:
        found.append((3.0, code))
    at_home = me.square == table.home and "cold_snap" not in table.view.turn_flags
    if at_home and table.plays("grow_lamp") and me.water > 0:
        plain = Planner(table).best()[0]
        lamp = _lamp_plan(table)
        if lamp - plain > 0.8:
            found.append((lamp - plain, table.plays("grow_lamp")[0]))
    if at_home and table.plays("rain_shower") and me.water == 0:
        open_pots = unwatered_pots(table)
        if len(open_pots) >= 2:
            allowed = {i: 1 for i in open_pots}
            gain, _ = watering_plan(
                [(p.kind, p.stage) for p in me.pots], me.water_limit, allowed, table.odds, False
            )
            found.append((gain, table.plays("rain_shower")[0]))
    if table.plays("wheelbarrow"):
        plain = Planner(table).best()[0]
        more = Planner(table, extra_points=3).best()[0]
        if more - plain > CARD_WORTH["wheelbarrow"]:
            found.append((more - plain, table.plays("wheelbarrow")[0]))
    for code in table.plays("catapult"):
        target = table.view.seats[int(code.split(":")[2])]
        if me.square == CENTRE and collect_value(table, target) > 1.0:
            found.append((collect_value(table, target), code))
        elif target.square == greenhouse(target.seat) and table.view.points >= 3 and me.square == CENTRE:
            worth = visit_value(table, target.seat)
            if worth > 1.5 and me.banned_from != target.seat and "padlock" not in table.view.turn_flags:
                found.append((worth, code))
    if not found:
        return None
    return max(found)


def _lamp_plan(table: Table) -> float:
    """The plan's worth with a Grow Lamp lit (each plant may be watered twice)."""
    flags = [*table.view.turn_flags, "grow_lamp"]
    lit = table.view.model_copy(update={"turn_flags": flags})
    return Planner(Table(table.seat, lit, table.legal, table.odds, table.style)).best()[0]


def blue_at_end(table: Table) -> tuple[float, str] | None:
    """The blue card worth playing before the turn ends, if it beats holding it: Fertiliser on
    the plant it grows most, Graft on the sprout or bud it improves most, a Catapult or a Leaky
    Can on the leader, Botanist's Eye on a seed."""
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
        target = int(code.split(":")[2])
        if target == lead.seat:
            found.append((0.9 * WATER_CARRY * 1.5 - hold(table, "leaky_can"), code))
    for code in table.plays("catapult"):
        victim = table.view.seats[int(code.split(":")[2])]
        if victim.seat == lead.seat and victim.square == greenhouse(victim.seat) and victim.water:
            found.append((3 * STEP_VALUE - hold(table, "catapult"), code))
    for code in table.plays("botanists_eye")[:1]:
        found.append((0.5 - hold(table, "botanists_eye"), code))
    found = [f for f in found if f[0] > 0]
    return max(found) if found else None


def hold(table: Table, kind: str) -> float:
    """What keeping a card of `kind` for later is worth (its talent's payment worth included)."""
    talent = CARD_KINDS[kind].talent
    return 0.6 * CARD_WORTH[kind] + (COLLECT_TALENT if talent in table.collect_talents() else PAYMENT_TALENT)


def choose_turn(table: Table) -> str:
    """A turn step: take a collector's flower, take from the greenhouse the seat stands in, draw,
    play a blue card when it pays now, else follow the turn plan; before ending, a last card."""
    legal = table.legal
    collects = [c for c in legal if c.startswith("collect:")]
    if collects:
        best = max(collects, key=lambda c: collect_value(table, table.view.seats[int(c.split(":")[1])]))
        if collect_value(table, table.view.seats[int(best.split(":")[1])]) > 0:
            return best
    owner = arm_of(table.me.square)
    if is_greenhouse(table.me.square) and owner is not None and owner != table.seat:
        _, moves = take_gain(table, owner)
        for kind, mine, theirs in moves:
            code = f"swap:{mine}:{theirs}" if kind == "swap" else f"steal:{theirs}:{mine}"
            if code in legal:
                return code
    if (
        table.me.square == CENTRE
        and "drew" not in table.view.turn_flags
        and any(c.startswith("draw:") for c in legal)
    ):
        return choose_draw(table)
    now = blue_now(table)
    if now is not None:
        return now[1]
    _, code = Planner(table).best()
    if code not in legal:
        code = "end"
    if code == "end":
        last = blue_at_end(table)
        if last is not None:
            return last[1]
    return code


def orange_choice(table: Table) -> str | None:
    """The orange card to play after the mover's roll, if any (the window asks before the cards
    are offered, so it reads the hand): Morning Dew when the can has room; a Cold Snap on a
    threat who could water this turn; a Tripwire on a threat; a Padlock or a Pollen Storm on a
    mover who could reach this seat's unguarded greenhouse with something to take."""
    view = table.view
    mover = view.seats[view.turn_seat]
    me = table.me
    if view.phase == "bid":
        offered = {kind_of_card(c.split(":")[1]): c for c in table.legal if c.startswith("play:")}
    else:
        offered = {kind: f"play:{card}" for kind, card in zip(table.hand, table.hand_ids, strict=True)}
    threat = is_threat(table, mover.seat)
    found: list[tuple[float, str]] = []
    if "morning_dew" in offered and me.water < me.water_limit:
        found.append((ORANGE_WORTH["morning_dew"], offered["morning_dew"]))
    home = greenhouse(mover.seat)
    can_water = mover.water > 0 and distance(mover.square, home) <= view.points
    growing = sum(1 for p in mover.pots if p.stage in ("seed", "sprout", "bud"))
    if "cold_snap" in offered and threat and can_water and growing:
        found.append((ORANGE_WORTH["cold_snap"] * min(mover.water, growing), offered["cold_snap"]))
    if "tripwire" in offered and threat:
        found.append((ORANGE_WORTH["tripwire"], offered["tripwire"]))
    exposed = me.square != table.home and distance(mover.square, table.home) <= view.points
    if exposed and any(p.stage in ("sprout", "bud") for p in me.pots):
        for kind in ("padlock", "pollen_storm"):
            if kind in offered:
                found.append((ORANGE_WORTH[kind], offered[kind]))
    if not found:
        return None
    worth, code = max(found)
    kind = kind_of_card(code.split(":")[1])
    return code if worth >= 0.6 * CARD_WORTH[kind] else None


def harm_of_pending(table: Table) -> float:
    """What the card being played does to this seat (positive: it hurts) if it acts, as far as
    the view tells (it does not show a card's target: a card aimed at a rival is weighed by the
    chance it is this seat)."""
    view = table.view
    kind = KIND_BY_NAME.get(view.pending_card or "")
    player = view.pending_player
    me = table.me
    if kind is None or player is None:
        return 0.0
    if player == table.seat:
        return -own_card_benefit(table, kind)
    mover_is_me = view.turn_seat == table.seat
    if view.phase == "end" or (view.ended_by is not None and kind in ("compost", "best_in_show")):
        return end_card_harm(table, player, kind)
    if kind in AGAINST_MOVER and mover_is_me:
        if kind == "cold_snap":
            if me.water > 0 and distance(me.square, table.home) <= view.points:
                return 1.5 * min(me.water, 3)
            return 0.3
        if kind == "tripwire":
            return 3 * STEP_VALUE
        return 0.5
    if kind == "witness" and mover_is_me and view.duel_owner is not None:
        return 2.5
    if kind == "alibi" and view.duel_owner == table.seat:
        return 2.5
    if kind == "nettles" and mover_is_me:
        return 0.8
    if kind in ("catapult", "leaky_can", "seed_swap"):
        targets = [s for s in view.seats if s.seat != player]
        return (1.2 if kind == "catapult" else 0.8) / max(1, len(targets))
    return 0.0


def own_card_benefit(table: Table, kind: str) -> float:
    if table.view.phase == "end":
        return 5.0
    return {"hoe": WEED_PENALTY, "seed_packet": 3.0, "fertiliser": 2.0, "rain_shower": 2.5}.get(kind, 0.5)


def end_card_harm(table: Table, player: int, kind: str) -> float:
    """A rival's pink card at the end: it hurts when it lets them pass this seat or pull away."""
    rival = table.view.seats[player]
    if kind == "compost":
        gain = max((points_of(p.kind) for p in rival.pots if p.stage == "bud"), default=0)
    else:
        gain = max((points_of(p.kind) for p in rival.pots if p.stage == "flower"), default=0)
    gap = score_now(rival) - score_now(table.me)
    best_rival = max(score_now(r) for r in table.rivals)
    if gap + gain >= 0 and gap <= gain + 6 and score_now(rival) >= best_rival - gain:
        return gain + 1.0
    return 0.0


def choose_cancel(table: Table) -> str:
    """Cancel (or re-cancel) when the pending card's effect on this seat is worth more than the
    two cheapest cards of one talent (at the end of the game cards are worth nothing more)."""
    harm = harm_of_pending(table)
    cancels = table.view.pending_cancels
    acting = cancels % 2 == 0
    stake = harm if acting else -harm
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
    """In a duel: the snooper plays an Alibi unless Attila saw nothing anyway; the owner plays a
    Witness unless the snooper is caught anyway, else Nettles when the dice decide."""
    view = table.view
    offered = {kind_of_card(code.split(":")[1]): code for code in table.legal if code.startswith("play:")}
    snooper = view.turn_seat == table.seat
    card = view.duel_card or ""
    if snooper and "alibi" in offered and card != "Nothing Seen!":
        return offered["alibi"]
    if not snooper:
        if "witness" in offered and card != "Caught Red-Handed!":
            return offered["witness"]
        if "nettles" in offered and card in ("Dice Contest", "Good Mood", "Bad Mood"):
            return offered["nettles"]
    return "face"


def choose_end_card(table: Table) -> str:
    """At the end every card is worth nothing more: play Compost with a bud, Best in Show with a
    flower."""
    offered = {kind_of_card(code.split(":")[1]): code for code in table.legal if code.startswith("play:")}
    pots = table.me.pots
    if "best_in_show" in offered and any(p.stage == "flower" for p in pots):
        return offered["best_in_show"]
    if "compost" in offered and any(p.stage == "bud" for p in pots):
        return offered["compost"]
    return "finish"


def greedy_code(table: Table) -> str:
    """Greedy's choice for any decision, as an action code."""
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
    """Medium: a rule for each kind of decision and a simulated plan for the turn (module doc)."""

    strength: Strength = "greedy"

    def choose(self, decision: Decision, rng: Rng) -> Any:
        table = table_for(decision)
        code = greedy_code(table)
        return table.legal.get(code) or table.legal.get("end") or decision.legal[0]


class StrongPlayer:
    """Hard: greedy's rules with sharper aims (`STRONG`)."""

    strength: Strength = "strong"

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or STRONG

    def choose(self, decision: Decision, rng: Rng) -> Any:
        table = table_for(decision, self.style)
        code = greedy_code(table)
        return table.legal.get(code) or table.legal.get("end") or decision.legal[0]


STRONG = Style(threats=True)


#: The game these players play (engine.ai finds them by it) and the players by strength ("random"
#: is every game's own: engine.ai.base.RandomPlayer).
GAME_NAME = "garden_party"
PLAYERS: dict[Strength, Callable[[], Player]] = {"greedy": GreedyPlayer, "strong": StrongPlayer}
