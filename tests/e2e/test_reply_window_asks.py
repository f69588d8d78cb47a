"""Issue 27 item 4: a reply window is not a turn. Nobody is pinged for it; the people asked see it
in their open hand and on the table's headline; a person whose hand has nothing to play in it is
not asked, and the window still runs its full length for them (its length and its closing must
not tell who holds what): their pass is made when it closes. A real turn's ping stays."""

from __future__ import annotations

import pytest

from bot.basics.clock import ManualClock
from engine.garden_party.state import GardenPartyState
from tests.e2e.garden_party_driver import choose, hand_of, labels, open_table, position_now, shown_now
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import board, offered, pick
from tests.e2e.test_reply_windows import REPLY, alice_plays_a_card, three_player_game, turn_rows
from tests.engine.garden_party import helpers as gp
from tests.fake_discord import BotRunner, FakeDiscord, FakeUser

GP_REPLY = 30.0
GP_CHOICES = {"players": 3, "gardeners": "deal", "season_rounds": 3, "clock": "standard"}


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.01)


def pings_of(fake: FakeDiscord, *users: FakeUser) -> list[str]:
    """Every public message ever posted that pinged one of `users`."""
    ids = {u.id for u in users}
    return [
        m.text()
        for m in fake.messages.values()
        if m.channel_id == fake.general.id and not m.ephemeral and ids & set(m.pinged)
    ]


def public_lines(fake: FakeDiscord) -> str:
    return "\n".join(
        m.text() for m in fake.messages.values() if m.channel_id == fake.general.id and not m.ephemeral
    )


