"""The `database` fixture: every storage and session test runs on both stores, SQLite (a file in
the test's folder) and PostgreSQL (a fresh database in a throwaway cluster, `tests.pg_cluster`).

A machine without a PostgreSQL server skips the PostgreSQL runs with one line saying why; CI
(`CI` set) never skips them: there a missing server fails the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_cluster import NO_SERVER, Cluster, server_binaries


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One PostgreSQL server for the whole run, started the first time a test needs it."""
    binaries = server_binaries()
    if binaries is None:
        if os.environ.get("CI"):
            pytest.fail(NO_SERVER.replace("skipped", "cannot run") + " — CI must run them", pytrace=False)
        pytest.skip(NO_SERVER)
    cluster = Cluster(binaries)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives: a SQLite file path, or a new PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "g.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.database()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The one line a run without PostgreSQL ends with, however many tests it skipped for it."""
    skipped = terminalreporter.stats.get("skipped", [])
    if any(NO_SERVER in str(getattr(report, "longrepr", "")) for report in skipped):
        terminalreporter.write_line(NO_SERVER)
