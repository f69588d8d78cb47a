"""`/stats` and `/leaderboard` (issue 18) through the fake Discord: private answers, **Share in
channel**, ratings best first with pages, the best solo gardens per option set, and short private
refusals for forged or misplaced clicks."""

from __future__ import annotations

import re

import aiosqlite
import pytest

from tests.e2e.findings_driver import assert_private_refusal
from tests.e2e.table_driver import click, open_lobby
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.e2e.test_game_ends import finals, finished_two_player_game
from tests.fake_discord import BotRunner, FakeDiscord, FakeInteraction, FakeMessage


async def private_answer(fake: FakeDiscord, interaction: FakeInteraction) -> FakeMessage:
    await interaction.wait_answered()
    answer = await fake.response_message(interaction)
    assert answer.ephemeral_to == interaction.user.id, "the answer is private"
    return answer


async def test_stats_are_private_and_shared_in_the_channel_on_request(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    final = await finished_two_player_game(fake)
    winner = fake.alice if "🏆 **Alice**" in final.text() else fake.bob
    asked = await fake.slash(fake.carol, fake.general, "stats", {"user": winner})
    answer = await private_answer(fake, asked)
    text = answer.text()
    assert f"<@{winner.id}>" in text and "1 game, 1 won (100%)" in text and "rating 1" in text
    assert "Recent form" in text and "🏆 won" in text
    public_before = len(fake.public_messages(fake.general))
    shared = await fake.click(fake.carol, answer, label="Share in channel")
    await shared.wait_answered()
    posted = fake.public_messages(fake.general)
    assert len(posted) == public_before + 1
    assert "1 game, 1 won (100%)" in posted[-1].text() and "Shared by Carol" in posted[-1].text()
    assert posted[-1].pinged == [], "sharing stats pings nobody"
    nothing = await fake.slash(fake.carol, fake.general, "stats", {"game": "secret_number"})
    assert "No finished games yet." in (await private_answer(fake, nothing)).text()


async def test_the_leaderboard_ranks_the_winner_first_and_pages_within_limits(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    final = await finished_two_player_game(fake)
    winner, loser = ("Alice", "Bob") if "🏆 **Alice**" in final.text() else ("Bob", "Alice")
    shared = final.text().count("🏆") == 2
    board = await private_answer(
        fake, await fake.slash(fake.alice, fake.general, "leaderboard", {"game": "secret_number"})
    )
    text = board.text()
    # One number a player (issue 27 item 10); a shared win leaves equal ratings, shown as a tie.
    second = 1 if shared else 2
    assert text.index(f"1. **{winner}** — ") < text.index(f"{second}. **{loser}** — "), text
    assert re.search(rf"1\. \*\*{winner}\*\* — \d{{3,4}} · 1 game\n", text), text
    assert board.buttons() == [], "one page: no buttons"
    # Twelve more rated players on this server: two pages.
    async with aiosqlite.connect(running_bot.data_dir / "garden-club.sqlite3") as db:
        for n in range(12):
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, ordinal, games, updated_at) "
                "VALUES (?, 'secret_number', ?, ?, ?, 3.0, ?, 5, 0)",
                (fake.general.guild_id, 1000 + n, f"Player{n}", 20.0 + n, 20.0 + n - 9.0),
            )
        await db.commit()
    first = await private_answer(
        fake, await fake.slash(fake.alice, fake.general, "leaderboard", {"game": "secret_number"})
    )
    assert "1. **Player11**" in first.text() and "Page 1 of 2" in first.text()
    assert [b["label"] for b in first.buttons()] == ["Next ▶"]
    await click(fake, fake.alice, first, "Next ▶")
    assert "Page 2 of 2" in first.text() and "11. **" in first.text()
    assert [b["label"] for b in first.buttons()] == ["◀ Previous"]
    solo = await private_answer(
        fake,
        await fake.slash(fake.alice, fake.general, "leaderboard", {"game": "secret_number", "solo": True}),
    )
    assert "no solo games" in solo.text()


