"""Small settings the bot keeps by key in the `meta` table (such as the command-sync hash)."""

from __future__ import annotations

from bot.storage.connection import StoreBase
from bot.storage.database import Tx


class Meta(StoreBase):
    """The part of `Store` that reads and writes the small settings."""

    async def get_meta(self, key: str) -> str | None:
        row = await self._db.fetchrow("SELECT value FROM meta WHERE key = ?", (key,), quick=True)
        return str(row[0]) if row else None

    async def meta_once(self, key: str, value: str) -> str:
        """The value kept under `key`, storing `value` there first if it has none (one
        transaction: callers at once all get the one value stored)."""

        async def once(tx: Tx) -> str:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING", (key, value)
            )
            row = await tx.fetchrow("SELECT value FROM meta WHERE key = ?", (key,))
            assert row is not None
            return str(row[0])

        return await self._db.transaction(once)

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
            quick=True,  # one row by its key (the heartbeat's write every few seconds, among others)
        )
