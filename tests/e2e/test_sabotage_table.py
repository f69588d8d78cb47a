"""Garden Sabotage played end to end through the fake Discord (issue 6).

Every game is played only with `/play sabotage`, the lobby buttons, "My hand" and the buttons,
menus and two-step pickers the hand offers. Across each whole game, nothing secret (a card in a
hand, an objective not yet completed, a private log line) reaches a public message or another
player's ephemeral message (`sabotage_driver.leak_report`).
"""

from __future__ import annotations

from typing import Any

from engine.sabotage.cards import OBJECTIVES
from tests.e2e.sabotage_driver import final_scores, play_to_the_end, start_game
from tests.e2e.table_driver import board
from tests.fake_discord import BotRunner, FakeDiscord


async def test_a_three_player_game_by_clicks_asking_for_house_plants(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Three players, first player by house plants (ruling 18), Bird variant: played until someone
    completes 7 objectives and the final round is over, with announcements for sabotage and bites
    and no leak at any time."""
    fake = fake_discord
    players = [fake.alice, fake.bob, fake.carol]
    run = await start_game(
        fake,
        running_bot,
        fake.general,
        players,
        {"players": 3, "bird": True, "first_player": "ask", "season_rounds": 30},
        seed=3,
    )
    opening = board(fake, fake.general)
    assert "how many house plants" in opening.text()
    await play_to_the_end(run)
    await assert_finished_properly(run)
    assert (await run.state()).ended == "final_round"  # someone completed 7 objectives


async def test_a_four_player_game_by_clicks(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    """Four players, a random first player, the normal Bug deck and a season of 12 rounds (an
    option of `/play sabotage`): played to the season's end (ruling 5)."""
    fake = fake_discord
    dave = fake.add_user("dave")
    await garden_bot.start()
    players = [fake.alice, fake.bob, fake.carol, dave]
    run = await start_game(
        fake,
        garden_bot,
        fake.games,
        players,
        {"first_player": "random", "season_rounds": 12},
        seed=4,
    )
    assert "A draw picked" in board(fake, fake.games).text()
    await play_to_the_end(run)
    await assert_finished_properly(run)
    assert (await run.state()).ended == "season"  # the season's last round was played out


async def assert_finished_properly(run: Any) -> None:
    """The end shows every player's objectives, Good Bug bonuses and total, and the winner; the
    sabotage and bite announcements went out publicly, one for each such event."""
    fake, channel = run.fake, run.channel
    state = await run.state()
    assert state.ended is not None
    final = await fake.wait_until(
        lambda: [m for m in fake.public_messages(channel) if "final scores" in m.text()], what="final scores"
    )
    text = final[0].text()
    for player in run.players:
        assert player.name.title() in text
    assert "Winner" in text
    for player in state.players:
        for completed in player.completed:
            assert OBJECTIVES[completed.objective].name in text
        if any(c.good_bug for c in player.completed):
            assert "Good Bug bonus" in text
    if state.ended == "final_round":
        announced = [m for m in fake.public_messages(channel) if "Final round!" in m.text()]
        assert len(announced) == 1 and "7 objectives" in announced[0].text()
    sabotages = bites = 0
    for action in await run.bot.sessions.store.actions(run.game_id):
        for event in action.events:
            sabotages += event["kind"] == "sabotage"
            bites += event["kind"] == "bite"
    said = "\n".join(m.content for m in fake.public_messages(channel) if not m.embeds).splitlines()
    assert sum(line.startswith("🐛 ") and " sabotaged " in line for line in said) == sabotages
    assert sum(line.startswith("🦷 ") and " bites: " in line for line in said) == bites
    assert sabotages + bites > 0
    assert final_scores(fake, channel)
