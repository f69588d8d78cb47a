"""End to end: an owner takes a permission from the bot in a channel while a game is going on there.

Found by the explorer's permissions step (tests/explorer/bad_days.py): with Attach Files taken, a
table the bot had to post anew after a restart (its old one deleted or too old to edit) was posted
with its picture, refused, and logged with a traceback as the bot's own failure, the game left
without a table until its next move. `/play` checks the permissions a game needs before it starts;
these are the ones taken afterwards.
"""

from __future__ import annotations

import logging
import random

from tests.e2e.table_driver import boards, click, offered, open_hand, open_lobby, pick
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import ATTACH_FILES, SEND_MESSAGES


async def two_player_table(fake: FakeDiscord) -> FakeMessage:
    """Alice opens Mr. Cabbagehead's Garden for two, moving first; Bob joins; Alice starts."""
    options = {"players": 2, "first_player": "host"}
    lobby = await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", options)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    [table] = await fake.wait_until(lambda: boards(fake, fake.general), what="the table")
    return table


async def plant_from(fake: FakeDiscord, user: FakeUser, hand: FakeMessage) -> None:
    """Through the hand's pickers to a move (in Mr. Cabbagehead's Garden a card, then its slot),
    never back."""
    rng = random.Random(1)
    for _ in range(10):
        choices = offered(hand)
        actions = [c for c in choices if c[1].rsplit(":", 1)[-1].startswith("a")]
        if actions:
            await pick(fake, user, hand, rng.choice(actions)[1])
            return
        forward = [c for c in choices if not c[1].endswith(":p0") and "Back" not in c[0]]
        await pick(fake, user, hand, (forward or choices)[0][1])
    raise AssertionError(f"no move reached in ten picks: {hand.text()}")


async def test_without_attach_files_a_table_posted_anew_is_a_text_board(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await two_player_table(fake)
    fake.restrict_bot(fake.general, ATTACH_FILES)
    fake.delete_message(table)  # a moderator, while the bot is down
    await running_bot.restart()  # its catch-up draws every table's picture again, and meets both

    [again] = await fake.wait_until(lambda: boards(fake, fake.general), what="the table posted anew")
    assert again is not table and again.attachments == [], "a text board, no picture"
    assert "Drawn row" in again.text(), "the complete text board in place of the picture"


async def test_without_send_messages_a_table_that_cannot_be_posted_is_one_warning_line(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """An owner's setting is not the bot's failure: no error, no traceback, one line saying so."""
    fake = fake_discord
    table = await two_player_table(fake)
    hand = await open_hand(fake, fake.alice, fake.general)
    fake.restrict_bot(fake.general, SEND_MESSAGES)
    fake.delete_message(table)

    await plant_from(fake, fake.alice, hand)

    said = await fake.wait_until(
        lambda: [r for r in running_bot.log_records if "lacks a permission" in r.getMessage()],
        what="the warning",
    )
    assert said[0].levelno == logging.WARNING and said[0].exc_info is None
    assert not [r for r in running_bot.log_records if r.levelno >= logging.ERROR]
