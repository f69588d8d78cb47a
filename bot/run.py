"""`garden-club run` (the default of `garden-club` and `python -m bot`): read settings, then run
Garden Club until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import aiohttp
import discord
from discord.gateway import DiscordWebSocket

from bot.app import GardenClubBot
from bot.basics.callbacks import DISCORD_API_BASE
from bot.operations.claim import claim_database
from bot.operations.endpoints import GatewayUnreachable, gateway_line, use_api_base
from bot.operations.health import health_path, record_damage
from bot.operations.logging_setup import configure_logging
from bot.operations.settings import Settings, database_path_problem, load_settings_or_exit
from bot.operations.start_refusal import StartRefused
from bot.storage.backups import damaged_line, quick_check
from bot.storage.reach import DatabaseProblem

log = logging.getLogger("bot")
T = TypeVar("T")

#: Allocations (less deallocations) between young-generation collections (Python's default: 700).
GC_THRESHOLD = 5000


async def run(settings: Settings) -> None:
    """Log in and stay connected until the bot is closed or the process is told to stop (SIGTERM,
    as `docker stop`, systemd and Kubernetes send, or SIGINT): then stop cleanly — moves in
    flight finished, waiting marks written, the store closed."""
    use_api_base(settings.api_base)
    bot = GardenClubBot(settings)
    bot.check_gateway_at_start = True
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows' loop
            loop.add_signal_handler(signal_number, stop.set)
    bot.claim = await until_stopped(claim_database(settings), stop)  # a second bot stops here
    if bot.claim is None:
        log.info("Stopping (signal received) while waiting for the database…")
        return
    settle_memory()
    async with bot:
        running = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping in done:
            log.info("Stopping (signal received)…")
            await bot.close()
            try:
                await running
            except (asyncio.CancelledError, Exception):  # cut short while connecting: no matter now
                log.debug("The connection ended while stopping.", exc_info=True)
        else:
            stopping.cancel()
            try:
                running.result()  # a login or start-up failure: main() turns it into one line
            except AttributeError:
                if bot.ws is not None:
                    raise
                # discord.py 2.7.1's first connection failed after the gateway check passed.
                where = str(DiscordWebSocket.DEFAULT_GATEWAY)
                raise GatewayUnreachable(gateway_line(where, "the connection failed")) from None


async def until_stopped(work: Coroutine[Any, Any, T], stop: asyncio.Event) -> T | None:
    """`work`'s result, or None when `stop` is set first (`docker stop` while the bot waits for its
    database: a clean exit, not a kill at the end of the grace period)."""
    working = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({working, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    if working.done():
        return working.result()
    working.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await working
    return None


def settle_memory() -> None:
    """Tune the garbage collector for a long-running server once everything is imported.

    Freezing moves the objects alive now (modules, classes, the command tree: most of the heap)
    out of the collector's sight, so its full collections no longer walk them (each took about
    50 ms: latency spikes). A larger young-generation threshold means fewer collections, and the
    objects of interactions in progress are less often caught alive, promoted and walked again.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 20)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (Linux and macOS), else asyncio's own (None).

    The bot spends much of its CPU in the event loop and its transports (every interaction is a
    gateway frame in and an HTTP request out); uvloop runs that machinery in C, for about a tenth
    less CPU per interaction (docs/performance.md). Behaviour is the same on either loop.
    """
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def database_damage(database: Path) -> str | None:
    """The one line saying the SQLite database is damaged (it fails `PRAGMA quick_check`), or None:
    a damaged file is not run (a board would fail at the first damaged page, every backup too)."""
    if not database.is_file():
        return None  # a new install: the bot makes it
    findings = quick_check(database)
    return None if findings is None else damaged_line(database, findings)


def secrets_of(settings: Settings) -> list[str]:
    """What no log line may show: the token, and a PostgreSQL URL's password."""
    url = settings.database_url.get_secret_value() if settings.database_url is not None else ""
    password = urlsplit(url).password if settings.uses_postgres else None
    return [settings.discord_token.get_secret_value(), *([password] if password else [])]


def run_bot(database: Path | None = None) -> None:
    """Run the bot until it is stopped (`database`: overrides DATABASE_PATH, as the image does)."""
    settings = load_settings_or_exit()
    if database is not None:
        settings.database_path = database
        if not settings.uses_postgres:
            settings.database_url = None  # the file given wins over a sqlite:/// DATABASE_URL
    problem = database_path_problem(settings.sqlite_file, settings.sqlite_setting)
    if problem is not None:
        print(f"garden-club: {problem}", file=sys.stderr)
        raise SystemExit(2)
    damage = None if settings.uses_postgres else database_damage(settings.sqlite_file)
    if damage is not None:
        record_damage(health_path(settings.sqlite_file), damage)
        print(f"garden-club: {damage}.", file=sys.stderr)
        raise SystemExit(2)
    configure_logging(settings.log_level, secrets_of(settings))
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            runner.run(run(settings))
    except KeyboardInterrupt:
        pass
    except (DatabaseProblem, GatewayUnreachable) as problem:
        print(f"garden-club: {problem}", file=sys.stderr)
        raise SystemExit(2) from None
    except discord.LoginFailure:
        print(
            "garden-club: Discord refused DISCORD_TOKEN: copy a fresh token from the Developer Portal "
            "(your application > Bot > Reset Token) into .env.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    except StartRefused as refused:
        print(f"garden-club: {refused}", file=sys.stderr)
        raise SystemExit(2) from None
    except discord.PrivilegedIntentsRequired:
        print("garden-club: Discord refused a privileged intent; Garden Club needs none.", file=sys.stderr)
        raise SystemExit(2) from None
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, discord.HTTPException) as error:
        # Only login and start-up get here: once connected, discord.py reconnects by itself.
        where = settings.api_base or DISCORD_API_BASE
        print(
            f"garden-club: could not log in through {where} ({error}): check DISCORD_API_BASE "
            "(leave it empty for Discord itself) and the network.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    log.info("Stopped.")
