"""What one Garden Party seat can tell of the hidden parts, from its view alone.

- `unseen_tokens(view)`: the kinds of the seeds the seat has not seen (the players value a seed
  by them).
- `sample_state(view, legal, rng)`: a whole state consistent with the view of the gardener to
  move in its own turn, everything it cannot see dealt at random: the unseen seeds' kinds from
  the unseen tokens, the other hands from the unseen cards, the decks' order, the duel and golden
  object piles. What the view leaves out of the turn (which pots were watered, whether a card was
  played, how much of a visit is used) is read back from the legal actions, so the state offers
  the same ones. The tests build second states with it (the players must choose the same); a
  look-ahead that played on such states was tried and dropped (docs/ai.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.garden_party.board import arm_of, greenhouse, is_greenhouse
from engine.garden_party.cards import (
    CARD_KIND_OF,
    CARD_KINDS,
    COLOURS,
    DECK_IDS,
    DUEL_KIND_OF,
    GARDENERS,
    GOLDEN_IDS,
    GOLDEN_OBJECTS,
    PLANT_KINDS,
    POTS,
    TALENTS,
    is_chance,
    talent_of,
)
from engine.garden_party.state import GardenPartyOptions, GardenPartyState, Player, Pot, Turn
from engine.garden_party.targets import targets
from engine.garden_party.views import GardenPartyView
from engine.rng import Rng

GOLDEN_BY_NAME = {g.name: g.id for g in GOLDEN_OBJECTS.values()}
KIND_BY_PLANT_NAME = {p.name: k for k, p in PLANT_KINDS.items()}
GARDENER_BY_FLOWER = {g.flower: g.id for g in GARDENERS.values()}
#: The golden-object cards by object ("clover" -> "gold1"): the face-down pile holds cards.
GOLDEN_CARD = {obj: card for card, obj in GOLDEN_IDS.items()}
SAMPLED_PHASES = ("turn", "keep")
#: The turn number given to a sampled state (any will do: only "played this turn" reads it).
TURN_NUMBER = 1000


def unseen_tokens(view: GardenPartyView) -> Counter[str]:
    """The kinds of the seeds the viewer has not seen: the tokens of the player count, less every
    kind showing (or known) in a pot and every plant out of play. A Seed Packet's green sprout is
    a token more: the tokens in pots and out of play beyond nine a seat are packets."""
    seats = len(view.seats)
    pool = Counter({k: p.count_for(seats) for k, p in PLANT_KINDS.items()})
    filled = unseen = 0
    for seat in view.seats:
        for pot in seat.pots:
            if pot.stage is None:
                continue
            filled += 1
            if pot.kind is None:
                unseen += 1
            else:
                pool[pot.kind] -= 1
    for name in view.discarded_plants:
        pool[KIND_BY_PLANT_NAME[name]] -= 1
    pool["green"] += max(0, filled + len(view.discarded_plants) - seats * POTS)
    pool = +pool
    # The count is exact; should it ever disagree with the unseen seeds, trust the seeds.
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


def can_sample(view: GardenPartyView, seat: int) -> bool:
    """Only the gardener to move, in its own turn, is dealt."""
    return view.phase in SAMPLED_PHASES and view.turn_seat == seat and view.pending_card is None


def sample_state(view: GardenPartyView, legal: Iterable[str], rng: Rng) -> GardenPartyState:
    """A state whose view for the seat to move is `view` and whose legal actions are `legal`
    (codes), the hidden parts dealt at random with `rng`."""
    seat = view.turn_seat
    assert view.viewer == seat and can_sample(view, seat)
    codes = set(legal)
    token_kinds, pots, gone = _deal_tokens(view, rng)
    state = GardenPartyState(
        options=GardenPartyOptions(flowers_to_end=view.flowers_to_end, season_rounds=view.season_rounds),
        seats=len(view.seats),
        rng=Rng(state=rng.next_u64()),
        phase=view.phase,
        token_kinds=token_kinds,
        first_seat=view.first_seat,
        round=view.round,
        ended_by=view.ended_by,
        discarded_tokens=gone,
        packet_tokens=max(0, len(token_kinds) - len(view.seats) * POTS),
    )
    hands = _deal_cards(view, state, rng)
    for s, seen in enumerate(view.seats):
        state.players.append(
            Player(
                gardener=seen.gardener or "",
                square=seen.square,
                water=seen.water,
                hand=hands[s],
                golden=[GOLDEN_BY_NAME[name] for name in seen.golden_objects],
                vases=[GARDENER_BY_FLOWER[flower] for flower in seen.vases],
                flowers_left=seen.own_flowers_left,
                pots=pots[s],
                banned_from=seen.banned_from,
                owed=seen.sentences_owed,
            )
        )
    me = state.players[seat]
    # A seed the seat looked at shows to it wherever it went since (ruling 28).
    me.known = [
        pot.token
        for row, seen in zip(pots, view.seats, strict=True)
        for pot, shown in zip(row, seen.pots, strict=True)
        if pot is not None and pot.stage == "seed" and shown.kind is not None
    ]
    state.turn = _turn(view, codes)
    if _played_this_turn(state, seat, codes):
        me.played_in_turn = TURN_NUMBER
    if view.phase == "keep":
        state.drawn = [card.id for card in view.drawn]
    return state


def _deal_tokens(view: GardenPartyView, rng: Rng) -> tuple[list[str], list[list[Pot | None]], list[int]]:
    """Token kinds (shown ones as shown, unseen seeds from the unseen pool), every pot, and the
    tokens out of play (as the view lists them)."""
    pool = [kind for kind, count in sorted(unseen_tokens(view).items()) for _ in range(count)]
    rng.shuffle(pool)
    kinds: list[str] = []
    pots: list[list[Pot | None]] = []
    for seen in view.seats:
        row: list[Pot | None] = []
        for pot in seen.pots:
            if pot.stage is None:
                row.append(None)
                continue
            kind = pot.kind if pot.kind is not None else (pool.pop() if pool else "green")
            kinds.append(kind)
            row.append(Pot(token=len(kinds) - 1, stage=pot.stage))
        pots.append(row)
    gone = []
    for name in view.discarded_plants:
        kinds.append(KIND_BY_PLANT_NAME[name])
        gone.append(len(kinds) - 1)
    return kinds, pots, gone


def _deal_cards(view: GardenPartyView, state: GardenPartyState, rng: Rng) -> list[list[str]]:
    """Hands (the seat's own as seen, the others from the unseen action cards), the decks, the
    chance cards set aside (one for each golden object found), the golden and duel piles."""
    seat = view.turn_seat
    mine = [card.id for card in view.hand]
    seen = set(mine) | {card.id for card in view.drawn}
    found = view.chance_cards_found
    chances = [c for deck in DECK_IDS.values() for c in deck if is_chance(c) and c not in seen]
    rng.shuffle(chances)
    state.chance_set_aside = chances[:found]
    seen |= set(state.chance_set_aside)
    unseen = [c for deck in DECK_IDS.values() for c in deck if c not in seen]
    rng.shuffle(unseen)
    actions = [c for c in unseen if not is_chance(c)]
    hands: list[list[str]] = []
    dealt: set[str] = set()
    for s, other in enumerate(view.seats):
        if s == seat:
            hands.append(mine)
            continue
        hand = actions[: other.cards_in_hand]
        del actions[: other.cards_in_hand]
        hands.append(hand)
        dealt |= set(hand)
    state.decks = {t: [] for t in TALENTS}
    for card in unseen:
        if card not in dealt:
            state.decks[talent_of(card)].append(card)
    held = {GOLDEN_CARD[GOLDEN_BY_NAME[name]] for s in view.seats for name in s.golden_objects}
    state.golden_deck = [card for card in GOLDEN_IDS if card not in held]
    rng.shuffle(state.golden_deck)
    state.duel_deck = list(DUEL_KIND_OF)
    rng.shuffle(state.duel_deck)
    return hands


def _turn(view: GardenPartyView, codes: set[str]) -> Turn:
    """The turn as far as the view and the legal actions tell: pots growing at home but not
    offered for watering were watered; a visit that offers nothing (or no bud) used its room."""
    seat = view.turn_seat
    flags = set(view.turn_flags)
    turn = Turn(
        seat=seat,
        number=TURN_NUMBER,
        roll=view.roll,
        points=view.points,
        drew="drew" in flags,
        collected="collected" in flags,
        grow_lamp="grow_lamp" in flags,
        cold_snap="cold_snap" in flags,
        padlock="padlock" in flags,
        pollen_storm="pollen_storm" in flags,
        visits=list(view.visits),
    )
    me = view.seats[seat]
    if me.square == greenhouse(seat) and me.water > 0 and "cold_snap" not in flags:
        offered = {int(c.split(":")[1]) for c in codes if c.startswith("water:")}
        for i, pot in enumerate(me.pots):
            if pot.stage in ("seed", "sprout", "bud") and i not in offered:
                turn.watered[i] = 1
        growing = sum(1 for p in me.pots if p.stage in ("seed", "sprout", "bud"))
        turn.gloves_used = len(offered) < growing
    for visited in view.visits:
        turn.taken[visited] = 2
    here = arm_of(me.square)
    if is_greenhouse(me.square) and here is not None and here != seat and "pollen_storm" not in flags:
        turn.taken[here] = _room_used(view, here, codes)
    return turn


def _room_used(view: GardenPartyView, owner: int, codes: set[str]) -> int:
    """How much of the visit to `owner`'s greenhouse is used, by what it still offers: nothing
    (all of it), no bud where a bud could be taken (one), else none."""
    takes = [c for c in codes if c.startswith(("swap:", "steal:"))]
    if not takes:
        return 2
    theirs = view.seats[owner].pots
    mine = view.seats[view.turn_seat].pots
    taken = [int(c.split(":")[2]) if c.startswith("swap:") else int(c.split(":")[1]) for c in takes]
    bud_offered = any(theirs[j].stage == "bud" for j in taken)
    bud_possible = any(p.stage == "bud" for p in theirs) and any(p.stage in ("bud", None) for p in mine)
    return 1 if bud_possible and not bud_offered else 0


def _played_this_turn(state: GardenPartyState, seat: int, codes: set[str]) -> bool:
    """A blue card the seat holds that could be played but is not offered: it played one."""
    for card in state.players[seat].hand:
        kind = CARD_KIND_OF[card]
        if not is_chance(card) and _blue(kind):
            offered = any(c.startswith("play:") and CARD_KIND_OF[c.split(":")[1]] == kind for c in codes)
            if not offered and targets(state, seat, kind) is not None:
                return True
    return False


def _blue(kind: str) -> bool:
    return CARD_KINDS[kind].timing == "blue"
