"""The engine's work per game version that the bot asks for on every move, counted (issue 31).

    python benchmarks/engine_per_version.py [--game cabbagehead]

Plays seeded random games (the game's fewest and most seats, seeds 1 and 2, default options) and
keeps every position with the move then made. Then, after one other game played through every
part (as by a bot that has played before), each part of what the bot asks of a new version runs
once over all positions, as the bot's `Position` asks it: the legal actions of the seat to move,
their labels and picker steps, the spectator's view and a seat's copy of it, the move applied
with its events dumped, and the state dumped. Each part runs under valgrind's callgrind, which
counts the instructions it executes (the same code gives the same count on a busy machine);
prints instructions per version for each part. Needs valgrind.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.api import copy_state, dump_state  # noqa: E402
from engine.registry import get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402

#: The C function each part runs inside: callgrind counts only while in it and writes a count
#: file when it returns (the engine never calls it).
MARKER = "functools_reduce"
#: The parts, in the order they run.
PARTS = ("legal actions", "labels and steps", "view", "apply and events", "state dumped")


def parts(name: str) -> tuple[int, list[Callable[[], None]]]:
    """The number of positions, and each part (`PARTS`) as a function over all of them."""
    game = get_game(name)
    positions: list[tuple[Any, int, Any]] = []
    for seats in sorted({game.min_seats, game.max_seats}):
        for seed in (1, 2):
            state = game.create(game.options_model(), seats, seed)
            chooser = Rng.from_seed(seed)
            while not game.is_terminal(state):
                seat = chooser.choice(game.to_move(state))
                action = chooser.choice(list(game.legal_actions(state, seat)))
                positions.append((copy_state(game, state), seat, action))
                game.apply(state, seat, action)
    copies = [copy_state(game, state) for state, _, _ in positions]
    actions: list[list[Any]] = []

    def legal() -> None:
        actions[:] = [list(game.legal_actions(state, seat)) for state, seat, _ in positions]

    def labels() -> None:
        for offered in actions:
            [a.label for a in offered]
            [tuple(a.steps) for a in offered]

    def view() -> None:
        for state, seat, _ in positions:
            game.view(state, None).model_copy(update={"viewer": seat})

    def apply() -> None:
        for (_, seat, action), state in zip(positions, copies, strict=True):
            [event.model_dump(mode="json") for event in game.apply(state, seat, action)]

    def dump() -> None:
        for state, _, _ in positions:
            dump_state(state)

    return len(positions), [legal, labels, view, apply, dump]


def run_parts(name: str) -> None:
    """Inside valgrind: each part once, inside `MARKER`."""
    count, made = parts(name)
    print(count, flush=True)
    game = get_game(name)  # warm up, as a bot that has played before: one other game, every part
    state = game.create(game.options_model(), game.min_seats, 3)
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        offered = list(game.legal_actions(state, seat))
        [(a.label, a.steps) for a in offered]
        game.view(state, None)
        game.apply(state, seat, offered[-1])
    for part in made:
        functools.reduce(lambda _, __: part(), [0], None)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="cabbagehead")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        return run_parts(args.game)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        ran = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                f"--toggle-collect={MARKER}",
                f"--dump-after={MARKER}",
                f"--callgrind-out-file={out}",
                f"--log-file={Path(folder) / 'valgrind.log'}",
                sys.executable,
                __file__,
                "--game",
                args.game,
                "--inside",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        positions = int(ran.stdout.split()[0])
        dumps = sorted(Path(folder).glob("callgrind.out.*"), key=lambda p: int(p.name.rsplit(".", 1)[1]))
        print(f"game: {args.game}, positions: {positions}")
        total = 0
        for name, dump in zip(PARTS, dumps, strict=True):
            counted = _instructions(dump) // positions
            total += counted
            print(f"{name}: {counted / 1e6:.3f} M instructions per version")
        print(f"in all: {total / 1e6:.3f} M instructions per version")


def _instructions(dump: Path) -> int:
    """The instructions a callgrind count file holds."""
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no count in {dump}")


if __name__ == "__main__":
    main()
