"""How often Mr. Cabbagehead's Garden re-bases a garden's slot names (ruling 24), over random games.

    python benchmarks/slot_renames.py --games 20000
    python benchmarks/slot_renames.py --games 1000 --player greedy

Slot names ("F3") are absolute for the whole game; only when a Neighbour's drift would push a
floating plot's frame left of column A, right of column Z or above row 1 are that garden's names
re-based (a "renamed" event). This plays `--games` random legal games, each with options drawn at
random (every Neighbour set, Grasshoppers on or off, Romancing Eudora on or off solo, 1 or 2
players; always the floating plot, where names can drift; `--fixed-too` draws the fixed grid too),
and prints how many games and gardens saw a re-basing, which way the names moved, and the first
seeds that did (to look at one). Moves are random legal moves, or with `--player greedy` the greedy
computer player's (which plants the way a person might: next to its own kind), much slower.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import choose_move
from engine.cabbagehead import GAME
from engine.cabbagehead.neighbours import NEIGHBOURS
from engine.cabbagehead.state import CabbageheadOptions
from engine.rng import Rng

SETS = ("original", "new", "random", "chosen")


def random_options(rng: Rng, seats: int, fixed_too: bool) -> CabbageheadOptions:
    neighbour_set = SETS[rng.below(len(SETS))]
    chosen: list[str] = []
    if neighbour_set == "chosen":
        keys = [n.key for n in NEIGHBOURS]
        rng.shuffle(keys)
        chosen = keys[:4]
    return CabbageheadOptions(
        neighbour_set=neighbour_set,  # type: ignore[arg-type]
        chosen=chosen,
        grasshoppers=rng.below(2) == 1,
        eudora=seats == 1 and rng.below(2) == 1,
        fixed_grid=fixed_too and rng.below(2) == 1,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fixed-too", action="store_true", help="draw the fixed grid for some games too")
    parser.add_argument("--player", choices=["random", "greedy"], default="random")
    args = parser.parse_args()

    chooser = Rng.from_seed(args.seed)
    games_renamed = gardens = gardens_renamed = renames = 0
    by_seats: Counter[int] = Counter()
    renamed_by_seats: Counter[int] = Counter()
    ways: Counter[str] = Counter()
    by_set: Counter[str] = Counter()
    renamed_by_set: Counter[str] = Counter()
    examples: list[tuple[int, int]] = []
    start = time.perf_counter()
    for game in range(args.games):
        seats = 1 + chooser.below(2)
        options = random_options(chooser, seats, args.fixed_too)
        seed = args.seed * 1_000_000 + game
        state = GAME.create(options, seats, seed)
        renamed_gardens: set[int] = set()
        while not GAME.is_terminal(state):
            seat = state.active
            legal = GAME.legal_actions(state, seat)
            if args.player == "random":
                action = legal[chooser.below(len(legal))]
            else:
                action = choose_move(GAME, state, seat, "greedy", chooser.next_u64())
            for event in GAME.apply(state, seat, action):
                if event.kind == "renamed":
                    renames += 1
                    renamed_gardens.add(event.seats["owner"])
                    rows, cols = event.fields["rows"], event.fields["cols"]
                    assert isinstance(rows, int) and isinstance(cols, int)
                    ways[
                        "right (the frame reached left of A)" if cols > 0 else "left" if cols < 0 else "-"
                    ] += 1
                    if rows:
                        ways["down (the frame reached above row 1)"] += 1
        gardens += seats
        by_seats[seats] += 1
        by_set[options.neighbour_set] += 1
        gardens_renamed += len(renamed_gardens)
        if renamed_gardens:
            games_renamed += 1
            renamed_by_seats[seats] += 1
            renamed_by_set[options.neighbour_set] += 1
            if len(examples) < 5:
                examples.append((seed, seats))
    elapsed = time.perf_counter() - start
    print(
        f"games: {args.games} ({by_seats[1]} solo, {by_seats[2]} with two players), "
        f"{args.player} moves, {elapsed:.0f} s"
    )
    print(f"games with a re-basing: {games_renamed} ({100 * games_renamed / args.games:.2f}%)")
    for seats in (1, 2):
        if by_seats[seats]:
            share = 100 * renamed_by_seats[seats] / by_seats[seats]
            print(f"  {seats} player(s): {renamed_by_seats[seats]} of {by_seats[seats]} ({share:.2f}%)")
    for name in SETS:
        if by_set[name]:
            share = 100 * renamed_by_set[name] / by_set[name]
            print(f"  {name} Neighbours: {renamed_by_set[name]} of {by_set[name]} ({share:.2f}%)")
    print(f"gardens re-based: {gardens_renamed} of {gardens} ({100 * gardens_renamed / gardens:.2f}%)")
    print(f"re-basings: {renames} ({renames / args.games:.4f} a game)")
    for way, count in sorted(ways.items()):
        if way != "-":
            print(f"  names moved {way}: {count}")
    print("first games re-based (seed, players):", examples)


if __name__ == "__main__":
    main()
