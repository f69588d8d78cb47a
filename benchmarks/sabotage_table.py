"""What drawing Garden Sabotage costs the bot per move, without Discord: the public board text,
the mover's hand text and the layout of their choices (the work a click adds to the platform's).

    python benchmarks/sabotage_table.py --players 4 --seconds 5

Plays random legal games (house plants asked, Bird variant) and, at every position, renders the
board from the spectator view, the hand of the seat to move, and plans its first page of choices.
Prints `positions/s: N`, `board ms: N`, `hand ms: N`, `choices ms: N` (mean per position).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.presenters.sabotage import PRESENTER
from bot.ui.choices import plan_page
from engine.api import action_label, action_steps
from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageOptions

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    options = SabotageOptions(ask_house_plants=True, bird_variant=True)
    positions = 0
    spent = {"board": 0.0, "hand": 0.0, "choices": 0.0}
    deadline = time.perf_counter() + args.seconds
    seed = args.seed
    while time.perf_counter() < deadline:
        state = GAME.create(options, args.players, seed)
        seed += 1
        while not GAME.is_terminal(state) and time.perf_counter() < deadline:
            seat = GAME.to_move(state)[0]
            t0 = time.perf_counter()
            PRESENTER.board_text(GAME.view(state, None), NAMES)
            t1 = time.perf_counter()
            PRESENTER.hand_text(GAME.view(state, seat), seat, NAMES)
            t2 = time.perf_counter()
            actions = GAME.legal_actions(state, seat)
            labels = [action_label(a, NAMES) for a in actions]
            steps = [action_steps(a, NAMES) for a in actions]
            plan_page(labels, steps, "p0", PRESENTER.flat_limit)
            t3 = time.perf_counter()
            spent["board"] += t1 - t0
            spent["hand"] += t2 - t1
            spent["choices"] += t3 - t2
            positions += 1
            GAME.apply(state, seat, rng.choice(list(actions)))
    total = sum(spent.values())
    print(f"players: {args.players}")
    print(f"positions/s: {positions / total:.0f}")
    for key, value in spent.items():
        print(f"{key} ms: {1000 * value / positions:.3f}")


if __name__ == "__main__":
    main()
