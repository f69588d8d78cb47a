"""Issue 27 item 7: words that credited the wrong person or said the wrong thing, each read where
a player reads it through the fake Discord."""

from __future__ import annotations

import random
import re

import pytest

from bot.basics.clock import ManualClock
from bot.play.moves import TIMEOUTS_BEFORE_HANDOVER
from tests.e2e.findings_driver import answer_of, assert_private_refusal, solo_game
from tests.e2e.table_driver import click, open_lobby, play_one_decision, wait_for_move
from tests.e2e.test_clocks import (
    STANDARD,
    latest_board,
    play_until_turn_of,
    seat_of,
    turn_clock_running,
    two_player_game,
)
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.model import readable_text


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause for the computer (the bot's own is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


def everything_said(fake: FakeDiscord) -> str:
    """Every text every message in #general ever showed (each version of each message)."""
    return "\n".join(
        readable_text(version)
        for m in fake.messages.values()
        if m.channel_id == fake.general.id
        for version in m.versions()
    )


async def test_agreeing_to_a_pause_names_who_asked_and_who_agreed(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 7: after Bob agreed to the pause Carol asked for, the request read "Bob would
    like to pause this game". It names Carol as the one who asked and Bob as agreeing."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", {"first_player": "host"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.carol, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await wait_for_move(fake, fake.general, 0)
    asked = await fake.slash(fake.carol, fake.general, "pause")
    await asked.wait_answered()
    request = await fake.response_message(asked)
    assert "Carol would like to pause" in request.text(), request.text()
    await click(fake, fake.bob, request, "Agree to pause")
    text = request.text()
    assert "Bob would like" not in text, text
    assert "Carol would like to pause" in text and "Bob agreed" in text, text
    assert re.search(r"Still to agree: Alice\.", text), text


async def test_the_third_timeout_names_the_player_and_im_back_says_whose_seat_it_is(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Issue 27 item 7: the third turn whose time ran out was announced "Time ran out for Alice
    (computer standing in)" (the seat's name after the handover), and Bob pressing Alice's **I'm
    back** read "That hand belongs to another player". The announcement names Alice; Bob is told
    the seat is Alice's to take back."""
    fake = fake_discord
    clocked_bot.bot.table.lobbies._seed_source = lambda: 2  # the same deal every run
    await two_player_game(fake)
    rng = random.Random(2)
    for turn in range(1, TIMEOUTS_BEFORE_HANDOVER + 1):
        await turn_clock_running(fake, clocked_bot, 0)
        clock.advance(STANDARD + 1)
        await fake.wait_until(
            lambda: (
                seat_of(clocked_bot, 0).get("timeouts", 0) == turn  # noqa: B023
                or seat_of(clocked_bot, 0).get("computer")
            ),
            what=f"timed-out turn {turn}",
        )
        if turn < TIMEOUTS_BEFORE_HANDOVER:
            await play_until_turn_of(fake, fake.alice, fake.bob, rng, clocked_bot)
    announced = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "I'm back" in m.text()],
        what="the stand-in announced",
    )
    # The table after the handover: its recent lines end with the third timeout's.
    await fake.wait_until(
        lambda: (
            "(computer standing in)" in latest_board(fake).text()
            and "Time ran out" in latest_board(fake).text()
        ),
        what="the table after the handover",
    )
    said = everything_said(fake)
    assert "Time ran out for Alice (computer standing in)" not in said, said[-1500:]
    assert "Time ran out for Alice; the computer played for them." in latest_board(fake).text()
    refused = await fake.click(fake.bob, announced[0], label="I'm back")
    await refused.wait_answered()
    text = assert_private_refusal(fake, refused, await answer_of(fake, refused))
    assert "hand belongs" not in text and "Alice" in text, text
    assert seat_of(clocked_bot, 0).get("computer"), "only Alice can take her seat back"
    assert "computer standing in" in latest_board(fake).text()


async def test_leave_by_someone_not_playing_says_there_is_nothing_to_leave(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 7: Carol's `/leave` in Alice's game read "the board shows everything there is
    to see"; it says she is not playing, so there is nothing to leave, and the game goes on."""
    fake = fake_discord
    await solo_game(fake, fake.alice, fake.general)
    left = await fake.slash(fake.carol, fake.general, "leave")
    await left.wait_answered()
    text = assert_private_refusal(fake, left, await answer_of(fake, left))
    assert "board shows" not in text and "nothing to leave" in text, text
    assert "move 0" in latest_board(fake).text()


async def test_a_finished_daily_garden_says_its_end_once_and_pings_nobody(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 7: Alice's hand at the end of her daily garden said both "The game is over."
    and "This game is over.", and the daily result mentioned Alice, who had just finished it. The
    hand says it once; the result names her without a ping."""
    fake = fake_discord
    played = await fake.slash(fake.alice, fake.general, "play cabbagehead", {"daily": True})
    await played.wait_answered()
    rng = random.Random(1)
    while (position := await running_bot.bot.table.sessions.in_channel(fake.general.id)) is not None:
        move = position.version
        await wait_for_move(fake, fake.general, move)
        await play_one_decision(fake, fake.alice, fake.general, rng)
        await wait_for_move(fake, fake.general, move + 1)
    finals = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "daily garden of" in m.text()],
        what="the daily garden's final message",
    )
    assert "Alice" in finals[0].text() and not finals[0].pinged, finals[0].text()
    hands = [m for m in fake.messages.values() if m.ephemeral_to == fake.alice.id and "Your hand" in m.text()]
    last = hands[-1].text()
    assert "You played" in last, last[:300]
    assert len(re.findall(r"game is over", last, re.IGNORECASE)) == 1, last


async def test_help_does_not_call_garden_party_a_text_table(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 7: `/help` still called Garden Party "a text table for now", though its table
    has shown the estate's picture since it was drawn."""
    fake = fake_discord
    reply = await fake.response_message(await fake.slash(fake.alice, fake.general, "help"))
    text = reply.text()
    assert "Garden Party" in text or "greenhouse" in text, text
    assert "text table" not in text, text
