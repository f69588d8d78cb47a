"""Acceptance test for finding 6 of the outside test run: announcements pile up in the channel.

A four-player Garden Sabotage game is played by clicks (tests/e2e/sabotage_driver.py), with
players who sabotage eagerly and never use Pesticide, so Bad Bugs stay and bite empty plots.
"""

from __future__ import annotations

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
