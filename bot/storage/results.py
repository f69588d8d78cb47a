"""Results that last: one row per ended game, its people's rows, and the ratings they move.

`write_result` runs inside the transaction that ends the game (the finishing move in
`Moves.record_move`, or `Games.close_game`), so a game ended is a game recorded, and a crash
between the end and its message can never store it twice: the row is keyed by the game's id
(`ON CONFLICT DO NOTHING`), and ratings move only when that row is new. A practice daily garden's
people's rows are not `counted` (schema 7).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.basics.ratings import Rating, initial, rate
from bot.storage.connection import StoreBase
from bot.storage.database import Tx
from bot.storage.records import GameRecord, RatingChange, ResultRecord
from bot.storage.rows import GAME_COLUMNS, game_from_row

RESULT_COLUMNS = (
    "game_id, guild_id, channel_id, game, options, option_set, status, outcome, end_reason, seats, "
    "winners, summary, solo, started_at, finished_at, moves, timeouts, taken_over, rated, unrated_reason, "
    "practice"
)


async def write_result(tx: Tx, result: ResultRecord, now: float) -> bool:
    """Store `result` (and, for a rated game, its ratings) inside the caller's transaction `tx`;
    False, changing nothing, when the game already has a result."""
    seats = json.dumps([seat.model_dump(mode="json") for seat in result.seats])
    added = await tx.execute(
        f"INSERT INTO results ({RESULT_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (
            result.game_id,
            result.guild_id,
            result.channel_id,
            result.game,
            json.dumps(result.options),
            result.option_set,
            result.status,
            result.outcome,
            result.end_reason,
            seats,
            json.dumps(result.winners),
            result.summary,
            result.solo,
            result.started_at,
            result.finished_at,
            result.moves,
            result.timeouts,
            result.taken_over,
            result.rated,
            result.unrated_reason,
            result.practice,
        ),
    )
    if added != 1:
        return False
    counted = result.status == "finished" and not result.practice
    for seat in result.seats:
        if seat.user_id is None:
            continue
        await tx.execute(
            "INSERT INTO result_players (game_id, seat, user_id, guild_id, game, option_set, solo, "
            "counted, points, place, won, award, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                result.game_id,
                seat.seat,
                seat.user_id,
                result.guild_id,
                result.game,
                result.option_set,
                result.solo,
                counted,
                seat.points,
                seat.place,
                seat.seat in result.winners,
                seat.award,
                result.finished_at,
            ),
        )
    if result.rated:
        await _rate(tx, result, now)
    return True


async def _rate(tx: Tx, result: ResultRecord, now: float) -> None:
    """Move every player's rating once by this game's places (openskill, bot/basics/ratings.py). Games
    ending at once in two processes on one server's game rate one after the other."""
    assert result.guild_id is not None
    await tx.serialize(f"ratings:{result.guild_id}:{result.game}")
    players = [seat for seat in result.seats if seat.user_id is not None and seat.place is not None]
    before: list[Rating] = []
    for seat in players:
        row = await tx.fetchrow(
            "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (result.guild_id, result.game, seat.user_id),
        )
        before.append(Rating(float(row[0]), float(row[1])) if row else initial())
    after = rate(before, [int(seat.place or 0) for seat in players])
    for seat, old, new in zip(players, before, after, strict=True):
        await tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, ordinal, games, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = ratings.games + 1, updated_at = excluded.updated_at",
            (result.guild_id, result.game, seat.user_id, seat.name, new.mu, new.sigma, new.ordinal, now),
        )
        await tx.execute(
            "INSERT INTO rating_changes (game_id, user_id, mu_before, sigma_before, mu_after, sigma_after) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (result.game_id, seat.user_id, old.mu, old.sigma, new.mu, new.sigma),
        )


def result_from_row(row: Sequence[object]) -> ResultRecord:
    """A `results` row (in `RESULT_COLUMNS` order) back as a `ResultRecord`."""
    names = [c.strip() for c in RESULT_COLUMNS.split(",")]
    data = dict(zip(names, row, strict=True))
    data["options"] = json.loads(str(data["options"]))
    data["seats"] = json.loads(str(data["seats"]))
    data["winners"] = json.loads(str(data["winners"]))
    data["rated"] = bool(data["rated"])
    data["practice"] = bool(data["practice"])
    for derived in ("solo", "taken_over"):
        data.pop(derived)
    return ResultRecord.model_validate(data)


class Results(StoreBase):
    """The part of `Store` that reads results and ratings (they are written by `write_result`)."""

    async def result(self, game_id: int) -> ResultRecord | None:
        """The stored result of a game (None: not ended, or ended before results were kept)."""
        row = await self._db.fetchrow(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ?", (game_id,), quick=True
        )
        return result_from_row(tuple(row)) if row is not None else None

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """What a rated game did to each player's rating (empty: it was not rated)."""
        rows = await self._db.fetch(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
            "WHERE game_id = ? ORDER BY user_id",
            (game_id,),
            quick=True,  # a game's few rows, by its key: read for every result posted
        )
        return [RatingChange(int(r[0]), r[1], r[2], r[3], r[4]) for r in rows]

    async def rating(self, guild_id: int, game: str, user_id: int) -> tuple[Rating, int] | None:
        """A person's rating in a game on a server and how many rated games made it."""
        row = await self._db.fetchrow(
            "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
            quick=True,
        )
        if row is None:
            return None
        return Rating(float(row[0]), float(row[1])), int(row[2])

    async def store_result(self, result: ResultRecord) -> bool:
        """Store the result of a game that ended without one (before schema 5) in its own
        transaction; False if it has one already. The game itself is not touched."""
        now = self._clock()
        return await self._db.transaction(lambda tx: write_result(tx, result, now))

    async def ended_without_result(self, limit: int) -> list[GameRecord]:
        """Games that started and ended but have no result row (they ended before results were
        kept), oldest first, at most `limit`."""
        columns = ", ".join(f"games.{c.strip()}" for c in GAME_COLUMNS.split(","))
        rows = await self._db.fetch(
            f"SELECT {columns} FROM games LEFT JOIN results ON results.game_id = games.id "
            "WHERE games.status IN ('finished', 'cancelled') AND games.state IS NOT NULL "
            "AND results.game_id IS NULL ORDER BY games.id LIMIT ?",
            (limit,),
        )
        return [game_from_row(r) for r in rows]
