"""How long one board picture takes to draw and encode, per board kind.

    .venv/bin/python benchmarks/render_speed.py [--states 40]

For each kind a seeded game is played on, and every successive state is drawn once (drawing +
PNG encoding + alt text, exactly `render_board` / `render_hand`), as a running bot would after
each move; the picture cache is not involved, the card-art caches are (warm after the first
state, as in a running bot). The first drawing of the process (fonts and art still cold) is
printed separately, and each kind's median CPU time too (what the drawing costs whatever else
runs on the machine). The output ends with one line per kind: `median ms <kind>: N` (wall clock).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.picture_service.drawing import render_board, render_hand
from engine.registry import get_game
from engine.rng import Rng

NAMES = ["Ann", "Bob", "Cleo", "Dev"]

#: kind -> (game, seats, seed, options, moves played before measuring, draws the hand picture?)
KINDS: dict[str, tuple[str, int, int, dict[str, Any], int, bool]] = {
    "cabbagehead-solo-board": ("cabbagehead", 1, 7, {"grasshoppers": True, "eudora": True}, 2, False),
    "cabbagehead-two-player-board": (
        "cabbagehead",
        2,
        3,
        {"grasshoppers": True, "neighbour_set": "random"},
        4,
        False,
    ),
    "cabbagehead-hand": ("cabbagehead", 2, 3, {"grasshoppers": True}, 4, True),
    "sabotage-board": ("sabotage", 4, 5, {"bird_variant": True}, 60, False),
    "sabotage-hand": ("sabotage", 4, 5, {"bird_variant": True}, 60, True),
}


def states(
    game_name: str, seats: int, seed: int, options: dict[str, Any], skip: int, count: int
) -> list[Any]:
    """`count` successive (state copy, seat to move) pairs, each game from its `skip`th move on
    (a game that ends early is followed by the next seed's)."""
    game = get_game(game_name)
    out: list[Any] = []
    while len(out) < count:
        out += _one_game(game, seats, seed, options, skip, count - len(out))
        seed += 1
    return out


def _one_game(game: Any, seats: int, seed: int, options: dict[str, Any], skip: int, count: int) -> list[Any]:
    state = game.create(game.options_model(**options), seats, seed)
    chooser = Rng.from_seed(seed)
    out = []
    moves = 0
    while len(out) < count and not game.is_terminal(state):
        seat = game.to_move(state)[0]
        if moves >= skip:
            out.append((state.model_copy(deep=True), seat))
        actions = list(game.legal_actions(state, seat))
        keep = [a for a in actions if a.label != "End turn"] or actions
        game.apply(state, seat, chooser.choice(keep))
        moves += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--states", type=int, default=40, help="states drawn per kind")
    args = parser.parse_args()
    medians: dict[str, float] = {}
    first = True
    for kind, (game_name, seats, seed, options, skip, hand) in KINDS.items():
        game = get_game(game_name)
        timings = []
        cpu = []
        sizes = []
        for state, seat in states(game_name, seats, seed, options, skip, args.states):
            start = time.perf_counter()
            start_cpu = time.process_time()
            if hand:
                image = render_hand(game_name, game.view(state, seat), seat, NAMES[:seats])
            else:
                image = render_board(game_name, game.view(state, None), NAMES[:seats])
            took = (time.perf_counter() - start) * 1000
            took_cpu = (time.process_time() - start_cpu) * 1000
            if first:
                print(f"first drawing of the process (cold caches): {took:.1f} ms")
                first = False
                continue
            timings.append(took)
            cpu.append(took_cpu)
            sizes.append(len(image.png))
        medians[kind] = statistics.median(timings)
        print(
            f"{kind}: {len(timings)} states, median {medians[kind]:.1f} ms "
            f"(CPU {statistics.median(cpu):.1f} ms), max {max(timings):.1f} ms, "
            f"PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB"
        )
    for kind, median in medians.items():
        print(f"median ms {kind}: {median:.1f}")


if __name__ == "__main__":
    main()
