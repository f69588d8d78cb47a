"""Garden Party at the table (issue 20, first step: a text table), through the fake Discord.

One person plays by clicks alone (`/play garden-party`, the lobby's buttons, "My hand" and the
choices it offers, pickers included) against two computer seats, through a short tournament
(three rounds) to the final scores. The test reads the bot's session only to know when it is the
person's decision, never to make a move.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from bot.handlers.errors import SORRY
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    click,
    host_click,
    host_panel,
    is_action,
    offered,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import received_text

#: Ids of hidden things (action cards, plant tokens, duel cards, golden objects) never reach a client.
HIDDEN_ID = re.compile(r"\b(?:bri\d{2}|her\d{2}|pla\d{2}|tok\d+|duel\d{2}|gold\d)\b")


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause keeps the game quick (the bot's own pause is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.02)


async def position_now(runner: BotRunner, channel_id: int) -> Any:
    assert runner.bot is not None
    return await runner.bot.table.sessions.in_channel(channel_id)


async def next_decision(fake: FakeDiscord, runner: BotRunner, channel: Any, person: FakeUser) -> Any:
    """Wait (computers playing meanwhile) until the person is to decide at a version the board
    shows, or the game is over (None)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30.0
    while loop.time() < deadline:
        position = await position_now(runner, channel.id)
        if position is None or position.record.status != "active":
            return None
        # A window Alice has nothing to play in is not hers to decide (issue 27 item 4).
        seated = {position.record.seats[s].user_id for s in position.to_move() if not position.only_pass(s)}
        if person.id in seated:
            await wait_for_move(fake, channel, position.version)
            again = await position_now(runner, channel.id)
            if again is not None and again.version == position.version:
                return position
            continue
        await asyncio.sleep(0.02)
    raise AssertionError("the game made no progress towards the person's decision")


async def decide(fake: FakeDiscord, person: FakeUser, hand: FakeMessage, rng: random.Random) -> str:
    """One decision by clicks on the open hand: a picker's first step, then its second; "End my
    turn" only now and then while anything else is offered. The label of the move played."""
    for _ in range(6):
        choices = [c for c in offered(hand) if "Back" not in c[0] and not c[1].endswith(":p0")]
        assert choices, f"the hand offers nothing: {hand.text()[:400]}"
        assert not any(re.search(r"\bPlayer \d", label) for label, _ in choices), "labels name players"
        others = [c for c in choices if not c[0].startswith("End my turn")]
        pool = others if others and rng.random() < 0.85 else choices
        moves = [c for c in pool if is_action(c[1])]
        label, how = rng.choice(moves or pool)
        await pick(fake, person, hand, how)
        if is_action(how):
            return label
    raise AssertionError("no move after six picker steps")


def public_texts(fake: FakeDiscord, channel: Any) -> list[str]:
    """Every version of every public message in the channel (deleted ones too)."""
    return [
        received_text(version)
        for message in fake.messages.values()
        if message.channel_id == channel.id and fake.audience(message) is None
        for version in message.versions()
    ]


async def test_one_person_plays_a_short_tournament_by_clicks_against_two_computers(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake, channel, alice = fake_discord, fake_discord.general, fake_discord.alice
    assert running_bot.bot is not None
    # A deal in which Alice holds a card to play in some window: one she has nothing to play in
    # does not ask her (issue 27 item 4), and in deal 20 none did.
    running_bot.bot.table.lobbies._seed_source = lambda: 21
    lobby = await open_lobby(
        fake, alice, channel, "play garden-party", {"players": 3, "season_rounds": 3, "clock": "off"}
    )
    assert "Garden Party" in lobby.text() and "at most 3 rounds" in lobby.text()
    labels = [str(b.get("label")) for b in (await host_panel(fake, alice, lobby)).buttons()]
    assert "Add computer player (Easy)" in labels
    for _ in range(2):
        await host_click(fake, alice, lobby, "Add computer player (Easy)")
    await click(fake, alice, lobby, "Start")

    rng = random.Random(21)
    played: list[str] = []
    hands: list[FakeMessage] = []
    replies = 0
    for _ in range(300):
        position = await next_decision(fake, running_bot, channel, alice)
        if position is None:
            break
        table = board(fake, channel)
        assert "Alice" in table.text() and "Computer" in table.text()
        assert not re.search(r"\bPlayer \d", table.text()), table.text()[:600]
        interaction = await click(fake, alice, table, HAND_LABEL)
        hand = interaction.original
        assert hand is not None and hand.ephemeral_to == alice.id
        assert "Your cards" in hand.text() and "Your greenhouse" in hand.text()
        replies += position.game.decision_kind(position.state, position.to_move()[0]) == "reply"
        hands.append(hand)
        played.append(await decide(fake, alice, hand, rng))
    else:
        raise AssertionError("the tournament did not end")

    assert len(played) >= 8, played
    assert any(label == "Roll the die" for label in played), "the person rolled by a click"
    assert any(label.startswith("Go to ") for label in played), played

    final = await fake.wait_until(
        lambda: [m for m in fake.public_messages(channel) if "final scores" in m.text()], what="final scores"
    )
    text = final[0].text()
    assert "Alice" in text and "Computer 1" in text and "Computer 2" in text
    assert not re.search(r"\bPlayer \d", text), text

    # What everyone saw: names, never seat numbers; no hidden id; no hand; no apology.
    public = public_texts(fake, channel)
    for seen in public:
        assert not re.search(r"\bPlayer \d", seen), seen[:600]
        assert not HIDDEN_ID.search(seen), seen[:600]
        assert "Your cards" not in seen and "Drawn — keep one" not in seen
        assert SORRY not in seen
    assert any("Game over" in seen for seen in public)
    # What Alice saw privately: her own cards by name and effect, never an id.
    for message in fake.messages_seen_by(alice):
        for version in message.versions():
            seen = received_text(version)
            assert not HIDDEN_ID.search(seen) and SORRY not in seen, seen[:600]
    assert any(
        "Bricanology;" in h.text() or "Herbanology;" in h.text() or "Plantanology;" in h.text() for h in hands
    )
    assert replies > 0, "a reply window was answered by clicks"
