"""Issue 27 item 5: a table (or hand) accepts only the choices it offers. The player to move
forging a picker group or page that does not exist, or a menu never shown, got a public redraw
of the table (a hand: a redraw of the hand) instead of a private "That choice isn't on offer"."""

from __future__ import annotations

import random

import pytest

from bot.basics.refusals import NOT_OFFERED
from tests.e2e.findings_driver import (
    answer_of,
    assert_private_refusal,
    game_of,
    game_version,
    hidden_hand_game,
    solo_game,
)
from tests.e2e.table_driver import is_action, offered, open_hand, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeInteraction, FakeMessage

#: Forged at the table's own game, seat and version: a group, a page, a top-level page that do
#: not exist, and a menu the message never showed (with a value that names a real group).
FORGED = [
    pytest.param("c:g99.0", id="group-99"),
    pytest.param("c:g0.99", id="page-99-of-group-0"),
    pytest.param("c:p9", id="top-level-page-9"),
    pytest.param("s:7|g0.0", id="menu-7"),
]


def code(how: str) -> str:
    """The choice code a pick sends (`offered`'s second element ends with it)."""
    return how.rsplit(":", 1)[-1]


async def at_a_picker(fake: FakeDiscord, runner: BotRunner) -> tuple[FakeMessage, int, int]:
    """Alice's solo game, played from its table until the table offers a picker step (a card
    whose slot comes second): the table, the game and its version."""
    runner.bot.table.lobbies._seed_source = lambda: 7  # the same deal every run
    table = await solo_game(fake, fake.alice, fake.general)
    game, rng = game_of(table), random.Random(7)
    for move in range(8):
        table = await wait_for_move(fake, fake.general, move)
        choices = offered(table)
        if any(code(how).startswith("g") for _label, how in choices):
            return table, game, move
        await pick(fake, fake.alice, table, rng.choice([how for _l, how in choices if is_action(how)]))
    raise AssertionError("no picker step on the table in eight moves")


async def forge(
    fake: FakeDiscord, message: FakeMessage, game: int, version: int, how: str
) -> FakeInteraction:
    """Alice's forged choice on `message` (listed on the message too: what a modified client sends)."""
    kind, _, rest = how.partition(":")
    if kind == "c":
        return await fake.forge_click(fake.alice, message, f"gc:c:{game}:0:{version}:{rest}")
    menu, _, value = rest.partition("|")
    return await fake.forge_select(fake.alice, message, f"gc:s:{game}:0:{version}:{menu}", [value])


@pytest.mark.parametrize("how", FORGED)
async def test_the_table_refuses_a_choice_it_never_offered(
    fake_discord: FakeDiscord, running_bot: BotRunner, how: str
) -> None:
    """Issue 27 item 5, at the table: Alice (to move in her solo Mr. Cabbagehead's Garden) forges
    a choice the table never offered. She alone reads "That choice isn't on offer"; the table is
    not redrawn and nothing is played."""
    fake = fake_discord
    table, game, version = await at_a_picker(fake, running_bot)
    before = table.snapshot()
    interaction = await forge(fake, table, game, version, how)
    await interaction.wait_answered()
    text = assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert text == NOT_OFFERED, text[:300]
    assert table.snapshot() == before, "the table was redrawn for a choice it never offered"
    assert game_version(running_bot, game) == version


