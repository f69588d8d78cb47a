"""One database shared by several processes (issue 21, "Storage"): two stores on the same database
stand for two bot processes (a rolling restart, a misconfigured shard). The version check decides
which of two moves on one game is stored, a due deadline is claimed once, and two processes
starting at once migrate the database once. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import DeadlineRecord, GameRecord, SeatRecord, StaleVersion, Store
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres_database import PostgresDatabase
from bot.storage.sqlite_database import SqliteDatabase

ALICE = SeatRecord(name="Alice", user_id=11)
BOB = SeatRecord(name="Bob", user_id=22)


async def lobby(
    store: Store, *, guild_id: int | None = 1, channel_id: int = 100, host: SeatRecord = ALICE, seed: int = 42
) -> GameRecord:
    """A two-seat Secret Numbers lobby hosted by `host`."""
    assert host.user_id is not None
    return await store.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game="secret_number",
        options={"turns_each": 2},
        min_seats=2,
        max_seats=2,
        seed=seed,
        host=host,
        host_id=host.user_id,
        lobby_ttl=None,
    )


async def started_game(store: Store) -> int:
    record = await lobby(store)
    await store.start_game(record.id, [ALICE, BOB], '{"s": 0}')
    return record.id


async def move(store: Store, game_id: int, state: str) -> int | str:
    try:
        return await store.record_move(
            game_id, expected_version=0, seat=0, action={"n": state}, events=[], state=state, finished=False
        )
    except StaleVersion:
        return "stale"


async def test_two_processes_moving_one_game_at_once_store_one_move(database: str) -> None:
    """Issue 21: two processes touching the same game can never both apply a move: both decided on
    version 0, one is stored as version 1 and the other is refused as outdated, writing nothing."""
    first, second = await Store.open(database), await Store.open(database)
    try:
        game_id = await started_game(first)
        for _ in range(5):  # a race, tried a few times; every time exactly one wins
            outcomes = await asyncio.gather(
                move(first, game_id, '{"s": 1}'), move(second, game_id, '{"s": 2}')
            )
            assert sorted(outcomes, key=str) == [1, "stale"], outcomes
            record = await second.get(game_id)
            assert record is not None and record.version == 1
            winner = '{"s": 1}' if outcomes[0] == 1 else '{"s": 2}'
            assert record.state == winner and [a.action for a in await first.actions(game_id)] == [
                {"n": winner}
            ]
            await first._db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            await first._db.execute("UPDATE games SET version = 0 WHERE id = ?", (game_id,))
    finally:
        await first.close()
        await second.close()


async def test_a_due_deadline_is_claimed_by_one_process_only(database: str) -> None:
    """Issue 21: deadlines fire once across processes: claiming a due step is itself transactional,
    so of two processes claiming the same reminder (or the same timeout) at once, one gets it."""
    first, second = await Store.open(database), await Store.open(database)
    try:
        game_id = await started_game(first)
        await first.set_deadline(DeadlineRecord(game_id, "turn", 0, 50.0, 0.0, 100.0, 0))
        (due,) = await second.due_deadlines(60.0)
        claims = await asyncio.gather(
            first.advance(due, step=1, due=90.0), second.advance(due, step=1, due=90.0)
        )
        assert sorted(claims) == [False, True]
        (later,) = await first.due_deadlines(95.0)
        removed = await asyncio.gather(first.remove_if(later), second.remove_if(later))
        assert sorted(removed) == [False, True]
        assert await second.deadlines_of(game_id) == []
    finally:
        await first.close()
        await second.close()


async def test_two_processes_starting_at_once_migrate_the_database_once(database: str) -> None:
    """Issue 21: both processes of a fresh two-shard instance open the empty database together;
    each migration runs once and both reach the latest schema."""
    stores = await asyncio.gather(*(Store.open(database) for _ in range(3)))
    try:
        for store in stores:
            assert await store._db.schema_version() == len(MIGRATIONS)
        game_id = await started_game(stores[0])
        assert (await stores[2].get(game_id)) is not None
    finally:
        for store in stores:
            await store.close()


async def test_postgresql_has_the_tables_and_columns_sqlite_has(
    tmp_path: Path, postgres_cluster: object
) -> None:
    """Issue 21, "the same migrations expressed for both": after every migration the two schemas
    have the same tables, and each table the same columns in the same order."""
    sqlite_store = await Store.open(tmp_path / "g.sqlite3")
    url = postgres_cluster.database()  # type: ignore[attr-defined]
    postgres_store = await Store.open(url)
    try:
        lite = sqlite_store._db
        assert isinstance(lite, SqliteDatabase)
        tables = [
            str(r[0])
            for r in await lite.fetch(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence' "
                "ORDER BY name"
            )
        ]
        pg = postgres_store._db
        assert isinstance(pg, PostgresDatabase)
        pg_tables = [
            str(r[0])
            for r in await pg.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                "AND table_name != 'schema_version' ORDER BY table_name"
            )
        ]
        assert pg_tables == tables and "games" in tables and "deadlines" in tables
        for table in tables:
            columns = [str(r[1]) for r in await lite.fetch(f"PRAGMA table_info({table})")]
            pg_columns = [
                str(r[0])
                for r in await pg.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                    "ORDER BY ordinal_position",
                    (table,),
                )
            ]
            assert pg_columns == columns, table
    finally:
        await sqlite_store.close()
        await postgres_store.close()


@pytest.mark.parametrize("big", [2**62 + 12345, 1_234_567_890_123_456_789])
async def test_discord_ids_keep_all_their_64_bits(database: str, big: int) -> None:
    """Discord's ids (snowflakes) are 64-bit: a guild, channel or user id is stored and read back
    whole on both stores (PostgreSQL's columns are BIGINT)."""
    store = await Store.open(database)
    try:
        record = await lobby(
            store, guild_id=big, channel_id=big + 1, host=SeatRecord(name="A", user_id=big + 2), seed=big
        )
        again = await store.open_game_in_channel(big + 1)
        assert again is not None and (again.guild_id, again.host_id, again.seed) == (big, big + 2, big)
        assert record.id == again.id
    finally:
        await store.close()


async def test_a_second_process_with_an_old_position_answers_as_an_outdated_click(database: str) -> None:
    """Issue 21: the loser answers the player as an outdated click does. Process B last read the
    game at version 0; process A then stores a move. A click B receives for version 1 (A's table)
    is played by B after it reads the game again, never on its old copy; then A, still holding
    version 1, refuses a second click for it as outdated and stores nothing."""
    from bot.basics.refusals import Outdated
    from tests.bot.hub import Hub

    store_a, store_b = await Store.open(database), await Store.open(database)
    a, b = Hub(store_a, seed_source=lambda: 7), Hub(store_b, seed_source=lambda: 7)
    try:
        lobby = await a.lobbies.open(
            guild_id=1, channel_id=100, game_name="secret_number", options={}, host_id=11, host_name="Alice"
        )
        game_id = lobby.position.record.id
        await a.lobbies.join(game_id, 22, "Bob")
        await a.lobbies.start(game_id, 11)
        assert (await b.sessions.position(game_id)).version == 0  # B holds version 0 in memory
        await a.moves.play(game_id, 11, seat=0, version=0, index=0)
        played = await b.moves.play(game_id, 22, seat=1, version=1, index=0)  # B reads it again
        assert played.position.version == 2
        # A still holds version 1; a click for it there is decided by the version check.
        with pytest.raises(Outdated):
            await a.moves.play(game_id, 22, seat=1, version=1, index=0)
        assert [x.version for x in await store_a.actions(game_id)] == [1, 2]
    finally:
        await store_a.close()
        await store_b.close()


async def test_each_process_is_asked_only_its_own_shards_deadlines(database: str) -> None:
    """Issue 21: deadlines fire once across processes because a process handles the games of its
    own shards' guilds: the store answers `due_deadlines` and `next_due` for some shards only,
    computing each game's shard, `(guild_id >> 22) % count`, in the query (a DM game: shard 0)."""
    from bot.basics.shards import shard_of

    store = await Store.open(database)
    try:
        guilds = {0: 0, 1: 0}
        ids: dict[int, int] = {}
        for guild in (2**40, 2**40 + 2**22, 2**41 + 3 * 2**22, None):
            record = await lobby(store, guild_id=guild, channel_id=900 + len(ids))
            ids[record.id] = shard_of(guild, 2)
            guilds[shard_of(guild, 2)] += 1
            await store.set_deadline(DeadlineRecord(record.id, "turn", 0, 10.0 + record.id, 0.0, 60.0))
        assert guilds[0] and guilds[1], "games on both shards"
        for shard in (0, 1):
            mine = await store.due_deadlines(100.0, (2, [shard]))
            assert sorted(d.game_id for d in mine) == sorted(g for g, s in ids.items() if s == shard)
            assert await store.next_due((2, [shard])) == min(10.0 + g for g, s in ids.items() if s == shard)
        assert (
            len(await store.due_deadlines(100.0, (2, [0, 1])))
            == len(ids)
            == len(await store.due_deadlines(100.0))
        )
    finally:
        await store.close()


async def test_games_in_progress_are_counted_per_shard_so_processes_add_up(database: str) -> None:
    """Issue 21 with the metrics (issue 16): each process's games-in-progress gauge counts its own
    shards' servers, so the gauges of a sharded bot's processes add up to the whole."""
    store = await Store.open(database)
    try:
        for n, guild in enumerate((2**40, 2**40 + 2**22, 2**40 + 2 * 2**22)):
            record = await lobby(store, guild_id=guild, channel_id=700 + n)
            await store.start_game(record.id, [ALICE, BOB], "{}")
        per_shard = [await store.count_games("active", (2, [shard])) for shard in (0, 1)]
        assert per_shard == [2, 1] and sum(per_shard) == await store.count_games("active") == 3
    finally:
        await store.close()
