"""Player interactions and the bot's REST calls per move, counted over whole seeded games.

The real bot (`GardenClubBot`, in this process, started as the tests' `BotRunner` starts it)
plays against the tests' fake Discord, every seat a person:

- Mr. Cabbagehead's Garden solo (`/play cabbagehead`, players 1) and for two (Alice and Bob),
- Garden Sabotage for two (Alice and Bob).

A **move** is the game's version (its move counter, read from the bot's store) going up by one
through a person's choice. The player to move (from the stored state) makes it with whatever the
bot offers them, in this order:

1. their most recent ephemeral message (their open hand), if it carries choice components
   (`gc:c:<game>:<seat>:<version>:<choice>` buttons, `gc:s:<game>:<seat>:<version>:<n>` menus)
   for their seat at the current version;
2. else the public board, if it carries such components for their seat and version;
3. else they press the board's **My hand** (`gc:hand:<game>`) and use the ephemeral answer.

Components are found anywhere in a message's tree (action rows, containers, sections'
accessories). A seeded random generator picks among the offered entries, navigation (↩ Back,
◀ Previous, Next ▶, top-level pages) left out unless nothing else is offered, step after step
until the version changes. Every click and menu choice is one interaction, "My hand" included.
After each one the player waits for the bot's answer; after the move, for the bot's publishing to
finish (its publishing tasks done and no REST call for `--quiet` seconds), so each REST call
is counted with the move that caused it. Opening and starting the games is not counted.

REST calls are sorted by route: interaction callbacks, webhook calls (follow-ups, edits of
interaction messages), channel message posts, message edits, message deletes, anything else.

Pictures are on by default, with the picture budget at 1000 ms/s like the tests: at a person's
pace the budget (default 15 ms/s) always has room, so every move is drawn at once; at this
script's pace a smaller budget would run out and change what is sent. `--pictures off` runs
without pictures (budget 0).

  .venv/bin/python benchmarks/interactions_per_move.py [--games 3] [--moves 400] [--seed 1]
      [--pictures on|off] [--only cabbagehead-1,cabbagehead-2,sabotage-2] [--details] [--trace]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.api import load_state  # noqa: E402
from engine.registry import get_game  # noqa: E402
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage, FakeUser  # noqa: E402
from tests.fake_discord.checks import PayloadChecker  # noqa: E402
from tests.fake_discord.model import FakeInteraction, RecordedCall  # noqa: E402

#: Route kinds, in the order the table shows them.
KINDS = ("callback", "webhook", "post", "edit", "delete", "other")
KIND_TITLES = {
    "callback": "callbacks",
    "webhook": "webhook follow-ups/edits",
    "post": "message posts",
    "edit": "message edits",
    "delete": "message deletes",
    "other": "other",
}
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
#: Labels of navigation entries in a picker (skipped unless nothing else is offered).
NAVIGATION = ("↩ Back", "◀ Previous", "Next ▶")
#: Interactive component types: a button, and the select menus.
BUTTON, SELECTS = 2, (3, 5, 6, 7, 8)
#: Clicks and menu choices one move may take before the player gives up (a bug, or a stuck game).
MAX_STEPS = 40
ANSWER_TIMEOUT = 30.0
#: What could not be read of the bot's publishing (then only the quiet period ends a move's count).
UNWATCHED: set[str] = set()


@dataclass(frozen=True)
class Setup:
    """One kind of game measured: its `/play` command and who sits."""

    key: str
    title: str
    command: str
    options: dict[str, Any]
    players: int


SETUPS = (
    Setup("cabbagehead-1", "Mr. Cabbagehead's Garden", "play cabbagehead", {"players": 1}, 1),
    Setup("cabbagehead-2", "Mr. Cabbagehead's Garden", "play cabbagehead", {"players": 2}, 2),
    Setup("sabotage-2", "Garden Sabotage", "play sabotage", {}, 2),
)


@dataclass(frozen=True)
class Entry:
    """One choice a message offers: a button, or one option of a menu."""

    label: str
    custom_id: str
    #: The menu option's value (None: a button).
    value: str | None

    @property
    def choice(self) -> str:
        return self.value if self.value is not None else self.custom_id.rsplit(":", 1)[-1]

    @property
    def navigation(self) -> bool:
        label = self.label.strip()
        return label in NAVIGATION or any(label.startswith(n) for n in NAVIGATION) or is_page(self.choice)


def is_page(choice: str) -> bool:
    """A top-level page code (`p<n>`): navigation, not a choice of the game."""
    return choice.startswith("p") and choice[1:].isdigit()


@dataclass
class Tally:
    """What was counted for one kind of game."""

    setup: Setup
    games: int = 0
    finished: int = 0
    moves: int = 0
    interactions: int = 0
    hand_opens: int = 0
    #: Moves made from the hand, from the board (where the source of the last click is known).
    from_hand: int = 0
    from_board: int = 0
    calls: Counter[str] = field(default_factory=Counter)
    routes: Counter[str] = field(default_factory=Counter)
    callback_types: Counter[int] = field(default_factory=Counter)
    uploads: int = 0
    uploaded_bytes: int = 0
    repeated_edits: int = 0
    #: Calls Discord answered with an error (4xx or 5xx), e.g. a delete of a message already gone.
    failed: Counter[str] = field(default_factory=Counter)
    posted_and_deleted: int = 0
    start_calls: int = 0
    refusals: int = 0
    timeouts: int = 0
    #: Moves in which the version went up by more than one (counted as that many moves).
    jumps: int = 0
    seconds: float = 0.0


def walk(components: Iterable[Any]) -> list[dict[str, Any]]:
    """Every component of a tree, depth first (rows, containers, sections' accessories)."""
    found: list[dict[str, Any]] = []
    for item in components:
        if not isinstance(item, dict):
            continue
        found.append(item)
        if isinstance(item.get("components"), list):
            found += walk(item["components"])
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                found += walk([item[key]])
    return found


def offers(message: FakeMessage, game_id: int, seat: int, version: int) -> list[Entry]:
    """The choices `message` offers `seat` of `game_id` at `version` (buttons and menu options)."""
    button_prefix = f"gc:c:{game_id}:{seat}:{version}:"
    menu_prefix = f"gc:s:{game_id}:{seat}:{version}:"
    found: list[Entry] = []
    for component in walk(message.components):
        custom_id = str(component.get("custom_id", ""))
        if component.get("disabled"):
            continue
        if component.get("type") == BUTTON and custom_id.startswith(button_prefix):
            found.append(Entry(str(component.get("label", "")), custom_id, None))
        elif component.get("type") in SELECTS and custom_id.startswith(menu_prefix):
            found += [
                Entry(str(o.get("label", "")), custom_id, str(o["value"]))
                for o in component.get("options", [])
            ]
    return found


def hand_button(message: FakeMessage, game_id: int) -> str | None:
    custom_id = f"gc:hand:{game_id}"
    found = any(c.get("type") == BUTTON and c.get("custom_id") == custom_id for c in walk(message.components))
    return custom_id if found else None


def kind_of(call: RecordedCall) -> str:
    route = call.route or ""
    if route == CALLBACK:
        return "callback"
    if route.startswith("/webhooks/"):
        return "webhook"
    if call.method == "POST" and route == CHANNEL_MESSAGES:
        return "post"
    if call.method == "PATCH" and route == CHANNEL_MESSAGE:
        return "edit"
    if call.method == "DELETE" and route == CHANNEL_MESSAGE:
        return "delete"
    return "other"


def describe(call: RecordedCall, fake: FakeDiscord) -> str:
    """A REST call in a few words, for `--trace`: "callback 7 +file 41 KB", "edit", "post 'text'"..."""
    text = kind_of(call)
    if call.route == CALLBACK and isinstance(call.json, dict):
        text += f" {call.json.get('type')}"
    if text in ("other", "webhook"):
        text += f" {call.method} {call.route}"
    message_id = call.path.rsplit("/", 1)[-1]
    if text in ("post", "delete") and isinstance(call.response, dict):
        message_id = str(call.response.get("id", message_id))
    if text in ("post", "delete") and message_id.isdigit() and int(message_id) in fake.messages:
        text += f" {fake.messages[int(message_id)].text()[:40]!r}"
    if call.status >= 300:
        text += f" -> {call.status}"
    if text.startswith("delete"):
        text += f" {message_id[-4:]}"
    sizes = ", ".join(f"{round(int(f.get('size') or 0) / 1024)} KB" for f in call.files)
    return text + (f" +file {sizes}" if call.files else "")


class Player:
    """Drives one game through the fake, as its players would, and counts what each move costs."""

    def __init__(
        self,
        fake: FakeDiscord,
        runner: BotRunner,
        channel: FakeChannel,
        users: list[FakeUser],
        rng: random.Random,
        quiet: float,
        trace: bool = False,
    ) -> None:
        self.fake = fake
        self.runner = runner
        self.channel = channel
        self.users = users
        self.rng = rng
        self.quiet = quiet
        self.trace = trace
        self.game_id = 0

    @property
    def bot(self) -> Any:
        assert self.runner.bot is not None
        return self.runner.bot

    async def answered(self, interaction: FakeInteraction) -> FakeMessage | None:
        """The bot's answer (the message it answered with, once filled in; None: no message)."""
        await interaction.wait_answered(timeout=ANSWER_TIMEOUT)
        if not interaction.messages():
            return None
        return await self.fake.response_message(interaction, timeout=ANSWER_TIMEOUT)

    async def open_game(self, setup: Setup, seed: int) -> int:
        """`/play` by the first player, Join by the others, Start: returns the REST calls made."""
        first = len(self.fake.calls)
        lobbies = getattr(getattr(self.bot, "table", None), "lobbies", None)
        if lobbies is not None and hasattr(lobbies, "_seed_source"):
            lobbies._seed_source = lambda: seed
        host = self.users[0]
        opened = await self.fake.slash(host, self.channel, setup.command, setup.options)
        message = await self.answered(opened)
        record = await self.bot.store.open_game_in_channel(self.channel.id)
        assert record is not None, f"no game opened: {message.text() if message else '(no answer)'}"
        self.game_id = record.id
        if record.status == "lobby":
            lobby = self.lobby_message()
            for user in self.users[1:]:
                await self.answered(await self.fake.click(user, lobby, label="Join"))
            await self.answered(
                await self.fake.click(
                    host, lobby, next(c for c in lobby.custom_ids() if c.endswith(":start"))
                )
            )
        record = await self.bot.store.get(self.game_id)
        assert record is not None and record.status == "active", "the game did not start"
        await self.settle()
        return len(self.fake.calls) - first

    def lobby_message(self) -> FakeMessage:
        prefix = f"gc:lobby:{self.game_id}:"
        for message in reversed(self.fake.public_messages(self.channel)):
            if any(str(c.get("custom_id", "")).startswith(prefix) for c in walk(message.components)):
                return message
        raise AssertionError("no lobby message")

    def board(self) -> FakeMessage | None:
        """The newest public message with the game's "My hand" button or choices."""
        hand_id = f"gc:hand:{self.game_id}"
        choice_prefixes = (f"gc:c:{self.game_id}:", f"gc:s:{self.game_id}:")
        for message in reversed(self.fake.public_messages(self.channel)):
            for component in walk(message.components):
                custom_id = str(component.get("custom_id", ""))
                if custom_id == hand_id or custom_id.startswith(choice_prefixes):
                    return message
        return None

    async def where(self) -> tuple[int, str, list[int]]:
        """The game's version, status and the seats to move, from the bot's store."""
        record = await self.bot.store.get(self.game_id)
        assert record is not None
        if record.status != "active" or record.state is None:
            return record.version, record.status, []
        game = get_game(record.game)
        to_move = [int(s) for s in game.to_move(load_state(game, record.state))]
        return record.version, record.status, to_move

    def publishing(self) -> bool:
        """Whether the bot is still publishing (its publishing tasks running); False if unknown."""
        try:
            sessions = self.bot.table.sessions.live()
        except AttributeError:
            UNWATCHED.add("the bot's sessions (bot.table.sessions.live())")
            return False
        for session in sessions:
            task = getattr(session, "publish_task", None)
            if task is not None and not task.done():
                return True
        return False

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait until the bot is done: nothing publishing, and no REST call for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last = self.fake.calls[-1].at if self.fake.calls else 0.0
            if not self.publishing() and time.monotonic() - last >= self.quiet:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"the bot was still busy after {timeout} s")

    def source(self, user: FakeUser, seat: int, version: int) -> tuple[FakeMessage, list[Entry], str] | None:
        """Where `user` plays from now: (message, its choices, "hand" or "board")."""
        hands = self.fake.ephemeral_messages(user, self.channel)
        if hands:
            found = offers(hands[-1], self.game_id, seat, version)
            if found:
                return hands[-1], found, "hand"
        board = self.board()
        if board is not None:
            found = offers(board, self.game_id, seat, version)
            if found:
                return board, found, "board"
        return None

    async def move(self, tally: Tally) -> bool:
        """Play one move (the version goes up); False when the game is over."""
        version, status, to_move = await self.where()
        if status != "active":
            return False
        assert to_move, f"game {self.game_id} is active at version {version} but nobody is to move"
        seat = to_move[0]
        record = await self.bot.store.get(self.game_id)
        user_id = record.seats[seat].user_id
        user = next(u for u in self.users if u.id == user_id)
        first_call = len(self.fake.calls)
        interactions = hand_opens = 0
        where_from = ""
        now = version
        for _ in range(MAX_STEPS):
            found = self.source(user, seat, version)
            if found is None:
                board = self.board()
                assert board is not None, "no board to press My hand on"
                custom_id = hand_button(board, self.game_id)
                assert custom_id is not None, f"the board has no My hand button: {board.text()[:200]}"
                interaction = await self.fake.click(user, board, custom_id)
                interactions, hand_opens = interactions + 1, hand_opens + 1
                answer = await self.safely(interaction, tally)
                if answer is not None and not offers(answer, self.game_id, seat, version):
                    tally.refusals += 1
                continue
            message, entries, where_from = found
            choices = [e for e in entries if not e.navigation] or entries
            entry = self.rng.choice(choices)
            if entry.value is None:
                interaction = await self.fake.click(user, message, entry.custom_id)
            else:
                interaction = await self.fake.select(user, message, entry.custom_id, [entry.value])
            interactions += 1
            await self.safely(interaction, tally)
            now, status, _ = await self.where()
            if now != version:
                break
        else:
            raise AssertionError(f"no move after {MAX_STEPS} interactions (game {self.game_id}, {user.name})")
        await self.settle()
        calls = self.fake.calls[first_call:]
        made = now - version
        tally.moves += made
        tally.jumps += made > 1
        tally.interactions += interactions
        tally.hand_opens += hand_opens
        if where_from == "hand":
            tally.from_hand += made
        elif where_from == "board":
            tally.from_board += made
        self.count(calls, tally)
        if self.trace:
            steps = ", ".join(describe(call, self.fake) for call in calls)
            who = f"{user.name} (seat {seat})"
            print(f"  game {self.game_id} v{version}->{now} {who}: {interactions} interactions; {steps}")
        return status == "active"

    async def safely(self, interaction: FakeInteraction, tally: Tally) -> FakeMessage | None:
        try:
            return await self.answered(interaction)
        except AssertionError:
            tally.timeouts += 1
            return None

    @staticmethod
    def count(calls: list[RecordedCall], tally: Tally) -> None:
        last_payload: dict[str, Any] = {}
        posted: set[str] = set()
        for call in calls:
            tally.calls[kind_of(call)] += 1
            tally.routes[f"{call.method} {call.route}"] += 1
            tally.uploads += bool(call.files)
            tally.uploaded_bytes += sum(int(f.get("size") or 0) for f in call.files)
            if call.status >= 400:
                tally.failed[f"{call.method} {call.route} -> {call.status}"] += 1
            if call.route == CALLBACK and isinstance(call.json, dict):
                tally.callback_types[int(call.json.get("type", 0))] += 1
            if call.method == "PATCH":
                payload = (call.json, [(f.get("filename"), f.get("size")) for f in call.files])
                tally.repeated_edits += last_payload.get(call.path) == payload
                last_payload[call.path] = payload
            if call.method == "POST" and call.route == CHANNEL_MESSAGES and isinstance(call.response, dict):
                posted.add(f"{call.path}/{call.response.get('id')}")
            if call.method == "DELETE" and call.path in posted:
                tally.posted_and_deleted += 1


