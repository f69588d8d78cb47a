"""Issue 32: Mr. Cabbagehead's Garden read in its player's own language, end to end.

A French player plays a whole solo game (Grasshoppers and Romancing Eudora) from their hand, by
clicks only: every hand's garden, drawn row, log lines, choices and the picture's alt text are
French. A player in the pseudo-locale does the same, and every word of every hand is marked (it
came from the catalogs, tests/fake_discord/language_check.py): only names, slot names ("F3") and
numbers may show bare.
"""

from __future__ import annotations

import random
import re

from bot.basics.words import accent
from tests.e2e.table_driver import offered, open_hand, open_lobby, pick, player_to_move, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeUser
from tests.fake_discord.language_check import proper_names, unmarked_words

PLAY = "play cabbagehead"
OPTIONS = {"grasshoppers": True, "eudora": True, "neighbours": "random"}
#: What the English game says in a hand, which a French hand never shows.
ENGLISH_GAME_WORDS = ("Drawn row", "Your garden", " plants the ", "Plant the ", "score now", "Your hand")
#: A slot's name: a column letter and a row number ("F3").
SLOT = re.compile(r"\b[A-Z]\d+\b")


async def play_solo(fake: FakeDiscord, runner: BotRunner, player: FakeUser, seed: int) -> list[str]:
    """A whole solo game played from `player`'s hand: the text of every hand they were shown, at
    each picker step, then every choice's label offered on the way."""
    assert runner.bot is not None
    runner.bot.table.lobbies._seed_source = lambda: seed  # one deal, the same every run
    await open_lobby(fake, player, fake.general, PLAY, OPTIONS)
    rng = random.Random(seed)
    texts: list[str] = []
    labels: list[str] = []
    for move in range(1, 200):
        shown = await wait_for_move(fake, fake.general, move - 1)
        if player_to_move(fake, shown, [player]) is None:
            break
        hand = await open_hand(fake, player, fake.general)
        for _step in range(5):
            texts.append(hand.text())
            choices = offered(hand)
            assert choices, hand.text()
            labels += [label for label, _how in choices]
            actions = [c for c in choices if c[1].rsplit(":", 1)[-1].startswith("a")]
            forward = [c for c in choices if not c[1].endswith(":p0")]
            _label, how = rng.choice(actions or forward)
            await pick(fake, player, hand, how)
            if actions:
                break
    else:
        raise AssertionError("the game did not end")
    # The hand open at the last move is redrawn at the game's end (issue 27 item 8): the end, in it.
    before = texts[-1]
    await fake.wait_until(lambda: hand.text() != before, what="the last hand redrawn at the end")
    texts.append(hand.text())
    assert runner.bot is not None
    assert await runner.bot.store.games_by_status("finished"), "the game ended"
    return [*texts, *sorted(set(labels))]


async def test_a_french_player_reads_the_whole_game_in_french(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.alice.locale = "fr"
    said = "\n".join(await play_solo(fake, running_bot, fake.alice, seed=3))
    for french in ("**Rangée tirée**", "**Votre jardin** — score actuel", "plante la carte"):
        assert french in said, french
    assert re.search(r"Planter la carte|de gauche \(payer 1 Abeille\)|du centre \(gratuit\)", said), said[
        -2000:
    ]
    assert re.search(r"marque -?\d+ points :", said), "the end, in French, in the last hand's log"
    for english in ENGLISH_GAME_WORDS:
        assert english not in said, english
    # The table and its final message are public: in the server's language (English here).
    final = await fake.wait_until(
        lambda: [m.text() for m in fake.public_messages(fake.general) if "final scores" in m.text()],
        what="final scores",
    )
    assert "next to their own kind" in final[0], final


async def test_a_pseudo_locale_player_sees_every_game_text_marked(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.alice.locale = "x-pseudo"
    allowed = {fake.alice.name, fake.alice.name.title(), *proper_names()}
    for text in await play_solo(fake, running_bot, fake.alice, seed=4):
        assert unmarked_words(SLOT.sub(" ", text), allowed) == [], text[:3000]


async def test_a_table_in_the_pseudo_locale_shows_every_game_text_marked(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A server speaking the pseudo-locale: the table (its headline, picture's alt text, log lines
    and the choices played from it) and the final scores with the breakdown are all marked, while
    the player, whose own language is English, plays on the table."""
    fake = fake_discord
    fake.guild.locale = "x-pseudo"
    assert running_bot.bot is not None
    running_bot.bot.table.lobbies._seed_source = lambda: 8  # one deal, the same every run
    await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    rng = random.Random(5)
    texts: list[str] = []
    assert running_bot.bot is not None
    for move in range(1, 200):
        table = await wait_for_move(fake, fake.general, move - 1)
        if await running_bot.bot.store.games_by_status("finished"):
            break
        for _step in range(5):
            texts.append(table.text())
            choices = offered(table)
            texts += [label for label, _how in choices]
            actions = [c for c in choices if c[1].rsplit(":", 1)[-1].startswith("a")]
            forward = [c for c in choices if not c[1].endswith(":p0")]
            assert actions or forward, table.text()
            _label, how = rng.choice(actions or forward)
            await pick(fake, fake.alice, table, how)
            if actions:
                break
    else:
        raise AssertionError("the game did not end")
    final = await fake.wait_until(
        lambda: [m.text() for m in fake.public_messages(fake.general) if accent("final scores") in m.text()],
        what="the final scores",
    )
    assert accent("next to their own kind") in final[0], final[0]  # the breakdown, from the catalogs
    allowed = {fake.alice.name, fake.alice.name.title(), *proper_names()}
    for text in [*texts, *final]:
        assert unmarked_words(SLOT.sub(" ", text), allowed) == [], text[:3000]
