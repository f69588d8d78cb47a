"""Small settings the bot keeps by key in the `meta` table (such as the command-sync hash)."""

from __future__ import annotations

from bot.storage.connection import StoreBase


class Meta(StoreBase):
    """The part of `Store` that reads and writes the small settings."""

    async def get_meta(self, key: str) -> str | None:
        async with self._lock, self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def meta_once(self, key: str, value: str) -> str:
        """The value kept under `key`, storing `value` there first if it has none (one
        transaction: callers at once all get the one value stored)."""
        async with self._transaction() as db:
            await db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, value))
            async with db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
                row = await cur.fetchone()
        assert row is not None
        return str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
