"""Pytest fixtures: a running fake Discord, and the real Garden Club bot run in-process against it.

`fake_discord` starts the fake on a free port and, at teardown, fails the test if the bot sent a
payload Discord would reject or that breaks the OpenAPI schema, or called a route the fake does
not know. `garden_bot` is a `BotRunner`: `await garden_bot.start()` logs the real bot in (settings,
`use_api_base`, `GardenClubBot`, `start`) exactly as `python -m bot` does, and `restart()` stops it
and starts a new one on the same database. discord.py's class-level endpoints are restored after
each test.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import GardenClubBot
from bot.operations.endpoints import use_api_base
from bot.operations.settings import Settings
from tests.fake_discord.checks import OpenApiSpec, PayloadChecker, load_spec
from tests.fake_discord.fake import FakeDiscord

log = logging.getLogger(__name__)

#: discord.py waits this long after the last GUILD_CREATE before `on_ready`; the fake sends every
#: guild at once, so a short wait keeps tests fast without changing what the bot does.
GUILD_READY_TIMEOUT = 0.05
#: The shortest time between two background publishing passes of a game in tests (the bot's
#: own: `bot.publish.pacing.PUBLISH_EVERY`, a fifth of a second).
TEST_PUBLISH_EVERY = 0.02
#: A bot's close (clean stop) must end well within this many seconds.
CLOSE_TIMEOUT = 60.0


class _Collect(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.WARNING)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


class BotRunner:
    """Runs GardenClubBot against a FakeDiscord: start, stop, restart on the same data directory.

    It also collects the warnings and errors logged by `discord.*` and `bot.*` while it runs
    (`log_records`). discord.py logs "Ignoring exception in ..." when an error escaped the bot's
    own handling (the user saw "This interaction failed"): the `garden_bot` fixture fails the test
    on those unless `allow_unhandled_errors` is set.
    """

    def __init__(self, fake: FakeDiscord, data_dir: Path, **extra_settings: Any) -> None:
        self.fake = fake
        self.data_dir = data_dir
        #: More settings for every start, e.g. `shard_count=2, shard_ids="1"` (a shard's process).
        self.extra_settings = extra_settings
        self.log_records: list[logging.LogRecord] = []
        self.allow_unhandled_errors = False
        self._log_handler = _Collect(self.log_records)
        #: Called with each new bot before it starts (e.g. to add test-only commands to its tree).
        self.before_start: list[Callable[[GardenClubBot], None]] = []
        self.bot: GardenClubBot | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0

    def settings(
        self,
        *,
        gateway_url: bool = True,
        sync_guild_id: int | None = None,
        token: str | None = None,
        picture_budget_ms: float = 1000.0,
    ) -> Settings:
        """The bot's settings: the fake's REST base, optionally its gateway, a database in tmp.

        Pictures get a whole core by default, so every move is drawn at once however fast a test
        plays; tests of the picture budget pass a smaller one or spend it."""
        return Settings(
            _env_file=None,
            discord_token=token or self.fake.token,
            discord_api_base=self.fake.api_base,
            discord_gateway_url=self.fake.gateway_url if gateway_url else None,
            database_path=self.data_dir / "garden-club.sqlite3",
            sync_guild_id=sync_guild_id,
            log_level="DEBUG",
            picture_budget_ms=picture_budget_ms,
            test_games=True,
            backup_every="off",
            **self.extra_settings,
        )

    async def start(
        self, settings: Settings | None = None, *, timeout: float = 15.0, **options: Any
    ) -> GardenClubBot:
        """Log the bot in and wait until it is ready (guilds received); fails with the bot's error."""
        if self.bot is not None:
            raise RuntimeError("the bot is already running; stop() it first")
        settings = settings or self.settings(**options)
        settings.database_path.parent.mkdir(parents=True, exist_ok=True)
        use_api_base(settings.api_base)
        bot = GardenClubBot(settings)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        # A game's background passes a fiftieth of a second apart at the least, not a fifth: a
        # test plays a move as soon as the last is shown, and would wait out the pacing at every
        # step; the pacing's own tests set a longer one (tests/e2e/test_publish_pacing.py).
        bot.publish_every = TEST_PUBLISH_EVERY
        for prepare in self.before_start:
            prepare(bot)
        self.bot = bot
        self.starts += 1
        self.task = asyncio.create_task(
            bot.start(settings.discord_token.get_secret_value()), name=f"garden-bot-{self.starts}"
        )
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({self.task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self.task in done:
                error = self.task.exception()
                await self.stop()
                if error is not None:
                    raise error
                raise AssertionError("the bot stopped before it was ready")
            await self.stop()
            raise AssertionError(f"the bot was not ready within {timeout}s")
        return bot

    async def stop(self) -> None:
        """Close the bot as `async with bot` does on exit, and wait for its task to end."""
        bot, task = self.bot, self.task
        self.bot, self.task = None, None
        if bot is not None:
            try:
                await asyncio.wait_for(asyncio.shield(bot.close()), CLOSE_TIMEOUT)
            except TimeoutError:
                # A close that hangs is a bug of the bot's: say where every task waits.
                stacks = io.StringIO()
                for task in asyncio.all_tasks():
                    print(f"task {task.get_name()}:", file=stacks)
                    task.print_stack(file=stacks)
                raise AssertionError(
                    f"the bot did not close within {CLOSE_TIMEOUT} s:\n{stacks.getvalue()}"
                ) from None
        if task is not None:
            try:
                await asyncio.wait_for(task, 10)
            except (Exception, asyncio.CancelledError) as error:  # a bot that failed has said so already
                log.debug("bot task ended with %r", error)

    def unhandled_errors(self) -> list[str]:
        """Errors discord.py logged because the bot let an exception escape (with the cause)."""
        found = []
        for record in self.log_records:
            if record.name.startswith("discord") and record.levelno >= logging.ERROR:
                cause = repr(record.exc_info[1]) if record.exc_info else ""
                found.append(f"{record.getMessage()} {cause}".strip())
        return found

    def warnings_logged(self) -> list[str]:
        """Every warning and error the bot and discord.py logged, with its cause: for failure
        messages, since a CI log may show only part of pytest's captured-log section."""
        return [
            f"{r.name} {r.levelname}: {r.getMessage()} {repr(r.exc_info[1]) if r.exc_info else ''}".strip()
            for r in self.log_records
        ]

    def attach_logs(self) -> None:
        for name in ("discord", "bot"):
            logging.getLogger(name).addHandler(self._log_handler)

    def detach_logs(self) -> None:
        for name in ("discord", "bot"):
            logging.getLogger(name).removeHandler(self._log_handler)

    async def restart(self, **options: Any) -> GardenClubBot:
        """Stop the bot and start a fresh one on the same database (a crash or deploy)."""
        await self.stop()
        return await self.start(**options)


def fake_discord_problems(fake: FakeDiscord) -> list[str]:
    """What makes a test fail at teardown: payload violations and calls to unknown routes."""
    problems = [f"payload violation: {v}" for v in fake.violations]
    problems += [f"unknown route: {c.method} {c.path}" for c in fake.unknown_routes]
    return problems


@pytest.fixture(scope="session")
def discord_openapi() -> OpenApiSpec | None:
    """Discord's OpenAPI description, loaded once per session (None when the file is absent)."""
    return load_spec()


@pytest.fixture
def restore_discord_endpoints() -> Iterator[None]:
    """discord.py keeps its endpoints in class attributes: put them back after each test."""
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    yield
    Route.BASE = base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(str(gateway))


@pytest_asyncio.fixture
async def fake_discord(
    discord_openapi: OpenApiSpec | None, restore_discord_endpoints: None
) -> AsyncIterator[FakeDiscord]:
    """A running fake Discord; fails the test at teardown on payload violations or unknown routes."""
    fake = FakeDiscord(checker=PayloadChecker(discord_openapi))
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    problems = fake_discord_problems(fake)
    if problems:
        pytest.fail("The fake Discord saw problems:\n  " + "\n  ".join(problems), pytrace=False)


@pytest_asyncio.fixture
async def garden_bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    """A BotRunner (not started: call `await garden_bot.start()`); stopped at teardown."""
    runner = BotRunner(fake_discord, tmp_path / "data")
    runner.attach_logs()
    try:
        yield runner
    finally:
        with contextlib.suppress(Exception):
            await runner.stop()
        runner.detach_logs()
    errors = runner.unhandled_errors()
    if errors and not runner.allow_unhandled_errors:
        pytest.fail(
            "The bot let exceptions escape (users saw 'This interaction failed'):\n  " + "\n  ".join(errors),
            pytrace=False,
        )


@pytest_asyncio.fixture
async def running_bot(garden_bot: BotRunner) -> AsyncIterator[BotRunner]:
    """The bot, started with default settings (gateway URL given, global command sync)."""
    await garden_bot.start()
    yield garden_bot
