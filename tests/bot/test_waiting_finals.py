"""A finished game's final board waits for its picture at most `final_wait` seconds (docs/bot.md,
"Pictures and the CPU"): `PictureService.serve_waiting` has the publisher show it without its
picture once that wait is over, even when its game has left the queue meanwhile, and forgets a
game that is no longer live. The picture queue's own loop, with a clock the test moves."""

from __future__ import annotations

import asyncio

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
