"""`DATABASE_URL` (issue 21, "Storage"): it selects the store — a SQLite file (`sqlite:///path`,
and today's `DATABASE_PATH` keeps working without it) or PostgreSQL (`postgresql://…`) — and,
holding a password, never reaches an error line or a log."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.operations.restore import RestoreRefused, configured_database
from bot.operations.settings import Settings, describe_error, load_settings_or_exit


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")


def settings(**values: str) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]


def test_without_database_url_the_database_is_database_path_as_before() -> None:
    chosen = settings(database_path="/srv/garden.sqlite3")
    assert chosen.database == "/srv/garden.sqlite3" and not chosen.uses_postgres
    assert settings().database == str(Path("data/garden-club.sqlite3"))


def test_a_sqlite_url_names_the_file() -> None:
    chosen = settings(database_url="sqlite:////var/lib/garden/g.sqlite3")
    assert chosen.database == "/var/lib/garden/g.sqlite3" and chosen.sqlite_file == Path(
        "/var/lib/garden/g.sqlite3"
    )
    assert settings(database_url="sqlite:///data/x.sqlite3").database == "data/x.sqlite3"


def test_a_postgresql_url_selects_postgresql_and_keeps_the_local_files_beside_database_path() -> None:
    url = "postgresql://garden:s3cret@db:5432/garden"
    chosen = settings(database_url=url, database_path="/data/garden-club.sqlite3")
    assert chosen.database == url and chosen.uses_postgres
    assert chosen.sqlite_file == Path("/data/garden-club.sqlite3"), "the heartbeat file's place"
    assert "s3cret" not in repr(chosen) and "s3cret" not in str(chosen.model_dump())


def test_a_url_of_another_kind_stops_the_bot_with_one_line_that_hides_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "mysql://root:hunter2@db/garden")
    with pytest.raises(SystemExit) as stopped:
        load_settings_or_exit(env_file=None)
    assert stopped.value.code == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith("garden-club: Setting DATABASE_URL is not valid") and "hunter2" not in line
    assert "postgresql://" in line and "\n" not in line


def test_restore_refuses_a_postgresql_database_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's backups are SQLite files; PostgreSQL has pg_dump and pg_restore (README)."""
    monkeypatch.setenv("DATABASE_URL", "postgresql://garden:s3cret@db/garden")
    with pytest.raises(RestoreRefused, match="pg_restore") as refused:
        configured_database(env_file=None)
    assert "s3cret" not in str(refused.value)
    monkeypatch.setenv("DATABASE_URL", "sqlite:////srv/g.sqlite3")
    assert configured_database(env_file=None) == Path("/srv/g.sqlite3")


def test_describe_error_names_the_setting() -> None:
    with pytest.raises(Exception) as error:
        settings(database_url="redis://x")
    assert "DATABASE_URL" in describe_error(error.value)  # type: ignore[arg-type]
