"""Idle clocks benchmark (issue 15): many games with turn clocks running in one bot process, nobody
moving, and what that costs while nothing is due.

The real bot (`GardenClubBot`, the real `SystemClock`) runs in this process against the tests'
fake Discord (payload checks off, pictures off: `PICTURE_BUDGET_MS=0`), so its scheduler can be
read directly. In one run:

1. **Baseline**: the bot with no game at all, idle for `--seconds`: CPU time of the process
   (`time.process_time`: every thread, the fake's included), the deadline scheduler's wake-ups and
   passes, the asyncio tasks alive.
2. **Setup**: `--games` two-player Mr. Cabbagehead's Garden games with the standard clock (10 minutes
   a turn), one per channel. Games are opened through the fake as people do
   (`/play cabbagehead players:2 first_player:host clock:standard`, Bob clicks Join, Alice clicks
   Start), except the last `--direct` of them, made through the bot's own services
   (`lobbies.open/join/start`, then `publisher.request`: the same rows and the same board and turn
   notice, without the three interactions). The `deadlines` table is then read with sqlite3: one
   running `turn` row per game.
3. **Idle with the games**: the same measurement as the baseline. Every half-time reminder is at
   least 5 minutes away, so nothing is due; the run stops if the earliest deadline would fall in
   the window.
4. **A batch due at once** (`--due`, 0 to skip): that many games' turn rows are moved into the past
   with SQL and the scheduler is poked; prints how long the batch of reminders took (each one a
   message posted in the game's channel, the turn notice deleted) and the CPU per deadline fired.

Example:
  .venv/bin/python benchmarks/idle_clocks.py --games 1000 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import functools
import gc
import re
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import GardenClubBot  # noqa: E402
from bot.operations.settings import Settings  # noqa: E402
from bot.run import event_loop_factory, settle_memory  # noqa: E402
from bot.storage import DeadlineRecord  # noqa: E402
from engine.cabbagehead import CabbageheadOptions  # noqa: E402
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord  # noqa: E402
from tests.fake_discord.checks import PayloadChecker  # noqa: E402

PLAY = "play cabbagehead"
PLAY_OPTIONS = {"players": 2, "first_player": "host", "clock": "standard"}


class Probe:
    """Counts what the deadline scheduler does (instance attributes wrapped; the bot's code is
    unchanged): passes of its loop (each pass asks the store for the next deadline) and deadlines
    fired, with when the last one finished; and the lobby expiry checks."""

    def __init__(self, bot: GardenClubBot) -> None:
        scheduler = bot.table.scheduler
        assert scheduler is not None
        self.scheduler = scheduler
        self.passes = 0
        self.fired = 0
        #: Lobby expiry checks (the bot's one other timer: every 30 s, whatever the games).
        self.expiry_checks = 0
        lobbies = bot.table.lobbies
        expire = lobbies.expire

        async def counted_expire() -> list[Any]:
            self.expiry_checks += 1
            return await expire()

        lobbies.expire = counted_expire  # type: ignore[method-assign]
        self.last_fired_at = 0.0
        next_due = scheduler.store.next_due
        fire = scheduler.fire

        async def counted_next_due() -> float | None:
            self.passes += 1
            return await next_due()

        async def counted_fire(deadline: DeadlineRecord) -> None:
            try:
                await fire(deadline)
            finally:
                self.fired += 1
                self.last_fired_at = time.perf_counter()

        scheduler.store.next_due = counted_next_due  # type: ignore[method-assign]
        scheduler.fire = counted_fire

    @property
    def wakeups(self) -> int:
        return self.scheduler.wakeups


def task_kind(task: asyncio.Task[Any]) -> str:
    """A task's name with numbers folded ("garden-club-publish-12" -> "garden-club-publish-N"), or
    for an unnamed task ("Task-12") its coroutine's qualified name."""
    name = task.get_name()
    if re.fullmatch(r"Task-\d+", name):
        coro = task.get_coro()
        name = getattr(coro, "__qualname__", None) or type(coro).__name__
    return re.sub(r"\d+", "N", name)


