"""Acceptance test for finding 6 of the outside test run: announcements pile up in the channel.

A four-player Garden Sabotage game is played by clicks (tests/e2e/sabotage_driver.py), with
players who sabotage eagerly and never use Pesticide, so Bad Bugs stay and bite empty plots.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

import tests.e2e.sabotage_driver as driver
from tests.e2e.findings_driver import database_rows
from tests.e2e.sabotage_driver import start_game
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage

NOTHING_EATEN = "nothing to eat"


def ever(message: FakeMessage, predicate: Any) -> bool:
    return any(predicate(version) for version in message.versions())


def is_announcement(fake: FakeDiscord, message: FakeMessage, channel: FakeChannel) -> bool:
    """A public message of the bot in the game's channel that is neither the board (it has, or
    had, the My hand button), nor a turn notice, nor the lobby, nor the final scores."""
    if message.ephemeral or message.channel_id != channel.id or message.author.id != fake.bot_user.id:
        return False
    if ever(message, lambda v: "gc:hand:" in str(v.get("components")) or ":join" in str(v.get("components"))):
        return False
    if "it's your turn" in (message.content or ""):
        return False
    return not any("final scores" in str(e.get("title", "")) for e in message.embeds)


def standing(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    return [m for m in fake.messages.values() if not m.deleted and is_announcement(fake, m, channel)]


@pytest.fixture
def saboteurs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players who sabotage whenever they can and never clear a Bad Bug."""
    likes = tuple(
        (prefix, 95 if prefix == "Sabotage" else -50 if prefix == "Use Pesticide" else score)
        for prefix, score in driver.LIKES
    )
    monkeypatch.setattr(driver, "LIKES", likes)


@pytest.mark.usefixtures("saboteurs")
async def test_announcements_never_pile_up_and_an_empty_bite_is_not_announced(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Finding 6: a four-player game left eight announcements in the channel, some saying nothing
    happened ("The Caterpillar on alice's plot 1 bites: there was nothing to eat."). Required: a
    bite that ate nothing is never posted as a channel message (a log line on the board is fine),
    and at most one announcement of the game stands undeleted at any time (a new one replaces the
    old, as turn notices are replaced)."""
    fake = fake_discord
    dave = fake.add_user("dave")
    await garden_bot.start()
    players = [fake.alice, fake.bob, fake.carol, dave]
    channel = fake.games
    run = await start_game(
        fake, garden_bot, channel, players, {"first_player": "host", "season_rounds": 6}, seed=5
    )
    posted = 0
    for _turn in range(200):
        if await run.play_turn() is None:
            break
        await fake.wait_until(
            lambda: len(standing(fake, channel)) <= 1,
            timeout=3,
            what=f"at most one announcement standing (now: {[m.content for m in standing(fake, channel)]})",
        )
        posted = max(posted, len([m for m in fake.messages.values() if is_announcement(fake, m, channel)]))
    else:
        raise AssertionError("the game did not end")
    await fake.wait_until(
        lambda: [m for m in fake.public_messages(channel) if "final scores" in m.text()], what="final scores"
    )
    shown = [m for m in fake.messages.values() if ever(m, lambda v: NOTHING_EATEN in str(v))]
    logged = database_rows(garden_bot, "SELECT 1 FROM actions WHERE events LIKE ?", f"%{NOTHING_EATEN}%")
    assert shown or logged, "no bite ate nothing in this game: the test needs one (pick another seed)"
    announced = [
        m.text()
        for m in fake.messages.values()
        if is_announcement(fake, m, channel) and ever(m, lambda v: NOTHING_EATEN in str(v))
    ]
    assert announced == [], f"a bite that ate nothing was announced: {announced}"
    assert posted >= 2, "the game had several announcements (sabotage, bites): the test needs them"
    assert len(standing(fake, channel)) <= 1


def versions(runner: BotRunner, game_id: int) -> tuple[int, int]:
    """The game's stored version and the last version marked shown."""
    [(version, shown)] = database_rows(
        runner, "SELECT version, published_version FROM games WHERE id = ?", game_id
    )
    return int(version), int(shown)


@pytest.mark.usefixtures("saboteurs")
async def test_an_announcement_posted_before_a_crash_is_not_posted_again_after_the_restart(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A turn's moves shown, its announcement posted, and the process killed before the moves
    were marked shown (the marks are written after the messages, and not at once): the restart
    shows the game again, and the announcement, already in the channel, stays where it is instead
    of being deleted and posted again below it (the store keeps which move it told)."""
    fake = fake_discord
    await garden_bot.start()
    channel = fake.games
    run = await start_game(
        fake, garden_bot, channel, [fake.alice, fake.bob], {"first_player": "host"}, seed=5
    )
    for _turn in range(60):
        before, _ = versions(garden_bot, run.game_id)
        earlier = {m.id for m in fake.messages.values() if is_announcement(fake, m, channel)}
        if await run.play_turn() is None:
            raise AssertionError("the game ended before any announcement: pick another seed")
        await fake.wait_until(lambda: len(set(versions(garden_bot, run.game_id))) == 1, what="the turn shown")
        if any(m.id not in earlier for m in standing(fake, channel)):
            break  # this turn's moves posted an announcement
    else:
        raise AssertionError("no announcement in 60 turns: pick another seed")
    [told] = standing(fake, channel)
    announcements = len([m for m in fake.messages.values() if is_announcement(fake, m, channel)])
    # As if the bot had died after the turn's messages, before the moves were marked shown.
    await garden_bot.stop()
    writable = sqlite3.connect(garden_bot.data_dir / "garden-club.sqlite3")
    writable.execute("UPDATE games SET published_version = ? WHERE id = ?", (before, run.game_id))
    writable.commit()
    writable.close()
    await garden_bot.start()
    await fake.wait_until(
        lambda: len(set(versions(garden_bot, run.game_id))) == 1, what="the game shown again"
    )
    assert standing(fake, channel) == [told], "the announcement was posted again after the restart"
    assert len([m for m in fake.messages.values() if is_announcement(fake, m, channel)]) == announcements
