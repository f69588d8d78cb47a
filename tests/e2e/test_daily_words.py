"""Issue 32, the daily garden in the server's and the reader's language: its table, while the day
runs and once the garden is planted, and its final message are in the server's language; a
day's board (`/leaderboard cabbagehead daily:True`) in the reader's. In the pseudo-locale every
word is marked: none skipped the catalogs (players' names and the game's title aside)."""

from __future__ import annotations

from bot.basics.clock import ManualClock
from tests.e2e.table_driver import wait_for_move
from tests.e2e.test_daily_boards import daily_board
from tests.e2e.test_daily_garden import play_to_the_end, start_daily
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.language_check import unmarked_words

GAME = "Mr. Cabbagehead's Garden"


def test_the_check_finds_a_word_left_bare() -> None:
    """The check this file relies on: a word outside the marks is found, a marked or allowed one
    is not (a field inside a marked text, a mention, a timestamp, a name)."""
    assert unmarked_words("⟦Šééd ⟦Àlîçé⟧~~⟧ <@123> <t:99:R> **Alice**: Seed", ["Alice"]) == ["Seed"]
    assert unmarked_words("⟦Tödàý~~⟧ `/⟦léàdérböàrd~⟧ ⟦dàîlý~⟧:True`") == []


async def test_a_pseudo_server_plays_its_daily_garden_with_every_word_marked(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.guild.locale = "x-pseudo"
    fake.carol.locale = "x-pseudo"
    clock = ManualClock()
    garden_bot.before_start.append(lambda bot: setattr(bot, "timer", clock))
    await garden_bot.start()
    names = [u.name.title() for u in (fake.alice, fake.bob, fake.carol)] + [GAME]

    await start_daily(fake, fake.alice, fake.general)
    table = await wait_for_move(fake, fake.general, 0)
    assert unmarked_words(table.text(), names) == [], table.text()
    await play_to_the_end(fake, garden_bot, fake.alice, fake.general, 1)
    await fake.wait_until(lambda: len(fake.public_messages(fake.general)) >= 2, what="the final message")
    for message in fake.public_messages(fake.general):
        assert unmarked_words(message.text(), names) == [], message.text()
    board = await daily_board(fake, fake.carol)
    assert unmarked_words(board.text(), names) == [], board.text()


async def test_a_french_reader_reads_the_days_board_in_french(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.carol.locale = "fr"
    await garden_bot.start()
    board = await daily_board(fake, fake.carol)
    assert "Jardin du jour" in board.text() and "Personne n’a encore planté" in board.text()
    assert "`/jouer cabbagehead du_jour:True`" in board.text()
