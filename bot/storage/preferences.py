"""Per-server and per-user settings, each a small JSON document (validated by the bot's models)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.connection import StoreBase


class Preferences(StoreBase):
    """The part of `Store` that keeps server settings (`/settings`) and user settings (`/notify`)."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._document("guild_settings", "guild_id", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._set_document("guild_settings", "guild_id", guild_id, settings)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._document("user_settings", "user_id", user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._set_document("user_settings", "user_id", user_id, settings)

    async def _document(self, table: str, key: str, value: int) -> dict[str, Any]:
        # One row by its key: at once on the event loop's thread (a server's first game asks).
        row = await self._db.fetchrow(f"SELECT settings FROM {table} WHERE {key} = ?", (value,), quick=True)
        found: dict[str, Any] = json.loads(row[0]) if row else {}
        return found

    async def _set_document(self, table: str, key: str, value: int, settings: dict[str, Any]) -> None:
        await self._db.execute(
            f"INSERT INTO {table} ({key}, settings) VALUES (?, ?) "
            f"ON CONFLICT ({key}) DO UPDATE SET settings = excluded.settings",
            (value, json.dumps(settings)),
        )
