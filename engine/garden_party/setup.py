"""`create`: the plant tokens pre-selected for the player count and one random seed in each pot,
the shuffled decks, starting hands, gardeners, and the die roll for the first player (rules I)."""

from __future__ import annotations

from engine.api import Event
from engine.garden_party import flow
from engine.garden_party.board import greenhouse
from engine.garden_party.cards import (
    DECK_IDS,
    DUEL_KIND_OF,
    GARDENERS,
    GOLDEN_IDS,
    PLANT_KINDS,
    POTS,
    STARTING_WATER,
    TALENTS,
    is_chance,
)
from engine.garden_party.common import Log, die_words, roll
from engine.garden_party.state import RULESET, GardenPartyOptions, GardenPartyState, Player, Pot
from engine.rng import Rng


def create(options: GardenPartyOptions, seats: int, seed: int) -> GardenPartyState:
    if not 3 <= seats <= 6:
        raise ValueError("Garden Party is for 3 to 6 gardeners.")
    if options.ruleset != RULESET:
        raise ValueError(
            f"This Garden Party game was made with the rules of edition {options.ruleset} (before "
            f"issue 28's 30-card decks); this version plays only edition {RULESET}, whose cards are "
            "numbered differently, so it cannot replay it."
        )
    rng = Rng.from_seed(seed)
    tokens = [kind for kind, plant in PLANT_KINDS.items() for _ in range(plant.count_for(seats))]
    rng.shuffle(tokens)
    state = GardenPartyState(options=options, seats=seats, rng=rng, token_kinds=tokens)
    for seat in range(seats):
        pots: list[Pot | None] = [Pot(token=seat * POTS + i) for i in range(POTS)]
        state.players.append(Player(square=greenhouse(seat), pots=pots))
    for talent in TALENTS:
        deck = list(DECK_IDS[talent])
        rng.shuffle(deck)
        state.decks[talent] = deck
    for player in state.players:
        for talent in TALENTS:
            player.hand.append(_deal_one(state, talent))
    state.golden_deck = list(GOLDEN_IDS)
    rng.shuffle(state.golden_deck)
    state.duel_deck = list(DUEL_KIND_OF)
    rng.shuffle(state.duel_deck)
    if not options.choose_gardeners:
        chosen = list(GARDENERS)
        rng.shuffle(chosen)
        for player, gardener in zip(state.players, chosen, strict=False):
            player.gardener = gardener
        begin(state, Log())
    return state


def _deal_one(state: GardenPartyState, talent: str) -> str:
    """The top card of a deck for a starting hand; a chance card goes under the deck instead (ruling 9)."""
    deck = state.decks[talent]
    while is_chance(deck[0]):
        deck.append(deck.pop(0))
    return deck.pop(0)


def begin(state: GardenPartyState, log: Log) -> list[Event]:
    """Every gardener is chosen: roll for the first player (highest; ties roll again), then play."""
    rolling = list(range(state.seats))
    while True:
        rolls = {seat: roll(state) for seat in rolling}
        best = max(rolls.values())
        highest = [seat for seat in rolling if rolls[seat] == best]
        if len(highest) == 1:
            break
        rolling = highest
    state.first_seat = highest[0]
    state.round = 1
    if state.options.balanced_start:  # the variant of ruling 31; the text gives everyone the same start
        water = STARTING_WATER[state.seats]
        for place in range(state.seats):
            state.players[(state.first_seat + place) % state.seats].water = water[min(place, len(water) - 1)]
    log.add(
        "first_player",
        "{first} rolls highest ({die}) and begins; play goes clockwise.",
        seats={"first": state.first_seat},
        fields={"roll": best, "die": die_words(state, best)},
    )
    flow.start_turn(state, state.first_seat, log)
    return log.events
