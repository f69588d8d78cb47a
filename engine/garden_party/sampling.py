"""States consistent with what one seat cannot see: the conformance suite's twin (another seat's
hand swapped with deck cards) and, for computer players, a deal of the hidden cards and seeds."""

from __future__ import annotations

from engine.garden_party.cards import talent_of
from engine.garden_party.state import GardenPartyState
from engine.rng import Rng

#: Deck cards this deep or deeper cannot be drawn in one move (a draw takes at most four, and a
#: chance card's replacements a few more), so a twin may hide a hand's cards there.
HIDDEN_DEPTH = 12


def twin_state(state: GardenPartyState, seat: int, seed: int) -> GardenPartyState | None:
    """`state` with `seat`'s hand swapped, card for card, with deck cards below the top
    `HIDDEN_DEPTH` of any deck (None when the hand is empty or the decks too thin). Everything
    others can see, or could see after one move, stays the same."""
    hand = state.players[seat].hand
    if not hand:
        return None
    twin = GardenPartyState.model_validate_json(state.model_dump_json())
    rng = Rng.from_seed(seed * 7919 + seat * 31 + state.actions_taken)
    pool = [c for deck in twin.decks.values() for c in deck[HIDDEN_DEPTH:]]
    if len(pool) < len(hand):
        return None
    rng.shuffle(pool)
    new_hand = []
    for card in twin.players[seat].hand:
        swap = pool.pop()
        deck = twin.decks[talent_of(swap)]
        deck[deck.index(swap)] = card
        new_hand.append(swap)
    twin.players[seat].hand = new_hand
    return twin
