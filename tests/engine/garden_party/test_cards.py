"""Sections III C (at any time: one card a turn, cancellations), IV A-B (gardener and action cards)
and each designed action card (ruling 10), the reply windows (ruling 13), payments (ruling 15) and
looking at seeds (ruling 28)."""

from __future__ import annotations

import pytest

from engine.api import Event, IllegalAction, decision_kind
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.cards import CARD_KIND_OF, talent_of
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    answer,
    begin_turn,
    card_in_hand,
    codes,
    empty,
    end_turn,
    event,
    fresh,
    give_golden,
    kinds,
    new_game,
    pass_windows,
    phase,
    plant,
    play,
    rig_rolls,
    set_hand,
    stage_of,
    timeout_code,
    token,
    token_at,
)


def plays(state: GardenPartyState, seat: int | None = None) -> list[str]:
    """The kinds of the cards `seat` may play now (with any target)."""
    found = []
    for code in codes(state, seat):
        if code.startswith("play:"):
            kind = CARD_KIND_OF[code.split(":")[1]]
            if kind not in found:
                found.append(kind)
    return found


def targets(state: GardenPartyState, kind: str, seat: int = 0) -> list[int | None]:
    card = card_in_hand(state, seat, kind)
    found: list[int | None] = []
    for code in codes(state, seat):
        parts = code.split(":")
        if parts[0] == "play" and parts[1] == card:
            found.append(int(parts[2]) if len(parts) > 2 else None)
    return found


def quiet(seats: int = 3, points: int = 9) -> GardenPartyState:
    """Seat 0 to move; every pot a green seed; the other seats hold no card (nobody replies)."""
    state = new_game(seats, points=points)
    all_seeds(state)
    for seat in range(1, seats):
        set_hand(state, seat)
    return state


def roll_for(state: GardenPartyState, seat: int) -> list[Event]:
    """End the turns up to `seat`'s, stopping at its orange window (the roll just made)."""
    events: list[Event] = []
    while True:
        events += act(state, "end")
        while state.phase in ("duel", "attila"):
            events += act(state, "face" if state.phase == "duel" else "attila")
        events += act(state, "roll")  # the new turn's own roll (rules III B)
        if state.turn.seat == seat:
            return events
        events += pass_windows(state)


# ---------------------------------------------------------------------------------------------
# IV B: the timing colours


def test_blue_cards_are_played_in_your_own_turn() -> None:
    """IV B: "blue during your turn": a blue card is offered to the gardener to move, and to nobody
    else, not even in a reply window."""
    state = quiet()
    set_hand(state, 0, "wheelbarrow")
    assert plays(state) == ["wheelbarrow"]
    set_hand(state, 1, "wheelbarrow", "catapult")
    state.players[0].hand = []
    events = roll_for(state, 2)
    assert state.phase == "orange" and GAME.to_move(state) == [1]
    act(state, "yes", 1)
    assert phase(state) == "bid" and plays(state, 1) == []
    assert "roll" in kinds(events)


def test_orange_cards_are_played_right_after_a_competitors_roll() -> None:
    """IV B ("orange during a competitor's turn") and ruling 13: right after each roll every other
    gardener holding a card is asked; a yes-seat then chooses its orange card."""
    state = quiet()
    set_hand(state, 1, "tripwire")
    set_hand(state, 0, "tripwire")
    assert "tripwire" not in plays(state, 0)  # not in your own turn
    roll_for(state, 2)
    assert state.phase == "orange" and sorted(GAME.to_move(state)) == [0, 1]
    assert decision_kind(GAME, state, 0) == "reply"
    answer(state, yes=[1])
    assert phase(state) == "bid" and GAME.to_move(state) == [1]
    before = state.turn.points
    play(state, 1, "tripwire")
    assert phase(state) == "turn" and state.turn.points == max(0, before - 3)


def test_mauve_cards_are_played_in_a_duel_only() -> None:
    """IV B: "mauve during a duel": an Alibi is never offered in a turn or in a bid."""
    state = quiet()
    set_hand(state, 0, "alibi", "witness", "nettles")
    assert plays(state) == []
    set_hand(state, 1, "alibi")
    roll_for(state, 2)
    answer(state, yes=[0, 1])
    assert plays(state, GAME.to_move(state)[0]) == []


