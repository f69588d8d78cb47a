"""Everything the bot keeps: games, their action logs, notices, deadlines, settings (SQLite, WAL)."""

from bot.storage.records import (
    ActionRecord,
    DeadlineRecord,
    GameRecord,
    GameStatus,
    Outcome,
    RatingChange,
    ResultRecord,
    ResultSeat,
    SeatRecord,
)
from bot.storage.store import PUBLISHED_FLUSH_SECONDS, ChannelBusy, StaleVersion, Store

__all__ = [
    "PUBLISHED_FLUSH_SECONDS",
    "ActionRecord",
    "ChannelBusy",
    "DeadlineRecord",
    "GameRecord",
    "GameStatus",
    "Outcome",
    "RatingChange",
    "ResultRecord",
    "ResultSeat",
    "SeatRecord",
    "StaleVersion",
    "Store",
]
