"""Results that last and ratings (issue 18): schema 5 and its migration from 4, one result per
game however often it is written, ratings exactly as the openskill package computes them, and
the rule for which games count."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
from openskill.models import PlackettLuce

from bot.basics.ratings import Rating, initial, rate, shown
from bot.basics.words import words_for
from bot.publish.render import ratings_text
from bot.records.backfill import backfill_results
from bot.records.results import (
    TAKEN_OVER,
    option_set,
    rating_rule,
    result_record,
    tally_of,
    unrated_text,
)
from bot.storage import ActionRecord, GameRecord, RatingChange, ResultRecord, ResultSeat, SeatRecord, Store
from bot.storage.migrations import MIGRATIONS, migrate
from bot.storage.opening import open_database
from bot.storage.results import write_result
from bot.storage.sqlite_database import SqliteDatabase
from engine.registry import get_game

GUILD = 7

ENGLISH = words_for("en")


def person(seat: int, user: int, place: int, points: int = 10) -> ResultSeat:
    return ResultSeat(seat=seat, name=f"P{user}", user_id=user, points=points, place=place, turns=4)


def result(game_id: int, seats: list[ResultSeat], **extra: object) -> ResultRecord:
    data: dict[str, object] = {
        "game_id": game_id,
        "guild_id": GUILD,
        "channel_id": 100 + game_id,
        "game": "secret_number",
        "options": {},
        "status": "finished",
        "outcome": "completed",
        "seats": seats,
        "winners": [s.seat for s in seats if s.place == 1],
        "started_at": 0.0,
        "finished_at": 60.0,
        "moves": 8,
    }
    data.update(extra)
    stored = ResultRecord.model_validate(data)
    reason = rating_rule(stored)
    return stored.model_copy(update={"rated": reason is None, "unrated_reason": reason})


async def started_game(store: Store, channel: int, users: list[int]) -> int:
    seats = [SeatRecord(name=f"P{u}", user_id=u) for u in users]
    record = await store.create_lobby(
        guild_id=GUILD,
        channel_id=channel,
        game="secret_number",
        options={},
        min_seats=2,
        max_seats=4,
        seed=1,
        host=seats[0],
        host_id=users[0],
        lobby_ttl=None,
    )
    await store.start_game(record.id, seats, "{}")
    return record.id


async def finish(store: Store, game_id: int, stored: ResultRecord) -> None:
    """The finishing move of `game_id`, stored with its result."""
    record = await store.get(game_id)
    assert record is not None
    await store.record_move(
        game_id,
        expected_version=record.version,
        seat=0,
        action={"kind": "end"},
        events=[],
        state="{}",
        finished=True,
        result=stored.model_copy(update={"game_id": game_id}),
    )


async def test_migration_from_schema_4_keeps_older_games_readable_and_adds_results(database: str) -> None:
    """Schema 5 reached from 4, on either store (issue 21: the same migrations for both)."""
    db = await open_database(database)
    try:
        await migrate(db, MIGRATIONS[:4])
        for channel, status in ((5, "finished"), (6, "active"), (7, "cancelled")):
            await db.execute(
                "INSERT INTO games (guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, "
                "state, version, status, host_id, created_at, updated_at, end_reason) "
                "VALUES (1, ?, 'secret_number', '{}', ?, 2, 2, 1, '{}', 4, ?, 11, 0, 0, 'completed')",
                (
                    channel,
                    json.dumps([{"name": "Alice", "user_id": 11}, {"name": "Bob", "user_id": 22}]),
                    status,
                ),
            )
    finally:
        await db.close()
    store = await Store.open(database)
    try:
        assert await store._db.schema_version() == len(MIGRATIONS) >= 5
        games = await store.games_by_status("finished") + await store.games_by_status("cancelled")
        assert [(g.channel_id, g.version, g.seats[1].name) for g in games] == [(5, 4, "Bob"), (7, 4, "Bob")]
        active = await store.open_game_in_channel(6)
        assert active is not None and active.seats[0].handed_over is None
        assert await store.result(games[0].id) is None, "an older game simply has no result row"
        # The upgraded database stores the next game's result as a new one would.
        await finish(store, active.id, result(active.id, [person(0, 11, 1), person(1, 22, 2)]))
        stored = await store.result(active.id)
        assert stored is not None and stored.rated and [s.place for s in stored.seats] == [1, 2]
    finally:
        await store.close()


async def test_a_result_is_stored_once_and_rates_once(database: str) -> None:
    store = await Store.open(database, clock=lambda: 1000.0)
    try:
        game_id = await started_game(store, 1, [11, 22])
        first = result(game_id, [person(0, 11, 1), person(1, 22, 2)])
        await finish(store, game_id, first)
        # Written again (as a second close would): ignored, the ratings untouched.
        assert not await store.close_game(game_id, "finished", "again", first)
        assert [tuple(r) for r in await store._db.fetch("SELECT COUNT(*) FROM results")] == [(1,)]
        assert [tuple(r) for r in await store._db.fetch("SELECT COUNT(*) FROM rating_changes")] == [(2,)]
        games = await store._db.fetch("SELECT games FROM ratings ORDER BY user_id")
        assert [tuple(r) for r in games] == [(1,), (1,)]
        stored = await store.result(game_id)
        assert stored == first.model_copy(update={"game_id": game_id})
    finally:
        await store.close()


async def test_write_result_ignores_a_second_write_of_the_same_game(database: str) -> None:
    """The idempotence itself, below the game's status guard: a second write changes nothing."""
    store = await Store.open(database)
    try:
        game_id = await started_game(store, 1, [11, 22])
        await finish(store, game_id, result(game_id, [person(0, 11, 1), person(1, 22, 2)]))
        before = await store.rating(GUILD, "secret_number", 11)
        again = result(game_id, [person(0, 11, 2), person(1, 22, 1)])
        assert await store._db.transaction(lambda tx: write_result(tx, again, 2000.0)) is False
        row = await store._db.fetchrow("SELECT COUNT(*) FROM rating_changes")
        assert row is not None and row[0] == 2
        assert await store.rating(GUILD, "secret_number", 11) == before
    finally:
        await store.close()


