"""Seeded sample games for the snapshot script, the speed benchmark and the tests.

Moves are chosen by the engine's own seeded generator, so the same arguments always give the same
state; Garden Sabotage skips "End turn" while other moves remain, so gardens fill up. Garden Party's
random moves would hardly grow a flower, so its samples are played by its Medium computer players
(seeded too: same arguments, same state, for the same engine).
"""

from __future__ import annotations

from typing import Any

from engine.ai import Strength, choose_move
from engine.registry import get_game
from engine.rng import Rng

#: Games whose samples the engine's computer players play, and at which strength.
PLAYED_BY: dict[str, Strength] = {"garden_party": "greedy"}


def played(game_name: str, seats: int, seed: int, moves: int, **options: Any) -> tuple[Any, Any]:
    """(game, state) after up to `moves` seeded moves from a new game with `options`."""
    game = get_game(game_name)
    state = game.create(game.options_model(**options), seats, seed)
    chooser = Rng.from_seed(seed)
    for made in range(moves):
        if game.is_terminal(state):
            break
        seat = game.to_move(state)[0]
        if game_name in PLAYED_BY:
            game.apply(state, seat, choose_move(game, state, seat, PLAYED_BY[game_name], seed * 1000 + made))
            continue
        actions = list(game.legal_actions(state, seat))
        keep = [a for a in actions if a.label != "End turn"] or actions
        game.apply(state, seat, chooser.choice(keep))
    return game, state


#: (label, game, seats, seed, moves, options): early, busy and finished games of every game with
#: pictures, for the picture checks (every text's contrast and size, cards that never overlap).
POSITIONS: tuple[tuple[str, str, int, int, int, dict[str, Any]], ...] = (
    ("cabbagehead solo early", "cabbagehead", 1, 3, 4, {}),
    ("cabbagehead solo late", "cabbagehead", 1, 2, 14, {"grasshoppers": True, "eudora": True}),
    ("cabbagehead solo finished", "cabbagehead", 1, 2, 400, {"grasshoppers": True, "eudora": True}),
    ("cabbagehead duo", "cabbagehead", 2, 3, 31, {"grasshoppers": True, "neighbour_set": "random"}),
    ("cabbagehead duo floating plots", "cabbagehead", 2, 11, 3, {"grasshoppers": True}),
    ("cabbagehead duo finished", "cabbagehead", 2, 4, 400, {"grasshoppers": True, "neighbour_set": "random"}),
    ("sabotage four", "sabotage", 4, 5, 150, {"bird_variant": True}),
    ("sabotage three", "sabotage", 3, 4, 40, {}),
    ("sabotage busy", "sabotage", 4, 9, 260, {"bird_variant": True}),
    ("sabotage finished", "sabotage", 4, 9, 2000, {"bird_variant": True}),
    ("sabotage duo finished", "sabotage", 2, 1, 2000, {}),
    ("garden party choosing gardeners", "garden_party", 4, 3, 1, {}),
    ("garden party three", "garden_party", 3, 2, 130, {}),
    ("garden party six", "garden_party", 6, 2, 600, {}),
    ("garden party five", "garden_party", 5, 4, 150, {}),
    ("garden party three finished", "garden_party", 3, 1, 2000, {}),
    ("garden party four closed finished", "garden_party", 4, 5, 2000, {"season_rounds": 3}),
)
