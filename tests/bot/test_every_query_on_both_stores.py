"""Every query of the store on both databases (issue 21, "every query of the bot (games, actions,
notices, clocks, results, ratings, settings) on both"): one server's life — lobbies, moves, a
timeout's seats, notices, clocks, pauses, settings, results with ratings, a daily garden — is
played on SQLite and on PostgreSQL through the same `Store` calls, and every read the bot makes
answers the same on both, down to the order of rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage import DeadlineRecord, ResultRecord, ResultSeat, SeatRecord, Store
from tests.pg_cluster import Cluster

ALICE = SeatRecord(name="Alice", user_id=11)
BOB = SeatRecord(name="Bob", user_id=22)
CAROL = SeatRecord(name="Carol", user_id=33)
GUILD = 2**41 + 5


def outcome(game_id: int, places: dict[int, int], *, solo: bool = False) -> ResultRecord:
    people = [ALICE, BOB, CAROL]
    seats = [
        ResultSeat(
            seat=n, name=people[n].name, user_id=people[n].user_id, points=10 * (4 - p), place=p, turns=3
        )
        for n, p in places.items()
    ]
    return ResultRecord(
        game_id=game_id,
        guild_id=GUILD,
        channel_id=100 + game_id,
        game="cabbagehead" if solo else "secret_number",
        options={},
        status="finished",
        outcome="completed",
        seats=seats,
        winners=[s.seat for s in seats if s.place == 1],
        summary="Someone wins.",
        started_at=100.0,
        finished_at=200.0 + game_id,
        moves=4,
        timeouts=0,
        rated=not solo,
        unrated_reason="solo" if solo else None,
    )


async def a_server_s_life(store: Store) -> list[tuple[str, Any]]:
    """The same calls on any store; every read's answer, named, in order."""
    seen: list[tuple[str, Any]] = []

    def saw(name: str, value: Any) -> None:
        seen.append((name, value))

    lobbies = []
    for channel in (101, 102, 103):
        record = await store.create_lobby(
            guild_id=GUILD,
            channel_id=channel,
            game="secret_number",
            options={"turns_each": 2},
            min_seats=2,
            max_seats=3,
            seed=2**62 + channel,
            host=ALICE,
            host_id=11,
            lobby_ttl=60.0,
        )
        lobbies.append(record.id)
    saw("lobby", await store.get(lobbies[0]))
    await store.set_lobby_seats(lobbies[0], [ALICE, BOB])
    await store.set_lobby_seats(lobbies[1], [ALICE, BOB, CAROL])
    await store.set_host(lobbies[2], 22)
    await store.set_lobby_message(lobbies[0], 5001)
    saw("expired", [g.id for g in await store.expired_lobbies(now=10**12)])
    saw("in channel", await store.open_game_in_channel(103))
    for game_id, seats in ((lobbies[0], [ALICE, BOB]), (lobbies[1], [ALICE, BOB, CAROL])):
        await store.start_game(game_id, seats, '{"s": 0}')
        await store.set_board_message(game_id, 6000 + game_id, posted_at=123.5)
    for version in range(3):
        await store.record_move(
            lobbies[0],
            expected_version=version,
            seat=version % 2,
            action={"n": version},
            events=[{"kind": "guess", "text": f"move {version}", "private": {"0": "secret"}}],
            state=f'{{"s": {version + 1}}}',
            finished=False,
            by_person=version != 1,
            seats=[ALICE, BOB.model_copy(update={"timeouts": 1})] if version == 1 else None,
        )
    saw("actions", await store.actions(lobbies[0], since_version=1))
    saw("tail", await store.actions_tail(lobbies[0], 2))
    await store.set_game_seats(lobbies[1], [ALICE, BOB, CAROL.model_copy(update={"computer": "easy"})])
    await store.set_clock(lobbies[0], "quick", "medium")
    await store.set_pause(lobbies[0], 150.0, [11])
    saw("paused", await store.get(lobbies[0]))
    await store.set_deadline(DeadlineRecord(lobbies[0], "turn", 1, 300.0, 180.0, 120.0, 0))
    await store.set_deadline(DeadlineRecord(lobbies[0], "turn", 0, 250.0, 130.0, 120.0, 1))
    await store.set_deadline(DeadlineRecord(lobbies[1], "abandon", -1, 900.0, 0.0, 0.0))
    await store.set_deadline(DeadlineRecord(lobbies[0], "turn", 1, 310.0, 190.0, 120.0, 0))  # replaced
    await store.set_deadline(DeadlineRecord(lobbies[1], "away", -1, 200.0, 200.0, 0.0, 1, paused=True))
    saw("held away", (await store.held_away(GUILD), await store.held_away(GUILD + 1)))
    saw("open in server", [g.id for g in await store.open_games_in_guild(GUILD)])
    saw("servers with games", await store.open_game_guilds())
    await store.remove_deadlines(lobbies[1], "away")
    saw("deadlines", await store.deadlines_of(lobbies[0]))
    saw("next due", await store.next_due())
    saw("due", await store.due_deadlines(305.0))
    [claim] = await store.due_deadlines(260.0)
    saw("advanced", await store.advance(claim, step=2, due=400.0))
    saw("advanced twice", await store.advance(claim, step=2, due=400.0))
    await store.pause_deadlines(lobbies[0], True)
    saw("paused next due", await store.next_due())
    await store.pause_deadlines(lobbies[0], False, shift=20.0)
    saw("shifted", await store.deadlines_of(lobbies[0]))
    await store.remove_deadlines(lobbies[0], "turn", [0])
    saw("removed", await store.deadlines_of(lobbies[0]))
    await store.replace_notices(lobbies[0], [(101, 7001), (101, 7002)])
    saw("nothing announced", await store.announced(lobbies[0]))
    saw("no turn told", await store.told_turn(lobbies[0]))
    await store.replace_notices(lobbies[0], [(101, 7005), (101, 7006)], version=2**40 + 4)
    saw("turn told", await store.told_turn(lobbies[0]))
    await store.replace_notices(lobbies[0], [(101, 7006)])  # one deleted: the other keeps its version
    saw("turn still told", await store.told_turn(lobbies[0]))
    await store.replace_notices(lobbies[0], [(101, 7003)], kind="announcement", version=2**40 + 3)
    await store.replace_notices(lobbies[0], [(101, 7002), (101, 7004)])
    saw("notices", await store.notices(lobbies[0]))
    saw("announcement", await store.notices(lobbies[0], "announcement"))
    saw("announced", await store.announced(lobbies[0]))
    store.note_published(lobbies[0], 2)
    await store.flush_published()
    await store.mark_published(lobbies[1], 0)
    saw("unpublished", [g.id for g in await store.unpublished_games()])
    await store.set_meta("sync", "abc")
    await store.set_meta("sync", "abd")
    saw(
        "meta",
        (
            await store.get_meta("sync"),
            await store.meta_once("secret", "1"),
            await store.meta_once("secret", "2"),
        ),
    )
    await store.set_guild_settings(GUILD, {"clock": "quick"})
    await store.set_guild_settings(GUILD, {"clock": "relaxed", "threads": True})
    await store.set_user_settings(22, {"notify": True})
    saw(
        "settings",
        (await store.guild_settings(GUILD), await store.user_settings(22), await store.user_settings(99)),
    )

    # Results: a three-player game, a two-player one, a solo garden; ratings move.
    await store.record_move(
        lobbies[1], expected_version=0, seat=0, action={}, events=[], state="{}", finished=True,
        result=outcome(lobbies[1], {0: 2, 1: 1, 2: 3}),
    )  # fmt: skip
    await store.record_move(
        lobbies[0], expected_version=3, seat=0, action={}, events=[], state="{}", finished=True,
        result=outcome(lobbies[0], {0: 1, 1: 2}),
    )  # fmt: skip
    saw("closed again", await store.close_game(lobbies[0], "finished", "again"))
    solo = await store.create_lobby(
        guild_id=GUILD, channel_id=104, game="cabbagehead", options={}, min_seats=1, max_seats=1,
        seed=9, host=ALICE, host_id=11, lobby_ttl=None, daily="2026-12-01",
    )  # fmt: skip
    await store.start_game(solo.id, [ALICE], "{}")
    await store.record_move(
        solo.id, expected_version=0, seat=0, action={}, events=[], state="{}", finished=True,
        result=outcome(solo.id, {0: 1}, solo=True),
    )  # fmt: skip
    saw("closed", await store.close_game(lobbies[2], "cancelled", "the host ended it"))
    for game_id in (*lobbies, solo.id):
        saw(f"result {game_id}", await store.result(game_id))
        saw(f"changes {game_id}", await store.rating_changes(game_id))
    saw("rating", [await store.rating(GUILD, "secret_number", user) for user in (11, 22, 33, 44)])
    saw("tallies", await store.tallies(GUILD, 11))
    saw("tallies game", await store.tallies(GUILD, 22, "secret_number"))
    saw("recent", await store.recent(GUILD, 11))
    saw("leaderboard", await store.leaderboard(GUILD, "secret_number", offset=0, limit=10))
    saw("leaderboard page 2", await store.leaderboard(GUILD, "secret_number", offset=1, limit=1))
    saw("rated", await store.count_rated(GUILD, "secret_number"))
    saw("option sets", await store.option_sets(GUILD, "cabbagehead"))
    saw("gardens", await store.best_gardens(GUILD, "cabbagehead", "{}", offset=0, limit=5))
    saw("names", await store.names([lobbies[0], lobbies[1]]))
    saw("history", [g.id for g in await store.finished_games(GUILD, 10)])
    saw("history page", [g.id for g in await store.finished_games(GUILD, 10, before=lobbies[1])])
    saw("daily days", await store.daily_days(GUILD, 11))
    saw("daily board", await store.daily_board(GUILD, "2026-12-01"))
    saw(
        "by status",
        [[g.id for g in await store.games_by_status(s)] for s in ("active", "finished", "cancelled")],
    )
    saw("without result", [g.id for g in await store.ended_without_result(10)])
    saw("counted", await store.count_games("finished"))
    return seen


