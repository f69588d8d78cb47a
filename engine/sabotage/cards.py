"""The three decks (and the Bird variant's card), loaded once from the JSON files in `data/`.

Card ids are the markers of hidden information ("plant07", "bug12", "obj33", "bird1"): a view or a
log line that contains another player's card id leaks it. Names ("Tomato") are not secret by
themselves, so log lines speak in names and views of others show counts only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

PLOTS = 2
ROW_PLANTS = 4
ROW_BUGS = 2
OBJECTIVE_HAND_LIMIT = 2
OBJECTIVES_TO_END = 7
GOOD_BUG_BONUS = 2
ACTIONS_PER_TURN = 3


@dataclass(frozen=True, slots=True)
class BugKind:
    """A kind of Bug card: Good ones help their owner's plot, Bad ones are for sabotage."""

    name: str
    good: bool
    count: int
    blurb: str


@dataclass(frozen=True, slots=True)
class Objective:
    """A Garden Objective: plants (kind -> copies) and at most one Good Bug on one plot."""

    id: str
    name: str
    plants: tuple[tuple[str, int], ...]
    bug: str | None
    points: int

    @property
    def plant_cards(self) -> int:
        return sum(count for _, count in self.plants)

    def describe(self) -> str:
        """ "Salad Bowl (2 pts: Lettuce, Tomato)"."""
        parts = [kind if count == 1 else f"{count} {kind}" for kind, count in self.plants]
        if self.bug:
            parts.append(self.bug)
        return f"{self.name} ({self.points} pts: {', '.join(parts)})"


def _load(name: str) -> Any:
    return json.loads(resources.files("engine.sabotage").joinpath("data", name).read_text("utf-8"))


def _load_plants() -> tuple[dict[str, str], list[str], set[str]]:
    """Card id -> kind, kinds in deck order, and the rare kinds."""
    kind_of: dict[str, str] = {}
    kinds: list[str] = []
    rare: set[str] = set()
    for entry in _load("plants.json")["kinds"]:
        kinds.append(entry["name"])
        if entry["rarity"] == "rare":
            rare.add(entry["name"])
        for _ in range(entry["count"]):
            kind_of[f"plant{len(kind_of) + 1:02d}"] = entry["name"]
    return kind_of, kinds, rare


def _load_bugs() -> tuple[dict[str, str], dict[str, BugKind], BugKind]:
    """Card id -> kind name, the kinds by name, and the Bird variant's card kind."""
    data = _load("bugs.json")
    kind_of: dict[str, str] = {}
    kinds: dict[str, BugKind] = {}
    for entry in data["kinds"]:
        kind = BugKind(entry["name"], bool(entry["good"]), int(entry["count"]), entry["blurb"])
        kinds[kind.name] = kind
        for _ in range(kind.count):
            kind_of[f"bug{len(kind_of) + 1:02d}"] = kind.name
    bird = data["bird"]
    return kind_of, kinds, BugKind(bird["name"], True, int(bird["count"]), bird["blurb"])


def _load_objectives() -> dict[str, Objective]:
    objectives: dict[str, Objective] = {}
    for i, entry in enumerate(_load("objectives.json")["objectives"]):
        oid = f"obj{i + 1:02d}"
        plants = tuple(sorted((str(k), int(v)) for k, v in entry["plants"].items()))
        objectives[oid] = Objective(oid, entry["name"], plants, entry["bug"], int(entry["points"]))
    return objectives


PLANT_KIND_OF, PLANT_KINDS, RARE_PLANTS = _load_plants()
BUG_KIND_OF, BUG_KINDS, BIRD = _load_bugs()
OBJECTIVES = _load_objectives()
BIRD_IDS: list[str] = [f"bird{i + 1}" for i in range(BIRD.count)]
GOOD_BUG_KINDS: list[str] = [k.name for k in BUG_KINDS.values() if k.good]
BAD_BUG_KINDS: list[str] = [k.name for k in BUG_KINDS.values() if not k.good]
PLANT_IDS: list[str] = list(PLANT_KIND_OF)
BUG_IDS: list[str] = list(BUG_KIND_OF)
OBJECTIVE_IDS: list[str] = list(OBJECTIVES)


#: Every Plant and Bug card id (Birds included) -> its kind name: one lookup on hot paths.
KIND_OF: dict[str, str] = {**PLANT_KIND_OF, **BUG_KIND_OF, **dict.fromkeys(BIRD_IDS, BIRD.name)}


def bug_kind(card: str) -> str:
    """The kind name of a card from the Bug deck ("Aphid"), the Bird included."""
    return KIND_OF[card]


def is_bird(card: str) -> bool:
    return card.startswith("bird")


def is_bad_bug(card: str) -> bool:
    return not card.startswith("bird") and not BUG_KINDS[BUG_KIND_OF[card]].good


def is_good_bug(card: str) -> bool:
    return not card.startswith("bird") and BUG_KINDS[BUG_KIND_OF[card]].good


def card_name(card: str) -> str:
    """A card's name as players say it ("Tomato", "Ladybug", "Salad Bowl")."""
    if card.startswith("plant"):
        return PLANT_KIND_OF[card]
    if card.startswith("obj"):
        return OBJECTIVES[card].name
    return bug_kind(card)


def a_or_an(word: str) -> str:
    """ "a Tomato", "an Aphid": a card named with its article, as the English says it. Each such
    phrase is one entry of the bot's catalogs (`wording.catalog_data`), so that a language with
    genders says "une Tomate" and "un Haricot"."""
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


def the(word: str, *, up: bool = False) -> str:
    """ "the Tomato" ("The Tomato" with `up`, at the start of a sentence): like `a_or_an`, one
    entry of the catalogs each."""
    return f"{'The' if up else 'the'} {word}"
