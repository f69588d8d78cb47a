"""How much CPU the bot may spend drawing pictures, and which board waits for its picture.

A move never waits for a picture and a picture never slows the game: drawing one costs about as much
CPU as handling a dozen clicks, so a busy bot would otherwise spend most of its time on pictures.
Pictures get a share of the CPU instead (`PICTURE_BUDGET_MS`: milliseconds of drawing per second).
While the share is free, every move's board is drawn at once, which is the case at any human
pace. When it is spent, a board keeps its previous picture (the text is always current) and the
game joins a queue; the queue is served, oldest first, as the share refills, always drawing the
game's *latest* position, so a game that moved five times while waiting is drawn once.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

#: What a board picture costs before any was measured (about 10 ms of CPU; docs/performance.md).
TYPICAL_DRAWING_MS = 10.0


class PictureBudget:
    """A token bucket of CPU milliseconds: refills at `ms_per_second`, holds at most `burst_ms`.

    A drawing is allowed while the level is positive and its real cost is taken afterwards, so
    the level can go below zero; what is spent over a long run is at most the refill rate, plus
    the drawings nobody can wait for (a board asked for with `/board`),
    which are paid for too. Zero means no pictures at all (text-only boards)."""

    def __init__(
        self,
        ms_per_second: float,
        *,
        burst_ms: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ms_per_second = max(0.0, ms_per_second)
        #: One second's worth, but never less than one costly picture.
        self.burst_ms = burst_ms if burst_ms is not None else max(self.ms_per_second, 50.0)
        self._clock = clock
        self._level = self.burst_ms
        self._at = clock()
        #: CPU milliseconds spent drawing, and pictures drawn (for logs and benchmarks).
        self.spent_ms = 0.0
        self.drawn = 0
        #: Drawings started and not yet paid for, and what a drawing typically costs: they are
        #: counted as spent already, so many boards asking at once (a hundred games starting
        #: together) do not all pass `ready()` before the first one is paid for.
        self.in_flight = 0
        self.typical_ms = TYPICAL_DRAWING_MS

    @property
    def enabled(self) -> bool:
        return self.ms_per_second > 0

    def level(self) -> float:
        """The milliseconds available now (negative after an overdraft)."""
        now = self._clock()
        self._level = min(self.burst_ms, self._level + (now - self._at) * self.ms_per_second)
        self._at = now
        return self._level

    def available(self) -> float:
        """The level less what the drawings in progress will typically cost."""
        return self.level() - self.in_flight * self.typical_ms

    def ready(self, *, keep_room_for: int = 0) -> bool:
        """Whether a picture may be drawn now, leaving room for `keep_room_for` more typical ones."""
        return self.enabled and self.available() - keep_room_for * self.typical_ms > 0

    def seconds_until_ready(self) -> float:
        """How long until `ready()` (0 when ready now; a day when pictures are off)."""
        if not self.enabled:
            return 86400.0
        missing = -self.available()
        return 0.0 if missing < 0 else missing / self.ms_per_second + 0.001

    def reset(self) -> None:
        """Full again (as at start)."""
        self._level, self._at = self.burst_ms, self._clock()

    def begin(self) -> None:
        """A drawing starts (in a worker thread); `spend` or `give_up` ends it."""
        self.in_flight += 1

    def spend(self, cpu_ms: float) -> None:
        """Take a finished drawing's CPU time (drawn whether or not the budget allowed it)."""
        self._level = self.level() - cpu_ms
        self.spent_ms += cpu_ms
        self.drawn += 1
        self.in_flight = max(0, self.in_flight - 1)
        self.typical_ms += (cpu_ms - self.typical_ms) / 8  # a moving average over the last few

    def give_up(self) -> None:
        """A drawing that started failed: nothing to pay (its error is logged where it surfaces)."""
        self.in_flight = max(0, self.in_flight - 1)


class WaitingBoards:
    """Games whose board shows an older picture than their position, oldest first.

    A game waits once however many times it moves meanwhile: it keeps its place in the queue."""

    def __init__(self) -> None:
        self._games: OrderedDict[int, None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def add(self, game_id: int) -> None:
        self._games.setdefault(game_id, None)

    def discard(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def ahead_of(self, game_id: int) -> int:
        """How many boards wait before `game_id`'s (all of them, if it does not wait yet)."""
        for place, waiting in enumerate(self._games):
            if waiting == game_id:
                return place
        return len(self._games)

    def pop_oldest(self) -> int | None:
        if not self._games:
            return None
        game_id, _ = self._games.popitem(last=False)
        return game_id
