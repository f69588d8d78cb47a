"""A game's first moments race other work: a restart's catch-up (`Table.catch_up`, which shows what
the last process left unshown) runs while the bot already takes clicks, and a new board can be
clicked before the bot has stored which message it is. Neither may give a game a second board or
leave a click unanswered (both found by benchmarks/bot_load.py, whose clicks come as fast as the
answers: its first `/play` during the catch-up, and at 20 games a click on a board just posted)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.table_driver import is_action, offered, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def held_store_call(monkeypatch: pytest.MonkeyPatch, runner: BotRunner, name: str) -> asyncio.Event:
    """The store's method `name` waits, once called, until the returned event is set."""
    assert runner.bot is not None
    store = runner.bot.table.store
    gate = asyncio.Event()
    method = getattr(store, name)

    async def held(*args: Any) -> Any:
        await gate.wait()
        return await method(*args)

    monkeypatch.setattr(store, name, held)
    return gate


async def boards_once_published(fake: FakeDiscord, runner: BotRunner) -> list[FakeMessage]:
    """The boards of the channel's one game (game 1), once its publishing has nothing left to do."""
    assert runner.bot is not None
    session = runner.bot.table.sessions.session(1)

    def settled() -> bool:
        task = session.publish_task
        return task is None or task.done()

    await fake.wait_until(settled, what="publishing to finish")
    return [m for m in fake.public_messages(fake.general) if "Mr. Cabbagehead's Garden" in m.text()]


async def test_a_game_opened_while_the_bot_catches_up_has_one_board(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    bot = running_bot.bot
    assert bot is not None
    gate = held_store_call(monkeypatch, running_bot, "unpublished_games")  # the catch-up's first read
    catching_up = asyncio.create_task(bot.table.catch_up())
    await asyncio.sleep(0.01)
    release = fake.hold_next("POST", CALLBACK)  # the solo game's first board, the /play answer
    playing = asyncio.create_task(open_lobby(fake, fake.alice, fake.general, "play cabbagehead"))
    await fake.wait_until(lambda: fake.holds_waiting() == 0, what="the /play answer to be held")
    gate.set()
    await catching_up
    release.set()
    await playing
    boards = await boards_once_published(fake, running_bot)
    assert len(boards) == 1, f"{len(boards)} boards for one game"


async def test_a_click_on_a_new_board_while_it_is_being_stored_is_played_on_it(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solo game's first board is the /play answer; Alice may click it before the bot has stored
    which message it is. The bot knows its board from the moment it is posted, so the move is
    answered on that board, not taken for a click on some other message (which posted a second
    board and left the click on the first unanswered: benchmarks/bot_load.py at 20 games)."""
    fake = fake_discord
    bot = running_bot.bot
    assert bot is not None
    gate = held_store_call(monkeypatch, running_bot, "set_board_message")
    table = await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    choices = offered(table)
    while not any(is_action(how) for _label, how in choices):
        await pick(fake, fake.alice, table, choices[0][1])
        choices = offered(table)
    moved = await pick(fake, fake.alice, table, next(how for _label, how in choices if is_action(how)))
    gate.set()
    await wait_for_move(fake, fake.general, 1)
    boards = await boards_once_published(fake, running_bot)
    assert [b.id for b in boards] == [table.id], "the move is shown on the board clicked, the only one"
    assert moved.response_type == 7, "the move is answered by its board redrawn"
