"""Everything the bot keeps: games, their action logs, turn notices, small settings (SQLite, WAL)."""

from bot.storage.records import ActionRecord, GameRecord, GameStatus, SeatRecord
from bot.storage.store import ChannelBusy, StaleVersion, Store

__all__ = ["ActionRecord", "ChannelBusy", "GameRecord", "GameStatus", "SeatRecord", "StaleVersion", "Store"]
