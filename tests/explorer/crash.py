"""A bot process killed at a random moment, emulated inside the test's process so the explorer
keeps its clock and its view of everything: the gateway socket is cut, every task the bot and
discord.py were running is cancelled where it stands (no clean stop, no final writes), and what
the operating system would free on a kill is freed (the run lock, the database connection, the
HTTP session). The next start opens the same database, as after a real SIGKILL.

What it cannot emulate: a cancelled task's `finally` blocks still run. The real-process kill is
tested in tests/e2e/test_killed_process.py."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import discord

import bot as bot_package
from tests.fake_discord import BotRunner

#: Code in these folders belongs to the bot's process (its tasks die with it).
PROCESS_CODE = (str(Path(bot_package.__file__).parent), str(Path(discord.__file__).parent))


def _belongs_to_bot(task: asyncio.Task[object]) -> bool:
    coroutine = task.get_coro()
    code = getattr(coroutine, "cr_code", None) or getattr(coroutine, "gi_code", None)
    return code is not None and code.co_filename.startswith(PROCESS_CODE)


async def kill(runner: BotRunner) -> None:
    """Kill the runner's bot outright; `runner.start()` then starts the next process."""
    bot, task = runner.bot, runner.task
    runner.bot, runner.task = None, None
    if bot is None:
        return
    with contextlib.suppress(Exception):
        await asyncio.wait_for(runner.fake.gateway.drop_connection(), 2)
    me = asyncio.current_task()
    doomed = [t for t in asyncio.all_tasks() if t is not me and (t is task or _belongs_to_bot(t))]
    for victim in doomed:
        victim.cancel()
    await asyncio.wait(doomed, timeout=5) if doomed else None
    claim = getattr(bot, "claim", None)
    if claim is not None:
        await claim.release()
    store = getattr(bot, "store", None)
    if store is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(store.close(), 5)
    with contextlib.suppress(Exception):
        await bot.http.close()
    callbacks = getattr(bot, "callbacks", None)  # its own session for the clicks' answers
    if callbacks is not None:
        with contextlib.suppress(Exception):
            await callbacks.close()
