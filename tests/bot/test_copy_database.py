"""`garden-club copy-database` (issue 21, "Storage"): a growing server's data moves from SQLite to
PostgreSQL (and back), every table's rows and every game's replay checked afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.operations.copy_database import CopyRefused, copy_database, safe
from bot.storage import DeadlineRecord, Store
from tests.bot.hub import Hub
from tests.damaged_sqlite import fill_and_damage
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


# The command as an owner runs it (issue 29 item 2): a real process, real files.

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def copy_command(source: str, destination: str, cwd: Path) -> tuple[int, str, str]:
    """`python -m bot copy-database --from SOURCE --to DESTINATION` in `cwd`: exit code, stdout, stderr."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(PROJECT_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "copy-database", "--from", source, "--to", destination],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def one_refusal(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and "Traceback" not in err, (code, out, err)
    [line] = err.strip().splitlines()
    assert line.startswith("garden-club copy-database: ")
    return line


def test_a_source_that_does_not_exist_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    """The container's natural `sqlite:///data/…` is relative to /home/garden: it names nothing,
    and the copy says so instead of copying an empty file it made there."""
    (tmp_path / "data").mkdir()
    destination = tmp_path / "copy.sqlite3"
    line = one_refusal(
        *copy_command("sqlite:///data/garden-club.sqlite3", f"sqlite:///{destination}", tmp_path)
    )
    assert f"there is no database at {tmp_path / 'data' / 'garden-club.sqlite3'}" in line
    assert f"relative to {tmp_path}" in line and "sqlite:////data/garden-club.sqlite3" in line
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["data"], "no file was made on either side"


@pytest.mark.parametrize(
    ("contents", "expected"),
    [
        (None, "is a SQLite database but holds no Garden Club schema"),  # a SQLite database of something else
        (b"", "is not a SQLite database"),
        (b"games,moves\n1,2\n", "is not a SQLite database"),
    ],
)
def test_a_source_without_garden_club_schema_is_refused_and_left_as_it_was(
    tmp_path: Path, contents: bytes | None, expected: str
) -> None:
    source = tmp_path / "other.sqlite3"
    if contents is None:
        with contextlib.closing(sqlite3.connect(source)) as db:
            db.execute("CREATE TABLE notes (text TEXT)")
            db.commit()
    else:
        source.write_bytes(contents)
    before = source.read_bytes()
    destination = tmp_path / "copy.sqlite3"
    line = one_refusal(*copy_command(str(source), f"sqlite:///{destination}", tmp_path))
    assert f"{source} {expected}" in line, line
    assert source.read_bytes() == before and not destination.exists()
    assert not (tmp_path / "backups").exists(), "nothing was migrated"


def test_a_damaged_source_is_refused_rather_than_copied_in_part(tmp_path: Path) -> None:
    source = tmp_path / "garden-club.sqlite3"
    asyncio.run(a_server_with_history(str(source)))
    fill_and_damage(source)
    destination = tmp_path / "copy.sqlite3"
    line = one_refusal(*copy_command(str(source), f"sqlite:///{destination}", tmp_path))
    assert f"{source} is damaged (SQLite's quick_check: " in line and "garden-club restore" in line
    assert not destination.exists()


def test_the_command_names_the_absolute_files_it_read_and_wrote(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    asyncio.run(a_server_with_history(str(tmp_path / "data" / "garden-club.sqlite3")))
    code, out, err = copy_command("sqlite:///data/garden-club.sqlite3", "sqlite:///copy.sqlite3", tmp_path)
    assert code == 0 and "Traceback" not in err, (out, err)
    [line] = out.strip().splitlines()
    assert line.startswith("copied ") and "(4 games)" in line and "3 games replay" in line, line
    assert f"from {tmp_path / 'data' / 'garden-club.sqlite3'} to {tmp_path / 'copy.sqlite3'}:" in line
