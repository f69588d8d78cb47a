"""Reaching a PostgreSQL server, in the owner's words (issue 29 item 1).

One place says what went wrong with a `postgresql://` URL, for the bot's start and for
`copy-database` alike: a URL of the wrong shape, a server not up yet (waited for at start: under
compose the database may start after the bots, or restart under them), or a server that refuses
(a wrong password, user or database: waiting would not help). No line ever holds the password.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

#: The longest pause between two tries while waiting for the database.
LONGEST_PAUSE = 10.0
#: The first pause (each next one doubles, up to `LONGEST_PAUSE`).
FIRST_PAUSE = 0.5
#: The longest a single connection attempt may take.
CONNECT_TIMEOUT = 10.0


class DatabaseProblem(Exception):
    """The database cannot be used as configured; the message is the one line saying what to fix."""


def safe(location: str) -> str:
    """A database location fit for a message: a URL's password is never shown."""
    if location.startswith(("postgresql://", "postgres://")) and "@" in location:
        scheme, _, rest = location.partition("://")
        credentials, _, where = rest.rpartition("@")
        user = credentials.partition(":")[0]
        return f"{scheme}://{user}@{where}"
    return location


def url_problem(url: str) -> str | None:
    """Why `url` is not a usable PostgreSQL URL (it names no server, its port is not a number), or None.
    Checked before connecting: libpq's defaults (this machine, port 5432) would hide the mistake."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "its port is not a number"
    if not parts.hostname and "host" not in parse_qs(parts.query):
        return "it names no server"
    if port == 0:
        return "its port is not between 1 and 65535"
    return None


def reason(error: BaseException) -> str:
    """What went wrong, in a few words an owner can act on (never the URL, so never its password)."""
    if isinstance(error, socket.gaierror):
        return f"the server's name does not resolve: {error.strerror or error}"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused: no PostgreSQL listens there"
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return "no answer in time"
    if isinstance(error, OSError):
        return str(error.strerror or error)
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def may_come_up(error: BaseException) -> bool:
    """Whether waiting may help: the server is not reachable yet (refused, not resolving, starting up,
    too busy), as opposed to one that answers but refuses the URL's password, user or database."""
    if isinstance(error, OSError | asyncio.TimeoutError):
        return True
    import asyncpg

    return isinstance(error, asyncpg.CannotConnectNowError | asyncpg.TooManyConnectionsError)


def fix_for(error: BaseException) -> str:
    """What to change, for a server that refused (not waited for)."""
    import asyncpg

    if isinstance(error, asyncpg.InvalidPasswordError):
        return "put the right password in DATABASE_URL (postgresql://user:password@host/database)"
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return "create that database, or name an existing one at the end of DATABASE_URL"
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return "name a user the server knows in DATABASE_URL, or let that one in (pg_hba.conf)"
    return "check DATABASE_URL"


async def connect_waiting(url: str, wait_seconds: float, log: logging.Logger) -> Any:
    """An asyncpg connection to `url`, waiting with back-off up to `wait_seconds` in all while the
    server cannot be reached yet (each try logged in one line). Raises `DatabaseProblem`: at once
    for a malformed URL or a server that refuses, after `wait_seconds` for one still unreachable."""
    import asyncpg

    shown = safe(url)
    problem = url_problem(url)
    if problem is not None:
        raise DatabaseProblem(f"Setting DATABASE_URL ({shown}) cannot be used: {problem}.")
    deadline = time.monotonic() + wait_seconds
    pause, tries = FIRST_PAUSE, 0
    while True:
        tries += 1
        left = deadline - time.monotonic()
        try:
            return await asyncpg.connect(url, timeout=max(1.0, min(CONNECT_TIMEOUT, left)))
        except Exception as error:
            if not may_come_up(error):
                raise DatabaseProblem(
                    f"the database {shown} refused the connection ({reason(error)}): {fix_for(error)}."
                ) from None
            left = deadline - time.monotonic()
            if left <= 0:
                raise DatabaseProblem(
                    f"could not reach the database {shown} in {wait_seconds:g} s ({reason(error)}): "
                    "check DATABASE_URL's host and port and that PostgreSQL runs there "
                    "(DATABASE_WAIT_SECONDS waits longer)."
                ) from None
            wait = min(pause, left)
            log.warning(
                "The database %s cannot be reached yet (%s); try %d, the next in %.1f s "
                "(waiting %g s in all: DATABASE_WAIT_SECONDS).",
                shown,
                reason(error),
                tries,
                wait,
                wait_seconds,
            )
            await asyncio.sleep(wait)
            pause = min(pause * 2, LONGEST_PAUSE)
