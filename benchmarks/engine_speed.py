"""Random legal games through the public engine interface, as fast as they go, on one core.

    python benchmarks/engine_speed.py --game cabbagehead --players 1 --seconds 5

A step is `legal_actions` + `apply` (plus `to_move` to know who decides). Prints `games/s: N`,
`actions/s: N`, and `rounds/game: N` where the game reports rounds (a `rounds_played(state)`
method on the game object).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import get_game
from engine.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = get_game(args.game)
    options = game.options_model()
    rounds_played = getattr(game, "rounds_played", None)
    chooser = Rng.from_seed(args.seed)
    games = actions = rounds = 0
    seed = args.seed
    start = time.perf_counter()
    deadline = start + args.seconds
    while time.perf_counter() < deadline:
        state = game.create(options, args.players, seed)
        seed += 1
        while not game.is_terminal(state):
            seat = chooser.choice(game.to_move(state))
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
            actions += 1
        game.result(state)
        games += 1
        if rounds_played is not None:
            rounds += rounds_played(state)
    elapsed = time.perf_counter() - start
    print(f"game: {game.name}, players: {args.players}, seconds: {elapsed:.2f}, games: {games}")
    print(f"games/s: {games / elapsed:.0f}")
    print(f"actions/s: {actions / elapsed:.0f}")
    if rounds_played is not None:
        print(f"rounds/game: {rounds / max(games, 1):.1f}")


if __name__ == "__main__":
    main()
