"""End to end: `/rules` for players at the table ("The players' table, polished"): page 1 is how to
play in Discord, a page picker names every page and jumps to the one chosen, ◀ / ▶ go on from
there, and `/help` names the games."""

from __future__ import annotations

from typing import Any

from tests.e2e.table_driver import click
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


async def rules_message(fake: FakeDiscord, game: str) -> FakeMessage:
    interaction = await fake.slash(fake.alice, fake.general, "rules", {"game": game})
    await interaction.wait_answered()
    page = interaction.original
    assert page is not None and page.ephemeral_to == fake.alice.id
    return page


def picker(page: FakeMessage) -> dict[str, Any]:
    return page.select("gc:rules:")


def chosen(page: FakeMessage) -> str:
    [label] = [o["label"] for o in picker(page)["options"] if o.get("default")]
    return str(label)


async def test_rules_open_on_playing_in_discord_and_the_picker_jumps_to_a_page(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    page = await rules_message(fake, "cabbagehead")
    assert "Playing in Discord" in page.text() and "My hand / My turn" in page.text()
    assert chosen(page) == "1. Playing in Discord"
    options = picker(page)["options"]
    labels = [str(o["label"]) for o in options]
    assert len(labels) > 5 and labels[1] == "2. Turns, clocks and computer players"
    assert [b.get("label") for b in page.buttons()] == ["Next ▶"]

    evaluation = next(o for o in options if str(o["label"]).endswith(". Evaluation"))
    jumped = await fake.select(fake.alice, page, str(picker(page)["custom_id"]), [str(evaluation["value"])])
    await jumped.wait_answered()
    assert "Garden Club Prize" in page.text() and "Blue Ribbon" in page.text()
    assert chosen(page) == evaluation["label"]
    assert f"Page {int(str(evaluation['value'])) + 1} of {len(labels)}" in page.text()
    assert [b.get("label") for b in page.buttons()] == ["◀ Previous", "Next ▶"]

    await click(fake, fake.alice, page, "◀ Previous")
    assert chosen(page) == labels[int(str(evaluation["value"])) - 1]
    assert fake.public_messages(fake.general) == []  # all of it only for the reader


async def test_every_rules_page_is_for_players(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    """Paging through Garden Sabotage with the picker: no developer notes on any page."""
    fake = fake_discord
    page = await rules_message(fake, "sabotage")
    options = picker(page)["options"]
    seen = []
    for option in options:
        answered = await fake.select(fake.alice, page, str(picker(page)["custom_id"]), [str(option["value"])])
        await answered.wait_answered()
        seen.append(page.text())
    everything = "\n".join(seen)
    for words in ("Interface notes", "Rulings", "test_", ".json", "Game length"):
        assert words not in everything
    assert "Release the Bird" in seen[-1]


async def test_help_names_the_games(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    fake = fake_discord
    reply = await fake.response_message(await fake.slash(fake.alice, fake.general, "help"))
    assert "Mr. Cabbagehead's Garden** — 1–2 players" in reply.text()
    assert "Garden Sabotage** — 2–4 players" in reply.text()