async def test_ratings_equal_what_openskill_computes_for_the_same_games(database: str) -> None:
    games = [
        [(11, 1), (22, 2)],
        [(11, 2), (22, 1), (33, 3)],
        [(22, 1), (33, 1), (44, 3), (11, 4)],  # a shared first place
        [(33, 1), (11, 2)],
    ]
    store = await Store.open(database)
    try:
        for number, seats in enumerate(games):
            game_id = await started_game(store, 10 + number, [u for u, _ in seats])
            stored = result(game_id, [person(i, u, p) for i, (u, p) in enumerate(seats)])
            await finish(store, game_id, stored)
        model = PlackettLuce()
        expected = {u: model.rating() for u in (11, 22, 33, 44)}
        for seats in games:
            teams = [[expected[u]] for u, _ in seats]
            after = model.rate(teams, ranks=[float(p) for _, p in seats])
            for (u, _), team in zip(seats, after, strict=True):
                expected[u] = team[0]
        for user, want in expected.items():
            got = await store.rating(GUILD, "secret_number", user)
            assert got is not None
            assert got[0] == Rating(want.mu, want.sigma), user
        assert (await store.rating(GUILD, "secret_number", 11) or (None, 0))[1] == 4
    finally:
        await store.close()


async def test_unrated_games_change_no_rating(database: str) -> None:
    store = await Store.open(database)
    try:
        game_id = await started_game(store, 1, [11, 22])
        await finish(store, game_id, result(game_id, [person(0, 11, 1), person(1, 22, 2)]))
        before = [await store.rating(GUILD, "secret_number", u) for u in (11, 22)]
        unrated = [
            result(0, [person(0, 11, 2), person(1, 22, 1)], outcome="abandoned"),
            result(0, [person(0, 11, 2), person(1, 22, 1).model_copy(update={"taken_over": True})]),
            result(0, [person(0, 11, 2), person(1, 22, 1).model_copy(update={"timeouts": 3})]),
            result(0, [person(0, 11, 2), ResultSeat(seat=1, name="Computer", computer="greedy", place=1)]),
            result(0, [person(0, 11, 2), person(1, 22, 1)], guild_id=None),
        ]
        for number, stored in enumerate(unrated):
            assert not stored.rated and stored.unrated_reason
            game_id = await started_game(store, 10 + number, [11, 22])
            await finish(store, game_id, stored)
        cancelled = await started_game(store, 30, [11, 22])
        ended = result(cancelled, [person(0, 11, 2), person(1, 22, 1)], status="cancelled", outcome="ended")
        assert await store.close_game(cancelled, "cancelled", "Alice ended the game", ended)
        assert (await store.result(cancelled)) is not None
        assert [await store.rating(GUILD, "secret_number", u) for u in (11, 22)] == before
        assert await store.rating_changes(cancelled) == []
    finally:
        await store.close()


