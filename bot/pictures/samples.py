"""Seeded sample games for the snapshot script, the speed benchmark and the tests.

Moves are chosen by the engine's own seeded generator, so the same arguments always give the same
state; Garden Sabotage skips "End turn" while other moves remain, so gardens fill up.
"""

from __future__ import annotations

from typing import Any

from engine.registry import get_game
from engine.rng import Rng


def played(game_name: str, seats: int, seed: int, moves: int, **options: Any) -> tuple[Any, Any]:
    """(game, state) after up to `moves` seeded moves from a new game with `options`."""
    game = get_game(game_name)
    state = game.create(game.options_model(**options), seats, seed)
    chooser = Rng.from_seed(seed)
    for _ in range(moves):
        if game.is_terminal(state):
            break
        seat = game.to_move(state)[0]
        actions = list(game.legal_actions(state, seat))
        keep = [a for a in actions if a.label != "End turn"] or actions
        game.apply(state, seat, chooser.choice(keep))
    return game, state
