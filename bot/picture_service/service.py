"""Which picture a board or hand message gets: a new one, the one it already shows, or none.

A picture costs far more CPU than the click that caused it, so drawing is paced by the picture
budget (`budget.py`):

- A board is drawn at once when the budget has room and no other board is waiting; otherwise it
  keeps the picture it shows (its text is always current, and says which move the picture shows)
  and waits its turn in `WaitingBoards`. `serve_waiting` redraws waiting boards oldest first, each
  at its latest position, as the budget refills. A board with no picture to keep (a new message,
  or one last drawn before a restart) shows the full text board meanwhile.
- A board is always drawn when someone asks for it (`/board`). A finished game's final board is
  paced like any other: it waits in the queue (the game's result waits with it) for at most
  `FINAL_PICTURE_WAIT` seconds, then the game ends on its complete text board instead: the owner's
  budget holds even when many games end at once, and no result waits longer. A final board whose
  turn in the queue would come after that is not waited for at all: its result comes at once. A
  game ended early has no picture: its last position is not how it ended.
- A hand picture is drawn when the budget has room and no board waits (boards come first:
  everyone sees them), and whenever its owner opens a hand that holds private information. In a
  game whose view is public (Mr. Cabbagehead's Garden, ruling 12) the board picture already shows
  everything, so its hand takes a picture only with room left for the board's of the same move.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.basics.words import Words
from bot.game.position import Position
from bot.game.session import GameSession
from bot.picture_service.budget import PictureBudget, WaitingBoards
from bot.picture_service.cache import PictureCache, PictureKey
from bot.picture_service.drawing import render_board, render_hand, supports
from bot.pictures.image import RenderedImage
from engine.api import has_public_view

log = logging.getLogger(__name__)

#: What a board shows of its picture: a new one, the one it has, or none (bot/publish/plan.py).
PictureChoice = Literal["new", "keep", "none"]

#: Seconds a finished game's final board waits in the queue for its picture, its result with it,
#: before it is shown as its complete text board (issue 31; docs/bot.md, "Pictures and the CPU").
FINAL_PICTURE_WAIT = 10.0


def as_file(image: RenderedImage) -> discord.File:
    """A new attachment for `image` (Discord's `description` is the alt text screen readers read)."""
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.description)


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """A board message's picture after an edit."""

    #: A picture to upload, replacing the one shown.
    new: RenderedImage | None = None
    #: Otherwise: keep the picture already on the message, which shows this move.
    kept_move: int | None = None
    #: The move the new picture shows.
    version: int | None = None
    #: A finished game's board shown without its final picture, which it waits for in the queue
    #: (`PictureService.board`); its result follows the picture (`Publisher._publish`).
    final_to_come: bool = False

    @property
    def choice(self) -> PictureChoice:
        if self.new is not None:
            return "new"
        return "keep" if self.kept_move is not None else "none"

    def edit_fields(self) -> dict[str, Any]:
        """The edit's `attachments`: the new picture, nothing (keep), or empty (remove)."""
        if self.new is not None:
            return {"attachments": [as_file(self.new)]}
        if self.kept_move is not None:
            return {}
        return {"attachments": []}

    def new_fields(self) -> dict[str, Any]:
        """A new message's `files`."""
        return {"files": [as_file(self.new)]} if self.new is not None else {}


