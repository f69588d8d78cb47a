"""Storage (issue 5, "Nothing lost"): WAL, versioned schema, one transaction per move, restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import ChannelBusy, SeatRecord, StaleVersion, Store
from bot.storage.database import UniqueViolation
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.sqlite_database import SqliteDatabase

ALICE = SeatRecord(name="Alice", user_id=11)
BOB = SeatRecord(name="Bob", user_id=22)


async def new_lobby(store: Store, channel_id: int = 100) -> int:
    record = await store.create_lobby(
        guild_id=1,
        channel_id=channel_id,
        game="secret_number",
        options={"turns_each": 2},
        min_seats=2,
        max_seats=2,
        seed=42,
        host=ALICE,
        host_id=11,
        lobby_ttl=60.0,
    )
    return record.id


async def test_database_is_wal_and_at_the_latest_schema(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    try:
        assert await store.journal_mode() == "wal"
    finally:
        await store.close()
    async with aiosqlite.connect(tmp_path / "g.sqlite3") as db:
        assert await SqliteDatabase(db).schema_version() == len(MIGRATIONS)


async def test_migrations_are_forward_only_and_resume_where_a_database_stopped(tmp_path: Path) -> None:
    """A database at version 1 gets only the later migrations; a newer one than the code is refused."""
    steps = [MIGRATIONS[0], "CREATE TABLE extra (x INTEGER)"]
    async with aiosqlite.connect(tmp_path / "m.sqlite3", isolation_level=None) as db:
        assert await migrate(SqliteDatabase(db), steps[:1]) == 1
        assert await migrate(SqliteDatabase(db), steps) == 2
        assert await migrate(SqliteDatabase(db), steps) == 2  # nothing left to apply
        async with db.execute("SELECT name FROM sqlite_master WHERE name = 'extra'") as cur:
            assert await cur.fetchone() is not None
        with pytest.raises(RuntimeError, match="newer than this Garden Club"):
            await migrate(SqliteDatabase(db), steps[:1])


async def test_a_bot_from_before_events_stored_as_templates_refuses_the_database(tmp_path: Path) -> None:
    """Since schema 10 a move's events may be stored as their templates (issue 31), which an older
    Garden Club cannot read: a downgrade past it is refused, not left to misread the moves."""
    store = await Store.open(tmp_path / "g.sqlite3")
    await store.close()
    async with aiosqlite.connect(tmp_path / "g.sqlite3", isolation_level=None) as db:
        with pytest.raises(RuntimeError, match="newer than this Garden Club"):
            await migrate(SqliteDatabase(db), MIGRATIONS[:9])


async def test_a_move_is_one_transaction_checked_against_the_version(database: str) -> None:
    store = await Store.open(database, clock=lambda: 1000.0)
    try:
        game_id = await new_lobby(store)
        await store.start_game(game_id, [ALICE, BOB], '{"s": 0}')
        version = await store.record_move(
            game_id,
            expected_version=0,
            seat=0,
            action={"kind": "guess"},
            events=[{"kind": "guess", "text": "t", "private": {}}],
            state='{"s": 1}',
            finished=False,
        )
        assert version == 1
        # The same move decided on version 0 again (a double click) is refused and writes nothing.
        with pytest.raises(StaleVersion):
            await store.record_move(
                game_id,
                expected_version=0,
                seat=0,
                action={"kind": "guess"},
                events=[],
                state='{"s": 99}',
                finished=False,
            )
        record = await store.get(game_id)
        assert record is not None and record.version == 1 and record.state == '{"s": 1}'
        assert [a.version for a in await store.actions(game_id)] == [1]
    finally:
        await store.close()


async def test_only_the_finishing_move_writes_the_games_status(tmp_path: Path) -> None:
    """A move's update names the game's status only when it finishes the game: naming it rewrote
    the entries of the indexes over the status (one open game a channel, the lobbies' expiry) on
    every move, a page more in each move's commit (issue 31). The channel stays taken meanwhile,
    and the last move closes the game as completed."""
    path = tmp_path / "g.sqlite3"
    store = await Store.open(path, clock=lambda: 1000.0)
    try:
        game_id = await new_lobby(store, channel_id=7)
        await store.start_game(game_id, [ALICE, BOB], '{"s": 0}')
        async with aiosqlite.connect(path) as db:  # counts every update that names the status
            await db.executescript(
                "CREATE TABLE status_writes (game_id INTEGER);"
                "CREATE TRIGGER count_status_writes AFTER UPDATE OF status ON games "
                "BEGIN INSERT INTO status_writes VALUES (new.id); END;"
            )
        for version, finished in ((0, False), (1, False), (2, True)):
            await store.record_move(
                game_id, expected_version=version, seat=0, action={}, events=[], state="{}", finished=finished
            )
            if not finished:
                with pytest.raises(ChannelBusy):
                    await new_lobby(store, channel_id=7)
        record = await store.get(game_id)
        assert record is not None and (record.status, record.end_reason) == ("finished", "completed")
        async with aiosqlite.connect(path) as db, db.execute("SELECT game_id FROM status_writes") as rows:
            assert [row[0] for row in await rows.fetchall()] == [game_id]
        await new_lobby(store, channel_id=7)  # the finished game freed the channel
    finally:
        await store.close()


async def test_a_failed_log_append_leaves_the_state_untouched(database: str) -> None:
    """State and log are written together or not at all: a clashing log row (written through a
    second store on the same database) rolls the state back."""
    store = await Store.open(database)
    other = await Store.open(database)
    try:
        game_id = await new_lobby(store)
        await store.start_game(game_id, [ALICE, BOB], '{"s": 0}')
        await other._db.execute(
            "INSERT INTO actions (game_id, version, seat, action, events, created_at) "
            "VALUES (?, 1, 0, '{}', '[]', 0)",
            (game_id,),
        )
        with pytest.raises(UniqueViolation):
            await store.record_move(
                game_id, expected_version=0, seat=0, action={}, events=[], state='{"s": 1}', finished=False
            )
        record = await store.get(game_id)
        assert record is not None and record.version == 0 and record.state == '{"s": 0}'
    finally:
        await other.close()
        await store.close()


async def test_one_open_game_per_channel(database: str) -> None:
    store = await Store.open(database)
    try:
        first = await new_lobby(store, channel_id=5)
        with pytest.raises(ChannelBusy) as busy:
            await new_lobby(store, channel_id=5)
        assert busy.value.game_id == first
        await new_lobby(store, channel_id=6)  # another channel (or thread) is free
        assert await store.close_game(first, "cancelled", "test")
        await new_lobby(store, channel_id=5)  # a closed game frees the channel
    finally:
        await store.close()


async def test_everything_survives_a_restart(database: str) -> None:
    """Close the database and open it again: the game, its log, notices and settings are all there."""
    path = database
    store = await Store.open(path)
    game_id = await new_lobby(store)
    await store.start_game(game_id, [ALICE, BOB], '{"s": 0}')
    await store.record_move(
        game_id,
        expected_version=0,
        seat=0,
        action={"kind": "guess", "higher": True},
        events=[{"kind": "guess", "text": "hello", "private": {"0": "secret"}}],
        state='{"s": 1}',
        finished=False,
    )
    await store.set_board_message(game_id, 777, posted_at=5.0)
    await store.replace_notices(game_id, [(100, 888)])
    await store.set_meta("command-hash", "abc")
    await store.close()

    store = await Store.open(path)
    try:
        record = await store.open_game_in_channel(100)
        assert record is not None and record.id == game_id
        assert record.status == "active" and record.version == 1 and record.state == '{"s": 1}'
        assert record.seats == [ALICE, BOB] and record.board_message_id == 777
        assert record.board_posted_at == 5.0
        assert (await store.actions(game_id))[0].action == {"kind": "guess", "higher": True}
        [tail] = await store.actions_tail(game_id, 5)
        assert tail.events == [{"kind": "guess", "text": "hello", "private": {"0": "secret"}}]
        assert await store.notices(game_id) == [(100, 888)]
        # A game's announcement is kept apart from its turn notices (schema 3).
        await store.replace_notices(game_id, [(100, 555)], kind="announcement")
        assert await store.notices(game_id) == [(100, 888)]
        assert await store.notices(game_id, kind="announcement") == [(100, 555)]
        await store.replace_notices(game_id, [(100, 999)])
        assert await store.notices(game_id) == [(100, 999)]
        await store.replace_notices(game_id, [])
        assert await store.notices(game_id) == []
        assert await store.get_meta("command-hash") == "abc"
    finally:
        await store.close()


async def test_lobby_expiry_is_stored(database: str) -> None:
    now = [1000.0]
    store = await Store.open(database, clock=lambda: now[0])
    try:
        game_id = await new_lobby(store)
        assert await store.expired_lobbies() == []
        now[0] += 61
        assert [r.id for r in await store.expired_lobbies()] == [game_id]
        await store.start_game(game_id, [ALICE, BOB], "{}")
        assert await store.expired_lobbies() == []  # a started game never expires
    finally:
        await store.close()


async def test_migration_2_counts_existing_games_as_published(tmp_path: Path) -> None:
    """A database made by schema 1 keeps its games; they are not re-announced after the upgrade."""
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:1])
        await db.execute(
            "INSERT INTO games (channel_id, game, options, min_seats, max_seats, seed, state, version, "
            "status, host_id, created_at, updated_at) VALUES (5, 'secret_number', '{}', 2, 2, 1, '{}', 7, "
            "'active', 11, 0, 0)"
        )
    store = await Store.open(path)
    try:
        record = await store.open_game_in_channel(5)
        assert record is not None and record.version == 7 and record.published_version == 7
        assert await store.unpublished_games() == []
    finally:
        await store.close()


async def test_a_transaction_cancelled_at_its_begin_leaves_the_connection_usable(database: str) -> None:
    """Issue 5, "Nothing lost": a task cancelled while its BEGIN is on its way to the database
    thread (a shutdown, a timeout) must not leave the shared connection inside that transaction,
    where every later write would fail or never be committed."""
    path = database
    store = await Store.open(path)
    try:
        game_id = await new_lobby(store)
        # A write that goes to the database's thread (a quick one runs at once, never suspended).
        cancelled = asyncio.create_task(store.set_host(game_id, 111))
        await asyncio.sleep(0)  # it holds the lock and waits for its BEGIN
        cancelled.cancel()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        await store.set_host(game_id, 222)
        await store.set_lobby_message(game_id, 333)  # a quick one, after it
    finally:
        await store.close()
    reopened = await Store.open(path)
    try:
        record = await reopened.get(game_id)
        assert record is not None and record.host_id == 222 and record.lobby_message_id == 333
    finally:
        await reopened.close()


async def started_games(store: Store, count: int) -> list[int]:
    """`count` games at version 1 (one move each), none of it published yet."""
    games = []
    for channel in range(count):
        game_id = await new_lobby(store, channel_id=200 + channel)
        await store.start_game(game_id, [ALICE, BOB], '{"s": 0}')
        await store.record_move(
            game_id, expected_version=0, seat=0, action={}, events=[], state='{"s": 1}', finished=False
        )
        games.append(game_id)
    return games


async def test_published_marks_of_many_moves_are_written_together_soon_after(tmp_path: Path) -> None:
    """Issue 5, "Nothing lost" and "Speed": the mark that a move is shown in Discord decides what the
    start-up catch-up publishes again. Marks noted within the flush delay are written together,
    none is lost on the way, and without a trip to the database thread (issue 31: on the thread,
    twice a second, they held the connection from every move's quick transaction)."""
    store = await Store.open(tmp_path / "g.sqlite3", published_flush_seconds=0.05)
    try:
        first, second = await started_games(store, 2)
        trips = 0
        queue_work = store._db._connection._execute

        async def counted(*args: object, **kwargs: object) -> object:
            nonlocal trips
            trips += 1
            return await queue_work(*args, **kwargs)

        store._db._connection._execute = counted  # type: ignore[method-assign]
        store.note_published(first, 1)
        store.note_published(second, 1)
        store.note_published(first, 0)  # an older mark never takes a newer one back
        flush = store._published_flush
        assert flush is not None and not flush.done()  # written after the delay, not at once
        await asyncio.wait_for(flush, 2)
        assert trips == 0
        store._db._connection._execute = queue_work  # type: ignore[method-assign]
        assert await store.unpublished_games() == []
        assert [(await store.get(g)).published_version for g in (first, second)] == [1, 1]  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_published_marks_still_waiting_are_written_when_the_store_closes(database: str) -> None:
    """A clean stop (a restart, an update) writes the waiting marks, so the next start does not
    publish those games a second time (no repeated turn notice)."""
    path = database
    store = await Store.open(path, published_flush_seconds=3600)
    try:
        (game_id,) = await started_games(store, 1)
        assert [g.id for g in await store.unpublished_games()] == [game_id]
        store.note_published(game_id, 1)
    finally:
        await store.close()
    reopened = await Store.open(path)
    try:
        assert await reopened.unpublished_games() == []
    finally:
        await reopened.close()


async def test_a_games_end_is_unpublished_until_shown_and_a_lobbys_is_not(database: str) -> None:
    """The end of a started game is a change Discord must show (its table's buttons gone, its turn
    notices deleted): closing it marks its version unshown, as a move does, so a bot stopped before
    showing it shows it after the restart (`Table.catch_up`; found by the explorer, seed 284). A
    mark of that version still waiting to be written does not mark the end shown; a lobby, which
    has no table, is not listed."""
    store = await Store.open(database, published_flush_seconds=3600)
    try:
        ended, abandoned = await started_games(store, 2)
        lobby = await new_lobby(store, channel_id=300)
        for game_id in (ended, abandoned):
            await store.mark_published(game_id, 1)
        store.note_published(ended, 1)  # the last move's mark, not yet written
        assert await store.unpublished_games() == []
        assert await store.close_game(ended, "cancelled", "Alice ended the game")
        assert await store.close_game(abandoned, "finished", "abandoned: no move for 14 days")
        assert await store.close_game(lobby, "cancelled", "the lobby expired")
        await store.flush_published()
        assert [g.id for g in await store.unpublished_games()] == [ended, abandoned]
        await store.mark_published(ended, 1)  # the publisher's closing pass showed it
        assert [g.id for g in await store.unpublished_games()] == [abandoned]
    finally:
        await store.close()
