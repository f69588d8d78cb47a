"""Garden Party across restarts (issue 20, Tests: "a restart in the middle of a reply window and
in the middle of a turn (the window goes on, nothing doubles)"), through the fake Discord with a
clock the test moves by hand. The bot is stopped and started again on the same database, as a
deploy does; every move before and after is a click (or a clock running out)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.basics.clock import ManualClock
from engine.garden_party.state import GardenPartyState
from tests.e2e.garden_party_driver import (
    choose,
    hand_of,
    labels,
    leaks,
    logged,
    open_table,
    shown_now,
    turn_clocks,
)
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import board, boards
from tests.e2e.test_garden_party_scenarios import (
    PREPARED_CHOICES,
    REPLY,
    a_snooper_inside,
    announced,
    prepared_game,
)
from tests.engine.garden_party import helpers as gp
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.01)


def moves_by(runner: BotRunner) -> list[int]:
    """The seat of every stored move, in order."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        return [int(seat) for (seat,) in db.execute("SELECT seat FROM actions ORDER BY version")]


def pings(fake: FakeDiscord, user: FakeUser) -> int:
    """How many messages ever notified `user` in the channel (turn notices, reminders)."""
    return len([m for m in fake.messages.values() if m.channel_id == fake.general.id and user.id in m.pinged])


async def restart_and_redraw(fake: FakeDiscord, runner: BotRunner, table: FakeMessage) -> None:
    """Restart the bot and wait until it has redrawn the table (a fresh picture after a start:
    the one publishing of a version the last process had shown already)."""
    edits = len(table.versions())
    await runner.restart()
    assert runner.bot is not None
    if runner.bot.table.pictures.draws_for("garden_party"):
        await fake.wait_until(
            lambda: len(table.versions()) > edits, what="the table redrawn after the restart"
        )


def a_roll_ahead() -> GardenPartyState:
    """Alice's turn begins with her roll (the die will show 8); Bob holds two cards, one of them
    orange (a person with none is not asked: issue 27 item 4), Computer 1 one: both are asked
    about orange cards."""
    state = prepared_game()
    state.phase = "roll"
    state.turn.roll = state.turn.points = 0
    gp.set_hand(state, 1, "tripwire", "fertiliser")
    gp.set_hand(state, 2, "wheelbarrow")
    gp.rig_rolls(state, 8)
    return state