async def play_setup(
    fake: FakeDiscord,
    runner: BotRunner,
    setup: Setup,
    channels: list[FakeChannel],
    args: argparse.Namespace,
) -> Tally:
    tally = Tally(setup)
    users = [fake.alice, fake.bob, fake.carol][: setup.players]
    started = time.monotonic()
    for number, channel in enumerate(channels):
        seed = args.seed * 1000 + number
        player = Player(fake, runner, channel, users, random.Random(seed), args.quiet, args.trace)
        tally.start_calls += await player.open_game(setup, seed)
        tally.games += 1
        moves = 0
        while moves < args.moves:
            before = tally.moves
            if not await player.move(tally):
                tally.finished += 1
                break
            moves += tally.moves - before
    tally.seconds = time.monotonic() - started
    return tally


def git_commit() -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    commit = found.stdout.strip() or "unknown"
    return commit + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def per(count: float, moves: int) -> str:
    return f"{count / moves:.2f}" if moves else "-"


def report(tallies: list[Tally], args: argparse.Namespace) -> None:
    heads = ["game", "players", "games (finished)", "moves", "interactions/move", "My hand/move"]
    heads += ["REST calls/move", *(KIND_TITLES[k] for k in KINDS), "uploads/move", "KB uploaded/move"]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    for t in tallies:
        cells = [t.setup.title, str(t.setup.players), f"{t.games} ({t.finished})", str(t.moves)]
        cells += [per(t.interactions, t.moves), per(t.hand_opens, t.moves)]
        cells += [per(sum(t.calls.values()), t.moves), *(per(t.calls[k], t.moves) for k in KINDS)]
        kilobytes = f"{t.uploaded_bytes / 1024 / t.moves:.0f}" if t.moves else "-"
        cells += [per(t.uploads, t.moves), kilobytes]
        print("| " + " | ".join(cells) + " |")
    print()
    for t in tallies:
        name = f"{t.setup.title}, {t.setup.players} player{'s' if t.setup.players > 1 else ''}"
        callbacks = ", ".join(f"type {k} {per(n, t.moves)}" for k, n in sorted(t.callback_types.items()))
        failed = ", ".join(f"{route} {per(n, t.moves)}" for route, n in t.failed.most_common())
        print(f"{name} ({t.seconds:.0f} s):")
        print(f"  moves made from the hand {t.from_hand}, from the board {t.from_board}")
        print(f"  interaction callbacks per move by type: {callbacks or '-'}")
        print(f"  calls per move answered with an error: {failed or '-'}")
        print(
            f"  edits repeating the message's last payload {t.repeated_edits}; messages posted and "
            f"deleted within one move {t.posted_and_deleted}"
        )
        print(
            f"  answers to My hand without choices {t.refusals}; unanswered interactions {t.timeouts}; "
            f"moves of more than one version {t.jumps}"
        )
        print(f"  REST calls to open and start a game (not counted above): {per(t.start_calls, t.games)}")
        if args.details:
            for route, n in t.routes.most_common():
                print(f"    {route}: {per(n, t.moves)}/move")


