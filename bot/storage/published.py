"""The "published" marks: which version of each game is fully shown in Discord, written in batches,
and the games whose latest version never got there (for the catch-up after a restart)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.storage.connection import StoreBase
from bot.storage.database import Tx
from bot.storage.records import GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row

log = logging.getLogger(__name__)


class PublishedMarks(StoreBase):
    """The part of `Store` that records what Discord shows; its waiting marks live in `StoreBase`."""

    async def close(self) -> None:
        """Write the marks still waiting (a clean stop publishes nothing twice), then close."""
        flush = self._published_flush
        if flush is not None and not flush.done():
            flush.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await flush
        try:
            await self.flush_published()
        except Exception:  # the connection is closed all the same; the catch-up repeats those moves
            log.warning("Could not record which game versions are published.", exc_info=True)
        await super().close()

    async def mark_published(self, game_id: int, version: int) -> None:
        """Record now that `version` of the game is fully shown in Discord (one autocommitted write):
        for the rare cases (a game's start, the catch-up after a restart); moves use `note_published`."""
        await self._db.execute(
            "UPDATE games SET published_version = ? WHERE id = ? AND published_version < ?",
            (version, game_id, version),
            quick=True,
        )

    def note_published(self, game_id: int, version: int) -> None:
        """Record, within `PUBLISHED_FLUSH_SECONDS`, that `version` of the game is fully shown.

        Every move is published, and writing each mark on its own cost a trip to the database
        thread per move: a hand-off there and a wake-up back, about eight thread switches in all
        (docs/performance.md). Marks waiting together are written in one transaction. A crash before they
        are written costs nothing but a repeat: the start-up catch-up publishes those games again
        (the same board, and the turn notice posted anew)."""
        if self._published.get(game_id, -1) < version:
            self._published[game_id] = version
        if self._published_flush is None or self._published_flush.done():
            self._published_flush = asyncio.get_running_loop().create_task(
                self._flush_published_soon(), name="garden-club-published-marks"
            )

    async def _flush_published_soon(self) -> None:
        await asyncio.sleep(self._published_flush_seconds)
        try:
            await self.flush_published()
        except Exception:  # kept for the next try; at worst, published again after a restart
            log.warning("Could not record which game versions are published.", exc_info=True)

    async def flush_published(self) -> None:
        """Write the waiting "published" marks now, in one transaction (one trip)."""
        pending, self._published = self._published, {}
        if not pending:
            return
        rows = [(version, game_id, version) for game_id, version in pending.items()]

        async def write(tx: Tx) -> None:
            await tx.executemany(
                "UPDATE games SET published_version = ? WHERE id = ? AND published_version < ?", rows
            )

        try:
            # Quick: one small statement, and on the database's thread it kept the connection
            # from every move's own quick transaction while it went there and back (a tenth of
            # the moves waited a loop round, 70 ms, at 20 games flat out: docs/performance.md).
            await self._db.transaction(write, quick=True)
        except BaseException:
            for game_id, version in pending.items():  # not written: keep them for the next flush
                if self._published.get(game_id, -1) < version:
                    self._published[game_id] = version
            raise

    async def unpublished_games(self) -> list[GameRecord]:
        """Games in progress or just ended (finished or cancelled) whose latest version, or end,
        never reached Discord."""
        rows = await self._db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('active', 'finished', 'cancelled') "
            "AND published_version < version ORDER BY id"
        )
        return [game_from_row(r) for r in rows]
