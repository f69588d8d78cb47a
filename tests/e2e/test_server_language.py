"""Issue 32, "who reads what": a public message (the table, notices, the final ranking) is in the
server's language, which `/settings` can change (default: the server's preferred locale if a
catalog speaks it, else English); `/settings` itself answers in the clicker's own language."""

from __future__ import annotations

from typing import Any

from bot.basics.words import accent
from tests.e2e.table_driver import open_lobby
from tests.fake_discord import BotRunner, FakeDiscord, FakeUser

PLAY = "play garden-party"
OPTIONS = {"players": 3}


async def settings(fake: FakeDiscord, user: FakeUser, changes: dict[str, Any]) -> str:
    asked = await fake.slash(user, fake.general, "settings", changes, manage_guild=True)
    await asked.wait_answered()
    answer = await fake.response_message(asked)
    assert answer.ephemeral_to == user.id
    return answer.text()


async def language_of_a_new_game(fake: FakeDiscord, runner: BotRunner) -> str | None:
    """Open a lobby, read the language it was stored with, and end it (one game a channel)."""
    await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    record = await runner.bot.table.store.open_game_in_channel(fake.general.id)
    assert record is not None
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    assert await runner.bot.table.store.open_game_in_channel(fake.general.id) is None
    return record.language


async def test_a_new_game_speaks_the_servers_language_unless_settings_choose_another(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.guild.locale = "fr"
    assert await language_of_a_new_game(fake, running_bot) == "fr", "the server's preferred locale"
    fake.guild.locale = "de"
    assert await language_of_a_new_game(fake, running_bot) == "en", "no German catalog: English"
    said = await settings(fake, fake.carol, {"language": "fr"})
    assert "**Language of new tables**: Français" in said
    assert await language_of_a_new_game(fake, running_bot) == "fr", "the server's choice"
    await running_bot.restart()
    assert await language_of_a_new_game(fake, running_bot) == "fr", "the choice is stored"
    fake.guild.locale = "fr"
    said = await settings(fake, fake.carol, {"language": "auto"})
    assert "automatic, the server's language: Français" in said


async def test_settings_answer_in_the_clickers_own_language(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A French moderator reads the server's defaults in French, every line of them; a pseudo-locale
    one reads each line marked (none skipped the catalogs)."""
    fake = fake_discord
    fake.carol.locale = "fr"
    said = await settings(fake, fake.carol, {"clock": "quick", "pictures": False})
    assert said.splitlines() == [
        "Enregistré. Les réglages de ce serveur sont désormais :",
        "**Pendule** des nouvelles parties : Rapide : 2 min",
        "**Ordinateur pour les tours dont le temps est écoulé** : moyen",
        "**Abandonnée** après 14 jours sans coup",
        "**Images du plateau** : désactivées",
        "**Nouvelles parties dans un fil** : non",
        "**Langue des nouvelles tables** : automatique, la langue du serveur : English",
    ]
    fake.bob.locale = "x-pseudo"
    fake.guild.locale = "x-pseudo"  # a language with no name of its own (the explorer's finding)
    said = await settings(fake, fake.bob, {})
    assert accent("Language of new tables") in said, said
    for line in said.splitlines():
        assert line.startswith("⟦") and line.endswith("⟧"), line


async def test_a_french_lobby_names_its_computer_players_in_french(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A computer seat is stored as "Computer 1 (Hard)" and shown in the table's language."""
    fake = fake_discord
    fake.guild.locale = "fr"
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    [host] = [c for c in lobby.custom_ids() if c.endswith(":host")]
    opened = await fake.click(fake.alice, lobby, host)
    await opened.wait_answered()
    panel = opened.original
    assert panel is not None and panel.ephemeral_to == fake.alice.id
    [add] = [c for c in panel.custom_ids() if c.endswith(":add-strong")]
    added = await fake.click(fake.alice, panel, add)
    await added.wait_answered()
    await fake.wait_until(lambda: "Ordinateur 1 (Difficile)" in lobby.text(), what="the computer in French")
    assert "Computer" not in lobby.text()
