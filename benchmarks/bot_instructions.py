"""The bot's work per interaction, counted rather than timed: the same clicks give the same figures.

Timed figures on a shared machine move by a fifth from one minute to the next (docs/performance.md),
so a change worth a few percent cannot be seen in them. This benchmark plays a fixed, seeded series
of interactions (the same generator as `bot_load.py`: "My hand", picker steps, moves), one at a
time, and reports two counts:

- **Instructions per interaction**: the real bot (`python -m bot`, its own process) runs under
  valgrind's callgrind, which counts every instruction its threads execute (Python, discord.py,
  SQLite, orjson...; not the kernel's). The same code and the same clicks give the same count
  within about half a percent, whatever else the machine is doing. Printed with the share of each
  library.
- **Context switches per interaction** of the bot's threads (a second run, without valgrind, from
  `/proc`): each is a sleep and a wake-up, which on a virtual machine costs far more CPU than its
  instructions (caches gone cold), so fewer hand-offs between threads matter beyond the count.

Pictures are off by default (`--picture-budget-ms 0`): valgrind cannot run Pillow's vector code
paths, and `render_speed.py` measures drawings. Needs valgrind (`apt install valgrind`).

`--floor` counts benchmarks/floor_bot.py instead: the same bot answering every table click
after its first 40 with a table it drew before (no engine, store or publisher), so that what our
own work adds to a click is the difference, counted exactly (`--from-table` only: the floor
replays tables).

`--peer` counts the peer of the side-by-side instead (benchmarks/peer_bot.py, `discord-games`'
Connect Four, driven as `side_by_side.py` drives it): issue 31's ratios to the peer, counted
rather than timed, so that they do not move with the machine's hour.

`--together` sends the interactions in rounds, one a game at once (`--games 20`: twenty clicks
waiting on the bot together, as at 20 games flat out), instead of one at a time: what a click
costs when the event loop serves several per wake-up.

`--flat-out` plays the games as the side-by-side does (each sends its next interaction as soon
as its last is answered), counting the first `--interactions` sent after the warm-up: what a
click costs in the sitting's closed loop, where the board edits of a game whose moves come
quicker than its table is redrawn coalesce (the bot under valgrind is slower than the players,
so more of them do than in the sitting).

`--cache-sim` also has callgrind simulate the caches, its last level sized as one core's L2 here
(1 MiB, 16-way: `lscpu`), and prints the misses per interaction. What a click costs in time at
20 games flat out is not its instructions alone: a miss in L2 waits on the shared L3 or memory,
so a click that touches more memory than another takes longer for the same count
(docs/performance.md, "instructions and misses beside the peer").

`--zones module:name,...` runs the bot with each named function (`bot.play.moves:Moves._apply`)
called inside a C frame of its own (benchmarks/zoned_bot.py, whose extension is built from
benchmarks/zones/zones.c: needs a C compiler and Python's headers), and prints each one's count per
interaction with its callees (and, with `--cache-sim`, its misses): which part of a click
touches the memory, where callgrind alone says only "the evaluation loop".

`--profile PATH` plays the same interactions without valgrind, the bot under cProfile counting
only the measured ones (not its start, nor the warm-up), and writes the profile to PATH: where
the count goes, by Python function (`pstats`).

  python benchmarks/bot_instructions.py [--interactions 300] [--warmup 40] [--games 4] [--profile PATH]
  python benchmarks/bot_instructions.py --from-table --floor
  python benchmarks/bot_instructions.py --peer
  python benchmarks/bot_instructions.py --peer --games 20 --together --cache-sim
  python benchmarks/bot_instructions.py --game sabotage --games 20 --flat-out
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bot_load import Load, Table, describe_python, interpreter, start_bot, stop_bot  # noqa: E402
from benchmarks.floor_bot import RECORDED  # noqa: E402
from benchmarks.floor_bot import SCRIPT as FLOOR_BOT  # noqa: E402
from benchmarks.side_by_side import PEER_BOT, PeerLoad  # noqa: E402
from benchmarks.zoned_bot import SCRIPT as ZONED_BOT  # noqa: E402
from engine.registry import all_games  # noqa: E402
from tests.fake_discord.checks import PayloadChecker  # noqa: E402
from tests.fake_discord.fake import FakeDiscord  # noqa: E402

#: One core's L2 cache on this machine (`lscpu`: 2 MiB in 2 instances), the last level that
#: `--cache-sim` simulates: the shared L3 is where a miss there waits.
L2_BYTES = 1 << 20
#: callgrind's record of the measured interactions (it zeroes its counts, then dumps them).
CALLGRIND_OUT = "callgrind.out"
#: The bot under cProfile (`--profile`), counting from SIGUSR1 until SIGUSR2, which writes it.
PROFILED_FROM_SIGNALS = (
    "import cProfile, runpy, signal, sys, time\n"
    "profile = cProfile.Profile(time.thread_time)\n"
    "path, sys.argv = sys.argv[1], ['bot']\n"
    "def written(*_):\n"
    "    profile.disable()\n"
    "    profile.dump_stats(path)\n"
    "signal.signal(signal.SIGUSR1, lambda *_: profile.enable())\n"
    "signal.signal(signal.SIGUSR2, written)\n"
    "runpy.run_module('bot', run_name='__main__', alter_sys=True)\n"
)


@dataclass
class Counted:
    """What one run counted over the measured interactions."""

    answered: int
    failures: int
    #: REST calls by "METHOD route".
    calls: Counter[str]
    #: Context switches by thread id, and the event-loop thread's id (the process id).
    switches: Counter[str]
    main_thread: str
    #: The measured interactions by kind (moves, picker steps, "My hand", ...).
    kinds: Counter[str]


async def play(
    args: argparse.Namespace, wrapper: list[str], data_dir: Path, profile: Path | None = None
) -> Counted:
    """Start the bot (under `wrapper`; or with `profile`, under cProfile writing there), open
    `--games` games, play `--warmup` interactions, then the measured `--interactions`; returns
    what was counted over the measured ones."""
    fake = FakeDiscord(checker=PayloadChecker(spec=None))
    channels = [fake.add_text_channel(fake.guild, f"table-{i}") for i in range(args.games)]
    await fake.start()
    command = ["-c", PROFILED_FROM_SIGNALS, str(profile)] if profile is not None else None
    if args.floor:
        command = [FLOOR_BOT]
    if args.peer:
        command = [PEER_BOT]
    if args.zones and wrapper:
        command = [ZONED_BOT, str(data_dir.parent / "zones"), args.zones]
    process = await start_bot(
        fake,
        data_dir,
        args.picture_budget_ms,
        args.bot_python,
        wrapper=wrapper,
        ready_seconds=600,
        command=command,
    )
    try:
        players = [fake.alice] if args.game == "cabbagehead" and not args.peer else [fake.alice, fake.bob]
        load = (
            PeerLoad(fake, "connect_four", args.seed)
            if args.peer
            else Load(fake, args.game, args.seed, from_table=args.from_table)
        )
        tables = [Table(channel=c, players=players) for c in channels]
        for table in tables:  # open every game (lobby, join, start) before counting
            while table.phase in ("play", "join", "start"):
                await load.interact(table)
        await interact(load, tables, args.warmup)
        if wrapper:
            await callgrind_control("-z", process.pid)  # count from here
        if profile is not None:
            process.send_signal(signal.SIGUSR1)  # profile from here
        switches_before = thread_switches(process.pid)
        first_call = len(fake.calls)
        load.recorder.measuring = True
        await interact(load, tables, args.interactions, together=args.together, flat_out=args.flat_out)
        load.recorder.measuring = False
        if wrapper:
            await callgrind_control("-d", process.pid)  # write what was counted since
        if profile is not None:
            process.send_signal(signal.SIGUSR2)  # write what was profiled since
            for _ in range(100):
                if profile.exists():
                    break
                await asyncio.sleep(0.1)
        switches = thread_switches(process.pid)
        for thread, count in switches_before.items():
            switches[thread] -= count
        calls = Counter(f"{c.method} {c.route}" for c in fake.calls[first_call:])
        rec, pid = load.recorder, str(process.pid)
        return Counted(rec.answered, rec.failures, calls, switches, pid, rec.kinds)
    finally:
        await stop_bot(process, seconds=300)  # valgrind takes its time to write its counts
        await fake.stop()


async def interact(
    load: Load, tables: list[Table], count: int, together: bool = False, flat_out: bool = False
) -> None:
    """`count` interactions, one at a time, going round the tables; `together`: in rounds of one
    a table sent at once, the next round when all are answered; `flat_out`: every table sends its
    next as soon as its last is answered (the side-by-side's closed loop), until `count` are sent."""
    if flat_out:
        left = [count]

        async def play(table: Table) -> None:
            while left[0] > 0:
                left[0] -= 1
                await load.interact(table)

        await asyncio.gather(*(play(table) for table in tables))
        return
    if not together:
        for number in range(count):
            await load.interact(tables[number % len(tables)])
        return
    for start in range(0, count, len(tables)):
        await asyncio.gather(*(load.interact(table) for table in tables[: count - start]))


async def callgrind_control(flag: str, pid: int) -> None:
    process = await asyncio.create_subprocess_exec(
        "callgrind_control",
        flag,
        str(pid),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    if await process.wait() != 0:
        raise SystemExit(f"callgrind_control {flag} failed")


def thread_switches(pid: int) -> Counter[str]:
    """Context switches (voluntary and not) so far of each thread of process `pid`, by thread id."""
    counts: Counter[str] = Counter()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            status = (task / "status").read_text()
        except OSError:  # the thread just ended
            continue
        counts[task.name] = sum(int(n) for n in re.findall(r"voluntary_ctxt_switches:\s+(\d+)", status))
    return counts


def instructions_by_library(path: Path) -> Counter[str]:
    """Instructions executed in each shared object, from a callgrind output file (self cost: the
    cost lines that follow a `calls=` line are a call's inclusive cost, counted in its callee)."""
    names: dict[str, str] = {}
    totals: Counter[str] = Counter()
    library = "?"
    after_call = False
    for line in path.read_text().splitlines():
        if line.startswith(("ob=", "cob=")):
            found = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line)
            if found is None:
                continue
            if found.group(2):
                names[found.group(1)] = found.group(2)
            if line.startswith("ob="):
                library = names.get(found.group(1), "?")
        elif line.startswith("calls="):
            after_call = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
                continue
            parts = line.split()
            if len(parts) >= 2:
                totals[library] += int(parts[1])
    return totals


def cache_misses(path: Path) -> dict[str, int]:
    """The simulated cache events of a callgrind output file (its `summary:` line), by name."""
    events: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            return dict(zip(events, map(int, line.split()[1:]), strict=True))
    raise SystemExit("callgrind wrote no summary of the measured interactions")


#: The C source of the zones (`--zones`, benchmarks/zoned_bot.py).
ZONES_SOURCE = Path(__file__).resolve().parent / "zones" / "zones.c"


async def build_zones(python: str, into: Path) -> None:
    """Build `ZONES_SOURCE` for `python` into the directory `into` (needs a C compiler and the
    interpreter's headers)."""
    probe = await asyncio.create_subprocess_exec(
        python,
        "-c",
        "import sysconfig as s; print(s.get_paths()['include'], s.get_config_var('EXT_SUFFIX'))",
        stdout=asyncio.subprocess.PIPE,
    )
    include, suffix = (await probe.communicate())[0].decode().split()
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None or not (Path(include) / "Python.h").exists():
        raise SystemExit("--zones needs a C compiler and Python's headers (Debian: gcc, python3-dev)")
    into.mkdir(exist_ok=True)
    build = await asyncio.create_subprocess_exec(
        compiler,
        "-O1",
        "-shared",
        "-fPIC",
        f"-I{include}",
        str(ZONES_SOURCE),
        "-o",
        str(into / f"zones{suffix}"),
    )
    if await build.wait() != 0:
        raise SystemExit("could not build benchmarks/zones/zones.c")


def zone_costs(path: Path, events: list[str]) -> dict[str, list[int]]:
    """Each zone's inclusive cost (`zone_NN` -> counts of `events`), by `callgrind_annotate`."""
    shown = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", f"--show={','.join(events)}", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    costs: dict[str, list[int]] = {}
    for line in shown.splitlines():
        zone = re.search(r":(zone_\d\d) ", line)
        if zone is not None and zone.group(1) not in costs:
            counts = re.findall(r"(?:^|\s)([\d,]+)(?=\s)", line)[: len(events)]
            costs[zone.group(1)] = [int(c.replace(",", "")) for c in counts]
    return costs


def print_zones(args: argparse.Namespace, path: Path, answered: int) -> None:
    """`--zones`: each zone's instructions (and L2 misses) per interaction, callees included."""
    events = ["Ir", "DLmr", "DLmw", "ILmr"] if args.cache_sim else ["Ir"]
    costs = zone_costs(path, events)
    print("inclusive, per interaction (callees included; zones nest):")
    for number, target in enumerate(t for t in args.zones.split(",") if t):
        found = costs.get(f"zone_{number:02d}")
        if found is None:
            print(f"  {target}: never called")
            continue
        per = [count / answered for count in found]
        misses = (
            f", L2 data misses {per[1] + per[2]:,.0f}, L2 instruction misses {per[3]:,.0f}"
            if len(per) == 4
            else ""
        )
        print(f"  {target}: {per[0] / 1e3:,.0f} K instructions{misses}")


def short_name(library: str) -> str:
    """`libpython3.11.so.1.0` -> `libpython3.11`, `orjson.cpython-311-x86_64-linux-gnu.so` -> `orjson`."""
    name = library.rsplit("/", 1)[-1]
    return re.sub(r"(\.cpython-\d+.*|\.so.*|-[0-9a-f]{8}\.so.*)$", "", name)


async def profile_only(args: argparse.Namespace) -> None:
    """`--profile`: the measured interactions under cProfile, no valgrind."""
    path = Path(args.profile).resolve()
    path.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        counted = await play(args, [], Path(tmp), profile=path)
    print(f"game: {args.game}, games: {args.games}, interactions profiled: {counted.answered}")
    print(f"failures: {counted.failures}")
    print(
        f"profile of the measured interactions written to {path}" if path.exists() else "no profile written"
    )


async def main_async(args: argparse.Namespace) -> None:
    if args.profile:
        await profile_only(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        out = data / CALLGRIND_OUT
        wrapper = [
            "valgrind",
            "--tool=callgrind",
            *(["--cache-sim=yes", f"--LL={L2_BYTES},16,64"] if args.cache_sim else []),
            f"--callgrind-out-file={out}",
            f"--log-file={data / 'valgrind.log'}",
        ]
        (data / "valgrind").mkdir()
        if args.zones:
            await build_zones(args.bot_python or sys.executable, data / "zones")
        counted = await play(args, wrapper, data / "valgrind")
        dumps = sorted(data.glob(f"{CALLGRIND_OUT}.*"), key=lambda p: int(p.suffix[1:]))
        if not dumps:
            raise SystemExit("callgrind wrote no dump of the measured interactions")
        by_library = instructions_by_library(dumps[-1])
        if args.keep_dump:
            shutil.copyfile(dumps[-1], args.keep_dump)
        if args.zones:
            print_zones(args, dumps[-1], counted.answered)
        misses = cache_misses(dumps[-1]) if args.cache_sim else None
        (data / "plain").mkdir()
        plain = await play(args, [], data / "plain")

    answered = counted.answered
    total = sum(by_library.values())
    bot = "the floor (benchmarks/floor_bot.py)" if args.floor else "the bot"
    if args.peer:
        bot = "the peer (benchmarks/peer_bot.py, Connect Four)"
    game = "connect_four" if args.peer else args.game
    print(f"{bot}; game: {game}, games: {args.games}, interactions measured: {answered}", end="")
    print(f" (after {args.warmup})")
    print(f"failures: {counted.failures} (valgrind run), {plain.failures} (plain run)")
    print("interactions by kind: " + ", ".join(f"{kind} {n}" for kind, n in counted.kinds.most_common()))
    calls = counted.calls
    print(
        "REST calls per interaction: " + ", ".join(f"{r} {n / answered:.2f}" for r, n in calls.most_common())
    )
    shares = ", ".join(f"{short_name(lib)} {100 * n / total:.1f}%" for lib, n in by_library.most_common(8))
    print(f"where the instructions go: {shares}")
    plain_answered = plain.answered
    switches = plain.switches
    main_thread = switches.pop(plain.main_thread, 0)
    print(
        f"context switches per interaction: event-loop thread {main_thread / plain_answered:.2f}, "
        f"other threads {sum(switches.values()) / plain_answered:.2f}"
    )
    print(f"instructions per interaction: {total / answered / 1e6:.3f} M")
    if misses is not None:
        per = {event: count / answered for event, count in misses.items()}
        print(
            f"simulated misses per interaction: L1 instructions {per['I1mr']:,.0f}, L1 data "
            f"{per['D1mr'] + per['D1mw']:,.0f}; L2 (1 MiB) instructions {per['ILmr']:,.0f}, "
            f"L2 data {per['DLmr'] + per['DLmw']:,.0f} (reads {per['DLmr']:,.0f}, writes {per['DLmw']:,.0f})"
        )


def main() -> None:
    # Not Garden Party: its tables seat three people or more and its reply windows close on their
    # clocks (seconds each), which the count's two players and its one click at a time under
    # valgrind do not wait for (every interaction failed); bot_load.py measures it.
    games = [game for game in all_games() if game != "garden_party"]
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--interactions", type=int, default=300, help="interactions counted")
    parser.add_argument("--warmup", type=int, default=40, help="interactions played before counting")
    parser.add_argument("--games", type=int, default=4, help="games in progress (played in turn)")
    parser.add_argument(
        "--game", choices=sorted(games), default="cabbagehead" if "cabbagehead" in games else "secret_number"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--from-table", action="store_true", help="play Mr. Cabbagehead's Garden on its table, not in My hand"
    )
    parser.add_argument("--picture-budget-ms", type=float, default=0.0, help="the bot's PICTURE_BUDGET_MS")
    parser.add_argument(
        "--bot-python", default=None, type=interpreter, help="run the bot under this interpreter"
    )
    parser.add_argument(
        "--keep-dump", metavar="PATH", help="copy callgrind's count of the measured clicks to PATH"
    )
    parser.add_argument(
        "--profile", metavar="PATH", help="no valgrind: profile the measured interactions into PATH"
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="count benchmarks/floor_bot.py (our tables, none of our work) instead; needs --from-table",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="send one interaction a game at once, in rounds (games in progress at once, not in turn)",
    )
    parser.add_argument(
        "--flat-out",
        action="store_true",
        help="every game sends its next interaction as soon as its last is answered (closed loop)",
    )
    parser.add_argument(
        "--cache-sim", action="store_true", help="also simulate the caches: L1 and L2 misses per interaction"
    )
    parser.add_argument(
        "--peer", action="store_true", help="count the side-by-side's peer (Connect Four) instead"
    )
    parser.add_argument(
        "--zones",
        metavar="MODULE:NAME,...",
        default="",
        help="also count each of these functions' work, callees included (benchmarks/zoned_bot.py)",
    )
    args = parser.parse_args()
    if args.zones and (args.profile or args.floor or args.peer):
        parser.error("--zones counts our bot with valgrind: not with --profile, --floor or --peer")
    if args.peer and (args.floor or args.from_table):
        parser.error("--peer plays the peer's Connect Four: no --floor, no --from-table")
    if args.floor and (args.profile or not args.from_table):
        parser.error("--floor counts table clicks with valgrind: give --from-table, not --profile")
    if args.floor and args.warmup < RECORDED:
        parser.error(f"--floor replays its first {RECORDED} tables: give --warmup {RECORDED} or more")
    if args.cache_sim and args.profile:
        parser.error("--cache-sim counts with valgrind: not with --profile")
    if not args.profile and (shutil.which("valgrind") is None or shutil.which("callgrind_control") is None):
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    print(f"bot interpreter: {describe_python(args.bot_python or sys.executable)}")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
