"""Section I (Setup) of the rulebook, and the rulings that complete it (1, 2, 9, 20, 29)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.garden_party import GAME
from engine.garden_party.cards import (
    CARD_KIND_OF,
    CARD_KINDS,
    DECK_IDS,
    DUEL_KIND_OF,
    GARDENERS,
    GOLDEN_OBJECTS,
    PLANT_KINDS,
    TALENTS,
    is_chance,
    talent_of,
)
from engine.garden_party.state import GardenPartyOptions
from engine.registry import get_game
from tests.engine.garden_party.helpers import act, codes, rig_rolls


def test_the_game_is_registered_for_three_to_six_players() -> None:
    """I (the die): "The game requires at least three participants." Six gardeners, six seats."""
    assert get_game("garden_party") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (3, 6)
    for seats in (2, 7):
        with pytest.raises(ValueError):
            GAME.create(GardenPartyOptions(), seats, 0)
    for seats in range(3, 7):
        assert len(GAME.create(GardenPartyOptions(), seats, 0).players) == seats


def test_each_player_chooses_a_gardener_and_no_two_share_one() -> None:
    """I, The gardeners (1) and ruling 20: gardeners are chosen in seat order, each seat from those
    left."""
    state = GAME.create(GardenPartyOptions(), 4, 3)
    assert state.phase == "gardener" and GAME.to_move(state) == [0]
    assert len(codes(state, 0)) == 6
    act(state, "gardener:baron", 0)
    assert GAME.to_move(state) == [1]
    assert "gardener:baron" not in codes(state, 1) and len(codes(state, 1)) == 5
    assert GAME.legal_actions(state, 2) == []
    act(state, "gardener:duchess", 1)
    act(state, "gardener:countess", 2)
    assert state.phase == "gardener" and len(codes(state, 3)) == 3
    act(state, "gardener:professor", 3)
    assert [p.gardener for p in state.players] == ["baron", "duchess", "countess", "professor"]
    assert state.phase != "gardener"


def test_gardeners_are_dealt_at_random_when_not_chosen() -> None:
    """Ruling 20: with `choose_gardeners` off the gardeners are dealt, all different, and play
    begins at once; different seeds deal differently."""
    deals = set()
    for seed in range(8):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False), 5, seed)
        gardeners = [p.gardener for p in state.players]
        assert len(set(gardeners)) == 5 and set(gardeners) <= set(GARDENERS)
        assert state.phase == "roll" and state.round == 1  # the first player rolls first (III B)
        deals.add(tuple(gardeners))
    assert len(deals) > 1


def test_every_gardener_has_two_collectors_flowers_a_figure_in_the_greenhouse_nine_pots_three_vases() -> None:
    """I (2), (3), (4), (5): two collector's flowers beside the gardener card, the figure in its own
    greenhouse, nine pots each with one seed, three empty golden vases."""
    state = GAME.create(GardenPartyOptions(choose_gardeners=False), 6, 11)
    view = GAME.view(state, None)
    for seat, player in enumerate(state.players):
        assert player.flowers_left == 2
        assert player.square == f"G{seat}"
        assert len(player.pots) == 9
        assert all(pot is not None and pot.stage == "seed" for pot in player.pots)
        assert player.vases == [] and player.golden == []  # water: ruling 31
        seat_view = view.seats[seat]
        assert seat_view.own_flowers_left == 2 and seat_view.vases == []
        assert seat_view.square_name.endswith("greenhouse")


def test_three_action_decks_of_thirty_cards_each_with_two_chance_cards_shuffled_in() -> None:
    """I (The action cards, The chance cards), IV B ("There are 30 action cards per talent") and
    ruling 10 (revised in issue 28: it made each deck 28 action cards and 2 chance cards): the three
    decks are Bricanology, Herbanology and Plantanology, each the 30 action cards of its talent
    with its two chance cards shuffled in ("six chance cards ... which you shuffle into the action
    card deck of the matching talent"), 32 cards; each deck is shuffled (two seeds give two
    orders)."""
    assert set(DECK_IDS) == set(TALENTS)
    for talent, ids in DECK_IDS.items():
        assert len(ids) == 32 and len(set(ids)) == 32
        assert sum(is_chance(c) for c in ids) == 2
        assert all(talent_of(c) == talent for c in ids)
        assert sum(k.count for k in CARD_KINDS.values() if k.talent == talent and k.timing) == 30
    assert len(GOLDEN_OBJECTS) == 6
    a = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, 1)
    b = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, 2)
    assert a.decks["bricanology"] != b.decks["bricanology"]
    for state in (a, b):
        assert len(state.golden_deck) == 6 and state.chance_set_aside == []


def test_starting_hand_is_one_card_from_each_deck() -> None:
    """I, The starting hand (11): each player draws one card from each action deck."""
    for seats in range(3, 7):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False), seats, seats)
        for player in state.players:
            assert sorted(talent_of(c) for c in player.hand) == sorted(TALENTS)
        assert sum(len(d) for d in state.decks.values()) == 96 - 3 * seats


def test_a_chance_card_is_never_dealt_into_a_starting_hand() -> None:
    """Ruling 9: a chance card dealt into a starting hand goes under its deck and is replaced, so
    golden objects are found in play. At six players each deck deals six cards, and a deal without
    the ruling would hand out a chance card in about three deals out of four."""
    for seed in range(60):
        shuffled = GAME.create(GardenPartyOptions(choose_gardeners=False), 6, seed)
        for player in shuffled.players:
            assert not any(is_chance(c) for c in player.hand)
            assert len(player.hand) == 3
        assert sum(is_chance(c) for d in shuffled.decks.values() for c in d) == 6
        assert all(p.golden == [] for p in shuffled.players)


def test_the_duel_cards_are_shuffled_sixteen_cards() -> None:
    """I, The duel cards (12) and ruling 12: sixteen duel cards, shuffled."""
    a = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, 1)
    b = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, 5)
    assert sorted(a.duel_deck) == sorted(DUEL_KIND_OF) and len(a.duel_deck) == 16
    assert a.duel_deck != b.duel_deck
    assert Counter(DUEL_KIND_OF.values()) == {
        "nothing_seen": 3,
        "red_handed": 2,
        "dice_contest": 5,
        "good_mood": 3,
        "bad_mood": 3,
    }


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_plant_tokens_are_pre_selected_for_the_number_of_players(seats: int) -> None:
    """I, The plant tokens ("pre-select the plant tokens according to the table") and ruling 1: the
    tokens in play are the table's column for the player count, nine a player."""
    table = {
        "weed": (1, 2, 3, 4),
        "mouldy": (2, 3, 4, 5),
        "green": (8, 9, 10, 11),
        "yellow": (4, 5, 6, 7),
        "red": (4, 5, 6, 7),
        "orange": (3, 4, 5, 6),
        "violet": (2, 3, 4, 5),
        "white": (2, 3, 4, 5),
        "blue": (1, 2, 3, 4),
    }
    state = GAME.create(GardenPartyOptions(choose_gardeners=False), seats, 7)
    assert len(state.token_kinds) == 9 * seats
    assert Counter(state.token_kinds) == {kind: counts[seats - 3] for kind, counts in table.items()}
    in_pots = sorted(p.token for player in state.players for p in player.pots if p is not None)
    assert in_pots == list(range(9 * seats))


