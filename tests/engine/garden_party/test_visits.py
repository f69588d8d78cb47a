"""Sections III D 3 (collector's flowers), III D 4 (exchanging and stealing plants) and IV E (duels),
with rulings 6, 7, 8, 12 and 15."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.api import Event, IllegalAction
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.cards import CARD_KIND_OF, DUEL_CARDS, talent_of
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    begin_turn,
    codes,
    empty,
    end_turn,
    event,
    give,
    give_golden,
    kinds,
    new_game,
    pass_windows,
    plant,
    play,
    rig_rolls,
    set_hand,
    settle,
    stack_duel,
    stage_of,
    timeout_code,
    token_at,
)

# ---------------------------------------------------------------------------------------------
# III D 3: collector's flowers (rulings 6 and 15)


def side_by_side(square: str = "C", seats: int = 3) -> GardenPartyState:
    """The Countess (seat 0) and the Baron (seat 1, highest talent Herbanology) on one square."""
    state = new_game(seats, gardeners=["countess", "baron", "duchess", "professor", "marquise", "philipus"])
    state.players[0].square = square
    state.players[1].square = square
    begin_turn(state, 0)
    return state


def test_three_cards_of_the_rivals_highest_talent_buy_their_collectors_flower() -> None:
    """III D 3 and ruling 6: on the same square as a competitor, discard three action cards of the
    talent of the opponent's highest talent; the flower goes into an empty golden vase (VI: Philipus
    pays three Herbanology cards for the Baron's)."""
    state = side_by_side()
    paid = set_hand(state, 0, "fertiliser", "rain_shower", "compost", "graft")
    events = act(state, "collect:1")
    assert state.players[0].vases == ["baron"] and state.players[1].flowers_left == 1
    assert [CARD_KIND_OF[c] for c in state.players[0].hand] == ["graft"]
    assert state.decks["herbanology"][-3:] == paid[:3]
    flower = event(events, "collector_flower")
    assert flower.fields["flower"] == "Anléchoux Tulip" and flower.seats == {"gardener": 0, "rival": 1}
    assert GAME.view(state, 2).seats[0].vases == ["Anléchoux Tulip"]


def test_cards_of_another_talent_do_not_buy_the_flower() -> None:
    """III D 3: the cards must be of the rival's highest talent (the Baron: Herbanology)."""
    state = side_by_side()
    set_hand(state, 0, "fertiliser", "rain_shower", "graft", "graft", "graft", "leaky_can")
    assert "collect:1" not in codes(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("collect:1"))


def test_the_payment_is_the_cards_of_that_talent_held_longest() -> None:
    """Ruling 15: a collector's flower's three cards are the cards of that talent held the longest,
    discarded face down under their deck."""
    state = side_by_side()
    cards = set_hand(state, 0, "compost", "graft", "fertiliser", "morning_dew", "cold_snap")
    act(state, "collect:1")
    assert state.players[0].hand == [cards[1], cards[4]]
    assert state.decks["herbanology"][-3:] == [cards[0], cards[2], cards[3]]


def test_the_flower_may_be_taken_on_any_shared_square() -> None:
    """Ruling 6: any square: a lawn, a pavement or the central square (VI: Philipus meets the Baron
    one step from the centre)."""
    for square in ("C", "P2", "L2"):
        state = side_by_side(square)
        set_hand(state, 0, "fertiliser", "fertiliser", "fertiliser")
        assert "collect:1" in codes(state)


def test_no_flower_from_a_competitor_on_another_square() -> None:
    """III D 3: only "on the same square as a competitor"."""
    state = side_by_side()
    state.players[1].square = "P1"
    set_hand(state, 0, "fertiliser", "fertiliser", "fertiliser")
    assert "collect:1" not in codes(state)


