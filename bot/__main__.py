"""`python -m bot`: read settings, then run Garden Club until stopped."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Callable

import aiohttp
import discord

from bot.app import GardenClubBot
from bot.endpoints import use_api_base
from bot.logging_setup import configure_logging
from bot.settings import Settings, load_settings_or_exit

log = logging.getLogger("bot")

#: Allocations (less deallocations) between young-generation collections (Python's default: 700).
GC_THRESHOLD = 5000


async def run(settings: Settings) -> None:
    """Log in and stay connected; returns when the bot is closed."""
    settings.database_path.parent.mkdir(parents=True, exist_ok=True)
    use_api_base(settings.api_base)
    bot = GardenClubBot(settings)
    settle_memory()
    async with bot:
        await bot.start(settings.discord_token.get_secret_value())


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


def main() -> None:
    """Console entry point (`garden-club`)."""
    settings = load_settings_or_exit()
    configure_logging(settings.log_level, [settings.discord_token.get_secret_value()])
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            runner.run(run(settings))
    except KeyboardInterrupt:
        log.info("Stopped.")
    except discord.LoginFailure:
        print(
            "garden-club: Discord refused DISCORD_TOKEN: copy a fresh token from the Developer Portal "
            "(your application > Bot > Reset Token) into .env.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    except discord.PrivilegedIntentsRequired:
        print("garden-club: Discord refused a privileged intent; Garden Club needs none.", file=sys.stderr)
        raise SystemExit(2) from None
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, discord.HTTPException) as error:
        # Only login and start-up get here: once connected, discord.py reconnects by itself.
        where = settings.api_base or "https://discord.com/api/v10"
        print(
            f"garden-club: could not log in through {where} ({error}): check DISCORD_API_BASE "
            "(leave it empty for Discord itself) and the network.",
            file=sys.stderr,
        )
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
