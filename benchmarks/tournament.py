"""Seeded matches between computer-player strengths, on every core.

    python benchmarks/tournament.py --game sabotage --players 2 --games 200
    python benchmarks/tournament.py --game cabbagehead --players 1 --games 1000

Multi-player games: for each pairing (strong vs random, strong vs greedy, greedy vs random) it
plays `--games` games with one seat of the first strength and every other seat of the second;
the first strength's seat moves round the table from game to game (with two players the seats
alternate). It prints each pairing's win rate with a 95% Wilson interval (a shared win is not
a win; shared wins are counted separately) and ends with one `win% A vs B: N` line per pairing.

Solo Cabbagehead: `--games` games per strength (the same seeds for every strength); prints the
score distribution and ribbons and ends with `mean score <strength>: N` and
`blue ribbons <strength>: N` for each strength.

Every computer move is timed; `p95 ms strong move <game>: N` is the 95th percentile of the
strong player's move times. Game i uses seed `--seed + i`; each move's player seed comes from
`engine.ai.move_seed`, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import STRENGTHS, decision_for, make_player, move_seed
from engine.registry import get_game
from engine.rng import Rng

PAIRINGS = (("strong", "random"), ("strong", "greedy"), ("greedy", "random"))


def play_game(task: tuple[str, str, int, int, list[str]]) -> dict[str, Any]:
    """One seeded game; `strengths[seat]` plays each seat. Returns scores, winners, move times."""
    game_name, options_json, players, seed, strengths = task
    game = get_game(game_name)
    options = game.options_model.model_validate_json(options_json)
    state = game.create(options, players, seed)
    bots = [make_player(game_name, s) for s in strengths]  # type: ignore[arg-type]
    times: dict[str, list[float]] = {}
    moves = 0
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        decision = decision_for(game, state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(decision, Rng.from_seed(move_seed(seed, moves, seat)))
        times.setdefault(strengths[seat], []).append(time.perf_counter() - started)
        game.apply(state, seat, action)
        moves += 1
    result = game.result(state)
    return {
        "strengths": strengths,
        "scores": [s.total for s in result.seats],
        "awards": [s.award for s in result.seats],
        "winners": result.winners,
        "times": times,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (good near 0% and 100%, unlike p +- 2 SE)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(tasks: list[Any], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play_game(t) for t in tasks]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(play_game, tasks, chunksize=4))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help='game options as JSON: {"grasshoppers": true}')
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    game = get_game(args.game)
    options_json = game.options_model.model_validate(json.loads(args.options)).model_dump_json()
    started = time.perf_counter()
    print(
        f"{game.title}, {args.players} player(s), {args.games} games per line, options {options_json}, "
        f"{args.workers} worker(s)"
    )
    move_times: list[float] = []
    final: list[str] = []
    if args.players == 1:
        finals_mean, finals_blue = [], []
        for strength in STRENGTHS:
            tasks = [(args.game, options_json, 1, args.seed + i, [strength]) for i in range(args.games)]
            results = run(tasks, args.workers)
            scores = [r["scores"][0] for r in results]
            ribbons = Counter(r["awards"][0] or "no ribbon" for r in results)
            if strength == "strong":
                move_times = [t for r in results for t in r["times"].get("strong", [])]
            mean = sum(scores) / len(scores)
            sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1))
            half = 1.96 * sd / math.sqrt(len(scores))
            order = ["Blue Ribbon", "Red Ribbon", "Yellow Ribbon", "White Ribbon", "no ribbon"]
            shown = ", ".join(f"{name} {ribbons[name]}" for name in order)
            print(
                f"{strength:>6}: mean {mean:.1f} (95% CI {mean - half:.1f}-{mean + half:.1f}), "
                f"min {min(scores)}, max {max(scores)}; {shown}"
            )
            finals_mean.append(f"mean score {strength}: {mean:.1f}")
            finals_blue.append(f"blue ribbons {strength}: {ribbons['Blue Ribbon']}")
        final = finals_mean + finals_blue
    else:
        for first, second in PAIRINGS:
            tasks = []
            for i in range(args.games):
                strengths = [second] * args.players
                strengths[i % args.players] = first
                tasks.append((args.game, options_json, args.players, args.seed + i, strengths))
            results = run(tasks, args.workers)
            wins = shared = 0
            for r, task in zip(results, tasks, strict=True):
                seat = task[4].index(first)
                if seat in r["winners"]:
                    if len(r["winners"]) == 1:
                        wins += 1
                    else:
                        shared += 1
                if first == "strong":
                    move_times += r["times"].get("strong", [])
            low, high = wilson(wins, len(results))
            rate = 100 * wins / len(results)
            print(
                f"{first} vs {second}: {first} wins {wins}/{len(results)} = {rate:.1f}% "
                f"(95% Wilson CI {100 * low:.1f}-{100 * high:.1f}%), shared wins {shared}"
            )
            final.append(f"win% {first} vs {second}: {rate:.1f}")
    elapsed = time.perf_counter() - started
    mean_ms = 1000 * sum(move_times) / max(1, len(move_times))
    print(
        f"strong moves timed: {len(move_times)}, mean {mean_ms:.1f} ms, "
        f"max {1000 * max(move_times, default=0):.1f} ms"
    )
    print(f"took {elapsed:.1f} s on {args.workers} worker(s)")
    print(f"p95 ms strong move {args.game}: {1000 * percentile(move_times, 0.95):.1f}")
    for line in final:
        print(line)


if __name__ == "__main__":
    main()
