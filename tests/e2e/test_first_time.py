"""Issue 27, "every button works the first time": the defects found when the bot was played as new
players would, each through the fake Discord."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.basics.refusals import UNREADABLE
from bot.play import lobby as lobby_module
from bot.play.lobby import CHANNEL_TAKEN
from tests.e2e.findings_driver import (
    APOLOGY,
    answer_of,
    assert_private_refusal,
    bot_errors,
    first_choice,
    open_games,
    solo_game,
)
from tests.e2e.table_driver import (
    click,
    host_click,
    offered,
    open_hand,
    open_lobby,
    play_one_decision,
    wait_for_move,
)
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.explorer.crash import kill
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


async def test_a_lobby_stored_without_its_message_does_not_block_the_channel(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 27 item 2: the bot killed between storing a new lobby and answering `/play` left a
    lobby nobody could see, and every `/play` there was refused until it expired 30 minutes later.
    The catch-up after the restart drops it, and `/play` opens a new lobby at once."""
    fake = fake_discord
    await garden_bot.start()
    held = fake.hold_next("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
    await fake.slash(fake.alice, fake.general, "play sabotage")
    await fake.wait_until(lambda: open_games(garden_bot), what="the lobby stored")
    await kill(garden_bot)
    held.set()
    await garden_bot.start()
    await fake.wait_until(lambda: not open_games(garden_bot), what="the unseen lobby dropped", timeout=5)
    again = await fake.slash(fake.bob, fake.general, "play sabotage")
    await again.wait_answered(timeout=3)
    lobby = await fake.response_message(again)
    assert CHANNEL_TAKEN not in lobby.text() and lobby.button("Join")
    [(_, _, status, _)] = open_games(garden_bot)
    assert status == "lobby"


async def test_play_drops_a_game_left_without_its_table(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 item 2: a solo game stored while its table could not be posted (Discord failing
    the answer) blocked the channel; `/play` is never refused because of a game no one can see:
    once the moment to post its message has passed, it is dropped and the new game opens."""
    fake = fake_discord
    monkeypatch.setattr(lobby_module, "UNSEEN_GRACE", 0.0)
    fake.fail_next("POST", "/interactions/{interaction_id}/{interaction_token}/callback", status=503)
    failed = await fake.slash(fake.alice, fake.general, "play cabbagehead")
    await fake.wait_until(lambda: open_games(running_bot), what="the game stored")
    await asyncio.sleep(0.1)
    assert not failed.messages(), "Discord refused the answer: no table"
    again = await fake.slash(fake.alice, fake.general, "play cabbagehead")
    await again.wait_answered(timeout=3)
    table = await fake.response_message(again)
    assert CHANNEL_TAKEN not in table.text() and offered(table), table.text()[:200]


async def test_a_click_while_a_computer_thinks_is_answered_at_once(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 3: a computer's thinking pause (3 s here) was slept while it held the game's
    lock, so a person's click in that game waited behind it. The pause now runs without the lock:
    a click during it is answered at once, and the computer still plays its move after it."""
    fake = fake_discord
    assert running_bot.bot is not None
    # Long enough that a stalled CI machine's second is not mistaken for a wait behind the lock.
    running_bot.bot.table.computers.pause = 3.0
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", {"first_player": "host"})
    await host_click(fake, fake.alice, lobby, "Add computer player (Easy)")
    await click(fake, fake.alice, lobby, "Start")
    await wait_for_move(fake, fake.general, 0)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, _ = first_choice(hand)
    moved = 0
    while running_bot.bot.table.sessions.session(game).computer_turn is None and moved < 10:
        await play_one_decision(fake, fake.alice, fake.general, random.Random(moved))
        moved += 1
        await asyncio.sleep(0.05)
    turn = running_bot.bot.table.sessions.session(game).computer_turn
    assert turn is not None and not turn.done(), "the computer is thinking"
    forged = await fake.forge_click(fake.alice, hand, f"gc:c:{game}:{seat}:{version}:a0")
    await forged.wait_answered(timeout=5)
    assert forged.latency is not None and forged.latency < 2.0, f"answered after {forged.latency:.2f} s"
    assert not turn.done(), "answered while the computer still thought"
    await asyncio.wait_for(turn, 10)
