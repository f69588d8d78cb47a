"""Small settings the bot keeps by key in the `meta` table (such as the command-sync hash)."""

from __future__ import annotations

from bot.storage.connection import StoreBase


class Meta(StoreBase):
    """The part of `Store` that reads and writes the small settings."""

    async def get_meta(self, key: str) -> str | None:
        async with self._lock, self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
