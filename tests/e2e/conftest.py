"""Fixtures shared by the end-to-end tests: the bot on a clock the test moves by hand."""

from __future__ import annotations

import pytest

from bot.basics.clock import ManualClock
from tests.fake_discord import BotRunner


@pytest.fixture
def clock() -> ManualClock:
    """The bot's time (`bot.basics.clock.ManualClock`): tests move it instead of sleeping."""
    return ManualClock()


@pytest.fixture
async def clocked_bot(garden_bot: BotRunner, clock: ManualClock) -> BotRunner:
    """The bot started on the test's clock (restarts keep it)."""
    garden_bot.before_start.append(lambda bot: setattr(bot, "timer", clock))
    await garden_bot.start()
    return garden_bot
