"""One bot per database unless shards partition it (issue 29 item 5), claimed before the bot logs in.

Two unsharded bots on one database would both answer every click. So a process running every
shard claims its database exclusively, and a shard's process claims it shared (the other shards'
processes share it; an unsharded bot does not). The claim is an `flock` on `<database>.lock`
beside the SQLite file (which `garden-club restore` checks too) and, on PostgreSQL, where each
process keeps its files on its own volume, also a session advisory lock held by one connection
for as long as the process runs. A claim refused stops the start with one line (`StartRefused`),
before the heartbeat file is touched: the bot already running stays "healthy".
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.operations.settings import Settings
from bot.storage.backups import RunLock, hold_run_lock
from bot.storage.reach import DatabaseProblem, connect_waiting, safe

log = logging.getLogger(__name__)

#: The advisory lock's key (advisory locks are per database: other databases on the server are free).
ADVISORY_KEY = "garden-club-one-bot-per-database"
#: What shards may share and an unsharded bot may not (how to fix it, in the refusal's words).
SHARE_RULE = (
    "stop it first, or give this one its own database; only processes with SHARD_COUNT "
    "and their own SHARD_IDS may share one"
)


class StartRefused(DatabaseProblem):
    """Another Garden Club runs with this database; the message is the one line saying so."""


@dataclass
class Claim:
    """This process's hold on its database while it runs; `release()` when it stops."""

    file_lock: RunLock | None
    #: The PostgreSQL connection holding the advisory lock (None: SQLite).
    connection: Any = None

    async def release(self) -> None:
        if self.connection is not None:
            connection, self.connection = self.connection, None
            try:
                await connection.close()
            except Exception:  # the server went away: the lock went with the session
                log.debug("The claim's connection was already gone.", exc_info=True)
        if self.file_lock is not None:
            self.file_lock.release()
            self.file_lock = None


async def claim_database(settings: Settings) -> Claim:
    """Claim the database for this process, waiting for a PostgreSQL server not up yet
    (DATABASE_WAIT_SECONDS). Raises `DatabaseProblem` (one line) when it cannot be used, and
    `StartRefused` when another Garden Club holds it."""
    shared = not settings.shard_plan.owns_everything
    claim = Claim(_file_lock(settings.sqlite_file, shared=shared))
    if not settings.uses_postgres:
        return claim
    url = settings.database
    try:
        claim.connection = await connect_waiting(url, settings.database_wait_seconds, log)
        function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        got = await claim.connection.fetchval(f"SELECT {function}(hashtext($1))", ADVISORY_KEY)
    except BaseException:
        await claim.release()
        raise
    if not got:
        await claim.release()
        where = safe(url)
        raise StartRefused(f"another Garden Club process is running with the database {where}: {SHARE_RULE}.")
    return claim


def _file_lock(database: Path, *, shared: bool) -> RunLock | None:
    """The lock on `<database>.lock`; None when the file cannot be opened (said, not fatal: only
    `restore` then cannot tell the bot runs). Raises `StartRefused` when another process holds it."""
    try:
        lock = hold_run_lock(database, shared=shared)
    except OSError as error:
        log.warning("Could not lock %s.lock (%s): restore cannot tell the bot runs.", database, error)
        return None
    if lock is None:
        raise StartRefused(
            f"another Garden Club process{_holder(database)} is running with the database {database} "
            f"(it holds {database}.lock): {SHARE_RULE}."
        )
    return lock


def _holder(database: Path) -> str:
    """' (process id N)' from the heartbeat file beside the database, when it names a running bot."""
    try:
        beat = json.loads(database.with_name(database.name + ".health").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    if isinstance(beat, dict) and beat.get("running") and isinstance(beat.get("pid"), int):
        return f" (process id {beat['pid']})"
    return ""
