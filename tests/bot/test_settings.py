"""Settings: a bad or missing setting stops the bot with one clear line (foundation issue)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.operations.settings import Settings, database_path_problem, load_settings_or_exit

#: Every setting: each is cleared before a test, and each is documented (below).
ALL_SETTINGS = [name.upper() for name in Settings.model_fields]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ALL_SETTINGS:
        monkeypatch.delenv(name, raising=False)


def test_defaults_need_only_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.discord_token.get_secret_value() == "abc"
    assert settings.database_path == Path("data/garden-club.sqlite3")
    assert settings.api_base is None and settings.sync_guild_id is None
    assert settings.log_level == "INFO"


def test_env_file_is_read_and_empty_values_mean_unset(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nDISCORD_API_BASE=\nSYNC_GUILD_ID=\nLOG_LEVEL=debug\n")
    settings = Settings(_env_file=env)  # type: ignore[call-arg]
    assert settings.discord_token.get_secret_value() == "from-file"
    assert settings.api_base is None and settings.sync_guild_id is None
    assert settings.log_level == "DEBUG"


def test_api_base_loses_its_trailing_slash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:8080/api/v10/")
    assert Settings(_env_file=None).api_base == "http://127.0.0.1:8080/api/v10"  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, 60.0),  # a database restarting or booting beside the bot is up well within a minute
        ("5", 5.0),
        ("0", 0.0),  # do not wait: the first refused try ends the start
        ("0.5", 0.5),
        ("-1", "DATABASE_WAIT_SECONDS is not valid"),
        ("a minute", "DATABASE_WAIT_SECONDS is not valid"),
        ("7200", "DATABASE_WAIT_SECONDS is not valid"),
    ],
)
def test_database_wait_seconds_bounds_the_wait_for_postgresql_at_start(
    value: str | None,
    expected: float | str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 29 item 1: how long the start waits, in all, for a PostgreSQL server not up yet."""
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("DATABASE_WAIT_SECONDS", raising=False)
    if value is not None:
        monkeypatch.setenv("DATABASE_WAIT_SECONDS", value)
    if isinstance(expected, float):
        assert load_settings_or_exit(env_file=None).database_wait_seconds == expected
        return
    with pytest.raises(SystemExit):
        load_settings_or_exit(env_file=None)
    [line] = capsys.readouterr().err.strip().splitlines()
    assert expected in line and "such as 60" in line


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "Setting DISCORD_TOKEN is missing"),
        ({"DISCORD_TOKEN": "x", "SYNC_GUILD_ID": "my-server"}, "Setting SYNC_GUILD_ID is not valid"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "Setting LOG_LEVEL is not valid"),
        ({"DISCORD_TOKEN": "x", "DISCORD_API_BASE": "ftp://x"}, "Setting DISCORD_API_BASE is not valid"),
        ({"DISCORD_TOKEN": "x", "DISCORD_GATEWAY_URL": "http://x"}, "DISCORD_GATEWAY_URL is not valid"),
        # Issue 29 item 7: the README's units are m, h, d, w; an `s` is refused, not taken silently.
        ({"DISCORD_TOKEN": "x", "BACKUP_EVERY": "30s"}, "Setting BACKUP_EVERY is not valid"),
        # `sqlite:///` names no file: said about DATABASE_URL, not as a DATABASE_PATH problem.
        ({"DISCORD_TOKEN": "x", "DATABASE_URL": "sqlite:///"}, "Setting DATABASE_URL is not valid"),
        # Bounds are checked before the range is built: no hundred million ids (a MemoryError).
        (
            {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0-99999999"},
            "shard 99999999 is not below",
        ),
        ({"DISCORD_TOKEN": "x", "METRICS_HOST": "every interface"}, "Setting METRICS_HOST is not valid"),
        ({"DISCORD_TOKEN": "x", "METRICS_HOST": "http://0.0.0.0"}, "Setting METRICS_HOST is not valid"),
    ],
)
def test_bad_settings_exit_with_one_line_naming_the_setting(
    env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        load_settings_or_exit(env_file=None)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert expected in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_running_without_a_token_prints_the_hint_and_exits_non_zero(tmp_path: Path) -> None:
    """`python -m bot` on a fresh clone (no .env) stops with the hint, not a traceback."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "garden-club: Setting DISCORD_TOKEN is missing: put your bot token in .env as DISCORD_TOKEN=... "
        "(Discord Developer Portal > your application > Bot > Reset Token)."
    )
    assert "Traceback" not in done.stderr


def test_the_token_never_reaches_the_settings_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert "super-secret-token" not in repr(settings) and "super-secret-token" not in str(settings)


def test_a_huge_shard_range_is_refused_without_building_it() -> None:
    """Under a memory limit, building range(0, 10**8) first was a MemoryError, not a line."""
    import tracemalloc

    tracemalloc.start()
    with pytest.raises(ValueError, match="not below SHARD_COUNT=2"):
        Settings(_env_file=None, discord_token="x", shard_count=2, shard_ids="0-99999999")  # type: ignore[call-arg]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 10_000_000, f"{peak} bytes to refuse a range"


def test_metrics_listen_on_this_machine_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert Settings(_env_file=None).metrics_host == "127.0.0.1"  # type: ignore[call-arg]
    monkeypatch.setenv("METRICS_HOST", "0.0.0.0")
    assert Settings(_env_file=None).metrics_host == "0.0.0.0"  # type: ignore[call-arg]
    monkeypatch.setenv("METRICS_HOST", "[::1]")
    assert Settings(_env_file=None).metrics_host == "::1"  # type: ignore[call-arg]


def test_a_sqlite_url_problem_is_said_about_database_url(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, discord_token="x", database_url=f"sqlite:///{tmp_path}")  # type: ignore[call-arg]
    assert settings.sqlite_setting == "DATABASE_URL"
    problem = database_path_problem(settings.sqlite_file, settings.sqlite_setting)
    assert (
        problem is not None
        and problem.startswith("Setting DATABASE_URL (")
        and "DATABASE_PATH" not in problem
    )
    plain = Settings(_env_file=None, discord_token="x")  # type: ignore[call-arg]
    assert plain.sqlite_setting == "DATABASE_PATH"


@pytest.mark.parametrize("document", ["README.md", ".env.example"])
def test_every_setting_is_documented(document: str) -> None:
    """The README's settings table and .env.example are the owner's contract: every setting the
    bot reads is in both (TEST_GAMES was in neither's list, issue 29 item 7)."""
    text = (ROOT / document).read_text(encoding="utf-8")
    if document == "README.md":
        documented = set(re.findall(r"^\| `([A-Z_]+)` \|", text, flags=re.MULTILINE))
    else:
        documented = set(re.findall(r"^#? ?([A-Z_]+)=", text, flags=re.MULTILINE))
    missing = [name for name in ALL_SETTINGS if name not in documented]
    assert not missing, f"{document} does not document {missing}"