def test_pink_cards_are_played_at_the_end_only() -> None:
    """IV B: "pink at the end of the game": Compost and Best in Show are never offered before."""
    state = quiet()
    set_hand(state, 0, "compost", "best_in_show")
    assert plays(state) == []


def test_a_card_played_goes_under_its_deck() -> None:
    """IV B: "when a card is played, it is discarded (placed under its deck)"."""
    state = quiet()
    (card,) = set_hand(state, 0, "wheelbarrow")
    play(state, 0, "wheelbarrow")
    assert state.decks["bricanology"][-1] == card and card not in state.players[0].hand


def test_one_action_card_a_turn() -> None:
    """III C: "You may play one action card per turn (whether it is your own turn or not)"."""
    state = quiet()
    set_hand(state, 0, "wheelbarrow", "wheelbarrow", "rain_shower")
    play(state, 0, "wheelbarrow")
    assert plays(state) == []


def test_one_card_in_your_turn_and_one_in_each_other_turn() -> None:
    """III C: the limit is one a turn, whoever's turn it is: a gardener who played in its own turn
    may play again in the next gardener's turn."""
    state = quiet()
    set_hand(state, 0, "wheelbarrow", "tripwire")
    play(state, 0, "wheelbarrow")
    events = act(state, "end") + act(state, "roll")
    assert "roll" in kinds(events) and state.phase == "orange" and GAME.to_move(state) == [0]
    answer(state, yes=[0])
    assert plays(state, 0) == ["tripwire"]


def test_a_card_played_in_a_turn_keeps_the_player_out_of_that_turns_duel() -> None:
    """III C: an orange card played in a competitor's turn uses up that gardener's card for the turn:
    the owner who played a Tripwire is not asked for a mauve card in the snooper's duel."""
    state = quiet()
    begin_turn(state, 2)
    set_hand(state, 1, "tripwire", "witness")
    set_hand(state, 0, "graft")
    roll_for(state, 0)
    answer(state, yes=[1])
    play(state, 1, "tripwire")
    state.turn.points = 9
    state.players[1].square = "C"
    act(state, "move:G1")
    act(state, "end")
    assert state.phase == "duel" and GAME.to_move(state) == [0]
    events = act(state, "face")
    if state.phase == "attila":  # the card asks for dice: seat 1 only rolls for Attila
        assert codes(state, 1) == ["attila"]
        events += act(state, "attila", 1)
    assert {"duel_won", "duel_lost"} & set(kinds(events))  # judged without asking seat 1 for a card


# ---------------------------------------------------------------------------------------------
# Ruling 13: reply windows


def test_the_orange_window_asks_every_other_gardener_holding_a_card_at_once() -> None:
    """Ruling 13: "every other gardener holding a card ... is asked, all at once and in secret"; a
    gardener with no card is not asked; every seat gets the same two answers."""
    state = quiet(seats=4)
    set_hand(state, 1, "graft")
    set_hand(state, 3, "tripwire", "padlock")
    roll_for(state, 2)
    asked = GAME.to_move(state)
    assert sorted(asked) == [0, 1, 3]  # seat 2 (no card) is not asked
    answers = {seat: [(a.code, a.label) for a in GAME.legal_actions(state, seat)] for seat in asked}
    assert len({tuple(v) for v in answers.values()}) == 1
    assert [code for code, _ in answers[1]] == ["no", "yes"]
    assert all(timeout_code(state, seat) == "no" for seat in asked)


def test_window_answers_are_secret_until_all_are_in() -> None:
    """Ruling 13: answers are collected in secret: the public log says nothing until the last, and
    then only how many want to play."""
    state = quiet(seats=4)
    set_hand(state, 1, "tripwire")
    set_hand(state, 3, "graft")
    state.players[0].hand = []
    roll_for(state, 2)
    assert sorted(GAME.to_move(state)) == [1, 3]
    first = act(state, "yes", 1)
    assert first == [] and GAME.to_move(state) == [3]
    assert GAME.view(state, 3).to_move == [3]
    last = act(state, "no", 3)
    assert event(last, "orange_window").fields["wanted"] == 1


