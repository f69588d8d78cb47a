"""Everything the bot keeps: games, their action logs, turn notices, small settings (SQLite, WAL)."""

from bot.storage.records import ActionRecord, GameRecord, GameStatus, SeatRecord
from bot.storage.store import PUBLISHED_FLUSH_SECONDS, ChannelBusy, StaleVersion, Store

__all__ = [
    "PUBLISHED_FLUSH_SECONDS",
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "GameStatus",
    "SeatRecord",
    "StaleVersion",
    "Store",
]
