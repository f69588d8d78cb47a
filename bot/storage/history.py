"""What /history reads: a server's games that are over, newest first."""

from __future__ import annotations

from bot.storage.connection import StoreBase
from bot.storage.records import GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row


class History(StoreBase):
    async def finished_games(self, guild_id: int, limit: int, offset: int = 0) -> list[GameRecord]:
        """`limit` games of `guild_id` that are over (finished, or ended early after they started),
        newest first, skipping the first `offset` (pages of /history)."""
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? "
                "AND status IN ('finished', 'cancelled') AND state IS NOT NULL "
                "ORDER BY id DESC LIMIT ? OFFSET ?",
                (guild_id, limit, offset),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [game_from_row(r) for r in rows]
