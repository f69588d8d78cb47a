"""Computer players: any seat of any game, at three strengths (random, greedy, strong).

`choose_move(game, state, seat, strength, seed)` is all the bot needs: it builds the seat's
`Decision` (view + legal actions, never the state) and asks the player. Descriptions of every
player, their evaluations and budgets: docs/ai.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.ai import cabbagehead, sabotage
from engine.ai.base import STRENGTHS, Decision, Player, RandomPlayer, Strength, decision_for, move_seed
from engine.api import AnyGame, Seat
from engine.rng import Rng


def make_player(game_name: str, strength: Strength) -> Player:
    """The computer player of `strength` for the game registered as `game_name`."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(STRENGTHS)}")
    if strength == "random":
        return RandomPlayer()
    if game_name == "sabotage":
        return sabotage.GreedyPlayer() if strength == "greedy" else sabotage.StrongPlayer()
    if game_name == "cabbagehead":
        return cabbagehead.GreedyPlayer() if strength == "greedy" else cabbagehead.StrongPlayer()
    raise ValueError(f"no {strength} computer player for {game_name!r} (only random)")


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
    "make_player",
    "move_seed",
]
