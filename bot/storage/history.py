"""What /history reads (a server's games that are over, newest first), and the daily gardens'
records: the day's board and the streaks (a daily garden is marked scored or practice as it is
created, `Store.create_lobby`)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.connection import StoreBase
from bot.storage.records import MAX_ID, GameRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row


@dataclass(frozen=True)
class DailyRow:
    """A scored daily garden on its day's board: whose, their points and ribbon (None: none yet)."""

    game_id: int
    user_id: int
    name: str
    points: int | None
    award: str | None
    status: str


class History(StoreBase):
    async def finished_games(self, guild_id: int, limit: int, before: int = 0) -> list[GameRecord]:
        """`limit` games of `guild_id` that are over (finished, or ended early after at least one
        move: a game ended at move 0 has nothing to replay, issue 27 item 12), newest first, older
        than game `before` (0: from the newest). Pages go by game id, not by offset, so a page
        deep in a long history costs what the first does."""
        below = before if before > 0 else MAX_ID
        rows = await self._db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND id < ? "
            "AND status IN ('finished', 'cancelled') AND state IS NOT NULL AND version > 0 "
            "ORDER BY id DESC LIMIT ?",
            (guild_id, below, limit),
        )
        return [game_from_row(r) for r in rows]

    async def daily_days(self, guild_id: int, user_id: int) -> list[str]:
        """The days `user_id` finished a scored daily garden on `guild_id` (for streaks)."""
        rows = await self._db.fetch(
            "SELECT DISTINCT daily FROM games WHERE guild_id = ? AND host_id = ? AND daily IS NOT NULL "
            "AND daily_scored = 1 AND status = 'finished'",
            (guild_id, user_id),
        )
        return [str(r[0]) for r in rows]

    async def daily_board(self, guild_id: int, day: str) -> list[DailyRow]:
        """`day`'s scored daily gardens on `guild_id`, best first; a garden still being planted (or
        ended early) has no points."""
        rows = await self._db.fetch(
            "SELECT g.id, g.host_id, g.seats, p.points, p.award, g.status FROM games g "
            "LEFT JOIN result_players p ON p.game_id = g.id AND p.seat = 0 "
            "WHERE g.guild_id = ? AND g.daily = ? AND g.daily_scored = 1 AND g.status != 'lobby' "
            "ORDER BY p.points IS NULL, p.points DESC, g.id",
            (guild_id, day),
        )
        board = []
        for game_id, user, seats, points, award, status in rows:
            names = json.loads(seats)
            name = str(names[0]["name"]) if names else "?"
            board.append(DailyRow(int(game_id), int(user), name, points, award, str(status)))
        return board
