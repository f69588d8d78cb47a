"""Load benchmark: the real bot (`python -m bot`, its own process) against the tests' fake Discord.

Many games are kept in progress at once, one per channel, and people's interactions (opening a
game, joining, starting, "My hand", picking moves through the pickers) arrive as
INTERACTION_CREATE events. Two modes:

  --rate R      open loop: interactions arrive R per second in all, whether or not earlier ones
                were answered (an arrival goes to a game that is not waiting for an answer);
                ends with `p50 ms: N` and `p99 ms: N`.
  --saturate    closed loop: every game sends its next interaction as soon as the last one is
                answered; ends with `interactions/s: N`, the most the bot sustains.

Latency is the bot's handling time per interaction as the fake sees it: from the moment the event
is handed to the gateway until the bot's interaction callback (the first response) arrives. Both
sides' CPU is printed; `bot cpu ms/interaction` divides the bot process's CPU time in the measured
window by the interactions answered in it (board edits and turn notices included in that CPU).

Examples:
  python benchmarks/bot_load.py --games 100 --rate 50 --seconds 20
  python benchmarks/bot_load.py --games 100 --saturate --seconds 20
  python benchmarks/bot_load.py --games 100 --rate 50 --bot-python /tmp/venv-debian/bin/python

`--bot-python` runs the bot under another interpreter (the project installed in its environment,
e.g. `/usr/bin/python3 -m venv /tmp/venv-debian && /tmp/venv-debian/bin/pip install -e '.[dev]'`):
pyenv's CPython is built without profile-guided optimisation, the Docker image's is built with it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.registry import all_games  # noqa: E402
from tests.fake_discord.checks import PayloadChecker  # noqa: E402
from tests.fake_discord.fake import FakeDiscord  # noqa: E402
from tests.fake_discord.model import (  # noqa: E402
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    walk_components,
)

HAND = "My hand / My turn"
BOARD_EDIT = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
#: A table's footer while its picture waits: "Game #3 · move 12 · picture shows move 9 (updating)".
KEPT_PICTURE = re.compile(r"· move (\d+) · picture shows move (\d+)")
#: Interaction callback types that answer "later" (the bot deferred: it was slow).
DEFERRED_MESSAGE, DEFERRED_UPDATE = 5, 6
#: `python -m bot` under cProfile timed in the main thread's CPU time (not wall time: on a shared
#: machine a wall-clock profile blames whatever call the process was preempted in).
PROFILED_BOT = (
    "import cProfile, runpy, sys, time\n"
    "profile = cProfile.Profile(time.thread_time)\n"
    "path, sys.argv = sys.argv[1], ['bot']\n"
    "profile.enable()\n"
    "try:\n"
    "    runpy.run_module('bot', run_name='__main__', alter_sys=True)\n"
    "finally:\n"
    "    profile.disable()\n"
    "    profile.dump_stats(path)\n"
)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` (from /proc)."""
    return sum(process_cpu_split(pid))


