"""Computer players: when a game is shown at a version where a computer seat is to move, it plays.

A subscriber of the publisher: it reacts to "game G is published at version N" by starting that
seat's turn in a task of the game's session, which waits a fixed pause (so people can follow the
log, and so how long a computer seems to think never depends on its cards), lets the seat play
through `bot.play.moves`, and asks the publisher to show the move. Nothing calls back into it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from bot.game.position import Position
from bot.game.session import GameSession
from bot.game.sessions import Sessions
from bot.play.moves import Moves
from bot.publish.publisher import Publisher
from bot.storage import GameRecord

log = logging.getLogger(__name__)

#: A computer player waits this long before each move, so people can follow it in the log.
COMPUTER_PAUSE = 1.5


class ComputerPlayers:
    """Plays every computer seat's decisions, one pending turn per game."""

    def __init__(self, sessions: Sessions, moves: Moves, publisher: Publisher) -> None:
        self.sessions = sessions
        self.moves = moves
        self.publisher = publisher
        self.pause = COMPUTER_PAUSE
        self.stopped = False
        publisher.subscribers.append(self.on_published)

    async def on_published(self, position: Position, session: GameSession | None = None) -> None:
        """If a computer seat is to move at this position, start its turn (once per game)."""
        if self.stopped or not position.is_active or position.computer_to_move() is None:
            return
        session = self.sessions.session(position.game_id)
        running = session.computer_turn
        if running is not None and not running.done():
            return
        session.computer_turn = asyncio.get_running_loop().create_task(
            self._turn(position.game_id, position.version), name=f"garden-club-computer-{position.game_id}"
        )

    async def _turn(self, game_id: int, version: int) -> None:
        try:
            # The fixed pause runs while the computer thinks: its move shows when both are over.
            not_before = asyncio.get_running_loop().time() + self.pause
            outcome = await self.moves.play_computer(game_id, version=version, not_before=not_before)
            if outcome is not None:
                self.publisher.request(game_id)
            else:
                # A person moved while the computer thought (it holds no lock meanwhile), and that
                # version's publishing found this turn still running: think again from there.
                session = self.sessions.session(game_id)
                if session.computer_turn is asyncio.current_task():
                    session.computer_turn = None
                await self.on_published(await self.sessions.position(game_id))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("A computer move in game %s failed.", game_id)

    async def resume(self, records: Sequence[GameRecord] | None = None) -> None:
        """After a restart: every game waiting on a computer player's move gets it (of `records`,
        the games in progress this process handles; None: every game in progress)."""
        if records is None:
            records = await self.sessions.store.games_by_status("active")
        for record in records:
            try:
                await self.on_published(await self.sessions.position(record.id))
            except Exception:
                log.exception("Could not resume the computer player of game %s.", record.id)

    async def stop(self) -> None:
        """Cancel computer turns in progress (a restart resumes them: nothing was stored)."""
        self.stopped = True
        tasks = [s.computer_turn for s in self.sessions.live() if s.computer_turn is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
