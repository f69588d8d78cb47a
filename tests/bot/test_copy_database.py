"""`garden-club copy-database` (issue 21, "Storage"): a growing server's data moves from SQLite to
PostgreSQL (and back), every table's rows and every game's replay checked afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.copy_database import CopyRefused, copy_database, safe
from bot.storage import DeadlineRecord, Store
from tests.bot.hub import Hub
from tests.pg_cluster import Cluster

ALICE, BOB = 11, 22


async def a_server_with_history(location: str) -> dict[str, int]:
    """Two finished games (a result, ratings), one in progress with a clock, a lobby, settings
    and the daily secret: what a server that has played a while keeps."""
    store = await Store.open(location)
    hub = Hub(store, seed_source=lambda: 7)
    try:
        ids: dict[str, int] = {}
        for channel, turns in ((100, 2), (101, 2), (102, 3)):
            lobby = await hub.lobbies.open(
                guild_id=1,
                channel_id=channel,
                game_name="secret_number",
                options={"turns_each": turns},
                host_id=ALICE,
                host_name="Alice",
            )
            game_id = lobby.position.record.id
            await hub.lobbies.join(game_id, BOB, "Bob")
            await hub.lobbies.start(game_id, ALICE)
            for _ in range(4 if channel < 102 else 2):
                position = await hub.sessions.position(game_id)
                seat = position.to_move()[0]
                user = (ALICE, BOB)[seat]
                await hub.moves.play(game_id, user, seat=seat, version=position.version, index=0)
            ids[f"game{channel}"] = game_id
        await store.set_deadline(DeadlineRecord(ids["game102"], "turn", 0, 500.0, 400.0, 120.0))
        await hub.lobbies.open(
            guild_id=1, channel_id=103, game_name="secret_number", options={}, host_id=BOB, host_name="Bob"
        )
        await store.set_guild_settings(1, {"clock": "fast"})
        await store.set_user_settings(ALICE, {"notify": True})
        await store.meta_once("daily_secret", "ab" * 32)
        return ids
    finally:
        await store.close()


async def test_a_server_moves_from_sqlite_to_postgresql_whole(
    tmp_path: Path, postgres_cluster: Cluster
) -> None:
    """Everything arrives: games with their moves and states, results and ratings, clocks,
    settings and the daily secret (so tomorrow's deal stays the same); the counts match, every
    game replays to its stored position, and a new game continues after the copied ids."""
    source = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    ids = await a_server_with_history(source)
    destination = postgres_cluster.database()
    report = await copy_database(source, destination)
    assert report.rows["games"] == 4 and report.rows["actions"] == 10 and report.rows["results"] == 2
    assert report.rows["ratings"] == 2 and report.replayed == 3 and report.not_replayable == 0
    old, new = await Store.open(source), await Store.open(destination)
    try:
        for game_id in ids.values():
            assert await new.get(game_id) == await old.get(game_id)
            assert await new.actions(game_id) == await old.actions(game_id)
            assert await new.result(game_id) == await old.result(game_id)
        assert await new.rating(1, "secret_number", ALICE) == await old.rating(1, "secret_number", ALICE)
        assert await new.deadlines_of(ids["game102"]) == await old.deadlines_of(ids["game102"])
        assert await new.guild_settings(1) == {"clock": "fast"}
        assert await new.get_meta("daily_secret") == "ab" * 32
        lobby = await new.create_lobby(
            guild_id=1,
            channel_id=200,
            game="secret_number",
            options={},
            min_seats=2,
            max_seats=2,
            seed=1,
            host=(await new.get(ids["game100"])).seats[0],  # type: ignore[union-attr]
            host_id=ALICE,
            lobby_ttl=None,
        )
        assert lobby.id == 5, "new games are numbered after the copied ones"
    finally:
        await old.close()
        await new.close()


async def test_a_copy_goes_back_from_postgresql_to_sqlite_too(
    tmp_path: Path, postgres_cluster: Cluster
) -> None:
    source = postgres_cluster.database()
    await a_server_with_history(source)
    report = await copy_database(source, str(tmp_path / "back.sqlite3"))
    assert report.rows["games"] == 4 and report.replayed == 3


async def test_a_destination_with_games_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres_cluster: Cluster
) -> None:
    source, destination = str(tmp_path / "g.sqlite3"), postgres_cluster.database()
    await a_server_with_history(source)
    await a_server_with_history(destination)
    with pytest.raises(CopyRefused, match="already holds games"):
        await copy_database(source, destination)
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(source, source)
    store = await Store.open(destination)
    try:
        assert len(await store.games_by_status("finished")) == 2
    finally:
        await store.close()


def test_the_command_says_what_it_copied_in_one_line_and_never_shows_a_password(
    tmp_path: Path, postgres_cluster: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    source = str(tmp_path / "g.sqlite3")
    asyncio.run(a_server_with_history(source))
    destination = postgres_cluster.database()
    main(["copy-database", "--from", source, "--to", destination])
    said = capsys.readouterr().out.strip().splitlines()
    assert len(said) == 1 and "copied" in said[0] and "3 games replay" in said[0], said
    with pytest.raises(SystemExit) as refused:
        main(["copy-database", "--from", source, "--to", destination])
    assert refused.value.code == 2
    error = capsys.readouterr().err.strip()
    assert "already holds games" in error and "Traceback" not in error
    assert safe("postgresql://garden:s3cret@db:5432/garden") == "postgresql://garden@db:5432/garden"
