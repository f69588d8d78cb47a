"""The explorer in CI (issue 27): a short budget of random play of the real bot through the fake
Discord, with fixed seeds so a finding can be replayed. `benchmarks/explore.py` runs it for long.

`EXPLORER_SECONDS` (default 20 a seed) and `EXPLORER_SEEDS` (default "1,2,3") change the budget.
One more run plays in the pseudo-locale (issue 32: every word shown must carry the catalogs'
marks): `EXPLORER_PSEUDO_SEEDS` (default "1", which has a game of each kind in play within its
28 s on a busy 2-core machine: Cabbagehead to move 16, Garden Party to 3, Garden Sabotage to 10)
and `EXPLORER_PSEUDO_SECONDS` (default 28: about 30 s added to `make test`)."""

from __future__ import annotations

import os
import random

import pytest

from bot.basics.clock import ManualClock
from bot.basics.words import PSEUDO
from tests.explorer.explorer import Explorer
from tests.explorer.world import explore, prepare
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.model import FakeMessage, new_snowflake

SEEDS = [int(s) for s in os.environ.get("EXPLORER_SEEDS", "1,2,3").split(",")]
SECONDS = float(os.environ.get("EXPLORER_SECONDS", "20"))
PSEUDO_SEEDS = [int(s) for s in os.environ.get("EXPLORER_PSEUDO_SEEDS", "1").split(",")]
PSEUDO_SECONDS = float(os.environ.get("EXPLORER_PSEUDO_SECONDS", "28"))


async def explored(
    fake: FakeDiscord, runner: BotRunner, seed: int, seconds: float, locale: str | None
) -> None:
    """Explore for `seconds`; every finding fails the test, with the steps before it."""
    clock = ManualClock()
    prepare(fake, runner, clock)
    runner.allow_unhandled_errors = True  # reported as findings, with the steps before them
    explorer = await explore(fake, runner, clock, seed, seconds, locale=locale)
    print(f"explorer seed {seed} ({locale or 'en'}): {explorer.report()}")
    assert not explorer.findings, f"seed {seed}: " + "\n".join(map(str, explorer.findings))


@pytest.mark.timeout(SECONDS + 120)
@pytest.mark.parametrize("seed", SEEDS)
async def test_the_explorer_finds_nothing(
    fake_discord: FakeDiscord, garden_bot: BotRunner, seed: int
) -> None:
    """Random play of every game and command, wrong people's clicks, old messages, forged ids,
    time jumps, clean and killed restarts: every interaction answered within 3 s, no apology or
    logged error, no refusal of a choice the clicker's newest hand or table offers, every stored
    lobby or game in progress with its message, /play never refused in a channel with no game."""
    await explored(fake_discord, garden_bot, seed, SECONDS, None)


@pytest.mark.timeout(PSEUDO_SECONDS + 120)
@pytest.mark.parametrize("seed", PSEUDO_SEEDS)
async def test_the_explorer_finds_nothing_in_the_pseudo_locale(
    fake_discord: FakeDiscord, garden_bot: BotRunner, seed: int
) -> None:
    """The same, the server and everyone in the pseudo-locale: besides, no word of any message
    shown without the catalogs' marks (a text that skipped them: players' names, the games'
    titles and the Neighbours' names aside), and the fake Discord's limits hold for the longer
    texts."""
    await explored(fake_discord, garden_bot, seed, PSEUDO_SECONDS, PSEUDO)


def test_a_word_shown_without_the_catalogs_marks_is_a_finding(fake_discord: FakeDiscord) -> None:
    """What the pseudo-locale run stands on: a table whose log line skipped the catalogs (the
    seed-71 finding, a table posted again by /board) is found, quoting the line; marked words,
    players' names and the games' titles are not."""
    fake = fake_discord
    explorer = Explorer(fake, None, ManualClock(), random.Random(1), [fake.alice], [fake.general])  # type: ignore[arg-type]
    explorer.locale = PSEUDO
    table = "## Garden Sabotage\n⟦Řöüñd 3 öf 30 · **Alice** tö plàý~~~⟧\n• Round 3: Alice's turn."
    fake.store_message(
        FakeMessage(id=new_snowflake(), channel_id=fake.general.id, author=fake.bot_user, content=table)
    )
    explorer._check_words()
    [finding] = explorer.findings
    assert finding.what == "words shown without the catalogs: Round turn — in • Round 3: Alice's turn.", (
        finding
    )
