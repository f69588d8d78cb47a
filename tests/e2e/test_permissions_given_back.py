"""End to end: an owner takes a permission the game's messages need, the game ends meanwhile, and
the owner gives it back.

The game's last pass was refused (Missing Permissions): its result was never posted and its turn
notice never deleted until the next restart, its session kept in memory all that while; an ended
game has no next move to try again (found by the explorer, seed 311). docs/bot.md, "How a game
ends": Discord tells the bot of the channel's change, and the game is shown then.
"""

from __future__ import annotations

import logging

from tests.e2e.table_driver import open_hand, shown_move
from tests.e2e.test_deleted_by_moderators import notices
from tests.e2e.test_permissions_taken import plant_from
from tests.e2e.test_table_management import two_player_board
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.model import SEND_MESSAGES, VIEW_CHANNEL


async def test_a_game_that_ended_unseen_is_shown_when_the_permission_is_given_back(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table_message = await two_player_board(fake)
    for move in range(5):  # Secret Numbers: three turns each, Alice first
        player = fake.alice if move % 2 == 0 else fake.bob
        await plant_from(fake, player, await open_hand(fake, player, fake.general))
        await fake.wait_until(lambda: shown_move(table_message) == move + 1, what=f"move {move + 1} shown")  # noqa: B023
    await fake.wait_until(lambda: notices(running_bot) == 1, what="Bob's turn notice stored")
    fake.restrict_bot(fake.general, SEND_MESSAGES)  # the final scores cannot be posted
    await plant_from(fake, fake.bob, await open_hand(fake, fake.bob, fake.general))  # the last move
    table = running_bot.bot.table if running_bot.bot is not None else None
    assert table is not None
    await fake.wait_until(lambda: table.publisher.refusals.games, what="its last pass refused")
    await fake.wait_until(lambda: not table.sessions.live(), what="nothing kept in memory meanwhile")
    assert not results(fake)

    fake.unrestrict_bot(fake.general)

    await fake.wait_until(lambda: results(fake), what="the final scores posted")
    await fake.wait_until(lambda: notices(running_bot) == 0, what="the turn notice deleted")
    assert not table.sessions.live() and not table.publisher.refusals.games


def results(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in fake.public_messages(fake.general) if "Play again" in str(m.buttons())]


async def test_a_channel_hidden_from_the_bot_is_quiet_and_its_game_shown_when_shown_again(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """An owner takes View Channel: Discord answers every call about the channel with Missing
    Access (50001). One warning a pass, no traceback; the table shows the move once the channel
    is shown to the bot again."""
    fake = fake_discord
    table_message = await two_player_board(fake)
    fake.restrict_bot(fake.general, VIEW_CHANNEL)
    await plant_from(fake, fake.alice, await open_hand(fake, fake.alice, fake.general))
    table = running_bot.bot.table if running_bot.bot is not None else None
    assert table is not None
    await fake.wait_until(lambda: table.publisher.refusals.games, what="the pass refused")
    assert shown_move(table_message) == 0
    assert not [r for r in running_bot.log_records if r.levelno >= logging.ERROR]

    fake.unrestrict_bot(fake.general)

    await fake.wait_until(lambda: shown_move(table_message) == 1, what="the move shown")
