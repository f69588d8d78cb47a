"""Clicks made while others move (issue 27 item 3), end to end through the fake Discord.

A hand is drawn at one version and pressed a little later: computers and other people may have
moved meanwhile. The click is played when the choice it names is still legal for the seat and
means the same thing now (the same stretch of play, the same kind of decision, the same action),
however many versions have passed; it is refused as outdated only when it would mean something
else (the seat moved since, or the turn is another one). And a computer's thinking pause is
never waited out while it holds the game's lock, so a person's click is answered at once.
"""

from __future__ import annotations

import re

import pytest

from bot.handlers.table_clicks import MOVED_ON
from tests.e2e.garden_party_driver import choose, hand_of, labels, open_table, shown_now, table_says
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import offered
from tests.e2e.test_garden_party_any_time import bob_holds_a_tripwire
from tests.e2e.test_garden_party_scenarios import PREPARED_CHOICES
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

CHOICE_ID = re.compile(r"gc:c:(\d+):(\d+):(\d+):(a\d+)")


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.01)


def choice_id(hand: FakeMessage, label_start: str) -> str:
    """The custom id of the button in `hand` whose label starts with `label_start`."""
    found = [how for label, how in offered(hand) if label.startswith(label_start)]
    assert found and found[0].startswith("button:gc:c:"), f"{label_start!r} not a button: {labels(hand)}"
    return found[0].removeprefix("button:")


def at_version(custom_id: str, version: int) -> str:
    """The same choice as a hand drawn at `version` carries it."""
    match = CHOICE_ID.fullmatch(custom_id)
    assert match is not None, custom_id
    game, seat, _, choice = match.groups()
    return f"gc:c:{game}:{seat}:{version}:{choice}"


async def test_an_orange_card_pressed_on_a_hand_drawn_before_a_competitors_move_is_played(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 3: Bob presses his Tripwire on his hand as it was before Alice's move (the
    redraw had not reached him). Still Alice's turn, still his card, still unasked: it is played,
    not refused as "for an earlier moment". A second press of that same old button would play a
    second decision of his on a position he has not seen: it is refused as outdated."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    before = (await shown_now(fake, clocked_bot)).version  # (a position is updated in place)
    bobs = await hand_of(fake, bob)
    old = choice_id(bobs, "Play Tripwire")
    assert CHOICE_ID.fullmatch(old) and f":{before}:" in old

    await choose(fake, alice, await hand_of(fake, alice), "Go to", "Go to")
    moved = (await shown_now(fake, clocked_bot)).version
    assert moved == before + 1

    press = await fake.forge_click(bob, bobs, old)
    await press.wait_answered()
    assert MOVED_ON not in bobs.text(), "a still-legal orange card was refused"
    assert "You played: Play Tripwire" in bobs.text()
    after = await shown_now(fake, clocked_bot)
    assert after.version == moved + 1 and after.state.phase == "cancel"
    played = after.version

    again = await fake.forge_click(bob, bobs, old)
    await again.wait_answered()
    assert MOVED_ON in bobs.text(), "Bob moved since that hand was drawn: the old press is outdated"
    assert (await shown_now(fake, clocked_bot)).version == played


async def test_an_old_press_that_would_mean_something_else_now_is_refused(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 3: Bob's Tripwire button drawn in Alice's turn, pressed once Alice's turn is
    over, names a choice of another moment (another turn): refused as outdated, nothing played."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    await shown_now(fake, clocked_bot)
    bobs = await hand_of(fake, bob)
    old = choice_id(bobs, "Play Tripwire")

    await choose(fake, alice, await hand_of(fake, alice), "End my turn")
    ended = await shown_now(fake, clocked_bot)
    assert ended.state.turn.seat != 0 or ended.state.phase != "turn"
    version = ended.version

    press = await fake.forge_click(bob, bobs, old)
    await press.wait_answered()
    assert MOVED_ON in bobs.text()
    assert (await shown_now(fake, clocked_bot)).version == version, "nothing was played"


async def test_let_it_happen_after_a_computer_answered_the_window_first_still_counts(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 3: Bob's Tripwire opens a cancel window for Alice and a computer. The
    computer answers first; Alice's "Let it happen", on her hand as the window opened, still
    counts (the window is still open for her, and it is the same window): it closes."""
    fake = fake_discord
    alice, bob = fake.alice, fake.bob
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob], computers=1)
    await shown_now(fake, clocked_bot)
    await choose(fake, bob, await hand_of(fake, bob), "Play Tripwire")
    assert clocked_bot.bot is not None
    store = clocked_bot.bot.table.store
    position = await table_says(fake, clocked_bot, "Cancel it? Waiting for **Alice** (answers")
    played = await store.actions(position.game_id)
    opened = next(a.version for a in played if a.seat == 1)  # the version the window opened at
    assert position.state.phase == "cancel" and position.to_move() == [0], "the computer answered first"
    assert position.version == opened + 1

    hand = await hand_of(fake, alice)
    press = await fake.forge_click(alice, hand, at_version(choice_id(hand, "Let it happen"), opened))
    await press.wait_answered()
    assert MOVED_ON not in hand.text(), "Alice's answer to a window still open for her was refused"
    after = await shown_now(fake, clocked_bot)
    assert after.version == opened + 2 and after.state.phase == "turn", "her answer closed the window"


async def test_a_click_during_a_computers_pause_is_answered_at_once(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 3: the computer's thinking pause is not slept while it holds the game's lock.
    Bob's Tripwire opens a window for Alice and a computer with a long pause; Alice's answer
    during the pause is played and answered at once, not after the pause."""
    fake = fake_discord
    alice, bob = fake.alice, fake.bob
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob], computers=1)
    await shown_now(fake, clocked_bot)
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 30.0)
    assert clocked_bot.bot is not None
    clocked_bot.bot.table.computers.pause = 30.0
    await choose(fake, bob, await hand_of(fake, bob), "Play Tripwire")
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase == "cancel" and set(position.to_move()) == {0, 2}
    version = position.version

    hand = await hand_of(fake, alice)
    press = await fake.forge_click(alice, hand, choice_id(hand, "Let it happen"))
    # "At once" against a 30 s pause: seconds of margin, so a stalled CI machine is not a failure.
    answer = await press.wait_answered(timeout=10.0)
    await fake.wait_until(lambda: "You played: Let it happen" in hand.text(), timeout=5.0, what="her move")
    assert answer is not None and press.latency is not None and press.latency < 5.0
    after = await clocked_bot.bot.table.sessions.position(position.game_id)
    assert after.version == version + 1 and after.to_move() == [2]


async def test_an_old_press_still_counts_after_a_restart(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 3: after a restart the bot remembers no earlier position; it rebuilds the one
    Bob's hand was drawn at from the game's seed and stored moves, and still plays his Tripwire."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    await shown_now(fake, clocked_bot)
    bobs = await hand_of(fake, bob)
    old = choice_id(bobs, "Play Tripwire")
    await choose(fake, alice, await hand_of(fake, alice), "Go to", "Go to")
    moved = (await shown_now(fake, clocked_bot)).version
    await clocked_bot.restart()
    assert clocked_bot.bot is not None
    assert clocked_bot.bot.table.sessions.session(1).earlier_states == {}, "nothing remembered"

    press = await fake.forge_click(bob, bobs, old)
    await press.wait_answered()
    assert MOVED_ON not in bobs.text() and "You played: Play Tripwire" in bobs.text()
    after = await shown_now(fake, clocked_bot)
    assert after.version == moved + 1 and after.state.phase == "cancel"
