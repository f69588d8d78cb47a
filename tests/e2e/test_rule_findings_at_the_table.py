"""The two rule findings of issue 17's outside review, end to end through the bot ("Done when":
end-to-end tests for the two rule findings). Each game starts from a prepared position
(`tests.e2e.prepared`) and is played on by clicks, as people would.

- Garden Sabotage, ruling 12 (revised): after a player's third action, what the table shows —
  its text, its picture, its log and every other public message — is the same whether or not the
  player's hidden hand could complete an objective.
- Mr. Cabbagehead's Garden, ruling 4 (revised): a plot whose columns are fixed keeps them when a
  Neighbour empties an edge column; the table never offers a 7th column.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from engine.cabbagehead.state import TOKENS_PER_NEIGHBOUR, CabbageheadState, is_holiday
from engine.sabotage.state import SabotageState
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    click,
    is_action,
    offered,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.engine.cabbagehead import helpers as cabbage
from tests.engine.sabotage import helpers as sabotage
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage, FakeUser

#: What differs between two games without being part of what they show: their numbers, their
#: sealed deals, the clock's times.
GAME_NUMBER = re.compile(r"Game #\d+|game #\d+|`[0-9a-f]{64}`|<t:\d+:R>")


async def press(fake: FakeDiscord, user: FakeUser, message: FakeMessage, step: str) -> bool:
    """Click the first choice on `message` whose label contains `step`; whether it made a move."""
    found = [how for label, how in offered(message) if step in label]
    assert found, f"{step!r} is not offered: {[label for label, _ in offered(message)]}"
    await pick(fake, user, message, found[0])
    return is_action(found[0])


async def choose(fake: FakeDiscord, user: FakeUser, message: FakeMessage, *steps: str) -> None:
    """Make one decision on `message` (a hand, or the table) by the labels a person reads: at
    each picker step the choice whose label contains the next of `steps`, until a move is made."""
    for step in steps:
        if await press(fake, user, message, step):
            return
    raise AssertionError(f"{steps} made no move")


async def published(runner: BotRunner, game_id: int, version: int) -> None:
    """Until the bot has shown `version` of the game everywhere (board, notices, announcements);
    a minute at most, as a loaded CI machine may need (it failed once at 20 s under load)."""
    for _ in range(1200):
        record = await runner.bot.table.store.get(game_id)
        if record is not None and record.published_version >= version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} never published version {version}")


def public_view(fake: FakeDiscord, channel: FakeChannel) -> list[str]:
    """Everything anyone sees in `channel`: every public message's text, game numbers aside."""
    return [GAME_NUMBER.sub("#", m.text()) for m in fake.public_messages(channel)]


# ---------------------------------------------------------------- Garden Sabotage, ruling 12


def third_action_ahead(objective: str) -> SabotageState:
    """Alice (Player 1) holds a Bean and the objective `objective`, with a Bean on plot 1: two
    draws and planting the Bean are her turn's three actions (as the engine's ruling 12 test)."""
    state = sabotage.new_game(2, first_seat=0)
    sabotage.give(state, 0, plants=["Bean"], objectives=[objective])
    sabotage.set_plot(state, 0, 0, plants=["Bean"])
    return state


