"""Garden Party's balance figures from seeded games between computer players.

    python benchmarks/garden_party_balance.py --games 100 --players 3 4 5 6 --strength greedy
    python benchmarks/garden_party_balance.py --games 100 --players 4 --tournament

Self-play (every seat `--strength`), for each player count: game length in rounds and moves, how
games end (a ninth flower or the season limit, ruling 21), the first seat's win rate, the scores,
how often a cancellation chain happens (`state.cancel_chains`) and duels are won, collector's
flowers and weeds at the end, and for each action card kind how often it is played (and
cancelled) and how its players do: the win rate and the score margin (a seat's score less the
others' mean) of seats that played it at least once, against seats that held one and never played
it; and the finisher's win rate. `--tournament` plays one seat of a strength against the rest of
another, strong vs greedy and greedy vs random, in duplicate: each of `--games` deals is played
once with the lone seat at every place, and reports the share of head-to-head places the lone
seat wins against each other seat (a 95% interval over deals), how often its rank beats the
others' mean (the top half), its outright wins, and the strong player's move times. Game i uses
seed `--seed + i`; each move's player seed comes from `engine.ai.move_seed`, so a run is
reproducible.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.tournament import percentile, wilson
from engine.ai import decision_for, make_player, move_seed
from engine.api import copy_state
from engine.garden_party import GAME
from engine.garden_party.cards import CARD_KIND_OF, CARD_KINDS
from engine.garden_party.state import GardenPartyOptions, GardenPartyState
from engine.rng import Rng

Task = tuple[str, int, int, list[str]]


def _kind(card: str) -> str:
    return CARD_KIND_OF[card]


def play_game(task: Task) -> dict[str, Any]:
    """One seeded game; `strengths[seat]` plays each seat. Returns what the figures need."""
    options_json, players, seed, strengths = task
    options = GardenPartyOptions.model_validate_json(options_json)
    state = GAME.create(options, players, seed)
    assert isinstance(state, GardenPartyState)
    bots = [make_player(GAME.name, s) for s in strengths]  # type: ignore[arg-type]
    times: dict[str, list[float]] = defaultdict(list)
    held: list[set[str]] = [set() for _ in range(players)]
    played: list[Counter[str]] = [Counter() for _ in range(players)]
    cancelled: Counter[str] = Counter()
    duels = won = 0
    moves = 0
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        decision = decision_for(GAME, state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(decision, Rng.from_seed(move_seed(seed, moves, seat)))
        times[strengths[seat]].append(time.perf_counter() - started)
        for event in GAME.apply(state, seat, action):
            if event.kind == "card_played":
                played[event.seats["player"]][str(event.fields["kind"])] += 1
            elif event.kind == "card_cancelled":
                cancelled[str(event.fields["card"])] += 1
            elif event.kind in ("duel_won", "duel_lost"):
                duels += 1
                won += event.kind == "duel_won"
        for s, player in enumerate(state.players):
            held[s].update(_kind(c) for c in player.hand)
        moves += 1
    result = GAME.result(state)
    return {
        "end_cards": end_card_effects(state, result.winners, [s.total for s in result.seats]),
        "strengths": strengths,
        "scores": [s.total for s in result.seats],
        "winners": result.winners,
        "first_seat": state.first_seat,
        "rounds": state.round,
        "moves": moves,
        "by_flowers": state.ended_by is not None,
        "ended_by": state.ended_by,
        "flowers": [sum(1 for p in pl.pots if p is not None and p.stage == "flower") for pl in state.players],
        "chains": state.cancel_chains,
        "duels": duels,
        "duels_won": won,
        "vases": [len(p.vases) for p in state.players],
        "weeds": [
            sum(1 for p in pl.pots if p is not None and state.token_kinds[p.token] == "weed")
            for pl in state.players
        ],
        "gardeners": [p.gardener for p in state.players],
        "held": [sorted(h) for h in held],
        "played": [dict(p) for p in played],
        "cancelled": dict(cancelled),
        "times": dict(times),
    }


def end_card_effects(state: GardenPartyState, winners: list[int], totals: list[int]) -> dict[str, list[Any]]:
    """For each end-of-game card kind played (ruling 16): the points its plays made and whether
    the game's winners would have been others without them (a counterfactual, not a correlation)."""
    effects: dict[str, list[Any]] = {}
    for kind in ("best_in_show", "compost"):
        if not getattr(state, kind):
            continue
        without = copy_state(GAME, state)
        setattr(without, kind, [])
        other = GAME.result(without)
        made = sum(t - o.total for t, o in zip(totals, other.seats, strict=True))
        effects[kind] = [made, other.winners != winners]
    return effects


