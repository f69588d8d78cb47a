"""The messages a game keeps posted besides its board: its turn notices and its announcement."""

from __future__ import annotations

from bot.storage.connection import StoreBase
from bot.storage.database import Tx


class Notices(StoreBase):
    """The part of `Store` that remembers a game's notices, so the old ones can be deleted."""

    async def notices(self, game_id: int, kind: str = "turn") -> list[tuple[int, int]]:
        """The game's messages of `kind` still posted ("turn" notices, or its "announcement"),
        as (channel id, message id), oldest first."""
        rows = await self._db.fetch(
            "SELECT channel_id, message_id FROM notices WHERE game_id = ? AND kind = ? "
            "ORDER BY created_at, message_id",
            (game_id, kind),
            quick=True,
        )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def announced(self, game_id: int) -> tuple[int, int, int | None] | None:
        """The game's announcement still posted, as (channel id, message id, the version whose
        moves it told; None if stored before that was kept), or None."""
        row = await self._db.fetchrow(
            "SELECT channel_id, message_id, version FROM notices WHERE game_id = ? AND kind = ? "
            "ORDER BY created_at DESC, message_id DESC LIMIT 1",
            (game_id, "announcement"),
            quick=True,
        )
        if row is None:
            return None
        return int(row[0]), int(row[1]), None if row[2] is None else int(row[2])

    async def told_turn(self, game_id: int) -> int | None:
        """The version whose turn the game's standing turn notice tells, or None (none stands, or
        it was stored before that was kept). A new process reads it to know a notice it finds
        was posted for the version it shows (the mark that a move was shown comes later)."""
        row = await self._db.fetchrow(
            "SELECT MAX(version) FROM notices WHERE game_id = ? AND kind = ?", (game_id, "turn"), quick=True
        )
        return None if row is None or row[0] is None else int(row[0])

    async def replace_notices(
        self, game_id: int, current: list[tuple[int, int]], kind: str = "turn", *, version: int | None = None
    ) -> None:
        """Make `current` the game's only messages of `kind` (the old ones are being deleted);
        `version`: the game's version they tell (an announcement's moves, a turn notice's turn).
        Without one, a message already stored keeps the version it had (the notices left standing
        when others are deleted)."""
        now = self._clock()

        async def replace(tx: Tx) -> None:
            told: dict[int, int | None] = {}
            if current and version is None:
                rows = await tx.fetch(
                    "SELECT message_id, version FROM notices WHERE game_id = ? AND kind = ?", (game_id, kind)
                )
                told = {int(r[0]): None if r[1] is None else int(r[1]) for r in rows}
            await tx.execute("DELETE FROM notices WHERE game_id = ? AND kind = ?", (game_id, kind))
            if current:
                await tx.executemany(
                    "INSERT INTO notices (message_id, channel_id, game_id, created_at, kind, version) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE SET "
                    "channel_id = excluded.channel_id, game_id = excluded.game_id, "
                    "created_at = excluded.created_at, kind = excluded.kind, version = excluded.version",
                    [
                        (message_id, channel_id, game_id, now, kind, told.get(message_id, version))
                        for channel_id, message_id in current
                    ],
                )

        await self._db.transaction(replace, quick=True)
