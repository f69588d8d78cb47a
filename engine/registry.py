"""Every game the bot can host, by name.

A game joins by adding its module to `_GAME_MODULES`; the conformance suite in
`tests/engine/test_conformance.py` then plays it too.
"""

from __future__ import annotations

import importlib
from functools import cache

from engine.api import AnyGame

#: module path -> attribute holding the game object. Order is the order menus list games in.
_GAME_MODULES: dict[str, str] = {
    "engine.secret_number": "GAME",
    "engine.cabbagehead": "GAME",
    "engine.sabotage": "GAME",
}


@cache
def all_games() -> dict[str, AnyGame]:
    """Registered games by `Game.name`."""
    games: dict[str, AnyGame] = {}
    for module_name, attribute in _GAME_MODULES.items():
        game: AnyGame = getattr(importlib.import_module(module_name), attribute)
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
