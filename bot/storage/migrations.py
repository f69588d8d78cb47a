"""The database schema as an ordered list of forward-only migrations.

SQLite's `PRAGMA user_version` (PostgreSQL's `schema_version` table) holds how many migrations a
database has applied; opening a database applies the missing ones in order, each in its own
transaction. The scripts are written once, in SQLite's words; `statements_for` gives PostgreSQL's.
Never edit a released migration: append a new one, so every existing database reaches the same
schema.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.database import Database

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
    # 5: results that last (issue 18). `results` holds one row per game that started and ended
    # (finished, abandoned or cancelled), written with the move or close that ended it; the seats,
    # their points, breakdowns and places are JSON. `result_players` repeats each person's seat as a
    # row, for /stats and the solo best gardens, with indexes for those queries. `ratings` holds one
    # openskill rating per server, game and person, and `rating_changes` what each rated game did to
    # them. Older games keep their rows in `games` untouched: they simply have no result row.
    """
    CREATE TABLE results (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        option_set TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('finished', 'cancelled')),
        outcome TEXT NOT NULL,
        end_reason TEXT,
        seats TEXT NOT NULL,
        winners TEXT NOT NULL,
        summary TEXT,
        solo INTEGER NOT NULL,
        started_at REAL NOT NULL,
        finished_at REAL NOT NULL,
        moves INTEGER NOT NULL,
        timeouts INTEGER NOT NULL,
        taken_over INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        unrated_reason TEXT
    );
    CREATE INDEX results_by_server ON results (guild_id, game, finished_at);
    CREATE TABLE result_players (
        game_id INTEGER NOT NULL REFERENCES results (game_id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        option_set TEXT NOT NULL,
        solo INTEGER NOT NULL,
        counted INTEGER NOT NULL,
        points INTEGER,
        place INTEGER,
        won INTEGER NOT NULL,
        award TEXT,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX result_players_by_user ON result_players (guild_id, user_id, game, finished_at);
    CREATE INDEX result_players_best_gardens ON result_players (guild_id, game, option_set, points)
        WHERE solo = 1 AND counted = 1;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        ordinal REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_leaderboard ON ratings (guild_id, game, ordinal);
    CREATE TABLE rating_changes (
        game_id INTEGER NOT NULL REFERENCES results (game_id),
        user_id INTEGER NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu_after REAL NOT NULL,
        sigma_after REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
    # 6: the daily garden (issue 18): a daily game's UTC day, and whether it is its player's scored
    # attempt of that day (the first) or practice. Other games keep NULL and 0.
    """
    ALTER TABLE games ADD COLUMN daily TEXT;
    ALTER TABLE games ADD COLUMN daily_scored INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_daily ON games (guild_id, daily, host_id) WHERE daily IS NOT NULL
    """,
    # 7: a practice daily garden counts nowhere (issue 18): its result says so (`practice`), and its
    # person's row is not `counted` (not in /stats, not among the best gardens). Those stored
    # before were counted like any solo game: they are uncounted now.
    """
    ALTER TABLE results ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    UPDATE results SET practice = 1, unrated_reason = 'a practice daily garden counts nowhere'
        WHERE game_id IN (SELECT id FROM games WHERE daily IS NOT NULL AND daily_scored = 0);
    UPDATE result_players SET counted = 0
        WHERE game_id IN (SELECT id FROM games WHERE daily IS NOT NULL AND daily_scored = 0)
    """,
    # 8: one scored daily garden per player, server and day, held by a unique index. Two started
    # at once could both be scored before: the first keeps its score, the others become practice.
    """
    UPDATE games SET daily_scored = 0 WHERE daily_scored = 1 AND id NOT IN (
        SELECT MIN(id) FROM games WHERE daily_scored = 1 GROUP BY guild_id, daily, host_id);
    UPDATE results SET practice = 1, unrated_reason = 'a practice daily garden counts nowhere'
        WHERE practice = 0 AND game_id IN (SELECT id FROM games WHERE daily IS NOT NULL AND daily_scored = 0);
    UPDATE result_players SET counted = 0
        WHERE game_id IN (SELECT id FROM games WHERE daily IS NOT NULL AND daily_scored = 0);
    CREATE UNIQUE INDEX games_one_scored_daily ON games (guild_id, daily, host_id) WHERE daily_scored = 1
    """,
    # 9: the language a game's public messages are written in (issue 32), chosen when it opens
    # (the server's setting, else its preferred locale). Games stored before keep NULL: English.
    """
    ALTER TABLE games ADD COLUMN language TEXT
    """,
    # 10: a move's events may be stored without their written lines, as their templates (issue
    # 31; `engine.api.events_json`). No table changes: the version is raised so that a Garden Club
    # from before, which cannot read such events, refuses the database instead of misreading it.
    "",
    # 11: the version a game's announcement told, so that a restart after its post but before
    # the move was marked shown does not post it again (NULL: stored before, not known).
    """
    ALTER TABLE notices ADD COLUMN version INTEGER
    """,
]


def statements_for(dialect: str, script: str) -> list[str]:
    """A migration's statements as `dialect` ("sqlite" or "postgresql") writes them. The scripts
    are SQLite's; PostgreSQL reads the same with its own names for three column types: 64-bit
    integers (Discord's ids need them), double-precision reals, and an identity key for
    `AUTOINCREMENT`."""
    statements = [s.strip() for s in script.split(";") if s.strip()]
    if dialect == "sqlite":
        return statements
    return [_postgres(statement) for statement in statements]


def _postgres(statement: str) -> str:
    statement = statement.replace(
        "INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
    )
    statement = re.sub(r"\bINTEGER\b", "BIGINT", statement)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)


async def migrate(db: Database, migrations: list[str] | None = None) -> int:
    """Apply the missing migrations in order, each in its own transaction; return the schema
    version reached. A database newer than this code (a downgrade) is refused rather than
    silently misread."""
    steps = MIGRATIONS if migrations is None else migrations
    current = await db.schema_version()
    if current > len(steps):
        raise RuntimeError(
            f"the database has schema version {current}, newer than this Garden Club ({len(steps)}); "
            "run a newer version of the bot"
        )
    for number, script in enumerate(steps[current:], start=current + 1):
        await db.apply_migration(number, statements_for(db.dialect, script))
    return len(steps)