async def test_a_reply_window_pings_nobody_and_shows_in_open_hands_and_on_the_headline(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Issue 27 item 4: a card played opens a window for Bob and Carol: no public "it's your turn"
    for either; Bob's hand, open from before, is redrawn to offer the answer; the table's
    headline says whom the window asks and when it closes. Bob's own turn, next, is pinged."""
    fake = fake_discord
    await three_player_game(fake)
    await shown_now(fake, clocked_bot)
    bob_hand = await hand_of(fake, fake.bob)
    assert not [label for label in labels(bob_hand) if label == "Let it happen"]
    await alice_plays_a_card(fake)
    await fake.wait_until(lambda: set(turn_rows(clocked_bot)) == {1, 2}, what="both windows' clocks")
    closes = f"<t:{int(clock.now() + REPLY)}:R>"
    await fake.wait_until(
        lambda: f"Reply window: Bob, Carol · closes {closes}" in board(fake, fake.general).text(),
        what="the window on the headline",
    )
    await fake.wait_until(lambda: "Let it happen" in labels(bob_hand), what="Bob's open hand redrawn")
    assert pings_of(fake, fake.bob, fake.carol) == [], "a reply window is not a turn: nobody is pinged"
    assert "your turn" not in board(fake, fake.general).text()
    [(_, let_it)] = [c for c in offered(bob_hand) if c[0] == "Let it happen"]
    await pick(fake, fake.bob, bob_hand, let_it)
    await fake.wait_until(
        lambda: "Reply window: Carol · closes" in board(fake, fake.general).text(), what="Bob answered"
    )
    clock.advance(REPLY + 1)
    pinged = await fake.wait_until(lambda: pings_of(fake, fake.bob), what="Bob's own turn pinged")
    assert "it's your turn" in pinged[0]
    assert pings_of(fake, fake.carol) == []
    assert "Time ran out for Carol" not in public_lines(fake), "a lapsed window names nobody"


def roll_with_hands(bob: tuple[str, ...], carol: tuple[str, ...]) -> GardenPartyState:
    """Alice (seat 0) to roll in round 1; Bob (1) and Carol (2) hold `bob` and `carol`."""
    state = gp.new_game(3, 1, seat=0, points=9, season_rounds=3)
    gp.all_seeds(state)
    gp.set_hand(state, 0)
    gp.set_hand(state, 1, *bob)
    gp.set_hand(state, 2, *carol)
    state.phase = "roll"
    gp.fresh(state)
    return state


async def test_a_seat_with_nothing_to_play_is_not_asked_and_its_window_runs_its_full_length(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 item 4: Alice rolls; Bob holds an orange card, Carol none. Bob's hand offers the
    window's two answers; Carol's offers nothing to click and says her pass is made when the
    window closes. Both have the same reply clock; Bob answering at once does not close the
    window early: it closes when its clock runs out, Carol's pass made then, naming nobody."""
    fake = fake_discord
    prepare(monkeypatch, clocked_bot, "garden_party", {31: lambda: roll_with_hands(("padlock",), ("hoe",))})
    await open_table(fake, fake.alice, GP_CHOICES, people=[fake.bob, fake.carol])
    await shown_now(fake, clocked_bot)
    carol_hand = await hand_of(fake, fake.carol)
    await choose(fake, fake.alice, await hand_of(fake, fake.alice), "Roll the die")
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase == "orange" and position.to_move() == [1, 2]
    assert turn_rows(clocked_bot) == {1: GP_REPLY, 2: GP_REPLY}, "the same window for both"
    assert "Reply window: Bob, Carol · closes" in board(fake, fake.general).text()
    bob_hand = await hand_of(fake, fake.bob)
    assert labels(bob_hand) == ["Let the turn go on", "Play an orange card"]
    await fake.wait_until(lambda: "when the window closes" in carol_hand.text(), what="Carol's hand redrawn")
    assert labels(carol_hand) == [], "nothing to play: not asked to click"
    assert labels(await hand_of(fake, fake.carol)) == [], "…in a hand opened anew too"
    assert pings_of(fake, fake.bob, fake.carol) == []

    await choose(fake, fake.bob, bob_hand, "Let the turn go on")
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase == "orange" and position.to_move() == [2], "the window runs on"
    clock.advance(GP_REPLY - 1)
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase == "orange", "…its full length"
    clock.advance(2)
    await fake.wait_until(lambda: "movement points left" in board(fake, fake.general).text(), what="closed")
    position = await position_now(clocked_bot, fake.general)
    assert position.state.phase == "turn" and position.to_move() == [0]
    assert "Time ran out" not in public_lines(fake), "the window's close names nobody"
    assert pings_of(fake, fake.bob, fake.carol) == []


def computer_rolls(person: tuple[str, ...]) -> GardenPartyState:
    """Computer 1 (seat 1) to roll; Alice (seat 0) holds `person`, Computer 2 nothing."""
    state = gp.new_game(3, 1, seat=1, points=9, season_rounds=3)
    gp.all_seeds(state)
    gp.set_hand(state, 0, *person)
    gp.set_hand(state, 1)
    gp.set_hand(state, 2)
    state.phase = "roll"
    gp.fresh(state)
    return state


async def test_alone_with_computers_a_window_with_nothing_to_play_passes_at_once(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 item 4: with one person and computers a window has no clock (nobody waits for
    another person), so a window Alice has nothing to play in is passed for her at once instead
    of waiting for a click she is never asked for."""
    fake = fake_discord
    prepare(monkeypatch, clocked_bot, "garden_party", {32: lambda: computer_rolls(("hoe",))})
    await open_table(fake, fake.alice, GP_CHOICES, computers=2)

    await fake.wait_until(
        lambda: "movement points left" in board(fake, fake.general).text(),
        timeout=10.0,
        what="the window passed for Alice, who was never asked",
    )
    assert "Orange cards: nobody wants to play one." in public_lines(fake)
    assert pings_of(fake, fake.alice) == []


def last_turn() -> GardenPartyState:
    """Round 3 of 3, Carol (seat 2) to move, nobody holding a card: her turn's end ends the game."""
    state = gp.new_game(3, 1, seat=2, points=9, season_rounds=3)
    gp.all_seeds(state)
    for seat in range(3):
        gp.set_hand(state, seat)
    state.round = 3
    gp.fresh(state)
    return state


async def test_open_hands_show_the_game_over_at_its_end(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 item 8: Alice and Bob have their hands open while Carol plays the last turn;
    when the game ends each open hand is redrawn to the final state: no choices, no Refresh, not
    green, and it says the game is over once."""
    fake = fake_discord
    prepare(monkeypatch, clocked_bot, "garden_party", {33: last_turn})
    await open_table(fake, fake.alice, GP_CHOICES, people=[fake.bob, fake.carol])
    await shown_now(fake, clocked_bot)
    open_hands = {user.name: await hand_of(fake, user) for user in (fake.alice, fake.bob)}
    for hand in open_hands.values():
        assert "Carol** to play" in hand.text() or "carol" in hand.text().lower()
    await choose(fake, fake.carol, await hand_of(fake, fake.carol), "End my turn")
    for name, hand in open_hands.items():
        await fake.wait_until(lambda hand=hand: "Game over" in hand.text(), what=f"{name}'s hand at the end")
        text = hand.text()
        assert "to play" not in text, f"{name}'s hand still shows the last turn"
        assert text.lower().count("game is over") + text.count("Game over") == 1, text
        assert labels(hand) == [] and not hand.buttons(), f"{name}'s hand offers nothing any more"
