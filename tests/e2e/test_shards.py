"""Shards across processes, end to end (issue 21, "Shards across processes" and "Tests and
figures"): two bot processes, SHARD_COUNT=2 with SHARD_IDS 0 and 1, share one database and host
games in a server of each shard, through the fake Discord (one gateway session per shard, guilds
routed by `(guild_id >> 22) % 2`), on one clock the test moves by hand.

What an owner relies on: each process plays only its own servers' games; stopping one leaves the
other's games playing; after its restart its games go on with no move lost or doubled; a turn
clock that ran out while its process was down is played once, by that process, after its restart,
never by the other; only shard 0's process syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from bot.app import GardenClubBot, ShardedGardenClubBot
from bot.basics.clock import ManualClock
from bot.basics.shards import gateway_open
from bot.clocks.turns import Clocks
from bot.operations.health import gateway_connected
from bot.storage import DeadlineRecord, Store
from tests.e2e.table_driver import board, click, open_lobby, play_one_decision, player_to_move, wait_for_move
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage
from tests.fake_discord.test_shards import no_identify_wait
from tests.pg_cluster import Cluster

STANDARD = 600.0
T = TypeVar("T")
COMMANDS = "/applications/{application_id}/commands"


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause for the computer (the bot's own is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


@dataclass(frozen=True)
class SharedDatabase:
    """Where every process of the bot keeps its games: one database for all of them."""

    #: The data folder `BotRunner` starts each process in (its heartbeat, its run lock).
    folder: Path
    #: More settings for each process: DATABASE_URL for PostgreSQL (none: the SQLite file there).
    settings: dict[str, str]


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> SharedDatabase:
    """The processes' one database, on each store: a SQLite file in WAL mode (two processes on one
    machine can share it) and a PostgreSQL database (what processes on several machines share;
    skipped with one line where there is no server, never in CI)."""
    if request.param == "sqlite":
        return SharedDatabase(tmp_path / "shared-data", {})
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return SharedDatabase(tmp_path / "shared-data", {"database_url": cluster.database()})


@pytest.fixture
async def shard_process(
    fake_discord: FakeDiscord, shared_database: SharedDatabase, clock: ManualClock
) -> AsyncIterator[Callable[[str], BotRunner]]:
    """`shard_process("1")`: a BotRunner for the process running SHARD_IDS=1 of SHARD_COUNT=2, on
    the shared database and the test's clock. All are stopped at the end; the test fails if one
    let an exception escape."""
    runners: list[BotRunner] = []

    def make(shard_ids: str) -> BotRunner:
        runner = BotRunner(
            fake_discord,
            shared_database.folder,
            shard_count=2,
            shard_ids=shard_ids,
            **shared_database.settings,
        )
        runner.before_start.append(lambda bot: setattr(bot, "timer", clock))
        runner.attach_logs()
        runners.append(runner)
        return runner

    try:
        yield make
    finally:
        for runner in reversed(runners):
            await runner.stop()
            runner.detach_logs()
    errors = [error for runner in runners for error in runner.unhandled_errors()]
    assert errors == [], f"exceptions escaped the bot: {errors}"


@pytest.fixture
def fired(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GardenClubBot, int, str, int]]:
    """Every deadline step fired, by which bot: (bot, game, kind, step)."""
    found: list[tuple[GardenClubBot, int, str, int]] = []
    original = Clocks.fire

    async def spied(self: Clocks, deadline: DeadlineRecord) -> None:
        bot = self.table.client
        assert isinstance(bot, GardenClubBot)
        found.append((bot, deadline.game_id, deadline.kind, deadline.step))
        await original(self, deadline)

    monkeypatch.setattr(Clocks, "fire", spied)
    return found


async def two_player_game(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    """Alice opens a two-player game on the standard clock, Bob joins, Alice starts (she moves
    first)."""
    options = {"players": 2, "first_player": "host", "clock": "standard"}
    lobby = await open_lobby(fake, fake.alice, channel, "play cabbagehead", options)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    return await wait_for_move(fake, channel, 0)


class SharedStore:
    """The shared database as the test reads it: through the store of a process that stays up
    (whichever the store is, SQLite or PostgreSQL)."""

    def __init__(self, runner: BotRunner) -> None:
        self.runner = runner

    @property
    def store(self) -> Store:
        assert self.runner.bot is not None, "the reading process is up"
        return self.runner.bot.store

    async def game_in(self, channel: FakeChannel) -> int:
        record = await self.store.open_game_in_channel(channel.id)
        assert record is not None, f"a game in #{channel.name}"
        return record.id

    async def moves(self, game_id: int) -> list[tuple[int, int, str, bool]]:
        """A game's stored moves: (version, seat, action, whether time ran out for it)."""
        return [
            (a.version, a.seat, json.dumps(a.action), any(e.get("kind") == "timeout" for e in a.events))
            for a in await self.store.actions(game_id)
        ]

    async def version(self, game_id: int) -> int:
        record = await self.store.get(game_id)
        assert record is not None
        return record.version

    async def turn_clocks(self, game_id: int) -> list[int]:
        return [d.seat for d in await self.store.deadlines_of(game_id) if d.kind == "turn"]