def test_more_than_one_collectors_flower_a_turn() -> None:
    """III D 3 and ruling 6 (revised in issue 28: it allowed one a turn, which the text does not
    say): with the cards for both, a gardener takes the flowers of two rivals on its square in one
    turn."""
    state = side_by_side()
    state.players[2].square = "C"  # the Duchess, highest talent Bricanology
    set_hand(state, 0, "fertiliser", "fertiliser", "fertiliser", "leaky_can", "leaky_can", "tripwire")
    act(state, "collect:1")
    assert "collect:2" in codes(state)
    act(state, "collect:2")
    assert state.players[0].vases == ["baron", "duchess"]


def test_both_flowers_of_one_gardener_may_be_taken() -> None:
    """III D 3, I ("two copies") and ruling 6 (revised in issue 28: it allowed one flower of each
    gardener, which the text does not say): a gardener may hold both of a rival's flowers, paying
    three cards for each; then that rival has none left to take."""
    state = side_by_side()
    set_hand(state, 0, *["fertiliser"] * 6)
    act(state, "collect:1")
    act(state, "collect:1")
    assert state.players[0].vases == ["baron", "baron"] and state.players[1].flowers_left == 0
    assert "collect:1" not in codes(state)


def test_three_golden_vases_hold_three_flowers_and_no_more() -> None:
    """I (5) and ruling 6: three vases: a fourth flower is not offered."""
    state = side_by_side(seats=5)
    for seat in (2, 3, 4):
        state.players[seat].square = "C"
    state.players[0].vases = ["baron", "duchess", "professor"]
    set_hand(state, 0, *["graft"] * 3)  # the Marquise's highest talent is Herbanology: not these
    give(state, 0, *["fertiliser"] * 3)
    assert not any(c.startswith("collect:") for c in codes(state))


def test_each_gardener_has_only_two_collectors_flowers() -> None:
    """I (2): each gardener owns two copies of their flower: once two rivals took one, a third
    cannot."""
    state = side_by_side(seats=4)
    state.players[1].flowers_left = 0
    set_hand(state, 0, *["fertiliser"] * 3)
    assert "collect:1" not in codes(state)


def test_a_flower_in_a_vase_is_protected() -> None:
    """III D 3: the flower is "completely protected from penalties, action cards, thefts, exchanges":
    a lost duel, a visit and the cards leave the vases as they are."""
    state = side_by_side()
    state.players[0].vases = ["baron"]
    all_seeds(state)
    state.players[1].square = "C"
    state.players[2].square = "G1"
    begin_turn(state, 2)
    set_hand(state, 2)
    act(state, "swap:0:0")
    stack_duel(state, "red_handed")
    end_turn(state)
    assert state.players[0].vases == ["baron"]
    assert not any("vase" in c for c in codes(state))


# ---------------------------------------------------------------------------------------------
# III D 4: exchanging and stealing (ruling 7)


def visiting(owner: int = 1, seats: int = 3) -> GardenPartyState:
    """Seat 0 in seat `owner`'s greenhouse (the owner away on the central square); all seeds."""
    state = new_game(seats, points=9)
    all_seeds(state)
    state.players[owner].square = "C"
    act(state, f"move:G{owner}")
    return state


def test_two_seeds_may_be_exchanged_but_not_a_third() -> None:
    """III D 4 and ruling 7: "You may exchange two of your plants at the seed or sprout stage"."""
    state = visiting()
    mine, theirs = token_at(state, 0, 0), token_at(state, 1, 5)
    act(state, "swap:0:5")
    assert token_at(state, 0, 0) == theirs and token_at(state, 1, 5) == mine
    act(state, "swap:1:6")
    assert not any(c.startswith(("swap:", "steal:")) for c in codes(state))


def test_a_single_bud_is_the_whole_visit() -> None:
    """III D 4 and ruling 7: "or a single one at the bud stage": a bud weighs two."""
    state = visiting()
    plant(state, 0, 0, "red", "bud")
    plant(state, 1, 0, "blue", "bud")
    assert "swap:0:0" in codes(state)
    act(state, "swap:0:0")
    assert state.turn.taken == {1: 2}
    assert not any(c.startswith(("swap:", "steal:")) for c in codes(state))


