"""The picture budget (`bot/picture_service/budget.py`): pictures share the CPU, moves never wait for them."""

from __future__ import annotations

import pytest

from bot.picture_service.budget import PictureBudget, WaitingBoards


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_drawing_is_allowed_while_the_budget_has_room_and_paid_for_afterwards() -> None:
    clock = Clock()
    budget = PictureBudget(40, clock=clock)
    assert budget.ready() and budget.level() == 50, "it starts full: one burst"
    budget.spend(30)
    assert budget.ready(), "20 ms left"
    budget.spend(30)
    assert not budget.ready() and budget.level() == pytest.approx(-10)
    assert budget.seconds_until_ready() == pytest.approx(0.25, abs=0.01)
    clock.now += 0.3
    assert budget.ready() and budget.level() == pytest.approx(2)


def test_the_budget_refills_at_its_rate_up_to_one_burst() -> None:
    clock = Clock()
    budget = PictureBudget(100, clock=clock)
    budget.spend(100)
    clock.now += 10
    assert budget.level() == 100, "never more than one second's worth in hand"
    assert budget.spent_ms == 100 and budget.drawn == 1


def test_every_drawing_is_paid_for_in_full_even_one_the_budget_did_not_allow() -> None:
    """A `/board` is drawn whatever the budget; the budget still pays for it, so over time
    pictures never take more than their share."""
    clock = Clock()
    budget = PictureBudget(25, clock=clock)
    budget.spend(400)  # e.g. a process's first picture, while fonts and card art load
    assert budget.level() == -350
    clock.now += 13
    assert not budget.ready(), "14 s at 25 ms/s to pay back 350 ms"
    clock.now += 1.1
    assert budget.ready()


def test_drawings_in_progress_count_as_spent_so_a_crowd_cannot_overdraw_the_budget() -> None:
    """A hundred games starting at once all ask for a board picture before the first drawing
    (a worker thread) is paid for: only what the budget holds, at a typical cost each, may start;
    the rest wait their turn, so the budget is not left deep in debt for a minute."""
    budget = PictureBudget(25, clock=Clock())
    started = 0
    for _ in range(100):
        if budget.ready():
            budget.begin()
            started += 1
    assert started == 5, "50 ms in hand at about 10 ms a picture"
    for _ in range(started):
        budget.spend(10)
    assert budget.in_flight == 0 and budget.level() == pytest.approx(0)


def test_a_drawing_that_fails_frees_its_share() -> None:
    budget = PictureBudget(25, clock=Clock())
    for _ in range(5):
        budget.begin()
    assert not budget.ready()
    budget.give_up()
    assert budget.ready() and budget.spent_ms == 0


def test_zero_turns_pictures_off() -> None:
    budget = PictureBudget(0)
    assert not budget.enabled and not budget.ready()
    assert budget.seconds_until_ready() > 3600


def test_reset_fills_the_budget_again() -> None:
    budget = PictureBudget(10, clock=Clock())
    budget.spend(1000)
    budget.reset()
    assert budget.ready() and budget.level() == 50


def test_a_waiting_board_keeps_its_place_however_often_its_game_moves() -> None:
    waiting = WaitingBoards()
    for game in (3, 1, 3, 2, 1):
        waiting.add(game)
    assert len(waiting) == 3 and 1 in waiting
    assert [waiting.pop_oldest() for _ in range(3)] == [3, 1, 2]
    assert waiting.pop_oldest() is None
    waiting.add(5)
    waiting.discard(5)
    assert 5 not in waiting and not waiting


def test_a_picture_can_wait_until_there_is_room_for_another_one_after_it() -> None:
    """A public-view hand is drawn only with room left for its board's picture (docs/bot.md)."""
    clock = Clock()
    budget = PictureBudget(40, clock=clock)
    budget.spend(45)  # 5 ms left
    budget.typical_ms = 10.0
    assert budget.ready(), "room for one drawing"
    assert not budget.ready(keep_room_for=1), "not for one and the board's after it"
    clock.now += 0.25  # 15 ms left
    assert budget.ready(keep_room_for=1)