def test_the_rating_rule_says_why_a_game_does_not_count() -> None:
    two = [person(0, 11, 1), person(1, 22, 2)]
    assert rating_rule(result(1, two)) is None
    assert rating_rule(result(1, two[:1])) == "solo games rank best gardens instead"
    assert rating_rule(result(1, two, status="cancelled", outcome="left")) == "it was ended before its end"
    assert rating_rule(result(1, two, outcome="abandoned")) == "it was abandoned"
    half = [two[0], two[1].model_copy(update={"timeouts": 2})]  # 2 of 4 turns: not more than half
    assert rating_rule(result(1, half)) is None
    most = [two[0], two[1].model_copy(update={"timeouts": 3})]
    assert said(result(1, most)) == "most of P22's turns timed out"
    taken = [two[0], two[1].model_copy(update={"taken_over": True})]
    assert said(result(1, taken)) == "a computer took over P22's seat"


def said(stored: ResultRecord) -> str:
    """Why `stored` does not count, as its final message says it in English."""
    return unrated_text(stored.model_copy(update={"unrated_reason": rating_rule(stored)}), ENGLISH)


def test_turns_are_runs_of_a_seats_moves_and_timeouts_its_timeout_events() -> None:
    timeout = {"kind": "timeout", "seats": {"player": 1}}
    actions = [
        ActionRecord(1, 1, 0, {}),
        ActionRecord(1, 2, 0, {}),  # the same turn (three actions, say)
        ActionRecord(1, 3, 1, {}, [timeout, {"kind": "guess"}]),
        ActionRecord(1, 4, 1, {}),
        ActionRecord(1, 5, 0, {}),
        ActionRecord(1, 6, 1, {}),
    ]
    tally = tally_of(2, actions)
    assert (tally.turns, tally.timeouts) == ((2, 2), (0, 1))


def test_a_result_built_from_a_finished_game() -> None:
    game = get_game("secret_number")
    options = game.options_model.model_validate({"turns_each": 1})
    state = game.create(options, 2, 5)
    actions = []
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        events = game.apply(state, seat, action)
        actions.append(
            ActionRecord(
                1, len(actions) + 1, seat, game.encode_action(action), [e.model_dump() for e in events]
            )
        )
    alice = SeatRecord(name="Alice", user_id=11)
    bob = SeatRecord(name="Bob (computer standing in)", computer="greedy", away_user_id=22, away_name="Bob")
    record = GameRecord(
        1, GUILD, 100, "secret_number", {"turns_each": 1}, [alice, bob], 2, 2, 5, None, 2, "finished",
        11, None, None, None, 10.0, 70.0, None,
    )  # fmt: skip
    stored = result_record(record, game, state, tally_of(2, actions), outcome="completed", finished_at=70.0)
    final = game.result(state)
    assert [s.points for s in stored.seats] == [r.total for r in final.seats]
    assert stored.seats[1].user_id == 22 and stored.seats[1].name == "Bob" and stored.seats[1].taken_over
    assert stored.winners == final.winners and stored.duration == 60.0 and stored.moves == len(actions)
    assert not stored.rated and stored.unrated_reason == TAKEN_OVER
    assert unrated_text(stored, ENGLISH) == "a computer took over Bob's seat"
    assert {s.place for s in stored.seats} <= {1, 2}
    assert all(s.lines for s in stored.seats)


def test_option_sets_fill_defaults_and_leave_out_who_starts() -> None:
    game = get_game("cabbagehead")
    assert option_set(game, {"first_seat": 1}) == option_set(game, {})
    assert option_set(game, {"grasshoppers": True}) != option_set(game, {})


