"""How long `/history` and a replay take on a database holding many finished games.

Builds a database (schema of this checkout) with `--games` finished games spread over five
servers, each row as a finished game leaves it (a final state of a seeded sample game), then
times through the real `Store` the query each `/history list` page makes (the newest games, and
pages deep in the list: pages go by game id), and, through `bot.records.replays`, rebuilding a whole
seeded Garden Sabotage game of several hundred moves from its seed and moves (what the first
Replay click of a game costs; the viewer keeps it for the clicks after). Prints the median and
the slowest of `--repeat` runs, in ms.

  python benchmarks/history_queries.py [--games 100000] [--repeat 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.standings_queries import migrated, timed  # noqa: E402
from bot.pictures.samples import played  # noqa: E402
from bot.records.replays import rebuild  # noqa: E402
from bot.storage import Store  # noqa: E402
from bot.storage.records import ActionRecord  # noqa: E402
from engine.api import dump_state  # noqa: E402
from engine.registry import get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402

GUILDS = [101, 102, 103, 104, 105]


def build(path: Path, games: int) -> float:
    """Fill the (migrated) database at `path` with `games` finished games; seconds taken."""
    started = time.perf_counter()
    _game, state = played("cabbagehead", 1, 2, 400)
    final = dump_state(state)
    seats = json.dumps([{"name": "Ann", "user_id": 7}])
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("BEGIN")
    for game_id in range(1, games + 1):
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, "
            "state, version, status, host_id, created_at, updated_at) "
            "VALUES (?, ?, ?, 'cabbagehead', '{}', ?, 1, 1, 2, ?, 40, 'finished', 7, ?, ?)",
            (game_id, GUILDS[game_id % len(GUILDS)], 1000 + game_id % 50, seats, final, game_id, game_id),
        )
        if game_id % 20_000 == 0:
            db.execute("COMMIT")
            db.execute("BEGIN")
            print(f"  {game_id} games stored", flush=True)
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()
    return time.perf_counter() - started


def long_game_actions() -> tuple[object, list[ActionRecord]]:
    """A whole seeded four-player Garden Sabotage game: its record-like fields and its moves."""
    game = get_game("sabotage")
    options = game.options_model()
    state = game.create(options, 4, 9)
    chooser, actions = Rng.from_seed(9), list[ActionRecord]()
    while not game.is_terminal(state) and len(actions) < 2000:
        seat = game.to_move(state)[0]
        legal = list(game.legal_actions(state, seat))
        keep = [a for a in legal if a.label != "End turn"] or legal
        action = chooser.choice(keep)
        game.apply(state, seat, action)
        actions.append(ActionRecord(1, len(actions) + 1, seat, game.encode_action(action), [], 0.0))
    return options, actions


async def measure(path: Path, repeat: int) -> None:
    store = await Store.open(path)
    try:
        guild = GUILDS[0]
        queries: dict[str, Callable[[], Awaitable[object]]] = {
            "/history list: the newest games": lambda: store.finished_games(guild, 9),
            "/history list: older than game 50,000": lambda: store.finished_games(guild, 9, 50_000),
            "/history list: the oldest games": lambda: store.finished_games(guild, 9, 40),
        }
        print(f"{'query':<45} {'median ms':>10} {'slowest ms':>11}")
        for name, query in queries.items():
            median, slowest = await timed(repeat, query)
            print(f"{name:<45} {median:>10.2f} {slowest:>11.2f}")
        record = await store.get(1)
        assert record is not None
        _options, actions = long_game_actions()
        from dataclasses import replace

        sabotage = replace(record, game="sabotage", options={}, seed=9, seats=record.seats * 4)

        async def replay_once() -> object:
            return rebuild(sabotage, actions)

        median, slowest = await timed(max(3, repeat // 10), replay_once)
        print(f"{f'a replay rebuilt: {len(actions)} moves of Sabotage':<45} {median:>10.2f} {slowest:>11.2f}")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        asyncio.run(migrated(path))
        print(f"building {args.games} finished games…", flush=True)
        print(f"built in {build(path, args.games):.1f} s")
        asyncio.run(measure(path, args.repeat))


if __name__ == "__main__":
    main()
