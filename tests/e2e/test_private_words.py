"""Issue 32, "who reads what": a private answer is in the clicker's own language (Discord's
`locale` on their interaction), whatever the others at the table speak. Refusals come from the
catalogs, with their `{field}`s filled in; the pseudo-locale shows each one marked, so a refusal
that skipped the catalogs would show bare."""

from __future__ import annotations

from bot.basics.refusals import NOT_A_PLAYER, NOT_YOUR_CHOICES, UNREADABLE
from bot.basics.words import words_for
from tests.e2e.table_driver import click, open_lobby, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

CABBAGEHEAD = "play cabbagehead"
FRENCH, PSEUDO = "fr", "x-pseudo"


def first_choice(table: FakeMessage) -> str:
    ids = (str(b.get("custom_id", "")) for b in table.buttons())
    return next(custom_id for custom_id in ids if custom_id.startswith("gc:c:"))


async def test_each_refused_clicker_reads_the_refusal_in_their_own_language(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Bob (French) clicks Alice's choices, Carol (pseudo-locale) watches and clicks too, Alice
    (English) forges an id: each gets the same refusal a player of their language would, privately."""
    fake = fake_discord
    fake.bob.locale, fake.carol.locale = FRENCH, PSEUDO
    running_bot.bot.table.lobbies._seed_source = lambda: 2
    lobby = await open_lobby(
        fake, fake.alice, fake.general, CABBAGEHEAD, {"players": 2, "first_player": "host"}
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    table = await wait_for_move(fake, fake.general, 0)
    card = first_choice(table)
    french = words_for(FRENCH).text(NOT_YOUR_CHOICES)
    assert french != NOT_YOUR_CHOICES and "tour" in french
    for user, said in (
        (fake.bob, french),
        (fake.carol, words_for(PSEUDO).text(NOT_A_PLAYER)),
    ):
        refused = await fake.click(user, table, card)
        reply = await fake.response_message(refused)
        assert reply.ephemeral_to == user.id
        assert reply.text() == said
    pseudo = words_for(PSEUDO).text(NOT_A_PLAYER)
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧") and len(pseudo) > 1.3 * len(NOT_A_PLAYER)
    forged = await fake.forge_click(fake.alice, table, card.replace("gc:", "xx:"))
    assert (await fake.response_message(forged)).text() == UNREADABLE


async def test_a_refusal_with_fields_keeps_them_in_the_translation(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A French host pressing Start in a Garden Party lobby of one hears, in French, how many
    players it needs and how many joined ({game}, {seats} and {count} filled in)."""
    fake = fake_discord
    fake.alice.locale = FRENCH
    lobby = await open_lobby(fake, fake.alice, fake.general, "play garden-party", {"players": 3})
    start = next(str(b["custom_id"]) for b in lobby.buttons() if str(b["custom_id"]).endswith(":start"))
    refused = await fake.click(fake.alice, lobby, start)
    text = (await fake.response_message(refused)).text()
    assert "demande" in text and "pour commencer" in text, text
    assert "Garden Party" in text and "exactement 3 joueurs" in text and "1 inscrit " in text, text


async def test_help_is_in_the_askers_language_with_the_commands_as_they_see_them(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """/help asked by a French player is French, naming `/jouer`, `/main`, `/réglages` (the
    French command tree); asked by an English one, English; each within one text display."""
    fake = fake_discord
    fake.bob.locale = FRENCH
    french = (await fake.response_message(await fake.slash(fake.bob, fake.general, "help"))).text()
    english = (await fake.response_message(await fake.slash(fake.alice, fake.general, "help"))).text()
    assert "`/jouer <jeu>`" in french and "`/main`" in french and "`/réglages`" in french, french
    assert "Garden Sabotage** — 2–4 joueurs" in french
    assert "`/play <game>`" in english and "joueurs" not in english