async def test_ruling_12_after_the_third_action_the_table_shows_the_same_whatever_the_hand(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games side by side, the same deal but for Alice's hidden objective: in #general she
    can complete Bean Teepee after her third action, in #games her Strawberry Patch cannot be
    completed. She makes the same three moves in both; then the two channels show the very same
    thing to everyone: the table (its words, its picture, its recent log), "Board as text", and
    no other message (no "ended their turn", no notice for Bob). Only her own hand differs."""
    fake = fake_discord
    prepare(
        monkeypatch,
        running_bot,
        "sabotage",
        {41: lambda: third_action_ahead("Bean Teepee"), 42: lambda: third_action_ahead("Strawberry Patch")},
    )
    hands: dict[int, FakeMessage] = {}
    for channel in (fake.general, fake.games):
        lobby = await open_lobby(fake, fake.alice, channel, "play sabotage", {"first_player": "host"})
        await click(fake, fake.bob, lobby, "Join")
        await click(fake, fake.alice, lobby, "Start")
        hand = (await click(fake, fake.alice, board(fake, channel), HAND_LABEL)).original
        assert hand is not None and hand.ephemeral_to == fake.alice.id
        for move, steps in enumerate(
            (("Draw a Plant from the deck",), ("Draw a Plant from the deck",), ("Plant a Bean", "Plot 1")),
            start=1,
        ):
            await choose(fake, fake.alice, hand, *steps)
            await wait_for_move(fake, channel, move)
        hands[channel.id] = hand
    games = [await running_bot.bot.table.sessions.in_channel(c.id) for c in (fake.general, fake.games)]
    assert all(g is not None and g.record.version == 3 for g in games)
    for game in games:
        assert game is not None
        await published(running_bot, game.game_id, 3)

    ready, not_ready = board(fake, fake.general), board(fake, fake.games)
    assert "no actions left" in ready.text() and "**Alice** to play" in ready.text()
    assert public_view(fake, fake.general) == public_view(fake, fake.games)
    assert fake.attachment_bytes(ready.attachments[0]) == fake.attachment_bytes(not_ready.attachments[0])
    as_text = []
    for table in (ready, not_ready):
        answer = await click(fake, fake.carol, table, "Board as text")
        as_text.append(GAME_NUMBER.sub("#", (await fake.response_message(answer)).text()))
    assert as_text[0] == as_text[1]
    # Only Alice's own hand tells them apart: there, and only there, she may complete.
    ready_hand, other_hand = hands[fake.general.id], hands[fake.games.id]
    assert [label for label, _ in offered(ready_hand)] == ["Complete Bean Teepee on plot 1", "End turn"]
    assert [label for label, _ in offered(other_hand)] == ["End turn"]


# ---------------------------------------------------------------- Mr. Cabbagehead, ruling 4

SLOT = re.compile(r"\b([A-K])(\d{1,2})\b")


def edge_about_to_go() -> CabbageheadState:
    """A solo garden whose columns are fixed: "C . . . . U" (a Carrot in column A, a Ruta Baga in
    column F), with Sallie Tommy-Oughtoos (who takes the lowest-numbered Vegetable) holding the
    most tokens and an 'On Holiday' card on top of the deck: the next planting ends round 1, and
    Sallie takes the Carrot, emptying column A."""
    neighbours = ["peapod", "sallie", "mayor", "horace"]
    state = cabbage.new_game(1, seed=5, neighbour_set="chosen", chosen=neighbours)
    garden = cabbage.garden_from(["C . . . . U"], fixed=False)
    for card in (c for c in garden.cells if c >= 0):
        if card in state.deck:
            state.deck.remove(card)
        if card in state.row:
            state.row[state.row.index(card)] = -1
    state.gardens[0] = garden
    onions, cabbages = cabbage.cards_of("Onion"), cabbage.cards_of("Cabbage")
    cabbage.set_row(state, [onions[0], onions[1], cabbages[1]])  # numbers 6, 15, 16: above the Carrot's 2
    holiday = next(c for c in state.deck if is_holiday(c))
    state.deck.remove(holiday)
    state.deck.append(holiday)
    tile = state.neighbours.index("sallie")
    state.tiles[tile] = list(range(tile * TOKENS_PER_NEIGHBOUR, tile * TOKENS_PER_NEIGHBOUR + 3))
    state.pool = [t for t in state.pool if t not in state.tiles[tile]]
    return state


def slots_offered(table: FakeMessage) -> set[str]:
    return {"".join(found) for label, _ in offered(table) for found in SLOT.findall(label.split(" in ")[-1])}


async def test_ruling_4_a_fixed_plot_is_never_offered_a_seventh_column_at_the_table(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice plants the centre Onion in C4 from the table; round 1 ends, Sallie takes the Carrot
    from A3 and column A is empty. The plot's columns stay A to F: for every card of the next row
    the table offers slots in those six columns only, column A among them, and no 7th."""
    fake = fake_discord
    prepare(monkeypatch, running_bot, "cabbagehead", {51: edge_about_to_go})
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    table = await wait_for_move(fake, fake.general, 0)
    await choose(fake, fake.alice, table, "Centre Onion", "C4")
    table = await wait_for_move(fake, fake.general, 1)
    await published(running_bot, 1, 1)
    said = table.text()
    assert "Sallie Tommy-Oughtoos takes the Carrot #2 from A3" in said, said
    assert "Round 2" in said, said
    cards = [label for label, how in offered(table) if not is_action(how)]
    assert len(cards) >= 2, cards  # the left card costs a Bee Alice may not have
    for card in cards:
        assert not await press(fake, fake.alice, table, card)
        slots = slots_offered(table)
        columns = {slot[0] for slot in slots}
        assert columns == set("ABCDEF"), f"{card}: {sorted(slots)}"
        assert not await press(fake, fake.alice, table, "Back")
    state = running_bot.bot.table.sessions.session(1).position
    assert state is not None and state.state is not None and state.state.gardens[0].cols_fixed