async def eventually(check: Callable[[], Awaitable[T]], what: str, timeout: float = 15.0) -> T:
    """`check()`'s value once it is truthy (it reads the database, which tells nobody it changed)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (value := await check()):
        if loop.time() > deadline:
            raise AssertionError(f"Timed out after {timeout}s waiting for {what}.")
        await asyncio.sleep(0.02)
    return value


def told(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """The messages in `channel` saying someone's time ran out."""
    return [
        m
        for m in fake.messages.values()
        if m.channel_id == channel.id and re.search(r"Time ran out for \w+; the computer played", m.content)
    ]


def handles(runner: BotRunner, game_id: int) -> bool:
    """Whether that process has the game in memory: it received its clicks or acted on it."""
    assert runner.bot is not None
    return any(session.game_id == game_id for session in runner.bot.table.sessions.live())


async def move(
    fake: FakeDiscord, channel: FakeChannel, number: int, rng: random.Random, runner: BotRunner | None = None
) -> None:
    """Whoever is to move makes one move by clicks; the board then shows move `number`. Who is to
    move: as the board names them, or, with `runner`, as that process's game says (after a restart
    an older board can still be in the channel beside the new one)."""
    user = player_to_move(fake, board(fake, channel), [fake.alice, fake.bob])
    if runner is not None:
        assert runner.bot is not None
        position = await runner.bot.table.sessions.in_channel(channel.id)
        assert position is not None and position.to_move(), "someone is to move"
        seat_user = position.record.seats[position.to_move()[0]].user_id
        user = next(u for u in (fake.alice, fake.bob) if u.id == seat_user)
    assert user is not None, "someone is to move"
    await play_one_decision(fake, user, channel, rng)
    await wait_for_move(fake, channel, number)


async def test_two_processes_play_their_own_shards_games_through_a_stop_and_a_restart(
    fake_discord: FakeDiscord,
    shard_process: Callable[[str], BotRunner],
    clock: ManualClock,
    fired: list[tuple[GardenClubBot, int, str, int]],
) -> None:
    fake = fake_discord
    rng = random.Random(21)
    zero = fake.channel_named("general", fake.add_guild("Shard Zero Garden", shard=(0, 2)))
    one = fake.channel_named("general", fake.add_guild("Shard One Garden", shard=(1, 2)))

    # Shard 1's process first: it never syncs the commands; shard 0's does, once.
    process_one, process_zero = shard_process("1"), shard_process("0")
    assert isinstance(await process_one.start(), ShardedGardenClubBot)
    assert fake.calls_to("PUT", COMMANDS) == [] and fake.global_commands == []
    await process_zero.start()
    assert len(fake.calls_to("PUT", COMMANDS)) == 1 and fake.global_commands

    # A game in each shard's server; Alice's first move in each is handled by its own process.
    await two_player_game(fake, zero)
    await two_player_game(fake, one)
    shared = SharedStore(process_zero)
    game_zero, game_one = await shared.game_in(zero), await shared.game_in(one)
    for channel in (zero, one):
        await move(fake, channel, 1, rng)
    assert handles(process_zero, game_zero) and not handles(process_zero, game_one)
    assert handles(process_one, game_one) and not handles(process_one, game_zero)
    await eventually(lambda: shared.turn_clocks(game_one), "a turn clock in shard 1's game")
    before_stop = await shared.moves(game_one)
    assert [v for v, *_ in before_stop] == [1]

    # Shard 1's process stops: shard 0's game plays on.
    await process_one.stop()
    await move(fake, zero, 2, rng)
    await eventually(lambda: shared.turn_clocks(game_zero), "a turn clock in shard 0's game")

    # Both turn clocks run out while shard 1's process is down: shard 0's process plays only its own.
    clock.advance(STANDARD + 1)
    await fake.wait_until(lambda: told(fake, zero), timeout=15.0, what="shard 0's turn timed out")
    assert told(fake, one) == [], "shard 0's process never plays shard 1's clock"
    assert await shared.moves(game_one) == before_stop

    # Shard 1's process is back: its overdue clock fires once, then its game goes on.
    await process_one.start()
    await fake.wait_until(lambda: told(fake, one), timeout=15.0, what="shard 1's turn timed out")
    timed_out = await shared.version(game_one)
    await wait_for_move(fake, one, timed_out)
    await move(fake, one, timed_out + 1, rng, process_one)

    after = await shared.moves(game_one)
    assert after[: len(before_stop)] == before_stop, "no move lost or changed across the stop"
    assert [v for v, *_ in after] == list(range(1, await shared.version(game_one) + 1)), "none doubled"
    assert len(after) == timed_out + 1, "the move after the restart was stored"
    assert [timeout for *_, timeout in after].count(True) == 1, "the overdue clock played one turn"
    assert not after[-1][3], "the last move was the player's"
    assert len(told(fake, one)) == 1, "announced once"
    assert process_one.bot is not None and process_zero.bot is not None
    by_game = {(bot, game) for bot, game, _kind, _step in fired}
    assert (process_one.bot, game_one) in by_game and (process_zero.bot, game_zero) in by_game
    assert all(bot is process_zero.bot for bot, game, *_ in fired if game == game_zero)
    assert all(bot is process_one.bot for bot, game, *_ in fired if game == game_one), (
        "shard 1's deadlines fired by the restarted shard 1 process only"
    )
    assert len(fake.calls_to("PUT", COMMANDS)) == 1, "the restart of shard 1's process synced nothing"


