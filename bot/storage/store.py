"""`Store`, everything the bot keeps in SQLite, made of one part per kind of thing it keeps.

`StoreBase` (connection.py) holds the one aiosqlite connection, in WAL mode with explicit
transactions, migrated on open; `Games` (games.py), `Moves` (moves.py), `PublishedMarks`
(published.py), `Notices` (notices.py), `Meta` (meta.py), `Deadlines` (deadlines.py),
`Preferences` (preferences.py), `Results` (results.py: results and ratings) and `Standings`
(standings.py: what /stats and /leaderboard read) and `History` (history.py: what /history
lists) each add the methods for their tables.
The exceptions (errors.py) and `PUBLISHED_FLUSH_SECONDS` are re-exported here, where they always were.
"""

from __future__ import annotations

from bot.storage.connection import PUBLISHED_FLUSH_SECONDS, Clock
from bot.storage.deadlines import Deadlines
from bot.storage.errors import ChannelBusy, StaleVersion
from bot.storage.games import Games
from bot.storage.history import History
from bot.storage.meta import Meta
from bot.storage.moves import Moves
from bot.storage.notices import Notices
from bot.storage.preferences import Preferences
from bot.storage.published import PublishedMarks
from bot.storage.results import Results
from bot.storage.standings import Standings

__all__ = ["PUBLISHED_FLUSH_SECONDS", "ChannelBusy", "Clock", "StaleVersion", "Store"]


class Store(Games, Moves, PublishedMarks, Notices, Meta, Deadlines, Preferences, Results, Standings, History):
    """Async access to the games database. Open with `await Store.open(path)`; close when done."""