def test_yes_seats_choose_in_turn_order_and_may_withdraw() -> None:
    """Ruling 13: the seats that said yes, in turn order, each choose their orange card (or
    withdraw); a withdrawal plays no card."""
    state = quiet(seats=4)
    set_hand(state, 0, "tripwire")
    set_hand(state, 1, "graft")
    set_hand(state, 3, "padlock")
    roll_for(state, 2)
    answer(state, yes=[0, 1, 3])
    assert GAME.to_move(state) == [3]  # clockwise from the player to move (seat 2)
    assert codes(state, 3) == [f"play:{card_in_hand(state, 3, 'padlock')}", "withdraw"]
    assert timeout_code(state, 3) == "withdraw"
    act(state, "withdraw", 3)
    assert GAME.to_move(state) == [0]
    play(state, 0, "tripwire")
    assert GAME.to_move(state) == [1] and codes(state, 1) == ["withdraw"]
    act(state, "withdraw", 1)
    assert state.phase == "turn" and state.turn.seat == 2
    assert len(state.players[3].hand) == 1 and len(state.players[1].hand) == 1


def test_every_card_played_opens_a_cancel_window_to_the_others_with_two_cards() -> None:
    """Ruling 13 and III C: "At any time, you may also cancel the effect of an action card (whether
    aimed at you or not)": after every card played, every other gardener holding two cards or more is
    asked "Cancel it" or "Let it happen"."""
    state = quiet(seats=4)
    set_hand(state, 0, "wheelbarrow")
    set_hand(state, 1, "graft", "leaky_can")
    set_hand(state, 2, "graft")
    set_hand(state, 3, "fertiliser", "fertiliser", "graft")
    act(state, f"play:{card_in_hand(state, 0, 'wheelbarrow')}")
    assert state.phase == "cancel" and sorted(GAME.to_move(state)) == [1, 3]
    assert decision_kind(GAME, state, 1) == "reply"
    assert [a.code for a in GAME.legal_actions(state, 1)] == ["no", "yes"]
    assert [a.label for a in GAME.legal_actions(state, 1)] == [a.label for a in GAME.legal_actions(state, 3)]
    pass_windows(state)
    assert state.turn.points == 12


def test_a_cancellation_costs_two_cards_of_one_talent_and_the_card_does_nothing() -> None:
    """III C: cancel "by discarding two cards of the same talent"; the card has no effect; "all these
    cards are discarded"."""
    state = quiet()
    (barrow,) = set_hand(state, 0, "wheelbarrow")
    paid = set_hand(state, 1, "fertiliser", "graft", "rain_shower")
    act(state, f"play:{barrow}")
    answer(state, yes=[1])
    assert state.phase == "pay" and GAME.to_move(state) == [1]
    assert codes(state, 1) == ["pay:herbanology", "withdraw"]
    events = act(state, "pay:herbanology", 1)
    pass_windows(state)
    assert state.turn.points == 9 and "card_cancelled" in kinds(events)
    assert state.players[1].hand == [paid[1]]
    assert state.decks["herbanology"][-2:] == [paid[0], paid[2]]
    assert state.decks["bricanology"][-1] == barrow


