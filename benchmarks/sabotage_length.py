"""How long Garden Sabotage games last, with random and with simple greedy players.

    python benchmarks/sabotage_length.py --players 4 --games 200 --policy greedy

Prints rounds per game (mean, median, 90th percentile), how games ended (7 objectives or the end
of the season, ruling 5), objectives completed and points per player, and the winner's score.
The greedy player reads only what its seat may see (its own hand, the public board); it is a
yardstick for the deck design, not the computer opponent of the bots issue.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rng import Rng
from engine.sabotage import actions as A
from engine.sabotage.cards import OBJECTIVES, PLANT_KIND_OF, bug_kind, is_bad_bug, is_good_bug
from engine.sabotage.game import GAME
from engine.sabotage.rules import plot_kinds
from engine.sabotage.state import SabotageOptions, SabotageState
from engine.sabotage.views import seat_score


def _missing(state: SabotageState, seat: int, oid: str, plot: int) -> Counter[str]:
    have = plot_kinds(state.players[seat].plots[plot])
    return Counter({k: c - have[k] for k, c in OBJECTIVES[oid].plants if have[k] < c})


def _targets(state: SabotageState, seat: int) -> list[tuple[str, int]]:
    """Each objective in hand with the plot it is built on: the nearest, two objectives apart."""
    me = state.players[seat]
    found: list[tuple[str, int]] = []
    for oid in sorted(me.objectives, key=lambda o: -OBJECTIVES[o].points):
        free = [p for p in range(2) if p not in {plot for _, plot in found}]
        found.append((oid, min(free, key=lambda p: sum(_missing(state, seat, oid, p).values()))))
    return found


def greedy(state: SabotageState, seat: int, legal: list[A.SabotageAction], rng: Rng) -> A.SabotageAction:
    """Complete, clear Bad Bugs, hold 2 objectives, build each on its own plot, sabotage the leader."""
    me = state.players[seat]
    completes = [a for a in legal if isinstance(a, A.CompleteObjective)]
    if completes:
        return max(completes, key=lambda a: OBJECTIVES[a.objective].points)
    if state.actions_left == 0:
        return A.END_TURN
    kinds = {type(a) for a in legal}
    if A.Pesticide in kinds:
        return next(a for a in legal if isinstance(a, A.Pesticide))
    if A.DrawObjective in kinds:
        return A.DRAW_OBJECTIVE
    targets = _targets(state, seat)
    needed: list[tuple[str, int]] = []
    for oid, plot in targets:
        needed.extend((kind, plot) for kind in _missing(state, seat, oid, plot))
    in_hand = {PLANT_KIND_OF[c] for c in me.plants}
    for kind, plot in needed:
        if kind in in_hand:
            return A.PLANT[kind][plot]
    bugs = {bug_kind(c) for c in me.bugs}
    for oid, plot in targets:
        want = OBJECTIVES[oid].bug
        if want and want in bugs and me.plots[plot].good_bug is None:
            return A.GOOD_BUG[want][plot]
    for card in me.bugs:
        if is_good_bug(card):
            # A spare Good Bug goes only where no objective waits for a particular bug.
            needs_bug = {plot for o, plot in targets if OBJECTIVES[o].bug}
            free = [p for p in range(2) if me.plots[p].good_bug is None and p not in needs_bug]
            wanted = {OBJECTIVES[o].bug for o, _ in targets}
            if free and bug_kind(card) not in wanted:
                return A.GOOD_BUG[bug_kind(card)][free[0]]
    for oid, plot in targets:
        # An objective whose plot already holds the wrong Good Bug cannot be met there: swap it.
        want, good = OBJECTIVES[oid].bug, me.plots[plot].good_bug
        if want and good is not None and bug_kind(good) != want and A.EXCHANGE[oid] in legal:
            return A.EXCHANGE[oid]
    sabotages = [a for a in legal if isinstance(a, A.Sabotage)]
    if sabotages and any(is_bad_bug(c) for c in me.bugs):
        return max(
            sabotages,
            key=lambda a: (seat_score(state, a.target), len(state.players[a.target].plots[a.plot].plants)),
        )
    wanted_kinds = {kind for kind, _ in needed}
    for slot, card in enumerate(state.plant_row):
        if card is not None and PLANT_KIND_OF[card] in wanted_kinds:
            return A.DRAW_PLANT_ROW[slot][PLANT_KIND_OF[card]]
    wanted_bugs = {OBJECTIVES[o].bug for o, _ in targets} - bugs
    for slot, card in enumerate(state.bug_row):
        if card is not None and (bug_kind(card) in wanted_bugs or is_bad_bug(card)):
            return A.DRAW_BUG_ROW[slot][bug_kind(card)]
    if A.DRAW_PLANT_DECK in legal:
        return A.DRAW_PLANT_DECK
    return rng.choice([a for a in legal if not isinstance(a, A.EndTurn)] or legal)


def random_player(
    state: SabotageState, seat: int, legal: list[A.SabotageAction], rng: Rng
) -> A.SabotageAction:
    return rng.choice(legal)


POLICIES = {"random": random_player, "greedy": greedy}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="greedy")
    parser.add_argument("--bird", action="store_true", help="play the Bird variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    policy = POLICIES[args.policy]
    options = SabotageOptions(bird_variant=args.bird)
    rng = Rng.from_seed(args.seed)
    rounds: list[int] = []
    endings: Counter[str] = Counter()
    objectives: list[int] = []
    points: list[int] = []
    winning: list[int] = []
    for game_index in range(args.games):
        state = GAME.create(options, args.players, args.seed + game_index)
        while state.ended is None:
            seat = state.turn
            GAME.apply(state, seat, policy(state, seat, GAME.legal_actions(state, seat), rng))
        rounds.append(state.round)
        endings[state.ended] += 1
        scores = [seat_score(state, s) for s in range(args.players)]
        objectives.extend(len(p.completed) for p in state.players)
        points.extend(scores)
        winning.append(max(scores))
    rounds.sort()
    print(f"policy: {args.policy}, players: {args.players}, games: {args.games}, bird: {args.bird}")
    print(
        f"rounds/game: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):.0f}, "
        f"p90 {rounds[int(0.9 * (len(rounds) - 1))]}"
    )
    print(f"ended by 7 objectives: {endings['final_round']}, by the season's end: {endings['season']}")
    print(
        f"objectives/player: {statistics.mean(objectives):.1f}, points/player: {statistics.mean(points):.1f}"
    )
    print(f"winner's points: mean {statistics.mean(winning):.1f}")


if __name__ == "__main__":
    main()
