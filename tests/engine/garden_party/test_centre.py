"""Section III D 1 (on the central square: drawing and water), IV C (chance cards) and IV D (golden
objects), with rulings 11, 24 and 27."""

from __future__ import annotations

from typing import Any

from engine.garden_party import GAME
from engine.garden_party.cards import CARD_KIND_OF, GOLDEN_IDS, is_chance
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    begin_turn,
    codes,
    end_turn,
    event,
    give_golden,
    golden_of,
    kinds,
    new_game,
    phase,
    rig_rolls,
    set_hand,
    stack_deck,
    stack_golden,
)


def at_centre(points: int = 9, **kw: Any) -> GardenPartyState:
    """The Countess (Bricanology 1, Herbanology 2, Plantanology 3) on the central square."""
    state = new_game(3, points=points, **kw)
    state.players[0].square = "C"
    return state


def test_the_draw_is_offered_from_each_deck_at_the_gardeners_talent() -> None:
    """III D 1: on the central square the gardener draws from one deck as many cards as their talent
    for it; the Countess draws one Bricanology, two Herbanology or three Plantanology cards."""
    state = at_centre()
    labels = {a.code: a.label for a in GAME.legal_actions(state, 0)}
    assert labels["draw:bricanology"].startswith("Draw 1 Bricanology card")
    assert labels["draw:herbanology"].startswith("Draw 2 Herbanology cards")
    assert labels["draw:plantanology"].startswith("Draw 3 Plantanology cards")


def test_drawing_several_cards_keeps_one_and_the_others_go_under_their_deck() -> None:
    """III D 1: "after examining them, you keep only one of these cards and discard the others under
    their deck" (ruling 27). The Countess draws three Plantanology cards and keeps the Graft."""
    state = at_centre()
    top = stack_deck(state, "plantanology", "graft", "witness", "seed_packet")
    hand = list(state.players[0].hand)
    act(state, "draw:plantanology")
    assert state.phase == "keep" and state.drawn == top
    assert sorted(codes(state)) == sorted(f"keep:{c}" for c in top)
    assert [c.id for c in GAME.view(state, 0).drawn] == top
    act(state, f"keep:{top[0]}")
    assert state.players[0].hand == [*hand, top[0]]
    assert state.decks["plantanology"][-2:] == top[1:]
    assert state.drawn == [] and phase(state) == "turn"


def test_a_single_card_drawn_is_simply_kept() -> None:
    """Ruling 27: "A single card drawn is simply kept." (the Countess's Bricanology 1)."""
    state = at_centre()
    (top,) = stack_deck(state, "bricanology", "catapult")
    events = act(state, "draw:bricanology")
    assert state.phase == "turn" and state.players[0].hand[-1] == top
    assert "kept" in kinds(events)


def test_only_one_draw_a_turn_from_one_deck() -> None:
    """III D 1: "Once per turn ... you draw from one single action card deck." Leaving and coming
    back to the centre in the same turn gives no second draw."""
    state = at_centre()
    act(state, "draw:bricanology")
    assert not any(c.startswith("draw:") for c in codes(state))
    act(state, "move:P0")
    act(state, "move:C")
    assert not any(c.startswith("draw:") for c in codes(state))


def test_the_draw_is_open_to_a_turn_begun_on_the_central_square() -> None:
    """III D 1: "whether by moving there or by starting the turn there"."""
    state = at_centre()
    assert {"draw:bricanology", "draw:herbanology", "draw:plantanology"} <= set(codes(state))


def test_no_draw_and_no_water_away_from_the_central_square() -> None:
    """III D 1 and ruling 24: drawing and taking water happen on the central square only."""
    state = new_game(3, points=9)
    for square in ("G0", "L0", "P0"):
        state.players[0].square = square
        begin_turn(state, 0)
        assert not any(c.startswith(("draw:", "water_take")) for c in codes(state))