def test_the_final_message_line_for_ratings() -> None:
    unrated = result(1, [person(0, 11, 1), person(1, 22, 2)], outcome="abandoned")
    assert ratings_text(unrated, [], ENGLISH) == "Not rated: it was abandoned."
    assert ratings_text(None, [], ENGLISH) == ""
    rated = result(1, [person(0, 11, 1), person(1, 22, 2)])
    after = rate([initial(), initial()], [1, 2])
    changes = [
        RatingChange(11, initial().mu, initial().sigma, after[0].mu, after[0].sigma),
        RatingChange(22, initial().mu, initial().sigma, after[1].mu, after[1].sigma),
    ]
    text = ratings_text(rated, changes, ENGLISH)
    assert text.startswith("Ratings: **P11** ") and f"{shown(after[0])} (+" in text
    assert shown(initial()) == 1000


async def test_games_that_ended_before_results_were_kept_get_theirs_unrated(tmp_path: Path) -> None:
    """After an upgrade from schema 4, the bot stores a result for each older ended game (scored
    through the engine from its stored state and log), counted in /stats but never rated."""
    game = get_game("secret_number")
    state = game.create(game.options_model.model_validate({"turns_each": 1}), 2, 9)
    moves = []
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        events = game.apply(state, seat, action)
        moves.append(
            (seat, json.dumps(game.encode_action(action)), json.dumps([e.model_dump() for e in events]))
        )
    seats = json.dumps([{"name": "Alice", "user_id": 11}, {"name": "Bob", "user_id": 22}])
    path = tmp_path / "four.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(SqliteDatabase(db), MIGRATIONS[:4])
        for game_id, status, reason in ((1, "finished", "completed"), (2, "cancelled", "Bob left the game")):
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, options, seats, min_seats, max_seats, "
                "seed, state, version, status, host_id, created_at, updated_at, end_reason) "
                "VALUES (?, 1, 5, 'secret_number', ?, ?, 2, 2, 9, ?, ?, ?, 11, 100, 400, ?)",
                (game_id, '{"turns_each": 1}', seats, state.model_dump_json(), len(moves), status, reason),
            )
            for version, (seat, action, events) in enumerate(moves, start=1):
                await db.execute(
                    "INSERT INTO actions (game_id, version, seat, action, events, created_at) "
                    "VALUES (?, ?, ?, ?, ?, 0)",
                    (game_id, version, seat, action, events),
                )
    store = await Store.open(path)
    try:
        assert await backfill_results(store) == 2
        assert await backfill_results(store) == 0, "once"
        finished, left = await store.result(1), await store.result(2)
        assert finished is not None and left is not None
        final = game.result(state)
        assert [s.points for s in finished.seats] == [r.total for r in final.seats]
        assert finished.outcome == "completed" and not finished.rated
        assert finished.unrated_reason == "it ended before results were kept"
        assert finished.duration == 300 and finished.moves == len(moves)
        assert left.status == "cancelled" and left.outcome == "left"
        assert await store.rating(1, "secret_number", 11) is None
        assert [t.played for t in await store.tallies(1, 11)] == [1], (
            "the finished one counts, not the cancelled"
        )
    finally:
        await store.close()


def test_a_reason_naming_players_is_said_in_the_readers_language() -> None:
    """Issue 32: why a game did not count names its players in every language (the reason is
    stored as its template, not as English with the names written in)."""
    seats = [
        ResultSeat(seat=0, name="Alice", user_id=1, taken_over=False, turns=10, timeouts=0),
        ResultSeat(seat=1, name="Bob", user_id=2, taken_over=True, turns=10, timeouts=3),
    ]
    stored = ResultRecord(
        game_id=1, guild_id=GUILD, channel_id=100, game="secret_number", options={}, option_set="{}",
        status="finished", outcome="completed", seats=seats, started_at=0.0, finished_at=1.0, moves=20,
    )  # fmt: skip
    reason = rating_rule(stored)
    assert reason == TAKEN_OVER
    stored = stored.model_copy(update={"rated": False, "unrated_reason": reason})
    assert unrated_text(stored, ENGLISH) == "a computer took over Bob's seat"
    assert unrated_text(stored, words_for("fr")) == "un ordinateur a pris la place de Bob"
    old = stored.model_copy(update={"unrated_reason": "a computer took over Bob's seat"})
    assert unrated_text(old, ENGLISH) == "a computer took over Bob's seat"  # stored before: as it is
