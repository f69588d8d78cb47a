"""The daily garden's boards of past days (issue 18: "after the day ends the best garden's replay is
open to everyone"): `/leaderboard cabbagehead daily:True day:…` and the board's day buttons show
any day's board; its **Replay** of the day's best garden is refused, privately and briefly, while
the day runs, and opens for anyone once it is over."""

from __future__ import annotations

from datetime import date, timedelta

from bot.basics.clock import ManualClock
from bot.records.daily import day_of, ends_at
from bot.ui.ids import DailyBoardId
from tests.e2e.findings_driver import assert_private_refusal
from tests.e2e.test_daily_garden import play_to_the_end, record_in, start_daily
from tests.fake_discord import BotRunner, FakeDiscord, FakeInteraction, FakeMessage, FakeUser


def shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


async def daily_board(fake: FakeDiscord, user: FakeUser, **options: object) -> FakeMessage:
    asked = await fake.slash(
        user, fake.general, "leaderboard", {"game": "cabbagehead", "daily": True, **options}
    )
    answer = await fake.response_message(asked)
    assert answer.ephemeral_to == user.id, "a board is private"
    return answer


async def refused(fake: FakeDiscord, interaction: FakeInteraction) -> str:
    text = assert_private_refusal(fake, interaction, await fake.response_message(interaction))
    assert len(text) < 200, f"a refusal is short: {text!r}"
    return text


async def test_a_past_days_board_opens_its_best_gardens_replay_to_everyone(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    clock = ManualClock()
    day = day_of(clock.now())
    garden_bot.before_start.append(lambda bot: setattr(bot, "timer", clock))
    await garden_bot.start()
    store = garden_bot.bot.store

    await start_daily(fake, fake.alice, fake.general)
    await start_daily(fake, fake.bob, fake.games)
    alice, bob = await record_in(garden_bot, fake.general), await record_in(garden_bot, fake.games)
    await play_to_the_end(fake, garden_bot, fake.alice, fake.general, 3)
    await play_to_the_end(fake, garden_bot, fake.bob, fake.games, 4)
    points = {}
    for record in (alice, bob):
        stored = await store.result(record.id)
        assert stored is not None and stored.seats[0].points is not None
        points[record.id] = stored.seats[0].points
    best = max(points, key=lambda game_id: (points[game_id], -game_id))

    # While the day runs: today's board, points only; its best garden's replay is refused to all.
    today = await daily_board(fake, fake.carol)
    assert "Alice" in today.text() and "Bob" in today.text()
    assert f"#{best}" not in today.text(), "no game to look up while the day runs"
    replay_button = today.button(custom_id_prefix=DailyBoardId(day, best=True).text())
    for who in (fake.carol, fake.alice):  # Alice too: the day's best is nobody's to see yet
        if who is fake.alice:
            mine = await daily_board(fake, fake.alice)
            clicked = await fake.click(who, mine, replay_button["custom_id"])
        else:
            clicked = await fake.click(who, today, replay_button["custom_id"])
        assert "when the day ends" in await refused(fake, clicked)
    assert "Replay —" not in today.text(), "the board was not replaced by a replay"
    # Days to come are not shown, nor days that are no day; refused briefly, privately.
    tomorrow = shift(day, 1)
    for asked in ({"day": tomorrow}, {"day": "next week"}):
        slashed = await fake.slash(fake.carol, fake.general, "leaderboard", {"game": "cabbagehead", **asked})
        await refused(fake, slashed)
    forged = await fake.forge_click(fake.carol, today, DailyBoardId(tomorrow, best=True).text())
    assert "hasn't come yet" in await refused(fake, forged)

    # 00:00 UTC: the day is over. The button on the board Carol kept now opens the replay.
    clock.set(ends_at(day) + 1)
    opened = await fake.click(fake.carol, today, replay_button["custom_id"])
    viewer = await fake.response_message(opened)
    assert f"Replay — Mr. Cabbagehead's Garden · game #{best}" in viewer.text()
    assert viewer.ephemeral_to == fake.carol.id

    # The new day's board goes back a day with its button; the past day's board shows every
    # garden's number and opens the best garden's replay for anyone.
    new_day = await daily_board(fake, fake.carol)
    assert "Nobody has planted today's garden yet" in new_day.text()
    back = await fake.click(fake.carol, new_day, label=f"◀ {day}")
    await back.wait_answered()
    past = new_day  # updated in place
    assert f"{day}" in past.text() and f"#{best}" in past.text() and "The day is over" in past.text()
    assert [b["label"] for b in past.buttons()][-2:] == [f"{shift(day, 1)} ▶", "Replay the best garden"]
    for who in (fake.carol, fake.bob):
        board = await daily_board(fake, who, day="yesterday")
        assert board.text() == past.text()
        clicked = await fake.click(who, board, label="Replay the best garden")
        assert f"game #{best}" in (await fake.response_message(clicked)).text()
