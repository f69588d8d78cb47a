"""Options (Neighbour sets, expansions, the fixed grid, the first player), the registry entry, and
the Vegetable deck data file with its loader (ruling 1)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.deck import DATA_FILE, REQUIRED_TYPES, DeckError, load_deck, parse_deck
from engine.cabbagehead.state import CabbageheadOptions
from engine.registry import get_game
from tests.engine.cabbagehead.helpers import CARDS, GAME, new_game


def test_registered_as_cabbagehead_for_one_or_two_players() -> None:
    """The game is registered under "cabbagehead" for 1-2 seats."""
    game = get_game("cabbagehead")
    assert game is GAME and game.title == "Mr. Cabbagehead's Garden"
    assert (game.min_seats, game.max_seats) == (1, 2)


def test_default_neighbours_are_the_original_four() -> None:
    """'For your first game we recommend using the Original Neighbours' (the default)."""
    assert new_game().neighbours == list(nb.ORIGINAL_KEYS)


def test_ruling_16_new_neighbour_set_draws_four_of_the_six_new() -> None:
    """Ruling 16: the 'new' set is 4 of the 6 New Neighbours, drawn from the seed."""
    seen: set[str] = set()
    for seed in range(20):
        keys = new_game(seed=seed, neighbour_set="new").neighbours
        assert len(set(keys)) == 4 and set(keys) <= set(nb.NEW_KEYS)
        seen |= set(keys)
    assert seen == set(nb.NEW_KEYS)


def test_random_neighbour_set_draws_four_of_all_ten() -> None:
    """New Neighbours: 'shuffle all of the Neighbour tiles (old and new) together and choose 4'."""
    seen: set[str] = set()
    for seed in range(30):
        keys = new_game(seed=seed, neighbour_set="random").neighbours
        assert len(set(keys)) == 4
        seen |= set(keys)
    assert seen == set(nb.BY_KEY)
    again = new_game(seed=7, neighbour_set="random").neighbours
    assert new_game(seed=7, neighbour_set="random").neighbours == again


def test_chosen_neighbours_by_name() -> None:
    """Four Neighbours chosen by name (or key), in the order given."""
    chosen = ["Callahan O'Corncob", "pomme_frites", "bernard", "Sallie"]
    state = new_game(neighbour_set="chosen", chosen=chosen)
    assert state.neighbours == ["callahan", "pomme_frites", "bernard", "sallie"]


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (2, {"eudora": True}, "one-player"),
        (1, {"neighbour_set": "chosen", "chosen": ["sallie", "mayor", "horace"]}, "exactly 4"),
        (
            1,
            {"neighbour_set": "chosen", "chosen": ["sallie", "mayor", "horace", "peapod", "bernard"]},
            "exactly 4",
        ),
        (1, {"neighbour_set": "chosen", "chosen": ["sallie", "sallie", "mayor", "horace"]}, "twice"),
        (
            1,
            {"neighbour_set": "chosen", "chosen": ["sallie", "Aunt Nancy", "mayor", "horace"]},
            "no Neighbour",
        ),
        (1, {"neighbour_set": "original", "chosen": ["sallie"]}, "only with the 'chosen'"),
        (3, {}, "1 or 2 players"),
    ],
)
def test_impossible_options_are_refused_with_a_readable_message(
    seats: int, options: dict[str, Any], message: str
) -> None:
    """create raises ValueError with a message a player can read for impossible combinations."""
    with pytest.raises(ValueError, match=message):
        GAME.create(CabbageheadOptions.model_validate(options), seats, 1)


def test_first_seat_must_be_a_seat() -> None:
    """The first-player option is seat 0 or 1 (or None: drawn from the seed)."""
    with pytest.raises(ValueError):
        CabbageheadOptions(first_seat=2)


def test_conformance_options_cover_every_neighbour_and_expansion() -> None:
    """The option sets the conformance suite plays include every Neighbour, Grasshoppers on and off,
    the fixed grid on and off (Romancing Eudora is one-player only: see test_properties)."""
    sets = GAME.conformance_options()
    covered: set[str] = set(nb.ORIGINAL_KEYS)
    for options in sets:
        assert isinstance(options, CabbageheadOptions)
        covered |= set(options.chosen)
    assert covered == set(nb.BY_KEY)
    assert {o.grasshoppers for o in sets} == {True, False}  # type: ignore[attr-defined]
    assert {o.fixed_grid for o in sets} == {True, False}  # type: ignore[attr-defined]
    assert {o.neighbour_set for o in sets} == {"original", "new", "random", "chosen"}  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- the deck (ruling 1)


def test_ruling_1_shipped_deck_keeps_the_rulebooks_facts() -> None:
    """Ruling 1: 45 cards, at least 9 types, the named vegetables, Lettuce worth 4, a type with 5+."""
    assert len(CARDS) == 45
    names = {c.name for c in CARDS}
    assert len(names) >= 9 and set(REQUIRED_TYPES) <= names
    assert {c.points for c in CARDS if c.name == "Lettuce"} == {4}
    assert max(c.type_count for c in CARDS) >= 5
    assert len({c.vegetable_number for c in CARDS}) == 45
    assert sum(1 for c in CARDS if c.name == "Carrot") >= 6  # the rulebook's example garden has 6
    assert all(c.type_count == sum(1 for d in CARDS if d.name == c.name) for c in CARDS)


def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return loaded


def broken(change: str) -> dict[str, Any]:
    doc = copy.deepcopy(data())
    veg = doc["vegetables"]
    if change == "44 cards":
        veg[0]["cards"].pop()
    elif change == "8 types":
        onion = next(v for v in veg if v["name"] == "Onion")
        cabbage = next(v for v in veg if v["name"] == "Cabbage")
        cabbage["cards"] += onion["cards"]
        veg.remove(onion)
    elif change == "no Salsify":
        next(v for v in veg if v["name"] == "Salsify")["name"] = "Parsnip"
    elif change == "Lettuce 5":
        next(v for v in veg if v["name"] == "Lettuce")["points"] = 5
    elif change == "duplicate number":
        veg[1]["cards"][0]["vegetable_number"] = veg[0]["cards"][0]["vegetable_number"]
    elif change == "bad neighbour number":
        veg[0]["cards"][0]["neighbour_number"] = "two"
    elif change == "no list":
        return {"cards": []}
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("44 cards", "45 Vegetable cards, not 44"),
        ("8 types", "at least 9 vegetable types"),
        ("no Salsify", "missing from the file: Salsify"),
        ("Lettuce 5", "Lettuce must be worth 4"),
        ("duplicate number", "must be unique"),
        ("bad neighbour number", "neighbour_number"),
        ("no list", '"vegetables" list'),
    ],
)
def test_ruling_1_loader_refuses_a_deck_that_breaks_the_rulebook(change: str, message: str) -> None:
    """Ruling 1: the loader checks the owner's file and names the problem."""
    with pytest.raises(DeckError, match=message):
        parse_deck(broken(change))


