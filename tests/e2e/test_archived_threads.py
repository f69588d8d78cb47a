"""End to end: a game's thread archived under it, by Discord or by a moderator.

Discord archives a thread nobody has posted in for its auto-archive time (a day for the bot's
game threads): a game on a relaxed clock, a long pause, or held while the bot was out of its server
outlives it. An archived thread's messages can be neither edited nor deleted ("Thread is archived",
50083) until it is unarchived, and the bot's pass began with the table's edit: every pass failed
with a traceback, the table never moved on and no turn notice was posted, a game stalled for
good. docs/bot.md, "How a game ends": the bot unarchives the thread (it may, with Send Messages in
Threads, unless a moderator locked it) and shows the game; a locked thread is one warning line.
"""

from __future__ import annotations

import logging

from tests.e2e.table_driver import board, open_hand, shown_move
from tests.e2e.test_deleted_by_moderators import game_in_a_thread
from tests.e2e.test_permissions_taken import plant_from
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.model import MANAGE_THREADS


def errors(runner: BotRunner) -> list[str]:
    return [r.getMessage() for r in runner.log_records if r.levelno >= logging.ERROR]


async def test_a_move_in_an_archived_thread_unarchives_it_and_shows_the_game(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    thread = await game_in_a_thread(fake)
    table = board(fake, thread)
    await fake.archive_thread(thread)  # a day without a post

    await plant_from(fake, fake.alice, await open_hand(fake, fake.alice, thread))

    await fake.wait_until(lambda: shown_move(table) == 1, what="the table showing the move")
    assert not thread.archived, "unarchived, as the thread's own members would by posting"
    await fake.wait_until(lambda: [m for m in fake.public_messages(thread) if m.pinged], what="Bob told")
    assert not errors(running_bot)


async def test_a_locked_thread_is_one_warning_and_the_game_is_shown_once_unlocked(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A moderator locked the thread: only those who may manage threads unarchive it, which the
    bot's invite does not ask for. Nothing is logged as an error, and the game is shown once they
    do (its next pass)."""
    fake = fake_discord
    fake.restrict_bot(fake.general, MANAGE_THREADS)  # the invite's permissions
    thread = await game_in_a_thread(fake)
    table = board(fake, thread)
    await fake.archive_thread(thread, locked=True)

    await plant_from(fake, fake.alice, await open_hand(fake, fake.alice, thread))

    await fake.wait_until(
        lambda: any("Thread is archived" in r.getMessage() for r in running_bot.log_records),
        what="one warning",
    )
    assert shown_move(table) == 0 and not errors(running_bot)
    thread.archived = thread.locked = False  # the moderator reopens it
    await plant_from(fake, fake.bob, await open_hand(fake, fake.bob, thread))
    await fake.wait_until(lambda: shown_move(table) == 2, what="the table showing both moves")
