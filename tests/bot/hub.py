"""The session layer without Discord, for tests: sessions, lobbies and moves over one store."""

from __future__ import annotations

from typing import Any

from bot.game.sessions import Sessions
from bot.play.lobby import Lobbies
from bot.play.moves import Moves
from bot.storage import Store


class Hub:
    """What `bot.handlers.table.Table` holds below the Discord side."""

    def __init__(self, store: Store, **lobby_settings: Any) -> None:
        self.store = store
        self.sessions = Sessions(store)
        self.lobbies = Lobbies(self.sessions, **lobby_settings)
        self.moves = Moves(self.sessions)