def test_the_plant_table_points_rise_with_rarity() -> None:
    """Ruling 1 and VII C: weeds -10, mouldy seeds nothing, then green 1, yellow 2, red 3, orange 4,
    violet 5, white 6, blue 8: seven colours."""
    points = {kind: plant.points for kind, plant in PLANT_KINDS.items()}
    assert points == {
        "weed": -10,
        "mouldy": 0,
        "green": 1,
        "yellow": 2,
        "red": 3,
        "orange": 4,
        "violet": 5,
        "white": 6,
        "blue": 8,
    }
    assert [k for k, p in PLANT_KINDS.items() if p.colour] == [
        "green",
        "yellow",
        "red",
        "orange",
        "violet",
        "white",
        "blue",
    ]


def test_one_random_seed_in_each_pot_dealt_differently_by_seed() -> None:
    """I, The plant tokens (13): the seeds are shuffled and one goes, at random, in each pot."""
    layouts = set()
    for seed in range(6):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, seed)
        layouts.add(tuple(state.token_kinds[p.token] for pl in state.players for p in pl.pots if p))
    assert len(layouts) == 6


def test_seeds_are_unseen_by_everyone_at_the_start() -> None:
    """I, The plant tokens: seeds are placed "without looking at its other face" (ruling 23: hidden
    from everyone, the owner included)."""
    state = GAME.create(GardenPartyOptions(choose_gardeners=False), 4, 2)
    for viewer in [None, 0, 1, 2, 3]:
        for seat_view in GAME.view(state, viewer).seats:
            assert all(
                pot.stage == "seed" and pot.kind is None and pot.colour is None for pot in seat_view.pots
            )


def test_the_gardeners_talents_and_flowers() -> None:
    """Ruling 2 and IV A: each gardener has Bricanology, Herbanology and Plantanology 1, 2 and 3 in
    an order of their own, and a collector's flower of their own."""
    table = {
        "countess": (1, 2, 3, "Pomedamour Peony"),
        "professor": (3, 1, 2, "Prenracine Orchid"),
        "marquise": (2, 3, 1, "Sansunradis Lily"),
        "baron": (1, 3, 2, "Anléchoux Tulip"),
        "philipus": (2, 1, 3, "Senpalarose Rose"),
        "duchess": (3, 2, 1, "Herbefolles Iris"),
    }
    for gardener_id, (bri, her, pla, flower) in table.items():
        gardener = GARDENERS[gardener_id]
        assert gardener.talents == {"bricanology": bri, "herbanology": her, "plantanology": pla}
        assert gardener.flower == flower
    assert GARDENERS["baron"].highest == "herbanology"  # VI: Philipus pays three Herbanology cards
    assert len({tuple(g.talents.values()) for g in GARDENERS.values()}) == 6