async def test_a_process_keeps_to_its_share_of_discords_global_rate_limit(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """One process running 1 of 10 shards allows itself floor(50 / 10) = 5 REST requests a second:
    all ten together stay within Discord's 50. Interaction answers are not bound by the global
    limit and are never held back: a player's click is answered at once while boards queue."""
    fake = fake_discord
    rng = random.Random(5)
    channel = fake.channel_named("general", fake.add_guild("One Tenth Garden", shard=(0, 10)))
    garden_bot.extra_settings = {"shard_count": 10, "shard_ids": "0"}
    bot = await garden_bot.start()
    assert bot.rest_window is not None and bot.rest_window.per_second == 5
    await two_player_game(fake, channel)
    clicks = []
    for number in range(1, 7):
        before = len(fake.interactions)
        await move(fake, channel, number, rng)
        clicks += list(fake.interactions.values())[before:]
    bot_token_calls = sorted(
        call.at
        for call in fake.calls
        if call.route is not None and not call.route.startswith(("/interactions/", "/webhooks/"))
    )
    assert len(bot_token_calls) > 10, "enough requests to meet the limit"
    busiest = max(len([t for t in bot_token_calls if start <= t < start + 0.95]) for start in bot_token_calls)
    assert busiest <= 5, f"{busiest} requests within a second"
    assert bot.rest_window.waits > 0, "the window held requests back"
    slowest = max(i.latency or 0.0 for i in clicks)
    assert slowest < 1.0, f"a click waited {slowest:.2f} s for its answer"


async def test_a_sharded_process_reads_as_connected_while_every_shard_is(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """What `garden-club health` must see (the compose file's health checks): a process is
    connected while each of its shards' gateway sessions is open (again after one dropped and
    resumed), and not once it stopped."""
    fake = fake_discord
    fake.add_guild("Shard Zero Garden", shard=(0, 2))
    garden_bot.extra_settings = {"shard_count": 2}
    garden_bot.before_start.append(no_identify_wait)
    bot = await garden_bot.start()
    assert gateway_open(bot)
    await fake.gateway.drop_connection(shard=1)
    await fake.gateway.wait_connected(shard=1)
    await fake.wait_until(lambda: gateway_open(bot), what="shard 1 back")
    await garden_bot.stop()
    assert not gateway_open(bot)


async def test_the_heartbeat_sees_a_sharded_process_connected(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 21 with issue 16: `garden-club health` (the compose file's health check) reads a
    sharded process as connected while its shards' sessions are open; an AutoShardedBot has no
    single `client.ws`, which the check used to read, so every sharded process looked down."""
    garden_bot.extra_settings = {"shard_count": 2, "shard_ids": "0"}
    bot = await garden_bot.start()
    assert gateway_open(bot)
    assert gateway_connected(bot)
