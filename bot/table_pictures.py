"""Which picture a board or hand message gets: a new one, the one it already shows, or none.

The table asks here before every board edit and hand message. A picture costs far more CPU than
the click that caused it, so drawing is paced by the picture budget (`bot/pictures/budget.py`):

- A board is drawn at once when the budget has room and no other board is waiting; otherwise it
  keeps the picture it shows (its text is always current, and says which move the picture shows)
  and waits its turn in `WaitingBoards`. `serve_waiting` redraws waiting boards oldest first, each
  at its latest position, as the budget refills. A board with no picture to keep (a new message,
  or one last drawn before a restart) shows the full text board meanwhile.
- A board is always drawn when someone asks for it (`/board`). A finished game's final board is
  paced like any other: its scores are posted at once, its last picture follows.
- A hand picture is drawn when the budget has room and no board waits (boards come first:
  everyone sees them), and whenever its owner opens a hand that holds private information (cards
  nobody else sees, as in Garden Sabotage). In a game whose view is public (Mr. Cabbagehead's
  Garden, ruling 12) the board picture already shows everything the hand picture would. A hand
  without a picture lists everything in its text, and a picker step at the same position keeps
  the picture the message shows.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.pictures import RenderedImage
from bot.pictures.attach import Pictures, as_file
from bot.pictures.budget import PictureBudget, WaitingBoards
from bot.render import seat_names
from bot.sessions import Snapshot
from engine.api import has_public_view

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """A board message's picture after an edit."""

    #: A picture to upload, replacing the one shown.
    new: RenderedImage | None = None
    #: Otherwise: keep the picture already on the message, which shows this move.
    kept_move: int | None = None

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


class TablePictures:
    """The pictures of every game at the table, paced by one budget."""

    def __init__(self, budget: PictureBudget | None = None) -> None:
        self.pictures = Pictures(budget)
        self.budget = self.pictures.budget
        self.waiting = WaitingBoards()
        self._someone_waits = asyncio.Event()
        #: The move whose picture each game's board message shows now (unknown after a restart).
        self._board_shows: dict[int, int] = {}

    async def board(self, snap: Snapshot, *, must: bool = False) -> BoardPicture:
        """The picture for `snap`'s board message (`must`: draw it now, whatever the budget)."""
        record = snap.record
        if snap.state is None or not self.pictures.draws_for(record.game):
            return BoardPicture()
        found = self.pictures.cached_board(record.id, record.version)
        shown = self._board_shows.get(record.id)
        free = not self.waiting and self.budget.ready()
        if found is None and not (must or free):
            self.redraw_later(record.id)
            return BoardPicture(kept_move=shown)
        if found is None:
            found = await self.pictures.board(
                record.game, record.id, record.version, snap.view(None), seat_names(snap)
            )
        if found is None:  # drawing failed: the text board alone
            return BoardPicture()
        self.waiting.discard(record.id)
        return BoardPicture(new=found)

    def shown(self, snap: Snapshot, picture: BoardPicture) -> None:
        """The board message of `snap` now shows `picture` (call after a successful send)."""
        if picture.new is not None:
            self._board_shows[snap.record.id] = snap.record.version
        elif picture.kept_move is None:
            self._board_shows.pop(snap.record.id, None)

    def showing(self) -> dict[int, int]:
        """The games whose board picture is tracked, and the move each one shows."""
        return dict(self._board_shows)

    async def hand(self, snap: Snapshot, seat: int, *, asked: bool) -> RenderedImage | None:
        """Seat `seat`'s hand picture, or None (no room in the budget and nothing private to show,
        or no pictures for this game). `asked`: the player opened their hand."""
        record = snap.record
        if snap.state is None or not self.pictures.draws_for(record.game):
            return None
        found = self.pictures.cached_hand(record.id, record.version, seat)
        # Boards waiting for their pictures go first, whatever the hand: hands opened at a busy
        # table could otherwise outrun the budget and no board would be drawn again. Meanwhile
        # the hand's text names every card.
        if found is not None or self.waiting:
            return found
        public = has_public_view(snap.game)
        # A public-view hand shows the garden the board shows, and everyone sees the board: the
        # hand (answered first) takes a picture only with room left for the board's of this move.
        board_to_come = public and self.pictures.cached_board(record.id, record.version) is None
        opened_private_hand = asked and not public  # drawn whatever the budget
        if not opened_private_hand and not self.budget.ready(keep_room_for=1 if board_to_come else 0):
            return None
        return await self.pictures.hand(
            record.game, record.id, record.version, seat, snap.view(seat), seat_names(snap)
        )

    def redraw_later(self, game_id: int) -> None:
        """Queue `game_id`'s board for a fresh picture when the budget allows (also after a
        restart, which forgets what each board shows and which boards were waiting)."""
        self.waiting.add(game_id)
        self._someone_waits.set()

    def forget(self, game_id: int) -> None:
        """A finished game: drop its pictures, and its bookkeeping unless its final board still
        waits for its picture (`serve_waiting` forgets it after drawing that)."""
        self.pictures.forget_game(game_id)
        if game_id not in self.waiting:
            self._board_shows.pop(game_id, None)

    async def serve_waiting(self, redraw: Callable[[int], Awaitable[None]]) -> None:
        """Forever: as the budget refills, `redraw` the board that has waited longest."""
        while True:
            await self._someone_waits.wait()
            delay = self.budget.seconds_until_ready()
            if delay > 0:
                await asyncio.sleep(min(delay, 1.0))
                continue
            game_id = self.waiting.pop_oldest()
            if game_id is None:
                self._someone_waits.clear()
                continue
            try:
                await redraw(game_id)
            except asyncio.CancelledError:
                raise
            except discord.HTTPException:
                log.warning("Could not redraw the board picture of game %s.", game_id, exc_info=True)
            except Exception:
                log.exception("Could not redraw the board picture of game %s.", game_id)