def process_cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of process `pid` (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Table:
    """One channel's game as the load generator drives it."""

    channel: FakeChannel
    players: list[FakeUser]
    phase: str = "play"
    lobby: FakeMessage | None = None
    board: FakeMessage | None = None
    hand: FakeMessage | None = None
    to_move: int = 0
    busy: bool = False
    games_finished: int = 0


@dataclass
class Recorder:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    answered: int = 0
    failures: int = 0
    skipped_arrivals: int = 0
    #: The bot's REST calls in the measured window.
    calls: list[Any] = field(default_factory=list)
    #: The bot's user and system CPU seconds in the measured window.
    bot_user_sys: tuple[float, float] = (0.0, 0.0)


class Load:
    def __init__(self, fake: FakeDiscord, game: str, seed: int) -> None:
        self.fake = fake
        self.game = game
        self.rng = random.Random(seed)
        self.recorder = Recorder()

    def command(self) -> tuple[str, dict[str, Any]]:
        """The `/play` command that opens a game of `--game` (a two-player lobby but for Cabbagehead)."""
        if self.game == "cabbagehead":
            return "play cabbagehead", {}
        if self.game == "sabotage":
            return "play sabotage", {}
        return "play secret-numbers", {"turns": 4}

    async def interact(self, table: Table) -> None:
        """Send the table's next interaction, wait for its answer, and advance the table."""
        table.busy = True
        try:
            interaction = await self._send(table)
            response = await interaction.wait_answered(timeout=30)
            if self.recorder.measuring:
                self.recorder.answered += 1
                if interaction.latency is not None:
                    self.recorder.latencies.append(interaction.latency)
            if response.type in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
                await self._completed(interaction)
            self._advance(table, interaction)
        except (AssertionError, KeyError, IndexError):
            self.recorder.failures += 1
            table.phase, table.board = "hand", None  # start over from the board (or a new game)
            await asyncio.sleep(0.1)
        finally:
            table.busy = False

    async def _completed(self, interaction: FakeInteraction) -> None:
        """Wait for the rest of a deferred answer (the bot was slow: it deferred, then edits or
        follows up), as the player would."""
        token = str(interaction.payload["token"])

        def done() -> bool:
            return any(
                token in call.path and not call.path.endswith("/callback") and call.status
                for call in reversed(self.fake.calls[-200:])
            )

        await self.fake.wait_until(done, timeout=30, what="the deferred answer")

    async def _send(self, table: Table) -> FakeInteraction:
        fake = self.fake
        if table.phase == "play":
            name, options = self.command()
            return await fake.slash(table.players[0], table.channel, name, options)
        if table.phase == "join":
            assert table.lobby is not None
            return await fake.click(table.players[1], table.lobby, label="Join")
        if table.phase == "start":
            assert table.lobby is not None
            return await fake.click(table.players[0], table.lobby, label="Start")
        if table.phase == "hand":
            if table.board is None or table.board.deleted:
                try:
                    table.board = self._find_board(table)
                except KeyError:  # no live board: that game is over
                    table.phase = "play"
                    return await self._send(table)
            return await fake.click(table.players[table.to_move], table.board, label=HAND)
        assert table.hand is not None
        user = table.players[table.to_move]
        buttons = [b for b in table.hand.buttons() if str(b.get("custom_id", "")).startswith("gc:c:")]
        menus = table.hand.selects()
        actions = [b for b in buttons if b["custom_id"].rsplit(":", 1)[1].startswith("a")]
        if actions:
            return await fake.click(user, table.hand, self.rng.choice(actions)["custom_id"])
        if menus:
            menu = self.rng.choice(menus)
            value = self.rng.choice(menu["options"])["value"]
            return await fake.select(user, table.hand, menu["custom_id"], [value])
        forward = [b for b in buttons if not b["custom_id"].endswith(":p0")] or buttons
        return await fake.click(user, table.hand, self.rng.choice(forward)["custom_id"])

    def _find_board(self, table: Table) -> FakeMessage:
        for message in reversed(self.fake.public_messages(table.channel)):
            if any(c.startswith("gc:hand:") for c in message.custom_ids()):
                return message
        raise KeyError("no board")

    def _advance(self, table: Table, interaction: FakeInteraction) -> None:
        message = interaction.followups[0] if interaction.followups else interaction.original
        text = message.text() if message is not None else ""
        if table.phase == "play":
            if "lobby" in text and message is not None:
                table.lobby, table.phase = message, "join"
            else:
                table.board, table.phase, table.to_move = message, "hand", 0
        elif table.phase == "join":
            table.phase = "start"
        elif table.phase == "start":
            table.board, table.phase, table.to_move = table.lobby, "hand", 0
        elif table.phase == "hand":
            offers = message is not None and any(
                c.startswith(("gc:c:", "gc:s:")) for c in message.custom_ids()
            )
            if message is not None and message.ephemeral and offers:
                table.hand, table.phase = message, "act"
                return
            self._after_turn(table, text)
        else:
            if "This game is over." in text or "Game over" in text:
                table.phase, table.games_finished = "play", table.games_finished + 1
                table.board = table.hand = None
            elif message is not None and any(c.startswith(("gc:c:", "gc:s:")) for c in message.custom_ids()):
                table.hand = message
            else:
                self._after_turn(table, text)

    def _after_turn(self, table: Table, text: str) -> None:
        """Whose turn now, read from the hand's "Now: **Name**" line (else the other player)."""
        if "This game is over." in text:
            table.phase, table.board, table.hand = "play", None, None
            table.games_finished += 1
            return
        match = re.search(r"Now: \*\*([^*]+)\*\*", text)
        names = [p.name.title() for p in table.players]
        if match and match.group(1) in names:
            table.to_move = names.index(match.group(1))
        else:
            table.to_move = (table.to_move + 1) % len(table.players)
        table.phase = "hand"


async def start_bot(
    fake: FakeDiscord,
    data_dir: Path,
    picture_budget_ms: float | None = None,
    python: str | None = None,
    *,
    wrapper: Sequence[str] = (),
    ready_seconds: float = 50.0,
) -> asyncio.subprocess.Process:
    """`python -m bot` against the fake, under `python` (default: this interpreter), run through
    `wrapper` (e.g. valgrind) when given; returns once it answers a command."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_PATH": str(data_dir / "garden-club.sqlite3"),
        "LOG_LEVEL": "WARNING",
    }
    if picture_budget_ms is not None:  # else the bot's default, as a server owner runs it
        env["PICTURE_BUDGET_MS"] = str(picture_budget_ms)
    profile = os.environ.get("BOT_LOAD_PROFILE")  # a path: run the bot under cProfile, saved there
    command = ["-c", PROFILED_BOT, profile] if profile else ["-m", "bot"]
    process = await asyncio.create_subprocess_exec(
        *wrapper, python or sys.executable, *command, cwd=data_dir, env=env
    )
    await fake.gateway.wait_connected(timeout=ready_seconds)
    for _ in range(round(ready_seconds * 2)):  # ready once it answers
        probe = await fake.slash(fake.alice, fake.general, "help")
        try:
            await probe.wait_answered(timeout=0.5)
            return process
        except AssertionError:
            continue
    raise SystemExit("the bot never became ready")


async def run(args: argparse.Namespace) -> None:
    fake = FakeDiscord(checker=PayloadChecker(spec=None))  # limits only: keep the generator light
    channels = [fake.add_text_channel(fake.guild, f"table-{i}") for i in range(args.games)]
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        process = await start_bot(fake, Path(tmp), args.picture_budget_ms, args.bot_python)
        try:
            await drive(fake, process.pid, channels, args)
        finally:
            await stop_bot(process)
            await fake.stop()


async def stop_bot(process: asyncio.subprocess.Process, seconds: float = 20.0) -> None:
    """A clean stop (SIGINT: a written profile, if asked), or a kill after `seconds`."""
    process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        process.kill()
        await process.wait()


async def drive(fake: FakeDiscord, pid: int, channels: list[FakeChannel], args: argparse.Namespace) -> None:
    game = args.game
    players = [fake.alice] if game == "cabbagehead" else [fake.alice, fake.bob]
    load = Load(fake, game, args.seed)
    tables = [Table(channel=c, players=players) for c in channels]
    # Open every game first (not measured), so the measured window has them all in progress.
    await asyncio.gather(*(load.interact(t) for t in tables))
    while any(t.phase in ("join", "start") for t in tables):
        await asyncio.gather(*(load.interact(t) for t in tables if t.phase in ("join", "start")))
    rec = load.recorder
    stop_at = time.monotonic() + args.warmup + args.seconds
    running: set[asyncio.Task[None]] = set()

    async def closed_loop(table: Table) -> None:
        while time.monotonic() < stop_at:
            await load.interact(table)

    async def open_loop() -> None:
        interval = 1.0 / args.rate
        next_at = time.monotonic()
        while time.monotonic() < stop_at:
            idle = [t for t in tables if not t.busy]
            if idle:
                task = asyncio.create_task(load.interact(load.rng.choice(idle)))
                running.add(task)
                task.add_done_callback(running.discard)
            elif rec.measuring:
                rec.skipped_arrivals += 1
            next_at += interval
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))

    async def measure() -> tuple[float, float, float]:
        await asyncio.sleep(args.warmup)
        rec.measuring = True
        bot0, gen0, t0 = process_cpu_seconds(pid), own_cpu_seconds(), time.monotonic()
        split0 = process_cpu_split(pid)
        first_call = len(fake.calls)
        await asyncio.sleep(args.seconds)
        rec.measuring = False
        rec.calls = fake.calls[first_call:]
        split1 = process_cpu_split(pid)
        rec.bot_user_sys = (split1[0] - split0[0], split1[1] - split0[1])
        return process_cpu_seconds(pid) - bot0, own_cpu_seconds() - gen0, time.monotonic() - t0

    if args.saturate:
        measured = asyncio.create_task(measure())
        await asyncio.gather(*(closed_loop(t) for t in tables))
    else:
        measured = asyncio.create_task(measure())
        await open_loop()
    bot_cpu, gen_cpu, elapsed = await measured
    if running:
        await asyncio.wait(running, timeout=10)

    lat = sorted(x * 1000 for x in rec.latencies)
    count = rec.answered
    print(f"game: {game}, games in progress: {len(tables)}, measured seconds: {elapsed:.1f}")
    print(
        f"interactions answered: {count}, failures: {rec.failures}, arrivals skipped (all busy): "
        f"{rec.skipped_arrivals}, games finished: {sum(t.games_finished for t in tables)}"
    )
    print(
        f"bot cpu s: {bot_cpu:.2f} ({100 * bot_cpu / elapsed:.0f}% of one core; user "
        f"{rec.bot_user_sys[0]:.2f}, system {rec.bot_user_sys[1]:.2f}); "
        f"load generator + fake cpu s: {gen_cpu:.2f} ({100 * gen_cpu / elapsed:.0f}% of one core)"
    )
    if lat:
        print(f"latency ms: mean {statistics.fmean(lat):.1f}, max {lat[-1]:.1f}")
    print_pictures(rec.calls, elapsed)
    print(f"bot cpu ms/interaction: {1000 * bot_cpu / max(count, 1):.2f}")
    if args.saturate:
        print(f"interactions/s: {count / elapsed:.0f}")
    else:
        print(f"p50 ms: {percentile(lat, 50):.1f}")
        print(f"p99 ms: {percentile(lat, 99):.1f}")


def print_pictures(calls: list[Any], elapsed: float) -> None:
    """How the picture budget shared out: board edits with a new picture, with the picture kept
    (a newer one waits for the budget), and hands answered with a picture."""
    edits = [c for c in calls if c.method == "PATCH" and c.route == BOARD_EDIT]
    drawn = sum(1 for c in edits if c.files)
    kept = sum(1 for c in edits if not c.files and "attachments" not in (c.json or {}))
    answers = [c for c in calls if c.route == CALLBACK]
    hands = sum(1 for c in answers if c.files)
    behind = [
        int(found.group(1)) - int(found.group(2))
        for c in edits
        for item in walk_components((c.json or {}).get("components") or [])
        if (found := KEPT_PICTURE.search(str(item.get("content", ""))))
    ]
    lag = f"{statistics.fmean(behind):.1f} moves on average" if behind else "-"
    print(
        f"board edits: {len(edits)}, with a new picture: {drawn} ({drawn / elapsed:.1f}/s), "
        f"picture kept: {kept} (behind by {lag}); answers with a hand picture: {hands} of {len(answers)}"
    )


def percentile(sorted_values: list[float], pct: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(pct / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[index]


def main() -> None:
    games = all_games()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games in progress at once (one per channel)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--rate", type=float, default=50.0, help="open loop: interactions per second in all")
    mode.add_argument("--saturate", action="store_true", help="closed loop: as fast as the bot answers")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument(
        "--game", choices=sorted(games), default="cabbagehead" if "cabbagehead" in games else "secret_number"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--picture-budget-ms",
        type=float,
        default=None,
        help="the bot's PICTURE_BUDGET_MS (default: the bot's own default; 1000 = draw every move)",
    )
    parser.add_argument(
        "--bot-python",
        default=None,
        help="run the bot under this interpreter, with the project installed in its environment "
        "(default: this one). E.g. an optimised build like the Docker image's: see docs/performance.md",
    )
    args = parser.parse_args()
    print(f"bot interpreter: {describe_python(args.bot_python or sys.executable)}")
    asyncio.run(run(args))


def describe_python(python: str) -> str:
    """`python`'s version and build: the same code runs about a tenth cheaper on an optimised build
    (this machine's Debian Python) than on pyenv's default build (docs/performance.md)."""
    probe = "import platform; print(platform.python_version(), *platform.python_build())"
    found = subprocess.run([python, "-c", probe], capture_output=True, text=True, check=False)
    return f"{python} ({found.stdout.strip() or 'unknown'})"


if __name__ == "__main__":
    main()
