"""A SQLite database damaged as a disk or a careless copy damages one: a 4 KiB page in the middle
of a table's b-tree overwritten (issue 29, "A damaged SQLite file runs as if healthy")."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

PAGE = 4096


def page_count(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA page_count").fetchone()[0])


def fill_and_damage(path: Path, *, table: str = "meta", rows: int = 2000) -> int:
    """Add `rows` rows of about 200 bytes to `table` (a `key`/`value` table such as `meta`, or a
    new one) of the database at `path`, fold its write-ahead log into the file, and overwrite one
    page in the middle of the pages those rows took with noise. The damage is one `PRAGMA
    quick_check` finds (asserted). Returns the page's number."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA busy_timeout = 10000")  # a running bot may be reading meanwhile
        assert int(db.execute("PRAGMA page_size").fetchone()[0]) == PAGE
        db.execute(f"CREATE TABLE IF NOT EXISTS {table} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        first = page_count(db) + 1
        db.execute("BEGIN")
        db.executemany(
            f"INSERT INTO {table} (key, value) VALUES (?, ?)",
            ((f"padding-{n:05d}", "x" * 200) for n in range(rows)),
        )
        db.execute("COMMIT")
        last = page_count(db)
        busy = int(db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0])
    assert not busy, "every page is in the file, none left in the -wal"
    assert last - first > 20, "enough pages that the middle one is inside the table"
    damaged = (first + last) // 2
    with open(path, "r+b") as file:
        file.seek((damaged - 1) * PAGE)
        file.write(random.Random(29).randbytes(PAGE))
    with contextlib.closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as db:
        try:
            found = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError:
            found = ["malformed"]
    assert found != ["ok"], "quick_check sees the damage"
    return damaged