async def test_a_solo_garden_counts_in_stats_and_the_best_gardens(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=4)
    [final] = finals(fake)
    [record] = await running_bot.bot.store.games_by_status("finished")
    stored = await running_bot.bot.store.result(record.id)
    assert stored is not None
    points = stored.seats[0].points
    said = "1 point" if points == 1 else f"{points} points"  # the deal is the bot's: any score
    stats = await private_answer(
        fake, await fake.slash(fake.alice, fake.general, "stats", {"game": "cabbagehead"})
    )
    assert f"1 garden, best garden {said}," in stats.text() and "ribbons earned" in stats.text()
    best = await private_answer(
        fake, await fake.slash(fake.bob, fake.general, "leaderboard", {"game": "cabbagehead", "solo": True})
    )
    assert f"1. **Alice** — {said}" in best.text() and "Options: " in best.text()
    ratings = await private_answer(
        fake, await fake.slash(fake.bob, fake.general, "leaderboard", {"game": "cabbagehead"})
    )
    assert "Nobody has a rating here yet" in ratings.text()
    assert final is not None


@pytest.mark.parametrize(
    "custom_id",
    [
        "gc:share:stats:0:all",
        "gc:share:stats:12:chess",
        "gc:share:stats:99999999999999999999:all",
        "gc:share:other:12:all",
        "gc:lb:secret_number:1000",
        "gc:lb:secret_number:0:XYZ",
        "gc:lb:chess:0",
    ],
)
async def test_forged_or_misplaced_stats_clicks_are_refused_privately(
    fake_discord: FakeDiscord, running_bot: BotRunner, custom_id: str
) -> None:
    fake = fake_discord
    final = await finished_two_player_game(fake)
    shown_before = final.snapshot()
    forged = await fake.forge_click(fake.carol, final, custom_id)
    await forged.wait_answered()
    text = assert_private_refusal(fake, forged, await fake.response_message(forged))
    assert len(text) < 200
    assert final.snapshot() == shown_before


async def test_a_real_share_id_on_a_public_message_is_refused(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Claimed on a public message (the id valid), a share or a page is not posted or turned."""
    fake = fake_discord
    final = await finished_two_player_game(fake)
    public_before = len(fake.public_messages(fake.general))
    for custom_id in (f"gc:share:stats:{fake.alice.id}:all", "gc:lb:secret_number:0"):
        forged = await fake.forge_click(fake.carol, final, custom_id)
        await forged.wait_answered()
        text = assert_private_refusal(fake, forged, await fake.response_message(forged))
        assert "doesn't belong here" in text
    menu = await fake.forge_select(fake.carol, final, "gc:lb:cabbagehead", ["0123456789"])
    await menu.wait_answered()
    assert_private_refusal(fake, menu, await fake.response_message(menu))
    assert len(fake.public_messages(fake.general)) == public_before


async def test_the_leaderboard_shows_one_number_a_player_and_equal_ratings_share_a_place(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 10: the leaderboard showed "μ 25.0, σ 8.2" and "1000 + 40 × (μ − 3σ)" and
    ranked equal ratings 1, 2, 3. Now each player has one number, and equal ratings share a place
    (1, 1, 3), also across a page's edge (the eleventh ties with the tenth)."""
    fake = fake_discord
    ratings = [30.0, 30.0, 28.0] + [26.0 - n for n in range(6)] + [19.0, 19.0]  # 10th and 11th tie
    async with aiosqlite.connect(running_bot.data_dir / "garden-club.sqlite3") as db:
        for n, mu in enumerate(ratings):
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, ordinal, games, updated_at) "
                "VALUES (?, 'secret_number', ?, ?, ?, 3.0, ?, 4, 0)",
                (fake.general.guild_id, 2000 + n, f"Player{n}", mu, mu - 9.0),
            )
        await db.commit()
    first = await private_answer(
        fake, await fake.slash(fake.alice, fake.general, "leaderboard", {"game": "secret_number"})
    )
    text = first.text()
    assert "μ" not in text and "σ" not in text and "1000 + 40" not in text, text
    places = re.findall(r"^(\d+)\. \*\*Player\d+\*\* — (\d+) · 4 games$", text, re.MULTILINE)
    assert [int(p) for p, _ in places[:4]] == [1, 1, 3, 4], text
    assert places[0][1] == places[1][1] == str(1000 + 40 * 21), "the one number: the shown rating"
    assert int(places[9][0]) == 10
    await click(fake, fake.alice, first, "Next ▶")
    assert re.search(r"^10\. \*\*Player10\*\* — ", first.text(), re.MULTILINE), first.text()