def test_the_golden_bell_draws_one_more_card() -> None:
    """Ruling 11 and 27: the Golden Bell draws one more card at the central square; one is still
    kept."""
    state = at_centre()
    give_golden(state, 0, "bell")
    top = stack_deck(state, "bricanology", "catapult", "wheelbarrow")
    act(state, "draw:bricanology")
    assert state.drawn == top
    act(state, f"keep:{top[1]}")
    assert top[1] in state.players[0].hand and top[0] not in state.players[0].hand


def test_water_costs_one_movement_point_per_token() -> None:
    """III D 1: "You fill your watering can by spending one movement point per water token you take"
    (the Countess's example: her last 3 points for 3 tokens)."""
    state = at_centre(points=3)
    for held in (1, 2, 3):
        act(state, "water_take")
        assert state.players[0].water == held and state.turn.points == 3 - held


def test_water_needs_a_movement_point() -> None:
    """III D 1: water is paid for with movement points: with none left, no water is offered."""
    state = at_centre(points=1)
    act(state, "water_take")
    assert "water_take" not in codes(state)


def test_at_most_three_water_tokens_are_held() -> None:
    """III D 1 and ruling 24: "You may not hold more than three water tokens at the same time."."""
    state = at_centre(points=9)
    for _ in range(3):
        act(state, "water_take")
    assert "water_take" not in codes(state) and state.turn.points == 6


def test_water_not_used_is_kept_from_one_turn_to_the_next() -> None:
    """III D 1: "Water tokens not used from one turn to the next are not lost" (ruling 24)."""
    state = at_centre(points=9)
    act(state, "water_take")
    act(state, "water_take")
    for _ in range(3):
        end_turn(state)
    assert state.turn.seat == 0 and state.players[0].water == 2


def test_the_water_supply_never_runs_out() -> None:
    """Ruling 24 and I (The water tokens): the supply never runs out: every gardener fills a can,
    turn after turn."""
    state = new_game(6, points=9)
    for seat in range(6):
        state.players[seat].square = "C"
    for _ in range(2):
        for seat in range(6):
            begin_turn(state, seat)
            state.players[seat].water = 0
            for _ in range(3):
                act(state, "water_take")
    assert all(p.water == 3 for p in state.players)


def test_the_golden_watering_can_holds_five() -> None:
    """Ruling 11 and 24: with the Golden Watering Can the gardener holds up to five tokens."""
    state = at_centre(points=9)
    give_golden(state, 0, "can")
    for _ in range(5):
        act(state, "water_take")
    assert state.players[0].water == 5 and "water_take" not in codes(state)
    assert GAME.view(state, 1).seats[0].water_limit == 5


def test_a_chance_card_brings_a_golden_object_and_sends_the_others_back() -> None:
    """IV C and ruling 11: a chance card is set aside for good and a golden object drawn; the action
    cards drawn with it go back under their deck; no card is kept from this draw."""
    state = at_centre()
    drawn = stack_deck(state, "plantanology", "graft", "chance_plantanology", "witness")
    gold = state.golden_deck[0]
    hand = list(state.players[0].hand)
    events = act(state, "draw:plantanology")
    assert state.phase == "turn" and state.players[0].hand == hand
    assert state.chance_set_aside == [drawn[1]]
    assert golden_of(state, 0) == [GOLDEN_IDS[gold]]
    assert state.decks["plantanology"][-2:] == [drawn[0], drawn[2]]
    found = event(events, "golden_object")
    assert found.seats == {"gardener": 0}
    assert GAME.view(state, 2).seats[0].golden_objects != []


def test_two_chance_cards_at_once_keep_only_one() -> None:
    """IV C: "If you draw two chance cards simultaneously, only one is kept and the other is discarded
    under its action card deck" (ruling 11)."""
    state = at_centre()
    drawn = stack_deck(state, "plantanology", "chance_plantanology", "chance_plantanology", "graft")
    act(state, "draw:plantanology")
    assert len(state.players[0].golden) == 1
    assert state.chance_set_aside == [drawn[0]]
    assert drawn[1] in state.decks["plantanology"] and drawn[2] in state.decks["plantanology"]


