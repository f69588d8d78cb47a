"""Computer players at the table (issue 7), through the fake Discord: the lobby's "Add computer
player", a computer seat playing its own turns after a fixed pause, never mentioned as a user, a
leaving player's seat handed to a computer, and a restart in the middle of a computer's turn."""

from __future__ import annotations

import random
import re

import pytest

from tests.e2e.table_driver import click, host_click, host_panel, open_lobby, play_one_decision
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage, FakeUser

PLAY = "play cabbagehead"


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause keeps these tests quick (the bot's own pause is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


async def wait_for_move(fake: FakeDiscord, channel: FakeChannel, number: int) -> FakeMessage:
    """The board once it shows move `number` (as table_driver's, with room for a busy machine)."""

    def shown() -> FakeMessage | None:
        for message in fake.public_messages(channel):
            if re.search(rf"Game #\d+ · move {number}\b", message.text()):
                return message
        return None

    found: FakeMessage = await fake.wait_until(shown, timeout=30.0, what=f"the board at move {number}")
    return found


async def wait_past_move(fake: FakeDiscord, channel: FakeChannel, number: int) -> FakeMessage:
    """The board once it shows move `number` or a later one. The board shows the newest version
    when it is redrawn: a computer playing two decisions in a row may be shown at the second only."""

    def shown() -> FakeMessage | None:
        for message in fake.public_messages(channel):
            moves = re.findall(r"Game #\d+ · move (\d+)\b", message.text())
            if moves and int(moves[-1]) >= number:
                return message
        return None

    what = f"the board at move {number} or later"
    found: FakeMessage = await fake.wait_until(shown, timeout=30.0, what=what)
    return found


def mentioned_ids(fake: FakeDiscord, channel: FakeChannel) -> set[int]:
    texts = [message.text() for message in fake.public_messages(channel)]
    return {int(m) for text in texts for m in re.findall(r"<@!?(\d+)>", text)}


async def play_until(
    fake: FakeDiscord,
    runner: BotRunner,
    channel: FakeChannel,
    people: list[FakeUser],
    moves: int,
    rng: random.Random,
    start: int = 0,
) -> int:
    """People play their turns (the computer plays its own) until the board shows `moves` moves;
    returns how many of them the people made. Who is to move is read from the game itself (its
    board shown first): a board's words can lag a seat change by a moment."""
    made = 0
    for move in range(start + 1, moves + 1):
        await wait_for_move(fake, channel, move - 1)
        person = await person_to_move(runner, channel, people, move - 1)
        if person is not None:
            await play_one_decision(fake, person, channel, rng)
            made += 1
    await wait_for_move(fake, channel, moves)
    return made


async def person_to_move(
    runner: BotRunner, channel: FakeChannel, people: list[FakeUser], version: int
) -> FakeUser | None:
    """The person (of `people`) to move in the game at `version`; None while a computer is."""
    position = await runner.bot.table.sessions.in_channel(channel.id)
    assert position is not None
    if position.version != version:
        return None  # it moved on by itself: a computer was to move
    seated = {position.record.seats[seat].user_id for seat in position.to_move()}
    return next((user for user in people if user.id in seated), None)


async def test_the_host_adds_a_computer_player_and_it_plays_its_own_turns(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2})
    labels = [str(b.get("label")) for b in (await host_panel(fake, fake.alice, lobby)).buttons()]
    assert "Add computer player (Hard)" in labels and "Add computer player (Medium)" in labels
    refused = await click(fake, fake.bob, lobby, "Host options")  # not the host: refused
    assert refused.original is not None and "Only the host" in refused.original.text()
    assert "Computer 1" not in lobby.text()
    await host_click(fake, fake.alice, lobby, "Add computer player (Medium)")
    assert "Computer 1 (Medium)" in lobby.text()
    await click(fake, fake.alice, lobby, "Start")
    made = await play_until(fake, running_bot, fake.general, [fake.alice], 12, random.Random(3))
    assert 0 < made < 12, "the computer made some of the moves by itself"
    assert mentioned_ids(fake, fake.general) <= {fake.alice.id}, "only people are ever mentioned"
    snap = await running_bot.bot.table.sessions.in_channel(fake.general.id)  # type: ignore[union-attr]
    assert snap is not None and snap.record.seats[1].computer == "greedy"
    assert snap.record.seats[1].user_id is None


