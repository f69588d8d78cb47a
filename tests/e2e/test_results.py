"""Results that last (issue 18), through the fake Discord: a finished game stores its result and
moves its players' ratings once, in the finishing move's transaction, so a crash between that
move and its final message never stores or rates it twice; an unrated game says why; a game
ended early is recorded as such and rates nobody."""

from __future__ import annotations

import random

import aiosqlite
import pytest

from bot.basics.clock import ManualClock
from tests.e2e.table_driver import (
    click,
    open_lobby,
    play_one_decision,
    shown_move,
    wait_for_move,
)
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.e2e.test_clocks import deadlines, latest_board
from tests.e2e.test_game_ends import finals, finished_two_player_game
from tests.e2e.test_secret_numbers_table import started_game
from tests.fake_discord import BotRunner, FakeDiscord


async def counts(runner: BotRunner) -> tuple[int, int, list[int]]:
    """Results stored, rating changes stored, and each rating's count of games."""
    async with aiosqlite.connect(runner.data_dir / "garden-club.sqlite3") as db:
        async with db.execute("SELECT COUNT(*) FROM results") as cur:
            (results,) = await cur.fetchone() or (0,)
        async with db.execute("SELECT COUNT(*) FROM rating_changes") as cur:
            (changes,) = await cur.fetchone() or (0,)
        async with db.execute("SELECT games FROM ratings ORDER BY user_id") as cur:
            games = [int(row[0]) for row in await cur.fetchall()]
    return int(results), int(changes), games


async def test_a_finished_game_keeps_its_result_and_rates_its_players_once(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    bot = await garden_bot.start()
    final = await finished_two_player_game(fake)
    [game_id] = [g.id for g in await bot.store.games_by_status("finished")]
    stored = await bot.store.result(game_id)
    assert stored is not None and stored.rated and stored.outcome == "completed"
    assert stored.guild_id == fake.general.guild_id and stored.moves == 4
    assert sorted(s.user_id or 0 for s in stored.seats) == sorted([fake.alice.id, fake.bob.id])
    assert all(s.points is not None and s.lines and s.place for s in stored.seats)
    assert stored.winners and all(stored.seats[w].place == 1 for w in stored.winners)
    assert "Ratings: " in final.text() and "(+" in final.text()
    assert await counts(garden_bot) == (1, 2, [1, 1])

    # As if the bot had died right after the final move's transaction, before its messages: the
    # final message is gone and the game's last version is not marked shown.
    await garden_bot.stop()
    fake.delete_message(final)
    db = await aiosqlite.connect(garden_bot.data_dir / "garden-club.sqlite3")
    await db.execute("UPDATE games SET published_version = version - 1 WHERE id = ?", (game_id,))
    await db.commit()
    await db.close()
    await garden_bot.start()
    [again] = await fake.wait_until(
        lambda: [m for m in finals(fake) if not m.deleted], what="the final message, posted after the restart"
    )
    assert await counts(garden_bot) == (1, 2, [1, 1]), "stored and rated once, not again"
    ratings_line = [line for line in again.text().splitlines() if line.startswith("Ratings: ")]
    assert ratings_line and ratings_line == [
        line for line in final.text().splitlines() if line.startswith("Ratings: ")
    ], "the restarted bot shows the same rating change"


async def test_a_game_ended_by_its_host_is_recorded_as_ended_and_rates_nobody(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await started_game(fake)
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    [record] = await running_bot.bot.store.games_by_status("cancelled")
    stored = await running_bot.bot.store.result(record.id)
    assert stored is not None and stored.status == "cancelled" and stored.outcome == "ended"
    assert not stored.rated and stored.unrated_reason == "it was ended before its end"
    assert stored.end_reason == "Alice ended the game" and all(s.points is None for s in stored.seats)
    assert await counts(running_bot) == (1, 0, [])


async def test_a_lobby_that_never_started_leaves_no_result(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play secret-numbers", {"turns": 2})
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    assert await counts(running_bot) == (0, 0, [])


async def test_a_solo_game_says_it_is_not_rated_and_keeps_its_ribbon(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=4)
    [final] = finals(fake)
    assert "Not rated: solo games rank best gardens instead." in final.text()
    [record] = await running_bot.bot.store.games_by_status("finished")
    stored = await running_bot.bot.store.result(record.id)
    assert stored is not None and stored.solo and not stored.rated
    [seat] = stored.seats
    assert seat.user_id == fake.alice.id and seat.place == 1 and seat.points is not None
    assert (seat.award is not None) == ("Ribbon:" in final.text())
    assert await counts(running_bot) == (1, 0, [])


@pytest.fixture
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause for the computer (the bot's own is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


async def duel(fake: FakeDiscord, clock: str = "off") -> None:
    """Alice opens a two-player Mr. Cabbagehead's Garden, Bob joins, Alice starts."""
    lobby = await open_lobby(
        fake,
        fake.alice,
        fake.general,
        "play cabbagehead",
        {"players": 2, "first_player": "host", "clock": clock},
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await wait_for_move(fake, fake.general, 0)


async def test_an_abandoned_game_keeps_its_standing_scores_and_is_not_rated(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await duel(fake)
    bot = clocked_bot.bot
    assert bot is not None
    await fake.wait_until(
        lambda: any(d[0] == "abandon" for d in deadlines(clocked_bot)), what="the check armed"
    )
    clock.advance(14 * 86400 + 1)
    [final] = await fake.wait_until(lambda: finals(fake), what="the scores as they stood")
    assert "Not rated: it was abandoned." in final.text()
    [record] = await bot.store.games_by_status("finished")
    stored = await bot.store.result(record.id)
    assert stored is not None and stored.outcome == "abandoned" and stored.status == "finished"
    assert all(s.points is not None and s.place for s in stored.seats)
    assert await counts(clocked_bot) == (1, 0, [])


@pytest.mark.usefixtures("quick_computers")
async def test_a_game_a_computer_finished_for_a_leaver_counts_for_nobodys_rating(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await duel(fake)
    left = await fake.slash(fake.bob, fake.general, "leave", {"computer": "random"})
    await left.wait_answered()
    rng = random.Random(5)
    for _ in range(400):
        shown = latest_board(fake)
        if "Game over" in shown.text():
            break
        before = shown_move(shown)
        # The headline's "Now:" (the picture's description below it may lag a move behind).
        if shown.text().partition("Now: ")[2].startswith(("Alice ", "**Alice**")):
            await play_one_decision(fake, fake.alice, fake.general, rng)
        await fake.wait_until(
            lambda: (
                shown_move(latest_board(fake)) > before  # noqa: B023
                or "Game over" in latest_board(fake).text()
            ),
            timeout=15.0,
            what="the next move",
        )
    [final] = await fake.wait_until(lambda: finals(fake), what="the final scores")
    assert "Not rated: a computer took over Bob's seat." in final.text()
    [record] = await running_bot.bot.store.games_by_status("finished")
    stored = await running_bot.bot.store.result(record.id)
    assert stored is not None and not stored.rated
    assert (
        stored.seats[1].user_id == fake.bob.id
        and stored.seats[1].taken_over
        and stored.seats[1].name == "Bob"
    )
    assert await counts(running_bot) == (1, 0, [])
