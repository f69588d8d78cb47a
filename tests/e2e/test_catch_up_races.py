"""A restart's catch-up (`Table.catch_up`) shows what the last process left unshown: boards never
posted, notices, lobbies nobody saw. It runs while the bot already takes clicks, so a game opened in
those first moments must not be taken for a leftover (found by benchmarks/bot_load.py, whose first
`/play` came while the catch-up still read the store: the game got a second board, and the click
on the first was never answered)."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.table_driver import open_lobby
from tests.fake_discord import BotRunner, FakeDiscord

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


async def test_a_game_opened_while_the_bot_catches_up_has_one_board(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    bot = running_bot.bot
    assert bot is not None
    store = bot.table.store
    gate = asyncio.Event()
    read_unpublished = store.unpublished_games

    async def slow_store() -> object:
        await gate.wait()  # the catch-up has begun, and waits on the store
        return await read_unpublished()

    monkeypatch.setattr(store, "unpublished_games", slow_store)
    catching_up = asyncio.create_task(bot.table.catch_up())
    await asyncio.sleep(0.01)
    release = fake.hold_next("POST", CALLBACK)  # the solo game's first board, the /play answer
    playing = asyncio.create_task(open_lobby(fake, fake.alice, fake.general, "play cabbagehead"))
    await fake.wait_until(lambda: fake.holds_waiting() == 0, what="the /play answer to be held")
    gate.set()
    await catching_up
    release.set()
    await playing
    session = bot.table.sessions.session(1)

    def settled() -> bool:
        task = session.publish_task
        return task is None or task.done()

    await fake.wait_until(settled, what="publishing to finish")
    boards = [m for m in fake.public_messages(fake.general) if "Mr. Cabbagehead's Garden" in m.text()]
    assert len(boards) == 1, f"{len(boards)} boards for one game"
