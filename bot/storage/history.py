"""What /history reads: a server's games that are over, newest first."""

from __future__ import annotations

from bot.storage.connection import StoreBase
from bot.storage.records import MAX_ID, GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row


class History(StoreBase):
    async def finished_games(self, guild_id: int, limit: int, before: int = 0) -> list[GameRecord]:
        """`limit` games of `guild_id` that are over (finished, or ended early after they started),
        newest first, older than game `before` (0: from the newest). Pages go by game id, not by
        offset, so a page deep in a long history costs what the first does."""
        below = before if before > 0 else MAX_ID
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND id < ? "
                "AND status IN ('finished', 'cancelled') AND state IS NOT NULL "
                "ORDER BY id DESC LIMIT ?",
                (guild_id, below, limit),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [game_from_row(r) for r in rows]
