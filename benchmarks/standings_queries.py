"""How long `/stats` and `/leaderboard` take to read on a database holding many finished games.

Builds a database (schema of this checkout) with `--games` finished games stored exactly as the
bot stores them (`bot.storage.results.write_result`: the result rows, and for rated games the
openskill ratings, in order), spread over a few servers, many players, Garden Sabotage for 2-4
and solo Mr. Cabbagehead's Garden under a few option sets. Then times each query the two
commands make, through the real `Store`, and prints the median and the slowest of `--repeat`
runs per query, in milliseconds (issue 18 asks for under 50 ms with 100,000 games).

  python benchmarks/standings_queries.py [--games 100000] [--repeat 50] [--keep PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.records.results import option_set  # noqa: E402
from bot.storage import ResultRecord, ResultSeat, Store  # noqa: E402
from bot.storage.results import write_result  # noqa: E402
from engine.registry import get_game  # noqa: E402

GUILDS = [101, 102, 103, 104, 105]
PLAYERS_PER_GUILD = 400
SOLO_OPTIONS = [{}, {"grasshoppers": True}, {"neighbour_set": "new"}, {"fixed_grid": True}]


def fake_result(game_id: int, rng: random.Random) -> ResultRecord:
    """One finished game as the bot would store it: 30% solo gardens, else Sabotage for 2-4."""
    guild = rng.choice(GUILDS)
    base = guild * 10_000
    solo = rng.random() < 0.3
    players = 1 if solo else rng.randint(2, 4)
    users = rng.sample(range(base, base + PLAYERS_PER_GUILD), players)
    points = [rng.randint(-10, 90) for _ in users]
    order = sorted(range(players), key=lambda i: -points[i])
    places = {seat: place + 1 for place, seat in enumerate(order)}
    game = "cabbagehead" if solo else "sabotage"
    options: dict[str, object] = rng.choice(SOLO_OPTIONS) if solo else {}
    award = rng.choice([None, None, "Blue Ribbon", "Red Ribbon"]) if solo else None
    seats = [
        ResultSeat(
            seat=i,
            name=f"Player {user}",
            user_id=user,
            points=points[i],
            lines=[("Plants", points[i])],
            place=places[i],
            award=award,
            turns=12,
        )
        for i, user in enumerate(users)
    ]
    finished = 1_700_000_000.0 + game_id * 60
    return ResultRecord(
        game_id=game_id,
        guild_id=guild,
        channel_id=guild + 1,
        game=game,
        options=options,
        option_set=option_set(get_game(game), options),
        status="finished",
        outcome="completed",
        seats=seats,
        winners=[order[0]],
        started_at=finished - 900,
        finished_at=finished,
        moves=40,
        rated=not solo,
        unrated_reason="solo games rank best gardens instead" if solo else None,
    )


def build(path: Path, games: int) -> float:
    """Fill the database at `path` (already migrated) with `games` results; seconds taken."""
    started = time.perf_counter()
    rng = random.Random(18)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("BEGIN")
    # The results reference games rows: one small row each, as a finished game leaves.
    for game_id in range(1, games + 1):
        result = fake_result(game_id, rng)
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, "
            "state, version, status, host_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, '[]', 1, 4, 1, NULL, 40, 'finished', 1, 0, 0)",
            (game_id, result.guild_id, result.channel_id, result.game, json.dumps(result.options)),
        )
        write_result(db, result, result.finished_at)
        if game_id % 10_000 == 0:
            db.execute("COMMIT")
            db.execute("BEGIN")
            print(f"  {game_id} games stored", flush=True)
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()
    return time.perf_counter() - started


async def timed(repeat: int, query: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    """Median and slowest milliseconds of `repeat` runs of `query`."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await query()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


async def measure(path: Path, repeat: int) -> None:
    store = await Store.open(path)
    try:
        guild = GUILDS[0]
        user = guild * 10_000 + 7
        garden_set = option_set(get_game("cabbagehead"), {})
        queries: dict[str, Callable[[], Awaitable[object]]] = {
            "/stats: tallies, one player, all games": lambda: store.tallies(guild, user),
            "/stats: tallies, one player, one game": lambda: store.tallies(guild, user, "sabotage"),
            "/stats: last 5 games, all games": lambda: store.recent(guild, user),
            "/stats: last 5 games, one game": lambda: store.recent(guild, user, "sabotage"),
            "/stats: the rating": lambda: store.rating(guild, "sabotage", user),
            "/leaderboard: ratings, first page": lambda: store.leaderboard(
                guild, "sabotage", offset=0, limit=10
            ),
            "/leaderboard: ratings, page 30": lambda: store.leaderboard(
                guild, "sabotage", offset=290, limit=10
            ),
            "/leaderboard: how many rated": lambda: store.count_rated(guild, "sabotage"),
            "/leaderboard: option sets played": lambda: store.option_sets(guild, "cabbagehead"),
            "/leaderboard: best gardens, first page": lambda: store.best_gardens(
                guild, "cabbagehead", garden_set, offset=0, limit=10
            ),
            "/leaderboard: best gardens, page 50": lambda: store.best_gardens(
                guild, "cabbagehead", garden_set, offset=490, limit=10
            ),
            "/leaderboard: names of a page": lambda: store.names(list(range(1, 11))),
        }
        print(f"{'query':<45} {'median ms':>10} {'slowest ms':>11}")
        for name, query in queries.items():
            median, slowest = await timed(repeat, query)
            print(f"{name:<45} {median:>10.2f} {slowest:>11.2f}")
    finally:
        await store.close()


async def migrated(path: Path) -> None:
    """Create (or upgrade) the database at `path` to this checkout's schema."""
    store = await Store.open(path)
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument(
        "--keep", type=Path, help="build (or reuse) the database here instead of a temporary one"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.keep or Path(folder) / "standings.sqlite3"
        fresh = not path.exists()
        asyncio.run(migrated(path))
        if fresh:
            print(f"Building {args.games} finished games in {path} ...", flush=True)
            print(f"Built in {build(path, args.games):.1f} s.")
        asyncio.run(measure(path, args.repeat))


if __name__ == "__main__":
    main()
