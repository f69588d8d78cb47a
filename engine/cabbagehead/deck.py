"""The 45 Vegetable cards: loaded from `data/vegetables.json` and checked against the rulebook.

The rulebook fixes only some facts about the deck (45 cards, at least 9 types for the Mixed Plot,
the seven vegetables the Neighbours name, Lettuce worth 4, a type with 5+ cards for the Monopoly);
everything else lives in the data file so an owner can match it to their printed copy. The loader
refuses a file that breaks the rulebook's facts, with a message that names the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "vegetables.json"

#: Vegetables the rulebook names (the Neighbours and the scoring examples rely on them).
REQUIRED_TYPES = ("Carrot", "Turnip", "Salsify", "Radish", "Lettuce", "Pumpkin", "Ruta Baga")
DECK_SIZE = 45


class DeckError(ValueError):
    """The vegetable data file breaks a fact the rulebook fixes; the message says which."""


@dataclass(frozen=True, slots=True)
class Vegetable:
    """One Vegetable card. `index` is its place in the deck data; `card_id` its public marker."""

    index: int
    name: str
    plural: str
    points: int
    #: How many cards of this type the deck holds (printed on every card of the type).
    type_count: int
    vegetable_number: int
    neighbour_number: int

    @property
    def card_id(self) -> str:
        return f"veg{self.vegetable_number}"


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise DeckError(message)


def parse_deck(data: Any) -> tuple[Vegetable, ...]:
    """The cards described by `data` (the JSON document), in file order; DeckError if invalid."""
    _need(
        isinstance(data, dict) and isinstance(data.get("vegetables"), list),
        'the file must be a JSON object with a "vegetables" list',
    )
    cards: list[Vegetable] = []
    names: set[str] = set()
    for position, entry in enumerate(data["vegetables"], start=1):
        _need(isinstance(entry, dict), f"vegetable entry {position} must be an object")
        name = entry.get("name")
        _need(isinstance(name, str) and name.strip() != "", f"vegetable entry {position} needs a name")
        assert isinstance(name, str)
        _need(name not in names, f"the vegetable {name!r} is listed twice")
        names.add(name)
        plural = entry.get("plural", name)
        _need(isinstance(plural, str) and plural != "", f"{name}: plural must be text")
        points = entry.get("points")
        _need(
            isinstance(points, int) and not isinstance(points, bool) and 1 <= points <= 20,
            f"{name}: points must be a whole number from 1 to 20",
        )
        rows = entry.get("cards")
        _need(isinstance(rows, list) and len(rows) > 0, f"{name}: needs a non-empty list of cards")
        assert isinstance(rows, list) and isinstance(points, int) and isinstance(plural, str)
        for card in rows:
            _need(isinstance(card, dict), f"{name}: every card must be an object")
            number = card.get("vegetable_number")
            reveal = card.get("neighbour_number")
            _need(
                isinstance(number, int) and not isinstance(number, bool) and number >= 1,
                f"{name}: vegetable_number must be a positive whole number",
            )
            _need(
                isinstance(reveal, int) and not isinstance(reveal, bool) and 0 <= reveal <= 6,
                f"{name} {number}: neighbour_number must be a whole number from 0 to 6",
            )
            cards.append(Vegetable(len(cards), name, plural, points, len(rows), number, reveal))
    _need(len(cards) == DECK_SIZE, f"the deck must hold {DECK_SIZE} Vegetable cards, not {len(cards)}")
    _need(len(names) >= 9, f"the Mixed Plot needs at least 9 vegetable types; the file has {len(names)}")
    missing = [t for t in REQUIRED_TYPES if t not in names]
    _need(not missing, f"the rulebook names vegetables missing from the file: {', '.join(missing)}")
    lettuce = next(c for c in cards if c.name == "Lettuce")
    _need(lettuce.points == 4, f"Lettuce must be worth 4 points (the rulebook says so), not {lettuce.points}")
    _need(max(c.type_count for c in cards) >= 5, "the Monopoly needs some vegetable with at least 5 cards")
    numbers = [c.vegetable_number for c in cards]
    duplicates = sorted({n for n in numbers if numbers.count(n) > 1})
    _need(not duplicates, f"vegetable numbers must be unique; repeated: {duplicates}")
    return tuple(cards)


def load_deck(path: Path = DATA_FILE) -> tuple[Vegetable, ...]:
    """The cards in `path`; DeckError naming the file and the problem if it is unusable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as problem:
        raise DeckError(f"{path}: cannot read the vegetable data ({problem})") from problem
    try:
        return parse_deck(data)
    except DeckError as problem:
        raise DeckError(f"{path}: {problem}") from problem


@cache
def deck() -> tuple[Vegetable, ...]:
    """The deck every game uses (read once)."""
    return load_deck()
