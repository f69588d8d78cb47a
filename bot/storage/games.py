"""Games and lobbies in the `games` table: creating a lobby, reading games, seats and host,
starting and closing, the lobby and board messages, and lobbies that expired."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.connection import StoreBase
from bot.storage.database import Tx, UniqueViolation
from bot.storage.errors import ChannelBusy, StaleVersion
from bot.storage.records import GameRecord, GameStatus, ResultRecord, SeatRecord
from bot.storage.results import write_result
from bot.storage.rows import GAME_COLUMNS, game_from_row, seats_json

#: A new daily garden is scored when its player has no scored one of that day on the server yet
#: (parameters: the day, then the server, the day and the player).
FIRST_OF_THE_DAY = (
    "CAST(? AS TEXT) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM games WHERE guild_id IS NOT DISTINCT "
    "FROM ? AND daily = ? AND host_id = ? AND daily_scored = 1)"
)


class Games(StoreBase):
    """The part of `Store` that keeps games and lobbies (but not their moves: `Moves`)."""

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        min_seats: int,
        max_seats: int,
        seed: int,
        host: SeatRecord,
        host_id: int,
        lobby_ttl: float | None,
        daily: str | None = None,
        language: str | None = None,
    ) -> GameRecord:
        """A new lobby in `channel_id` with the host seated; `ChannelBusy` if the channel has a game.
        `daily`: the game is that day's daily garden, scored if it is the host's first of the day
        on the server, practice otherwise, decided in the same statement that stores it (so two
        opened at once cannot both be scored; a unique index, schema 8, holds it too)."""
        now = self._clock()
        expires = now + lobby_ttl if lobby_ttl is not None else None
        values = (
            guild_id,
            channel_id,
            game,
            json.dumps(options),
            seats_json([host]),
            min_seats,
            max_seats,
            seed,
            host_id,
            now,
            now,
            expires,
            language,
            daily,
            daily,
            guild_id,
            daily,
            host_id,
        )

        async def insert(tx: Tx) -> int:
            row = await tx.fetchrow(
                "INSERT INTO games (guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, "
                "status, host_id, created_at, updated_at, lobby_expires_at, language, daily, daily_scored) "
                f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, CASE WHEN {FIRST_OF_THE_DAY} "
                "THEN 1 ELSE 0 END) RETURNING id",
                values,
            )
            assert row is not None
            return int(row[0])

        for attempt in range(3):
            try:
                game_id = await self._db.transaction(insert, quick=True)
                break
            except UniqueViolation:
                busy = await self.open_game_in_channel(channel_id)
                if busy is not None or daily is None or attempt == 2:
                    raise ChannelBusy(busy.id if busy else None) from None
                # Not the channel: a daily garden of the same host committed between this
                # statement's look and its insert (PostgreSQL reads committed rows only), and both
                # were about to be scored. Once more, it now sees that one and stores practice.
        record = await self.get(game_id)
        assert record is not None
        return record

    async def get(self, game_id: int) -> GameRecord | None:
        return await self._fetch_game("id = ?", (game_id,))

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or game in progress in `channel_id`, if any."""
        return await self._fetch_game("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def open_games_in_guild(self, guild_id: int) -> list[GameRecord]:
        """The lobbies and games in progress of server `guild_id` (rare: the bot left it)."""
        rows = await self._db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games "
            "WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )
        return [game_from_row(r) for r in rows]

    async def open_game_guilds(self) -> list[int]:
        """The servers with a lobby or a game in progress (checked against the servers the bot is
        in when it connects)."""
        rows = await self._db.fetch(
            "SELECT DISTINCT guild_id FROM games "
            "WHERE guild_id IS NOT NULL AND status IN ('lobby', 'active') ORDER BY guild_id"
        )
        return [int(r[0]) for r in rows]

    async def games_by_status(self, status: GameStatus) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? ORDER BY id", (status,)
        )
        return [game_from_row(r) for r in rows]

    async def set_lobby_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace a lobby's seats; `StaleVersion` if the game is no longer a lobby."""
        changed = await self._db.execute(
            "UPDATE games SET seats = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
            (seats_json(seats), self._clock(), game_id),
            quick=True,
        )
        if changed != 1:
            raise StaleVersion(f"game {game_id} is not a lobby")

    async def set_game_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace the seats of a game in progress (a computer player taking over a seat);
        `StaleVersion` if the game is not in progress."""
        changed = await self._db.execute(
            "UPDATE games SET seats = ?, updated_at = ? WHERE id = ? AND status = 'active'",
            (seats_json(seats), self._clock(), game_id),
            quick=True,
        )
        if changed != 1:
            raise StaleVersion(f"game {game_id} is not in progress")

    async def set_host(self, game_id: int, host_id: int) -> None:
        await self._db.execute("UPDATE games SET host_id = ? WHERE id = ?", (host_id, game_id))

    async def start_game(self, game_id: int, seats: Sequence[SeatRecord], state: str) -> None:
        """Turn a lobby into a game at version 0 with its first state."""
        changed = await self._db.execute(
            "UPDATE games SET status = 'active', seats = ?, state = ?, version = 0, updated_at = ?, "
            "lobby_expires_at = NULL, published_version = -1, last_human_move_at = ? "
            "WHERE id = ? AND status = 'lobby'",
            (seats_json(seats), state, self._clock(), self._clock(), game_id),
            quick=True,
        )
        if changed != 1:
            raise StaleVersion(f"game {game_id} is not a lobby")

    async def close_game(
        self, game_id: int, status: GameStatus, reason: str, result: ResultRecord | None = None
    ) -> bool:
        """End an open game (cancelled, or finished early) and drop its deadlines; False if it
        was already closed. `result`: the game's result (a game that had started), stored in the
        same transaction.

        A game that had started is marked not yet shown at its version (`published_version` below
        it), as a move is: its end is a change Discord must show (the table's buttons gone, its turn
        notices deleted), and a bot stopped before showing it shows it after the restart
        (`unpublished_games`, `Table.catch_up`; found by the explorer). A "published" mark of that
        version still waiting to be written is dropped, so it cannot mark the end shown."""
        now = self._clock()
        self._published.pop(game_id, None)

        async def close(tx: Tx) -> bool:
            closed = (
                await tx.execute(
                    "UPDATE games SET status = ?, end_reason = ?, updated_at = ?, lobby_expires_at = NULL, "
                    "published_version = CASE WHEN state IS NOT NULL AND published_version >= version "
                    "THEN version - 1 ELSE published_version END "
                    "WHERE id = ? AND status IN ('lobby', 'active')",
                    (status, reason, now, game_id),
                )
                == 1
            )
            await tx.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            if closed and result is not None:
                await write_result(tx, result, now)
            return closed

        return await self._db.transaction(close, quick=True)

    async def set_clock(self, game_id: int, clock: str | None, stand_in: str | None) -> None:
        """A game's clock preset and the strength that plays its timed-out turns."""
        await self._db.execute(
            "UPDATE games SET clock = ?, stand_in = ? WHERE id = ?", (clock, stand_in, game_id), quick=True
        )

    async def set_pause(self, game_id: int, paused_at: float | None, votes: Sequence[int]) -> None:
        """Whether (since when) a game is paused, and who agreed to pause it so far."""
        await self._db.execute(
            "UPDATE games SET paused_at = ?, pause_votes = ? WHERE id = ?",
            (paused_at, json.dumps(list(votes)), game_id),
        )

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._db.execute(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id), quick=True
        )

    async def set_board_message(self, game_id: int, message_id: int, posted_at: float | None = None) -> None:
        """Remember the public board message (and when it was posted, for the one-hour edit limit)."""
        when = self._clock() if posted_at is None else posted_at
        await self._db.execute(
            "UPDATE games SET board_message_id = ?, board_posted_at = ? WHERE id = ?",
            (message_id, when, game_id),
            quick=True,
        )

    async def expired_lobbies(self, now: float | None = None) -> list[GameRecord]:
        """Lobbies whose expiry time has passed."""
        moment = self._clock() if now is None else now
        rows = await self._db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'lobby' AND lobby_expires_at <= ? ORDER BY id",
            (moment,),
        )
        return [game_from_row(r) for r in rows]