def test_after_one_seed_no_bud_may_be_taken() -> None:
    """Ruling 7: the plants taken weigh at most two: a seed (one) leaves no room for a bud (two)."""
    state = visiting()
    plant(state, 0, 8, "red", "bud")
    plant(state, 1, 8, "blue", "bud")
    act(state, "swap:0:0")
    assert "swap:8:8" not in codes(state)
    assert "swap:1:1" in codes(state)


def test_only_plants_of_the_same_stage_are_exchanged() -> None:
    """III D 4: "Only plants of the same stage may be exchanged": a seed for a seed, a sprout for a
    sprout, a bud for a bud."""
    state = visiting()
    plant(state, 1, 0, "red", "sprout")
    plant(state, 1, 1, "red", "bud")
    plant(state, 0, 4, "yellow", "sprout")
    offered = [c for c in codes(state) if c.startswith("swap:")]
    assert "swap:4:0" in offered
    assert not any(c.endswith(":1") for c in offered)  # no bud of mine for their bud
    assert not any(c.split(":")[1] != "4" and c.endswith(":0") for c in offered)  # seeds not for it
    assert not any(c.startswith("swap:4:") and c != "swap:4:0" for c in offered)


def test_a_weed_is_exchanged_as_a_sprout() -> None:
    """V B and ruling 7: a weed is got rid of by exchanging it in an opponent's greenhouse; it passes
    as a sprout (VI: the Marquise exchanges a weed for a violet sprout)."""
    state = visiting()
    weed = plant(state, 0, 3, "weed", "weed")
    violet = plant(state, 1, 2, "violet", "sprout")
    assert "swap:3:2" in codes(state)
    act(state, "swap:3:2")
    assert token_at(state, 1, 2) == weed and token_at(state, 0, 3) == violet
    assert stage_of(state, 1, 2) == "weed"


def test_stealing_puts_the_plant_in_an_empty_pot() -> None:
    """III D 4 and ruling 7: "the stolen plants must be placed in the empty pots of your greenhouse"
    (the first one); with no empty pot there is no theft (VI: the Marquise steals a white sprout)."""
    state = visiting()
    assert not any(c.startswith("steal:") for c in codes(state))
    empty(state, 0, 6)
    empty(state, 0, 2)
    white = plant(state, 1, 4, "white", "sprout")
    assert "steal:4:2" in codes(state) and "steal:4:6" not in codes(state)
    act(state, "steal:4:2")
    assert token_at(state, 0, 2) == white and state.players[1].pots[4] is None
    assert state.turn.taken == {1: 1}


def test_exchange_and_theft_share_the_limit() -> None:
    """III D 4: "you may both exchange and steal plants without exceeding the limit of two seeds or
    sprouts, or one bud"."""
    state = visiting()
    empty(state, 0, 8)
    act(state, "swap:0:0")
    act(state, "steal:1:8")
    assert state.turn.taken == {1: 2}
    assert not any(c.startswith(("swap:", "steal:")) for c in codes(state))


def test_flowering_plants_are_never_exchanged_or_stolen() -> None:
    """V D: "it is strictly forbidden to commit any bad action against a flowering plant (theft,
    exchange ...)": neither theirs nor mine moves (ruling 7)."""
    state = visiting()
    empty(state, 0, 8)
    plant(state, 1, 3, "blue", "flower")
    plant(state, 0, 3, "blue", "flower")
    for code in codes(state):
        if code.startswith("swap:"):
            assert code.split(":")[1] != "3" and code.split(":")[2] != "3"
        if code.startswith("steal:"):
            assert code.split(":")[1] != "3"


def test_the_seeds_moved_stay_unseen() -> None:
    """Ruling 7: "The seeds moved stay unseen": after an exchange of seeds neither side's view shows
    their kind."""
    state = visiting()
    plant(state, 1, 5, "blue")
    events = act(state, "swap:0:5")
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view.seats[0].pots[0].kind is None and view.seats[1].pots[5].kind is None
    swapped = event(events, "exchanged")
    assert swapped.fields["taken"] == "seed" and "Blue" not in swapped.text


