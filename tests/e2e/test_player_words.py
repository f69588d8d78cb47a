"""Issue 27 item 10: developer words on players' screens, read where a player reads them through
the fake Discord: every text, button, menu and alt text of every message a game showed."""

from __future__ import annotations

import re

from engine.cabbagehead import GAME as CABBAGEHEAD
from tests.e2e.table_driver import open_lobby
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.model import readable_text


def everything_shown(fake: FakeDiscord) -> str:
    """Every version of every message, public or private: what anyone was shown."""
    return "\n".join(readable_text(version) for m in fake.messages.values() for version in m.versions())


async def test_a_cards_number_is_spelt_one_way_everywhere(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A card's number was spelt four ways: "Carrot #28" (the hand, the pictures' alt text),
    "Carrot no. 28" (the log), "Car28" (the compost and the cards seen going under the deck) and
    "Carrot 28" (Board as text). Now it is "Carrot #28" in every one of them."""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=4)
    said = everything_shown(fake)
    vegetables = sorted({card.name for card in CABBAGEHEAD.cards})
    assert re.search(r"\bno\. \d", said) is None, "no 'Carrot no. 28'"
    for vegetable in vegetables:
        short = re.search(rf"\b{re.escape(vegetable[:3])} ?\d", said)
        assert short is None, f"a short label: {said[max(0, short.start() - 80) : short.end() + 40]}"
        bare = re.search(rf"\b{re.escape(vegetable)} \d", said)
        assert bare is None, f"a number without '#': {said[max(0, bare.start() - 80) : bare.end() + 40]}"
    named = re.findall(rf"\b(?:{'|'.join(map(re.escape, vegetables))}) #\d+\b", said)
    assert len(named) > 10, "the cards are named, with their numbers, the one way"
