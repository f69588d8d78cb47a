"""What `/stats` and `/leaderboard` read: a person's record on a server, the server's ratings, and
the best solo gardens under one option set.

Every query is answered from an index made for it in schema 5 (`result_players_by_user`,
`ratings_leaderboard`, `result_players_best_gardens`), so it stays quick with many games stored.
Only games played out or abandoned count (`counted`); cancelled games are kept but not counted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.connection import StoreBase


@dataclass(frozen=True)
class GameTally:
    """One person's games of one game on a server, solo and multiplayer apart."""

    game: str
    solo: bool
    played: int
    wins: int
    average: float | None
    best: int | None
    #: Solo games that earned an award (a ribbon).
    ribbons: int


@dataclass(frozen=True)
class RecentGame:
    """One of a person's latest games: what they scored and where they finished."""

    game_id: int
    game: str
    solo: bool
    points: int | None
    place: int | None
    won: bool
    award: str | None
    finished_at: float


@dataclass(frozen=True)
class RatingRow:
    """A line of a server's leaderboard for a multiplayer game."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GardenRow:
    """A line of the best solo gardens."""

    game_id: int
    user_id: int
    points: int
    award: str | None
    finished_at: float


class Standings(StoreBase):
    """The part of `Store` that answers `/stats` and `/leaderboard`."""

    async def tallies(self, guild_id: int, user_id: int, game: str | None = None) -> list[GameTally]:
        """`user_id`'s counted games on a server, per game and solo/multiplayer."""
        where, params = self._player_filter(guild_id, user_id, game)
        rows = await self._db.fetch(
            "SELECT game, solo, COUNT(*), SUM(won), AVG(points), MAX(points), "
            f"SUM(CASE WHEN award IS NOT NULL THEN 1 ELSE 0 END) FROM result_players WHERE {where} "
            "GROUP BY game, solo ORDER BY game, solo",
            params,
        )
        return [
            GameTally(
                str(r[0]),
                bool(r[1]),
                int(r[2]),
                int(r[3] or 0),
                None if r[4] is None else float(r[4]),
                None if r[5] is None else int(r[5]),
                int(r[6] or 0),
            )
            for r in rows
        ]

    async def recent(
        self, guild_id: int, user_id: int, game: str | None = None, limit: int = 5
    ) -> list[RecentGame]:
        """`user_id`'s latest counted games on a server, newest first."""
        where, params = self._player_filter(guild_id, user_id, game)
        rows = await self._db.fetch(
            "SELECT game_id, game, solo, points, place, won, award, finished_at FROM result_players "
            f"WHERE {where} ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            (*params, limit),
        )
        return [
            RecentGame(int(r[0]), str(r[1]), bool(r[2]), r[3], r[4], bool(r[5]), r[6], float(r[7]))
            for r in rows
        ]

    @staticmethod
    def _player_filter(guild_id: int, user_id: int, game: str | None) -> tuple[str, tuple[object, ...]]:
        if game is None:
            return "guild_id = ? AND user_id = ? AND counted = 1", (guild_id, user_id)
        return "guild_id = ? AND user_id = ? AND game = ? AND counted = 1", (guild_id, user_id, game)

    async def leaderboard(self, guild_id: int, game: str, *, offset: int, limit: int) -> list[RatingRow]:
        """The server's ratings in `game`, best (highest ordinal) first."""
        rows = await self._db.fetch(
            "SELECT user_id, name, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        return [RatingRow(int(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4])) for r in rows]

    async def count_rated(self, guild_id: int, game: str) -> int:
        """How many people have a rating in `game` on the server."""
        row = await self._db.fetchrow(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return int(row[0]) if row else 0

    async def option_sets(self, guild_id: int, game: str) -> list[tuple[str, int]]:
        """The option sets solo games of `game` were played with on the server, most played first."""
        rows = await self._db.fetch(
            "SELECT option_set, COUNT(*) FROM result_players WHERE guild_id = ? AND game = ? "
            "AND solo = 1 AND counted = 1 GROUP BY option_set ORDER BY COUNT(*) DESC, option_set",
            (guild_id, game),
        )
        return [(str(r[0]), int(r[1])) for r in rows]

    async def best_gardens(
        self, guild_id: int, game: str, option_set: str, *, offset: int, limit: int
    ) -> list[GardenRow]:
        """The best solo results of `game` under `option_set` on the server, best first (the
        earlier game first among equal points)."""
        rows = await self._db.fetch(
            "SELECT game_id, user_id, points, award, finished_at FROM result_players "
            "WHERE guild_id = ? AND game = ? AND option_set = ? AND solo = 1 AND counted = 1 "
            "AND points IS NOT NULL ORDER BY points DESC, game_id LIMIT ? OFFSET ?",
            (guild_id, game, option_set, limit, offset),
        )
        return [GardenRow(int(r[0]), int(r[1]), int(r[2]), r[3], float(r[4])) for r in rows]

    async def names(self, game_ids: list[int]) -> dict[tuple[int, int], str]:
        """The names players had in these games: (game id, user id) -> name."""
        if not game_ids:
            return {}
        marks = ", ".join("?" for _ in game_ids)
        rows = await self._db.fetch(
            f"SELECT game_id, seats FROM results WHERE game_id IN ({marks}) ORDER BY game_id", game_ids
        )
        found: dict[tuple[int, int], str] = {}
        for game_id, seats in rows:
            for seat in json.loads(seats):
                if seat.get("user_id") is not None:
                    found[(int(game_id), int(seat["user_id"]))] = str(seat["name"])
        return found