def test_each_greenhouse_visited_has_its_own_limit() -> None:
    """Ruling 7: per competitor's greenhouse per turn: two seeds from one, then two from another."""
    state = new_game(3, points=9)
    all_seeds(state)
    state.turn.points = 20
    state.players[1].square = state.players[2].square = "C"
    act(state, "move:G1")
    act(state, "swap:0:0")
    act(state, "swap:1:1")
    act(state, "move:G2")
    act(state, "swap:2:2")
    act(state, "swap:3:3")
    assert state.turn.taken == {1: 2, 2: 2} and state.turn.visits == [1, 2]


def test_leaving_and_coming_back_does_not_renew_the_limit() -> None:
    """Ruling 7: the limit is per greenhouse per turn, not per entry."""
    state = visiting()
    state.turn.points = 9
    act(state, "swap:0:0")
    act(state, "swap:1:1")
    act(state, "move:L1")
    act(state, "move:G1")
    assert not any(c.startswith("swap:") for c in codes(state))
    assert state.turn.visits == [1]


def test_the_marquises_example_turn_leaves_four_points() -> None:
    """VI and ruling 33: the Marquise rolls 9 and moves 10 with her Four-Leaf Clover, goes from her
    greenhouse to the central square (3, as the Countess does), draws a Plantanology card, goes on
    to the absent Baron's greenhouse (3), exchanges a weed for a violet sprout and steals a white
    sprout. The text says "She has 1 movement point left"; III B charges a point a square and
    nothing else, so 10 - 3 - 3 = 4 are left, and one of them takes her out to the lawn."""
    state = new_game(3, gardeners=["marquise", "baron", "countess"])
    all_seeds(state)
    give_golden(state, 0, "clover")
    plant(state, 0, 2, "weed", "weed")
    empty(state, 0, 8)
    plant(state, 1, 4, "violet", "sprout")
    plant(state, 1, 5, "white", "sprout")
    state.players[1].square = "C"  # the Baron is absent
    state.phase = "roll"
    rig_rolls(state, 9)
    act(state, "roll")
    pass_windows(state)
    assert state.turn.points == 10
    act(state, "move:C")
    act(state, "draw:plantanology")  # Plantanology 1: one card, kept
    act(state, "move:G1")
    act(state, "swap:2:4")
    act(state, "steal:5:8")
    assert state.turn.points == 4
    act(state, "move:L1")
    assert state.turn.points == 3


# ---------------------------------------------------------------------------------------------
# IV E: duels (rulings 8 and 12)


def duel_after(
    card: str, *, snooper_hand: tuple[str, ...] = (), owner_hand: tuple[str, ...] = ()
) -> GardenPartyState:
    """Seat 0 exchanged two seeds in seat 1's greenhouse; the duel card on top is `card`."""
    state = visiting()
    act(state, "swap:0:0")
    act(state, "swap:1:1")
    set_hand(state, 0, *snooper_hand)
    set_hand(state, 1, *owner_hand)
    set_hand(state, 2)
    stack_duel(state, card)
    return state


def test_entering_a_competitors_greenhouse_brings_a_duel_at_the_end_of_the_turn() -> None:
    """IV E: Attila "suspects of cheating any player who entered a competitor's greenhouse during
    their turn ... at the end of your turn you must draw a duel card" (even if nothing was taken)."""
    state = visiting()
    set_hand(state, 0)
    set_hand(state, 1)
    events = end_turn(state)
    duel = event(events, "duel")
    assert duel.seats == {"snooper": 0, "owner": 1}
    assert kinds(events).index("turn_ended") < kinds(events).index("duel")


def test_no_duel_without_a_visit() -> None:
    """IV E: only a player who entered a competitor's greenhouse duels."""
    state = new_game(3, points=9)
    act(state, "move:C")
    assert "duel" not in kinds(end_turn(state))


