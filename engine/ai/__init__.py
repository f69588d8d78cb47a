"""Computer players: any seat of any game, at three strengths (random, greedy, strong).

`choose_move(game, state, seat, strength, seed)` is all the bot needs: it builds the seat's
`Decision` (view + legal actions, never the state) and asks the player. Descriptions of every
player, their evaluations and budgets: docs/ai.md.

A game's real players live in `engine/ai/<game>.py` or a package `engine/ai/<game>/`, which
declares `GAME_NAME` (the game's registry name) and `PLAYERS` (strength -> a function making the
player). Every module or package here that declares them is found by itself: no list to keep
here. "random" plays every game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.ai.base import STRENGTHS, Decision, Player, RandomPlayer, Strength, decision_for, move_seed
from engine.api import AnyGame, Seat
from engine.rng import Rng


@cache
def declared_players() -> dict[str, dict[Strength, Callable[[], Player]]]:
    """Every game's declared players (`GAME_NAME` -> `PLAYERS`), from this package's modules."""
    found: dict[str, dict[Strength, Callable[[], Player]]] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        game_name = getattr(module, "GAME_NAME", None)
        players = getattr(module, "PLAYERS", None)
        if game_name is None or players is None:
            continue
        if game_name in found:
            raise RuntimeError(f"two modules declare computer players for {game_name!r}")
        found[game_name] = dict(players)
    return found


def strengths_for(game_name: str) -> list[str]:
    """The strengths a table may offer for `game_name`: all three for a game with real players
    ("random", "greedy", "strong"), none for a game with only the random player (a test game)."""
    players = declared_players().get(game_name, {})
    if not all(strength in players for strength in STRENGTHS if strength != "random"):
        return []
    return list(STRENGTHS)


def make_player(game_name: str, strength: Strength) -> Player:
    """The computer player of `strength` for the game registered as `game_name`."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(STRENGTHS)}")
    if strength == "random":
        return RandomPlayer()
    make = declared_players().get(game_name, {}).get(strength)
    if make is None:
        raise ValueError(f"no {strength} computer player for {game_name!r} (only random)")
    return make()


def choose_move(game: AnyGame, state: BaseModel, seat: Seat, strength: Strength, seed: int) -> Any:
    """The action a computer player of `strength` takes for `seat` now (same seed, same choice).

    Only the seat's view and legal actions reach the player."""
    player = make_player(game.name, strength)
    return player.choose(decision_for(game, state, seat), Rng.from_seed(seed))


__all__ = [
    "STRENGTHS",
    "Decision",
    "Player",
    "RandomPlayer",
    "Strength",
    "choose_move",
    "decision_for",
    "declared_players",
    "make_player",
    "move_seed",
    "strengths_for",
]
