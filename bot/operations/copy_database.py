"""`garden-club copy-database --from sqlite:///… --to postgresql://…`: move a growing server's data
to another database (issue 21), then check the copy.

Both databases are opened as the bot opens them (so each is at the latest schema; a SQLite source
is first backed up as any migration does). The destination must hold no game yet. Every table is
copied row for row, ids included, in one transaction: a copy that fails leaves the destination
as empty as it was. Afterwards every table's rows are counted on both sides, and every game with
moves is replayed through the engine from its options, seed and stored moves: its last position
must be the stored one, in the copy exactly as in the source. The bot must be stopped meanwhile
(moves made during a copy would be missed).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.records.replays import rebuild
from bot.storage import ActionRecord, GameRecord, Store
from bot.storage.backups import SQLITE_HEADER, backup_folder, quick_check, read_only_uri
from bot.storage.database import Database, Tx
from bot.storage.opening import is_postgres, open_database, sqlite_path
from bot.storage.reach import reason, url_problem
from bot.storage.reach import safe as safe  # where it lived first: tests and callers import it here

#: The tables in an order that keeps every reference valid (a game before its moves and results).
TABLES = (
    "games",
    "actions",
    "notices",
    "meta",
    "deadlines",
    "guild_settings",
    "user_settings",
    "results",
    "result_players",
    "ratings",
    "rating_changes",
)
#: Rows sent to the destination per statement batch.
BATCH = 500


class CopyRefused(Exception):
    """The copy cannot be made as asked; the message says why and what to do."""


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    replayed: int
    not_replayable: int

    def line(self, source: str, destination: str) -> str:
        total = sum(self.rows.values())
        games = self.rows.get("games", 0)
        unplayable = (
            f"; {self.not_replayable} older games no longer replay with this version (in both copies alike)"
            if self.not_replayable
            else ""
        )
        return (
            f"copied {total} rows ({games} games) from {shown(source)} to {shown(destination)}: every "
            f"table's count matches and {self.replayed} games replay to their stored position{unplayable}."
        )


def shown(location: str) -> str:
    """A database location as the owner should read it: a PostgreSQL URL without its password, a
    SQLite file as its absolute path (`sqlite:///data/x` is relative to the working directory)."""
    if is_postgres(location):
        return safe(location)
    return str(Path(sqlite_path(location)).absolute())


#: Where to look when a relative SQLite location named nothing (the image keeps it on /data).
_IN_DOCKER = "in Docker the database is sqlite:////data/garden-club.sqlite3 (four slashes: absolute)"


def source_problem(source: str) -> str | None:
    """Why `source` cannot be copied from (it is not there, or holds no Garden Club schema), or None.
    A SQLite source is only read here: nothing is created or changed."""
    if is_postgres(source):
        return None  # checked once opened (`_postgres_source_problem`)
    path = Path(sqlite_path(source)).absolute()
    relative = (
        "" if sqlite_path(source).startswith("/") else f" (--from {source} is relative to {Path.cwd()})"
    )
    if path.is_dir():
        return (
            f"--from names a folder, {path}: give the database file, such as {path / 'garden-club.sqlite3'}."
        )
    if not path.exists():
        return (
            f"there is no database at {path}{relative}: give the path of the bot's database file; "
            f"{_IN_DOCKER}."
        )
    try:
        with open(path, "rb") as opened:
            header = opened.read(len(SQLITE_HEADER))
    except OSError as error:
        return f"cannot read {path} ({error.strerror or error})."
    if header != SQLITE_HEADER:
        return f"{path} is not a SQLite database: give the path of the bot's database file."
    try:
        with contextlib.closing(sqlite3.connect(read_only_uri(path), uri=True)) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            tables = {str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        return f"{path} cannot be read as a Garden Club database ({error})."
    if version == 0 or "games" not in tables:
        return (
            f"{path} is a SQLite database but holds no Garden Club schema: give the path of the "
            "bot's database file."
        )
    findings = quick_check(path)
    if findings is not None:
        return (
            f"{path} is damaged (SQLite's quick_check: {findings}): copy from a good backup instead "
            f"(in {backup_folder(path)}; `garden-club restore FILE` puts one back)."
        )
    return None


async def _postgres_source_problem(source: str) -> str | None:
    db = await open_database(source)
    try:
        if await db.schema_version() == 0:
            return f"{safe(source)} holds no Garden Club schema: give the database the bot has been using."
        return None
    finally:
        await db.close()


async def columns_of(db: Database, table: str) -> list[str]:
    if db.dialect == "sqlite":
        return [str(r[1]) for r in await db.fetch(f"PRAGMA table_info({table})")]
    rows = await db.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? AND table_schema = "
        "current_schema() ORDER BY ordinal_position",
        (table,),
    )
    return [str(r[0]) for r in rows]


async def count(db: Database, table: str) -> int:
    row = await db.fetchrow(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row else 0


async def copy_database(source: str, destination: str) -> CopyReport:
    """Copy everything from `source` to the empty `destination`, then verify it."""
    if source == destination:
        raise CopyRefused("--from and --to name the same database: give two different ones.")
    for flag, location in (("--from", source), ("--to", destination)):
        wrong = url_problem(location) if is_postgres(location) else None
        if wrong is not None:
            raise CopyRefused(f"{flag} {safe(location)} cannot be used: {wrong}.")
    problem = await _postgres_source_problem(source) if is_postgres(source) else source_problem(source)
    if problem is not None:
        raise CopyRefused(problem)
    if not is_postgres(source) and not is_postgres(destination) and shown(source) == shown(destination):
        raise CopyRefused("--from and --to name the same database: give two different ones.")
    origin = await Store.open(source)
    try:
        target = await Store.open(destination)
        try:
            return await _copy(origin, target)
        finally:
            await target.close()
    finally:
        await origin.close()


async def _copy(origin: Store, target: Store) -> CopyReport:
    src, dst = origin._db, target._db
    if await count(dst, "games"):
        raise CopyRefused("the destination already holds games: copy into an empty database.")
    plan = [(table, await columns_of(src, table)) for table in TABLES]
    for table, columns in plan:
        missing = set(columns) - set(await columns_of(dst, table))
        if missing:
            raise CopyRefused(f"the destination's {table} table lacks {sorted(missing)}: update Garden Club.")
    contents = {
        table: await src.fetch(f"SELECT {', '.join(columns)} FROM {table}") for table, columns in plan
    }

    async def write(tx: Tx) -> None:
        await tx.execute("DELETE FROM meta")  # the destination's own (its command-sync hash)
        for table, columns in plan:
            marks = ", ".join("?" for _ in columns)
            statement = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
            rows = [tuple(row) for row in contents[table]]
            for start in range(0, len(rows), BATCH):
                await tx.executemany(statement, rows[start : start + BATCH])
        if dst.dialect == "postgresql":  # new games continue after the copied ids
            await tx.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                "FROM games"
            )

    await dst.transaction(write)
    rows: dict[str, int] = {}
    for table, _ in plan:
        copied, there = await count(src, table), await count(dst, table)
        if copied != there:
            raise CopyRefused(f"{table}: {copied} rows in the source but {there} in the copy.")
        rows[table] = there
    replayed, not_replayable = await _verify_replays(origin, target)
    return CopyReport(rows, replayed, not_replayable)


async def _verify_replays(origin: Store, target: Store) -> tuple[int, int]:
    """Every game with moves replays in the copy as in the source (counts: replayed, and older
    games that replay in neither)."""
    replayed = not_replayable = 0
    games = [
        g for status in ("active", "finished", "cancelled") for g in await target.games_by_status(status)
    ]
    for record in sorted(games, key=lambda g: g.id):
        if record.state is None:
            continue
        there = _replays_to(record.state, record, await target.actions(record.id))
        source_record = await origin.get(record.id)
        assert source_record is not None
        here = _replays_to(source_record.state, source_record, await origin.actions(record.id))
        if there != here or source_record.state != record.state:
            raise CopyRefused(f"game {record.id} does not replay in the copy as it does in the source.")
        if there:
            replayed += 1
        else:
            not_replayable += 1
    return replayed, not_replayable


def _replays_to(state: str | None, record: GameRecord, actions: Sequence[ActionRecord]) -> bool:
    """Whether `record`'s moves replay through the engine to `state` (False: they no longer replay,
    or the game is not one this version knows)."""
    try:
        rebuilt = rebuild(record, list(actions))
    except (ValueError, KeyError):
        return False
    return rebuilt.states[-1] == state


def copy_database_command(source: str, destination: str) -> None:
    """The command: one line saying what was copied and checked (exit 0), or why not (exit 2)."""
    try:
        report = asyncio.run(copy_database(source, destination))
    except CopyRefused as refused:
        print(f"garden-club copy-database: {refused}", file=sys.stderr)
        raise SystemExit(2) from None
    except Exception as error:  # a database that cannot be reached or read: one line, no traceback
        print(
            f"garden-club copy-database: could not copy from {shown(source)} to {shown(destination)} "
            f"({reason(error)}).",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    print(report.line(source, destination))