def test_a_cancellation_may_be_cancelled_and_so_on() -> None:
    """III C: "An opponent may cancel this cancellation ... You may then counter their attempt":
    an even number of cancellations lets the card act (ruling 13)."""
    state = quiet()
    (barrow,) = set_hand(state, 0, "wheelbarrow", "leaky_can", "leaky_can")[:1]
    set_hand(state, 1, "graft", "graft")
    set_hand(state, 2, "fertiliser", "fertiliser", "hoe", "hoe")
    act(state, f"play:{barrow}")
    answer(state, yes=[1])
    act(state, "pay:plantanology", 1)
    assert state.phase == "cancel" and sorted(GAME.to_move(state)) == [0, 2]  # all but the payer
    answer(state, yes=[2])
    act(state, "pay:herbanology", 2)
    assert state.pending is not None and len(state.pending.cancels) == 2
    assert sorted(GAME.to_move(state)) == [0]  # seat 1 has no cards left; seat 2 paid
    answer(state, yes=[0])
    act(state, "pay:bricanology", 0)
    assert sorted(GAME.to_move(state)) == [2]
    answer(state, yes=[2])
    events = act(state, "pay:bricanology", 2)
    events += pass_windows(state)
    assert "points_gained" in kinds(events) and state.turn.points == 12


def test_the_first_yes_seat_clockwise_pays_and_a_withdrawal_passes_to_the_next() -> None:
    """Ruling 13: the first yes-seat clockwise from the player pays (or withdraws, and the next
    yes-seat is asked)."""
    state = quiet(seats=4)
    (barrow,) = set_hand(state, 0, "wheelbarrow")
    set_hand(state, 1, "graft", "leaky_can")
    set_hand(state, 2, "graft", "graft")
    set_hand(state, 3, "fertiliser", "fertiliser")
    act(state, f"play:{barrow}")
    answer(state, yes=[1, 2, 3])
    assert GAME.to_move(state) == [1] and codes(state, 1) == ["withdraw"]
    act(state, "withdraw", 1)
    assert GAME.to_move(state) == [2]
    act(state, "pay:plantanology", 2)
    assert state.phase == "cancel"
    pass_windows(state)
    assert state.turn.points == 9 and len(state.players[3].hand) == 2


def test_a_card_nobody_pays_to_cancel_acts() -> None:
    """Ruling 13: "When a window finds no payer, the card acts if the cancellations cancelled each
    other out": yes-seats that all withdraw cancel nothing."""
    state = quiet()
    (barrow,) = set_hand(state, 0, "wheelbarrow")
    set_hand(state, 1, "graft", "leaky_can")
    act(state, f"play:{barrow}")
    answer(state, yes=[1])
    assert timeout_code(state, 1) == "withdraw"
    act(state, "withdraw", 1)
    assert state.turn.points == 12


def test_a_cancellation_pays_the_cards_held_longest() -> None:
    """Ruling 15: a cancellation's two cards are the cards of that talent held the longest."""
    state = quiet()
    (barrow,) = set_hand(state, 0, "wheelbarrow")
    cards = set_hand(state, 1, "graft", "fertiliser", "seed_packet", "witness")
    act(state, f"play:{barrow}")
    answer(state, yes=[1])
    act(state, "pay:plantanology", 1)
    assert state.players[1].hand == [cards[1], cards[3]]


def test_cancelling_is_not_playing_a_card() -> None:
    """III C: cancellations are apart from the one card a turn: a gardener who cancelled still plays
    its own card in its turn."""
    state = quiet()
    set_hand(state, 0, "wheelbarrow", "fertiliser", "rain_shower", "wheelbarrow")
    set_hand(state, 1, "wheelbarrow")
    # seat 1 plays in its turn; seat 0 cancels
    begin_turn(state, 1)
    act(state, f"play:{card_in_hand(state, 1, 'wheelbarrow')}")
    answer(state, yes=[0])
    act(state, "pay:herbanology", 0)
    pass_windows(state)
    begin_turn(state, 0)
    assert "wheelbarrow" in plays(state)


# ---------------------------------------------------------------------------------------------
# Ruling 10: each card


def test_leaky_can() -> None:
    """Ruling 10, Leaky Can: a competitor of your choice loses one water token; only competitors
    with water are targets."""
    state = quiet()
    set_hand(state, 0, "leaky_can")
    assert plays(state) == []
    state.players[2].water = 2
    assert targets(state, "leaky_can") == [2]
    play(state, 0, "leaky_can", 2)
    assert state.players[2].water == 1


