"""Issue 32: Mr. Cabbagehead's Garden read in its player's own language, end to end.

A French player plays a whole solo game (Grasshoppers and Romancing Eudora) from their hand, by
clicks only: every hand's garden, drawn row, log lines and choices are French. A player in the
pseudo-locale does the same, and every text of the game in the hand is marked (it came from the
catalogs); only names, slot names and numbers may show bare. The platform's own frame of the hand
(its heading, "Choose below.", its footer) is not in the catalogs yet: `PLATFORM_ENGLISH` lists it,
so what remains English is said here, and a game text that skipped the catalogs still fails.
"""

from __future__ import annotations

import random
import re

from tests.e2e.table_driver import offered, open_hand, open_lobby, pick, player_to_move, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeUser

PLAY = "play cabbagehead"
OPTIONS = {"grasshoppers": True, "eudora": True, "neighbours": "random"}
#: The hand's frame, written by the platform (bot/publish/table_layout.py), still in English.
PLATFORM_ENGLISH = (
    re.compile(r"Your hand — Mr\. Cabbagehead's Garden"),
    re.compile(r"Choose below\."),
    re.compile(r"Only you can see this · game #\d+ · move \d+"),
    re.compile(r"\*\*Recent\*\*"),
    re.compile(r"\*\*Choosing:\*\*"),
    re.compile(r"This game is over\."),
)
#: What the English game says in a hand, which a French hand never shows.
ENGLISH_GAME_WORDS = ("Drawn row", "Your garden", " plants the ", "Plant the ", "score now", "Deck ")


def bare_words(text: str, names: tuple[str, ...]) -> list[str]:
    """The words of `text` outside every ⟦…⟧ (the pseudo-locale's marks), once the platform's
    English frame, names, slot names ("F3") and numbers are taken out."""
    for frame in PLATFORM_ENGLISH:
        text = frame.sub(" ", text)
    previous = None
    while previous != text:  # marks nest: a card name inside a log line
        previous = text
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = re.sub(r"\b[A-Z]\d+\b", " ", text)
    for name in names:
        text = text.replace(name, " ")
    return re.findall(r"[^\W\d_]{2,}", text)


async def play_solo(fake: FakeDiscord, runner: BotRunner, player: FakeUser, seed: int) -> list[str]:
    """A whole solo game played from `player`'s hand: the text of every hand they were shown, at
    each picker step, then every choice's label offered on the way."""
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
    names = (fake.alice.name, fake.alice.name.title())
    for text in await play_solo(fake, running_bot, fake.alice, seed=4):
        assert "⟦" in text or len(text) < 6, text
        assert bare_words(text, names) == [], text[:3000]