def test_a_won_duel_closes_the_incident() -> None:
    """IV E: "If you win the duel, Attila admits he was wrong and the incident is closed" (VI:
    "Nothing Seen!")."""
    state = duel_after("nothing_seen", snooper_hand=("graft",))
    taken = token_at(state, 0, 0), token_at(state, 0, 1)
    events = end_turn(state)
    assert "duel_won" in kinds(events)
    assert (token_at(state, 0, 0), token_at(state, 0, 1)) == taken
    assert len(state.players[0].hand) == 1


def test_a_lost_duel_puts_the_plants_back_and_costs_a_card_at_random() -> None:
    """IV E: "Otherwise, the plants you had stolen or exchanged are returned to their places. As a
    reprisal, the owner of the greenhouse draws one of your cards at random and discards it"."""
    state = new_game(3, points=9)
    all_seeds(state)
    before = [[token_at(state, s, p) for p in range(9)] for s in range(3)]
    state.players[1].square = "C"
    act(state, "move:G1")
    act(state, "swap:0:0")
    act(state, "swap:1:1")
    cards = set_hand(state, 0, "graft", "leaky_can")
    set_hand(state, 1)
    stack_duel(state, "red_handed")
    events = end_turn(state)
    assert "duel_lost" in kinds(events) and event(events, "plants_returned").fields["returned"] == 2
    assert [[token_at(state, s, p) for p in range(9)] for s in range(3)] == before
    assert len(state.players[0].hand) == 1
    (lost,) = set(cards) - set(state.players[0].hand)
    assert state.decks[talent_of(lost)][-1] == lost
    assert "sentence" in kinds(events)


def test_with_no_card_the_sentence_waits_for_the_next_card() -> None:
    """IV E: "If no card can be drawn because you have none, the sentence is postponed until you have
    one": the next card the snooper gets is discarded at once."""
    state = duel_after("red_handed")
    events = end_turn(state)
    assert "sentence_postponed" in kinds(events) and state.players[0].owed == 1
    assert GAME.view(state, 2).seats[0].sentences_owed == 1
    state.players[0].square = "C"
    begin_turn(state, 0)
    events = act(state, "draw:bricanology")  # the Countess draws one card and keeps it
    assert "sentence" in kinds(events)
    assert state.players[0].hand == [] and state.players[0].owed == 0


def test_one_duel_for_each_greenhouse_entered_in_order() -> None:
    """Ruling 8: one duel for each competitor's greenhouse entered (a second entry is no second
    duel), the last entered first."""
    state = new_game(4, points=9)
    all_seeds(state)
    state.turn.points = 20
    for seat in (1, 2, 3):
        state.players[seat].square = "C"
    act(state, "move:G3")
    act(state, "move:G1")
    act(state, "move:G3")
    for seat in range(4):
        set_hand(state, seat)
    events = end_turn(state)
    assert [e.seats["owner"] for e in events if e.kind == "duel"] == [1, 3]


def test_a_turn_begun_in_a_competitors_greenhouse_brings_no_duel() -> None:
    """IV E: Attila suspects "any player who entered a competitor's greenhouse during their turn"
    (ruling 8, revised in issue 28: a turn begun there was counted as a visit, which the text does
    not say). A gardener who ended a turn in a competitor's greenhouse (and duelled for it) may act
    there in the next turn within the visit's limit (III D 4), and draws no duel unless it leaves
    and enters again."""
    state = visiting()
    set_hand(state, 0)
    set_hand(state, 1)
    stack_duel(state, "nothing_seen")
    end_turn(state)
    state.players[1].square = "C"  # the owner stays away
    for _ in range(2):
        end_turn(state)
    assert state.turn.seat == 0 and state.players[0].square == "G1"
    assert state.turn.visits == []
    assert "swap:0:0" in codes(state)
    act(state, "swap:0:0")
    assert "duel" not in kinds(end_turn(state))