def test_wheelbarrow() -> None:
    """Ruling 10, Wheelbarrow: you get 3 more movement points this turn."""
    state = quiet(points=4)
    set_hand(state, 0, "wheelbarrow")
    play(state, 0, "wheelbarrow")
    assert state.turn.points == 7
    assert "move:G1" not in codes(state)  # seat 1 is home
    assert "move:P1" in codes(state)


def test_catapult() -> None:
    """Ruling 10, Catapult: send a competitor of your choice to the central square (not one already
    there)."""
    state = quiet()
    state.players[1].square = "C"
    set_hand(state, 0, "catapult")
    assert targets(state, "catapult") == [2]
    play(state, 0, "catapult", 2)
    assert state.players[2].square == "C"
    assert "move:G2" in codes(state)


def test_hoe() -> None:
    """Ruling 10 (revised in issue 28) and V B, Hoe: a weed is never pulled out ("you cannot
    discard them. To get rid of them, you must exchange them in an opponent's greenhouse"), so the
    Hoe exchanges one of your weeds that has shown (the first by pot) for a competitor's sprout of
    your choice, wherever you are: the weed goes into their greenhouse, the sprout into yours.
    Targets: every competitor's sprout, and only with a weed of yours showing."""
    state = quiet()
    set_hand(state, 0, "hoe")
    plant(state, 2, 3, "red", "sprout")
    plant(state, 1, 6, "violet", "sprout")
    plant(state, 0, 1, "weed")
    assert plays(state) == []  # a weed still a seed has not shown
    weed = plant(state, 0, 4, "weed", "weed")
    assert targets(state, "hoe") == [1 * 9 + 6, 2 * 9 + 3]
    sprout = token_at(state, 2, 3)
    events = play(state, 0, "hoe", 2 * 9 + 3)
    assert token_at(state, 2, 3) == weed and stage_of(state, 2, 3) == "weed"
    assert token_at(state, 0, 4) == sprout and stage_of(state, 0, 4) == "sprout"
    assert weed not in state.discarded_tokens
    swapped = event(events, "weed_swapped")
    assert swapped.seats == {"player": 0, "victim": 2} and "Red sprout" in swapped.text
    assert "on the Marquise's pot 4" in event(events, "card_played").text


def test_a_hoe_needs_a_competitors_sprout() -> None:
    """Ruling 10 and V B: with no competitor's sprout to take the weed's place, the Hoe is not
    offered (a weed is exchanged, never discarded)."""
    state = quiet()
    set_hand(state, 0, "hoe")
    plant(state, 0, 4, "weed", "weed")
    assert plays(state) == []


def test_tripwire() -> None:
    """Ruling 10, Tripwire (orange): the gardener to move loses 3 movement points."""
    state = quiet()
    set_hand(state, 0, "tripwire")
    rig_rolls(state, 6, 7)
    roll_for(state, 1)
    answer(state, yes=[0])
    play(state, 0, "tripwire")
    assert state.turn.seat == 1 and state.turn.points == state.turn.roll - 3


def test_padlock() -> None:
    """Ruling 10, Padlock (orange): the gardener to move may not enter a competitor's greenhouse this
    turn (its own stays open)."""
    state = quiet()
    set_hand(state, 0, "padlock")
    state.players[2].square = "C"
    roll_for(state, 1)
    answer(state, yes=[0])
    play(state, 0, "padlock")
    state.turn.points = 9
    state.players[1].square = "C"
    fresh(state)
    offered = codes(state)
    assert "move:G0" not in offered and "move:G2" not in offered and "move:G1" in offered


def test_fertiliser() -> None:
    """Ruling 10 and 25, Fertiliser: one of your plants grows one stage, wherever you are, without
    water."""
    state = quiet()
    state.players[0].square = "C"
    plant(state, 0, 2, "red", "bud")
    plant(state, 0, 3, "red", "flower")
    plant(state, 0, 4, "weed", "weed")
    set_hand(state, 0, "fertiliser")
    assert targets(state, "fertiliser") == [0, 1, 2, 5, 6, 7, 8]
    play(state, 0, "fertiliser", 2)
    assert stage_of(state, 0, 2) == "flower" and state.players[0].water == 0


