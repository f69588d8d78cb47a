"""Garden Party's fixed data, loaded once from the JSON files in `data/`: plant tokens, gardeners,
the three action decks, golden objects and duel cards.

Card ids ("bri07", "her29", "duel03", "gold2") and plant token ids ("tok17") are the markers of
hidden information: a view or a log line holding the id of a card in someone else's hand, of a card
still in a deck, or of a seed nobody has seen, leaks it. Names ("Leaky Can", "Violet") are not
secret by themselves, so views of others show counts and log lines speak of revealed things only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

Talent = Literal["bricanology", "herbanology", "plantanology"]
Timing = Literal["blue", "orange", "mauve", "pink"]

TALENTS: tuple[Talent, ...] = ("bricanology", "herbanology", "plantanology")
TALENT_NAMES: dict[str, str] = {
    "bricanology": "Bricanology",
    "herbanology": "Herbanology",
    "plantanology": "Plantanology",
}
TIMING_WHEN: dict[str, str] = {
    "blue": "your turn",
    "orange": "a competitor's turn",
    "mauve": "a duel",
    "pink": "the end of the game",
}

POTS = 9
VASES = 3
WATER_LIMIT = 3
COLLECTOR_COPIES = 2
GOLDEN_LIMIT = 2
#: The die's faces (rules I "The die": 4 to 9; a standard die plus 3 gives the same).
DIE_LOW, DIE_HIGH = 4, 9
#: What a visit may take from one greenhouse (rules III D 4, ruling 7): two seeds or sprouts
#: (a weed counts as a sprout), or one bud.
VISIT_CAPACITY = 2
#: Cards paid for a cancellation (rules III C) and for a collector's flower (rules III D 3).
CANCEL_COST = 2
COLLECTOR_COST = 3


def _load(name: str) -> Any:
    return json.loads(resources.files("engine.garden_party").joinpath("data", name).read_text("utf-8"))


@dataclass(frozen=True, slots=True)
class PlantKind:
    """A kind of plant token: a colour (flowering plants score `points`), a weed or a mouldy seed."""

    kind: str
    name: str
    counts: tuple[int, int, int, int]
    points: int
    colour: bool

    def count_for(self, players: int) -> int:
        """Tokens of this kind used at `players` (3-6): the pre-selection rule."""
        return self.counts[players - 3]


@dataclass(frozen=True, slots=True)
class Composition:
    name: str
    same: bool
    size: int
    points: int


@dataclass(frozen=True, slots=True)
class Gardener:
    id: str
    name: str
    short: str
    talents: dict[str, int]
    flower: str

    @property
    def highest(self) -> Talent:
        """The talent a rival pays in to take this gardener's collector's flower."""
        return max(TALENTS, key=lambda t: self.talents[t])


@dataclass(frozen=True, slots=True)
class CardKind:
    """A kind of action card (or the chance card) of one deck."""

    id: str
    name: str
    talent: Talent
    timing: Timing | None
    count: int
    target: str | None
    effect: str


@dataclass(frozen=True, slots=True)
class GoldenObject:
    id: str
    name: str
    effect: str


@dataclass(frozen=True, slots=True)
class DuelCard:
    id: str
    name: str
    count: int
    rule: Literal["win", "lose", "contest", "at_most"]
    limit: int
    text: str


def _plants() -> tuple[dict[str, PlantKind], tuple[Composition, ...], int]:
    data = _load("plants.json")
    kinds = {
        e["kind"]: PlantKind(e["kind"], e["name"], tuple(e["counts"]), int(e["points"]), bool(e["colour"]))
        for e in data["kinds"]
    }
    compositions = tuple(
        Composition(c["name"], bool(c["same"]), int(c["size"]), int(c["points"]))
        for c in data["compositions"]
    )
    return kinds, compositions, int(data["collector_flower_points"])


def _gardeners() -> dict[str, Gardener]:
    return {
        g["id"]: Gardener(g["id"], g["name"], g["short"], dict(g["talents"]), g["flower"])
        for g in _load("gardeners.json")["gardeners"]
    }


CHANCE = "chance"


def _cards() -> tuple[dict[str, CardKind], dict[str, str], dict[str, list[str]]]:
    """Card kinds by id, card id -> kind id, and each deck's card ids in box order."""
    data = _load("actions.json")
    kinds: dict[str, CardKind] = {}
    kind_of: dict[str, str] = {}
    decks: dict[str, list[str]] = {}
    for talent in TALENTS:
        ids: list[str] = []
        entries = [*data["decks"][talent]]
        for e in entries:
            kinds[e["id"]] = CardKind(
                e["id"], e["name"], talent, e["timing"], int(e["count"]), e["target"], e["effect"]
            )
        chance = CardKind(
            f"{CHANCE}_{talent}",
            "Chance card",
            talent,
            None,
            int(data["chance_cards_per_deck"]),
            None,
            "Draw a golden object.",
        )
        kinds[chance.id] = chance
        for e in [*entries, {"id": chance.id, "count": chance.count}]:
            for _ in range(int(e["count"])):
                card = f"{talent[:3]}{len(ids) + 1:02d}"
                ids.append(card)
                kind_of[card] = e["id"]
        decks[talent] = ids
    return kinds, kind_of, decks


