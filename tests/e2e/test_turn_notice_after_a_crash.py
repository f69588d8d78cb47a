"""A turn notice posted just before a crash is not posted again after the restart (the player is
not pinged twice for one turn).

A move is shown in two steps: the messages (the table, the next player's turn notice), then, a
moment later and batched, the mark in the store that the move was shown (`published_version`).
A process that dies between the two leaves a move shown but not marked: the next process shows
it again. The notice is stored with the version whose turn it tells, so the new process knows it
stands (docs/bot.md, "Announcements and notices").
"""

from __future__ import annotations

import sqlite3

from tests.e2e.table_driver import offered, open_hand, pick, wait_for_move
from tests.e2e.test_announcements import versions
from tests.e2e.test_secret_numbers_table import player_to_move, started_game
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def turn_notices(fake: FakeDiscord) -> list[FakeMessage]:
    """Every turn notice the bot posted in #general, deleted or not."""
    return [
        m for m in fake.messages.values() if m.channel_id == fake.general.id and "it's your turn" in m.content
    ]


async def test_a_turn_notice_posted_before_a_crash_is_not_posted_again_after_the_restart(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    board = await started_game(fake)
    assert running_bot.bot is not None
    game_id = running_bot.bot.table.sessions.live()[0].game_id
    player = player_to_move(fake, board)
    hand = await open_hand(fake, player, fake.general)
    await pick(fake, player, hand, offered(hand)[0][1])
    await wait_for_move(fake, fake.general, 1)
    [notice] = await fake.wait_until(lambda: turn_notices(fake), what="the next player's turn notice")
    await fake.wait_until(lambda: len(set(versions(running_bot, game_id))) == 1, what="the move marked shown")
    version, _ = versions(running_bot, game_id)

    # As if the process had died after the notice was posted, before the move was marked shown.
    await running_bot.stop()
    writable = sqlite3.connect(running_bot.data_dir / "garden-club.sqlite3")
    writable.execute("UPDATE games SET published_version = ? WHERE id = ?", (version - 1, game_id))
    writable.commit()
    writable.close()
    await running_bot.start()
    await fake.wait_until(
        lambda: versions(running_bot, game_id) == (version, version), what="the game shown again"
    )

    assert turn_notices(fake) == [notice], "the turn notice was posted again after the restart"
    assert not notice.deleted, "the standing turn notice was deleted after the restart"
