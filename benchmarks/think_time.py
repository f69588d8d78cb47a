"""How long Mr. Cabbagehead's strong computer player thinks per decision, and with how many playouts.

    python benchmarks/think_time.py --games 20
    python benchmarks/think_time.py --games 20 --samples 16 --duel-samples 8
    python benchmarks/think_time.py --games 20 --trees /tmp/old /work/main   # side by side
    python benchmarks/think_time.py --games 20 --trees /tmp/old /work/main@16:8   # main with 16 / 8 samples

Issue 31: a faster engine should come back as more playouts in the same think time. The player's
budget is a count (`candidates x samples` playouts a decision, `duel_samples` with two players),
so the same count thinks faster on a faster engine; this measures the time per strong decision,
solo and duel, over seeded games, so a tree's samples can be chosen to fill the time an earlier
tree took. With `--trees`, each tree is measured in its own process, the trees alternating game
by game batch, so both see the same machine. Prints `ms per strong decision <tree> solo|duel: N`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def measure(
    players: int, games: int, seed: int, samples: int | None, duel_samples: int | None
) -> list[float]:
    """Seconds per strong decision over `games` seeded games of `players` strong players."""
    from engine.ai import decision_for, make_player, move_seed
    from engine.registry import get_game
    from engine.rng import Rng

    game = get_game("cabbagehead")
    options = game.options_model()
    times: list[float] = []
    for index in range(games):
        state = game.create(options, players, seed + index)
        bots = [make_player("cabbagehead", "strong") for _ in range(players)]
        for bot in bots:
            if samples is not None:
                bot.samples = samples  # type: ignore[attr-defined]
            if duel_samples is not None:
                bot.duel_samples = duel_samples  # type: ignore[attr-defined]
        moves = 0
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            decision = decision_for(game, state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(decision, Rng.from_seed(move_seed(seed + index, moves, seat)))
            if len(decision.legal) > 1:
                times.append(time.perf_counter() - started)
            game.apply(state, seat, action)
            moves += 1
    return times


def child(args: argparse.Namespace) -> None:
    """Measure in this process (this tree is first on sys.path) and print JSON."""
    sys.path.insert(0, str(Path(args.tree).resolve()))
    found = {
        "solo": measure(1, args.games, args.seed, args.samples, args.duel_samples),
        "duel": measure(2, max(1, args.games // 4), args.seed, args.samples, args.duel_samples),
    }
    print(json.dumps(found))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20, help="solo games per batch (duels: a quarter)")
    parser.add_argument("--batches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--duel-samples", type=int, default=None)
    parser.add_argument("--trees", nargs="*", default=[str(ROOT)])
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tree:
        child(args)
        return
    found: dict[str, dict[str, list[float]]] = {tree: {"solo": [], "duel": []} for tree in args.trees}
    for batch in range(args.batches):
        for tree in args.trees:
            path, _, budget = tree.partition("@")  # "tree@samples:duel_samples": that tree's budget
            samples, _, duel_samples = budget.partition(":")
            samples = samples or (str(args.samples) if args.samples is not None else "")
            duel_samples = duel_samples or (str(args.duel_samples) if args.duel_samples is not None else "")
            command = [sys.executable, __file__, "--tree", path, "--games", str(args.games)]
            command += ["--seed", str(args.seed + batch * 1000)]
            if samples:
                command += ["--samples", samples]
            if duel_samples:
                command += ["--duel-samples", duel_samples]
            env = {**os.environ, "PYTHONPATH": path}
            out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
            result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
            for kind in ("solo", "duel"):
                found[tree][kind] += result[kind]
    for tree in args.trees:
        for kind in ("solo", "duel"):
            times = found[tree][kind]
            mean = statistics.fmean(times) * 1000
            p95 = sorted(times)[int(0.95 * len(times))] * 1000
            print(f"ms per strong decision {tree} {kind}: {mean:.1f} (p95 {p95:.1f}, {len(times)} decisions)")


if __name__ == "__main__":
    main()