def _golden() -> dict[str, GoldenObject]:
    return {
        g["id"]: GoldenObject(g["id"], g["name"], g["effect"])
        for g in _load("golden_objects.json")["objects"]
    }


def _duels() -> tuple[dict[str, DuelCard], dict[str, str]]:
    cards: dict[str, DuelCard] = {}
    kind_of: dict[str, str] = {}
    for e in _load("duels.json")["cards"]:
        card = DuelCard(e["id"], e["name"], int(e["count"]), e["rule"], int(e["limit"]), e["text"])
        cards[card.id] = card
        for _ in range(card.count):
            kind_of[f"duel{len(kind_of) + 1:02d}"] = card.id
    return cards, kind_of


PLANT_KINDS, COMPOSITIONS, COLLECTOR_POINTS = _plants()
COLOURS: tuple[str, ...] = tuple(k for k, p in PLANT_KINDS.items() if p.colour)
GARDENERS = _gardeners()
CARD_KINDS, CARD_KIND_OF, DECK_IDS = _cards()
#: Water tokens each gardener starts with in the balancing start (a variant, ruling 31), by player
#: count and place in turn order (the last stands for later places).
STARTING_WATER: dict[int, tuple[int, ...]] = {
    int(count): tuple(tokens) for count, tokens in _load("setup.json")["starting_water_by_turn_order"].items()
}
#: What each Best in Show adds to a flowering plant (ruling 30).
BEST_IN_SHOW_POINTS = int(_load("actions.json")["best_in_show_points"])
GOLDEN_OBJECTS = _golden()
GOLDEN_IDS: dict[str, str] = {f"gold{i + 1}": g for i, g in enumerate(GOLDEN_OBJECTS)}
DUEL_CARDS, DUEL_KIND_OF = _duels()
#: Action card kinds by timing colour, in deck order (window menus list them so).
KINDS_BY_TIMING: dict[str, list[str]] = {
    timing: [k.id for k in CARD_KINDS.values() if k.timing == timing] for timing in TIMING_WHEN
}


def card_kind(card: str) -> CardKind:
    """The kind of an action-deck card id ("bri07" -> Leaky Can)."""
    return CARD_KINDS[CARD_KIND_OF[card]]


def is_chance(card: str) -> bool:
    return CARD_KIND_OF[card].startswith(CHANCE)


def talent_of(card: str) -> Talent:
    return CARD_KINDS[CARD_KIND_OF[card]].talent


def colour_rank(kind: str) -> int:
    """Rarity order of a colour (0 = Green, the commonest)."""
    return COLOURS.index(kind)
