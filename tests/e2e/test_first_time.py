"""Issue 27, "every button works the first time": the defects found when the bot was played as new
players would, each through the fake Discord."""

from __future__ import annotations

import pytest

from bot.refusals import UNREADABLE
from tests.e2e.findings_driver import answer_of, assert_private_refusal, solo_game
from tests.fake_discord import BotRunner, FakeDiscord


@pytest.mark.parametrize("custom_id", ["x" * 100, "🌱", "GC:hand:1", "hand:1"])
async def test_an_id_that_is_not_the_bots_gets_a_private_answer(
    fake_discord: FakeDiscord, running_bot: BotRunner, custom_id: str
) -> None:
    """Issue 27 item 6: a custom id that does not start with `gc:` on the bot's own table got no
    answer at all ("This interaction failed"); every id that reaches the bot gets a short private
    answer, and the table is left as it was."""
    fake = fake_discord
    table = await solo_game(fake, fake.alice, fake.general)
    before = table.snapshot()
    interaction = await fake.forge_click(fake.alice, table, custom_id)
    await interaction.wait_answered(timeout=3)
    assert assert_private_refusal(fake, interaction, await answer_of(fake, interaction)) == UNREADABLE
    assert table.snapshot() == before
