"""Issue 27, "every button works the first time": the defects found when the bot was played as new
players would, each through the fake Discord."""

from __future__ import annotations

import pytest

from bot.refusals import UNREADABLE
from tests.e2e.findings_driver import APOLOGY, answer_of, assert_private_refusal, bot_errors, solo_game
from tests.e2e.table_driver import offered, open_lobby
from tests.e2e.test_cabbagehead_table import play_to_the_end
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


async def test_play_again_after_a_solo_game_starts_the_next_game_on_its_table(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 1: Play again after a solo game answered "Sorry, something went wrong" (the
    reply got `content=` twice for a game that starts at once) while a new game was stored with no
    table, blocking the channel. It now opens the new game's table, playable at once."""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=27)
    final = next(m for m in fake.public_messages(fake.general) if "gc:again:1" in m.custom_ids())
    again = await fake.click(fake.alice, final, label="Play again")
    await again.wait_answered(timeout=3)
    table = await fake.response_message(again)
    assert APOLOGY not in table.text()
    assert "Game #2 · move 0" in table.text() and offered(table), table.text()[:300]
    assert bot_errors(running_bot) == []
