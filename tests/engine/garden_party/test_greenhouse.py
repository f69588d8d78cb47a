"""Section III D 2 (in your own greenhouse: watering, catching snoopers) and V A-D (the tokens), with
rulings 5, 25 and 26, and the golden objects that act there (ruling 11)."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.cards import talent_of
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    begin_turn,
    codes,
    empty,
    end_turn,
    event,
    fresh,
    give_golden,
    kinds,
    new_game,
    plant,
    play,
    set_hand,
    stack_deck,
    stack_golden,
    stage_of,
    token_at,
)


def home(water: int = 3, points: int = 9, seats: int = 3) -> GardenPartyState:
    """Seat 0 in its greenhouse with `water` tokens; every pot a green seed."""
    state = new_game(seats, points=points)
    all_seeds(state)
    state.players[0].water = water
    return state


def waterable(state: GardenPartyState, seat: int | None = None) -> list[int]:
    return sorted(int(c.split(":")[1]) for c in codes(state, seat) if c.startswith("water:"))


def test_watering_spends_a_token_and_the_plant_grows_one_stage() -> None:
    """III D 2: "Choose a plant and water it by spending one water token. It immediately grows by one
    stage." V C: the token used goes back to its pile."""
    state = home(water=2)
    plant(state, 0, 3, "red", "sprout")
    act(state, "water:3")
    assert stage_of(state, 0, 3) == "bud" and state.players[0].water == 1


def test_a_plant_is_watered_only_once_a_turn() -> None:
    """III D 2: "a plant may be watered only once per turn" (ruling 25), though tokens are left; the
    next turn it may be watered again."""
    state = home(water=3)
    plant(state, 0, 0, "red", "sprout")
    act(state, "water:0")
    assert 0 not in waterable(state) and state.players[0].water == 2
    assert waterable(state) == [1, 2, 3, 4, 5, 6, 7, 8]
    begin_turn(state, 0)
    assert 0 in waterable(state)


def test_watering_repeats_as_long_as_there_are_tokens() -> None:
    """III D 2: "You may repeat watering as long as you have water tokens"."""
    state = home(water=3)
    for pot in (0, 1, 2):
        act(state, f"water:{pot}")
    assert state.players[0].water == 0 and waterable(state) == []
    assert [stage_of(state, 0, p) for p in (0, 1, 2)] == ["sprout"] * 3


def test_watering_needs_a_water_token() -> None:
    """III D 2 and V C: watering spends a token; with none, nothing is watered."""
    state = home(water=0)
    assert waterable(state) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("water:0"))


def test_watering_only_in_your_own_greenhouse() -> None:
    """III D 2 and ruling 25: watering is done in your own greenhouse only: not on your lawn, not in
    a competitor's greenhouse."""
    state = home(water=3)
    state.players[1].square = "C"
    for square in ("L0", "C", "G1"):
        state.players[0].square = square
        begin_turn(state, 0)
        assert waterable(state) == []


def test_a_seed_watered_turns_into_a_sprout_showing_its_colour_to_everyone() -> None:
    """V D: "Once watered, turn the seed token over and a sprout appears. You now know the colour of
    the plant"; the colour is public (ruling 23)."""
    state = home()
    plant(state, 0, 4, "violet")
    assert all(GAME.view(state, v).seats[0].pots[4].kind is None for v in (None, 0, 1, 2))
    events = act(state, "water:4")
    sprout = event(events, "sprout")
    assert sprout.fields["colour"] == "Violet" and sprout.fields["pot"] == 5
    for viewer in (None, 0, 1, 2):
        pot = GAME.view(state, viewer).seats[0].pots[4]
        assert pot.stage == "sprout" and pot.kind == "violet" and pot.colour == "Violet"


def test_a_plant_grows_seed_sprout_bud_flower_on_three_water_tokens() -> None:
    """V D: the four stages; "Growing a plant from seed to flowering plant requires spending 3 water
    tokens"."""
    state = home()
    plant(state, 0, 0, "orange")
    seen = [stage_of(state, 0, 0)]
    for _ in range(3):
        state.players[0].water = 1
        act(state, "water:0")
        seen.append(stage_of(state, 0, 0))
        begin_turn(state, 0)
    assert seen == ["seed", "sprout", "bud", "flower"]
    assert 0 not in waterable(state)
    assert GAME.view(state, 1).seats[0].flowering == 1


def test_a_flowering_plant_cannot_be_watered_again() -> None:
    """V D: a flowering plant is the last stage; it is not offered for watering (and never changes)."""
    state = home()
    plant(state, 0, 2, "white", "flower")
    assert 2 not in waterable(state)


