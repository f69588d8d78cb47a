"""Presenters by game name: each game the bot offers adds one module here (and one line below)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.presenters.base import OpenLobby, Presenter
from engine.registry import all_games

__all__ = ["OpenLobby", "Presenter", "all_presenters", "get_presenter"]

#: game name -> module holding its `PRESENTER`; the order is the order `/play` and `/rules` list games.
#: A presenter is loaded only when its game is registered in `engine.registry`.
_PRESENTER_MODULES: dict[str, str] = {
    "cabbagehead": "bot.presenters.cabbagehead",
    "sabotage": "bot.presenters.sabotage",
    "secret_number": "bot.presenters.secret_number",
}


@cache
def all_presenters() -> dict[str, Presenter]:
    """Presenters of every registered game (a game without a presenter cannot be offered)."""
    registered = all_games()
    found: dict[str, Presenter] = {}
    for game_name, module_name in _PRESENTER_MODULES.items():
        if game_name in registered:
            presenter: Presenter = importlib.import_module(module_name).PRESENTER
            found[presenter.game_name] = presenter
    return found


def get_presenter(game_name: str) -> Presenter:
    return all_presenters()[game_name]