def run(tasks: list[Task], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play_game(t) for t in tasks]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(play_game, tasks, chunksize=2))


def sole_win(r: dict[str, Any], seat: int) -> bool:
    return bool(r["winners"] == [seat])


def standing(r: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """A seat's place key by ruling 17: points, then flowering plants, then collector's flowers."""
    return (r["scores"][seat], r["flowers"][seat], r["vases"][seat])


def margin(r: dict[str, Any], seat: int) -> float:
    others = [s for i, s in enumerate(r["scores"]) if i != seat]
    return float(r["scores"][seat] - statistics.mean(others))


def self_play_figures(results: list[dict[str, Any]], players: int) -> None:
    n = len(results)
    rounds = [r["rounds"] for r in results]
    moves = [r["moves"] for r in results]
    flowers_end = sum(r["by_flowers"] for r in results)
    first = sum(sole_win(r, r["first_seat"]) for r in results)
    finished = [r for r in results if r["ended_by"] is not None]
    finisher = sum(sole_win(r, r["ended_by"]) for r in finished)
    shared = sum(len(r["winners"]) > 1 for r in results)
    chains = [r["chains"] for r in results]
    duels = sum(r["duels"] for r in results)
    duels_won = sum(r["duels_won"] for r in results)
    winners = [max(r["scores"]) for r in results]
    all_scores = [s for r in results for s in r["scores"]]
    print(f"== {players} players, {n} games ==")
    print(
        f"rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds)}, "
        f"10th-90th {percentile(rounds, 0.1):.0f}-{percentile(rounds, 0.9):.0f}; "
        f"moves: mean {statistics.mean(moves):.0f}"
    )
    print(
        f"ended by a ninth flower: {flowers_end}/{n}; by the season limit: {n - flowers_end}/{n} "
        f"({100 * (n - flowers_end) / n:.0f}%)"
    )
    low, high = wilson(first, n)
    print(
        f"first seat wins {first}/{n} = {100 * first / n:.0f}% (fair {100 / players:.0f}%, "
        f"95% Wilson {100 * low:.0f}-{100 * high:.0f}%); shared wins {shared}"
    )
    print(f"the gardener who completes the greenhouse wins {finisher}/{len(finished)}")
    print(
        f"scores: winner mean {statistics.mean(winners):.1f}, "
        f"all seats mean {statistics.mean(all_scores):.1f}, min {min(all_scores)}"
    )
    print(
        f"cancellation chains: {statistics.mean(chains):.2f} a game, games with one or more "
        f"{sum(c > 0 for c in chains)}/{n}"
    )
    print(f"duels: {duels / n:.1f} a game, won {duels_won}/{duels} = {100 * duels_won / max(1, duels):.0f}%")
    vases = [v for r in results for v in r["vases"]]
    weeds = [w for r in results for w in r["weeds"]]
    print(
        f"collector's flowers a seat: {statistics.mean(vases):.2f}; weeds a seat at the end: "
        f"{statistics.mean(weeds):.2f} (seats with one or more {sum(w > 0 for w in weeds)}/{len(weeds)})"
    )
    by_gardener: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for seat, gardener in enumerate(r["gardeners"]):
            by_gardener[gardener].append(1 if sole_win(r, seat) else 0)
    print(
        "win rate by gardener: "
        + ", ".join(
            f"{g} {100 * statistics.mean(w):.0f}% of {len(w)}" for g, w in sorted(by_gardener.items())
        )
    )
    card_figures(results)


def card_figures(results: list[dict[str, Any]]) -> None:
    """Per card kind: plays a game, cancelled plays, and how seats that played it did against
    seats that held it and never played it (win rate, score margin)."""
    n = len(results)
    plays: Counter[str] = Counter()
    cancelled: Counter[str] = Counter()
    players_of: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    holders_of: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    names = {k.name: k.id for k in CARD_KINDS.values()}
    for r in results:
        for name, count in r["cancelled"].items():
            cancelled[names[name]] += count
        for seat, kinds in enumerate(r["played"]):
            for kind, count in kinds.items():
                plays[kind] += count
            outcome = (sole_win(r, seat), margin(r, seat))
            for kind in r["held"][seat]:
                if kind in kinds:
                    players_of[kind].append(outcome)
                elif kind in r["held"][seat]:
                    holders_of[kind].append(outcome)
    columns = ("plays/game", "cancelled", "win% played", "win% held", "margin played", "margin held")
    print(f"{'card':<14} " + " ".join(f"{c:>13}" for c in columns))
    for kind in sorted(CARD_KINDS, key=lambda k: -plays[k]):
        if kind.startswith("chance"):
            continue
        p, h = players_of[kind], holders_of[kind]

        def rate(xs: list[tuple[bool, float]]) -> str:
            return f"{100 * statistics.mean(w for w, _ in xs):.0f}% ({len(xs)})" if xs else "-"

        def mean_margin(xs: list[tuple[bool, float]]) -> str:
            return f"{statistics.mean(m for _, m in xs):+.1f}" if xs else "-"

        print(
            f"{CARD_KINDS[kind].name:<14} {plays[kind] / n:>13.2f} {cancelled[kind]:>13} {rate(p):>13} "
            f"{rate(h):>13} {mean_margin(p):>13} {mean_margin(h):>13}"
        )
    for kind in ("best_in_show", "compost"):
        games = [r["end_cards"][kind] for r in results if kind in r["end_cards"]]
        if games:
            made = statistics.mean(g[0] for g in games)
            decided = sum(1 for g in games if g[1])
            print(
                f"{CARD_KINDS[kind].name}: played in {len(games)}/{n} games, {made:.1f} points a game it was "
                f"played in; without its plays another seat would have won {decided}/{n} games"
            )


def tournament(options_json: str, players: int, deals: int, seed: int, workers: int) -> None:
    """Duplicate matches: each deal (seed) is played `players` times, the lone strength's seat at
    every place in turn, so every seat's luck of the deal is shared out."""
    for lone, rest in (("strong", "greedy"), ("greedy", "random")):
        tasks: list[Task] = []
        for i in range(deals):
            for place in range(players):
                strengths = [rest] * players
                strengths[place] = lone
                tasks.append((options_json, players, seed + i, strengths))
        results = run(tasks, workers)
        per_deal: dict[int, list[float]] = defaultdict(list)
        wins = top_half = 0
        for r, task in zip(results, tasks, strict=True):
            seat = task[3].index(lone)
            mine = standing(r, seat)
            beaten = [
                1.0 if mine > standing(r, o) else 0.5 if mine == standing(r, o) else 0.0
                for o in range(players)
                if o != seat
            ]
            per_deal[task[2]].append(statistics.mean(beaten))
            wins += sole_win(r, seat)
            rank = 1 + sum(1 for o in range(players) if standing(r, o) > mine)
            top_half += rank < (players + 1) / 2
        rates = [statistics.mean(v) for v in per_deal.values()]
        rate = statistics.mean(rates)
        half = 1.96 * statistics.stdev(rates) / math.sqrt(len(rates)) if len(rates) > 1 else 0.0
        games = len(results)
        print(
            f"{lone} vs {rest} x{players - 1}: head-to-head places won {100 * rate:.1f}% "
            f"(95% CI over deals {100 * (rate - half):.1f}-{100 * (rate + half):.1f}%); "
            f"rank better than the others' mean {top_half}/{games} = {100 * top_half / games:.0f}%; "
            f"outright wins {wins}/{games} = {100 * wins / games:.0f}% (fair {100 / players:.0f}%)"
        )
        if lone == "strong":
            times = [t for r in results for t in r["times"].get("strong", [])]
            print(
                f"strong moves: {len(times)}, mean {1000 * statistics.mean(times):.2f} ms, "
                f"p95 {1000 * percentile(times, 0.95):.2f} ms, max {1000 * max(times):.1f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games (deals with --tournament)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--strength", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help='game options as JSON: {"flowers_to_end": 7}')
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--tournament", action="store_true", help="lone-seat matches instead of self-play")
    args = parser.parse_args()
    options_json = GardenPartyOptions.model_validate(json.loads(args.options)).model_dump_json()
    started = time.perf_counter()
    print(f"Garden Party, options {options_json}, seeds {args.seed}-{args.seed + args.games - 1}")
    for players in args.players:
        if args.tournament:
            print(f"== {players} players, {args.games} deals per line, each from every seat ==")
            tournament(options_json, players, args.games, args.seed, args.workers)
            continue
        tasks = [(options_json, players, args.seed + i, [args.strength] * players) for i in range(args.games)]
        results = run(tasks, args.workers)
        self_play_figures(results, players)
        times = [t for r in results for t in r["times"].get(args.strength, [])]
        print(
            f"{args.strength} moves: mean {1000 * statistics.mean(times):.2f} ms, "
            f"p95 {1000 * percentile(times, 0.95):.2f} ms"
        )
    print(f"took {time.perf_counter() - started:.0f} s on {args.workers} worker(s)")


if __name__ == "__main__":
    main()