def fake_server_task(task: asyncio.Task[Any]) -> bool:
    """The fake's aiohttp server tasks: one per HTTP connection the bot keeps open to it (so their
    number follows the bot's connection pool, not the games) and the gateway's websocket."""
    return task_kind(task).startswith("RequestHandler.")


def task_kinds(tasks: Iterable[asyncio.Task[Any]]) -> dict[str, int]:
    return dict(collections.Counter(task_kind(t) for t in tasks).most_common())


def live_tasks() -> set[asyncio.Task[Any]]:
    current = asyncio.current_task()
    return {t for t in asyncio.all_tasks() if t is not current and not t.done()}


async def idle_window(label: str, seconds: float, probe: Probe, fake: FakeDiscord) -> dict[str, float]:
    """Sit for `seconds` and count what the process spent; prints one line per figure."""
    gc.collect()  # the setup's garbage is not the idle period's cost
    tasks = live_tasks()
    wake0, passes0, fired0, calls0 = probe.wakeups, probe.passes, probe.fired, len(fake.calls)
    expiry0, beats0 = probe.expiry_checks, fake.gateway.stats.heartbeats
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    figures = {
        "cpu_ms": 1000 * cpu,
        "cpu_ms_per_s": 1000 * cpu / wall,
        "wakeups": probe.wakeups - wake0,
        "passes": probe.passes - passes0,
        "fired": probe.fired - fired0,
        "rest_calls": len(fake.calls) - calls0,
        "expiry_checks": probe.expiry_checks - expiry0,
        "heartbeats": fake.gateway.stats.heartbeats - beats0,
        "tasks": len(tasks),
        "bot_tasks": sum(1 for t in tasks if not fake_server_task(t)),
    }
    print(f"[{label}] idle seconds: {wall:.1f}")
    print(f"[{label}] process cpu ms: {figures['cpu_ms']:.1f} ({figures['cpu_ms_per_s']:.3f} ms per second)")
    print(f"[{label}] scheduler wake-ups (something due): {figures['wakeups']:.0f}")
    print(f"[{label}] scheduler loop passes (woken at all): {figures['passes']:.0f}")
    print(f"[{label}] deadlines fired: {figures['fired']:.0f}")
    print(f"[{label}] REST calls by the bot: {figures['rest_calls']:.0f}")
    print(
        f"[{label}] other timers in the window: lobby expiry checks {figures['expiry_checks']:.0f} "
        f"(every 30 s), gateway heartbeats {figures['heartbeats']:.0f} (every 41.25 s)"
    )
    print(
        f"[{label}] asyncio tasks alive: {len(tasks)}, of them the fake's aiohttp server's "
        f"{len(tasks) - figures['bot_tasks']:.0f}: {task_kinds(tasks)}"
    )
    return figures


def deadline_rows(path: Path) -> dict[str, int]:
    """Rows of the deadlines table by kind (running ones), read with sqlite3 as a person would."""
    with sqlite3.connect(path, timeout=10) as db:
        rows = db.execute("SELECT kind, COUNT(*) FROM deadlines WHERE paused = 0 GROUP BY kind").fetchall()
    return {str(kind): int(count) for kind, count in rows}


async def open_through_fake(fake: FakeDiscord, channel: FakeChannel) -> None:
    """As people do: /play, Join, Start."""
    played = await fake.slash(fake.alice, channel, PLAY, dict(PLAY_OPTIONS))
    await played.wait_answered(timeout=120)
    lobby = played.original
    assert lobby is not None and "Clock: standard" in lobby.text(), "a lobby with the standard clock"
    joined = await fake.click(fake.bob, lobby, label="Join")
    await joined.wait_answered(timeout=120)
    started = await fake.click(fake.alice, lobby, next(c for c in lobby.custom_ids() if c.endswith(":start")))
    await started.wait_answered(timeout=120)