def test_a_mouldy_seed_rots_when_watered_and_leaves_an_empty_pot() -> None:
    """V A: "When you water one, you find that it rots. Discard the token to the table edge, which
    creates an empty pot in your greenhouse" (ruling 26; the Professor's example in VI)."""
    state = home()
    token = plant(state, 0, 6, "mouldy")
    events = act(state, "water:6")
    assert "rot" in kinds(events)
    assert state.players[0].pots[6] is None and token in state.discarded_tokens
    assert GAME.view(state, 2).seats[0].pots[6].stage is None
    assert 6 not in waterable(state)


def test_a_weed_shows_when_watered_and_cannot_be_watered_or_discarded() -> None:
    """V B: weeds "reveal their true nature when you water them ... you cannot discard them" (ruling
    25: a weed cannot be watered)."""
    state = home()
    token = plant(state, 0, 1, "weed")
    events = act(state, "water:1")
    assert "weed" in kinds(events)
    assert stage_of(state, 0, 1) == "weed" and token_at(state, 0, 1) == token
    assert GAME.view(state, 2).seats[0].pots[1].kind == "weed"
    begin_turn(state, 0)
    state.players[0].water = 3
    assert 1 not in waterable(state)
    assert token not in state.discarded_tokens


def test_an_empty_pot_is_never_watered_nor_given_in_an_exchange() -> None:
    """Ruling 26: a pot emptied by a rotting seed takes only a stolen plant or a Seed Packet's sprout:
    it cannot be watered, and no exchange gives it away."""
    state = home()
    empty(state, 0, 0)
    assert 0 not in waterable(state)
    state.players[1].square = "C"
    state.players[0].square = "G1"
    begin_turn(state, 0)
    assert not any(c.startswith("swap:0:") for c in codes(state))
    steals = [c for c in codes(state) if c.startswith("steal:")]
    assert steals and all(c.endswith(":0") for c in steals)


def test_a_snooper_found_in_your_greenhouse_gives_you_a_card_and_goes_to_your_lawn() -> None:
    """III D 2 and ruling 5: entering your greenhouse and finding another gardener there, you draw a
    card at random from their hand; the snooper is put on your lawn; there is no duel."""
    state = new_game(3, points=9)
    state.players[0].square = "C"
    state.players[1].square = "G0"
    snooper_hand = list(state.players[1].hand)
    mine = len(state.players[0].hand)
    events = act(state, "move:G0")
    caught = event(events, "snooper_caught")
    assert caught.seats == {"owner": 0, "snooper": 1} and caught.fields["took_card"] is True
    assert state.players[1].square == "L0"
    assert len(state.players[1].hand) == 2 and len(state.players[0].hand) == mine + 1
    taken = state.players[0].hand[-1]
    assert taken in snooper_hand and taken not in state.players[1].hand
    assert "duel" not in kinds(end_turn(state))


def test_a_caught_snooper_may_not_return_during_their_next_turn() -> None:
    """III D 2 and ruling 5: "They may not return to your greenhouse during their next turn"; the turn
    after that, they may."""
    state = new_game(3, points=9)
    state.players[0].square = "C"
    state.players[1].square = "G0"
    act(state, "move:G0")
    act(state, "move:L0")  # the owner leaves again: the greenhouse is open
    end_turn(state)
    assert state.turn.seat == 1
    begin_turn(state, 1, points=9)
    assert "move:G0" not in codes(state)
    end_turn(state)
    end_turn(state)
    end_turn(state)  # seat 0 again, staying on the lawn
    begin_turn(state, 1, points=9)
    assert "move:G0" in codes(state)


def test_every_snooper_in_the_greenhouse_is_caught() -> None:
    """Ruling 5: every other gardener in it is caught; one with no card gives none."""
    state = new_game(4, points=9)
    state.players[0].square = "C"
    state.players[1].square = "G0"
    state.players[3].square = "G0"
    set_hand(state, 3)
    events = act(state, "move:G0")
    caught = [e for e in events if e.kind == "snooper_caught"]
    assert [e.seats["snooper"] for e in caught] == [1, 3]
    assert [e.fields["took_card"] for e in caught] == [True, False]
    assert state.players[1].square == "L0" and state.players[3].square == "L0"
    assert state.players[1].banned_from == 0 and state.players[3].banned_from == 0


def test_the_snooper_card_is_taken_at_random() -> None:
    """III D 2: the card is drawn "at random from their hand": over several deals the owner gets each
    of the snooper's three talents."""
    taken = set()
    for seed in range(12):
        state = new_game(3, seed=seed, points=9)
        state.players[0].square = "C"
        state.players[1].square = "G0"
        act(state, "move:G0")
        taken.add(talent_of(state.players[0].hand[-1]))
    assert len(taken) == 3


