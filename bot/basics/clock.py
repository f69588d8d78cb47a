"""Time, injected: the bot asks a `Clock` what time it is and sleeps through it, so tests move
time forward instead of sleeping (`ManualClock`), and every deadline lives in the database."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    """Wall-clock time in seconds since the epoch, and a way to wait for a moment of it."""

    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...


class SystemClock:
    """The real time."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.time()))


class ManualClock:
    """A clock a test moves by hand: `advance(seconds)` wakes everything sleeping until then."""

    def __init__(self, start: float | None = None) -> None:
        #: It starts at the real time (Discord's own timestamps, such as a message's, are real).
        self._now = time.time() if start is None else start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((when, waiter))
        try:
            await waiter
        finally:
            self._sleepers = [(w, f) for w, f in self._sleepers if f is not waiter]

    def advance(self, seconds: float) -> None:
        """Move time forward by `seconds` (wakes the sleepers now due)."""
        self.set(self._now + seconds)

    def set(self, when: float) -> None:
        self._now = max(self._now, when)
        for due, waiter in self._sleepers:
            if due <= self._now and not waiter.done():
                waiter.set_result(None)
