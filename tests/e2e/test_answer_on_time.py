"""Every interaction is answered within Discord's 3 seconds, however slow the work behind it (issue 5,
"Nothing lost": "defer when work may take longer ... never 'This interaction failed'").

A slow disk is simulated by making one storage call sleep; the fake enforces Discord's 3-second
deadline for the first answer (`answer_deadline`), so a late answer would be a violation here.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord
import pytest

from bot.handlers import replies
from bot.storage import Store
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    is_action,
    offered,
    open_hand,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeDiscord

#: Interaction callback types (Discord): 4 message, 5 deferred message ("thinking"),
#: 6 deferred update (nothing shown yet), 7 update of the clicked message.
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE = 4, 5, 6, 7
EPHEMERAL = 1 << 6


def slow_down(monkeypatch: pytest.MonkeyPatch, method: str, seconds: float) -> list[float]:
    """Make `Store.<method>` wait `seconds` before doing its work (a slow disk); returns a list
    that records each slowed call."""
    original = getattr(Store, method)
    calls: list[float] = []

    async def slow(self: Store, *args: Any, **kwargs: Any) -> Any:
        calls.append(seconds)
        await asyncio.sleep(seconds)
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(Store, method, slow)
    return calls


async def test_a_move_slowed_past_three_seconds_is_deferred_then_shown(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move whose storage write takes 3.5 s: the click is deferred (type 6) within the 3 s, then the
    hand shows the move, and the board moves on. Nothing fails, nothing is played twice."""
    fake = fake_discord
    fake.answer_deadline = 3.0
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    hand = await open_hand(fake, fake.alice, fake.general)
    rng = random.Random(3)
    for _ in range(10):  # through the picker (fast answers: updates, not deferrals) to a move
        choices = offered(hand)
        moves = [how for _label, how in choices if is_action(how)]
        if moves:
            break
        step = await pick(fake, fake.alice, hand, rng.choice([how for _l, how in choices if "p0" not in how]))
        assert step.response.type == UPDATE
    assert moves, "no move offered"
    slowed = slow_down(monkeypatch, "record_move", 3.5)

    interaction = await pick(fake, fake.alice, hand, moves[0])

    assert interaction.response.type == DEFERRED_UPDATE
    assert interaction.latency is not None and interaction.latency < 3.0
    await fake.wait_until(lambda: "You played" in hand.text(), timeout=8, what="the hand after the move")
    assert slowed == [3.5]
    await wait_for_move(fake, fake.general, 1)
    assert fake.take_violations() == []


async def test_a_slow_hand_command_is_deferred_privately_then_filled(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/hand` slowed past the threshold: a private "thinking" answer, then the hand in it, for the
    player's eyes only (never a public placeholder for a private answer)."""
    fake = fake_discord
    fake.answer_deadline = 3.0
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.2)
    slow_down(monkeypatch, "open_game_in_channel", 0.6)

    interaction = await fake.slash(fake.alice, fake.general, "hand")

    response = await interaction.wait_answered()
    assert response.type == DEFERRED_MESSAGE
    assert (response.data or {}).get("flags", 0) & EPHEMERAL
    shown = await fake.response_message(interaction)
    assert shown.ephemeral_to == fake.alice.id
    assert "Your hand" in shown.text()
    assert fake.take_violations() == []


async def test_a_slow_hand_button_is_deferred_then_sent_privately(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "My hand" on the board, slowed: deferred without a visible placeholder, then the hand arrives
    as a private follow-up, and the public board is untouched."""
    fake = fake_discord
    fake.answer_deadline = 3.0
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    the_board = board(fake, fake.general)
    before = the_board.text()
    for session in running_bot.bot.table.sessions.live():
        session.position = None  # the next read goes to the (slow) database
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.2)
    slow_down(monkeypatch, "get", 0.6)

    interaction = await fake.click(fake.alice, the_board, label=HAND_LABEL)

    assert (await interaction.wait_answered()).type == DEFERRED_UPDATE
    followups = await fake.wait_until(lambda: interaction.followups, what="the hand as a follow-up")
    shown = followups[0]
    assert shown.ephemeral_to == fake.alice.id and "Your hand" in shown.text()
    assert the_board.text() == before
    assert fake.take_violations() == []


async def test_a_slow_public_command_refused_answers_privately_and_leaves_no_placeholder(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/play` deferred publicly (its answer, a lobby, would be public) but then refused (the channel
    has a game): the refusal goes to the player alone and the public "thinking" message is removed."""
    fake = fake_discord
    fake.answer_deadline = 3.0
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    public_before = len(fake.public_messages(fake.general))
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.2)
    slow_down(monkeypatch, "create_lobby", 0.6)

    interaction = await fake.slash(fake.bob, fake.general, "play cabbagehead")

    response = await interaction.wait_answered()
    assert response.type == DEFERRED_MESSAGE
    assert not (response.data or {}).get("flags", 0) & EPHEMERAL
    private = await fake.wait_until(
        lambda: [m for m in interaction.followups if m.ephemeral_to], what="the refusal, privately"
    )
    assert private[0].ephemeral_to == fake.bob.id and "already has a game" in private[0].text()
    await fake.wait_until(
        lambda: len(fake.public_messages(fake.general)) == public_before, what="the placeholder removed"
    )
    assert not any("already has a game" in m.text() for m in fake.public_messages(fake.general))
    assert fake.take_violations() == []


async def test_fast_answers_are_not_deferred(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The safety costs nothing when the bot is quick: answers go out directly, and its timer,
    once passed, sends no second answer (Discord would refuse it)."""
    fake = fake_discord
    fake.answer_deadline = 3.0
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.1)
    play = await fake.slash(fake.alice, fake.general, "play cabbagehead")
    assert (await play.wait_answered()).type == MESSAGE
    hand = await fake.click(fake.alice, board(fake, fake.general), label=HAND_LABEL)
    assert (await hand.wait_answered()).type == MESSAGE
    await asyncio.sleep(0.3)  # past the safety's timer: nothing more may be sent
    callbacks = [c for c in fake.calls if c.route.endswith("/callback")]
    assert [c.json["type"] for c in callbacks] == [MESSAGE, MESSAGE]
    assert fake.take_violations() == []


async def test_a_click_answered_by_editing_its_message_counts_as_answered(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click answered by `replies.update` (an edit of the clicked message) must count as answered,
    so nothing (the safety's deferral, a later answer) can answer it a second time."""
    fake = fake_discord
    seen: list[tuple[bool, Any]] = []
    original = replies.update

    async def recording(interaction: Any, **fields: Any) -> None:
        await original(interaction, **fields)
        seen.append((interaction.response.is_done(), interaction.response.type))

    monkeypatch.setattr(replies, "update", recording)
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead")
    hand = await open_hand(fake, fake.alice, fake.general)
    _label, choice = offered(hand)[0]

    interaction = await pick(fake, fake.alice, hand, choice)

    assert interaction.response.type == UPDATE
    assert seen == [(True, discord.InteractionResponseType.message_update)]
    assert "Your hand" in hand.text()
    assert fake.take_violations() == []