def test_leaving_and_entering_again_in_the_turn_brings_the_duel() -> None:
    """IV E: a gardener who began its turn in a competitor's greenhouse, stepped out and came back in
    entered it during the turn: the duel follows, and a lost one returns what was taken there."""
    state = visiting()
    set_hand(state, 0)
    set_hand(state, 1)
    stack_duel(state, "nothing_seen")
    end_turn(state)
    state.players[1].square = "C"
    for _ in range(2):
        end_turn(state)
    before = token_at(state, 1, 0)
    act(state, "swap:0:0")
    act(state, "move:L1")
    act(state, "move:G1")
    assert state.turn.visits == [1]
    stack_duel(state, "red_handed")
    events = end_turn(state)
    assert "duel_lost" in kinds(events) and token_at(state, 1, 0) == before


def passed_on(*duels: str) -> tuple[GardenPartyState, int, list[Event]]:
    """Seat 0 steals seat 1's seed into its empty pot 9, then trades that same seed to seat 2 for
    seat 2's seed in pot 1; the turn ends with `duels` drawn (seat 2's greenhouse first). Returns
    the state, the stolen seed's token and the end's events."""
    state = new_game(3, points=9)
    all_seeds(state)
    state.turn.points = 20
    state.players[1].square = state.players[2].square = "C"
    empty(state, 0, 8)
    act(state, "move:G1")
    stolen = token_at(state, 1, 4)
    assert stolen is not None
    act(state, "steal:4:8")
    act(state, "move:G2")
    act(state, "swap:8:0")
    for seat in range(3):
        set_hand(state, seat)
    stack_duel(state, *duels)
    return state, stolen, end_turn(state)


def test_a_plant_passed_on_goes_back_to_its_first_owner_when_both_duels_are_lost() -> None:
    """Ruling 8: a lost duel puts back what was taken there, the last move first, and the duels go
    the last greenhouse first. Seat 0 steals seat 1's seed into an empty pot, then trades that same
    seed to seat 2: seat 2's duel undoes the exchange, then seat 1's duel undoes the theft, so the
    seed is home again."""
    state, stolen, events = passed_on("red_handed", "red_handed")
    assert [e.seats["owner"] for e in events if e.kind == "duel_lost"] == [2, 1]
    returned = [e.fields["returned"] for e in events if e.kind == "plants_returned"]
    assert returned == [1, 1]
    assert token_at(state, 1, 4) == stolen and state.players[0].pots[8] is None


def test_a_move_whose_plants_moved_on_stays_as_it_is() -> None:
    """Ruling 8: a move whose plants have since changed places stays as it is. Seat 0 steals seat
    1's seed and trades it on to seat 2; seat 2's duel is won, seat 1's lost: the stolen seed is in
    seat 2's greenhouse now, so nothing goes back to seat 1."""
    state, stolen, events = passed_on("nothing_seen", "red_handed")
    assert [e.seats["owner"] for e in events if e.kind == "duel_lost"] == [1]
    assert [e.fields["returned"] for e in events if e.kind == "plants_returned"] == [0]
    assert token_at(state, 2, 0) == stolen and state.players[1].pots[4] is None


def test_a_plant_that_grew_goes_back_grown() -> None:
    """Ruling 8: a stolen seed watered at home (a Fertiliser) goes back to its owner as a sprout when
    the duel is lost."""
    state = visiting()
    empty(state, 0, 8)
    stolen = plant(state, 1, 4, "orange")
    act(state, "steal:4:8")
    set_hand(state, 0, "fertiliser")
    play(state, 0, "fertiliser", 8)
    assert stage_of(state, 0, 8) == "sprout"
    set_hand(state, 1)
    stack_duel(state, "red_handed")
    end_turn(state)
    assert token_at(state, 1, 4) == stolen and stage_of(state, 1, 4) == "sprout"
    assert state.players[0].pots[8] is None


def test_a_duel_card_goes_under_the_pile_after_its_duel() -> None:
    """Ruling 12: duel cards are never reshuffled: each goes under the pile after its duel."""
    state = duel_after("nothing_seen")
    top = state.duel_deck[0]
    rest = state.duel_deck[1:]
    end_turn(state)
    assert state.duel_deck == [*rest, top]