def test_fertiliser_is_not_stopped_by_a_cold_snap() -> None:
    """Ruling 25: Fertiliser "is not stopped by a Cold Snap"."""
    state = quiet()
    set_hand(state, 0, "fertiliser")
    state.turn.cold_snap = True
    state.players[0].water = 2
    assert not any(c.startswith("water:") for c in codes(state))
    play(state, 0, "fertiliser", 0)
    assert stage_of(state, 0, 0) == "sprout"


def test_rain_shower() -> None:
    """Ruling 10, Rain Shower: fill your watering can to the brim, wherever you are; not offered
    with a full can."""
    state = quiet()
    state.players[0].square = "L2"
    set_hand(state, 0, "rain_shower")
    state.players[0].water = 3
    assert plays(state) == []
    state.players[0].water = 1
    play(state, 0, "rain_shower")
    assert state.players[0].water == 3


def test_grow_lamp() -> None:
    """Ruling 10, 25 and 30, Grow Lamp: this turn each plant you water grows two stages (still once
    a turn each, a token each); a bud watered under it just flowers; the next turn is as before."""
    state = quiet()
    state.players[0].water = 3
    set_hand(state, 0, "grow_lamp")
    play(state, 0, "grow_lamp")
    act(state, "water:0")
    assert stage_of(state, 0, 0) == "bud" and "water:0" not in codes(state)
    plant(state, 0, 1, "red", "bud")
    act(state, "water:1")
    assert stage_of(state, 0, 1) == "flower" and state.players[0].water == 1
    begin_turn(state, 0)
    state.players[0].water = 3
    act(state, "water:2")
    assert stage_of(state, 0, 2) == "sprout" and "water:2" not in codes(state)


def test_a_second_grow_lamp_is_not_offered() -> None:
    """Ruling 10: a card that would do nothing now (a second Grow Lamp) is not offered."""
    state = quiet()
    set_hand(state, 0, "grow_lamp")
    state.turn.grow_lamp = True
    assert plays(state) == []


def test_cold_snap() -> None:
    """Ruling 10, Cold Snap (orange): the gardener to move may not water plants this turn."""
    state = quiet()
    set_hand(state, 0, "cold_snap")
    roll_for(state, 1)
    answer(state, yes=[0])
    play(state, 0, "cold_snap")
    state.players[1].water = 3
    fresh(state)
    assert state.players[1].square == "G1"
    assert not any(c.startswith("water:") for c in codes(state))


def test_morning_dew() -> None:
    """Ruling 10, Morning Dew (orange): the card's player takes one water token (within the limit);
    with a full can it is not offered."""
    state = quiet()
    set_hand(state, 0, "morning_dew")
    state.players[0].water = 2
    roll_for(state, 1)
    answer(state, yes=[0])
    play(state, 0, "morning_dew")
    assert state.players[0].water == 3
    set_hand(state, 0, "morning_dew")
    roll_for(state, 2)
    answer(state, yes=[0])
    assert codes(state, 0) == ["withdraw"]


def test_seed_packet() -> None:
    """Ruling 10 and 26, Seed Packet: plant a green sprout in one of your empty pots (only empty
    pots are targets)."""
    state = quiet()
    set_hand(state, 0, "seed_packet")
    assert plays(state) == []
    empty(state, 0, 5)
    assert targets(state, "seed_packet") == [5]
    tokens = len(state.token_kinds)
    play(state, 0, "seed_packet", 5)
    assert stage_of(state, 0, 5) == "sprout"
    assert state.token_kinds[token(state, 0, 5)] == "green"
    assert state.packet_tokens == 1 and len(state.token_kinds) == tokens + 1


