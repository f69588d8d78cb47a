"""Finished pictures by everything they show: the same picture is never drawn twice.

A picture shows a position (game id and state version), from one viewer's side, with the seats'
names; the key holds all of it, so a seat renamed without a move (a computer taking over) gets a
new picture instead of a stale one. The cache
is used from the event loop; drawing runs in a worker thread (`asyncio.to_thread`), and a request
for a key already being drawn waits for that drawing instead of starting another.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

from bot.pictures.image import RenderedImage


class PictureKey(NamedTuple):
    game_id: int
    version: int
    #: The seat whose private picture this is; None for the public board.
    viewer: int | None
    #: The seats' display names drawn in it.
    names: tuple[str, ...] = ()
    #: The language its words are in (issue 32: a hand in its player's).
    language: str = "en"


class PictureCache:
    """A bounded LRU of finished pictures with at most one drawing per key at a time."""

    def __init__(self, max_items: int = 128) -> None:
        self.max_items = max_items
        self._done: OrderedDict[PictureKey, RenderedImage] = OrderedDict()
        self._drawing: dict[PictureKey, asyncio.Task[RenderedImage]] = {}
        #: How many pictures were drawn (for tests and logs).
        self.renders = 0
        #: Told when a drawing starts in a worker thread, when it fails, and each finished
        #: drawing's CPU milliseconds (the picture budget counts them).
        self.on_start: Callable[[], None] | None = None
        self.on_failed: Callable[[], None] | None = None
        self.on_drawn: Callable[[float], None] | None = None

    def __len__(self) -> int:
        return len(self._done)

    def peek(self, key: PictureKey) -> RenderedImage | None:
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
        return found

    def put(self, key: PictureKey, image: RenderedImage) -> None:
        self._done[key] = image
        self._done.move_to_end(key)
        while len(self._done) > self.max_items:
            self._done.popitem(last=False)

    def get_sync(self, key: PictureKey, draw: Callable[[], RenderedImage]) -> RenderedImage:
        """The picture for `key`, drawn in this thread if it is not cached (scripts, tests)."""
        found = self.peek(key)
        if found is None:
            found, cpu_ms = _timed(draw)
            self._drawn(key, found, cpu_ms)
        return found

    async def get(self, key: PictureKey, draw: Callable[[], RenderedImage]) -> RenderedImage:
        """The picture for `key`; if it must be drawn, `draw` runs in a worker thread.

        The drawing is a task of its own: a caller that gives up (a cancelled handler) does not
        stop it, and every caller asking for the same key meanwhile waits for that one drawing."""
        found = self.peek(key)
        if found is not None:
            return found
        task = self._drawing.get(key)
        if task is None:
            if self.on_start is not None:
                self.on_start()
            task = asyncio.ensure_future(self._draw(key, draw))
            task.add_done_callback(_retrieve)
            self._drawing[key] = task
        return await asyncio.shield(task)

    async def _draw(self, key: PictureKey, draw: Callable[[], RenderedImage]) -> RenderedImage:
        try:
            image, cpu_ms = await asyncio.to_thread(_timed, draw)
        except BaseException:
            if self.on_failed is not None:
                self.on_failed()
            raise
        finally:
            self._drawing.pop(key, None)
        self._drawn(key, image, cpu_ms)
        return image

    def _drawn(self, key: PictureKey, image: RenderedImage, cpu_ms: float) -> None:
        self.renders += 1
        self.put(key, image)
        if self.on_drawn is not None:
            self.on_drawn(cpu_ms)

    def forget_game(self, game_id: int) -> None:
        """Drop every picture of a finished or deleted game."""
        for key in [k for k in self._done if k.game_id == game_id]:
            del self._done[key]


def _timed(draw: Callable[[], RenderedImage]) -> tuple[RenderedImage, float]:
    """Draw, and the CPU milliseconds this thread spent on it (what the picture budget counts)."""
    start = time.thread_time()
    image = draw()
    return image, (time.thread_time() - start) * 1000


def _retrieve(task: asyncio.Task[RenderedImage]) -> None:
    """Mark a failed drawing's error as seen (its callers got it; nobody else needs a warning)."""
    if not task.cancelled():
        task.exception()