@pytest.mark.parametrize(
    ("card", "rolls", "won"),
    [
        ("dice_contest", (6, 7), True),  # Attila 6, the snooper 7
        ("dice_contest", (7, 7), False),  # Attila wins ties
        ("dice_contest", (9, 4), False),
        ("good_mood", (7,), True),
        ("good_mood", (8,), False),
        ("bad_mood", (5,), True),
        ("bad_mood", (6,), False),
    ],
)
def test_the_duel_cards_judge_by_the_dice(card: str, rolls: tuple[int, ...], won: bool) -> None:
    """Ruling 12: Dice Contest (the higher roll wins, Attila wins ties); Good Mood (the snooper wins
    unless Attila rolls 8 or more); Bad Mood (the snooper wins only on 4 or 5). The owner rolls for
    Attila (IV E)."""
    state = duel_after(card)
    rig_rolls(state, *rolls)
    events = end_turn(state)
    verdict = event(events, "duel_won" if won else "duel_lost")
    assert verdict.fields["attila"] == rolls[0]
    if card == "dice_contest":
        assert verdict.fields["snooper_roll"] == rolls[1]


def test_about_half_of_all_duels_are_won() -> None:
    """Ruling 12: "About half of all duels are won" with the sixteen cards and a fair 4-9 die."""
    faces = range(4, 10)
    odds = Fraction(0)
    for card in DUEL_CARDS.values():
        if card.rule == "win":
            chance = Fraction(1)
        elif card.rule == "lose":
            chance = Fraction(0)
        elif card.rule == "contest":
            chance = Fraction(sum(mine > attila for mine in faces for attila in faces), 36)
        else:
            chance = Fraction(sum(attila <= card.limit for attila in faces), 6)
        odds += card.count * chance
    odds /= sum(card.count for card in DUEL_CARDS.values())
    assert Fraction(9, 20) < odds < Fraction(11, 20)


def test_the_snooper_then_the_owner_may_play_a_mauve_card() -> None:
    """Ruling 12 (and 10): before the verdict the snooper, then the owner, may play a mauve card."""
    state = duel_after("nothing_seen", snooper_hand=("alibi",), owner_hand=("witness",))
    act(state, "end")
    pass_windows(state)
    assert state.phase == "duel" and GAME.to_move(state) == [0]
    act(state, "face")
    assert GAME.to_move(state) == [1]
    assert any(c.startswith("play:") for c in codes(state, 1))


def test_a_witness_makes_the_snooper_lose() -> None:
    """Ruling 10 (Witness: "The snooper loses this duel") over a "Nothing Seen!" card."""
    state = duel_after("nothing_seen", owner_hand=("witness",))
    act(state, "end")
    assert GAME.to_move(state) == [1]
    events = play(state, 1, "witness")
    events += settle(state)
    assert "duel_lost" in kinds(events)


def test_an_alibi_makes_the_snooper_win() -> None:
    """Ruling 10 (Alibi: "The snooper wins this duel") over "Attila Saw It All!"."""
    state = duel_after("red_handed", snooper_hand=("alibi",))
    act(state, "end")
    events = play(state, 0, "alibi")
    events += settle(state)
    assert "duel_won" in kinds(events)


def test_an_alibi_and_a_witness_cancel_each_other_out() -> None:
    """Ruling 12: "an Alibi and a Witness both played cancel each other out": the card decides."""
    state = duel_after("red_handed", snooper_hand=("alibi",), owner_hand=("witness",))
    act(state, "end")
    play(state, 0, "alibi")
    events = play(state, 1, "witness")
    events += settle(state)
    assert "duel_lost" in kinds(events)


