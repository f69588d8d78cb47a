"""The explorer's world: a server with six people and three channels, the bot on a clock the
explorer moves, computers that think briefly (so a run covers many games), and one run."""

from __future__ import annotations

import os
import random

import bot.play.computers
from bot.basics.clock import ManualClock
from tests.explorer.explorer import Explorer
from tests.explorer.whole_explorer import WholeGamesExplorer
from tests.fake_discord import BotRunner, FakeDiscord

#: A computer's pause in explorer runs (the bot's own is 1.5 s): short, but long enough that people
#: click while computers think.
COMPUTER_PAUSE = 0.05


def prepare(fake: FakeDiscord, runner: BotRunner, clock: ManualClock) -> None:
    """Before the bot starts: more people and a third channel; each bot start on `clock`."""
    for name in ("dave", "erin", "frank"):
        fake.add_user(name)
    fake.add_text_channel(fake.guild, "garden")
    fake.answer_deadline = None
    bot.play.computers.COMPUTER_PAUSE = COMPUTER_PAUSE
    runner.before_start.append(lambda started: setattr(started, "timer", clock))


async def explore(
    fake: FakeDiscord,
    runner: BotRunner,
    clock: ManualClock,
    seed: int,
    seconds: float,
    max_findings: int = 1,
    locale: str | None = None,
    whole_games: bool = False,
) -> Explorer:
    """Start the bot and explore for `seconds` (or until `max_findings`); the explorer. `locale`:
    the server's and every person's language (issue 32; "x-pseudo": every word shown is checked
    for the catalogs' marks). `whole_games`: people play the games going to their end, and the
    run stops once each garden kind was (`WholeGamesExplorer`)."""
    if locale is not None:
        fake.guild.locale = locale
        for user in fake.users.values():
            user.locale = locale
    await runner.start()
    explorer = (WholeGamesExplorer if whole_games else Explorer)(
        fake,
        runner,
        clock,
        random.Random(seed),
        users=[
            u for u in fake.users.values() if u.name in ("alice", "bob", "carol", "dave", "erin", "frank")
        ],
        channels=[fake.general, fake.games, fake.channel_named("garden")],
    )
    explorer.verbose = bool(os.environ.get("EXPLORER_VERBOSE"))
    explorer.locale = locale
    await explorer.run(seconds, max_findings=max_findings)
    return explorer
