"""Setting up a game of Mr. Cabbagehead's Garden: the Neighbours, the piles, tokens and Bees."""

from __future__ import annotations

from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.deck import deck
from engine.cabbagehead.draws import LocalRng
from engine.cabbagehead.plot import Garden
from engine.cabbagehead.rounds import start_turn
from engine.cabbagehead.state import (
    FIRST_GRASSHOPPER,
    GRASSHOPPER_TOKENS,
    HOLIDAY,
    ROSE,
    TOKENS_PER_NEIGHBOUR,
    CabbageheadOptions,
    CabbageheadState,
)
from engine.rng import Rng

SOLO_BEES = 3
DUO_BEES = 2


def choose_neighbours(options: CabbageheadOptions, rng: LocalRng) -> list[str]:
    """The four Neighbour keys for `options` (ValueError with a reason if impossible)."""
    if options.neighbour_set == "original":
        if options.chosen:
            raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
        return list(nb.ORIGINAL_KEYS)
    if options.neighbour_set == "new":
        if options.chosen:
            raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
        return sorted(rng.sample(nb.NEW_KEYS, 4), key=[n.key for n in nb.NEIGHBOURS].index)
    if options.neighbour_set == "random":
        if options.chosen:
            raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
        keys = [n.key for n in nb.NEIGHBOURS]
        return sorted(rng.sample(keys, 4), key=keys.index)
    found: list[str] = []
    for wanted in options.chosen:
        neighbour = nb.find_neighbour(wanted)
        if neighbour is None:
            names = ", ".join(n.name for n in nb.NEIGHBOURS)
            raise ValueError(f"There is no Neighbour called {wanted!r}. The Neighbours are: {names}.")
        if neighbour.key in found:
            raise ValueError(f"{neighbour.name} is chosen twice; choose 4 different Neighbours.")
        found.append(neighbour.key)
    if len(found) != 4:
        raise ValueError(f"Choose exactly 4 Neighbours (you chose {len(found)}).")
    return found


def create(options: CabbageheadOptions, seats: int, seed: int) -> CabbageheadState:
    """A new game: piles with their 'On Holiday' cards (and Roses), face-down tokens, Bees, and the
    first row drawn."""
    if seats not in (1, 2):
        raise ValueError("Mr. Cabbagehead's Garden is for 1 or 2 players.")
    if options.eudora and seats != 1:
        raise ValueError("Romancing Eudora is for the one-player game only.")
    seeded = Rng.from_seed(seed)
    rng = LocalRng(seeded)
    keys = choose_neighbours(options, rng)
    vegetables = list(range(len(deck())))
    rng.shuffle(vegetables)
    # Piles listed top to bottom, each ending with its 'On Holiday' card where it has one.
    if seats == 1:
        piles = [vegetables[0:15], vegetables[15:30], vegetables[30:45]]
        if options.eudora:
            for k, pile in enumerate(piles):
                pile.append(ROSE + k)
                rng.shuffle(pile)
        top_down = [*piles[0], HOLIDAY, *piles[1], HOLIDAY + 1, *piles[2], HOLIDAY + 2]
    else:
        top_down = [*vegetables[0:21], HOLIDAY, *vegetables[21:41], HOLIDAY + 1, *vegetables[41:45]]
    # Face-down tokens: each reveal picks one of them at random, which is what shuffling them
    # face down achieves, so the pool needs no shuffle of its own.
    tokens = list(range(4 * TOKENS_PER_NEIGHBOUR))
    if options.grasshoppers:
        tokens += list(range(FIRST_GRASSHOPPER, FIRST_GRASSHOPPER + GRASSHOPPER_TOKENS))
    bees = SOLO_BEES if seats == 1 else DUO_BEES
    first = 0
    if seats == 2:
        first = options.first_seat if options.first_seat is not None else rng.below(2)
    rng.store(seeded)
    state = CabbageheadState(
        options=options,
        seats=seats,
        rng=seeded,
        neighbours=keys,
        deck=top_down[::-1],
        gardens=[Garden.empty(options.fixed_grid, bees) for _ in range(seats)],
        hive=bees,
        pool=tokens,
        first=first,
        active=first,
    )
    start_turn(state, [])
    return state
