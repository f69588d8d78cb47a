"""Builders for Mr. Cabbagehead's Garden tests: gardens drawn as little pictures, cards by type."""

from __future__ import annotations

from collections import Counter

from engine.cabbagehead import GAME
from engine.cabbagehead.plot import EMPTY, Garden, realign
from engine.cabbagehead.state import HOLIDAY, ROSE, CabbageheadOptions, CabbageheadState

CARDS = GAME.cards

#: One letter per vegetable in the pictures below.
LETTERS = {
    "C": "Carrot",
    "T": "Turnip",
    "S": "Salsify",
    "R": "Radish",
    "L": "Lettuce",
    "O": "Onion",
    "B": "Cabbage",
    "P": "Pumpkin",
    "U": "Ruta Baga",
}


def cards_of(name: str) -> list[int]:
    """Card indices of one vegetable, lowest Vegetable number first."""
    return sorted((c.index for c in CARDS if c.name == name), key=lambda i: CARDS[i].vegetable_number)


def garden_from(picture: list[str], *, fixed: bool = True, bees: int = 0) -> Garden:
    """A garden from rows like "C C* . * L L": a letter is a card (lowest unused number of that
    type first), "*" after it puts a Grasshopper on it, a lone "*" is a Grasshopper on an empty
    slot, "." an empty slot. A floating garden is drawn at the canvas' top-left and re-aligned."""
    garden = Garden.empty(fixed, bees)
    used: Counter[str] = Counter()
    token = 24
    for r, line in enumerate(picture):
        for c, item in enumerate(line.split()):
            cell = r * garden.cols + c
            if item[0] in LETTERS:
                name = LETTERS[item[0]]
                garden.cells[cell] = cards_of(name)[used[name]]
                used[name] += 1
            if item.endswith("*"):
                garden.hoppers[cell] = token
                token += 1
    realign(garden)
    return garden


def picture_of(garden: Garden) -> list[str]:
    """The garden's frame drawn back as letters ("." empty), for readable assertions."""
    from engine.cabbagehead.plot import frame_size

    back = {v: k for k, v in LETTERS.items()}
    rows, cols = frame_size(garden)
    lines = []
    for r in range(rows):
        items = []
        for c in range(cols):
            card = garden.cells[r * garden.cols + c]
            items.append(back[CARDS[card].name] if card >= 0 else ".")
        lines.append(" ".join(items))
    return lines


def new_game(seats: int = 1, seed: int = 1, **options: object) -> CabbageheadState:
    return GAME.create(CabbageheadOptions.model_validate(options), seats, seed)


def all_cards(state: CabbageheadState) -> Counter[int]:
    """Every card the game holds, wherever it is, counted (roses in gardens as ROSE + number)."""
    found: Counter[int] = Counter(state.deck)
    found.update(c for c in state.row if c >= 0)
    if state.passed >= 0:
        found[state.passed] += 1
    for garden in state.gardens:
        found.update(c for c in garden.cells if c >= 0)
        found.update(garden.compost)
        found.update({ROSE + r for r in garden.roses if r >= 0})
    found.update(state.discard)
    found.update(state.removed)
    return found


def expected_cards(state: CabbageheadState) -> Counter[int]:
    holidays = 3 if state.seats == 1 else 2
    everything = Counter(range(len(CARDS)))
    everything.update(HOLIDAY + k for k in range(holidays))
    if state.options.eudora:
        everything.update(ROSE + k for k in range(3))
    return everything


def bees_in_play(state: CabbageheadState) -> int:
    return state.hive + sum(g.bees for g in state.gardens) + state.bees_removed


def put_on_top(state: CabbageheadState, cards: list[int]) -> None:
    """Move `cards` (already in the deck) to its top, the first listed drawn first."""
    for card in cards:
        state.deck.remove(card)
    state.deck.extend(reversed(cards))


def set_row(state: CabbageheadState, cards: list[int]) -> None:
    """Swap the drawn row for `cards` (taken from the deck; the old row goes back into the deck)."""
    for card in state.row:
        if card >= 0:
            state.deck.insert(0, card)
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
    state.row = list(cards)


__all__ = [
    "CARDS",
    "EMPTY",
    "GAME",
    "LETTERS",
    "all_cards",
    "bees_in_play",
    "cards_of",
    "expected_cards",
    "garden_from",
    "new_game",
    "picture_of",
    "put_on_top",
    "set_row",
]