async def open_directly(bot: GardenClubBot, fake: FakeDiscord, channel: FakeChannel) -> None:
    """Through the bot's services: the lobby, Bob's seat, the start, then the board published
    (board, turn notice, Alice's clock) as after the Start click."""
    lobbies = bot.table.lobbies
    change = await lobbies.open(
        guild_id=fake.guild.id,
        channel_id=channel.id,
        game_name="cabbagehead",
        options=CabbageheadOptions.model_validate({"first_seat": 0}),
        host_id=fake.alice.id,
        host_name="Alice",
        players=2,
        clock="standard",
    )
    game_id = change.position.game_id
    await lobbies.join(game_id, fake.bob.id, "Bob")
    await lobbies.start(game_id, fake.alice.id)
    bot.table.publisher.request(game_id)


async def in_batches(jobs: list[Callable[[], Awaitable[None]]], concurrency: int) -> None:
    queue = collections.deque(jobs)

    async def worker() -> None:
        while queue:
            await queue.popleft()()

    await asyncio.gather(*(worker() for _ in range(concurrency)))


async def settled(bot: GardenClubBot, path: Path, games: int, timeout: float = 300.0) -> dict[str, int]:
    """Wait until every game shows a running turn row and no board is being published."""
    deadline = time.monotonic() + timeout
    while True:
        rows = deadline_rows(path)
        publishing = [
            s for s in bot.table.sessions.live() if s.publish_task is not None and not s.publish_task.done()
        ]
        if rows.get("turn", 0) >= games and not publishing:
            return rows
        if time.monotonic() > deadline:
            raise SystemExit(f"not settled after {timeout:.0f} s: rows {rows}, {len(publishing)} publishing")
        await asyncio.sleep(0.5)


async def due_batch(bot: GardenClubBot, probe: Probe, fake: FakeDiscord, path: Path, count: int) -> None:
    """`count` games' half-time reminders made due at once, then the scheduler poked."""
    with sqlite3.connect(path, timeout=10) as db:
        ids = [
            int(row[0])
            for row in db.execute(
                "SELECT game_id FROM deadlines WHERE kind = 'turn' AND step = 0 ORDER BY game_id LIMIT ?",
                (count,),
            )
        ]
        marks = ", ".join("?" for _ in ids)
        db.execute(
            f"UPDATE deadlines SET due = ? WHERE kind = 'turn' AND game_id IN ({marks})",
            [time.time() - 1, *ids],
        )
    fired0, wake0, passes0, calls0 = probe.fired, probe.wakeups, probe.passes, len(fake.calls)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    probe.scheduler.poke()
    limit = time.monotonic() + 120
    while probe.fired - fired0 < len(ids) or probe.passes - passes0 < 2:  # fired all, then slept again
        if time.monotonic() > limit:
            raise SystemExit(f"only {probe.fired - fired0} of {len(ids)} deadlines fired in 120 s")
        await asyncio.sleep(0.001)
    cpu, wall = time.process_time() - cpu0, probe.last_fired_at - wall0
    with sqlite3.connect(path, timeout=10) as db:
        (advanced,) = db.execute(
            f"SELECT COUNT(*) FROM deadlines WHERE kind = 'turn' AND step = 1 AND game_id IN ({marks})", ids
        ).fetchone()
    calls = fake.calls[calls0:]
    posted = sum(1 for c in calls if c.method == "POST" and c.route == "/channels/{channel_id}/messages")
    print(
        f"[due batch] deadlines made due at once: {len(ids)}; fired: {probe.fired - fired0}; "
        f"rows now at the second reminder: {advanced}"
    )
    print(f"[due batch] reminders posted (POST messages): {posted}; REST calls in all: {len(calls)}")
    print(f"[due batch] scheduler wake-ups: {probe.wakeups - wake0}")
    print(f"[due batch] wall ms from poke to the last reminder sent: {1000 * wall:.0f}")
    print(
        f"[due batch] process cpu ms (bot + fake): {1000 * cpu:.0f}; per deadline fired: "
        f"{1000 * cpu / max(len(ids), 1):.2f}"
    )


