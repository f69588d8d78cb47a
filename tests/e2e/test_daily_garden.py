"""The daily garden (issue 18): one deal per server per UTC day, one scored attempt per player,
no spoilers while the day runs, and everything open once it is over (bot/records/daily.py)."""

from __future__ import annotations

import asyncio
import random

from bot.basics.clock import ManualClock
from bot.handlers.history_commands import DAILY_NOT_YET
from bot.handlers.table_commands import DAILY_HIDDEN
from bot.records.daily import SECRET_KEY, daily_seed, day_of, ends_at, options_of
from bot.storage.records import GameRecord
from engine.api import load_state
from engine.registry import get_game
from tests.e2e.table_driver import boards, play_one_decision, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeUser
from tests.fake_discord.model import FakeChannel


async def start_daily(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> None:
    played = await fake.slash(user, channel, "play cabbagehead", {"daily": True})
    await played.wait_answered()


async def record_in(runner: BotRunner, channel: FakeChannel) -> GameRecord:
    position = await runner.bot.table.sessions.in_channel(channel.id)
    assert position is not None
    return position.record


async def play_to_the_end(
    fake: FakeDiscord, runner: BotRunner, user: FakeUser, channel: FakeChannel, seed: int
) -> None:
    """Every decision from the player's own hand (a daily garden's table offers none), until the
    game in `channel` is over."""
    rng = random.Random(seed)
    while (position := await runner.bot.table.sessions.in_channel(channel.id)) is not None:
        move = position.version  # (the session's position moves on with the game: read it now)
        await wait_for_move(fake, channel, move)
        # A board older than an hour (the clock moved past midnight) is posted anew: let it settle.
        await fake.wait_until(lambda: len(boards(fake, channel)) == 1, what="one table")
        await play_one_decision(fake, user, channel, rng)
        await wait_for_move(fake, channel, move + 1)


async def test_one_deal_a_day_one_scored_attempt_and_no_spoilers(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    clock = ManualClock()  # the real time: Discord's own timestamps (a board's age) are real
    day = day_of(clock.now())
    tomorrow = day_of(ends_at(day) + 1)
    elsewhere = fake.add_guild("Another Garden Club")
    other_channel = fake.add_text_channel(elsewhere, "games")
    garden_bot.before_start.append(lambda bot: setattr(bot, "timer", clock))
    await garden_bot.start()

    await start_daily(fake, fake.alice, fake.general)
    await start_daily(fake, fake.bob, fake.games)
    await start_daily(fake, fake.carol, other_channel)
    alice, bob, carol = [await record_in(garden_bot, c) for c in (fake.general, fake.games, other_channel)]
    assert alice.daily == bob.daily == carol.daily == day
    secret = await garden_bot.bot.store.get_meta(SECRET_KEY)
    assert secret is not None, "the bot keeps the secret its daily seeds mix in"
    assert alice.seed == bob.seed == daily_seed(secret, fake.guild.id, day)
    assert carol.seed == daily_seed(secret, elsewhere.id, day) != alice.seed
    assert alice.options == bob.options == carol.options
    game = get_game("cabbagehead")
    assert load_state(game, alice.state) == load_state(game, bob.state), "the same deal on one server"

    table = await wait_for_move(fake, fake.general, 0)
    assert options_of(day).label in table.text() and "points" in table.text()
    forged = await fake.forge_click(fake.bob, table, f"gc:text:{alice.id}")
    assert DAILY_HIDDEN in (await fake.response_message(forged)).text(), "no board as text either"
    assert not table.attachments and not [c for c in table.custom_ids() if c.startswith(("gc:c:", "gc:s:"))]

    await play_to_the_end(fake, garden_bot, fake.alice, fake.general, 1)
    # No spoilers: nothing public ever showed Alice's garden, her drawn cards or her moves.
    for message in fake.public_messages(fake.general):
        for version in message.versions():
            shown = str(version)
            assert "plants the" not in shown and "Drawn row" not in shown and not version["attachments"], (
                shown[:300]
            )
    finals = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "daily garden of" in m.text()],
        what="the daily garden's final message",
    )
    final = finals[0]
    # It names her without a ping: she just made its last move (issue 27 item 7).
    assert "points" in final.text() and "Alice" in final.text() and not final.pinged

    asked = await fake.slash(fake.bob, fake.games, "history replay", {"game": alice.id})
    assert DAILY_NOT_YET in (await fake.response_message(asked)).text(), "no replay before the day ends"
    own = await fake.slash(fake.alice, fake.general, "history replay", {"game": alice.id})
    assert "Replay" in (await fake.response_message(own)).text(), "her own replay is hers"

    # A second daily garden the same day is practice; the board counts the first.
    await start_daily(fake, fake.alice, fake.general)
    again = await record_in(garden_bot, fake.general)
    assert again.seed == alice.seed and not again.daily_scored and alice.daily_scored
    shown = await fake.slash(fake.carol, fake.general, "leaderboard", {"game": "cabbagehead", "daily": True})
    board = (await fake.response_message(shown)).text()
    assert board.count("Alice") == 1 and "points" in board and "Bob" in board and "planting now" in board

    stats = await fake.slash(fake.alice, fake.general, "stats", {})
    assert "1 scored day; streak: 1 in a row" in (await fake.response_message(stats)).text()

    # At 00:00 UTC the day is over: replays open, and the new day deals anew.
    clock.set(ends_at(day) + 1)
    opened = await fake.slash(fake.bob, fake.games, "history replay", {"game": alice.id})
    assert "Replay" in (await fake.response_message(opened)).text()
    await play_to_the_end(fake, garden_bot, fake.alice, fake.general, 2)  # her practice garden ends
    # Kept (history lists it, as practice) but counted nowhere (audit item 1): one garden in her
    # stats, once among the best solo gardens.
    listed = await fake.slash(fake.carol, fake.general, "history list", {})
    assert (
        f"**#{again.id}** Mr. Cabbagehead's Garden · daily garden, practice"
        in (await fake.response_message(listed)).text()
    )
    stats = await fake.slash(fake.alice, fake.general, "stats", {"game": "cabbagehead"})
    assert "(solo)**: 1 garden, best garden" in (await fake.response_message(stats)).text()
    solo = await fake.slash(fake.carol, fake.general, "leaderboard", {"game": "cabbagehead", "solo": True})
    assert (await fake.response_message(solo)).text().count("Alice") == 1
    await start_daily(fake, fake.alice, fake.general)
    wednesday = await record_in(garden_bot, fake.general)
    assert wednesday.daily == tomorrow and wednesday.daily_scored
    assert wednesday.seed == daily_seed(secret, fake.guild.id, tomorrow) != alice.seed


async def test_two_daily_gardens_started_at_once_give_one_scored(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 18 (audit item 2): "One scored attempt per player per day", also for two `/play
    cabbagehead daily:True` at the same moment in two channels: one scored, the other practice."""
    fake = fake_discord
    await garden_bot.start()
    await asyncio.gather(*(start_daily(fake, fake.alice, c) for c in (fake.general, fake.games)))
    records = [await record_in(garden_bot, c) for c in (fake.general, fake.games)]
    assert sorted(r.daily_scored for r in records) == [False, True]
    assert records[0].seed == records[1].seed, "the same deal, scored or not"
