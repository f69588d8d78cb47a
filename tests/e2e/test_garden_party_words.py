"""Issue 32: Garden Party read in its players' and its server's language, end to end.

Alice and Bob, with a computer (the Easy one), play a whole short game (seven flowers, a three-round
tournament) through the fake Discord, every decision of theirs by clicks on their hands, found by
custom id (labels are translated). Once on a French server with French players: the table, every
hand and its choices, the announcements and the final scores read French (none of the words only
the English says). Once on a pseudo-locale server with pseudo-locale players: every word they
read is marked as a catalog text (tests/fake_discord/language_check.py) but for the players' names
and the games' titles. The pictures are read too: their alt texts, and, every few decisions, the
texts the board's and the hand's pictures draw (the picture shown, drawn again from the game in
the table's and the reader's language, its texts as said: `picture_said`).
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from bot.basics.clock import ManualClock
from bot.basics.words import Words, words_for
from engine.api import reply_seconds
from tests.e2e.garden_party_driver import position_now
from tests.e2e.table_driver import (
    board,
    is_action,
    offered,
    open_hand,
    open_lobby,
    pick,
    picture_said,
    shown_move,
)
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.language_check import proper_names, unmarked_words

PLAY = "play garden-party"
OPTIONS = {"players": 3, "short_game": True, "season_rounds": 3, "clock": "off"}
#: The pictures' drawn texts are read at every so many decisions (a picture drawn again costs).
PICTURES_EVERY = 4
#: Words only the English game says (its lines, labels, board and hand), never a French text.
ENGLISH_ONLY = re.compile(
    r"\b(?:the|and|your|plays|goes|draws|lawn|greenhouse|pavement|sprout|seed|Round|movement|"
    r"Play|Take|Draw|Keep|Water|Exchange|Steal|cards|flowers|flowering|wins|Your)\b"
)


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause: these tests read words, and the bot's own 1.5 s pause was nine tenths
    of their two minutes."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.01)


def shown(message: FakeMessage) -> str:
    """What `message` says, its pictures' alt texts included (the drawn texts are not read)."""
    return message.text()


async def lobby_click(fake: FakeDiscord, user: FakeUser, message: FakeMessage, op: str) -> Any:
    """A lobby's (or its host panel's) button by its operation ("join", "host", "add-random")."""
    found = [b for b in message.buttons() if str(b.get("custom_id", "")).endswith(f":{op}")]
    assert len(found) == 1, [b.get("custom_id") for b in message.buttons()]
    [button] = found
    interaction = await fake.click(user, message, str(button["custom_id"]))
    await interaction.wait_answered()
    return interaction


async def play_a_game(
    fake: FakeDiscord, runner: BotRunner, clock: ManualClock, locale: str, seed: int
) -> list[str]:
    """The whole game in `locale` (the server's and the people's): every text the people were
    shown (the table at each of their decisions, each hand at each picker step, its choices), then
    every public message at the end (announcements, the final scores)."""
    fake.guild.locale = fake.alice.locale = fake.bob.locale = locale
    words = words_for(locale)
    assert runner.bot is not None
    runner.bot.table.lobbies._seed_source = lambda: seed
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    await lobby_click(fake, fake.bob, lobby, "join")
    panel = (await lobby_click(fake, fake.alice, lobby, "host")).original
    await lobby_click(fake, fake.alice, panel, "add-random")
    await lobby_click(fake, fake.alice, lobby, "start")
    people = {fake.alice.id: fake.alice, fake.bob.id: fake.bob}
    rng = random.Random(seed)
    texts: list[str] = []
    loop = asyncio.get_running_loop()
    lapsed = -1
    for decision in range(900):
        deadline = loop.time() + 30.0
        while True:
            position = await position_now(runner, fake.general)
            if position is None or position.record.status != "active":
                break
            to_move = [s for s in position.to_move() if position.record.seats[s].user_id in people]
            mine = [s for s in to_move if not position.only_pass(s)]
            on_table = shown_move(board(fake, fake.general)) == position.version
            if mine and on_table:
                break
            idle = to_move and not mine and position.computer_to_move() is None
            if idle and on_table and position.version != lapsed:  # a window that asks nobody: let it pass
                lapsed = position.version
                clock.advance(reply_seconds(position.game, position.options()) + 1)
            assert loop.time() < deadline, "the game made no progress"
            await asyncio.sleep(0.02)
        if position is None or position.record.status != "active":
            break
        table = board(fake, fake.general)
        texts.append(shown(table))
        seat = rng.choice(mine)
        user = people[position.record.seats[seat].user_id]
        hand = await open_hand(fake, user, fake.general)
        if decision % PICTURES_EVERY == 0:
            texts.append("\n".join(await picture_said(fake, runner, table)))
            texts.append("\n".join(await picture_said(fake, runner, hand, seat, words)))
        await decide(fake, user, hand, rng, words, texts)
    else:
        raise AssertionError("the game did not end")
    finals = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if final_scores(words) in m.text()],
        what="the final scores",
    )
    assert finals
    return [*texts, *(shown(m) for m in fake.public_messages(fake.general))]


def final_scores(words: Words) -> str:
    """The final message's title, in `words`' language, without the game's name."""
    return words.text("{game} — final scores", game="\0").split("\0")[-1]


async def decide(
    fake: FakeDiscord, user: FakeUser, hand: FakeMessage, rng: random.Random, words: Words, texts: list[str]
) -> None:
    """One decision by clicks at random through the hand's pickers ("End my turn" now and then,
    found by its words in the reader's language); every step's text and choices noted."""
    end_turn = words.unfilled("End my turn") or "End my turn"
    for _ in range(6):
        texts.append(shown(hand))
        choices = [c for c in offered(hand) if not c[1].endswith(":p0")]
        texts += [label for label, _how in choices]
        assert choices, hand.text()[:500]
        others = [c for c in choices if c[0] != end_turn]
        pool = others if others and rng.random() >= 0.3 else choices
        moves = [c for c in pool if is_action(c[1])]
        _label, how = rng.choice(moves or pool)
        await pick(fake, user, hand, how)
        if is_action(how):
            return
    raise AssertionError("no move after six picker steps")


async def test_a_french_server_plays_garden_party_in_french(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    fake.checker.spec = None  # Discord's limits are still checked; the schema would cost minutes
    said = await play_a_game(fake, clocked_bot, clock, "fr", seed=32)
    whole = "\n".join(said)
    for french in ("à **", "de jouer", "Lancer le dé", "Vos cartes", "Votre serre", "scores finaux"):
        assert french in whole, french
    # The pictures: the board's and the hand's alt texts, and what they draw.
    for french in (
        "Plateau de Garden Party.",
        "Votre main, Alice.",
        "Le domaine",
        "case centrale",
        "Vos cartes : ",
    ):
        assert french in whole, french
    for text in said:
        found = ENGLISH_ONLY.findall(text)
        assert not found, (found, text[:2000])


async def test_a_pseudo_locale_server_shows_every_garden_party_text_marked(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    fake.checker.spec = None
    said = await play_a_game(fake, clocked_bot, clock, "x-pseudo", seed=33)
    allowed = {"alice", "Alice", "bob", "Bob", *proper_names()}
    for text in said:
        assert unmarked_words(text, allowed) == [], text[:3000]