def test_botanists_eye_shows_every_seed_to_its_owner_alone() -> None:
    """Ruling 10 and 28, Botanist's Eye (revised, ruling 30): look at all your seeds in secret; the
    owner alone sees them, in the view and in a private log line; with every seed known it is not
    offered."""
    state = quiet()
    set_hand(state, 0, "botanists_eye")
    for pot in range(9):
        plant(state, 0, pot, "green", "sprout")
    plant(state, 0, 3, "blue")
    plant(state, 0, 5, "weed")
    events = play(state, 0, "botanists_eye")
    seen = event(events, "seeds_seen")
    assert "pot 4: Blue" in seen.line_for(0) and "pot 6: Weed" in seen.line_for(0)
    assert "Blue" not in seen.line_for(1) and "Blue" not in seen.text and "Weed" not in seen.text
    assert seen.fields["pots"] == "4, 6"
    assert GAME.view(state, 0).seats[0].pots[3].kind == "blue"
    assert GAME.view(state, 0).seats[0].pots[5].kind == "weed"
    assert GAME.view(state, 1).seats[0].pots[3].kind is None
    assert GAME.view(state, None).seats[0].pots[5].kind is None
    set_hand(state, 0, "botanists_eye")
    begin_turn(state, 0)
    assert plays(state) == []  # every seed is known: the card would do nothing


def test_a_seed_looked_at_stays_known_wherever_it_goes() -> None:
    """Ruling 28: the owner "keeps knowing it wherever it goes": stolen by seat 1, it still shows to
    seat 0, and not to the thief."""
    state = quiet()
    set_hand(state, 0, "botanists_eye")
    token = plant(state, 0, 3, "white")
    play(state, 0, "botanists_eye")
    begin_turn(state, 1)
    state.players[0].square = "C"
    empty(state, 1, 0)
    act(state, "move:G0")
    act(state, "steal:3:0")
    assert token_at(state, 1, 0) == token
    assert GAME.view(state, 0).seats[1].pots[0].kind == "white"
    assert GAME.view(state, 1).seats[1].pots[0].kind is None


def test_graft() -> None:
    """Ruling 10, Graft: one of your sprouts or buds turns one colour rarer (blue is the rarest, no
    target)."""
    state = quiet()
    set_hand(state, 0, "graft")
    assert plays(state) == []
    plant(state, 0, 0, "blue", "sprout")
    assert plays(state) == []
    plant(state, 0, 1, "orange", "bud")
    plant(state, 0, 2, "violet", "flower")
    assert targets(state, "graft") == [1]
    events = play(state, 0, "graft", 1)
    assert state.token_kinds[token(state, 0, 1)] == "violet"
    assert event(events, "grafted").fields["after"] == "Violet"


def test_seed_swap_sends_a_weed_for_a_random_seed() -> None:
    """Ruling 10 and 28, Seed Swap (revised, ruling 30): your weed (the first, by pot) and a random
    seed of the chosen competitor change places; the pots are announced, the seed stays unseen and
    the weed shows in its new greenhouse."""
    state = quiet()
    set_hand(state, 0, "seed_swap")
    for pot in range(9):
        plant(state, 0, pot, "green", "sprout")
    assert plays(state) == []  # no weed: nothing to swap
    weed = plant(state, 0, 2, "weed", "weed")
    plant(state, 0, 6, "weed", "weed")
    assert targets(state, "seed_swap") == [1, 2]
    events = play(state, 0, "seed_swap", 2)
    swapped = event(events, "weed_swapped")
    assert swapped.fields["mine"] == 3 and swapped.seats == {"player": 0, "victim": 2}
    theirs = int(str(swapped.fields["theirs"])) - 1
    assert token_at(state, 2, theirs) == weed and stage_of(state, 2, theirs) == "weed"
    assert stage_of(state, 0, 2) == "seed" and GAME.view(state, 0).seats[0].pots[2].kind is None
    assert stage_of(state, 0, 6) == "weed"


def test_seed_swap_needs_a_weed_and_a_competitor_with_a_seed() -> None:
    """Ruling 10: a card that needs a target is offered only when one exists."""
    state = quiet()
    set_hand(state, 0, "seed_swap")
    plant(state, 0, 0, "weed", "weed")
    for pot in range(9):
        plant(state, 1, pot, "green", "sprout")
    assert targets(state, "seed_swap") == [2]
    for pot in range(9):
        plant(state, 2, pot, "green", "sprout")
    assert plays(state) == []


