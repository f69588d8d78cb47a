"""Presenters by game name: each game the bot offers adds one module here (and one line below)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.presenters.base import OpenLobby, Presenter

__all__ = ["OpenLobby", "Presenter", "all_presenters", "get_presenter"]

#: module -> attribute holding its presenter; the order is the order `/play` and `/rules` list games.
_PRESENTER_MODULES: dict[str, str] = {
    "bot.presenters.secret_number": "PRESENTER",
}


@cache
def all_presenters() -> dict[str, Presenter]:
    found: dict[str, Presenter] = {}
    for module_name, attribute in _PRESENTER_MODULES.items():
        presenter: Presenter = getattr(importlib.import_module(module_name), attribute)
        found[presenter.game_name] = presenter
    return found


def get_presenter(game_name: str) -> Presenter:
    return all_presenters()[game_name]
