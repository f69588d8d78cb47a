"""The explorer in CI (issue 27): a short budget of random play of the real bot through the fake
Discord, with fixed seeds so a finding can be replayed. `benchmarks/explore.py` runs it for long.

`EXPLORER_SECONDS` (default 20 a seed) and `EXPLORER_SEEDS` (default "1,2,3") change the budget."""

from __future__ import annotations

import os

import pytest

from bot.basics.clock import ManualClock
from tests.explorer.world import explore, prepare
from tests.fake_discord import BotRunner, FakeDiscord

SEEDS = [int(s) for s in os.environ.get("EXPLORER_SEEDS", "1,2,3").split(",")]
SECONDS = float(os.environ.get("EXPLORER_SECONDS", "20"))


@pytest.mark.timeout(SECONDS + 120)
@pytest.mark.parametrize("seed", SEEDS)
async def test_the_explorer_finds_nothing(
    fake_discord: FakeDiscord, garden_bot: BotRunner, seed: int
) -> None:
    """Random play of every game and command, wrong people's clicks, old messages, forged ids,
    time jumps, clean and killed restarts: every interaction answered within 3 s, no apology or
    logged error, no refusal of a choice the clicker's newest hand or table offers, every stored
    lobby or game in progress with its message, /play never refused in a channel with no game."""
    clock = ManualClock()
    prepare(fake_discord, garden_bot, clock)
    garden_bot.allow_unhandled_errors = True  # reported as findings, with the steps before them
    explorer = await explore(fake_discord, garden_bot, clock, seed, SECONDS)
    print(f"explorer seed {seed}: {explorer.report()}")
    assert not explorer.findings, f"seed {seed}: " + "\n".join(map(str, explorer.findings))
