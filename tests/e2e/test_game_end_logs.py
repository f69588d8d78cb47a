"""Issue 29 item 7: the owner's log says when a game ends and how (finished, ended early,
abandoned), and how many games resumed after a restart, one INFO line each."""

from __future__ import annotations

import logging

import pytest

from tests.e2e.table_driver import board, click, offered, open_hand, open_lobby, pick, wait_for_move
from tests.e2e.test_secret_numbers_table import PLAY, player_to_move
from tests.fake_discord import BotRunner, FakeDiscord


def said(caplog: pytest.LogCaptureFixture, start: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "bot.games" and r.levelno == logging.INFO and r.getMessage().startswith(start)
    ]


async def two_player_game(fake: FakeDiscord) -> None:
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"turns": 2})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")


async def test_a_game_played_out_is_logged_as_finished(
    fake_discord: FakeDiscord, running_bot: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    fake = fake_discord
    await two_player_game(fake)
    board_message = board(fake, fake.general)
    moves = 0
    while "Game over" not in board_message.text():
        player = player_to_move(fake, board_message)
        hand = await open_hand(fake, player, fake.general)
        await pick(fake, player, hand, offered(hand)[0][1])
        moves += 1
        board_message = await wait_for_move(fake, fake.general, moves)
    [line] = said(caplog, "Game ")
    assert line.endswith("(secret_number) ended: finished."), line


async def test_ended_early_abandoned_and_resumed_are_logged(
    fake_discord: FakeDiscord, running_bot: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    fake = fake_discord
    await two_player_game(fake)
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    [line] = said(caplog, "Game ")
    assert line.endswith("ended: ended early (Alice ended the game)."), line

    await two_player_game(fake)
    bot = await running_bot.restart()
    assert said(caplog, "Resumed ")[-1] == "Resumed 1 game in progress at start."
    [game] = await bot.store.games_by_status("active")
    await bot.table.lobbies.abandon(game.id, 14)
    assert said(caplog, f"Game {game.id} ") == [
        f"Game {game.id} (secret_number) ended: abandoned (abandoned: no move for 14 days)."
    ]