def test_the_water_tokens_are_a_supply_and_everyone_starts_with_none() -> None:
    """I, The water tokens (15): "Place them within reach of everyone": nobody holds one at the
    start (VI: the Countess takes her first water during play). Ruling 31, revised in issue 28:
    the text's equal start is the default; the board shows it."""
    for seats in range(3, 7):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False), seats, 4)
        assert [p.water for p in state.players] == [0] * seats
        view = GAME.view(state, None)
        assert [s.water for s in view.seats] == [0] * seats
        assert all(s.water_limit == 3 for s in view.seats)
    assert GardenPartyOptions().balanced_start is False


def test_the_balancing_start_gives_later_players_water() -> None:
    """Ruling 31, the balancing start (a variant, off by default): counted from the first player,
    the first gardener starts with none, the second with one, every later one with two (at six
    players, one), and the board shows it."""
    for seats, expected in ((3, [0, 1, 2]), (5, [0, 1, 2, 2, 2]), (6, [0, 1, 1, 1, 1, 1])):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False, balanced_start=True), seats, 4)
        first = state.first_seat
        by_place = [state.players[(first + place) % seats].water for place in range(seats)]
        assert by_place == expected
        view = GAME.view(state, None)
        assert [s.water for s in view.seats] == [p.water for p in state.players]


def test_everyone_rolls_and_the_highest_begins_then_play_goes_clockwise() -> None:
    """I, The die (16) and ruling 29: the highest roll begins, and play continues clockwise."""
    state = GAME.create(GardenPartyOptions(), 3, 0)
    act(state, "gardener:countess", 0)
    act(state, "gardener:baron", 1)
    rig_rolls(state, 4, 9, 6)
    events = act(state, "gardener:duchess", 2)
    assert state.first_seat == 1 and state.turn.seat == 1
    first = next(e for e in events if e.kind == "first_player")
    assert first.seats == {"first": 1} and first.fields["roll"] == 9


def test_a_tie_for_the_highest_roll_rolls_again_among_the_tied() -> None:
    """Ruling 29 and I, The die: "In case of a tie, a new roll is made between the highest results."
    Seats 1 and 2 tie on 9 (seat 0's 5 is out); the new roll 6 against 8 gives seat 2 the start."""
    state = GAME.create(GardenPartyOptions(), 3, 0)
    act(state, "gardener:countess", 0)
    act(state, "gardener:baron", 1)
    rig_rolls(state, 5, 9, 9, 6, 8)
    events = act(state, "gardener:duchess", 2)
    assert state.first_seat == 2
    assert next(e for e in events if e.kind == "first_player").fields["roll"] == 8


def test_rolls_are_between_four_and_nine_and_use_every_face() -> None:
    """I, The die: the die bears numbers from 4 to 9 (III B: the movement roll)."""
    rolls: Counter[int] = Counter()
    for seed in range(300):
        state = GAME.create(GardenPartyOptions(choose_gardeners=False), 3, seed)
        GAME.apply(state, state.turn.seat, next(iter(GAME.legal_actions(state, state.turn.seat))))
        rolls[state.turn.roll] += 1
    assert set(rolls) == {4, 5, 6, 7, 8, 9}
    assert min(rolls.values()) > 20


def test_the_box_card_kinds_of_each_deck() -> None:
    """Ruling 10: the designed decks, card by card (kind, timing and copies; ruling 30's revision:
    two Best in Show, five Seed Packets and five Grafts, three Grow Lamps, five Morning Dews; issue
    28's 30 a talent (IV B): a fifth Wheelbarrow, Catapult, Cold Snap, Botanist's Eye and Pollen
    Storm and a third Nettles)."""
    expected = {
        "bricanology": {
            "leaky_can": ("blue", 5),
            "wheelbarrow": ("blue", 5),
            "catapult": ("blue", 5),
            "hoe": ("blue", 2),
            "tripwire": ("orange", 5),
            "padlock": ("orange", 4),
            "alibi": ("mauve", 4),
        },
        "herbanology": {
            "fertiliser": ("blue", 6),
            "rain_shower": ("blue", 4),
            "grow_lamp": ("blue", 3),
            "cold_snap": ("orange", 5),
            "morning_dew": ("orange", 5),
            "nettles": ("mauve", 3),
            "compost": ("pink", 4),
        },
        "plantanology": {
            "seed_packet": ("blue", 5),
            "botanists_eye": ("blue", 5),
            "graft": ("blue", 5),
            "seed_swap": ("blue", 4),
            "pollen_storm": ("orange", 5),
            "witness": ("mauve", 4),
            "best_in_show": ("pink", 2),
        },
    }
    for talent, cards in expected.items():
        in_deck = Counter(CARD_KIND_OF[c] for c in DECK_IDS[talent] if not is_chance(c))
        assert in_deck == {kind: count for kind, (_, count) in cards.items()}
        for kind, (timing, _) in cards.items():
            assert CARD_KINDS[kind].timing == timing and CARD_KINDS[kind].talent == talent
