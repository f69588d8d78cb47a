"""The deadline scheduler sleeps until the next deadline or a poke; the bot cancels it when it
closes. A cancellation must end it wherever it lands, the clean-up after a wake-up included: one
that landed there was swallowed, the scheduler slept on, and the bot never finished closing (a CI
run's `test_game_end_logs.py` restart waited 60 s for it)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import pytest

from bot.clocks.deadline_scheduler import DeadlineScheduler


class LaterDeadline:
    """A store whose next deadline is an hour away: the scheduler sleeps on its clock, or a poke."""

    async def next_due(self, shards: Any) -> float | None:
        return time.time() + 3600

    async def due_deadlines(self, now: float, shards: Any) -> list[Any]:
        return []


class SlowToWake:
    """The real time, but a sleep takes a few turns of the event loop to end once cancelled (as
    any awaited clean-up does): the scheduler's own clean-up then spans those turns."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        try:
            await asyncio.sleep(max(0.0, when - time.time()))
        except asyncio.CancelledError:
            for _ in range(4):
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.sleep(0)
            raise


async def fire(deadline: Any) -> None:
    raise AssertionError("no deadline is due")


@pytest.mark.parametrize("turns", range(8))
async def test_a_cancelled_scheduler_stops_wherever_the_cancel_lands(turns: int) -> None:
    """Poked, then cancelled `turns` turns of the event loop later: at every point of its wake-up
    and its clean-up, the task ends cancelled."""
    scheduler = DeadlineScheduler(LaterDeadline(), SlowToWake(), fire)  # type: ignore[arg-type]
    running = asyncio.create_task(scheduler.run())
    for _ in range(3):
        await asyncio.sleep(0)  # asleep until the deadline or a poke
    scheduler.poke()
    for _ in range(turns):
        await asyncio.sleep(0)
    running.cancel()
    done, _pending = await asyncio.wait({running}, timeout=2.0)
    assert running in done, f"cancelled {turns} turns after a poke, the scheduler slept on"
    assert running.cancelled()
