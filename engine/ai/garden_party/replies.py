"""The decisions outside a turn's moves: reply windows (an orange card, a cancellation and its
payment), duels, the end-of-game cards, the gardener and the card to keep.
"""

from __future__ import annotations

from engine.ai.garden_party.evaluation import card_worth, cheapest_payment, is_threat, score_now
from engine.ai.garden_party.table import Table, kind_of_card, points_of, talent_of_card
from engine.ai.garden_party.tuning import CARD_WORTH, HOLD_SHARE, ORANGE_WORTH, STEP_VALUE, WEED_PENALTY
from engine.garden_party.board import distance, greenhouse
from engine.garden_party.cards import (
    BEST_IN_SHOW_POINTS,
    CARD_KINDS,
    DUEL_CARDS,
    GARDENERS,
)

#: Gardeners in the order the players pick them: Herbanology (the growing deck) first.
GARDENER_ORDER = ("baron", "marquise", "countess", "philipus", "duchess", "professor")

KIND_BY_NAME = {k.name: k.id for k in CARD_KINDS.values() if k.timing is not None}
DUEL_RULE_BY_NAME = {d.name: d.rule for d in DUEL_CARDS.values()}
#: Orange cards act on the gardener to move; these hurt them.
AGAINST_MOVER = ("tripwire", "padlock", "cold_snap", "pollen_storm")


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
