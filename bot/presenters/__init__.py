"""How each game looks in Discord: one module per game, with a `Presenter` (see `base.py`).

Presenters are registered with their game's entry in `bot.game.registry`.
"""

from bot.presenters.base import OpenLobby, Presenter

__all__ = ["OpenLobby", "Presenter"]
