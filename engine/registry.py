"""Every game the bot can host, by name.

A game joins by being a module or package directly under `engine` that exposes `GAME` (its game
object): nothing else to register. `GAME.menu_position` orders the menus (games without one come
last, by name). The conformance suite in `tests/engine/test_conformance.py` then plays it too.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import engine
from engine.api import AnyGame


def _discover() -> list[AnyGame]:
    games: list[AnyGame] = []
    for module_info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"engine.{module_info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            games.append(game)
    return sorted(games, key=lambda g: (getattr(g, "menu_position", 1_000), g.name))


@cache
def all_games() -> dict[str, AnyGame]:
    """Registered games by `Game.name`, in menu order."""
    games: dict[str, AnyGame] = {}
    for game in _discover():
        if game.name in games:
            raise RuntimeError(f"two games are named {game.name!r}")
        games[game.name] = game
    return games


def get_game(name: str) -> AnyGame:
    """The game called `name`; KeyError with the known names if there is none."""
    games = all_games()
    if name not in games:
        raise KeyError(f"no game named {name!r}; known: {', '.join(sorted(games))}")
    return games[name]
