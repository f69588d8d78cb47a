"""Issue 31: a game's background publishing is paced (`bot.publish.pacing.PUBLISH_EVERY`).

Moves that come quicker than the pace are shown together at the latest version (nothing is sent
that a player cannot see change); a move after a pause is shown at once; and a click on the table,
whose answer is that table redrawn, never waits for the pace. Tests run the bot with a short pace
(tests/fake_discord/fixtures.py); these set a long one, so that a slow machine cannot blur what
they check."""

from __future__ import annotations

import asyncio
import time

from tests.e2e.findings_driver import bot_errors, game_of, hidden_hand_game, solo_game
from tests.e2e.table_driver import is_action, offered, open_hand, pick, wait_for_move
from tests.e2e.test_one_call_per_click import (
    UPDATE_MESSAGE,
    callbacks,
    edits_of,
    play_in,
    settled,
    steps_to_an_action,
)
from tests.fake_discord import BotRunner, FakeDiscord

#: The pace these tests set: far longer than a few clicks take, even on a stalled machine.
PACE = 3.0


async def test_moves_quicker_than_the_pace_are_shown_together_and_one_after_a_pause_at_once(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Alice plays three actions of her Garden Sabotage turn from her hand. The first, a while
    after the table was last shown, is on the table at once; the next two, made within the pace,
    are shown by one edit at the third's version, a pace after the first. Every action's answer
    (her hand) comes at once all the same."""
    fake = fake_discord
    assert running_bot.bot is not None
    publisher = running_bot.bot.table.publisher
    board = await hidden_hand_game(fake, fake.general)
    await settled(fake, running_bot, board)
    publisher.publish_every = PACE
    session = running_bot.bot.table.sessions.session(game_of(board))
    assert session.last_pass_at is not None
    session.last_pass_at -= PACE  # as if the table was last shown a pace ago
    hand = await open_hand(fake, fake.alice, fake.general)
    before = len(fake.calls)

    started = time.monotonic()
    await play_in(fake, hand)
    await wait_for_move(fake, fake.general, 1)
    assert time.monotonic() - started < PACE / 2, "the move after a pause waited for the pace"
    await play_in(fake, hand)
    await play_in(fake, hand)
    assert time.monotonic() - started < PACE, "Alice's answers waited for the table's pace"

    shown = await wait_for_move(fake, fake.general, 3)
    await settled(fake, running_bot, shown)
    edits = edits_of(fake.calls[before:], shown)
    assert len(edits) == 2, f"three moves within the pace: {len(edits)} edits of the table"
    assert "move 3" in str(edits[1].json), "the second edit shows the latest version"
    assert edits[1].at - edits[0].at >= PACE - 0.1, "the second edit came before its pace"
    assert not bot_errors(running_bot)


async def test_a_table_click_is_answered_at_once_while_a_pass_waits_for_its_pace(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """The publisher waits for its pace to redraw Alice's solo table (a redraw asked just after
    the last one). Her move clicked on that table meanwhile is answered at once by the redrawn
    table at the move's version, not a pace later, and the redraw asked is that same pass."""
    fake = fake_discord
    assert running_bot.bot is not None
    running_bot.bot.table.lobbies._seed_source = lambda: 11  # the same deal every run
    publisher = running_bot.bot.table.publisher
    table = await solo_game(fake, fake.alice, fake.general)
    await settled(fake, running_bot, table)
    choices = await steps_to_an_action(fake, table)
    publisher.publish_every = 10 * PACE
    game = game_of(table)
    session = running_bot.bot.table.sessions.session(game)
    session.last_pass_at = asyncio.get_running_loop().time()  # a pass just began
    publisher.reshow(game)
    await asyncio.sleep(0.05)
    task = session.publish_task
    assert task is not None and not task.done(), "the redraw waits for its pace"

    before = len(fake.calls)
    interaction = await pick(fake, fake.alice, table, next(h for h in choices if is_action(h)))
    assert interaction.latency is not None and interaction.latency < PACE, (
        f"the table click waited {interaction.latency:.2f} s for the pace"
    )
    answers = callbacks(fake.calls[before:], interaction.token)
    assert [c.json.get("type") for c in answers] == [UPDATE_MESSAGE]
    assert "move 1" in str(answers[0].json), "the answer is the table at the move's version"
    await fake.wait_until(task.done, what="the waiting pass to end with the click's answer")
    assert not edits_of(fake.calls[before:], table), "the table was edited beside the answer"
    assert [how for _label, how in offered(table)], "the table offers the next move"
    assert not bot_errors(running_bot)
