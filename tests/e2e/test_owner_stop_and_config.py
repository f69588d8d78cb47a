"""The owner's path (issue 16): `python -m bot` as a process stops cleanly on SIGTERM and SIGINT,
and every configuration mistake is one line naming the setting and the fix, never a traceback."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import stat
import sys
from pathlib import Path

import pytest

from tests.e2e.table_driver import offered, open_hand, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def bot_env(tmp_path: Path, fake: FakeDiscord, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(PROJECT_ROOT),
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_PATH": str(tmp_path / "data" / "garden-club.sqlite3"),
        "LOG_LEVEL": "INFO",
        "BACKUP_EVERY": "off",
    }
    env.update(extra)
    return env


async def start_bot(env: dict[str, str], cwd: Path, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def run_to_end(env: dict[str, str], cwd: Path, *args: str) -> tuple[int, str]:
    process = await start_bot(env, cwd, *args)
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_the_bot_cleanly_with_every_move_stored_and_shown(
    fake_discord: FakeDiscord, tmp_path: Path, signal_number: int
) -> None:
    """ "SIGTERM and SIGINT against the bot as a subprocess: clean stop, exit 0, every accepted move
    stored and published" (SIGTERM is what `docker stop`, systemd and Kubernetes send)."""
    fake = fake_discord
    process = await start_bot(bot_env(tmp_path, fake), tmp_path)
    try:
        await fake.wait_until(lambda: fake.global_commands, timeout=30.0, what="the bot's commands synced")
        await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
        await wait_for_move(fake, fake.general, 0)
        hand = await open_hand(fake, fake.alice, fake.general)
        await pick(fake, fake.alice, hand, offered(hand)[0][1])
        process.send_signal(signal_number)  # right after the move: its mark still waits
        _, stderr_bytes = await asyncio.wait_for(process.communicate(), 15)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    stderr = stderr_bytes.decode()
    assert process.returncode == 0, stderr[-2000:]
    assert "Traceback" not in stderr and "Stopped." in stderr
    with sqlite3.connect(tmp_path / "data" / "garden-club.sqlite3") as db:
        version, published = db.execute("SELECT version, published_version FROM games").fetchone()
    assert version >= 1 and published == version, "every accepted move stored and marked shown"


def no_traceback_one_line(code: int, stderr: str) -> str:
    assert code == 2, stderr
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.startswith("garden-club:")]
    assert len(lines) == 1, stderr
    return lines[0]


MISTAKES = [
    pytest.param({"DISCORD_TOKEN": ""}, "DISCORD_TOKEN", id="no-token"),
    pytest.param({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL", id="log-level"),
    pytest.param({"PICTURE_BUDGET_MS": "lots"}, "PICTURE_BUDGET_MS", id="picture-budget"),
    pytest.param({"SYNC_GUILD_ID": "my-server"}, "SYNC_GUILD_ID", id="sync-guild"),
    pytest.param({"DISCORD_API_BASE": "ftp://example.invalid"}, "DISCORD_API_BASE", id="api-base"),
    pytest.param({"DISCORD_GATEWAY_URL": "http://example.invalid"}, "DISCORD_GATEWAY_URL", id="gateway"),
    pytest.param({"METRICS_PORT": "99999"}, "METRICS_PORT", id="metrics-port"),
    pytest.param({"BACKUP_EVERY": "sometimes"}, "BACKUP_EVERY", id="backup-every"),
    pytest.param({"BACKUP_KEEP": "0"}, "BACKUP_KEEP", id="backup-keep"),
    pytest.param({"TEST_GAMES": "perhaps"}, "TEST_GAMES", id="test-games"),
]


@pytest.mark.parametrize(("setting", "named"), MISTAKES)
async def test_each_configuration_mistake_is_one_line_naming_the_setting(
    fake_discord: FakeDiscord, tmp_path: Path, setting: dict[str, str], named: str
) -> None:
    """ "Every configuration mistake is one line naming the setting and the fix; no traceback.\""""
    env = {key: value for key, value in bot_env(tmp_path, fake_discord, **setting).items() if value != ""}
    line = no_traceback_one_line(*await run_to_end(env, tmp_path))
    assert named in line and fake_discord.token not in line


def database_cases(tmp_path: Path) -> list[tuple[str, Path]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    not_a_db = tmp_path / "notes.sqlite3"
    not_a_db.write_text("these are my notes, not a database" * 50)
    folder = tmp_path / "a-folder.sqlite3"
    folder.mkdir()
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 999")
    return [
        ("a database from a newer version", newer),
        ("a path under a file", a_file / "garden-club.sqlite3"),
        ("an unwritable folder", locked / "garden-club.sqlite3"),
        ("a file that is no database", not_a_db),
        ("a folder", folder),
    ]


async def test_a_bad_database_path_is_one_line(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """ "Each configuration mistake gives its one line ..., including the database path cases": a
    path under a file, an unwritable folder (not checkable as root, who may write anywhere), a
    file that is no database, a folder."""
    for what, path in database_cases(tmp_path):
        if what == "an unwritable folder" and os.geteuid() == 0:
            continue
        env = bot_env(tmp_path, fake_discord, DATABASE_PATH=str(path))
        line = no_traceback_one_line(*await run_to_end(env, tmp_path))
        assert "DATABASE_PATH" in line and ("such as" in line or "restore" in line), what


async def test_the_database_flag_keeps_data_on_the_volume_whatever_the_env_file_says(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A Docker-like layout: the application folder is read-only, `.env` says
    `DATABASE_PATH=./data/...` (as an owner copying .env.example might), and the image runs
    `garden-club run --database /data/...`: the database is made on the volume, not in the app."""
    app = tmp_path / "app"
    app.mkdir()
    (app / ".env").write_text("DATABASE_PATH=./data/garden-club.sqlite3\n")
    volume = tmp_path / "volume"
    volume.mkdir()
    env = bot_env(tmp_path, fake_discord)
    del env["DATABASE_PATH"]
    app.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        process = await start_bot(env, app, "run", "--database", str(volume / "garden-club.sqlite3"))
        try:
            await fake_discord.wait_until(lambda: fake_discord.global_commands, timeout=30.0, what="started")
            process.send_signal(signal.SIGTERM)
            _, stderr = await asyncio.wait_for(process.communicate(), 15)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    finally:
        app.chmod(stat.S_IRWXU)
    assert process.returncode == 0, stderr.decode()[-2000:]
    assert (volume / "garden-club.sqlite3").exists()
    assert not (app / "data").exists()


async def test_the_bot_logs_its_invite_link_with_exactly_the_permissions_it_uses(
    fake_discord: FakeDiscord, garden_bot: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """ "At start the bot logs its invite link with those permissions and scopes filled in."""
    from bot.operations.permissions import NEEDED_PERMISSIONS

    caplog.set_level(logging.INFO, logger="bot")
    await garden_bot.start()

    def invites() -> list[str]:
        return [r.getMessage() for r in caplog.records if "Invite Garden Club" in r.getMessage()]

    [line] = await fake_discord.wait_until(invites, what="the invite link logged")
    assert f"permissions={NEEDED_PERMISSIONS.value}" in line and "scope=bot+applications.commands" in line
