"""What things are worth to a Garden Party seat: a plant by its stage, waterings, cards in the
hand and as payment, a seat's standing, and a draw at the central square.
"""

from __future__ import annotations

from collections import Counter

from engine.ai.garden_party.table import PotLike, SeedOdds, Table, kind_of_card, points_of, talent_of_card
from engine.ai.garden_party.tuning import (
    CARD_WORTH,
    CHANCE_WORTH,
    COLLECT_TALENT,
    HOLD_SHARE,
    PAYMENT_TALENT,
    RACE,
    REVEAL,
    SAFE_FLOWER,
    STAGE_SHARE,
    WEED_PENALTY,
)
from engine.garden_party.cards import (
    CARD_KINDS,
    COLLECTOR_POINTS,
    COLOURS,
    DECK_IDS,
    GARDENERS,
    TALENTS,
)
from engine.garden_party.views import PotView, SeatView


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