async def run(args: argparse.Namespace) -> list[Tally]:
    setups = [s for s in SETUPS if s.key in args.only]
    fake = FakeDiscord(checker=PayloadChecker(spec=None))  # Discord's limits checked, not the schema
    channels = {
        s.key: [fake.add_text_channel(fake.guild, f"{s.key}-{n}") for n in range(args.games)] for s in setups
    }
    await fake.start()
    tallies: list[Tally] = []
    with tempfile.TemporaryDirectory() as tmp:
        runner = BotRunner(fake, Path(tmp) / "data")
        runner.attach_logs()
        budget = args.picture_budget_ms
        if budget is None:
            budget = 1000.0 if args.pictures == "on" else 0.0
        try:
            await runner.start(runner.settings(picture_budget_ms=budget), timeout=60)
            for setup in setups:
                tallies.append(await play_setup(fake, runner, setup, channels[setup.key], args))
        finally:
            await runner.stop()
            runner.detach_logs()
            await fake.stop()
    report(tallies, args)
    problems = [f"payload violation: {v}" for v in fake.violations]
    problems += [f"unknown route: {c.method} {c.path}" for c in fake.unknown_routes]
    problems += [f"bot error: {e}" for e in runner.unhandled_errors()]
    warned = [r for r in runner.log_records if r.levelno >= logging.WARNING]
    print(f"\nproblems: {len(problems)}; warnings and errors logged by the bot: {len(warned)}")
    if UNWATCHED:
        print(
            f"publishing not watched ({', '.join(sorted(UNWATCHED))} not found): a move's count ended "
            f"after {args.quiet} s without a REST call; check with a larger --quiet"
        )
    for line in problems[:10]:
        print(f"  {line}")
    for record in warned[:10]:
        print(f"  {record.name} {record.levelname}: {record.getMessage()[:200]}")
    return tallies


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3, help="seeded games of each kind")
    parser.add_argument("--moves", type=int, default=400, help="at most this many moves a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pictures", choices=("on", "off"), default="on")
    parser.add_argument(
        "--picture-budget-ms",
        type=float,
        default=None,
        help="the bot's PICTURE_BUDGET_MS (default: 1000 with pictures on, 0 with them off)",
    )
    parser.add_argument(
        "--quiet", type=float, default=0.05, help="seconds without a REST call that end a move's count"
    )
    parser.add_argument(
        "--only",
        type=lambda text: [part.strip() for part in text.split(",") if part.strip()],
        default=[s.key for s in SETUPS],
        help="kinds of game, comma-separated: " + ", ".join(s.key for s in SETUPS),
    )
    parser.add_argument("--details", action="store_true", help="also each route's calls per move")
    parser.add_argument("--trace", action="store_true", help="print every move's interactions and calls")
    args = parser.parse_args()
    unknown = set(args.only) - {s.key for s in SETUPS}
    if unknown:
        parser.error(f"unknown kinds of game: {', '.join(sorted(unknown))}")
    print("command: " + shlex.join([sys.executable, *sys.argv]))
    print(f"commit: {git_commit()}; measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
