"""Pictures as Discord attachments: drawn off the event loop, once per (game, version, viewer).

The platform asks for a board or hand picture of a stored game; it gets a fresh `discord.File`
(a file can be sent once) with the alt text as its description, or None when the game has no
pictures or the drawing failed (the message then keeps its text alone: a picture is never worth
a lost move). Every drawing's CPU time is taken from the picture budget (`bot/pictures/budget.py`),
which the table asks before drawing anything nobody explicitly asked for.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.pictures.budget import PictureBudget
from bot.pictures.cache import PictureCache, PictureKey
from bot.pictures.render import RenderedImage, render_board, render_hand, supports

log = logging.getLogger(__name__)


def as_file(image: RenderedImage) -> discord.File:
    """A new attachment for `image` (Discord's `description` is the alt text screen readers read)."""
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.description)


class Pictures:
    """The bot's pictures: one bounded cache shared by every game."""

    def __init__(self, budget: PictureBudget | None = None, max_items: int = 128) -> None:
        #: Unlimited unless told otherwise (scripts and tests); the bot passes its settings' budget.
        self.budget = budget if budget is not None else PictureBudget(1e9)
        self.cache = PictureCache(max_items)
        self.cache.on_start = self.budget.begin
        self.cache.on_failed = self.budget.give_up
        self.cache.on_drawn = self.budget.spend

    def draws_for(self, game_name: str) -> bool:
        """Whether `game_name` gets pictures: it has them, and the server owner did not turn
        pictures off (`PICTURE_BUDGET_MS=0`)."""
        return self.budget.enabled and supports(game_name)

    def cached_board(self, game_id: int, version: int) -> RenderedImage | None:
        """The board picture of that position if it is drawn already (no drawing)."""
        return self.cache.peek(PictureKey(game_id, version, None))

    def cached_hand(self, game_id: int, version: int, seat: int) -> RenderedImage | None:
        return self.cache.peek(PictureKey(game_id, version, seat))

    async def _get(self, key: PictureKey, draw: Callable[[], RenderedImage]) -> RenderedImage | None:
        try:
            return await self.cache.get(key, draw)
        except Exception:
            log.exception("Could not draw the picture %s; the message goes out with text only.", key)
            return None

    async def board(
        self, game_name: str, game_id: int, version: int, view: Any, names: list[str]
    ) -> RenderedImage | None:
        """The public board picture, from the spectator view."""
        if not self.draws_for(game_name) or view is None:
            return None
        shown = list(names)
        return await self._get(
            PictureKey(game_id, version, None), lambda: render_board(game_name, view, shown)
        )

    async def hand(
        self, game_name: str, game_id: int, version: int, seat: int, view: Any, names: list[str]
    ) -> RenderedImage | None:
        """Seat `seat`'s private picture, from that seat's own view."""
        if not self.draws_for(game_name) or view is None:
            return None
        shown = list(names)
        return await self._get(
            PictureKey(game_id, version, seat), lambda: render_hand(game_name, view, seat, shown)
        )

    def forget_game(self, game_id: int) -> None:
        self.cache.forget_game(game_id)