def test_nettles_add_two_to_attilas_die() -> None:
    """Ruling 10 (Nettles: "Attila's die counts 2 more in this duel"): a Good Mood roll of 6 becomes
    8, and the snooper loses."""
    state = duel_after("good_mood", owner_hand=("nettles",))
    act(state, "end")
    rig_rolls(state, 6)
    events = play(state, 1, "nettles")
    events += settle(state)
    assert event(events, "duel_lost").fields["attila"] == 8


def test_the_golden_shield_takes_two_from_attilas_die() -> None:
    """Ruling 11: the Golden Shield: Attila's die counts 2 less in your duels (Good Mood: 9 is 7)."""
    state = duel_after("good_mood")
    give_golden(state, 0, "shield")
    rig_rolls(state, 9)
    events = end_turn(state)
    assert event(events, "duel_won").fields["attila"] == 7


def test_a_gardener_who_played_a_card_this_turn_plays_none_in_its_duel() -> None:
    """III C (one card a turn) in a duel: the snooper who played a blue card this turn is not asked
    for a mauve card; the owner is."""
    state = duel_after("red_handed", snooper_hand=("wheelbarrow", "alibi"), owner_hand=("graft",))
    play(state, 0, "wheelbarrow")
    act(state, "end")
    assert state.phase == "duel" and GAME.to_move(state) == [1]


def test_a_stolen_bud_that_flowered_goes_back_as_a_flower() -> None:
    """Ruling 8: "a plant that grew goes back grown", a flower included: a bud stolen and brought to
    flower at the thief's (a Fertiliser) goes back to its pot when the duel is lost (V D forbids bad
    actions against a flowering plant; its return to its owner is the duel's sentence, not one)."""
    state = visiting()
    empty(state, 0, 8)
    bud = plant(state, 1, 4, "white", "bud")
    act(state, "steal:4:8")
    set_hand(state, 0, "fertiliser")
    play(state, 0, "fertiliser", 8)
    assert stage_of(state, 0, 8) == "flower"
    set_hand(state, 1)
    stack_duel(state, "red_handed")
    end_turn(state)
    assert token_at(state, 1, 4) == bud and stage_of(state, 1, 4) == "flower"
    assert state.players[0].pots[8] is None


def test_the_owner_of_the_visited_greenhouse_is_the_duel_owner() -> None:
    """IV E: "the owner of the visited greenhouse rolls the die for Attila": the duel names the owner,
    and the owner (not the other players) decides in it after the snooper."""
    state = duel_after("nothing_seen", owner_hand=("graft",))
    set_hand(state, 2, "witness")
    act(state, "end")
    assert state.phase == "duel" and GAME.to_move(state) == [1]
    assert GAME.view(state, 2).duel_owner == 1
    assert GAME.legal_actions(state, 2) == []


def test_the_golden_shield_counts_in_a_dice_contest() -> None:
    """Ruling 11 and 12: with the Golden Shield Attila's 8 counts 6, and the snooper's 7 wins the
    Dice Contest."""
    state = duel_after("dice_contest")
    give_golden(state, 0, "shield")
    rig_rolls(state, 8, 7)
    events = end_turn(state)
    won = event(events, "duel_won")
    assert won.fields["attila"] == 6 and won.fields["snooper_roll"] == 7


def test_the_owner_rolls_for_attila_as_a_decision_of_its_own() -> None:
    """IV E: "the owner of the 'visited' greenhouse rolls the die for Attila": a card that asks for
    dice waits for the owner's "Roll for Attila" (its clock running out rolls it too)."""
    state = duel_after("good_mood")
    act(state, "end")
    assert state.phase == "attila" and GAME.to_move(state) == [1]
    assert codes(state, 1) == ["attila"] and timeout_code(state, 1) == "attila"
    events = act(state, "attila", 1)
    assert {"duel_won", "duel_lost"} & set(kinds(events))


def test_a_duel_card_without_dice_asks_nobody_to_roll() -> None:
    """Ruling 12: "Nothing Seen!" and "Attila Saw It All!" need no roll: the verdict comes at once."""
    state = duel_after("nothing_seen")
    events = act(state, "end")
    assert "duel_won" in kinds(events) and state.phase != "attila"
