"""Accessibility (issue 27 item 16), through the fake Discord: Garden Party's final alt text was
cut mid-sentence at 1,023 characters; it now says the end and the ranking first and leaves whole
sentences out, pointing to Board as text, instead of cutting one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.pictures.samples import played
from bot.pictures.text import ALT_MAX
from tests.e2e.garden_party_driver import open_table, play_people_to_the_end
from tests.e2e.prepared import prepare
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.model import walk_components

#: A six-seat deal (seed 7, the computers' own play) that ends at move 1068: prepared two moves
#: before, so the test plays only the end by clicks.
SEATS, SEED, ENDS_AT = 6, 7, 1068


def gallery_alts(message: FakeMessage) -> list[str]:
    return [
        str(entry.get("description") or "")
        for item in walk_components(message.components)
        if item.get("type") == 12
        for entry in item.get("items") or []
    ]


async def test_the_final_alt_text_says_the_ranking_first_and_never_stops_mid_sentence(
    fake_discord: FakeDiscord, garden_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 16: a six-gardener game's final picture's alt text, within Discord's 1,024 characters:
    the end and the ranking come first, and what has no room is left out whole (Board as text
    has it), not cut at character 1,023."""
    monkeypatch.setattr("bot.computers.COMPUTER_PAUSE", 0.02)
    fake = fake_discord
    await garden_bot.start()

    state = played("garden_party", SEATS, SEED, ENDS_AT - 2)[1]  # dealt before create is wrapped

    def near_the_end() -> Any:
        return state

    prepare(monkeypatch, garden_bot, "garden_party", {SEED: near_the_end})
    table = await open_table(fake, fake.alice, {"players": SEATS, "clock": "off"}, computers=SEATS - 1)
    await play_people_to_the_end(fake, garden_bot, [fake.alice], random.Random(7))
    [alt] = await fake.wait_until(
        lambda: [a for a in gallery_alts(table) if "Ranking: 1." in a], what="the final picture's alt text"
    )
    assert len(alt) <= ALT_MAX
    assert not alt.endswith("…"), f"cut mid-way: {alt[-80:]!r}"
    assert alt.endswith("."), "it ends on a whole sentence"
    assert alt.index("Ranking: 1.") < 200, "the ranking comes first"
