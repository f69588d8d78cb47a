"""The peer of issue 31: a bare discord.py button game, run as its own process like our bot.

`discord-games` (PyPI, a development extra) is a library of small Discord games; its button
Connect Four (`discord_games.button_games.BetaConnectFour`) is a plain discord.py game: a
`discord.ui.View` of seven numbered buttons on one message, the game in memory, no storage, no
pictures. Each click is answered by editing the clicked message (one interaction callback, type 7),
a wrong click (not your turn, a full column) by an ephemeral line.

This script is that game's host as a bot of a few lines: `/connect4 rival:<user>` opens a game
between the person asking (red, who starts) and the rival, through the library's own `start`
(a `commands.Context` made from the interaction: its `send` answers the command with the board);
`/help` answers at once, so the benchmarks' start-up check (`tests/fake_discord/processes.py`)
knows the process is ready. It reads the same settings as `python -m bot` for where Discord is:
DISCORD_TOKEN, DISCORD_API_BASE (the REST base) and DISCORD_GATEWAY_URL, set through the same
functions (`bot/operations/endpoints.py`).

It runs the way our bot runs, so that what differs is the game's work and not the runtime: the same
client options (only the GUILDS intent, no member or message cache), uvloop's event loop where it
is installed, orjson in discord.py (present in the environment), the same garbage-collector
settings after start-up (`bot/run.py`'s `settle_memory`). `--plain` runs it instead as the
library's README does, with discord.py's defaults (default intents and caches, asyncio's loop).

    DISCORD_TOKEN=... DISCORD_API_BASE=http://127.0.0.1:PORT/api/v10 \
        DISCORD_GATEWAY_URL=ws://127.0.0.1:PORT/gateway python benchmarks/peer_bot.py
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import signal
import sys
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands
from discord_games.button_games import BetaConnectFour  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.operations.endpoints import use_api_base, use_gateway  # noqa: E402

#: `bot/run.py`'s young-generation threshold (GC_THRESHOLD), applied the same way.
GC_THRESHOLD = 5000


class PeerBot(commands.Bot):
    """A commands.Bot with the two slash commands, synced globally at start."""

    def __init__(self, *, plain: bool) -> None:
        if plain:
            super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        else:  # bot/app.py's client options
            super().__init__(
                command_prefix=commands.when_mentioned,
                intents=discord.Intents(guilds=True),
                help_command=None,
                allowed_mentions=discord.AllowedMentions.none(),
                member_cache_flags=discord.MemberCacheFlags.none(),
                chunk_guilds_at_startup=False,
                max_messages=None,
            )
        self.plain = plain
        self.tree.add_command(app_commands.Command(name="help", description="Ready?", callback=help_))
        self.tree.add_command(
            app_commands.Command(name="connect4", description="Connect Four", callback=connect_four)
        )

    async def setup_hook(self) -> None:
        gateway = os.environ.get("DISCORD_GATEWAY_URL")
        if gateway:
            use_gateway(gateway)
        await self.tree.sync()
        if not self.plain:  # bot/run.py's settle_memory, once everything is loaded
            gc.collect()
            gc.freeze()
            gc.set_threshold(GC_THRESHOLD, 20, 20)


async def help_(interaction: discord.Interaction[PeerBot]) -> None:
    await interaction.response.send_message("Connect Four: /connect4 rival", ephemeral=True)


@app_commands.describe(rival="who plays blue")
async def connect_four(interaction: discord.Interaction[PeerBot], rival: discord.User) -> None:
    """The library's Connect Four, started as its README shows (`await game.start(ctx)`); it
    returns when the game is over."""
    ctx = await commands.Context.from_interaction(interaction)
    game = BetaConnectFour(red=interaction.user, blue=rival)
    await game.start(ctx)


async def run(plain: bool) -> None:
    use_api_base(os.environ.get("DISCORD_API_BASE"))
    bot = PeerBot(plain=plain)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(os.environ["DISCORD_TOKEN"]))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running
        stopping.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plain", action="store_true", help="discord.py's defaults, not our bot's settings")
    plain = parser.parse_args().plain
    factory = None
    if not plain:
        with contextlib.suppress(ImportError):
            import uvloop

            factory = uvloop.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        runner.run(run(plain))


if __name__ == "__main__":
    main()