def test_fertiliser_and_water_are_both_open_in_a_turn() -> None:
    """Ruling 25: Fertiliser grows a plant without water and does not count as its watering: the same
    plant may still be watered that turn."""
    state = home(water=1)
    set_hand(state, 0, "fertiliser")
    play(state, 0, "fertiliser", 0)
    assert stage_of(state, 0, 0) == "sprout" and state.players[0].water == 1
    act(state, "water:0")
    assert stage_of(state, 0, 0) == "bud"


def test_the_golden_gloves_grow_the_first_plant_watered_two_stages() -> None:
    """Ruling 11: with the Golden Gloves the first plant watered each turn grows two stages (VI: the
    Duchess's Golden Gloves); the second one stage."""
    state = home(water=3)
    give_golden(state, 0, "gloves")
    act(state, "water:0")
    act(state, "water:1")
    assert [stage_of(state, 0, 0), stage_of(state, 0, 1)] == ["bud", "sprout"]
    assert state.players[0].water == 1


def test_the_golden_rake_sends_a_weed_on_as_soon_as_it_shows() -> None:
    """Ruling 11 (revised in issue 28) and V B ("you cannot discard them ... you must exchange them
    in an opponent's greenhouse"): with the Golden Rake a weed, as soon as it shows, is exchanged
    for a random seed of the next competitor on the left who has one (seat 1 here)."""
    state = home(water=3)
    give_golden(state, 0, "rake")
    weed = plant(state, 0, 5, "weed")
    events = act(state, "water:5")
    raked = event(events, "weed_raked")
    assert raked.seats == {"gardener": 0, "victim": 1}
    assert stage_of(state, 0, 5) == "seed" and token_at(state, 0, 5) != weed
    assert token_at(state, 1, int(str(raked.fields["theirs"])) - 1) == weed
    assert weed not in state.discarded_tokens


def test_the_golden_rake_skips_a_competitor_with_no_seed_and_keeps_a_weed_nobody_can_take() -> None:
    """Ruling 11 and V B: the Rake's exchange goes to the next competitor on the left who has a
    seed; when nobody has one, the weed stays (it cannot be discarded)."""
    state = home(water=3)
    give_golden(state, 0, "rake")
    for pot in range(9):
        plant(state, 1, pot, "green", "sprout")
    plant(state, 0, 5, "weed")
    events = act(state, "water:5")
    assert event(events, "weed_raked").seats["victim"] == 2
    for pot in range(9):
        plant(state, 2, pot, "green", "sprout")
    plant(state, 0, 6, "weed")
    events = act(state, "water:6")
    assert "weed_raked" not in kinds(events) and stage_of(state, 0, 6) == "weed"


def test_the_golden_rake_sends_on_the_weeds_showing_when_it_is_found() -> None:
    """Ruling 11: the Golden Rake acts on the weeds showing "at once when found"."""
    state = home()
    plant(state, 0, 2, "weed", "weed")
    plant(state, 0, 7, "weed")  # still a seed: not shown, stays
    state.players[0].square = "C"
    stack_golden(state, "rake")
    stack_deck(state, "bricanology", "chance_bricanology")
    events = act(state, "draw:bricanology")
    assert "weed_raked" in kinds(events) and stage_of(state, 0, 2) == "seed"
    assert stage_of(state, 0, 7) == "seed"


def test_watering_the_end_of_a_turn_resets_the_once_a_turn_count() -> None:
    """III D 2: the once-a-turn count is per turn: after the other players' turns, the gardener waters
    the same plant again."""
    state = home(water=3)
    act(state, "water:0")
    end_turn(state)
    end_turn(state)
    end_turn(state)
    assert state.turn.seat == 0
    state.players[0].square = "G0"
    fresh(state)
    assert 0 in waterable(state)


def test_the_golden_gloves_act_once_a_turn_and_with_a_grow_lamp() -> None:
    """Ruling 11 with rulings 25 and 30: the Gloves grow the first plant watered one stage more,
    once a turn; under a Grow Lamp that first plant grows three stages (a seed flowers), the next
    two."""
    state = home(water=3)
    give_golden(state, 0, "gloves")
    set_hand(state, 0, "grow_lamp")
    play(state, 0, "grow_lamp")
    act(state, "water:0")
    assert stage_of(state, 0, 0) == "flower"
    act(state, "water:1")
    assert stage_of(state, 0, 1) == "bud"
    begin_turn(state, 0)
    state.players[0].water = 1
    act(state, "water:2")
    assert stage_of(state, 0, 2) == "bud"  # a new turn, no lamp: the Gloves act again


def test_a_rain_shower_fills_the_golden_watering_can_to_five() -> None:
    """Rulings 10, 11 and 24: Rain Shower fills the can to the brim: five with the Golden Watering
    Can."""
    state = home(water=4)
    give_golden(state, 0, "can")
    set_hand(state, 0, "rain_shower")
    play(state, 0, "rain_shower")
    assert state.players[0].water == 5
