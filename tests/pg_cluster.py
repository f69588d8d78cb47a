"""A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder, the
server started on a free loopback port, one fresh database per test, everything removed at the end.

The server is Debian's `postgresql` package (`.ci/run` installs it). Its programs are found in
`PG_BINDIR` (only there, when set), else beside `pg_ctl` on the PATH, else in the newest
`/usr/lib/postgresql/*/bin`.
PostgreSQL refuses to run as root, so under root (CI, containers) the cluster belongs to the
package's `postgres` user and its programs run through `runuser`.
(pytest-postgresql starts clusters too, but as the calling user only: it cannot run under root.)
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

#: The one line a test run without PostgreSQL prints for the tests it skips.
NO_SERVER = (
    "PostgreSQL tests skipped: no PostgreSQL server here (install Debian's postgresql, or set PG_BINDIR)"
)
USER = "garden"


def server_binaries() -> Path | None:
    """The folder holding `initdb`, `pg_ctl` and `postgres`, if this machine has them."""
    named = os.environ.get("PG_BINDIR")
    if named:  # that folder only (PG_BINDIR=/nowhere runs the suite as a machine without one)
        candidates = [Path(named)]
    else:
        found = shutil.which("pg_ctl")
        candidates = [Path(found).resolve().parent] if found else []
        candidates += sorted(
            Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name, reverse=True
        )
    for folder in candidates:
        if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def free_port() -> int:
    with contextlib.closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """One running PostgreSQL server in a temporary folder; `database()` makes a fresh database."""

    def __init__(
        self,
        binaries: Path,
        *,
        durable: bool = False,
        options: Sequence[str] = (),
        password: str | None = None,
    ) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="garden-club-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.durable = durable
        #: More server settings ("synchronous_commit=off"), each given as `-c`.
        self.options = tuple(options)
        self._names = itertools.count(1)
        #: With a password, connections over TCP must give it (scram-sha-256); without, any may connect.
        self.password = password
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        command = [str(self.binaries / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True)

    def start(self) -> None:
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        authentication = ["-A", "trust"]
        if self.password is not None:
            password_file = self.folder / "password"
            password_file.write_text(self.password + "\n", encoding="utf-8")
            if self._as_postgres:
                shutil.chown(password_file, "postgres", "postgres")
            authentication = ["--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={password_file}"]
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            USER,
            *authentication,
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        # Tests need no crash safety: without fsync a fresh database per test costs milliseconds.
        quick = "" if self.durable else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        more = "".join(f" -c {option}" for option in self.options)
        options = f"-p {self.port} -h 127.0.0.1 -k {self.folder} -c max_connections=200{quick}{more}"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-o", options, "start"
        )

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        user = USER if self.password is None else f"{USER}:{self.password}"
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        name = f"test_{next(self._names)}"
        self._psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def _psql(self, statement: str) -> None:
        psql = shutil.which("psql") or str(self.binaries / "psql")
        subprocess.run(
            [psql, "-q", "-v", "ON_ERROR_STOP=1", self.url(), "-c", statement],
            check=True,
            capture_output=True,
            text=True,
        )


@contextlib.contextmanager
def running_cluster(
    *, durable: bool = False, options: Sequence[str] = (), password: str | None = None
) -> Iterator[Cluster]:
    """A started cluster for the `with` block (RuntimeError when this machine has no server)."""
    binaries = server_binaries()
    if binaries is None:
        raise RuntimeError(NO_SERVER)
    cluster = Cluster(binaries, durable=durable, options=options, password=password)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