async def test_a_restart_in_the_middle_of_a_reply_window_keeps_its_deadline_and_doubles_nothing(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20, Tests; ruling 13 ("a window's clock running out answers no"). Alice rolls; the
    computer answers the orange window at once, Bob has not yet. The bot restarts: the window
    goes on with the deadline the database holds (the table still shows it), the computer does
    not answer again, nobody is told twice; Bob's clock runs out once, at its first deadline, and
    Alice's turn goes on. A second restart fires nothing again."""
    fake = fake_discord
    prepare(monkeypatch, clocked_bot, "garden_party", {31: a_roll_ahead})
    await open_table(fake, fake.alice, PREPARED_CHOICES, people=[fake.bob], computers=1)
    await shown_now(fake, clocked_bot)
    await choose(fake, fake.alice, await hand_of(fake, fake.alice), "Roll the die")
    await fake.wait_until(lambda: moves_by(clocked_bot) == [0, 2], what="the computer's answer")
    await shown_now(fake, clocked_bot)
    [(due, seconds)] = turn_clocks(clocked_bot).values()
    assert set(turn_clocks(clocked_bot)) == {1} and seconds == REPLY
    table = board(fake, fake.general)
    assert (
        "Waiting for **Bob**" in table.text()
        and f"Reply window: Bob · closes <t:{int(due)}:R>" in table.text()
    )
    bob_told, alice_told, stored = pings(fake, fake.bob), pings(fake, fake.alice), len(fake.messages)

    clock.advance(REPLY / 3)
    await restart_and_redraw(fake, clocked_bot, table)
    position = await shown_now(fake, clocked_bot)
    assert position.version == 2 and moves_by(clocked_bot) == [0, 2], "no move made again"
    assert turn_clocks(clocked_bot) == {1: (due, REPLY)}, "the window's deadline, from the database"
    assert boards(fake, fake.general) == [table], "the same table, not posted again"
    assert f"Reply window: Bob · closes <t:{int(due)}:R>" in table.text()
    assert (pings(fake, fake.bob), pings(fake, fake.alice)) == (bob_told, alice_told), "nobody told twice"
    assert len(fake.messages) == stored, "no message posted again"
    assert labels(await hand_of(fake, fake.bob)) == ["Let the turn go on", "Play an orange card"]

    clock.advance(REPLY / 3)
    assert logged(clocked_bot).count("orange_window") == 0, "not before its deadline"
    clock.advance(REPLY / 3 + 1)
    await fake.wait_until(lambda: "orange_window" in logged(clocked_bot), what="Bob's clock running out")
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase in ("turn", "bid"), "the window closed"
    await clocked_bot.restart()
    position = await shown_now(fake, clocked_bot)
    kinds = logged(clocked_bot)
    assert kinds.count("roll") == 1 and kinds.count("orange_window") == 1
    assert kinds.count("timeout") == 0, "a lapsed window names nobody (issue 27 item 4)"
    await fake.wait_until(
        lambda: "Alice** to play · 8 movement points left" in board(fake, fake.general).text(),
        what="Alice's turn going on",
    )
    assert leaks(fake, clocked_bot, fake.general) == []


async def test_a_restart_in_the_middle_of_a_turn_goes_on_from_the_open_hand_and_doubles_nothing(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20, Tests; rules III D 2 (a snooper caught, announced). Alice catches Bob snooping
    in her greenhouse; the bot restarts in the middle of her turn: the catch is announced once,
    her turn's clock runs on unchanged, and the hand she opened before the restart plays her
    next moves (no second move, no second table, nobody told again), up to Bob's turn."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {32: a_snooper_inside})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    await shown_now(fake, clocked_bot)
    hand = await hand_of(fake, alice)
    await choose(fake, alice, hand, "Go to the Countess's greenhouse")
    await shown_now(fake, clocked_bot)
    assert len(announced(fake, "🚨")) == 1
    clocks, table, stored = turn_clocks(clocked_bot), board(fake, fake.general), len(fake.messages)
    told = [pings(fake, user) for user in (alice, bob, carol)]

    await restart_and_redraw(fake, clocked_bot, table)
    position = await shown_now(fake, clocked_bot)
    assert position.version == 1 and moves_by(clocked_bot) == [0]
    assert turn_clocks(clocked_bot) == clocks, "Alice's clock runs on, neither reset nor extended"
    assert len(announced(fake, "🚨")) == 1, "the catch is announced once"
    assert boards(fake, fake.general) == [table] and len(fake.messages) == stored
    assert [pings(fake, user) for user in (alice, bob, carol)] == told

    await choose(fake, alice, hand, "Go to the central square")  # the hand opened before the restart
    await shown_now(fake, clocked_bot)
    assert moves_by(clocked_bot) == [0, 0]
    await choose(fake, alice, hand, "End my turn")
    position = await shown_now(fake, clocked_bot)
    assert moves_by(clocked_bot) == [0, 0, 0] and position.state.turn.seat == 1
    assert "**Bob** to play: roll the die." in board(fake, fake.general).text()
    assert pings(fake, bob) == told[1] + 1, "Bob is told his turn has come, once"
    assert leaks(fake, clocked_bot, fake.general) == []


async def test_a_game_stored_with_the_cards_before_issue_28_ends_at_start_saying_why(
    fake_discord: FakeDiscord, clocked_bot: BotRunner
) -> None:
    """Ruling 10 (30 action cards a talent renumbered the decks): a game in progress stored with
    the earlier decks cannot go on, its card ids name other cards now. At the next start it ends,
    its table saying why, instead of refusing every click; its channel takes a new game."""
    fake = fake_discord
    await open_table(fake, fake.alice, {"players": 3, "clock": "off"}, people=[fake.bob, fake.carol])
    await shown_now(fake, clocked_bot)
    assert clocked_bot.bot is not None
    table = board(fake, fake.general)
    path = clocked_bot.bot.settings.database_path
    await clocked_bot.stop()
    with sqlite3.connect(path) as db:  # as a game stored before `ruleset` and `balanced_start`
        [(state,)] = list(db.execute("SELECT state FROM games WHERE id = 1"))
        dumped = json.loads(state)
        dumped["options"].pop("ruleset"), dumped["options"].pop("balanced_start")
        db.execute("UPDATE games SET state = ? WHERE id = 1", (json.dumps(dumped),))
    await clocked_bot.start()
    await fake.wait_until(lambda: "no longer plays" in table.text(), what="the table saying it ended")
    assert "edition 1" in table.text() and not boards(fake, fake.general), "no live table is left"
    lobby = await fake.slash(fake.alice, fake.general, "play garden-party", {})
    await lobby.wait_answered()
    assert "already has a game" not in (await fake.response_message(lobby)).text()
