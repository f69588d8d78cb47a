"""Reply windows (issue 15, "Decisions that belong to several seats, and out-of-turn replies"),
played with the test game Objection! (engine/objection.py): a card played opens a window to every
other seat at once, each with the game's short reply clock, and a seat whose clock runs out lets
it happen (the engine's default move for a window)."""

from __future__ import annotations

import sqlite3

from bot.basics.clock import ManualClock
from tests.e2e.table_driver import board, click, offered, open_hand, open_lobby, pick
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

REPLY = 20.0


def turn_rows(runner: BotRunner) -> dict[int, float]:
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        rows = db.execute("SELECT seat, seconds FROM deadlines WHERE kind = 'turn'").fetchall()
    return {int(seat): float(seconds) for seat, seconds in rows}


def logged_kinds(runner: BotRunner) -> list[str]:
    import json

    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        rows = db.execute("SELECT events FROM actions ORDER BY version").fetchall()
    return [event["kind"] for (text,) in rows for event in json.loads(text)]


async def three_player_game(fake: FakeDiscord) -> FakeMessage:
    lobby = await open_lobby(
        fake, fake.alice, fake.general, "play objection", {"reply_seconds": int(REPLY), "clock": "standard"}
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.carol, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    return lobby


async def alice_plays_a_card(fake: FakeDiscord) -> None:
    hand = await open_hand(fake, fake.alice, fake.general)
    [(_label, how), *_rest] = [c for c in offered(hand) if c[0].startswith("Play")]
    await pick(fake, fake.alice, hand, how)


async def test_a_window_opens_for_every_other_seat_with_its_own_short_clock(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """The bot "shows such a window to each seat concerned (their hand offers the reply), with its
    own short clock ... and applies each seat's default when it expires"; a seat that answers
    leaves the window, the others' clocks go on."""
    fake = fake_discord
    await three_player_game(fake)
    await alice_plays_a_card(fake)
    await fake.wait_until(lambda: set(turn_rows(clocked_bot)) == {1, 2}, what="both windows' clocks")
    assert turn_rows(clocked_bot) == {1: REPLY, 2: REPLY}, "the reply clock, not the turn clock"
    # Not a turn (issue 27 item 4): nobody is pinged; the table says whom it asks, until when.
    await fake.wait_until(
        lambda: "Reply window: Bob, Carol · closes <t:" in board(fake, fake.general).text(),
        what="the window on the table's headline",
    )
    bob = await open_hand(fake, fake.bob, fake.general)
    carol = await open_hand(fake, fake.carol, fake.general)
    assert [label for label, _ in offered(bob)] == [label for label, _ in offered(carol)], (
        "the window is the same for every seat, whatever its hand"
    )
    bob_hand = await open_hand(fake, fake.bob, fake.general)
    [(_, let_it)] = [c for c in offered(bob_hand) if c[0] == "Let it happen"]
    await pick(fake, fake.bob, bob_hand, let_it)
    await fake.wait_until(lambda: set(turn_rows(clocked_bot)) == {2}, what="Bob's clock stopped")
    clock.advance(REPLY + 1)
    await fake.wait_until(lambda: "scored" in logged_kinds(clocked_bot), what="Carol's default applied")
    kinds = logged_kinds(clocked_bot)
    assert kinds.count("timeout") == 0, "a lapsed window names nobody (its answers are secret)"
    assert kinds.count("answer") == 2
    assert "scored" in kinds, "nobody objected: the card scores"
    await fake.wait_until(lambda: 1 in turn_rows(clocked_bot), what="Bob's turn clock, the next turn")
    assert turn_rows(clocked_bot)[1] == 600.0


async def test_a_restart_in_the_middle_of_a_window_keeps_its_clocks_and_fires_once(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await three_player_game(fake)
    await alice_plays_a_card(fake)
    await fake.wait_until(lambda: set(turn_rows(clocked_bot)) == {1, 2}, what="both windows' clocks")
    clock.advance(REPLY / 2)
    await clocked_bot.restart()
    assert set(turn_rows(clocked_bot)) == {1, 2}, "the window goes on"
    clock.advance(REPLY / 2 + 1)
    await fake.wait_until(lambda: logged_kinds(clocked_bot).count("answer") == 2, what="both defaults")
    await clocked_bot.restart()
    assert logged_kinds(clocked_bot).count("answer") == 2, "nothing fires twice"
