"""The ten Tedious Neighbours: who they are and what each does to a garden when visiting.

Effects that take a card return the cell of the card taken; the game moves it to the discard pile.
Bernard Betteravé and the Ferwig-Radishers act on bees and on the next draw, so the game handles
them; the Right Honourable Pomme-Frites moves cards, done here by `pomme_frites_moves`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cabbagehead.deck import Vegetable
from engine.cabbagehead.plot import EMPTY, Garden, neighbours_of, plot_box


@dataclass(frozen=True, slots=True)
class Neighbour:
    key: str
    name: str
    expansion: str
    #: What the tile says, in short.
    text: str


NEIGHBOURS: tuple[Neighbour, ...] = (
    Neighbour(
        "carrotbody",
        "Lord Carrotbody",
        "Original",
        "Takes the highest-numbered Vegetable next to a Carrot; if no Carrot has another "
        "Vegetable beside it, the highest-numbered Vegetable.",
    ),
    Neighbour(
        "mayor",
        "The Mayor of Onion Town",
        "Original",
        "Takes the highest-numbered Turnip, Salsify or Radish; none, no effect.",
    ),
    Neighbour(
        "sallie", "Sallie Tommy-Oughtoos", "Original", "Takes the Vegetable with the lowest Vegetable number."
    ),
    Neighbour(
        "horace",
        "Horace Savoy-Brassica",
        "Original",
        "Takes the highest-numbered Vegetable of the type you have most of (a tie: the type "
        "worth most points).",
    ),
    Neighbour(
        "ferwig",
        "The Ferwig-Radishers",
        "New Neighbours",
        "Remove the highest-numbered card of the next cards drawn; one of the other two is planted for free.",
    ),
    Neighbour(
        "bernard", "Bernard Betteravé", "New Neighbours", "Takes all the Bees in the supply out of the game."
    ),
    Neighbour(
        "peapod",
        "Duke & Duchess Peapod",
        "New Neighbours",
        "Take the Vegetable with the highest Vegetable number.",
    ),
    Neighbour(
        "pomme_frites",
        "The Right Honourable Pomme-Frites, Esq.",
        "New Neighbours",
        "Moves every Vegetable with no Vegetable beside it to the first empty slot next to "
        "another Vegetable, reading row by row.",
    ),
    Neighbour(
        "callahan",
        "Callahan O'Corncob",
        "New Neighbours",
        "Takes the highest-numbered Vegetable that is the only one of its type.",
    ),
    Neighbour(
        "leafygreens",
        "The Widow Leafygreens",
        "New Neighbours",
        "Takes the highest-numbered Lettuce, Pumpkin or Ruta Baga; none, no effect.",
    ),
)
BY_KEY: dict[str, Neighbour] = {n.key: n for n in NEIGHBOURS}
ORIGINAL_KEYS: tuple[str, ...] = tuple(n.key for n in NEIGHBOURS if n.expansion == "Original")
NEW_KEYS: tuple[str, ...] = tuple(n.key for n in NEIGHBOURS if n.expansion == "New Neighbours")

ONION_TOWN_FAVOURITES = frozenset({"Turnip", "Salsify", "Radish"})
ROUND_VEGETABLES = frozenset({"Lettuce", "Pumpkin", "Ruta Baga"})


def find_neighbour(name: str) -> Neighbour | None:
    """A Neighbour by key or by (part of) their name, ignoring case; None if not exactly one fits."""
    wanted = name.strip().lower()
    if wanted in BY_KEY:
        return BY_KEY[wanted]
    exact = [n for n in NEIGHBOURS if n.name.lower() == wanted]
    if exact:
        return exact[0]
    partial = [n for n in NEIGHBOURS if wanted and wanted in n.name.lower()]
    return partial[0] if len(partial) == 1 else None


def _highest(cells: list[int], garden: Garden, deck: tuple[Vegetable, ...]) -> int | None:
    if not cells:
        return None
    return max(cells, key=lambda i: deck[garden.cells[i]].vegetable_number)


def victim(key: str, garden: Garden, deck: tuple[Vegetable, ...]) -> int | None:
    """The cell of the card the Neighbour `key` takes from `garden`, or None (no card taken)."""
    planted = [i for i, card in enumerate(garden.cells) if card >= 0]
    if not planted:
        return None
    kind = {i: deck[garden.cells[i]].name for i in planted}
    if key == "carrotbody":
        near = neighbours_of(garden.rows, garden.cols)
        beside_carrot = [
            i for i in planted if kind[i] != "Carrot" and any(kind.get(j) == "Carrot" for j in near[i])
        ]
        return _highest(beside_carrot or planted, garden, deck)
    if key == "mayor":
        return _highest([i for i in planted if kind[i] in ONION_TOWN_FAVOURITES], garden, deck)
    if key == "leafygreens":
        return _highest([i for i in planted if kind[i] in ROUND_VEGETABLES], garden, deck)
    if key == "sallie":
        return min(planted, key=lambda i: deck[garden.cells[i]].vegetable_number)
    if key == "peapod":
        return _highest(planted, garden, deck)
    if key == "horace":
        counts: dict[str, int] = {}
        for i in planted:
            counts[kind[i]] = counts.get(kind[i], 0) + 1
        most = max(counts.values())
        tied = [t for t, n in counts.items() if n == most]
        best_points = max(deck[garden.cells[i]].points for i in planted if kind[i] in tied)
        chosen = [i for i in planted if kind[i] in tied and deck[garden.cells[i]].points == best_points]
        return _highest(chosen, garden, deck)
    if key == "callahan":
        counts = {}
        for i in planted:
            counts[kind[i]] = counts.get(kind[i], 0) + 1
        return _highest([i for i in planted if counts[kind[i]] == 1], garden, deck)
    return None


def pomme_frites_moves(garden: Garden) -> list[tuple[int, int]]:
    """Move every lone Vegetable as Pomme-Frites does (ruling 8); return the (from, to) moves made.

    Lone Vegetables are listed in reading order (row by row, left to right, inside the plot as it
    stands); each one still lone when its turn comes is lifted and put on the first empty slot, in
    the same reading order, that is next to another Vegetable. Grasshoppers and Roses stay put.
    """
    box = plot_box(garden)
    if box is None:
        return []
    top, bottom, left, right = box
    cols = garden.cols
    near = neighbours_of(garden.rows, cols)
    cells = garden.cells
    order = [r * cols + c for r in range(top, bottom + 1) for c in range(left, right + 1)]

    def lone(i: int) -> bool:
        return cells[i] >= 0 and not any(cells[j] >= 0 for j in near[i])

    moves: list[tuple[int, int]] = []
    for start in [i for i in order if lone(i)]:
        if not lone(start):
            continue
        card = cells[start]
        cells[start] = EMPTY
        target = next(
            (i for i in order if i != start and cells[i] < 0 and any(cells[j] >= 0 for j in near[i])),
            None,
        )
        if target is None:
            cells[start] = card
            continue
        cells[target] = card
        moves.append((start, target))
    return moves
