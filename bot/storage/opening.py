"""Which database a location names, and opening it: the factory beside the interface
(`database.py`) and its two implementations, so the interface never imports them (issue 30)."""

from __future__ import annotations

from bot.storage.database import Database
from bot.storage.postgres_database import PostgresDatabase
from bot.storage.sqlite_database import SqliteDatabase

#: What `DATABASE_URL` may begin with, and the implementation each selects.
SCHEMES = ("sqlite:///", "postgresql://", "postgres://")


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def sqlite_path(location: str) -> str:
    """The file of a SQLite location: a plain path, or a `sqlite:///path` URL (`sqlite:////abs`)."""
    return location[len("sqlite:///") :] if location.startswith("sqlite:///") else location


async def open_database(location: str) -> Database:
    """The database at `location`: a `postgresql://…` URL, else a SQLite file (a path or
    `sqlite:///path`), opened but not migrated."""
    if is_postgres(location):
        return await PostgresDatabase.open(location)
    return await SqliteDatabase.open(sqlite_path(location))
