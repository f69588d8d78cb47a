"""Sections III A (a greenhouse round) and III B (movement), with rulings 3, 4 and 21."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.board import distance, squares
from engine.garden_party.state import GardenPartyState
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    begin_turn,
    codes,
    end_turn,
    event,
    kinds,
    new_game,
    plant,
    rig_rolls,
    set_hand,
    settle,
    timeout_code,
)


def moves(state: GardenPartyState, seat: int | None = None) -> dict[str, int]:
    """Square -> cost of every move offered."""
    found = {}
    for code in codes(state, seat):
        if code.startswith("move:"):
            square = code.split(":")[1]
            found[square] = distance(state.players[state.turn.seat].square, square)
    return found


def test_a_round_is_one_turn_for_each_player_passing_to_the_left() -> None:
    """III A: a round has as many turns as there are players; when a turn ends, play passes to the
    player on the left; then a new round begins."""
    state = new_game(4)
    seen = []
    for _ in range(9):
        seen.append((state.round, state.turn.seat))
        end_turn(state)
    assert seen == [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0)]


def test_rounds_start_from_the_first_player() -> None:
    """III A and I (The die): the first player is whoever rolled highest; a round ends when each
    player has played once from there, clockwise."""
    state = new_game(3)
    state.first_seat = 2
    begin_turn(state, 2)
    order = []
    for _ in range(4):
        order.append((state.round, state.turn.seat))
        end_turn(state)
    assert order == [(1, 2), (1, 0), (1, 1), (2, 2)]


def test_each_turn_starts_with_a_roll_giving_the_movement_points() -> None:
    """III B: "At the start of your turn, roll the die. Its result (between 4 and 9) gives your
    movement points." The roll is public."""
    state = new_game(3)
    rig_rolls(state, 7)
    events = end_turn(state)
    roll = event(events, "roll")
    assert roll.seats == {"gardener": 1} and roll.fields["roll"] == 7 and roll.fields["points"] == 7
    settle(state)
    assert state.turn.seat == 1 and state.turn.points == 7


def test_one_point_a_square_greenhouse_lawn_pavement_centre() -> None:
    """III B and ruling 3: each arm is greenhouse - lawn - pavement - central square, one point a step;
    the Countess's example goes greenhouse to centre for 3 points (VI)."""
    state = new_game(3, points=9)
    state.players[1].square, state.players[2].square = "L1", "L2"  # their greenhouses are open
    assert moves(state) == {
        "L0": 1,
        "P0": 2,
        "C": 3,
        "P1": 4,
        "L1": 5,
        "G1": 6,
        "P2": 4,
        "L2": 5,
        "G2": 6,
    }
    act(state, "move:C")
    assert state.players[0].square == "C" and state.turn.points == 6


def test_the_moves_offered_are_those_the_points_reach() -> None:
    """III B: "Each point allows you to move your gardener one square": with 4 points the gardener
    reaches at most 4 squares away."""
    state = new_game(3, points=4)
    assert moves(state) == {"L0": 1, "P0": 2, "C": 3, "P1": 4, "P2": 4}


def test_greenhouse_to_greenhouse_goes_through_the_centre() -> None:
    """III B: "it is impossible to pass from greenhouse to greenhouse ... must pass through the
    central square": the way from one greenhouse to another is six squares whatever the seats."""
    for seats in (3, 6):
        for a in range(seats):
            for b in range(seats):
                if a != b:
                    assert distance(f"G{a}", f"G{b}") == 6
                    assert distance(f"L{a}", f"L{b}") == 4
    state = new_game(6, points=5)
    assert not any(square.startswith("G") for square in moves(state))


def test_only_the_players_arms_are_in_play() -> None:
    """Ruling 3: with fewer than six players only the players' arms are in play."""
    assert squares(3) == ("C", "P0", "L0", "G0", "P1", "L1", "G1", "P2", "L2", "G2")
    assert len(squares(6)) == 1 + 18
    state = new_game(3, points=9)
    assert all(int(square[1:]) < 3 for square in moves(state) if square != "C")


def test_nothing_forces_a_move_nor_using_all_points() -> None:
    """III B: "nothing forces your gardener to move during your turn or to use all of your movement
    points": ending the turn at once is open, and a short move leaves the rest."""
    state = new_game(3, points=6)
    assert "end" in codes(state)
    act(state, "move:L0")
    assert state.turn.points == 5
    act(state, "move:G0")
    assert state.turn.points == 4 and "end" in codes(state)


def test_unused_movement_points_are_lost_at_the_end_of_the_turn() -> None:
    """III B: "Unused movement points are lost at the end of the turn": the next turn of the same
    gardener has its new roll only."""
    state = new_game(3, points=9)
    act(state, "move:L0")
    for _ in range(3):
        if state.turn.seat == 2:
            rig_rolls(state, 4)
        end_turn(state)
    assert state.turn.seat == 0 and state.turn.points == 4


