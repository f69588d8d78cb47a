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
  python benchmarks/bot_load.py --games 50 --rate 25 --seconds 20 --game garden-party

Garden Party (`--game garden_party`, or `garden-party` as `/play` spells it): three people per
channel by default (`--players 3-6`), every seat a person, no computer seats. That is a busy
server's Garden Party table (a group of friends; three is the smallest table the game allows),
and it keeps the figures comparable with the other games': every decision is a person's click, so
the bot's CPU is all spent answering interactions. A computer seat would make moves that no
interaction pays for (its CPU divided among the people's clicks) and would leave its table idle
for its 1.5 s pause, while reply windows would wait for it. Each person clicks as a player
does: **My hand** when the table waits for them, unless the hand they have open was redrawn by
the bot with choices for this very move (the bot redraws the open hands of the people it asks,
so mostly it was), then their choice, picker steps one by one. Whose decision it is comes only
from what the people read: the headline of the hand just answered ("**Alice** to play · 5
movement points left", "Waiting for **Bob** and **Carol**"). Every reply window is answered by
each person asked who has something to play in it, one after the other (a table has one click in
flight at a time), "Let it happen" / "Let the turn go on" nine times in ten, so windows close
early and cancellation chains and bids come now and then. A person whose hand has nothing to play
in the window is not asked (issue 27 item 4): when nobody left in it can play, the table sends
nothing until the window's clock closes it (`reply_seconds` 5, the shortest the game allows), so
Garden Party's clicks a second measure its tables' pace, not the most the bot can take. Elsewhere
a random choice, "End my turn" a fifth of the time while anything else is offered. A finished
game is followed by a new `/play garden-party` (random play runs the whole 40 rounds: 850–900
moves, about 1,200 clicks; `--season-rounds 3` sees games end sooner).

Failures are counted, never hidden: no answer within 30 s (what Discord shows as "This
interaction failed"), the bot's apology or "That choice was for an earlier moment" in an answer,
a hand offering nothing to the person whose turn the headline names, a board or choice that
vanished; each kind is printed with its count, and so is every line of the bot's log (its
stderr, passed on) while measuring. `BOT_LOAD_TRACE=1` prints every interaction with its answer's headline.

`--bot-python` runs the bot under another interpreter (the project installed in its environment,
e.g. `/usr/bin/python3 -m venv /tmp/venv-debian && /tmp/venv-debian/bin/pip install -e '.[dev]'`):
pyenv's CPython is built without profile-guided optimisation, the Docker image's is built with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
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
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.handlers.errors import SORRY  # noqa: E402
from bot.handlers.table_clicks import MOVED_ON  # noqa: E402
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
from tests.fake_discord.processes import start_bot_process  # noqa: E402
from tests.fake_discord.rate_limits import DISCORD_LIKE  # noqa: E402
from tests.pg_cluster import running_cluster  # noqa: E402

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
#: A line of the bot's log (bot/operations/logging_setup.py): "2026-12-01 12:00:00,123 WARNING bot.x: …".
LOG_LEVEL = re.compile(r"\d{4}-\d\d-\d\d [\d:,]+ (DEBUG|INFO|WARNING|ERROR|CRITICAL)\b")
#: The engine's name of Garden Party (`/play garden-party`).
PARTY = "garden_party"
#: Garden Party's headline (bot/presenters/garden_party_text.py, `status_line`): a reply window
#: "… Waiting for **Bob** and **Carol** (answers stay secret…", else "… **Alice** to play…".
PARTY_WAITING = re.compile(r"Waiting for (.+?) \(answers stay secret")
PARTY_TO_PLAY = re.compile(r"\*\*([^*]+)\*\* to play")
PARTY_NAME = re.compile(r"\*\*([^*]+)\*\*")
PARTY_STATUS = re.compile(r"\*\* to play|Waiting for \*\*|\*\*Game over\*\*")
#: A board's or hand's footer: "Game #3 · move 12" (a hand: "game #3 · move 12").
SHOWN_MOVE = re.compile(r"[Gg]ame #(\d+) · move (\d+)")
#: A choice's custom id, button or menu: `gc:c:<game>:<seat>:<version>:<code>`, `gc:s:…`.
CHOICE_ID = re.compile(r"gc:[cs]:\d+:\d+:(\d+)(?::|$)")
#: What an answer says when its game has ended (the table's, the last hand's).
GAME_OVER_SAID = ("This game is over.", "The game is over.", "Game over")
#: Garden Party's people, in seat order (the fake's users; the fourth to sixth are added).
PARTY_PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank")
#: The "no" answers of Garden Party's reply windows (engine/garden_party/actions.py).
WINDOW_NO = ("Let it happen", "Let the turn go on")
#: Garden Party's reply windows here: the shortest the game allows (`reply_seconds`, 5 to 120).
#: A window whose people have nothing to play waits for its clock, so that nobody learns it
#: (issue 27 item 4); the table sends nothing meanwhile.
PARTY_REPLY_SECONDS = 5


def interaction_kind(interaction: FakeInteraction) -> str:
    """What a person did: `/play`, a lobby button, **My hand**, or a choice (button or menu)."""
    if interaction.type == 2:
        return "/play"
    custom_id = str(interaction.payload.get("data", {}).get("custom_id", ""))
    if custom_id.startswith("gc:lobby:"):
        return "lobby"
    if custom_id.startswith("gc:hand:"):
        return "My hand"
    return "choices" if custom_id.startswith(("gc:c:", "gc:s:")) else custom_id.rsplit(":", 1)[0]


def latency_kind(interaction: FakeInteraction) -> str:
    """`interaction_kind`, with a choice that plays a move told apart from a picker step (a move
    is stored and shown to everyone; a step only redraws the message it was made on)."""
    kind = interaction_kind(interaction)
    if kind != "choices":
        return kind
    data = interaction.payload.get("data", {})
    code = str((data.get("values") or [""])[0]) if data.get("values") else str(data.get("custom_id", ""))
    code = code.rsplit(":", 1)[-1]
    return "moves" if code.startswith("a") else "picker steps"


def game_over(text: str) -> bool:
    """Whether an answer says the game ended: a finished table ("This game is over.", "Game over")
    or the last move's hand ("The game is over.", bot/presenters/cabbagehead.py)."""
    return any(said in text for said in GAME_OVER_SAID)


def headline(text: str) -> str:
    """Garden Party's status line in a board or hand: the first line that says whose decision it is
    (a hand may start with a quote, "> You played: …", and its picture's alt text), else the first
    line that is not a heading."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith(("#", ">"))]
    said = (line for line in lines if PARTY_STATUS.search(line))
    return next(said, lines[0] if lines else "")


def offers_at(message: FakeMessage, version: int) -> bool:
    """Whether `message` offers choices made for move `version` (`gc:c:<game>:<seat>:<version>:…`)."""
    return any(
        (found := CHOICE_ID.match(custom_id)) is not None and int(found.group(1)) == version
        for custom_id in message.custom_ids()
    )


def offers_choices(message: FakeMessage) -> bool:
    """Whether `message` (a hand, or a table whose seats see nothing hidden) offers choices."""
    return any(c.startswith(("gc:c:", "gc:s:")) for c in message.custom_ids())


def choice_code(choice: tuple[str, str, str, str]) -> str:
    """A choice's code (`a3`, `g1.0`, `p1`): a button's custom id ends with it, a menu's value is it."""
    _label, kind, custom_id, value = choice
    return value if kind == "menu" else custom_id.rsplit(":", 1)[-1]


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
    #: People who joined the lobby after the host (Garden Party: every seat is a person).
    joined: int = 0
    #: Garden Party: the people (indices in `players`) still to decide now, in order (a reply
    #: window asks several at once; they answer one after the other).
    waiting: list[int] = field(default_factory=list)
    #: Garden Party: each person's last hand message (an open hand the bot may redraw for them).
    hands: dict[int, FakeMessage] = field(default_factory=dict)
    #: Garden Party: the move the last answer showed ("game #3 · move 12").
    version: int = -1
    #: Garden Party: picker steps taken in the decision under way (a bound against endless paging).
    steps: int = 0
    #: Garden Party: the people asked in the reply window at move `version` whose hand has nothing
    #: to play in it. They are not asked (issue 27 item 4); the window's clock answers for them
    #: when it closes, so that nobody learns they had nothing.
    passing: set[int] = field(default_factory=set)
    passing_at: int = -1
    #: The game and move the last answer showed (its footer), to count the moves made.
    seen: tuple[int, int] = (0, 0)


@dataclass
class Recorder:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    #: The same latencies by kind of interaction (where the slow ones come from).
    latency_by_kind: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    #: When each measured interaction was handed to the gateway (the fake's clock), beside its
    #: latency: whether the slowest clicks come together (a stall) or one by one (`tail_windows`).
    dispatched: list[tuple[float, float]] = field(default_factory=list)
    answered: int = 0
    #: Moves made in the measured window, as the answers' footers show them ("game #3 · move 12").
    moves: int = 0
    failures: int = 0
    #: Interactions answered by kind (`/play`, lobby, My hand, choice), in the measured window.
    kinds: Counter[str] = field(default_factory=Counter)
    #: What the failures were (exception or refusal, shortened), with how often each came.
    failure_kinds: Counter[str] = field(default_factory=Counter)
    skipped_arrivals: int = 0
    #: The bot's REST calls in the measured window.
    calls: list[Any] = field(default_factory=list)
    #: The bot's user and system CPU seconds in the measured window.
    bot_user_sys: tuple[float, float] = (0.0, 0.0)


class Load:
    def __init__(
        self,
        fake: FakeDiscord,
        game: str,
        seed: int,
        party_options: dict[str, Any] | None = None,
        *,
        from_table: bool = False,
        open_hands: bool = False,
    ) -> None:
        self.fake = fake
        self.game = game
        #: Play where the table itself offers the choices (a game whose seats see nothing hidden:
        #: Mr. Cabbagehead's Garden), as its player does, instead of opening **My hand** first.
        self.from_table = from_table
        #: Choose in the hand a person still has open when the bot redrew it with choices for the
        #: move now to make (it does for the seats it asks), as a player does, instead of pressing
        #: **My hand** again; else **My hand**.
        self.open_hands = open_hands
        self.rng = random.Random(seed)
        self.recorder = Recorder()
        #: Options of `/play garden-party` (e.g. `season_rounds`); none: the game's defaults.
        self.party_options = party_options or {}
        #: `BOT_LOAD_TRACE=1`: print every interaction, its answer's headline and the table's next step.
        self.trace = bool(os.environ.get("BOT_LOAD_TRACE"))
        #: The text last read of each message, with its number of earlier versions then (`read`).
        self._texts: dict[int, tuple[FakeMessage, int, str]] = {}

    def read(self, message: FakeMessage) -> str:
        """What a person reads on `message` (`FakeMessage.text`), read once a version: an answer
        is read three times (its kind, its move, the next step), and reading it was a tenth of the
        driver's CPU, which at 20 games flat out shares a core with the fake."""
        kept = self._texts.get(id(message))
        if kept is not None and kept[0] is message and kept[1] == len(message.history):
            return kept[2]
        if len(self._texts) > 4 * 1024:
            self._texts.clear()
        text = message.text()
        self._texts[id(message)] = (message, len(message.history), text)
        return text

    def command(self) -> tuple[str, dict[str, Any]]:
        """The `/play` command that opens a game of `--game` (a two-player lobby but for Cabbagehead;
        Garden Party's lobby takes whoever joined)."""
        if self.game == "cabbagehead":
            return "play cabbagehead", {}
        if self.game == "sabotage":
            return "play sabotage", {}
        if self.game == PARTY:
            return "play garden-party", dict(self.party_options)
        return "play secret-numbers", {"turns": 4}

    def kind(self, interaction: FakeInteraction) -> str:
        """The kind an answered interaction is counted under (`interactions by kind`)."""
        return interaction_kind(interaction)

    async def interact(self, table: Table) -> None:
        """Send the table's next interaction, wait for its answer, and advance the table."""
        table.busy = True
        try:
            interaction = await self._send(table)
            response = await interaction.wait_answered(timeout=30)
            if self.recorder.measuring:
                self.recorder.answered += 1
                self.recorder.kinds[self.kind(interaction)] += 1
                if interaction.latency is not None:
                    self.recorder.latencies.append(interaction.latency)
                    self.recorder.latency_by_kind[self._latency_kind(interaction)].append(interaction.latency)
                    self.recorder.dispatched.append((interaction.dispatched_at, interaction.latency))
            if response.type in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
                await self._completed(interaction)
            self._count_moves(table, interaction)
            if self.game == PARTY:
                self._advance_party(table, interaction)
            else:
                self._advance(table, interaction)
            if self.trace:
                self._print_trace(table, interaction)
        except Exception as error:  # counted, never hidden: no answer in time, a refusal, a vanished choice
            self._failed(table, error)
            await asyncio.sleep(0.1)
        finally:
            table.busy = False

    def _latency_kind(self, interaction: FakeInteraction) -> str:
        """`latency_kind`, with a game's last move told apart ("last moves": its answer says the
        game is over; the result is worked out, stored and announced with it)."""
        kind = latency_kind(interaction)
        message = interaction.followups[0] if interaction.followups else interaction.original
        if kind == "moves" and message is not None and game_over(self.read(message)):
            return "last moves"
        return kind

    def _count_moves(self, table: Table, interaction: FakeInteraction) -> None:
        """Moves since the table's last answer, from the footer of this one (same game only)."""
        message = interaction.followups[0] if interaction.followups else interaction.original
        shown = SHOWN_MOVE.search(self.read(message)) if message is not None else None
        if shown is None:
            return
        game, move = int(shown.group(1)), int(shown.group(2))
        if self.recorder.measuring and game == table.seen[0] and move > table.seen[1]:
            self.recorder.moves += move - table.seen[1]
        table.seen = (game, move)

    def _print_trace(self, table: Table, interaction: FakeInteraction) -> None:
        message = interaction.followups[0] if interaction.followups else interaction.original
        user = interaction.user.name
        answer = headline(message.text())[:90] if message is not None else "-"
        waiting = ",".join(table.players[i].name for i in table.waiting)
        print(
            f"{table.channel.name} {user}: {interaction.description} -> {interaction.response_type} "
            f"{answer!r} | next {table.phase}, waiting {waiting}, move {table.version}"
        )

    def _failed(self, table: Table, error: Exception) -> None:
        """Count a failure (no answer in time, a refusal, a choice that vanished) by its kind, and
        start the table over from its live board (or a new game)."""
        self.recorder.failures += 1
        words = re.sub(r"\d+", "N", str(error).splitlines()[0] if str(error) else "")
        self.recorder.failure_kinds[f"{type(error).__name__}: {words[:110]}"] += 1
        if self.trace:
            print(f"{table.channel.name} FAILED: {error}")
        table.phase, table.board = "hand", None
        table.waiting, table.steps = [], 0

    async def _completed(self, interaction: FakeInteraction) -> None:
        """Wait for the rest of a deferred answer (the bot was slow: it deferred, then edits or
        follows up), as the player would."""
        token = str(interaction.payload["token"])
        clicked = interaction.message
        # A move deferred on a public table is shown by the publisher's edit of that table, or by
        # a new board posted in its place (the old one is then deleted), not through the token.
        table_id = str(clicked.id) if clicked is not None and not clicked.ephemeral else None
        since = interaction.dispatched_at

        def shown_on_table(call: Any) -> bool:
            return (
                table_id is not None
                and call.at >= since
                and bool(call.status)
                and call.method in ("PATCH", "DELETE")
                and call.path.endswith(f"/messages/{table_id}")
            )

        def done() -> bool:
            # Every call since the click, however many other games' calls came after (the last
            # 200 alone missed an edit once 20 games flat out had made 200 more calls since).
            for call in reversed(self.fake.calls):
                if call.at < since:
                    return False
                if (
                    token in call.path and not call.path.endswith("/callback") and call.status
                ) or shown_on_table(call):
                    return True
            return False

        await self.fake.wait_until(done, timeout=30, what="the deferred answer")

    async def _send(self, table: Table) -> FakeInteraction:
        if self.game == PARTY:
            return await self._send_party(table)
        fake = self.fake
        if table.phase == "play":
            name, options = self.command()
            return await fake.slash(table.players[0], table.channel, name, options)
        if table.phase == "join":
            assert table.lobby is not None
            return await fake.click(table.players[1], table.lobby, label="Join")
        if table.phase == "start":
            assert table.lobby is not None
            return await fake.click(
                table.players[0],
                table.lobby,
                next(c for c in table.lobby.custom_ids() if c.endswith(":start")),
            )
        if table.phase == "hand":
            if table.board is None or table.board.deleted:
                try:
                    table.board = self._find_board(table)
                except KeyError:  # no live board: that game is over
                    table.phase = "play"
                    return await self._send(table)
            if self.from_table and offers_choices(table.board):
                table.hand, table.phase = table.board, "act"  # the table is the hand
                return await self._send(table)
            still_open = table.hands.get(table.to_move)
            if self.open_hands and still_open is not None and offers_at(still_open, table.version):
                table.hand, table.phase = still_open, "act"  # redrawn for this move: choose there
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

    # ------------------------------------------------------------------ Garden Party

    async def _send_party(self, table: Table) -> FakeInteraction:
        """Garden Party's next click: the lobby (open, join, start), then whoever the table waits
        for: their open hand if the bot redrew it with choices for this move, else **My hand**,
        then their choice (picker steps one by one)."""
        fake = self.fake
        if table.phase == "play":
            name, options = self.command()
            return await fake.slash(table.players[0], table.channel, name, options)
        if table.phase == "join":
            assert table.lobby is not None
            return await fake.click(table.players[1 + table.joined], table.lobby, label="Join")
        if table.phase == "start":
            assert table.lobby is not None
            return await fake.click(
                table.players[0],
                table.lobby,
                next(c for c in table.lobby.custom_ids() if c.endswith(":start")),
            )
        if table.phase == "hand":
            if table.board is None or table.board.deleted:
                try:
                    table.board = self._find_board(table)
                except KeyError:  # no live board: that game is over
                    table.phase, table.hands = "play", {}
                    return await self._send_party(table)
                if not table.waiting:  # after a failure: whose decision, from the board's headline
                    self._read_party_status(table, table.board.text())
            if not table.waiting:
                raise AssertionError(f"nobody to decide: {headline(table.board.text())!r}")
            if table.passing_at != table.version:
                table.passing, table.passing_at = set(), table.version
            able = [seat for seat in table.waiting if seat not in table.passing]
            if not able:  # everyone left in the window has nothing to play: its clock closes it
                await self._window_closed(table)
                return await self._send_party(table)
            table.to_move = able[0]
            held = table.hands.get(table.to_move)
            if held is not None and not held.deleted and offers_at(held, table.version):
                table.hand, table.phase, table.steps = held, "act", 0  # the open hand plays on
            else:
                return await fake.click(table.players[table.to_move], table.board, label=HAND)
        assert table.hand is not None
        table.steps += 1
        kind, custom_id, value = self._party_choice(table.hand, table.steps)
        user = table.players[table.to_move]
        if kind == "button":
            return await fake.click(user, table.hand, custom_id)
        return await fake.select(user, table.hand, custom_id, [value])

    def _party_choice(self, hand: FakeMessage, steps: int) -> tuple[str, str, str]:
        """A person's choice on their hand: ("button", custom id, "") or ("menu", custom id, value).
        A reply window is answered "no" (Let it happen / Let the turn go on) nine times in ten;
        otherwise any choice at random, a picker's group as likely as a move (never Back or the
        first page, so a picker goes forward), "End my turn" a fifth of the time while anything
        else is offered, and after eight picker steps only moves."""
        choices: list[tuple[str, str, str, str]] = [
            (str(b.get("label")), "button", b["custom_id"], "")
            for b in hand.buttons()
            if str(b.get("custom_id", "")).startswith("gc:c:")
        ]
        for menu in hand.selects():
            choices += [
                (str(o["label"]), "menu", menu["custom_id"], str(o["value"])) for o in menu["options"]
            ]
        forward = [c for c in choices if "Back" not in c[0] and choice_code(c) != "p0"]
        if not forward:
            raise AssertionError(f"the hand offers nothing: {headline(hand.text())!r}")
        answers = [c for c in forward if c[0] in WINDOW_NO]
        if answers and self.rng.random() < 0.9:
            return answers[0][1:]
        moves = [c for c in forward if choice_code(c).startswith("a")]
        pool = moves if steps > 8 and moves else forward
        others = [c for c in pool if not c[0].startswith("End my turn")]
        if others and self.rng.random() >= 0.2:
            pool = others
        return self.rng.choice(pool)[1:]

    def _advance_party(self, table: Table, interaction: FakeInteraction) -> None:
        """Read the answer: the lobby's steps; else the headline (whose decision now) and whether
        the answered hand still offers the same person a choice."""
        message = interaction.followups[0] if interaction.followups else interaction.original
        if message is None:
            raise AssertionError(f"no message in the answer to {interaction.description}")
        text = message.text()
        if SORRY in text or MOVED_ON in text:
            raise AssertionError(f"refused: {text.splitlines()[0][:120]}")
        if table.phase == "play":
            if "lobby" not in text:
                raise AssertionError(f"no lobby: {text[:120]!r}")
            table.lobby, table.phase, table.joined, table.hands = message, "join", 0, {}
            return
        if table.phase == "join":
            table.joined += 1
            if table.joined == len(table.players) - 1:
                table.phase = "start"
            return
        if table.phase == "start":
            table.board, table.phase = message, "hand"
            self._read_party_status(table, text)
            return
        if message.ephemeral:
            table.hands[table.to_move] = message
        if "**Game over**" in headline(text) or "This game is over." in text:
            table.phase, table.games_finished = "play", table.games_finished + 1
            table.board = table.hand = None
            table.waiting, table.hands = [], {}
            return
        before = table.version
        self._read_party_status(table, text)
        if table.version != before:
            table.steps = 0  # a move was made: a new decision
        goes_on = table.to_move in table.waiting and message.ephemeral  # still theirs to decide
        if goes_on and offers_at(message, table.version):
            table.hand, table.phase = message, "act"  # a picker's next step, or the turn's next move
        elif goes_on and table.phase == "hand" and PARTY_WAITING.search(headline(text)):
            # Asked in a reply window with nothing to play: not asked after all (issue 27 item 4).
            if table.passing_at != table.version:
                table.passing, table.passing_at = set(), table.version
            table.passing.add(table.to_move)
            table.phase = "hand"
        elif goes_on and table.phase == "hand":
            raise AssertionError(f"the hand offers nothing to its decider: {headline(text)!r}")
        else:
            table.phase = "hand"

    async def _window_closed(self, table: Table) -> None:
        """Wait (no click) until the table's reply window closes by its clock, then read whose
        decision it is from the board."""
        board = table.board
        assert board is not None
        seconds = float(self.party_options.get("reply_seconds", PARTY_REPLY_SECONDS)) + 15.0

        def moved_on() -> bool:
            shown = SHOWN_MOVE.search(board.text())
            return board.deleted or (shown is not None and int(shown.group(2)) != table.version)

        await self.fake.wait_until(moved_on, timeout=seconds, what="the reply window's clock")
        current = table.board = self._find_board(table) if board.deleted else board
        self._read_party_status(table, current.text())
        table.steps = 0

    def _read_party_status(self, table: Table, text: str) -> None:
        """Whom the table waits for, from Garden Party's headline ("Waiting for **Bob** and
        **Carol**", "**Alice** to play"), and the move shown (its footer)."""
        line = headline(text)
        names = [p.name.title() for p in table.players]
        waiting = PARTY_WAITING.search(line)
        said = PARTY_NAME.findall(waiting.group(1)) if waiting else PARTY_TO_PLAY.findall(line)[:1]
        if not said or any(name not in names for name in said):
            raise AssertionError(f"whose decision? {line!r}")
        table.waiting = [names.index(name) for name in said]
        shown = SHOWN_MOVE.search(text)
        table.version = int(shown.group(2)) if shown else -1

    def _find_board(self, table: Table) -> FakeMessage:
        for message in reversed(self.fake.public_messages(table.channel)):
            if any(c.startswith("gc:hand:") for c in message.custom_ids()):
                return message
        raise KeyError("no board")

    def _advance(self, table: Table, interaction: FakeInteraction) -> None:
        message = interaction.followups[0] if interaction.followups else interaction.original
        text = self.read(message) if message is not None else ""
        shown = SHOWN_MOVE.search(text)
        if shown is not None:
            table.version = int(shown.group(2))
        if message is not None and message.ephemeral:
            table.hands[table.to_move] = message  # the clicker's hand, open until replaced
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
            offers = message is not None and offers_choices(message)
            if message is not None and message.ephemeral and offers:
                table.hand, table.phase = message, "act"
                return
            self._after_turn(table, text)
        else:
            if game_over(text):
                table.phase, table.games_finished = "play", table.games_finished + 1
                table.board = table.hand = None
                table.hands.clear()
            elif message is not None and offers_choices(message):
                table.hand = message
            else:
                self._after_turn(table, text)

    def _after_turn(self, table: Table, text: str) -> None:
        """Whose turn now, read from the hand's "Now: **Name**" line (else the other player)."""
        if game_over(text):
            table.phase, table.board, table.hand = "play", None, None
            table.hands.clear()
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
    stderr: int | None = None,
    settings: dict[str, str] | None = None,
    probe: FakeChannel | None = None,
    shard: int | None = None,
    command: Sequence[str] | None = None,
) -> asyncio.subprocess.Process:
    """`python -m bot` against the fake (`tests.fake_discord.processes`), with the picture budget
    asked for and, with BOT_LOAD_PROFILE set, under cProfile. `command`: another bot's command line
    after the interpreter (benchmarks/side_by_side.py's peer), run as it is."""
    environment = dict(settings or {})
    if picture_budget_ms is not None:  # else the bot's default, as a server owner runs it
        environment["PICTURE_BUDGET_MS"] = str(picture_budget_ms)
    profile = os.environ.get("BOT_LOAD_PROFILE")  # a path: run the bot under cProfile, saved there
    if command is None:
        command = ["-c", PROFILED_BOT, profile] if profile else ["-m", "bot"]
    return await start_bot_process(
        fake,
        data_dir,
        environment,
        python=python,
        command=command,
        wrapper=wrapper,
        ready_seconds=ready_seconds,
        stderr=stderr,
        probe=probe,
        shard=shard,
    )


async def run(
    args: argparse.Namespace,
    *,
    command: Sequence[str] | None = None,
    make_load: Callable[[FakeDiscord, argparse.Namespace], Load] | None = None,
) -> Figures:
    """One measured run of the configuration `args` names (database, processes). `command` and
    `make_load` run another bot and drive it (benchmarks/side_by_side.py's peer): its command line
    after the interpreter, and the `Load` that plays it."""
    fake = FakeDiscord(checker=PayloadChecker(spec=None))  # limits only: keep the generator light
    if getattr(args, "discord_limits", False):  # a channel's posts and edits held as Discord holds them
        fake.buckets.route_limits = dict(DISCORD_LIKE)
    processes = args.processes
    if processes == 1:
        guilds = [fake.guild]
    else:  # one server per shard: a busy public instance's servers, each on its process
        guilds = [fake.add_guild(f"shard {n}", shard=(n, processes)) for n in range(processes)]
    channels = [fake.add_text_channel(guilds[i % processes], f"table-{i}") for i in range(args.games)]
    known = {user.name for user in fake.users.values()}
    for name in PARTY_PEOPLE[: args.players] if args.game == PARTY else ():
        if name not in known:  # Garden Party's fourth to sixth seats: more people
            fake.add_user(name)
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp, database_for(args.database) as (url, server_cpu):
        started: list[asyncio.subprocess.Process] = []
        log = BotLog()
        relays: list[asyncio.Task[None]] = []
        try:
            for n in range(processes):
                env = {"DATABASE_URL": url} if url else {}
                if processes > 1:
                    env |= {"SHARD_COUNT": str(processes), "SHARD_IDS": str(n)}
                if args.rest_proxy:  # the fake stands for a shared REST proxy: no share of 50/s each
                    env["REST_PROXY"] = "true"
                folder = Path(tmp) / f"process-{n}"
                folder.mkdir()
                process = await start_bot(
                    fake,
                    folder,
                    args.picture_budget_ms,
                    args.bot_python,
                    stderr=asyncio.subprocess.PIPE,
                    settings=env,
                    probe=channels[n] if processes > 1 else None,
                    shard=n if processes > 1 else None,
                    command=command,
                )
                started.append(process)
                assert process.stderr is not None
                relays.append(asyncio.create_task(log.relay(process.stderr)))
            return await drive(
                fake, [p.pid for p in started], channels, args, log, server_cpu, make_load=make_load
            )
        finally:
            for process in started:
                await stop_bot(process)
            await fake.stop()
            for relay in relays:
                await asyncio.wait_for(relay, 10)


@contextlib.contextmanager
def database_for(kind: str) -> Iterator[tuple[str | None, Callable[[], float] | None]]:
    """The DATABASE_URL for a run — None (the bot's own SQLite file, whose work is the bot's own
    CPU) or a fresh PostgreSQL database in a throwaway cluster, durable as a server runs it
    (fsync on; commits acknowledged before they reach the disk, as SQLite's WAL with
    synchronous=NORMAL does) — and how to read the database server's CPU seconds so far."""
    if kind == "sqlite":
        yield None, None
        return
    with running_cluster(durable=True, options=("synchronous_commit=off",)) as cluster:
        url = cluster.database()
        postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        yield url, lambda: server_cpu_seconds(postmaster)


def server_cpu_seconds(postmaster: int) -> float:
    """CPU seconds of a PostgreSQL server: its postmaster, the processes it runs now (a backend
    per pooled connection, the writers), and those that ended (counted in the postmaster's)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        pid, parent = int(stat.parent.name), int(fields[1])
        if pid == postmaster or parent == postmaster:
            ticks = int(fields[11]) + int(fields[12])
            if pid == postmaster:
                ticks += int(fields[13]) + int(fields[14])
            total += ticks / CLOCK_TICKS
    return total


@dataclass(frozen=True)
class Figures:
    """What one run measured, for the side-by-side summary."""

    interactions_per_second: float
    cpu_ms_per_interaction: float
    #: The database server's CPU per interaction (PostgreSQL's processes; 0 for SQLite, whose
    #: work is in the bot's own CPU).
    server_cpu_ms_per_interaction: float
    p50_ms: float
    p99_ms: float
    failures: int
    #: Interactions answered per move made (`Load._count_moves`: our answers' footers).
    interactions_per_move: float = 0.0
    #: The bot's REST calls in the measured window per interaction answered (callbacks included).
    rest_calls_per_interaction: float = 0.0


@dataclass
class BotLog:
    """The bot's log (its stderr, level WARNING and up), passed on to ours and counted by level
    (an ERROR such as "Ignoring exception in …" is what a player sees as "This interaction
    failed"); printed apart from the failures the players met."""

    levels: Counter[str] = field(default_factory=Counter)
    #: The levels counted while measuring only.
    measured: Counter[str] = field(default_factory=Counter)
    measuring: bool = False

    async def relay(self, stream: asyncio.StreamReader) -> None:
        while line := await stream.readline():
            sys.stderr.buffer.write(line)
            found = LOG_LEVEL.match(line.decode(errors="replace"))
            level = found.group(1) if found else "other"  # tracebacks' lines
            self.levels[level] += 1
            if self.measuring:
                self.measured[level] += 1


async def stop_bot(process: asyncio.subprocess.Process, seconds: float = 20.0) -> None:
    """A clean stop (SIGINT: a written profile, if asked), or a kill after `seconds`."""
    process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        process.kill()
        await process.wait()


#: Seconds between the starts of the closed loops' games, in the warm-up (at most its first half
#: in all). Started together, the games of a game whose every game takes the same number of
#: clicks (Mr. Cabbagehead's solo garden) stay in step for good, each answered once a turn of the
#: queue: all twenty ended in the same few milliseconds, and their twenty new `/play`s came at
#: once, three times a second, a burst no players make (docs/performance.md, "Session of
#: 2026-12-05, evening"). Games of varying length (Connect Four's, Sabotage's) drift apart alone.
START_APART = 0.03


async def drive(
    fake: FakeDiscord,
    pids: int | list[int],
    channels: list[FakeChannel],
    args: argparse.Namespace,
    log: BotLog | None = None,
    server_cpu: Callable[[], float] | None = None,
    *,
    make_load: Callable[[FakeDiscord, argparse.Namespace], Load] | None = None,
) -> Figures:
    every = [pids] if isinstance(pids, int) else pids
    game = args.game
    players = [fake.alice] if game == "cabbagehead" else [fake.alice, fake.bob]
    party_options: dict[str, Any] = {}
    if game == PARTY:
        by_name = {user.name: user for user in fake.users.values()}
        players = [by_name[name] for name in PARTY_PEOPLE[: args.players]]
        party_options["reply_seconds"] = PARTY_REPLY_SECONDS
        if args.season_rounds is not None:
            party_options["season_rounds"] = args.season_rounds
    load = (
        make_load(fake, args)
        if make_load is not None
        else Load(
            fake,
            game,
            args.seed,
            party_options,
            from_table=getattr(args, "from_table", False),
            open_hands=getattr(args, "open_hands", False),
        )
    )
    tables = [Table(channel=c, players=players) for c in channels]
    # Open every game first (not measured), so the measured window has them all in progress.
    await asyncio.gather(*(load.interact(t) for t in tables))
    while any(t.phase in ("join", "start") for t in tables):
        await asyncio.gather(*(load.interact(t) for t in tables if t.phase in ("join", "start")))
    rec = load.recorder
    stop_at = time.monotonic() + args.warmup + args.seconds
    running: set[asyncio.Task[None]] = set()

    async def closed_loop(table: Table, start_after: float) -> None:
        await asyncio.sleep(start_after)
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

    server = [0.0]

    async def measure() -> tuple[float, float, float]:
        # This process (the fake and the players) collects no cycles while it measures: its full
        # collections over the fake's message history stopped it for 130-370 ms ten times in ten
        # seconds, and a click in flight then looked that much slower, for the peer and us alike.
        # It collects once before the first click (this task runs before the players'): collected
        # after the warm-up, a click in flight waited for it, up to 3.7 s in side_by_side.py,
        # whose runs share this process.
        gc.collect()
        gc.freeze()
        gc.disable()
        await asyncio.sleep(args.warmup)
        rec.measuring = True
        if log is not None:
            log.measuring = True
        bot0, gen0, t0 = processes_cpu(every), own_cpu_seconds(), time.monotonic()
        server0 = server_cpu() if server_cpu is not None else 0.0
        split0 = processes_split(every)
        first_call = len(fake.calls)
        await asyncio.sleep(args.seconds)
        rec.measuring = False
        gc.enable()
        gc.unfreeze()
        if log is not None:
            log.measuring = False
        rec.calls = fake.calls[first_call:]
        split1 = processes_split(every)
        rec.bot_user_sys = (split1[0] - split0[0], split1[1] - split0[1])
        server[0] = (server_cpu() - server0) if server_cpu is not None else 0.0
        return processes_cpu(every) - bot0, own_cpu_seconds() - gen0, time.monotonic() - t0

    if args.saturate:
        measured = asyncio.create_task(measure())
        apart = min(START_APART, args.warmup / 2 / len(tables))  # all started in the warm-up's first half
        await asyncio.gather(*(closed_loop(t, n * apart) for n, t in enumerate(tables)))
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
    kinds = ", ".join(f"{kind} {n}" for kind, n in rec.kinds.most_common())
    print(f"interactions by kind: {kinds or '-'}")
    for kind, times in rec.failure_kinds.most_common():
        print(f"  failure x{times}: {kind}")
    if log is not None:
        lines = ", ".join(f"{level} {n}" for level, n in sorted(log.measured.items())) or "nothing"
        print(f"bot log lines while measuring: {lines} (in all: {sum(log.levels.values())})")
    print(
        f"bot cpu s: {bot_cpu:.2f} ({100 * bot_cpu / elapsed:.0f}% of one core; user "
        f"{rec.bot_user_sys[0]:.2f}, system {rec.bot_user_sys[1]:.2f}); "
        f"load generator + fake cpu s: {gen_cpu:.2f} ({100 * gen_cpu / elapsed:.0f}% of one core)"
    )
    if lat:
        print(f"latency ms: mean {statistics.fmean(lat):.1f}, max {lat[-1]:.1f}")
    print_pictures(rec.calls, elapsed)
    print_calls(rec.calls, count)
    moves = rec.moves
    print(
        f"moves: {moves} ({count / max(moves, 1):.2f} interactions a move); "
        f"bot cpu ms/move: {1000 * bot_cpu / max(moves, 1):.2f}"
    )
    print(f"bot cpu ms/interaction: {1000 * bot_cpu / max(count, 1):.2f}")
    if server_cpu is not None:
        print(f"database server cpu ms/interaction: {1000 * server[0] / max(count, 1):.2f}")
    if args.saturate:
        print(f"interactions/s: {count / elapsed:.0f}")
    print(f"p50 ms: {percentile(lat, 50):.1f}")
    print(f"p99 ms: {percentile(lat, 99):.1f}")
    slowest, windows = tail_windows(rec.dispatched)
    print(f"slowest 1%: {slowest} interactions, sent within {windows} windows of {TAIL_WINDOW_MS} ms")
    by_kind = sorted(rec.latency_by_kind.items(), key=lambda item: -len(item[1]))
    print(
        "p50 / p99 ms by kind: "
        + ", ".join(
            f"{kind} {percentile(sorted(1000 * x for x in found), 50):.1f} / "
            f"{percentile(sorted(1000 * x for x in found), 99):.1f} ({len(found)})"
            for kind, found in by_kind
        )
    )
    return Figures(
        count / elapsed,
        1000 * bot_cpu / max(count, 1),
        1000 * server[0] / max(count, 1),
        percentile(lat, 50) if lat else 0.0,
        percentile(lat, 99) if lat else 0.0,
        rec.failures,
        count / max(moves, 1),
        len(rec.calls) / max(count, 1),
    )


def processes_cpu(pids: list[int]) -> float:
    return sum(process_cpu_seconds(pid) for pid in pids)


def processes_split(pids: list[int]) -> tuple[float, float]:
    splits = [process_cpu_split(pid) for pid in pids]
    return sum(user for user, _ in splits), sum(system for _, system in splits)


#: `--compare`'s configurations, in the order they run: (database, processes).
COMPARED = (("sqlite", 1), ("postgresql", 1), ("postgresql", 2))


async def compare(args: argparse.Namespace) -> None:
    """Every configuration of `COMPARED` one after the other in this one run, then side by side."""
    found: list[tuple[str, int, Figures]] = []
    for database, processes in COMPARED:
        print(f"\n=== {database}, {processes} process{'es' if processes > 1 else ''} ===", flush=True)
        found.append(
            (
                database,
                processes,
                await run(argparse.Namespace(**{**vars(args), "database": database, "processes": processes})),
            )
        )
    mode = "saturated" if args.saturate else f"open loop at {args.rate:g}/s"
    print(f"\n=== side by side ({args.game}, {args.games} games, {mode}) ===")
    print(
        "database    processes  interactions/s  cpu ms/interaction: bot + database server = all  "
        "p50 ms  p99 ms  failures"
    )
    for database, processes, figures in found:
        bot, server = figures.cpu_ms_per_interaction, figures.server_cpu_ms_per_interaction
        print(
            f"{database:<11} {processes:>9}  {figures.interactions_per_second:>14.0f}  "
            f"{bot:>23.2f} + {server:>15.2f} = {bot + server:>4.2f}  {figures.p50_ms:>6.1f}  "
            f"{figures.p99_ms:>6.1f}  {figures.failures:>8}"
        )


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


def print_calls(calls: list[Any], answered: int) -> None:
    """The bot's REST calls per interaction answered, by kind: what one click costs Discord (a
    Garden Party move also redraws the open hands of the people it now waits for)."""
    kinds: Counter[str] = Counter()
    for call in calls:
        if call.route == CALLBACK:
            kinds["callbacks"] += 1
        elif call.route == BOARD_EDIT:
            kinds[{"PATCH": "message edits", "DELETE": "deletes"}.get(call.method, call.method)] += 1
        elif call.route is not None and call.route.startswith("/webhooks/"):
            kinds["webhook (hand) edits" if call.method == "PATCH" else f"webhook {call.method}"] += 1
        elif call.method == "POST" and call.route == "/channels/{channel_id}/messages":
            kinds["posts"] += 1
        else:
            kinds["other"] += 1
    per = max(answered, 1)
    parts = ", ".join(f"{kind} {n / per:.2f}" for kind, n in kinds.most_common())
    print(f"REST calls per interaction: {len(calls) / per:.2f} ({parts})")


#: The width of the windows `tail_windows` counts (milliseconds).
TAIL_WINDOW_MS = 50


def tail_windows(dispatched: list[tuple[float, float]]) -> tuple[int, int]:
    """The slowest 1% of interactions (dispatch time, latency: those at or above the p99), and in
    how many windows of `TAIL_WINDOW_MS` they were sent. A few windows: the tail is stalls that
    held every click in flight at once (at 20 games flat out, 120 clicks in 10-15 windows of
    12 s, issue 31); as many windows as clicks: slow clicks one by one."""
    if not dispatched:
        return 0, 0
    threshold = percentile(sorted(latency for _, latency in dispatched), 99)  # the p99 printed
    slow = [at for at, latency in dispatched if latency >= threshold]
    return len(slow), len({int(at * 1000 // TAIL_WINDOW_MS) for at in slow})


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
        "--game",
        choices=sorted(games),
        type=lambda name: name.replace("-", "_"),  # `garden-party`, as `/play` spells it, too
        default="cabbagehead" if "cabbagehead" in games else "secret_number",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=range(3, 7),
        default=3,
        metavar="3-6",
        help="Garden Party: people per game, every seat a person (default 3)",
    )
    parser.add_argument(
        "--season-rounds",
        type=int,
        default=None,
        help="Garden Party: most rounds, 3-99 (default: the game's 40; 3 lets games end quickly)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="the bot's store: its SQLite file, or PostgreSQL in a throwaway cluster (issue 21)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        choices=(1, 2),
        default=1,
        help="bot processes, each running its shard of SHARD_COUNT (2 needs --database postgresql)",
    )
    parser.add_argument(
        "--rest-proxy",
        action="store_true",
        help="REST_PROXY=true: sharded processes do not keep to their share of Discord's 50 "
        "requests a second (as behind a shared REST proxy; the fake enforces no global limit)",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="run SQLite with one process, PostgreSQL with one and with two, side by side",
    )
    parser.add_argument(
        "--picture-budget-ms",
        type=float,
        default=None,
        help="the bot's PICTURE_BUDGET_MS (default: the bot's own default; 1000 = draw every move)",
    )
    parser.add_argument(
        "--bot-python",
        default=None,
        type=interpreter,
        help="run the bot under this interpreter, with the project installed in its environment "
        "(default: this one). E.g. an optimised build like the Docker image's: see docs/performance.md",
    )
    parser.add_argument(
        "--from-table",
        action="store_true",
        help="Mr. Cabbagehead's Garden: play on the table, which offers the choices, not in My hand",
    )
    parser.add_argument(
        "--discord-limits",
        action="store_true",
        help="the fake keeps the limits a bot meets on a channel's messages in Discord (five posts "
        "and five edits a channel in five seconds: tests/fake_discord/rate_limits.py), not its loose default",
    )
    parser.add_argument(
        "--open-hands",
        action="store_true",
        help="choose in a hand still open when the bot redrew it for this move, not in a new My hand",
    )
    args = parser.parse_args()
    if args.processes > 1 and args.database != "postgresql" and not args.compare:
        parser.error("--processes 2 shares one database between processes: add --database postgresql")
    print(f"bot interpreter: {describe_python(args.bot_python or sys.executable)}")
    asyncio.run(compare(args) if args.compare else run(args))


def interpreter(text: str) -> str:
    """`--bot-python`'s value: a path made absolute (the bot runs in a directory of its own), a bare
    name as given (looked up on PATH)."""
    return os.path.abspath(text) if os.sep in text else text


def describe_python(python: str) -> str:
    """`python`'s version and build, printed with every run's figures: an optimised build (this
    machine's Debian Python, the Docker image's) was once measured a tenth cheaper than pyenv's
    default build, though later alternated runs put the two within the machine's drift
    (docs/performance.md, "Session of 2026-12-06, late night")."""
    probe = "import platform; print(platform.python_version(), *platform.python_build())"
    found = subprocess.run([python, "-c", probe], capture_output=True, text=True, check=False)
    return f"{python} ({found.stdout.strip() or 'unknown'})"


if __name__ == "__main__":
    main()
