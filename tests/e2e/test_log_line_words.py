"""Issue 32: a game's log lines are said in the reader's language wherever they are shown, not only
on the table the publisher draws: on the table `/board` posts again (the game's language, whoever
asks) and in a replay's "Jump to a move" menu (the reader's, as the rest of the replay).

The explorer found the first in the pseudo-locale (seed 71): a table posted by `/board` showed
its log lines in English beside its marked headline, because the sessions' log lines took English
when no language was given. Every caller now says which language. A table posted again after a
restart reads its log back from the store, where the events are kept as templates (issue 31).
"""

from __future__ import annotations

import random
import re

import pytest

from bot.basics.words import PSEUDO
from tests.e2e.table_driver import board, decide_on, open_lobby, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.language_check import proper_names, unmarked_words

PLAY = "play cabbagehead"
MOVES = 3
#: A slot's name ("F3") and a move's number in the jump menu ("2. …"): not words.
SLOT = re.compile(r"\b[A-Z]\d+\b")


def log_lines(table: FakeMessage) -> list[str]:
    """The table's log lines ("• …")."""
    return [line for line in table.text().splitlines() if line.startswith("• ")]


def bare(text: str) -> list[str]:
    return unmarked_words(SLOT.sub(" ", text), {"Alice", "alice", *proper_names()})


async def solo_game_in_the_pseudo_locale(
    fake: FakeDiscord, runner: BotRunner, locale: str = PSEUDO
) -> FakeMessage:
    """Alice's solo game on a pseudo-locale server (or `locale`'s), `MOVES` moves played on its
    table: the table."""
    fake.guild.locale = locale
    assert runner.bot is not None
    runner.bot.table.lobbies._seed_source = lambda: 8  # one deal, the same every run
    await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 1})
    rng = random.Random(3)
    for move in range(MOVES):
        await decide_on(fake, fake.alice, await wait_for_move(fake, fake.general, move), rng)
    return await wait_for_move(fake, fake.general, MOVES)


async def test_a_table_posted_again_by_board_keeps_its_log_in_the_games_language(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await solo_game_in_the_pseudo_locale(fake, running_bot)
    shown = log_lines(table)
    assert shown and all(bare(line) == [] for line in shown), shown
    asked = await fake.slash(fake.carol, fake.general, "board")  # Carol reads English: no matter
    await asked.wait_answered()
    await fake.wait_until(lambda: table.deleted, what="the old table to be deleted")
    again = board(fake, fake.general)
    assert log_lines(again) == shown, again.text()
    assert bare(again.text()) == [], again.text()


async def test_a_replays_jump_menu_lists_the_moves_in_the_readers_language(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await solo_game_in_the_pseudo_locale(fake, running_bot)
    game = int(re.findall(r"#(\d+)", table.text())[-1])
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    fake.bob.locale = PSEUDO
    viewer = await fake.response_message(
        await fake.slash(fake.bob, fake.general, "history replay", {"game": game})
    )
    [menu] = viewer.selects()
    moves = [str(option["label"]).split(". ", 1)[1] for option in menu["options"]]
    assert len(moves) == MOVES + 1, moves
    for line in moves:
        assert bare(line.removesuffix("…")) == [], line


@pytest.mark.parametrize("locale", ["en-US", PSEUDO])
async def test_a_table_posted_again_after_a_restart_reads_its_log_from_the_store_as_before(
    fake_discord: FakeDiscord, running_bot: BotRunner, locale: str
) -> None:
    """A move's events are stored without their written lines, as their templates (issue 31):
    after a restart the table's log is read back from the store, and `/board` shows the lines
    the table showed before it, in the game's language."""
    fake = fake_discord
    table = await solo_game_in_the_pseudo_locale(fake, running_bot, locale)
    shown = log_lines(table)
    await running_bot.restart()
    asked = await fake.slash(fake.carol, fake.general, "board")
    await asked.wait_answered()
    await fake.wait_until(lambda: table.deleted, what="the old table to be deleted")
    again = board(fake, fake.general)
    assert shown and log_lines(again) == shown, again.text()
    assert locale == PSEUDO or any("Alice" in line for line in shown), shown  # named, not "Seat 1"
