"""End to end, issue 32: `/rules` in the clicker's own language. A French player reads the French
page, named and paged in French, its picker and buttons French; the pseudo-locale reads every
page and every word the bot adds marked; an English player's `/rules` is as it always was; and no
page breaks one of Discord's limits (the fake checks every payload)."""

from __future__ import annotations

import re
from typing import Any

from bot.basics.words import words_for
from engine.registry import get_game
from tests.e2e.table_driver import click
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.language_check import proper_names, unmarked_words

FRENCH, PSEUDO = "fr", "x-pseudo"
#: Code in a page: commands and options, named as the command tree names them.
CODE = re.compile(r"`[^`\n]+`")


async def rules_message(fake: FakeDiscord, user: FakeUser, game: str) -> FakeMessage:
    interaction = await fake.slash(user, fake.general, "rules", {"game": game})
    await interaction.wait_answered()
    page = interaction.original
    assert page is not None and page.ephemeral_to == user.id
    return page


def picker(page: FakeMessage) -> dict[str, Any]:
    return page.select("gc:rules:")


def chosen(page: FakeMessage) -> str:
    [label] = [o["label"] for o in picker(page)["options"] if o.get("default")]
    return str(label)


def embed(page: FakeMessage) -> dict[str, Any]:
    [shown] = page.embeds
    return shown


async def every_page(fake: FakeDiscord, user: FakeUser, page: FakeMessage) -> list[str]:
    """Each page's text, chosen one by one with the picker."""
    seen = []
    for option in picker(page)["options"]:
        answered = await fake.select(user, page, str(picker(page)["custom_id"]), [str(option["value"])])
        await answered.wait_answered()
        seen.append(str(embed(page)["description"]))
    return seen


async def test_a_french_player_reads_the_french_rules_page_by_page(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Garden Sabotage's rules to a French clicker: the French page from its first section (how
    to play in Discord, with `/jouer`), the picker naming each page by its French heading, ◀ / ▶ in
    French, the title and the footer too; the last page is the Bird variant, in French."""
    fake = fake_discord
    fake.alice.locale = FRENCH
    page = await rules_message(fake, fake.alice, "sabotage")
    assert embed(page)["title"] == "Règles — Garden Sabotage"
    assert "## Jouer sur Discord" in page.text() and "`/jouer sabotage`" in page.text()
    assert "Ma main / Mon tour" in page.text() and "Playing in Discord" not in page.text()
    assert chosen(page) == "1. Jouer sur Discord"
    labels = [str(o["label"]) for o in picker(page)["options"]]
    assert labels[1] == "2. Tours, pendules et joueurs ordinateur" and "6. Les Bestioles" in labels
    assert embed(page)["footer"]["text"] == f"Page 1 sur {len(labels)}"
    assert picker(page)["placeholder"] == "Aller à une page"
    assert [b.get("label") for b in page.buttons()] == ["Suivant ▶"]

    await click(fake, fake.alice, page, "Suivant ▶")
    assert chosen(page) == labels[1] and "`/prévenir`" in page.text()
    assert [b.get("label") for b in page.buttons()] == ["◀ Précédent", "Suivant ▶"]
    await click(fake, fake.alice, page, "◀ Précédent")
    assert chosen(page) == labels[0]

    seen = await every_page(fake, fake.alice, page)
    assert "Lâcher l’Oiseau" in seen[-1] and "Release the Bird" not in "\n".join(seen)
    assert embed(page)["footer"]["text"] == f"Page {len(labels)} sur {len(labels)}"
    assert fake.public_messages(fake.general) == []
    assert fake.take_violations() == []


async def test_each_reader_has_the_rules_in_their_own_language_at_the_same_pages(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Garden Party asked by a French and an English player: each reads their own language, as
    many pages, the same sections on each; the English reader sees what they always did."""
    fake = fake_discord
    fake.bob.locale = FRENCH
    french = await rules_message(fake, fake.bob, "garden_party")
    english = await rules_message(fake, fake.alice, "garden_party")
    assert embed(french)["title"] == "Règles — Garden Party"
    assert embed(english)["title"] == "Rules — Garden Party"
    assert [str(o["label"]) for o in picker(english)["options"]] == [
        "1. Playing in Discord",
        "2. A turn",
        "3. The end",
        "4. Where the rulebook leaves it open",
    ]
    assert [str(o["label"]) for o in picker(french)["options"]] == [
        "1. Jouer sur Discord",
        "2. Un tour",
        "3. La fin",
        "4. Là où la règle du jeu ne tranche pas",
    ]
    assert embed(english)["footer"]["text"] == "Page 1 of 4"
    assert embed(french)["footer"]["text"] == "Page 1 sur 4"
    assert [b.get("label") for b in english.buttons()] == ["Next ▶"]
    french_pages = await every_page(fake, fake.bob, french)
    english_pages = await every_page(fake, fake.alice, english)
    assert "Attila" in french_pages[1] and "Notre création" in french_pages[3]
    assert "Our design" in english_pages[3] and "Notre" not in "\n".join(english_pages)
    assert fake.take_violations() == []


async def test_the_pseudo_locale_reads_every_page_marked_and_within_discords_limits(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """x-pseudo reads each game's English page made pseudo (accented, 40% longer, marked), and
    everything the bot says around it (title, footer, picker, buttons) is marked too: a word that
    skipped the pseudo-locale would show bare, and a page too long for an embed would be refused
    by the fake. Commands stay as the command tree names them (`/play sabotage`)."""
    fake = fake_discord
    fake.carol.locale = PSEUDO
    for game in ("cabbagehead", "sabotage", "garden_party"):
        page = await rules_message(fake, fake.carol, game)
        assert "`/play " in str(embed(page)["description"])
        said = [
            str(embed(page)["title"]),
            str(embed(page)["footer"]["text"]),
            str(picker(page)["placeholder"]),
        ]
        said += [str(b.get("label")) for b in page.buttons()]
        assert all(s.startswith("⟦") and s.endswith("⟧") for s in said), said
        assert words_for(PSEUDO).text(get_game(game).title) in said[0]  # the title from the catalogs too
        pages = await every_page(fake, fake.carol, page)
        labels = [str(o["label"]) for o in picker(page)["options"]]
        for text in [*pages, *labels]:
            bare = unmarked_words(CODE.sub(" ", text), proper_names())
            assert not bare, f"{game}: {bare[:10]} in {text[:200]}"
        await click(fake, fake.carol, page, str(page.buttons()[0]["label"]))
        assert all(str(b.get("label")).startswith("⟦") for b in page.buttons())
    assert fake.take_violations() == []


async def test_a_french_player_jumps_to_the_cabbagehead_evaluation_in_french(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Mr. Cabbagehead's Garden in French: the picker jumps to « Évaluation », which names the
    Garden Club's prize and its ribbons as the French glossary does."""
    fake = fake_discord
    fake.alice.locale = FRENCH
    page = await rules_message(fake, fake.alice, "cabbagehead")
    assert chosen(page) == "1. Jouer sur Discord" and "`/jouer cabbagehead`" in page.text()
    evaluation = next(o for o in picker(page)["options"] if str(o["label"]).endswith(". Évaluation"))
    jumped = await fake.select(fake.alice, page, str(picker(page)["custom_id"]), [str(evaluation["value"])])
    await jumped.wait_answered()
    assert "Prix du Garden Club" in page.text() and "Ruban Bleu" in page.text()
    assert chosen(page) == evaluation["label"]
    assert [b.get("label") for b in page.buttons()] == ["◀ Précédent", "Suivant ▶"]
    assert fake.take_violations() == []