class PictureService:
    """The pictures of every game, paced by one budget and kept in one bounded cache."""

    def __init__(
        self,
        budget: PictureBudget | None = None,
        max_items: int = 128,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        #: Unlimited unless told otherwise (scripts and tests); the bot passes its settings' budget.
        self.budget = budget if budget is not None else PictureBudget(1e9)
        self.cache = PictureCache(max_items)
        self.cache.on_start = self.budget.begin
        self.cache.on_failed = self.budget.give_up
        self.cache.on_drawn = self.budget.spend
        self.waiting = WaitingBoards()
        self._someone_waits = asyncio.Event()
        self._clock = clock
        #: Finished games waiting for their final picture: since when (`clock`).
        self._finals: dict[int, float] = {}
        self.final_wait = FINAL_PICTURE_WAIT

    def draws_for(self, game_name: str) -> bool:
        """Whether `game_name` gets pictures: it has them, and the owner did not turn them off."""
        return self.budget.enabled and supports(game_name)

    def _board_key(self, position: Position) -> PictureKey:
        # In the game's language (its table's): a board is drawn in one language only.
        words = position.words
        return PictureKey(position.game_id, position.version, None, tuple(position.names), words.language)

    def _wanted(self, position: Position, session: GameSession | None) -> bool:
        record = position.record
        return (
            position.state is not None
            and record.status in ("active", "finished")
            and not (session is not None and session.text_only)
            and self.draws_for(record.game)
        )

    async def _draw(self, key: PictureKey, draw: Callable[[], RenderedImage]) -> RenderedImage | None:
        try:
            return await self.cache.get(key, draw)
        except Exception:
            log.exception("Could not draw the picture %s; the message goes out with text only.", key)
            return None

    async def board(self, position: Position, session: GameSession, *, must: bool = False) -> BoardPicture:
        """The picture for the game's board message (`must`: draw it now, whatever the budget). A
        finished game's final board out of budget waits in the queue like any board
        (`BoardPicture.final_to_come`), for at most `final_wait` seconds: then it is the text
        board, with no picture to come."""
        if not self._wanted(position, session):
            return BoardPicture()
        key = self._board_key(position)
        found = self.cache.peek(key)
        free = not self.waiting and self.budget.ready()
        if found is None and not (must or free):
            if position.record.status == "finished":
                now = self._clock()
                since = self._finals.setdefault(position.game_id, now)
                if (
                    now - since >= self.final_wait
                    or self._drawn_after(position.game_id) > since + self.final_wait
                ):
                    # Waited long enough, or its turn in the queue comes too late: the complete
                    # text board, and the result with it now rather than after a wait in vain.
                    self.forget(position.game_id)
                    return BoardPicture()
                self.redraw_later(position.game_id)
                return BoardPicture(kept_move=session.shown.picture, final_to_come=True)
            self.redraw_later(position.game_id)
            return BoardPicture(kept_move=session.shown.picture)
        if found is None:
            view, names, game = position.view(None), list(position.names), position.record.game
            words = position.words
            found = await self._draw(key, lambda: render_board(game, view, names, words))
        if found is None:  # drawing failed: the text board alone
            return BoardPicture()
        self.waiting.discard(position.game_id)
        self._finals.pop(position.game_id, None)
        return BoardPicture(new=found, version=key.version)

    @staticmethod
    def shown(session: GameSession, picture: BoardPicture) -> None:
        """The board message now shows `picture` (call after a successful send)."""
        if picture.new is not None:
            session.shown.picture = picture.version
        elif picture.kept_move is None:
            session.shown.picture = None

    async def hand(self, position: Position, seat: int, *, asked: bool, words: Words) -> RenderedImage | None:
        """Seat `seat`'s hand picture, or None (no room and nothing private to show, or no
        pictures for this game). `asked`: the player opened their hand; `words`: their language
        (no default, which would be English: see `Sessions.log_lines`)."""
        if not self._wanted(position, None) or position.record.status != "active":
            return None
        key = PictureKey(position.game_id, position.version, seat, tuple(position.names), words.language)
        found = self.cache.peek(key)
        # Boards waiting for their pictures go first, whatever the hand: hands opened at a busy
        # table could otherwise outrun the budget and no board would be drawn again.
        if found is not None or self.waiting:
            return found
        public = has_public_view(position.game)
        board_to_come = public and self.cache.peek(self._board_key(position)) is None
        opened_private_hand = asked and not public  # drawn whatever the budget
        if not opened_private_hand and not self.budget.ready(keep_room_for=1 if board_to_come else 0):
            return None
        view, names, game = position.view(seat), list(position.names), position.record.game
        return await self._draw(key, lambda: render_hand(game, view, seat, names, words))

    async def replay(self, position: Position) -> RenderedImage | None:
        """The board picture of a replay's step (issue 27 item 12): one drawn already, or a new one
        when the budget has room and no live board waits (the tables in play come first); None:
        the step shows its text board instead."""
        record = position.record
        if position.state is None or not self.draws_for(record.game):
            return None
        key = self._board_key(position)
        found = self.cache.peek(key)
        if found is not None or self.waiting or not self.budget.ready():
            return found
        view, names, words = position.view(None), list(position.names), position.words
        return await self._draw(key, lambda: render_board(record.game, view, names, words))

    def _drawn_after(self, game_id: int) -> float:
        """When the queue will have drawn `game_id`'s board, at the earliest (`clock` time): once
        the budget is ready again, one typical drawing for each board waiting before it (the
        queue is served oldest first, each as the budget refills) and its own."""
        budget = self.budget
        if not budget.enabled:
            return float("inf")
        drawings = self.waiting.ahead_of(game_id) + 1
        return (
            self._clock() + budget.seconds_until_ready() + drawings * budget.typical_ms / budget.ms_per_second
        )

    def redraw_later(self, game_id: int) -> None:
        """Queue `game_id`'s board for a fresh picture when the budget allows."""
        self.waiting.add(game_id)
        self._someone_waits.set()

    def forget(self, game_id: int) -> None:
        """A game is over and shown: drop its pictures and its place in the queue."""
        self.cache.forget_game(game_id)
        self.waiting.discard(game_id)
        self._finals.pop(game_id, None)

    def keeps(self, game_id: int) -> bool:
        """Whether `game_id`'s board waits here for its picture (a finished game's final one included)."""
        return game_id in self.waiting or game_id in self._finals

    def finals_overdue(self) -> list[int]:
        """The finished games whose final picture has waited `final_wait` seconds or more."""
        now = self._clock()
        return [game_id for game_id, since in self._finals.items() if now - since >= self.final_wait]

    async def serve_waiting(
        self, redraw: Callable[[int], Awaitable[None]], show_unpictured: Callable[[int], bool]
    ) -> None:
        """Forever: as the budget refills, `redraw` the board that has waited longest; a final
        board that has waited too long is shown without its picture (`show_unpictured`: False
        when its game is no longer live, and nothing is left to show)."""
        while True:
            await self._someone_waits.wait()
            for overdue in self.finals_overdue():
                if not show_unpictured(overdue):
                    self.forget(overdue)
            delay = self.budget.seconds_until_ready()
            if delay > 0:
                await asyncio.sleep(min(delay, 1.0, self.final_wait / 4))
                continue
            game_id = self.waiting.pop_oldest()
            if game_id is None:
                if self._finals:  # a final board out of the queue (its redraw failed): its wait ends
                    await asyncio.sleep(self.final_wait / 4)
                else:
                    self._someone_waits.clear()
                continue
            try:
                await redraw(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Could not redraw the board picture of game %s.", game_id)
