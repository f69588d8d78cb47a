"""Backup and restore end to end (issue "Ready for server owners"): a backup taken while the bot
plays, more moves, the bot stopped, the backup restored, and the restarted bot resumes the game at
the backed-up move, with the buttons posted back then still playing."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from bot.app import GardenClubBot
from bot.operations.restore import restore_command
from bot.storage.backups import hold_run_lock, scheduled_backups
from tests.e2e.table_driver import board, offered, open_hand, pick, wait_for_move
from tests.e2e.test_secret_numbers_table import player_to_move, started_game
from tests.fake_discord import BotRunner, FakeDiscord


async def published(bot: GardenClubBot, game_id: int, want: int) -> None:
    """Wait until version `want` of the game is marked as shown (written within a moment)."""
    for _ in range(500):
        record = await bot.store.get(game_id)
        if record is not None and record.published_version >= want:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"version {want} was never marked published")


async def test_a_restored_backup_resumes_its_game_and_old_buttons_still_play(
    fake_discord: FakeDiscord, garden_bot: BotRunner, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = fake_discord
    database = garden_bot.data_dir / "garden-club.sqlite3"
    bot = await garden_bot.start()
    board_message = await started_game(fake, turns=4)
    for move in (1, 2):
        player = player_to_move(fake, board_message)
        hand = await open_hand(fake, player, fake.general)
        await pick(fake, player, hand, offered(hand)[0][1])
        board_message = await wait_for_move(fake, fake.general, move)
    game = await bot.table.sessions.in_channel(fake.general.id)
    assert game is not None
    game_id = game.record.id
    await published(bot, game_id, 2)
    # The hand of the player to move at move 2, opened before the backup: kept, never clicked.
    backed_up_player = player_to_move(fake, board_message)
    old_hand = await open_hand(fake, backed_up_player, fake.general)
    old_choice = offered(old_hand)[1][1]

    backup = await bot.backups.take()  # online, while the bot keeps playing
    assert backup is not None and backup.parent == database.parent / "backups"
    for move in (3, 4):
        player = player_to_move(fake, board_message)
        hand = await open_hand(fake, player, fake.general)
        await pick(fake, player, hand, offered(hand)[0][1])
        board_message = await wait_for_move(fake, fake.general, move)
    await published(bot, game_id, 4)

    # While the bot runs, restore refuses in one line and touches nothing.
    with pytest.raises(SystemExit) as refused:
        restore_command(backup, database=database)
    assert refused.value.code == 2
    assert "the bot is running with" in capsys.readouterr().err

    await garden_bot.stop()
    restore_command(backup, database=database)
    said = capsys.readouterr().out
    assert said.startswith(f"garden-club: restored {backup} (") and "1 game in progress" in said
    assert not Path(f"{database}-wal").exists()
    [aside] = database.parent.glob("garden-club.sqlite3.before-restore-*")
    with contextlib.closing(sqlite3.connect(aside)) as db:  # what was replaced is kept, whole
        assert db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone() == (4,)

    notices_before = {m.id for m in fake.public_messages(fake.general) if "it's your turn" in m.content}
    bot = await garden_bot.start()
    record = await bot.store.get(game_id)
    assert record is not None and record.status == "active" and record.version == 2
    assert len(await bot.store.actions(game_id)) == 2
    # Discord's board showed move 4: the restored bot shows move 2 again, and tells its player.
    board_message = await wait_for_move(fake, fake.general, 2)
    assert board_message is board(fake, fake.general)
    assert player_to_move(fake, board_message) is backed_up_player
    await fake.wait_until(
        lambda: [
            m
            for m in fake.public_messages(fake.general)
            if "it's your turn" in m.content
            and m.id not in notices_before
            and backed_up_player.id in m.pinged
        ],
        what="a fresh turn notice for the restored move",
    )
    # The hand posted before the backup plays the game's third move, as if moves 3 and 4 never were.
    await pick(fake, backed_up_player, old_hand, old_choice)
    assert "You played" in old_hand.text()
    board_message = await wait_for_move(fake, fake.general, 3)
    assert board_message is board(fake, fake.general)
    record = await bot.store.get(game_id)
    assert record is not None and record.version == 3
    next_player = player_to_move(fake, board_message)
    assert next_player is not backed_up_player
    hand = await open_hand(fake, next_player, fake.general)
    assert len(offered(hand)) == 2


async def test_the_running_bot_backs_up_on_its_schedule_and_holds_the_run_lock(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    database = garden_bot.data_dir / "garden-club.sqlite3"
    settings = garden_bot.settings().model_copy(update={"backup_every": "1d", "backup_keep": 2})
    await garden_bot.start(settings)
    await fake_discord.wait_until(
        lambda: scheduled_backups(database) or None, what="the first backup, taken at start"
    )
    assert hold_run_lock(database) is None  # what makes `restore` refuse
    await garden_bot.stop()
    lock = hold_run_lock(database)
    assert lock is not None, "the lock is released when the bot stops"
    lock.release()
    # A restart within the day takes no second backup.
    await garden_bot.start(settings)
    await asyncio.sleep(0.2)
    assert len(scheduled_backups(database)) == 1