async def test_a_leaving_player_hands_the_seat_to_a_computer_and_the_game_goes_on(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2, "first_player": "host"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await play_until(fake, running_bot, fake.general, [fake.alice, fake.bob], 2, random.Random(1))
    left = await fake.slash(fake.bob, fake.general, "leave", {"computer": "random"})
    await left.wait_answered()
    assert left.original is not None and "takes their seat" in left.original.text()
    made = await play_until(fake, running_bot, fake.general, [fake.alice], 10, random.Random(2), start=2)
    assert made < 8
    record = (await running_bot.bot.table.sessions.in_channel(fake.general.id)).record  # type: ignore[union-attr]
    assert record.status == "active"
    assert record.seats[1].computer == "random" and record.seats[1].name.lower().endswith("for bob")


async def test_a_restart_in_the_middle_of_a_computers_turn_resumes_it(
    fake_discord: FakeDiscord, garden_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setattr(
        "bot.play.computers.COMPUTER_PAUSE", 60.0
    )  # the computer is still waiting at the restart
    await garden_bot.start()
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2, "first_player": "host"})
    await host_click(fake, fake.alice, lobby, "Add computer player (Hard)")
    await click(fake, fake.alice, lobby, "Start")
    rng = random.Random(4)
    version = 0
    await wait_for_move(fake, fake.general, version)
    while await person_to_move(garden_bot, fake.general, [fake.alice], version) is not None:
        await play_one_decision(fake, fake.alice, fake.general, rng)
        version += 1
        await wait_for_move(fake, fake.general, version)
    waiting = (await garden_bot.bot.table.sessions.in_channel(fake.general.id)).record.version  # type: ignore[union-attr]
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)
    await garden_bot.restart()
    await wait_past_move(fake, fake.general, waiting + 1)  # the computer's turn went on


async def test_a_strong_computer_answers_the_house_plants_question_and_plays_garden_sabotage(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Garden Sabotage with the house-plant question (ruling 18): the computer answers it (it owns
    none) and takes its turns of three actions by itself."""
    fake = fake_discord
    options = {"players": 2, "first_player": "ask"}
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", options)
    await host_click(fake, fake.alice, lobby, "Add computer player (Hard)")
    await click(fake, fake.alice, lobby, "Start")
    made = await play_until(fake, running_bot, fake.general, [fake.alice], 14, random.Random(6))
    assert 0 < made < 14
    snap = await running_bot.bot.table.sessions.in_channel(fake.general.id)  # type: ignore[union-attr]
    assert snap is not None and snap.state is not None
    assert snap.state.house_plant_answers == [snap.state.house_plant_answers[0], 0]
    assert mentioned_ids(fake, fake.general) <= {fake.alice.id}


async def test_a_leaver_handing_the_seat_to_a_computer_leaves_the_player_to_move_pinged(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 5, turn notices: when Bob leaves and a computer takes his seat during Alice's turn,
    the game's notices are renewed, and Alice, still to move, has one pinging her."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2, "first_player": "host"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    people, rng = [fake.alice, fake.bob], random.Random(4)
    seen_bob = False
    sessions = running_bot.bot.table.sessions
    while True:  # Alice, then Bob, until it is Alice's turn again
        position = await sessions.in_channel(fake.general.id)
        assert position is not None
        moves = position.version  # who is to move from the game itself, its board shown first
        person = people[position.to_move()[0]]
        await wait_for_move(fake, fake.general, moves)
        seen_bob = seen_bob or person is fake.bob
        if person is fake.alice and seen_bob:
            break
        await play_one_decision(fake, person, fake.general, rng)
        await wait_for_move(fake, fake.general, moves + 1)

    def notices() -> list[list[int]]:
        return [m.pinged for m in fake.public_messages(fake.general) if "it's your turn" in m.content]

    await fake.wait_until(lambda: notices() == [[fake.alice.id]], what="Alice's turn notice")
    old = [m for m in fake.public_messages(fake.general) if "it's your turn" in m.content]
    left = await fake.slash(fake.bob, fake.general, "leave", {"computer": "random"})
    await left.wait_answered()
    await fake.wait_until(
        lambda: all(m.deleted for m in old) and notices(), what="the old notice replaced by a new one"
    )
    assert notices() == [[fake.alice.id]]
