"""The engine beside a bare Python loop of the same game, in one run (issue 31).

    python benchmarks/engine_vs_bare.py [--seconds 10] [--slice 0.05]

Plays random solo games of Mr. Cabbagehead's Garden (default options) through the engine's public
interface (`legal_actions`, `apply`, `to_move`, `result`, as `engine_speed.py` does) and through
`bare_cabbagehead.py`. The two take turns in slices of `--slice` seconds for `--seconds` in all,
so both see the same machine however busy it is (a shared machine's speed drifts by a fifth
within a minute). Both choose uniformly among the legal choices with Python's `random`. Prints
decisions per second for each, the engine's share of the bare loop's speed (the issue's target:
at least 0.25) over each fifth of the run, and the mean final score of each, which must agree
within noise: the two play the same game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bare_cabbagehead  # noqa: E402
from engine.registry import get_game  # noqa: E402

GAME = get_game("cabbagehead")
OPTIONS = GAME.options_model()


def engine_game(chooser: random.Random) -> tuple[int, int]:
    """One random game through the engine: (decisions, final score)."""
    state = GAME.create(OPTIONS, 1, chooser.getrandbits(32))
    decisions = 0
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, actions[chooser.randrange(len(actions))])
        decisions += 1
    return decisions, GAME.result(state).seats[0].total


class Side:
    """One contender's running totals."""

    def __init__(self, play: Callable[[random.Random], tuple[int, int]], seed: int) -> None:
        self.play = play
        self.chooser = random.Random(seed)
        self.decisions = 0
        self.seconds = 0.0
        self.scores: list[int] = []

    def run_for(self, seconds: float) -> None:
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            made, points = self.play(self.chooser)
            self.decisions += made
            self.scores.append(points)
        self.seconds += time.perf_counter() - start

    def speed(self) -> float:
        return self.decisions / self.seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--slice", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine, bare = Side(engine_game, args.seed), Side(bare_cabbagehead.play, args.seed)
    engine.run_for(0.2)  # warm-up: the deck data, caches
    engine, bare = Side(engine_game, args.seed), Side(bare_cabbagehead.play, args.seed)
    ratios = []
    for part in range(5):
        before = (engine.decisions, engine.seconds, bare.decisions, bare.seconds)
        for _ in range(max(1, round(args.seconds / 5 / (2 * args.slice)))):
            engine.run_for(args.slice)
            bare.run_for(args.slice)
        e_speed = (engine.decisions - before[0]) / (engine.seconds - before[1])
        b_speed = (bare.decisions - before[2]) / (bare.seconds - before[3])
        ratios.append(e_speed / b_speed)
        print(f"part {part + 1}: engine {e_speed:,.0f}/s, bare {b_speed:,.0f}/s, ratio {ratios[-1]:.3f}")
    for name, side in (("engine", engine), ("bare", bare)):
        mean = statistics.fmean(side.scores)
        spread = statistics.stdev(side.scores) / len(side.scores) ** 0.5
        print(
            f"{name}: {side.speed():,.0f} decisions/s, {len(side.scores)} games, "
            f"mean score {mean:.1f} ± {spread:.1f}"
        )
    print(
        f"engine / bare: {engine.speed() / bare.speed():.3f} "
        f"(parts {min(ratios):.3f}-{max(ratios):.3f}; target ≥ 0.25)"
    )


if __name__ == "__main__":
    main()
