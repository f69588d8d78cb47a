"""Garden Party's turn key (`engine.api.turn_key`, docs/engine.md): the bot gives a seat a new
clock and notice when it changes, and a timed-out turn is played only up to it. It changes when a
new stretch of play begins even if the same seat stays to move, and stays while a turn, a duel
or a reply window goes on."""

from __future__ import annotations

from engine.api import copy_state, turn_key
from engine.garden_party import GAME
from engine.garden_party.state import GardenPartyOptions, GardenPartyState
from tests.engine.garden_party import helpers as gp


def key(state: GardenPartyState) -> object:
    return turn_key(GAME, state)


def test_the_owner_who_rolls_for_attila_and_plays_next_begins_a_turn_of_their_own() -> None:
    """Ruling 12 and rules III B: Attila's roll belongs to the snooper's turn (so does the duel);
    the owner who plays next starts their own turn, with their own roll, under a new key."""
    state = gp.new_game(3, 1, seat=0)
    gp.all_seeds(state)
    state.players[0].square = "L1"
    state.players[1].square = "C"
    gp.set_hand(state, 0)
    gp.set_hand(state, 1)
    gp.stack_duel(state, "bad_mood")
    gp.rig_rolls(state, 9)
    alices = key(state)
    gp.act(state, "move:G1")
    gp.act(state, "end")
    assert state.phase == "attila" and GAME.to_move(state) == [1]
    assert key(state) == alices, "Attila's roll is part of Alice's turn"
    gp.act(state, "attila", 1)
    assert state.phase == "roll" and GAME.to_move(state) == [1], "Bob plays next"
    assert key(state) != alices, "Bob's own turn is a new one"
    assert key(copy_state(GAME, state)) == key(state), "the key survives a JSON round trip"


def test_each_gardener_choice_is_its_own_turn_and_so_is_the_first_player_s_roll() -> None:
    """Ruling 20: gardeners are chosen in seat order; the last to choose may roll highest and
    begin (rules III A), still to move, in a new turn."""
    options = GardenPartyOptions(choose_gardeners=True)
    seed = next(s for s in range(200) if chosen_by_all(options, s).first_seat == 2)
    state = GAME.create(options, 3, seed)
    seen = [key(state)]
    for seat, gardener in enumerate(("countess", "professor", "marquise")):
        assert GAME.to_move(state) == [seat]
        gp.act(state, f"gardener:{gardener}", seat)
        seen.append(key(state))
    assert state.phase == "roll" and GAME.to_move(state) == [2], "the last to choose begins"
    assert len(set(seen)) == len(seen), f"every choice, and the first turn, has its own key: {seen}"


def chosen_by_all(options: GardenPartyOptions, seed: int) -> GardenPartyState:
    state = GAME.create(options, 3, seed)
    for seat in range(3):
        gp.act(state, gp.codes(state, seat)[0], seat)
    return state


def test_a_window_keeps_its_key_while_answered_and_the_turn_it_interrupted_gets_a_new_one() -> None:
    """Rules III C, ruling 13: after Alice's roll Bob says yes in the orange window and chooses his
    Tripwire under the window's key (its short clock); the cancel window asks Carol and Alice.
    Carol's answer leaves the window (and Alice's clock) as it was; Alice's, the last, lets the
    card act, and her own turn goes on under a key of its own: a new clock, and a timed-out answer
    in the window does not play her turn."""
    state = gp.new_game(3, 1, seat=0)
    state.phase = "roll"
    state.turn.roll = state.turn.points = 0
    gp.set_hand(state, 0, "leaky_can", "catapult")
    gp.set_hand(state, 1, "tripwire", "fertiliser")
    gp.set_hand(state, 2, "wheelbarrow", "seed_packet")
    gp.rig_rolls(state, 8)
    turn = key(state)
    gp.act(state, "roll", 0)
    assert state.phase == "orange"
    orange = key(state)
    gp.act(state, "yes", 1)
    assert key(state) == orange, "the window waits for Carol under the same key"
    gp.act(state, "no", 2)
    assert state.phase == "bid" and key(state) == orange, "Bob chooses his card on the window's clock"
    gp.act(state, f"play:{gp.card_in_hand(state, 1, 'tripwire')}", 1)
    assert state.phase == "cancel" and set(GAME.to_move(state)) == {0, 2}
    window = key(state)
    gp.act(state, "no", 2)
    assert key(state) == window and GAME.to_move(state) == [0]
    gp.act(state, "no", 0)
    assert state.phase == "turn" and GAME.to_move(state) == [0], "Alice's turn goes on"
    assert key(state) not in (window, orange), "…under its own key"
    assert key(state) == turn, "the key of her turn, as before the window"