def test_cards_may_be_played_normally_after_finding_a_golden_object() -> None:
    """IV C: "Note that during this turn you may play your action cards normally" (ruling 11)."""
    state = at_centre()
    set_hand(state, 0, "wheelbarrow")
    stack_deck(state, "bricanology", "chance_bricanology")
    act(state, "draw:bricanology")
    assert state.players[0].golden
    assert any(c.startswith("play:") for c in codes(state))


def test_nobody_holds_more_than_two_golden_objects() -> None:
    """IV D and ruling 11: "If you already have two and draw a new chance card, that card is placed
    under its action card deck and another card is drawn" (the Countess's Golden Bell draws two)."""
    state = at_centre()
    give_golden(state, 0, "clover", "shield")
    top = stack_deck(state, "bricanology", "chance_bricanology")
    replacement = state.decks["bricanology"][1]
    assert not is_chance(replacement)
    events = act(state, "draw:bricanology")
    assert len(state.players[0].golden) == 2
    assert "golden_object" not in kinds(events)
    assert state.decks["bricanology"][-1] == top[0] and state.chance_set_aside == []
    assert state.players[0].hand[-1] == replacement


def test_golden_objects_last_to_the_end_of_the_game() -> None:
    """IV D: "Their effects apply immediately after they are drawn and remain in effect until the end
    of the game": the Four-Leaf Clover adds its point turn after turn."""
    state = new_game(3)
    give_golden(state, 0, "clover")
    rolls = []
    for _ in range(6):
        end_turn(state)
        if state.turn.seat == 0:
            rolls.append((state.turn.roll, state.turn.points))
    assert len(rolls) == 2 and all(points == roll + 1 for roll, points in rolls)


def test_the_four_leaf_clover_gives_one_more_movement_point() -> None:
    """Ruling 11 (and VI: the Marquise rolls 9 and moves 10 with her Four-Leaf Clover)."""
    state = new_game(3)
    give_golden(state, 1, "clover")
    rig_rolls(state, 9)
    events = end_turn(state)
    assert event(events, "roll").fields["points"] == 10 and state.turn.points == 10


def test_the_golden_objects_are_the_six_designed_ones() -> None:
    """Ruling 11: one of each of the six designed golden objects, shuffled into a pile."""
    assert sorted(GOLDEN_IDS.values()) == sorted(["clover", "gloves", "can", "bell", "shield", "rake"])
    orders = {tuple(new_game(3, seed=s).golden_deck) for s in range(5)}
    assert len(orders) > 1


def test_a_kept_card_is_the_one_chosen_among_the_drawn() -> None:
    """III D 1: the player chooses which card to keep (every drawn kind is offered)."""
    state = at_centre()
    top = stack_deck(state, "herbanology", "compost", "fertiliser")
    act(state, "draw:herbanology")
    assert sorted(CARD_KIND_OF[c.split(":")[1]] for c in codes(state)) == ["compost", "fertiliser"]
    act(state, f"keep:{top[1]}")
    assert CARD_KIND_OF[state.players[0].hand[-1]] == "fertiliser"


def test_a_golden_object_found_in_a_draw_acts_at_once() -> None:
    """IV D: the effects "apply immediately after they are drawn": the Golden Watering Can found at the
    central square lets its finder take a fourth and fifth water token in the same turn."""
    state = at_centre(points=9)
    stack_golden(state, "can")
    stack_deck(state, "bricanology", "chance_bricanology")
    act(state, "draw:bricanology")
    assert GAME.view(state, 1).seats[0].golden_objects == ["Golden Watering Can"]
    for _ in range(5):
        act(state, "water_take")
    assert state.players[0].water == 5
