"""Section III C ("At any time": one card a turn, whether it is your own turn or not) and ruling 32:
an orange card may be played unasked at any moment of a competitor's moves, from the player's own
hand, through `engine.api.interjections`."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction, interjections
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.cards import CARD_KIND_OF
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    answer,
    card_in_hand,
    codes,
    kinds,
    new_game,
    pass_windows,
    set_hand,
)


def quiet(seats: int = 3, points: int = 9) -> GardenPartyState:
    """Seat 0 to move in its moves, with `points` left; every pot a green seed; no hands."""
    state = new_game(seats, points=points)
    all_seeds(state)
    for seat in range(seats):
        set_hand(state, seat)
    return state


def offered(state: GardenPartyState, seat: int) -> list[str]:
    """The card kinds `seat` may play unasked now."""
    return [CARD_KIND_OF[a.code.split(":")[1]] for a in interjections(GAME, state, seat)]


def interject(state: GardenPartyState, seat: int, kind: str) -> None:
    card = card_in_hand(state, seat, kind)
    GAME.apply(state, seat, Action(f"play:{card}"))


def test_an_orange_card_may_be_played_during_a_competitors_moves() -> None:
    """III C and ruling 32: during seat 0's moves, seat 1 may play its Tripwire unasked; nobody is
    asked for it, so seat 1 is not among the seats to move; played, it takes effect and the turn
    goes on where it was."""
    state = quiet(points=8)
    set_hand(state, 1, "tripwire", "graft")
    act(state, "move:L0")  # seat 0 spends a point first: the card comes mid-turn
    assert GAME.to_move(state) == [0]
    assert offered(state, 1) == ["tripwire"]  # the blue Graft is not an orange card
    points = state.turn.points
    interject(state, 1, "tripwire")
    pass_windows(state)
    assert state.phase == "turn" and GAME.to_move(state) == [0]
    assert state.turn.points == points - 3
    assert state.players[1].hand and CARD_KIND_OF[state.players[1].hand[0]] == "graft"


def test_a_card_played_unasked_opens_a_cancel_window_and_may_be_cancelled() -> None:
    """Ruling 32 with ruling 13: the card opens a cancel window to the others like any card; a
    cancellation stops it and the turn goes on."""
    state = quiet()
    set_hand(state, 1, "cold_snap")
    set_hand(state, 0, "graft", "graft")
    interject(state, 1, "cold_snap")
    assert state.phase == "cancel" and GAME.to_move(state) == [0]
    answer(state, yes=[0])
    events = act(state, "pay:plantanology", 0)
    events += pass_windows(state)
    assert "card_cancelled" in kinds(events)
    assert state.phase == "turn" and not state.turn.cold_snap


def test_one_card_a_turn_counts_the_card_played_unasked() -> None:
    """III C, "one action card per turn": after its Tripwire, seat 1 has no other orange card to
    play in this turn, unasked or in a window."""
    state = quiet()
    set_hand(state, 1, "tripwire", "padlock")
    interject(state, 1, "tripwire")
    pass_windows(state)
    assert offered(state, 1) == []


def test_the_mover_and_other_moments_offer_nothing_unasked() -> None:
    """Ruling 32: only a competitor's turn: the mover is offered nothing unasked (its choices are
    its legal actions), nor is anyone during a reply window (a card is being answered), a duel
    (mauve cards' time: IV B) or the end (pink cards')."""
    state = quiet()
    set_hand(state, 0, "tripwire")
    set_hand(state, 1, "padlock", "graft")
    assert offered(state, 0) == []
    assert offered(state, 1) == ["padlock"]
    for phase in ("duel", "orange", "cancel", "bid", "pay", "end"):
        state.phase = phase  # type: ignore[assignment]
        assert offered(state, 1) == [], phase


def test_an_orange_card_may_be_played_while_the_mover_keeps_a_drawn_card() -> None:
    """III C ("at any time") and ruling 32, revised in issue 28 (the moment the mover chooses which
    drawn card to keep was closed to orange cards, against "at any time"): seat 1 plays a Padlock
    unasked while seat 0 chooses; once it settles, seat 0 still chooses its card, under the
    Padlock."""
    state = quiet()
    state.players[0].square = "C"
    set_hand(state, 1, "padlock")
    act(state, "draw:plantanology")  # the Countess draws three and keeps one
    assert state.phase == "keep"
    assert offered(state, 1) == ["padlock"]
    interject(state, 1, "padlock")
    pass_windows(state)
    assert state.phase == "keep" and GAME.to_move(state) == [0] and state.turn.padlock
    act(state, next(c for c in codes(state) if c.startswith("keep:")))
    assert state.phase == "turn"


def test_an_orange_card_may_be_played_before_the_roll() -> None:
    """III C and ruling 32: the turn has begun before its roll ("At the start of your turn, roll the
    die", III B): a Cold Snap played then stands, and the roll comes after it."""
    state = quiet()
    set_hand(state, 1, "cold_snap")
    state.phase = "roll"
    assert offered(state, 1) == ["cold_snap"]
    interject(state, 1, "cold_snap")
    pass_windows(state)
    assert state.phase == "roll" and state.turn.cold_snap


def test_a_card_that_would_do_nothing_is_not_offered_unasked() -> None:
    """Rulings 10 and 32: a Tripwire with no movement point left to lose is not offered."""
    state = quiet(points=0)
    set_hand(state, 1, "tripwire")
    assert offered(state, 1) == []


def test_a_card_not_offered_is_refused_and_changes_nothing() -> None:
    """Ruling 32: an orange card not offered now (a blue card, a card of someone else's, a card in
    a window's moment) is refused with a reason, and the state is as it was."""
    state = quiet()
    set_hand(state, 1, "graft", "tripwire")
    (other,) = set_hand(state, 2, "padlock")
    before = state.model_dump_json()
    for seat, code in ((1, f"play:{state.players[1].hand[0]}"), (1, f"play:{other}"), (2, "end")):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, Action(code))
        assert refused.value.message
    assert state.model_dump_json() == before


def test_the_legal_actions_of_a_seat_not_to_move_stay_empty() -> None:
    """Ruling 32, "nobody is asked and no clock waits for it": `legal_actions` stay the seats to
    move's; what a seat may play unasked is asked for separately, so clocks and computer players
    never wait on it."""
    state = quiet()
    set_hand(state, 1, "tripwire")
    assert codes(state, 1) == [] and offered(state, 1) == ["tripwire"]
