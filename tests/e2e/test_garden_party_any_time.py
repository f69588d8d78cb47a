"""Garden Party's orange cards "at any time during another's turn" (issue 20, Playing; rules III C,
ruling 32 of docs/rules/garden-party.md), end to end through the fake Discord: played from the
player's own hand while a competitor moves, opening a cancel window on the board like any card."""

from __future__ import annotations

import pytest

from engine.garden_party.state import GardenPartyState
from tests.e2e.findings_driver import assert_private_refusal
from tests.e2e.garden_party_driver import (
    MOVE,
    choose,
    hand_of,
    labels,
    leaks,
    open_table,
    shown_now,
    turn_clocks,
)
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import board
from tests.e2e.test_garden_party_scenarios import PREPARED_CHOICES, prepared_game
from tests.engine.garden_party import helpers as gp
from tests.fake_discord import BotRunner, FakeDiscord


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.01)


def bob_holds_a_tripwire() -> GardenPartyState:
    """Alice to move with 9 points; Bob holds a Tripwire (orange) and a Graft (blue); Carol two
    Grafts (no orange card); Alice two Grafts (she may cancel)."""
    state = prepared_game()
    gp.set_hand(state, 0, "graft", "graft")
    gp.set_hand(state, 1, "tripwire", "graft")
    gp.set_hand(state, 2, "graft", "graft")
    return state


async def test_an_orange_card_played_from_the_hand_during_a_competitors_moves(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ruling 32: while Alice moves, Bob's own hand offers his Tripwire (Carol's, holding no orange
    card, offers nothing, and nobody's clock waits on Bob). Bob's open hand follows Alice's moves.
    He plays it: the cancel window is on the board for Alice and Carol; they let it happen; Alice
    goes on with 3 points fewer, pinged neither by the window nor back in her turn; Bob has no
    other card to play this turn (one a turn)."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    await shown_now(fake, clocked_bot)

    bobs = await hand_of(fake, bob)
    assert [label for label in labels(bobs) if label.startswith("Play")] == [
        "Play Tripwire: The gardener to move loses 3 movement points."
    ]
    assert "unasked" in bobs.text()
    carols = await hand_of(fake, carol)
    assert labels(carols) == [] and "unasked" not in carols.text()
    assert set(turn_clocks(clocked_bot)) == {0}, "only Alice's clock runs: nobody waits on Bob"

    await choose(fake, alice, await hand_of(fake, alice), "Go to", "Go to")
    position = await shown_now(fake, clocked_bot)
    points = position.state.turn.points
    shown = [str(position.version)]
    await fake.wait_until(lambda: MOVE.findall(bobs.text()) == shown, what="Bob's hand redrawn")
    assert any(label.startswith("Play Tripwire") for label in labels(bobs))

    await choose(fake, bob, bobs, "Play Tripwire")
    await shown_now(fake, clocked_bot)
    table = board(fake, fake.general).text()
    assert "**Bob**'s **Tripwire** is played. Cancel it? Waiting for **Carol** and **Alice**" in table
    assert set(turn_clocks(clocked_bot)) == {0, 2}
    await choose(fake, alice, await hand_of(fake, alice), "Let it happen")
    await shown_now(fake, clocked_bot)
    await choose(fake, carol, await hand_of(fake, carol), "Let it happen")  # Carol's answer closes it
    position = await shown_now(fake, clocked_bot)
    assert position.state.phase == "turn" and position.state.turn.points == points - 3
    pinged = [m for m in fake.messages.values() if alice.id in m.pinged and not m.ephemeral]
    assert pinged == [], "a window is not a turn (issue 27 item 4); back in her turn, told of, no ping"
    assert f"**Alice** to play · {points - 3} movement points left" in board(fake, fake.general).text()
    bobs = await hand_of(fake, bob)
    assert not any(label.startswith("Play") for label in labels(bobs)), "one card a turn (III C)"
    assert leaks(fake, clocked_bot, fake.general) == []


async def test_a_forged_orange_card_from_a_hand_without_one_is_refused_privately(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ruling 32 and DEVELOPERS.md, bad input: Carol, holding no orange card, sends the choice Bob's
    hand offers as her own: a short private refusal, and nothing is played."""
    fake = fake_discord
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    prepare(monkeypatch, clocked_bot, "garden_party", {26: bob_holds_a_tripwire})
    await open_table(fake, alice, PREPARED_CHOICES, people=[bob, carol])
    position = await shown_now(fake, clocked_bot)
    carols = await hand_of(fake, carol)
    forged = await fake.forge_click(carol, carols, f"gc:c:{position.game_id}:2:{position.version}:a0")
    await forged.wait_answered()
    text = assert_private_refusal(fake, forged, await fake.response_message(forged))
    assert len(text) < 200
    after = await shown_now(fake, clocked_bot)
    assert after.version == position.version, "nothing was played"