def test_ruling_1_loader_needs_a_type_with_five_cards_for_the_monopoly() -> None:
    """Ruling 1: some vegetable must have at least 5 cards (the Monopoly needs 5 of a type)."""
    doc = {
        "vegetables": [
            {
                "name": name,
                "points": 4 if name == "Lettuce" else 3,
                "cards": [{"vegetable_number": k * 4 + j + 1, "neighbour_number": 1} for j in range(4)],
            }
            for k, name in enumerate([*REQUIRED_TYPES, "Onion", "Cabbage", "Pea", "Bean"])
        ]
    }
    doc["vegetables"].append(
        {"name": "Kale", "points": 2, "cards": [{"vegetable_number": 99, "neighbour_number": 1}]}
    )
    assert sum(len(v["cards"]) for v in doc["vegetables"]) == 45
    with pytest.raises(DeckError, match="Monopoly"):
        parse_deck(doc)


def test_ruling_1_loader_reports_the_file_it_could_not_read(tmp_path: Path) -> None:
    """Ruling 1: an unreadable or invalid file is refused with its path."""
    bad = tmp_path / "vegetables.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DeckError, match="cannot read"):
        load_deck(bad)
    bad.write_text(json.dumps(broken("Lettuce 5")), encoding="utf-8")
    with pytest.raises(DeckError, match=str(bad.name)):
        load_deck(bad)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data()), encoding="utf-8")
    assert load_deck(good) == CARDS
