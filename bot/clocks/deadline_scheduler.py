"""One task that sleeps until the earliest deadline in the database, then fires what is due.

No polling and no task per game: however many games have clocks, the bot waits on one timer (the
injected clock's `sleep_until`), woken early only when a sooner deadline is set (`poke`). A
deadline that fails is logged and left for the next pass a little later (it is claimed in the
store step by step, so a retry never repeats a step that was done).

With shards across processes (bot/basics/shards.py) each process fires only the deadlines of its own
shards' games (`shards`, asked of the store: the guild's shard is computed in the query), and
sleeps until the earliest of those: another process's deadline, due or overdue while that process
is down, neither wakes it nor is fired by it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.basics.clock import Clock
from bot.storage import DeadlineRecord, Store
from bot.storage.connection import Shards

log = logging.getLogger(__name__)

#: After a failed deadline, look again this much later (seconds).
RETRY_AFTER = 5.0


class DeadlineScheduler:
    """Fires every deadline when it is due, across restarts (the rows are in the store)."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        fire: Callable[[DeadlineRecord], Awaitable[None]],
        *,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.fire = fire
        #: This process's shards, (count, ids) (None: every game, unsharded).
        self.shards = shards
        self._poked = asyncio.Event()
        #: How many times it woke up (benchmarks read it: idle games must not wake it).
        self.wakeups = 0

    def poke(self) -> None:
        """A deadline was set: look again (it may be sooner than the one slept for)."""
        self._poked.set()

    async def run(self) -> None:
        """Forever: sleep until the next deadline (or a poke), fire what is due."""
        while True:
            self._poked.clear()
            due = await self._next_due()
            if due is None or due > self.clock.now():
                await self._sleep(due)
                continue
            self.wakeups += 1
            failed = False
            for deadline in await self._due(self.clock.now()):
                try:
                    await self.fire(deadline)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    failed = True
                    log.exception("A deadline of game %s (%s) failed.", deadline.game_id, deadline.kind)
            if failed:
                await self._sleep(self.clock.now() + RETRY_AFTER)

    async def _next_due(self) -> float | None:
        """When this process's earliest running deadline is due (None: none)."""
        return await self.store.next_due(self.shards)

    async def _due(self, now: float) -> list[DeadlineRecord]:
        """This process's running deadlines due at `now`, earliest first."""
        return await self.store.due_deadlines(now, self.shards)

    async def _sleep(self, until: float | None) -> None:
        """Until `until` (None: until poked), or a poke, whichever comes first."""
        poked = asyncio.ensure_future(self._poked.wait())
        waits: list[asyncio.Future[Any]] = [poked]
        if until is not None:
            waits.append(asyncio.ensure_future(self.clock.sleep_until(until)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
            # Gathered, not awaited one by one under `suppress(CancelledError)`: a cancellation of
            # this task arriving during the clean-up must end it, not be taken for a waiter's
            # (the scheduler then slept on, and the bot never finished closing).
            await asyncio.gather(*waits, return_exceptions=True)