async def run(args: argparse.Namespace) -> None:
    fake = FakeDiscord(checker=PayloadChecker.disabled())
    channels = [fake.add_text_channel(fake.guild, f"clock-{i}") for i in range(args.games)]
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        runner = BotRunner(fake, Path(tmp) / "data")
        settings = Settings(
            _env_file=None,
            discord_token=fake.token,
            discord_api_base=fake.api_base,
            discord_gateway_url=fake.gateway_url,
            database_path=Path(tmp) / "data" / "garden-club.sqlite3",
            log_level="WARNING",
            picture_budget_ms=0.0,  # pictures off
        )
        settle_memory()  # as `python -m bot` does before it starts
        bot = await runner.start(settings, timeout=60)
        try:
            await measure(args, fake, bot, channels, settings.database_path)
        finally:
            await runner.stop()
            await fake.stop()


async def measure(
    args: argparse.Namespace, fake: FakeDiscord, bot: GardenClubBot, channels: list[FakeChannel], path: Path
) -> None:
    probe = Probe(bot)
    probe_ok = await fake.slash(fake.alice, fake.general, "help")
    await probe_ok.wait_answered(timeout=30)
    await asyncio.sleep(args.settle)
    base = await idle_window("0 games", args.seconds, probe, fake)

    direct = min(args.direct, args.games)
    through = args.games - direct
    t0 = time.perf_counter()
    jobs: list[Callable[[], Awaitable[None]]] = [
        functools.partial(open_through_fake, fake, c) for c in channels[:through]
    ]
    await in_batches(jobs, args.concurrency)
    t_fake = time.perf_counter() - t0
    t1 = time.perf_counter()
    jobs = [functools.partial(open_directly, bot, fake, c) for c in channels[through:]]
    await in_batches(jobs, args.concurrency)
    t_direct = time.perf_counter() - t1
    rows = await settled(bot, path, args.games)
    t_all = time.perf_counter() - t0
    print(
        f"setup: {through} games through the fake (/play, Join, Start) in {t_fake:.1f} s, "
        f"{direct} through the bot's services in {t_direct:.1f} s; "
        f"all {args.games} published with their clocks running after {t_all:.1f} s"
    )
    print(
        f"deadlines table: {rows.get('turn', 0)} running turn rows, {rows.get('abandon', 0)} abandon rows "
        f"({sum(rows.values())} rows in all) for {args.games} games"
    )
    next_due = await bot.store.next_due()
    ahead = (next_due - time.time()) if next_due is not None else float("inf")
    print(f"earliest deadline: in {ahead:.0f} s")
    await asyncio.sleep(args.settle)
    if ahead < args.settle + args.seconds + 5:
        raise SystemExit("the earliest deadline would fall in the idle window: use fewer games or seconds")
    loaded = await idle_window(f"{args.games} games", args.seconds, probe, fake)

    extra = loaded["cpu_ms"] - base["cpu_ms"]
    print(
        f"idle cpu with {args.games} clocked games, less the baseline: {extra:.1f} ms over "
        f"{args.seconds:.0f} s ({extra / args.seconds:.3f} ms per second)"
    )
    print(
        f"asyncio tasks: {loaded['tasks']:.0f} with {args.games} games, {base['tasks']:.0f} with 0 "
        f"(difference {loaded['tasks'] - base['tasks']:+.0f}); not counting the fake's server: "
        f"{loaded['bot_tasks']:.0f} against {base['bot_tasks']:.0f} "
        f"({loaded['bot_tasks'] - base['bot_tasks']:+.0f})"
    )
    if args.due > 0:
        await due_batch(bot, probe, fake, path, min(args.due, args.games))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="two-player games with the standard clock")
    parser.add_argument("--seconds", type=float, default=20.0, help="idle seconds measured (each window)")
    parser.add_argument(
        "--direct",
        type=int,
        default=0,
        help="of the games, how many to make through the bot's services instead of the fake (default 0)",
    )
    parser.add_argument("--concurrency", type=int, default=20, help="games being set up at once")
    parser.add_argument("--due", type=int, default=50, help="games made due at once afterwards (0: skip)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds waited before each idle window")
    args = parser.parse_args()
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:  # uvloop, as `python -m bot`
        runner.run(run(args))


if __name__ == "__main__":
    main()
