"""Accessibility (issue 27 item 16), through the fake Discord: Garden Party's final alt text was
cut mid-sentence at 1,023 characters; it now leaves whole sentences out, pointing to Board as
text, instead of cutting one. While gardeners are chosen, the
table said nothing of the gardeners still free (only the chooser's menu had them): the picture,
its alt text and Board as text now list them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.pictures.samples import played
from bot.pictures.text import ALT_MAX
from tests.e2e.garden_party_driver import choose, hand_of, open_table, play_people_to_the_end
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import board, click, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.model import walk_components

#: A six-seat deal (seed 7, the computers' own play) that ends at move 1141: prepared two moves
#: before, so the test plays only the end by clicks.
SEATS, SEED, ENDS_AT = 6, 7, 1141


def gallery_alts(message: FakeMessage) -> list[str]:
    return [
        str(entry.get("description") or "")
        for item in walk_components(message.components)
        if item.get("type") == 12
        for entry in item.get("items") or []
    ]


async def test_the_final_alt_text_never_stops_mid_sentence(
    fake_discord: FakeDiscord, garden_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 16: a six-gardener game's final picture's alt text, within Discord's 1,024 characters:
    the final board, each greenhouse in a whole sentence (item 9: the result and the ranking are in
    the final message only), and what has no room is left out whole (Board as text has it), not
    cut at character 1,023."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.02)
    fake = fake_discord
    await garden_bot.start()

    state = played("garden_party", SEATS, SEED, ENDS_AT - 2)[1]  # dealt before create is wrapped

    def near_the_end() -> Any:
        return state

    prepare(monkeypatch, garden_bot, "garden_party", {SEED: near_the_end})
    table = await open_table(fake, fake.alice, {"players": SEATS, "clock": "off"}, computers=SEATS - 1)
    await play_people_to_the_end(fake, garden_bot, [fake.alice], random.Random(7))
    [alt] = await fake.wait_until(
        lambda: [a for a in gallery_alts(table) if "the final board." in a],
        what="the final picture's alt text",
    )
    assert len(alt) <= ALT_MAX
    assert not alt.endswith("…"), f"cut mid-way: {alt[-80:]!r}"
    assert alt.endswith("."), "it ends on a whole sentence"
    assert "Ranking" not in alt and " wins" not in alt, "the end is said once, in the final message (item 9)"


async def test_people_waiting_for_the_gardener_choice_read_which_gardeners_are_still_free(
    fake_discord: FakeDiscord, garden_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 16: while Alice chooses her gardener, Bob (waiting) reads on the table's picture
    description and in Board as text every gardener still free, with its talents; once she has
    chosen, hers is no longer listed."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.02)
    fake = fake_discord
    await garden_bot.start()
    await open_table(fake, fake.alice, {"players": 3, "clock": "off"}, people=[fake.bob], computers=1)
    table = await wait_for_move(fake, fake.general, 0)
    baron = "Baron d'Anléchoux (Bricanology 1, Herbanology 3, Plantanology 2)"

    async def board_as_text() -> str:
        """The "Gardeners still free" line of Board as text, as Bob gets it."""
        answer = await click(fake, fake.bob, board(fake, fake.general), "Board as text")
        assert answer.original is not None and answer.original.ephemeral_to == fake.bob.id
        free = [line for line in answer.original.text().splitlines() if "Gardeners still free:" in line]
        assert free, "Board as text lists the gardeners still free"
        return free[0]

    [alt] = gallery_alts(table)
    assert "Gardeners still free:" in alt and baron in alt
    text = await board_as_text()
    assert text.count("Bricanology") == 6 and baron in text, "all six gardeners, each with its talents"

    await choose(fake, fake.alice, await hand_of(fake, fake.alice), "Baron")
    await wait_for_move(fake, fake.general, 1)
    text = await board_as_text()
    assert "Baron d'Anléchoux (" not in text and text.count("Bricanology") == 5
