"""Side by side with a bare button game (issue 31): the peer, and our bot, under one load driver.

The peer is `discord-games`' button Connect Four (a development extra), hosted by
`benchmarks/peer_bot.py`: a plain discord.py game, a view of seven buttons on one message, in
memory, no storage. It runs as its own process against the tests' fake Discord exactly as our bot
does in `benchmarks/bot_load.py`, and is driven by that script's driver (`run` and `drive`: the
same fake, start-up check, measured window, CPU reading and figures), only the clicks differ
(`PeerLoad` below): `/connect4 rival:bob`, then whoever the board's embed names ("**Turn:** bob")
clicks a random column that is not full, until the embed says **Game over**, then a new game.

Subjects, each run in a driver process of its own (its fake and players) beside a fresh bot
process, each closed loop ("flat out": every game sends its next interaction as soon as the last
one is answered), at 1 game and at `--games` (20) games in progress at once, one per channel:

  peer          Connect Four, two people (alice and bob)
  cabbagehead   our Mr. Cabbagehead's Garden, solo, played on its table (/play, picker steps, moves)
  sabotage      our Garden Sabotage, two people (/play, Join, Start, My hand unless the hand
                the bot redrew for the turn is still open, moves)

They run alternately, peer first at each level (peer, cabbagehead, sabotage at 1 game, then the
same at 20 games; `--rounds N` repeats the whole sequence), so the machine's drift falls on all
alike. Printed per subject and level (ranges over the rounds), with the ratio to the peer's figure
of the same level and round:

  cpu ms/interaction    the bot process's user + system CPU in the measured window, divided by the
                        interactions answered in it (work after the answer included)
  interactions/move     interactions answered per move made (the peer's moves are its answered
                        column clicks; ours come from the answers' footers, "game #3 · move 12")
  cpu ms/move           the two above multiplied: issue 31's second CPU target (at most twice
                        the peer's) read off the table
  REST/interaction      the fake's REST requests from the bot in the window (interaction
                        callbacks included) per interaction answered
  p50 / p99 ms          from handing the INTERACTION_CREATE to the gateway to the bot's callback

Each run prints bot_load.py's own lines first (failures, bot log lines, REST calls by kind). The
bot's figures use its defaults, as a server owner runs it (pictures paced by their budget).

    python benchmarks/side_by_side.py                          # 12 s a run, one round (~2 min)
    python benchmarks/side_by_side.py --seconds 30 --rounds 3
    python benchmarks/side_by_side.py --subjects peer,sabotage --games 20

`--subjects peer,floor,cabbagehead` adds the floor: our bot with its own work taken out, every
table click answered with a table recorded earlier (benchmarks/floor_bot.py), so what our
messages' size alone costs. `--subjects peer,peer-plain,...` adds the peer run with discord.py's
defaults (default intents and caches, asyncio's loop, no GC settings) instead of our bot's
runtime settings (benchmarks/peer_bot.py); the ratios stay to `peer`. `cabbagehead-text` is
Cabbagehead with pictures off (`PICTURE_BUDGET_MS=0`, text boards): beside `cabbagehead`, what
the pictures cost a click (every board within the owner's budget, final boards included).

`--rate R` runs the busy level as an open loop of R interactions a second in all (one game at
a time not waiting for an answer gets each), the same arrivals for every subject, instead of flat
out. Flat out, each bot is driven as fast as the driver (the fake and the players, one process on
the other core) keeps up with that bot's messages, and a bot's CPU a click depends on that pace:
the peer's rose from 0.48–0.58 to 0.69–0.72 ms at 20 games when its driver was slowed by what
ours spends more on our messages (docs/performance.md, "Session of 2026-12-06, last"). Paced
alike, the bots' CPU a click is compared on the same load:

    python benchmarks/side_by_side.py --subjects peer,cabbagehead,sabotage --rate 600

`--discord-limits` has the fake keep the limits Discord keeps on a channel's messages (five posts
and five edits a channel in five seconds: tests/fake_discord/rate_limits.py) instead of its loose
default. Flat out, a game moves dozens of times a second, and Garden Sabotage's table edits and
turn notices (a hand's move is answered in the hand, the table edited beside it) come to what
Discord would take of them; the answers, the peer's only calls, are not held:

    python benchmarks/side_by_side.py --subjects peer,cabbagehead,sabotage --discord-limits
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bot_load import Figures, Load, Table, describe_python, interpreter, run  # noqa: E402
from benchmarks.floor_bot import SCRIPT as FLOOR_BOT  # noqa: E402
from tests.fake_discord.fake import FakeDiscord  # noqa: E402
from tests.fake_discord.model import FakeInteraction  # noqa: E402

PEER_BOT = str(ROOT / "benchmarks" / "peer_bot.py")
#: The game a subject's driver plays when it is not the subject's name (the floor's tables are Cabbagehead's).
GAME_OF = {"floor": "cabbagehead", "cabbagehead-text": "cabbagehead"}
#: The peer's empty cell and its embed's headlines (discord_games/connect_four.py).
BLANK = "⬛"
TURN = "**Turn:** "
GAME_OVER = "**Game over**"
#: Interaction callback type: the clicked message edited (the peer's answer to a column).
UPDATE_MESSAGE = 7
#: Seconds a new board waits before its first click. discord.py stores a view (the buttons' routes)
#: only once the answer to the command's callback is back, and drops a click that comes sooner
#: without a word; the fake hands the driver the answer before the bot has read it, so a click at
#: once sometimes arrived first (2 of 89 games at 3 games flat out, and 1 of 358 at 20 games on a
#: busy machine with a 10 ms wait: 30 s without an answer). No person clicks that fast. Idle time,
#: not in the latency (which starts when the click is sent); it lowers the peer's interactions/s
#: at 1 game (one pause a game of about 21 interactions).
FIRST_CLICK_WAIT = 0.05
SUBJECTS = ("peer", "peer-plain", "floor", "cabbagehead", "cabbagehead-text", "sabotage")
#: What one command runs unless `--subjects` says otherwise.
DEFAULT_SUBJECTS = ("peer", "cabbagehead", "sabotage")
LABELS = {
    "peer": "peer (Connect Four)",
    "peer-plain": "peer, discord.py defaults",
    "floor": "floor (our table, no work)",
    "cabbagehead": "Cabbagehead solo",
    "cabbagehead-text": "Cabbagehead, text boards",
    "sabotage": "Garden Sabotage 2p",
}


class PeerLoad(Load):
    """Plays the peer's Connect Four: open a game, then the player to move clicks a random column
    that is not full (read from the board's top row), until the game is over."""

    def kind(self, interaction: FakeInteraction) -> str:
        return "/connect4" if interaction.type == 2 else "column"

    def _latency_kind(self, interaction: FakeInteraction) -> str:
        """The latencies by kind: the command and the columns (not each button's custom id)."""
        return self.kind(interaction)

    async def _send(self, table: Table) -> FakeInteraction:
        fake = self.fake
        if table.phase == "play" or table.board is None:
            return await fake.slash(table.players[0], table.channel, "connect4", {"rival": table.players[1]})
        if table.steps == 0:  # a new board: let discord.py store its view first (FIRST_CLICK_WAIT)
            await asyncio.sleep(FIRST_CLICK_WAIT)
        table.steps += 1
        top = table.board.content.splitlines()[1]  # under the header of column numbers
        open_columns = [str(i + 1) for i, cell in enumerate(top) if cell == BLANK]
        label = self.rng.choice(open_columns)
        return await fake.click(table.players[table.to_move], table.board, label=label)

    def _count_moves(self, table: Table, interaction: FakeInteraction) -> None:
        """A move is a column click answered by the board's edit (not an ephemeral refusal)."""
        if self.recorder.measuring and interaction.type == 3 and interaction.response_type == UPDATE_MESSAGE:
            self.recorder.moves += 1

    def _advance(self, table: Table, interaction: FakeInteraction) -> None:
        """Who moves next from the embed ("**Turn:** bob"), or a new game after **Game over**."""
        message = interaction.original
        if message is None or message.ephemeral or interaction.response_type not in (4, UPDATE_MESSAGE):
            said = message.content if message is not None else "-"
            raise AssertionError(f"refused: {said[:120]!r}")
        described = str(message.embeds[0].get("description", "")) if message.embeds else ""
        if GAME_OVER in described:
            table.phase, table.board = "play", None
            table.games_finished += 1
            return
        if TURN not in described:
            raise AssertionError(f"whose turn? {described!r}")
        name = described.split(TURN, 1)[1].split("\n", 1)[0]
        table.to_move = [p.name for p in table.players].index(name)
        if table.phase == "play":
            table.steps = 0
        table.board, table.phase = message, "move"

    def _failed(self, table: Table, error: Exception) -> None:
        super()._failed(table, error)
        table.phase, table.board = "play", None  # a new game (the old view stays in the bot's memory)


def peer_load(fake: FakeDiscord, args: argparse.Namespace) -> Load:
    return PeerLoad(fake, args.game, args.seed)


@dataclass(frozen=True)
class Result:
    subject: str
    games: int
    round: int
    figures: Figures


def paced(games: int, args: argparse.Namespace) -> bool:
    """Whether the level of `games` runs at `--rate` (an open loop) rather than flat out."""
    return args.rate is not None and games > 1


async def measure(subject: str, games: int, args: argparse.Namespace) -> Figures:
    """One run of `subject` at `games` games flat out (or at `--rate`), through bot_load.py's `run`."""
    settings = argparse.Namespace(
        games=games,
        saturate=not paced(games, args),
        rate=args.rate if paced(games, args) else None,
        seconds=args.seconds,
        warmup=args.warmup,
        game="connect_four" if subject.startswith("peer") else GAME_OF.get(subject, subject),
        players=3,
        season_rounds=None,
        seed=args.seed,
        database="sqlite",
        processes=1,
        rest_proxy=False,
        compare=False,
        # The owner's default budget, or none for the text boards' subject (what pictures cost).
        picture_budget_ms=0 if subject == "cabbagehead-text" else None,
        bot_python=args.bot_python,
        # Cabbagehead's table offers the choices: its player clicks there, as the peer's do on
        # their board (a hand would add a "My hand" click per move that nobody needs).
        from_table=True,
        # A Sabotage player chooses in the hand the bot redrew for their turn, if still open.
        open_hands=True,
        discord_limits=args.discord_limits,
    )
    if subject == "floor":
        return await run(settings, command=[FLOOR_BOT])
    if not subject.startswith("peer"):
        return await run(settings)
    command = [PEER_BOT, *(["--plain"] if subject == "peer-plain" else [])]
    return await run(settings, command=command, make_load=peer_load)


def span(values: list[float], digits: int) -> str:
    """`1.35` or `1.35–1.39`: the range over the rounds; from three rounds on, with their median
    (`1.35–1.62 med 1.41`). At 20 games flat out one run's figures move by a fifth from the
    next (docs/performance.md), so a range of two rounds says little of where a figure lies."""
    low, high = min(values), max(values)
    if f"{low:.{digits}f}" == f"{high:.{digits}f}":
        return f"{low:.{digits}f}"
    text = f"{low:.{digits}f}–{high:.{digits}f}"
    return f"{text} med {statistics.median(values):.{digits}f}" if len(values) >= 3 else text


def pace(games: int, args: argparse.Namespace) -> str:
    """`20 games in progress, flat out` or `..., 700 interactions/s in all`."""
    load = f"{args.rate:g} interactions/s in all" if paced(games, args) else "flat out"
    limits = ", Discord's limits on messages" if args.discord_limits else ""
    return f"{games} game{'s' if games > 1 else ''} in progress, {load}{limits}"


def summary(results: list[Result], levels: list[int], subjects: list[str], args: argparse.Namespace) -> None:
    """The table: per subject and level, each figure's range over the rounds, and its ratio to the
    peer's figure in the same round (× peer)."""
    peer = {(r.games, r.round): r.figures for r in results if r.subject == "peer"}
    rows: list[tuple[str, Callable[[Figures], float], int]] = [
        ("cpu ms/interaction", lambda f: f.cpu_ms_per_interaction, 2),
        ("interactions/move", lambda f: f.interactions_per_move, 2),
        ("cpu ms/move", lambda f: f.cpu_ms_per_interaction * f.interactions_per_move, 2),
        ("REST calls/interaction", lambda f: f.rest_calls_per_interaction, 2),
        ("p50 ms", lambda f: f.p50_ms, 1),
        ("p99 ms", lambda f: f.p99_ms, 1),
        ("interactions/s", lambda f: f.interactions_per_second, 0),
        ("failures", lambda f: float(f.failures), 0),
    ]
    for games in levels:
        print(f"\n=== {pace(games, args)} ===")
        table: list[tuple[str, list[str]]] = []
        for name, value, digits in rows:
            cells = []
            for subject in subjects:
                found = [r for r in results if r.subject == subject and r.games == games]
                # The floor makes no moves (its clicks replay recorded tables): no moves to count.
                if not found or (subject == "floor" and name in ("interactions/move", "cpu ms/move")):
                    cells.append("-")
                    continue
                text = span([value(r.figures) for r in found], digits)
                base = [
                    (value(r.figures), value(peer[games, r.round])) for r in found if (games, r.round) in peer
                ]
                if subject != "peer" and base and name != "failures" and all(b for _, b in base):
                    text += f" ({span([v / b for v, b in base], 2)}×)"
                cells.append(text)
            table.append((name, cells))
        width = 2 + max(len(cell) for _, cells in table for cell in [*cells, *(LABELS[s] for s in subjects)])
        print(f"{'':<24}" + "".join(f"{LABELS[s]:>{width}}" for s in subjects))
        for name, cells in table:
            print(f"{name:<24}" + "".join(f"{cell:>{width}}" for cell in cells))
    print("\n(×: the ratio to the peer's figure in the same round and level;")
    print(" med: the median over the rounds, from three rounds on)")


#: How a run in a process of its own hands its figures back (`--one`): the line's prefix.
FIGURES_LINE = "side-by-side figures: "


async def measure_apart(subject: str, games: int, args: argparse.Namespace) -> Figures:
    """`measure` in a driver process of its own (this script with `--one`), its lines passed on.

    Runs made one after another in one process measured the later ones slower: at 20 games a run
    that followed another answered 15-30% fewer clicks a second, the bot's and the peer's alike,
    with the same CPU a click (docs/performance.md, issue 31). Each run now starts as the first."""
    command = [
        sys.executable,
        __file__,
        "--one",
        f"{subject}:{games}",
        "--seconds",
        str(args.seconds),
        "--warmup",
        str(args.warmup),
        "--seed",
        str(args.seed),
        *(["--bot-python", args.bot_python] if args.bot_python else []),
        *(["--rate", str(args.rate)] if args.rate is not None else []),
        *(["--discord-limits"] if args.discord_limits else []),
    ]
    child = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    assert child.stdout is not None
    found: Figures | None = None
    async for raw in child.stdout:
        line = raw.decode().rstrip("\n")
        if line.startswith(FIGURES_LINE):
            found = Figures(**json.loads(line[len(FIGURES_LINE) :]))
        elif not line.startswith("bot interpreter: "):  # said once, by this process
            print(line, flush=True)
    if await child.wait() != 0 or found is None:
        raise SystemExit(f"the run of {subject} at {games} game(s) failed (exit {child.returncode})")
    return found


async def measure_one(spec: str, args: argparse.Namespace) -> None:
    """`--one SUBJECT:GAMES`: one run, its figures printed last on a line of their own."""
    subject, games = spec.rsplit(":", 1)
    found = await measure(subject, int(games), args)
    print(FIGURES_LINE + json.dumps(dataclasses.asdict(found)), flush=True)


async def main_async(args: argparse.Namespace) -> None:
    subjects = [s.strip() for s in args.subjects.split(",")]
    levels = [1, args.games]
    results: list[Result] = []
    for round_ in range(args.rounds):
        for games in levels:
            for subject in subjects:
                print(f"\n--- round {round_ + 1}, {LABELS[subject]}, {pace(games, args)} ---", flush=True)
                found = await measure_apart(subject, games, args)
                results.append(Result(subject, games, round_, found))
                print(
                    f"this run: cpu ms/interaction {found.cpu_ms_per_interaction:.2f}, p50 ms "
                    f"{found.p50_ms:.1f}, p99 ms {found.p99_ms:.1f}, "
                    f"interactions/s {found.interactions_per_second:.0f}"
                )
    summary(results, levels, subjects, args)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games in progress at the busy level (default 20)"
    )
    parser.add_argument("--seconds", type=float, default=12.0, help="measured seconds per run (default 12)")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="times the whole alternation runs (default 1)")
    parser.add_argument(
        "--subjects",
        default=",".join(DEFAULT_SUBJECTS),
        type=lambda text: ",".join(s for s in text.split(",") if s),
        help=f"which of {', '.join(SUBJECTS)}, in this order (default: all but peer-plain; the "
        "ratios need peer)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help="the busy level as an open loop of this many interactions a second in all, the same "
        "arrivals for every subject, instead of flat out (pick one every subject sustains)",
    )
    parser.add_argument(
        "--bot-python", default=None, type=interpreter, help="run both bots under this interpreter"
    )
    parser.add_argument(
        "--discord-limits",
        action="store_true",
        help="the fake keeps the limits a bot meets on a channel's messages in Discord (five posts and "
        "five edits a channel in five seconds), not its loose default: what a game's messages beside "
        "its answers (a table edited by a hand's move, a turn's notice) come to when Discord holds them",
    )
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)  # SUBJECT:GAMES, by measure_apart
    args = parser.parse_args()
    if args.one is not None:
        asyncio.run(measure_one(args.one, args))
        return
    unknown = [s for s in args.subjects.split(",") if s not in SUBJECTS]
    if unknown:
        parser.error(f"unknown subjects: {', '.join(unknown)} (choose from {', '.join(SUBJECTS)})")
    print(f"bot interpreter: {describe_python(args.bot_python or sys.executable)}")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
