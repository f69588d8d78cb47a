"""What a Garden Sabotage hand offers, and how it lays it out (issue 27 item 11).

A sabotage needs a Plant to eat (ruling 16): a hand never offers an empty plot as a target. And
the same decision keeps its layout from one action to the next: a turn with actions left is a
menu, the end of a turn (only Complete and End turn) is buttons, however many choices are legal.
"""

from __future__ import annotations

import pytest

from engine.sabotage.state import SabotageState
from tests.e2e.prepared import prepare
from tests.e2e.sabotage_driver import start_game
from tests.e2e.table_driver import HAND_LABEL, board, click, offered, open_hand, open_lobby, pick
from tests.engine.sabotage.helpers import give, new_game, set_plot
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def alice_holds_an_aphid() -> SabotageState:
    """Alice to play with an Aphid; Bob's plot 1 has a Bean, his plot 2 nothing."""
    state = new_game(2, seed=3)
    give(state, 0, bugs=["Aphid"])
    set_plot(state, 1, 0, plants=["Bean"])
    return state


async def test_a_sabotage_is_offered_only_on_a_plot_with_a_plant(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27 item 11: sabotaging an empty plot was offered (a wasted action, announced to the
    whole table); by ruling 16 only Bob's plot with a Bean is a target."""
    fake = fake_discord
    prepare(monkeypatch, running_bot, "sabotage", {5: alice_holds_an_aphid})
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", {"first_player": "host"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    hand = await open_hand(fake, fake.alice, fake.general)
    sabotage = [(label, how) for label, how in offered(hand) if label.startswith("Sabotage")]
    assert len(sabotage) == 1, offered(hand)
    label, how = sabotage[0]
    if label.endswith("…"):  # a picker: the targets are its second step
        await pick(fake, fake.alice, hand, how)
        targets = [label for label, how in offered(hand) if how.rsplit(":", 1)[-1].startswith("a")]
    else:  # one target only: offered as the whole action
        targets = [label]
    assert targets in (["Bob's plot 1"], ["Sabotage Bob's plot 1 with an Aphid"])


def choice_buttons(hand: FakeMessage) -> list[str]:
    """The labels of the hand's choice buttons (picker steps and actions, not Back or Refresh)."""
    return [str(b.get("label")) for b in hand.buttons() if ":c:" in str(b.get("custom_id", ""))]


async def test_a_turn_keeps_its_layout_from_one_action_to_the_next(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """issue 27 item 11: the first decision of seed 17 had 10 first steps (buttons) and the next 11
    (a menu). Now every decision of a turn with actions left is a menu, and the turn's end (no
    action left: Complete or End turn) is buttons."""
    fake = fake_discord
    run = await start_game(
        fake, running_bot, fake.general, [fake.alice, fake.bob], {"first_player": "host"}, seed=17
    )
    hand = (await click(fake, fake.alice, board(fake, fake.general), HAND_LABEL)).original
    assert hand is not None
    for actions_left in (3, 2, 1):
        assert f"{actions_left} of 3 actions left" in hand.text(), hand.text()
        assert hand.selects() and not choice_buttons(hand), (actions_left, choice_buttons(hand))
        draw = next(how for label, how in offered(hand) if label == "Draw a Plant from the deck")
        await pick(fake, fake.alice, hand, draw)
    state = await run.state()
    assert state.turn == 0 and state.actions_left == 0  # Alice holds an objective: the turn waits
    assert not hand.selects() and "End turn" in choice_buttons(hand)
