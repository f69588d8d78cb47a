"""Kept views (issue 31): a seat's view and an objective's progress are shared between viewers and
versions while what decides them stays the same, and are never stale: every view the game hands
out equals one made anew from the state (ruling 17: the board shows exactly the public state)."""

from __future__ import annotations

import pytest

from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageOptions, SabotageState
from engine.sabotage.views import progress_made, seat_view_made
from tests.engine.sabotage.helpers import random_game


def made_anew(state: SabotageState, viewer: int | None) -> tuple[list[object], list[object]]:
    """The seats and (for a seat) the progress hints of `viewer`'s view, nothing kept."""
    seats: list[object] = [seat_view_made(seat, player) for seat, player in enumerate(state.players)]
    if viewer is None:
        return seats, []
    mine = state.players[viewer]
    hints: list[object] = [
        progress_made(oid, number + 1, plot)
        for oid in mine.objectives
        for number, plot in enumerate(mine.plots)
    ]
    return seats, hints


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_view_equals_one_made_anew_from_the_state(seats: int) -> None:
    for state in random_game(seats, seats, 250, bird_variant=True):
        for viewer in [None, *range(seats)]:
            view = GAME.view(state, viewer)
            anew_seats, anew_hints = made_anew(state, viewer)
            assert view.seats == anew_seats
            assert view.my_progress == anew_hints


def test_a_seat_a_move_leaves_alone_keeps_its_view_for_every_viewer() -> None:
    """What the bot's kept texts rely on (bot/presenters/kept_texts.py): the same object."""
    state = GAME.create(SabotageOptions(first_seat=0), 2, 5)
    mover_before, before = GAME.view(state, None).seats
    draw = next(a for a in GAME.legal_actions(state, 0) if a.label == "Draw a Plant from the deck")
    GAME.apply(state, 0, draw)
    after = [GAME.view(state, viewer).seats for viewer in (None, 0, 1)]
    assert all(seats[1] is before for seats in after)  # seat 2 did nothing: its view is kept
    assert after[0][0] is not mover_before  # seat 1 drew: its hand's size changed
    assert after[0][0].plants_in_hand == mover_before.plants_in_hand + 1