def test_a_weed_swapped_into_a_raked_greenhouse_goes_on() -> None:
    """Ruling 30 and the Golden Rake (ruling 11, revised in issue 28; V B): a weed that shows in a
    raked greenhouse, wherever it came from, is exchanged at once for a random seed of the next
    competitor on the raker's left who has one; it is never pulled out."""
    state = quiet()
    set_hand(state, 0, "seed_swap")
    give_golden(state, 2, "rake")
    weed = plant(state, 0, 0, "weed", "weed")
    events = play(state, 0, "seed_swap", 2)
    theirs = int(str(event(events, "weed_swapped").fields["theirs"])) - 1
    raked = event(events, "weed_raked")
    assert raked.seats == {"gardener": 2, "victim": 0}  # seat 0 is next on seat 2's left
    assert state.players[2].pots[theirs] is not None and stage_of(state, 2, theirs) == "seed"
    assert token_at(state, 0, int(str(raked.fields["theirs"])) - 1) == weed
    assert weed not in state.discarded_tokens


def test_pollen_storm() -> None:
    """Ruling 10, Pollen Storm (orange): the gardener to move may not exchange or steal plants this
    turn."""
    state = quiet()
    set_hand(state, 0, "pollen_storm")
    state.players[0].square = "C"
    roll_for(state, 1)
    answer(state, yes=[0])
    play(state, 0, "pollen_storm")
    state.players[1].square = "G0"
    fresh(state)
    assert not any(c.startswith(("swap:", "steal:")) for c in codes(state))


def test_a_blue_card_is_refused_out_of_turn() -> None:
    """IV B and ruling 10: a blue card is played in your own turn: `apply` refuses it from another
    seat and changes nothing."""
    state = quiet()
    (card,) = set_hand(state, 1, "wheelbarrow")
    GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Action(f"play:{card}"))
    assert state.players[1].hand == [card] and state.turn.points == 9


def test_the_card_talents_show_on_their_backs() -> None:
    """IV A and B: the three talents are the three decks; a card's talent is its deck's."""
    state = quiet()
    for talent, deck in state.decks.items():
        assert all(talent_of(c) == talent for c in deck)


def test_the_turn_goes_on_after_a_window() -> None:
    """Ruling 13: once the window and its choices are done, the turn goes on where it was."""
    state = quiet()
    set_hand(state, 0, "graft")
    roll_for(state, 1)
    answer(state)
    assert state.phase == "turn" and state.turn.seat == 1
    end_turn(state)
    assert state.turn.seat == 2


@pytest.mark.parametrize("kind", ["padlock", "cold_snap", "pollen_storm", "tripwire"])
def test_an_orange_card_that_would_do_nothing_is_not_offered(kind: str) -> None:
    """Ruling 10: a card that would do nothing now is not offered: once a Padlock (Cold Snap, Pollen
    Storm) has acted this turn another would do nothing, and so would a Tripwire on a gardener with
    no movement point left."""
    state = quiet(seats=4)
    set_hand(state, 0, kind)
    set_hand(state, 3, kind if kind != "tripwire" else "padlock")
    roll_for(state, 2)
    answer(state, yes=[0, 3])
    play(state, 3, kind if kind != "tripwire" else "padlock")
    if kind == "tripwire":
        state.turn.points = 0
        fresh(state)
    assert GAME.to_move(state) == [0]
    assert codes(state, 0) == ["withdraw"]


def test_each_decision_has_its_clock_move() -> None:
    """Ruling 13: a window's clock running out answers no; a timed-out choice plays no card (a bid
    withdraws, a duel is faced with no card); a turn's clock is left to the computer player."""
    state = quiet()
    assert timeout_code(state, 0) is None and decision_kind(GAME, state, 0) == "turn"
    set_hand(state, 0, "graft")
    set_hand(state, 1, "alibi")
    state.players[2].square = "C"
    act(state, "move:G2")
    act(state, "end")
    assert state.phase == "duel" and GAME.to_move(state) == [0]
    assert timeout_code(state, 0) == "face" and decision_kind(GAME, state, 0) == "turn"
