"""A finished game's final board waits for its picture at most `final_wait` seconds (docs/bot.md,
"Pictures and the CPU"): `PictureService.serve_waiting` has the publisher show it without its
picture once that wait is over, even when its game has left the queue meanwhile, and forgets a
game that is no longer live. The picture queue's own loop, with a clock the test moves."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.basics.words import words_for
from bot.game.session import GameSession
from bot.picture_service.budget import PictureBudget
from bot.picture_service.service import PictureService


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_a_final_board_out_of_the_queue_is_still_shown_without_its_picture_when_its_wait_ends() -> None:
    clock = Clock()
    pictures = PictureService(PictureBudget(15, clock=clock), clock=clock)
    pictures.final_wait = 0.04  # the loop looks again every quarter of it (real seconds)
    shown: list[int] = []
    redrawn: list[int] = []

    async def redraw(game_id: int) -> None:
        redrawn.append(game_id)
        raise RuntimeError("the redraw failed")  # logged; the game left the queue with it

    def show_unpictured(game_id: int) -> bool:
        shown.append(game_id)
        return game_id == 7  # game 8 is no longer live

    for game_id in (7, 8):
        pictures._finals[game_id] = clock.now
        pictures.redraw_later(game_id)
    serving = asyncio.create_task(pictures.serve_waiting(redraw, show_unpictured))
    try:
        await asyncio.sleep(0.1)
        assert redrawn == [7, 8] and not pictures.waiting and shown == [], "not overdue yet"
        clock.now += 1.0
        await asyncio.sleep(0.1)
        assert 7 in shown and 8 in shown, "both shown without their pictures once their wait ended"
        assert pictures.finals_overdue() == [7], "a game no longer live is forgotten, not asked again"
    finally:
        serving.cancel()


def finished(game_id: int) -> Any:
    """A finished game's position, as much of it as the picture queue reads."""
    record = SimpleNamespace(status="finished")
    return SimpleNamespace(
        record=record, game_id=game_id, version=30, names=("Alice",), words=words_for(None)
    )


async def test_a_final_board_waits_only_when_its_turn_in_the_queue_comes_within_the_wait() -> None:
    """A final board out of budget waits in the queue when its picture can come within
    `final_wait` (10 s); one whose turn would come later is not waited for: its game ends on its
    text board, and its result is posted, at once (docs/bot.md, "Pictures and the CPU")."""
    clock = Clock()
    budget = PictureBudget(20, clock=clock)  # 20 ms of drawing a second
    pictures = PictureService(budget, clock=clock)
    pictures._wanted = lambda position, session: True  # type: ignore[method-assign]
    budget.spend(budget.level() + 1.0)  # just spent: ready again in 0.05 s
    budget.typical_ms = 10.0  # a drawing every half second
    for game_id in range(1, 15):
        pictures.redraw_later(game_id)  # fourteen boards before it: its own drawn 7.55 s on
    waits = await pictures.board(finished(100), GameSession(100))
    assert waits.final_to_come and pictures.keeps(100), "its picture comes within the wait"
    for game_id in range(101, 105):
        pictures.redraw_later(game_id)  # four more boards: the next final's is 10.05 s on
    given_up = await pictures.board(finished(200), GameSession(200))
    assert not given_up.final_to_come and given_up.choice == "none", "the text board, at once"
    assert not pictures.keeps(200), "nothing left waiting for it"
    again = await pictures.board(finished(100), GameSession(100))
    assert again.final_to_come, "the first keeps its place in the queue, and its wait"
