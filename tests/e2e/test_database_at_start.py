"""Issue 29 item 1: a wrong PostgreSQL setting stops `python -m bot` with one line and status 2,
never a traceback, and never shows the password; a server not up yet is waited for with back-off
(each try one log line, DATABASE_WAIT_SECONDS in all), so compose may start the bots first."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_owner_stop_and_config import bot_env, no_traceback_one_line, run_to_end, start_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.processes import start_bot_process
from tests.pg_cluster import Cluster, free_port, running_cluster, server_binaries

PASSWORD = "s3cret-hunter2"


@pytest.fixture(scope="module")
def guarded_cluster() -> Iterator[Cluster]:
    """A server that checks passwords (the shared test cluster lets anyone in)."""
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server here")
    with running_cluster(password=PASSWORD) as cluster:
        yield cluster


def tries_logged(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "cannot be reached yet" in line]


async def refusal(tmp_path: Path, fake: FakeDiscord, url: str, wait: str = "0") -> tuple[str, str]:
    env = bot_env(tmp_path, fake, DATABASE_URL=url, DATABASE_WAIT_SECONDS=wait, LOG_LEVEL="INFO")
    code, stderr = await run_to_end(env, tmp_path)
    line = no_traceback_one_line(code, stderr)
    assert PASSWORD not in stderr and fake.token not in stderr, stderr
    return line, stderr


async def test_a_wrong_password_user_or_database_fails_at_once_in_one_line(
    fake_discord: FakeDiscord, tmp_path: Path, guarded_cluster: Cluster
) -> None:
    port = guarded_cluster.port
    wrong_password = f"postgresql://garden:not-{PASSWORD}@127.0.0.1:{port}/postgres"
    line, stderr = await refusal(tmp_path, fake_discord, wrong_password, wait="30")
    assert "refused the connection" in line and "password" in line and "DATABASE_URL" in line, line
    assert "not-" not in stderr and tries_logged(stderr) == [], "a wrong password is not waited for"
    no_database = f"postgresql://garden:{PASSWORD}@127.0.0.1:{port}/nowhere"
    line, stderr = await refusal(tmp_path, fake_discord, no_database, wait="30")
    assert '"nowhere" does not exist' in line and "create that database" in line, line
    assert tries_logged(stderr) == []


@pytest.mark.parametrize(
    ("url", "said"),
    [
        pytest.param(f"postgresql://garden:{PASSWORD}@db:abc/garden", "port is not a number", id="port-abc"),
        pytest.param("postgres://", "names no server", id="bare-postgres"),
        pytest.param("postgresql://", "names no server", id="bare-postgresql"),
    ],
)
async def test_a_malformed_url_fails_at_once_in_one_line(
    fake_discord: FakeDiscord, tmp_path: Path, url: str, said: str
) -> None:
    line, stderr = await refusal(tmp_path, fake_discord, url, wait="30")
    assert line.startswith("garden-club: Setting DATABASE_URL is not valid") and said in line, line
    assert tries_logged(stderr) == []


async def test_a_server_still_unreachable_is_waited_for_then_one_line(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    nobody = f"postgresql://garden:{PASSWORD}@127.0.0.1:{free_port()}/garden"
    line, stderr = await refusal(tmp_path, fake_discord, nobody, wait="2")
    assert "could not reach the database postgresql://garden@127.0.0.1:" in line and "in 2 s" in line
    assert "connection refused" in line and "DATABASE_WAIT_SECONDS" in line, line
    assert len(tries_logged(stderr)) >= 2, stderr
    unknown_host = f"postgresql://garden:{PASSWORD}@nowhere.invalid:5432/garden"
    line, stderr = await refusal(tmp_path, fake_discord, unknown_host, wait="1")
    assert "nowhere.invalid" in line and "does not resolve" in line, line


async def test_the_bot_waits_for_a_server_that_comes_up_and_then_runs(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Compose starting the bot before its database (or `docker compose restart db`)."""
    binaries = server_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL server here")
    cluster = Cluster(binaries)
    settings = {
        "DATABASE_URL": cluster.url(),
        "DATABASE_WAIT_SECONDS": "40",
        "LOG_LEVEL": "INFO",
        "BACKUP_EVERY": "off",
    }
    process = None
    try:
        starting = asyncio.create_task(
            start_bot_process(fake_discord, tmp_path, settings, stderr=asyncio.subprocess.PIPE)
        )
        await asyncio.sleep(1.5)  # a try or two refused
        await asyncio.to_thread(cluster.start)
        process = await starting
        assert process.returncode is None, "running on the database that came up"
        process.terminate()
        _, err = await asyncio.wait_for(process.communicate(), 20)
        stderr = err.decode()
        assert process.returncode == 0 and "Traceback" not in stderr, stderr[-3000:]
        assert tries_logged(stderr), stderr[-3000:]
    finally:
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()
        await asyncio.to_thread(cluster.stop)


async def test_a_stop_while_waiting_for_the_database_is_clean(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """`docker stop` while the bot waits: exit 0 at once, not killed at the end of the grace period."""
    nobody = f"postgresql://garden:{PASSWORD}@127.0.0.1:{free_port()}/garden"
    env = bot_env(tmp_path, fake_discord, DATABASE_URL=nobody, DATABASE_WAIT_SECONDS="60")
    process = await start_bot(env, tmp_path)
    assert process.stderr is not None
    try:
        first = b""
        while b"cannot be reached yet" not in first:  # the first try refused and logged
            line = await asyncio.wait_for(process.stderr.readline(), 20)
            assert line, first
            first += line
        process.send_signal(signal.SIGTERM)
        _, rest = await asyncio.wait_for(process.communicate(), 10)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    stderr = (first + rest).decode()
    assert process.returncode == 0 and "Traceback" not in stderr and PASSWORD not in stderr, stderr