def test_moves_stop_being_offered_when_the_points_run_out() -> None:
    """III B: each point moves one square; with no point left the gardener stays."""
    state = new_game(3, points=3)
    act(state, "move:C")
    assert state.turn.points == 0
    assert not any(code.startswith("move:") for code in codes(state))


def test_the_gardener_may_stop_and_go_on_with_the_points_left() -> None:
    """Ruling 4: a move goes to one square and costs its length; the gardener may stop, act, and
    go on with what is left (the Professor's example: to the centre, draw, water, back)."""
    state = new_game(3, points=8, gardeners=["professor", "countess", "baron"])
    state.players[1].square, state.players[2].square = "L1", "L2"
    act(state, "move:C")
    act(state, "water_take")
    act(state, "water_take")
    assert state.turn.points == 3
    assert moves(state) == {"P0": 1, "L0": 2, "G0": 3, "P1": 1, "L1": 2, "G1": 3, "P2": 1, "L2": 2, "G2": 3}
    act(state, "move:G0")
    assert state.turn.points == 0 and state.players[0].water == 2


def test_passing_through_the_central_square_draws_nothing() -> None:
    """Ruling 4: what a square allows is done where the gardener stops: going through the central
    square to a competitor's greenhouse offers no draw there."""
    state = new_game(3, points=9)
    state.players[1].square = "P1"
    act(state, "move:G1")
    assert not any(code.startswith(("draw:", "water_take")) for code in codes(state))
    assert state.turn.drew is False


def test_nobody_may_enter_a_greenhouse_whose_owner_is_in_it() -> None:
    """III B: "The tournament rules also forbid entering a greenhouse whose owner is present." Seat 1
    stays home; seat 2 is out."""
    state = new_game(3, points=9)
    state.players[2].square = "C"
    offered = moves(state)
    assert "G1" not in offered and "G2" in offered
    assert "L1" in offered and "P1" in offered
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("move:G1"))
    assert state.players[0].square == "G0"


def test_several_gardeners_may_share_a_square() -> None:
    """III B: "several gardeners may be on the same square" (and ruling 4)."""
    state = new_game(4, points=9)
    state.players[1].square = "C"
    state.players[2].square = "P3"
    state.players[3].square = "C"
    act(state, "move:C")
    assert [p.square for p in state.players] == ["C", "C", "P3", "C"]
    act(state, "move:P3")
    assert state.players[0].square == "P3"


def test_a_visitor_may_enter_an_empty_competitors_greenhouse_and_leave_it() -> None:
    """III B: a competitor's greenhouse may be entered when its owner is away; the way out goes back
    up its arm."""
    state = new_game(3, points=9)
    state.players[1].square = "C"
    act(state, "move:G1")
    assert state.players[0].square == "G1" and state.turn.visits == [1]
    assert moves(state) == {"L1": 1, "P1": 2, "C": 3}


def test_the_tournament_closes_after_the_season_rounds() -> None:
    """Ruling 21: if no greenhouse is complete after `season_rounds` rounds, the Countess closes the
    tournament and the count is made as at the end."""
    state = new_game(3, season_rounds=3)
    for seat in range(3):
        state.players[seat].hand = []  # no end-of-game cards to wait for
    events = []
    for _ in range(8):
        events += end_turn(state)
    assert state.phase == "turn" and state.round == 3 and state.turn.seat == 2
    events = end_turn(state)
    assert "season_over" in kinds(events) and event(events, "season_over").fields["rounds"] == 3
    assert GAME.is_terminal(state) and state.ended_by is None
    assert GAME.to_move(state) == []
    assert len(GAME.result(state).seats) == 3


def test_the_closing_tournament_counts_hidden_weeds_as_at_the_end() -> None:
    """Ruling 21 with ruling 14: the count when the tournament closes is made as at the end, so a
    weed still hidden as a seed costs its owner 10 points."""
    state = new_game(3, season_rounds=3)
    all_seeds(state)
    plant(state, 1, 4, "weed")
    state.round = 3
    for seat in range(3):
        state.players[seat].hand = []
    begin_turn(state, 2)
    end_turn(state)
    assert GAME.is_terminal(state)
    totals = {r.seat: r.total for r in GAME.result(state).seats}
    assert totals == {0: 0, 1: -10, 2: 0}


def test_each_turn_begins_with_its_gardeners_own_roll() -> None:
    """III B: "At the start of your turn, roll the die": the roll is the gardener's first decision
    ("Roll the die"; a clock running out rolls it), and only then do the points and the others'
    orange-card window come."""
    state = new_game(3, points=9)
    set_hand(state, 0)
    for seat in (1, 2):
        set_hand(state, seat)
    act(state, "end")
    assert state.phase == "roll" and GAME.to_move(state) == [1] and state.turn.points == 0
    assert codes(state, 1) == ["roll"] and timeout_code(state, 1) == "roll"
    events = act(state, "roll", 1)
    assert "roll" in kinds(events) and 4 <= state.turn.points <= 9 and state.phase == "turn"
