"""The three decks as data (draft, "Contents"; ruling 1 in docs/rules/sabotage.md)."""

from __future__ import annotations

import itertools
from collections import Counter

from engine.sabotage.cards import (
    BAD_BUG_KINDS,
    BIRD_IDS,
    BUG_IDS,
    BUG_KIND_OF,
    GOOD_BUG_KINDS,
    OBJECTIVES,
    PLANT_IDS,
    PLANT_KIND_OF,
    PLANT_KINDS,
    RARE_PLANTS,
)
from tests.engine.sabotage.helpers import new_game


def test_contents_fifty_plant_cards_in_six_kinds() -> None:
    assert len(PLANT_IDS) == 50
    assert set(PLANT_KIND_OF.values()) == set(PLANT_KINDS) and len(PLANT_KINDS) == 6
    counts = Counter(PLANT_KIND_OF.values())
    assert {kind for kind, n in counts.items() if n <= 7} == RARE_PLANTS


def test_contents_twenty_five_bug_cards_fifteen_good_ten_bad() -> None:
    assert len(BUG_IDS) == 25
    kinds = Counter(BUG_KIND_OF.values())
    assert sum(kinds[k] for k in GOOD_BUG_KINDS) == 15
    assert sum(kinds[k] for k in BAD_BUG_KINDS) == 10


def test_contents_fifty_objectives_with_unique_names() -> None:
    assert len(OBJECTIVES) == 50
    assert len({o.name for o in OBJECTIVES.values()}) == 50


def test_ruling_1_objective_points_follow_the_published_formula() -> None:
    """Points = plant cards + 1 if any rare kind + 2 if a Good Bug is required."""
    for o in OBJECTIVES.values():
        rare = any(kind in RARE_PLANTS for kind, _ in o.plants)
        assert o.points == o.plant_cards + (1 if rare else 0) + (2 if o.bug else 0), o.name


def test_ruling_1_points_rise_with_difficulty() -> None:
    """An objective needing more cards is never worth less than one needing fewer."""
    by_cards: dict[int, list[int]] = {}
    for o in OBJECTIVES.values():
        by_cards.setdefault(o.plant_cards + (1 if o.bug else 0), []).append(o.points)
    sizes = sorted(by_cards)
    for smaller, larger in itertools.pairwise(sizes):
        assert max(by_cards[smaller]) <= max(by_cards[larger])
        assert min(by_cards[smaller]) <= min(by_cards[larger])


def test_ruling_7_objectives_require_only_good_bugs_and_existing_plants() -> None:
    """A Bad Bug blocks completion, so an objective can only ask for a Good Bug (one per plot)."""
    for o in OBJECTIVES.values():
        assert o.bug is None or o.bug in GOOD_BUG_KINDS
        assert all(kind in PLANT_KINDS and n >= 1 for kind, n in o.plants)
        assert 2 <= o.plant_cards <= 4
        # Every objective can be met by the deck: no kind is asked for more often than it exists.
        assert all(n <= Counter(PLANT_KIND_OF.values())[kind] for kind, n in o.plants)


def test_ruling_15_bird_variant_adds_two_birds_to_the_bug_deck() -> None:
    plain = new_game(seats=2)
    bird = new_game(seats=2, bird_variant=True)
    assert len(BIRD_IDS) == 2
    in_play = lambda s: [*s.bug_deck, *(c for c in s.bug_row if c), *(c for p in s.players for c in p.bugs)]  # noqa: E731
    assert not set(BIRD_IDS) & set(in_play(plain))
    assert set(BIRD_IDS) <= set(in_play(bird))
