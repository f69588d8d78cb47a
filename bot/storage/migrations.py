"""The database schema as an ordered list of forward-only migrations.

`PRAGMA user_version` holds how many migrations a database has applied; opening a database applies
the missing ones in order, each in its own transaction. Never edit a released migration: append a
new one, so every existing database reaches the same schema.
"""

from __future__ import annotations

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: games, their action logs, the turn notices to clean up, and small key/value settings.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL DEFAULT '[]',
        min_seats INTEGER NOT NULL,
        max_seats INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        host_id INTEGER NOT NULL,
        lobby_message_id INTEGER,
        board_message_id INTEGER,
        board_posted_at REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        lobby_expires_at REAL,
        end_reason TEXT
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_lobby_expiry ON games (lobby_expires_at) WHERE status = 'lobby';
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    CREATE TABLE notices (
        message_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games (id),
        created_at REAL NOT NULL
    );
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: the last version whose board, notice and final scores reached Discord, so a restart
    # can finish publishing a move that was stored just before a crash. Existing games count as
    # published.
    """
    ALTER TABLE games ADD COLUMN published_version INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET published_version = version
    """,
    # 3: a game's announcement (its latest message about what happened) is tracked with its turn
    # notices, so the channel keeps one at a time, across restarts too.
    """
    ALTER TABLE notices ADD COLUMN kind TEXT NOT NULL DEFAULT 'turn'
    """,
    # 4: clocks. A game's clock and the computer strength that plays a turn whose time ran out;
    # when it was paused, who agreed to pause, and its last human move (for abandoned games).
    # `deadlines` holds every timed thing (a seat's turn with its reminders, a pause's end, the
    # abandoned-game check), one row each; the bot sleeps until the earliest. Per server and per
    # user settings are small JSON documents.
    """
    ALTER TABLE games ADD COLUMN clock TEXT;
    ALTER TABLE games ADD COLUMN stand_in TEXT;
    ALTER TABLE games ADD COLUMN paused_at REAL;
    ALTER TABLE games ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE games ADD COLUMN last_human_move_at REAL;
    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games (id),
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL DEFAULT -1,
        due REAL NOT NULL,
        started REAL NOT NULL,
        seconds REAL NOT NULL,
        step INTEGER NOT NULL DEFAULT 0,
        paused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind, seat)
    );
    CREATE INDEX deadlines_by_due ON deadlines (due) WHERE paused = 0;
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL
    );
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL
    )
    """,
]


async def schema_version(db: aiosqlite.Connection) -> int:
    """How many migrations `db` has applied."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, migrations: list[str] | None = None) -> int:
    """Apply the missing migrations in order; return the schema version reached.

    A database newer than this code (a downgrade) is refused rather than silently misread.
    """
    steps = MIGRATIONS if migrations is None else migrations
    current = await schema_version(db)
    if current > len(steps):
        raise RuntimeError(
            f"the database has schema version {current}, newer than this Garden Club ({len(steps)}); "
            "run a newer version of the bot"
        )
    for number, script in enumerate(steps[current:], start=current + 1):
        statements = [s.strip() for s in script.split(";") if s.strip()]
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            await db.rollback()
            raise
        await db.commit()
    return len(steps)
