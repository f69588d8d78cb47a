"""What a daily garden counts for (issue 18, "One scored attempt per player per day; further
attempts are practice and do not count"): the practice gardens are kept but count nowhere, and
the first of the day is the one scored, however many are opened at once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.records.daily import day_of
from bot.storage import Store
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.sqlite_database import SqliteDatabase
from tests.bot.hub import Hub
from tests.pg_cluster import Cluster

GUILD = 7
ALICE = 11
NOW = 1_796_000_000.0  # a Unix time: 30 November 2026


async def open_daily(hub: Hub, channel: int) -> int:
    change = await hub.lobbies.open(
        guild_id=GUILD,
        channel_id=channel,
        game_name="cabbagehead",
        options={},
        host_id=ALICE,
        host_name="Alice",
        daily=True,
    )
    return change.position.record.id


async def test_practice_gardens_are_kept_but_count_nowhere(database: str) -> None:
    """Issue 18 (audit item 1): a player's later daily gardens of the day are practice: not in
    /stats (gardens, best garden, ribbons), not among the best solo gardens, not rated; the game
    and its result are still kept, marked practice. The first one counts."""
    store = await Store.open(database, clock=lambda: NOW)
    try:
        hub = Hub(store, clock=lambda: NOW)
        scored = await open_daily(hub, 100)
        await hub.lobbies.abandon(scored, 3)  # ended, scored as it stands
        practice = await open_daily(hub, 100)
        await hub.lobbies.abandon(practice, 3)
        first, second = await store.get(scored), await store.get(practice)
        assert first is not None and first.daily_scored and second is not None and not second.daily_scored

        kept = await store.result(practice)
        assert kept is not None and kept.practice and not kept.rated
        assert kept.unrated_reason == "a practice daily garden counts nowhere"
        counted = await store.result(scored)
        assert counted is not None and not counted.practice

        tallies = await store.tallies(GUILD, ALICE)
        assert [(t.game, t.solo, t.played) for t in tallies] == [("cabbagehead", True, 1)]
        assert [g.game_id for g in await store.recent(GUILD, ALICE)] == [scored]
        sets = await store.option_sets(GUILD, "cabbagehead")
        assert [count for _, count in sets] == [1]
        best = await store.best_gardens(GUILD, "cabbagehead", sets[0][0], offset=0, limit=10)
        assert [row.game_id for row in best] == [scored], "the best gardens hold the scored one only"
        # Both are kept (read above); ended before their first move, neither is offered for a
        # replay (issue 27 item 12: nothing to replay).
        assert await store.finished_games(GUILD, 10) == []
    finally:
        await store.close()


async def test_migration_7_uncounts_the_practice_gardens_stored_before(tmp_path: Path) -> None:
    """Issue 18 (audit item 1): a database from schema 6 counted practice gardens like any solo
    game; after the upgrade they count nowhere, and everything else reads as before."""
    path = tmp_path / "six.sqlite3"
    day = day_of(NOW)
    seats = json.dumps([{"name": "Alice", "user_id": ALICE}])
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:6])
        for game_id, scored in ((1, 1), (2, 0)):
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, options, seats, min_seats, max_seats, "
                "seed, state, version, status, host_id, created_at, updated_at, daily, daily_scored) "
                "VALUES (?, ?, 100, 'cabbagehead', '{}', ?, 1, 1, 5, '{}', 9, 'finished', ?, 0, 0, ?, ?)",
                (game_id, GUILD, seats, ALICE, day, scored),
            )
            await db.execute(
                "INSERT INTO results (game_id, guild_id, channel_id, game, options, option_set, status, "
                "outcome, seats, winners, solo, started_at, finished_at, moves, timeouts, taken_over, "
                "rated, unrated_reason) VALUES (?, ?, 100, 'cabbagehead', '{}', '{}', 'finished', "
                "'completed', ?, '[0]', 1, 0, ?, 9, 0, 0, 0, 'solo games rank best gardens instead')",
                (game_id, GUILD, json.dumps([{"seat": 0, "name": "Alice", "user_id": ALICE}]), NOW + game_id),
            )
            await db.execute(
                "INSERT INTO result_players (game_id, seat, user_id, guild_id, game, option_set, solo, "
                "counted, points, place, won, award, finished_at) "
                "VALUES (?, 0, ?, ?, 'cabbagehead', '{}', 1, 1, ?, 1, 1, NULL, ?)",
                (game_id, ALICE, GUILD, 30 + game_id, NOW + game_id),
            )
    store = await Store.open(path)
    try:
        assert [t.played for t in await store.tallies(GUILD, ALICE)] == [1]
        best = await store.best_gardens(GUILD, "cabbagehead", "{}", offset=0, limit=10)
        assert [(row.game_id, row.points) for row in best] == [(1, 31)]
        practice, scored = await store.result(2), await store.result(1)
        assert practice is not None and practice.practice and scored is not None and not scored.practice
        assert practice.unrated_reason == "a practice daily garden counts nowhere"
    finally:
        await store.close()


async def test_two_daily_gardens_opened_at_once_give_exactly_one_scored(database: str) -> None:
    """Issue 18 (audit item 2): "One scored attempt per player per day", even when a player starts
    daily gardens in several channels at the same moment: the game is created and marked scored
    or practice in one transaction."""
    store = await Store.open(database, clock=lambda: NOW)
    try:
        hub = Hub(store, clock=lambda: NOW)
        opened = await asyncio.gather(*(open_daily(hub, channel) for channel in (100, 101, 102)))
        records = [await store.get(game_id) for game_id in opened]
        assert [r.daily_scored for r in records if r is not None].count(True) == 1
        assert all(r is not None and r.daily == day_of(NOW) for r in records)
        board = await store.daily_board(GUILD, day_of(NOW))
        assert [(r.user_id, r.name, r.points, r.status) for r in board] == [(ALICE, "Alice", None, "active")]
    finally:
        await store.close()


async def test_a_daily_garden_opened_while_another_is_being_stored_is_practice_not_refused(
    postgres_cluster: Cluster,
) -> None:
    """Issue 18 ("further attempts are practice"): on PostgreSQL a daily garden whose look for the
    player's scored one ran before another connection committed that one is still opened, as
    practice. It was refused with "This channel already has a game" in another channel (CI, stop
    39): the unique index of scored gardens was read as the channel's. Held open by hand here so
    the race happens every time."""
    url = postgres_cluster.database()
    store = await Store.open(url, clock=lambda: NOW)
    other = await asyncpg.connect(url)
    try:
        hub = Hub(store, clock=lambda: NOW)
        storing = other.transaction()
        await storing.start()
        await other.execute(
            "INSERT INTO games (guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, "
            "status, host_id, created_at, updated_at, daily, daily_scored) "
            "VALUES ($1, 100, 'cabbagehead', '{}', $2, 1, 1, 5, 'lobby', $3, $4, $4, $5, 1)",
            GUILD,
            json.dumps([{"name": "Alice", "user_id": ALICE}]),
            ALICE,
            NOW,
            day_of(NOW),
        )
        opening = asyncio.create_task(open_daily(hub, 101))
        await asyncio.sleep(0.5)
        assert not opening.done()  # waiting on the uncommitted scored garden, as in the race
        await storing.commit()
        record = await store.get(await opening)
        assert record is not None and record.channel_id == 101 and not record.daily_scored
    finally:
        await other.close()
        await store.close()


async def test_migration_8_keeps_one_scored_daily_garden_per_player_and_day(tmp_path: Path) -> None:
    """Issue 18 (audit item 2): a database where two daily gardens of one player and day were both
    scored (two /play at once, before the fix) keeps the first scored, the other becomes practice
    (counted nowhere); from then on a unique index refuses a second scored one."""
    path = tmp_path / "seven.sqlite3"
    day = day_of(NOW)
    seats = json.dumps([{"name": "Alice", "user_id": ALICE}])
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:7])
        for game_id in (1, 2):
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, options, seats, min_seats, max_seats, "
                "seed, state, version, status, host_id, created_at, updated_at, daily, daily_scored) "
                "VALUES (?, ?, ?, 'cabbagehead', '{}', ?, 1, 1, 5, '{}', 9, 'finished', ?, 0, 0, ?, 1)",
                (game_id, GUILD, 100 + game_id, seats, ALICE, day),
            )
            await db.execute(
                "INSERT INTO results (game_id, guild_id, channel_id, game, options, option_set, status, "
                "outcome, seats, winners, solo, started_at, finished_at, moves, timeouts, taken_over, "
                "rated, unrated_reason) VALUES (?, ?, 100, 'cabbagehead', '{}', '{}', 'finished', "
                "'completed', ?, '[0]', 1, 0, ?, 9, 0, 0, 0, 'solo games rank best gardens instead')",
                (game_id, GUILD, json.dumps([{"seat": 0, "name": "Alice", "user_id": ALICE}]), NOW + game_id),
            )
            await db.execute(
                "INSERT INTO result_players (game_id, seat, user_id, guild_id, game, option_set, solo, "
                "counted, points, place, won, award, finished_at) "
                "VALUES (?, 0, ?, ?, 'cabbagehead', '{}', 1, 1, ?, 1, 1, NULL, ?)",
                (game_id, ALICE, GUILD, 30 + game_id, NOW + game_id),
            )
    store = await Store.open(path)
    try:
        first, second = await store.get(1), await store.get(2)
        assert first is not None and first.daily_scored and second is not None and not second.daily_scored
        practice = await store.result(2)
        assert practice is not None and practice.practice
        assert [t.played for t in await store.tallies(GUILD, ALICE)] == [1]
        assert [(r.game_id, r.points) for r in await store.daily_board(GUILD, day)] == [(1, 31)]
    finally:
        await store.close()
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        db.execute("UPDATE games SET daily_scored = 1 WHERE id = 2")