async def test_a_page_the_table_offers_still_opens(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    """Issue 27 item 5, the other side: every picker step the table offers (a card, then Back)
    still opens its page, so the check refuses only what was never shown."""
    fake = fake_discord
    table, _game, version = await at_a_picker(fake, running_bot)
    steps = [how for _label, how in offered(table) if code(how).startswith("g")]
    await pick(fake, fake.alice, table, steps[-1])
    shown = await wait_for_move(fake, fake.general, version)
    back = [how for label, how in offered(shown) if "Back" in label]
    assert back and "**Choosing:**" in shown.text(), shown.text()[:300]
    await pick(fake, fake.alice, shown, back[0])
    assert "**Choosing:**" not in (await wait_for_move(fake, fake.general, version)).text()


@pytest.mark.parametrize("how", ["c:g99.0", "c:g0.99", "c:p9", "s:7|g0.0"])
async def test_a_hand_refuses_a_choice_it_never_offered(
    fake_discord: FakeDiscord, running_bot: BotRunner, how: str
) -> None:
    """Issue 27 item 5, in a hand: the same forgeries on Alice's own hand were answered with her
    hand redrawn at the first group as if offered; she reads the refusal instead."""
    fake = fake_discord
    _table, game, version = await at_a_picker(fake, running_bot)
    hand = await open_hand(fake, fake.alice, fake.general)
    interaction = await forge(fake, hand, game, version, how)
    await interaction.wait_answered()
    text = assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert NOT_OFFERED in text, text[:300]
    assert game_version(running_bot, game) == version


async def test_a_picker_step_from_an_earlier_table_opens_on_the_table_as_it_stands(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 3: a click is refused only when it would mean something else. A picker step
    pressed on the table as it was a move ago (a client that had not redrawn yet) plays nothing,
    so when the table now offers that step it opens there, at the current move, instead of
    "That choice was for an earlier moment of the game"."""
    fake = fake_discord
    table, game, version = await at_a_picker(fake, running_bot)
    rng = random.Random(3)
    for _ in range(12):
        old_steps = {code(how) for _label, how in offered(table) if code(how).startswith("g")}
        while not (moves := [how for _l, how in offered(table) if is_action(how)]):
            await pick(fake, fake.alice, table, rng.choice([how for _l, how in offered(table)]))
            table = await wait_for_move(fake, fake.general, version)
        await pick(fake, fake.alice, table, rng.choice(moves))
        version += 1
        table = await wait_for_move(fake, fake.general, version)
        steps_now = [code(how) for _label, how in offered(table) if code(how).startswith("g")]
        shared = [step for step in steps_now if step in old_steps]
        if shared:
            break
    else:
        raise AssertionError("no picker step offered at two moves in a row")
    interaction = await fake.forge_click(fake.alice, table, f"gc:c:{game}:0:{version - 1}:{shared[0]}")
    await interaction.wait_answered()
    shown = await wait_for_move(fake, fake.general, version)
    assert "earlier moment" not in shown.text() and "**Choosing:**" in shown.text(), shown.text()[:400]
    assert game_version(running_bot, game) == version, "nothing was played"


async def test_a_picker_step_pressed_on_an_earlier_hand_opens_on_the_hand_as_it_stands(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 3, in a hand (Garden Sabotage, hands hidden): a picker step pressed on a hand
    drawn a move ago opens on Alice's hand as it stands now, said to be newer, when her choices
    now offer that step; it plays nothing."""
    fake = fake_discord
    table = await hidden_hand_game(fake, fake.general)
    game, rng = game_of(table), random.Random(5)
    for _ in range(12):
        old_hand = await open_hand(fake, fake.alice, fake.general)
        old_version = game_version(running_bot, game)
        old_steps = {code(how) for _label, how in offered(old_hand) if code(how).startswith("g")}
        hand = await open_hand(fake, fake.alice, fake.general)
        while not (moves := [how for _l, how in offered(hand) if is_action(how)]):
            await pick(fake, fake.alice, hand, rng.choice([how for _l, how in offered(hand)]))
        await pick(fake, fake.alice, hand, rng.choice(moves))
        await wait_for_move(fake, fake.general, old_version + 1)
        if game_version(running_bot, game) != old_version + 1:
            continue
        now = await open_hand(fake, fake.alice, fake.general)
        shared = [code(how) for _label, how in offered(now) if code(how) in old_steps]
        if shared:
            break
    else:
        raise AssertionError("Alice was never offered the same picker step two moves in a row")
    # The step as the old hand shows it (its menu or button carries the old version).
    [how] = [how for _label, how in offered(old_hand) if code(how) == shared[0]]
    assert f":{old_version}:" in how
    await pick(fake, fake.alice, old_hand, how)
    assert "earlier moment" not in old_hand.text(), old_hand.text()[:300]
    assert "these are your choices now" in old_hand.text(), old_hand.text()[:300]
    assert game_version(running_bot, game) == old_version + 1, "nothing was played"