async def test_every_query_answers_the_same_on_sqlite_and_postgresql(
    tmp_path: Path, postgres_cluster: Cluster
) -> None:
    lite = await Store.open(tmp_path / "g.sqlite3", clock=lambda: 1000.0)
    pg = await Store.open(postgres_cluster.database(), clock=lambda: 1000.0)
    try:
        on_sqlite, on_postgres = await a_server_s_life(lite), await a_server_s_life(pg)
    finally:
        await lite.close()
        await pg.close()
    assert [name for name, _ in on_sqlite] == [name for name, _ in on_postgres]
    for (name, sqlite_value), (_, postgres_value) in zip(on_sqlite, on_postgres, strict=True):
        # Compared as written out: a PostgreSQL Decimal equals SQLite's float, but a reader of the
        # answer (a /stats line, a JSON export) would see the difference.
        assert repr(sqlite_value) == repr(postgres_value), (
            f"{name}: SQLite {sqlite_value!r}, PostgreSQL {postgres_value!r}"
        )
    answers = dict(on_sqlite)
    assert answers["advanced"] and not answers["advanced twice"], "a step is claimed once"
    assert answers["rating"][0] is not None and answers["rating"][3] is None
    assert answers["closed again"] is False and answers["closed"] is True
    # A turn notice keeps the version whose turn it told when another is deleted beside it
    # (docs/bot.md, the notices table: a restart takes that turn as told).
    assert answers["no turn told"] is None
    assert answers["turn told"] == answers["turn still told"] == 2**40 + 4
