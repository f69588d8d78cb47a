"""Is the bot healthy? The running bot says so in a heartbeat file; `garden-club health` reads it.

Every `HEARTBEAT_SECONDS` (and at once when the gateway connects or drops) the bot writes
`<database>.health` beside its database: a small JSON document with the time, whether its gateway
connection is up, whether a tiny database write (the `meta` key "heartbeat", in a transaction)
succeeded within `WRITE_TIMEOUT` seconds, its process id and host name. On a clean stop it writes
one last document saying it stopped (unless the file is by then another running process's).

`garden-club health` (Docker's `HEALTHCHECK`) exits 0 when that file is fresh (younger than
`STALE_AFTER`) and says both are fine, and its process still runs (checked on the same host: a
killed bot is down at once), else 1 with one line saying why. It needs no
`DISCORD_TOKEN`: only `DATABASE_PATH` (from the environment or `.env`), or `--database`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import discord
from pydantic import SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.basics.clock import Clock
from bot.basics.shards import gateway_open
from bot.operations.settings import sqlite_file_of
from bot.storage import Store

log = logging.getLogger(__name__)

#: How often the running bot writes its heartbeat.
HEARTBEAT_SECONDS = 15.0
#: A heartbeat older than this means the bot stopped (or hangs): four missed beats.
STALE_AFTER = 60.0
#: The heartbeat's database write must succeed within this many seconds.
WRITE_TIMEOUT = 5.0
#: The `meta` key the heartbeat writes.
META_KEY = "heartbeat"


def health_path(database: Path) -> Path:
    """Where the bot keeps its heartbeat: `<database>.health`, beside the database."""
    return database.with_name(database.name + ".health")


@dataclass
class Beat:
    """One heartbeat, as written to the file."""

    #: When (seconds since the epoch).
    time: float
    pid: int
    #: The bot runs (False: it stopped cleanly).
    running: bool
    #: Logged in and its gateway websocket open.
    gateway: bool
    #: The heartbeat's database write succeeded in time.
    database: bool
    #: Why not, in a few words (None when healthy).
    problem: str | None
    #: Heartbeats written since the bot started.
    count: int
    #: The database fails its integrity check: the one line saying so and what to do (None: it
    #: passed, or was not checked since the bot started).
    damaged: str | None = None
    #: The machine (a container's host name) the process runs on: its `pid` means something there only.
    host: str = ""


def process_gone(data: dict[str, Any]) -> bool:
    """The heartbeat's process is no longer running on this machine (killed, crashed): the bot is
    down now, not a minute later when the heartbeat goes stale (issue 29 item 6). Only where it
    was written (same host name): a process id means nothing on another machine or container."""
    pid = data.get("pid")
    if not isinstance(pid, int) or pid <= 0 or data.get("host") != socket.gethostname():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it runs, as another user
        return False
    return False


def gateway_connected(client: discord.Client) -> bool:
    """Logged in, ready, and the gateway websocket is open — each shard's, for a process running
    shards (discord.py reconnects by itself; while it cannot, the socket is closed)."""
    return gateway_open(client)


class Heartbeat:
    """Writes the running bot's heartbeat file (`run` is one of the bot's background tasks)."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        path: Path,
        clock: Clock,
        *,
        every: float = HEARTBEAT_SECONDS,
        write_timeout: float = WRITE_TIMEOUT,
    ) -> None:
        self.client = client
        self.store = store
        self.path = path
        self.clock = clock
        self.every = every
        self.write_timeout = write_timeout
        self.count = 0
        #: Set when a backup found the database damaged (`mark_damaged`): every beat says so.
        self.damaged: str | None = None
        self._now = asyncio.Event()

    def mark_damaged(self, line: str) -> None:
        """The database failed its integrity check (before a backup): unhealthy from now on."""
        self.damaged = line
        self.poke()

    def poke(self) -> None:
        """Write a heartbeat now (the gateway connected or dropped), not at the next beat."""
        self._now.set()

    async def run(self) -> None:
        """Beat every `every` seconds (of the bot's clock) until cancelled."""
        while True:
            self._now.clear()
            await self.beat()
            sleeping = asyncio.ensure_future(self.clock.sleep_until(self.clock.now() + self.every))
            poked = asyncio.ensure_future(self._now.wait())
            try:
                await asyncio.wait({sleeping, poked}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeping.cancel()
                poked.cancel()

    async def beat(self) -> Beat:
        """Check the gateway and the database, and write the file."""
        gateway = gateway_connected(self.client)
        database, problem = await self._write_database()
        if self.damaged is not None:
            database, problem = False, self.damaged
        if not gateway:
            problem = "the bot is not connected to Discord's gateway" + (f"; {problem}" if problem else "")
        beat = self._beat(
            running=True, gateway=gateway, database=database, problem=problem, damaged=self.damaged
        )
        self._write(beat)
        return beat

    def stopped(self) -> None:
        """The bot stops cleanly: say so (the health check fails at once, not a minute later) —
        unless the file is now another running process's (shards' processes sharing one folder):
        this stop does not make that one "stopped"."""
        if self._another_process_beats():
            return
        self._write(self._beat(running=False, gateway=False, database=False, problem="the bot stopped"))

    def _another_process_beats(self) -> bool:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if not isinstance(data, dict) or not data.get("running") or data.get("pid") == os.getpid():
            return False
        return data.get("host") == socket.gethostname() and not process_gone(data)

    def _beat(self, **fields: Any) -> Beat:
        self.count += 1
        return Beat(
            time=self.clock.now(), pid=os.getpid(), count=self.count, host=socket.gethostname(), **fields
        )

    async def _write_database(self) -> tuple[bool, str | None]:
        try:
            # `asyncio.timeout`, not `wait_for`: Python 3.11's wait_for can swallow the task's own
            # cancellation when the write finishes in the same instant, and the heartbeat then
            # beat on after `close` cancelled it (a stop that hung for a minute in the tests).
            async with asyncio.timeout(self.write_timeout):
                await self.store.set_meta(META_KEY, f"{self.clock.now():.3f}")
        except TimeoutError:
            return False, f"the database did not answer within {self.write_timeout:g} s"
        except Exception as error:
            log.warning("The heartbeat could not write to the database: %s", error)
            return False, f"the database cannot be written ({error})"
        return True, None

    def _write(self, beat: Beat) -> None:
        """Replace the file in one step (a reader never sees half of it); a failure is logged."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            temporary.write_text(json.dumps(asdict(beat)), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            log.warning("Could not write the heartbeat file %s: %s", self.path, error)


def record_damage(path: Path, line: str) -> None:
    """A start refused because the database is damaged: the heartbeat file `path` says so, and
    `garden-club health` repeats it (not "no heartbeat", nor an older "healthy")."""
    beat = Beat(
        time=time.time(),
        pid=os.getpid(),
        running=False,
        gateway=False,
        database=False,
        problem=line,
        count=0,
        damaged=line,
        host=socket.gethostname(),
    )
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(json.dumps(asdict(beat)), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        log.warning("Could not write the heartbeat file %s: %s", path, error)


def check(path: Path, now: float | None = None, stale_after: float = STALE_AFTER) -> str | None:
    """Why the bot whose heartbeat file is `path` is unhealthy, in one line; None if it is healthy."""
    now = time.time() if now is None else now
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot is not running (or uses another DATABASE_PATH)"
    except (OSError, ValueError) as error:
        return f"the heartbeat file {path} cannot be read ({error})"
    if not isinstance(data, dict) or not isinstance(data.get("time"), int | float):
        return f"the heartbeat file {path} is not one the bot wrote"
    age = now - float(data["time"])
    if data.get("damaged"):
        return str(data["damaged"])
    if not data.get("running", False):
        return f"the bot stopped {_ago(age)}"
    if process_gone(data):
        return f"the bot's process (id {data['pid']}) is gone: it was killed or crashed; start it again"
    if age > stale_after:
        return f"the last heartbeat is {_ago(age)}: the bot stopped or hangs"
    if not data.get("gateway") or not data.get("database"):
        return str(data.get("problem") or "the bot says it is unhealthy")
    return None


def _ago(seconds: float) -> str:
    return f"{max(0.0, seconds):.0f} s ago"


class _DatabaseSetting(BaseSettings):
    """Only DATABASE_PATH and DATABASE_URL: the health check needs no token."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    database_path: Path = Path("./data/garden-club.sqlite3")
    database_url: SecretStr | None = None


def database_setting(env_file: str | Path | None = ".env") -> Path:
    """DATABASE_PATH from the environment or `.env` (or its default); exits 2 on a bad value."""
    try:
        found = _DatabaseSetting(_env_file=env_file)
        return sqlite_file_of(found.database_path, found.database_url)
    except ValidationError:
        print(
            "garden-club: Setting DATABASE_PATH is not valid: set DATABASE_PATH to a file path such as "
            "./data/garden-club.sqlite3.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None


def health_command(*, database: Path | None) -> None:
    """`garden-club health [--database PATH]`: exit 0 if the running bot is healthy, else 1 with
    one line saying why."""
    path = health_path(database if database is not None else database_setting())
    problem = check(path)
    if problem is not None:
        print(f"garden-club: unhealthy: {problem}.", file=sys.stderr)
        raise SystemExit(1)
    print("garden-club: healthy (connected to Discord, database writable).")
