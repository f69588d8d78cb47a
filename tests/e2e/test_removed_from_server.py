"""End to end: an owner removes the bot from the server while games are going, and adds it back.

Nobody there could click the bot's messages any more, yet its games went on: turn clocks ran out,
computers took the seats of people who could not click, and every pass of a table met Discord's
"Missing Access", logged as an error with its traceback. docs/bot.md, "When the bot leaves a
server": a game in progress is held, its clock stopped, until the bot is back, when it goes on
where it was; a lobby is cancelled; a server that never takes the bot back sees its games end as
abandoned after its abandon days.
"""

from __future__ import annotations

import logging
import random
import sqlite3

import pytest

from bot.basics.clock import ManualClock
from tests.e2e.table_driver import click, open_lobby
from tests.e2e.test_clocks import (  # noqa: F401 (quick_computers: the same short computer pause)
    STANDARD,
    both_pause,
    deadlines,
    latest_board,
    notices,
    play_until_turn_of,
    quick_computers,
    time_ran_out,
    turn_clock_running,
    two_player_game,
)
from tests.fake_discord import BotRunner, FakeDiscord


def games(runner: BotRunner) -> list[tuple[str, str | None, float | None]]:
    """Each game's status, end reason and pause, oldest first."""
    connection = sqlite3.connect(runner.data_dir / "garden-club.sqlite3")
    try:
        rows = connection.execute("SELECT status, end_reason, paused_at FROM games ORDER BY id")
        return [(str(s), r, p) for s, r, p in rows]
    finally:
        connection.close()


def errors(runner: BotRunner) -> list[str]:
    return [r.getMessage() for r in runner.log_records if r.levelno >= logging.ERROR]


async def held(fake: FakeDiscord, runner: BotRunner) -> None:
    await fake.wait_until(lambda: any(d[0] == "away" for d in deadlines(runner)), what="the game held")


async def game_held(fake: FakeDiscord, runner: BotRunner, *, paused: bool = False) -> None:
    """Alice and Bob's game, Alice's turn clock running (with `paused`: both agreed to pause it),
    and the bot removed from the server: held."""
    await two_player_game(fake)
    await turn_clock_running(fake, runner, 0)
    if paused:
        await both_pause(fake)
    await fake.remove_bot(fake.guild)
    await held(fake, runner)


async def test_a_game_is_held_while_the_bot_is_out_and_goes_on_when_it_is_back(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await two_player_game(fake)
    await play_until_turn_of(fake, fake.bob, fake.alice, random.Random(3), clocked_bot)
    await turn_clock_running(fake, clocked_bot, 1)
    [told_before] = await fake.wait_until(lambda: notices(fake), what="Bob's turn notice")
    lobby = await open_lobby(fake, fake.carol, fake.games, "play secret-numbers")
    [(_k, _s, due_before, _st)] = [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    left_after = due_before - clock.now()  # to its next step (the half-time reminder)

    await fake.remove_bot(fake.guild)
    await held(fake, clocked_bot)
    clock.advance(3 * 3600)  # far past Alice's turn: nobody can click, so nobody is played for

    [game, lobby_game] = games(clocked_bot)
    assert game[0] == "active" and game[2] is not None, "the game held, its clock stopped"
    assert lobby_game[:2] == ("cancelled", "the bot was removed from the server")
    assert not [m for m in fake.messages.values() if "Time ran out" in m.content]
    with pytest.raises(AssertionError, match="not in that server"):
        await click(fake, fake.bob, lobby, "Join")  # Discord offers none of its buttons there

    await fake.add_bot(fake.guild)
    await fake.wait_until(lambda: games(clocked_bot)[0][2] is None, what="the game going on")
    [(_k, _s, due, _st)] = [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    assert due - clock.now() == pytest.approx(left_after, abs=1.0), "the turn keeps the time it had left"
    [told_again] = await fake.wait_until(
        lambda: [m for m in notices(fake) if m is not told_before], what="Bob told again"
    )
    assert f"<@{fake.bob.id}>" in told_again.text()
    assert "Paused" not in latest_board(fake).text()
    shown = fake.messages[lobby.id]  # it could not be edited while the bot was out: it is now
    await fake.wait_until(lambda: not shown.buttons(), what="the cancelled lobby shown closed")
    assert "Closed:** the bot was removed from the server" in shown.text()
    assert not any(d[0] == "away" for d in deadlines(clocked_bot)), "nothing left to do when back"
    clock.advance(STANDARD + 1)
    await time_ran_out(fake, "Bob")  # the clock runs again
    assert not errors(clocked_bot)


async def test_a_pause_its_players_agreed_stays_when_the_bot_is_back(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await game_held(fake, clocked_bot, paused=True)
    clock.advance(8 * 86400)  # past a pause's week: it waits for the bot

    await fake.add_bot(fake.guild)
    await fake.wait_until(lambda: not any(d[0] == "away" for d in deadlines(clocked_bot)), what="back")
    assert games(clocked_bot)[0][2] is not None, "still paused"
    [(_k, _s, due, _st)] = [d for d in deadlines(clocked_bot) if d[0] == "pause_end"]
    assert due == pytest.approx(clock.now() + 7 * 86400, abs=1.0), "its week starts again"
    resumed = await fake.slash(fake.bob, fake.general, "resume")
    await resumed.wait_answered()
    await fake.wait_until(lambda: "Paused" not in latest_board(fake).text(), what="resumed")


async def test_a_bot_added_back_while_it_was_down_finds_its_games_going_on(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await game_held(fake, clocked_bot)
    await clocked_bot.stop()
    await fake.add_bot(fake.guild)  # while the bot is down: it finds the server at its start
    await clocked_bot.start()

    await fake.wait_until(lambda: games(clocked_bot)[0][2] is None, what="the game going on")
    clock.advance(STANDARD + 1)
    await time_ran_out(fake)


async def test_a_server_that_never_takes_the_bot_back_sees_its_game_end_as_abandoned(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """The abandoned-game check runs on while a game is held (14 days by default); its end is
    shown if the bot ever comes back, and nothing meanwhile is logged as an error."""
    fake = fake_discord
    await game_held(fake, clocked_bot)
    clock.advance(14 * 86400 + 1)
    await fake.wait_until(lambda: games(clocked_bot)[0][0] == "finished", what="the game abandoned")
    assert str(games(clocked_bot)[0][1]).startswith("abandoned")
    assert not errors(clocked_bot)

    await fake.add_bot(fake.guild)
    await fake.wait_until(lambda: "abandoned" in latest_board(fake).text(), what="its end shown")
    table = clocked_bot.bot.table if clocked_bot.bot is not None else None
    assert table is not None
    await fake.wait_until(lambda: not table.sessions.live(), what="the ended game let go")


async def test_a_server_that_removed_the_bot_while_it_was_down_has_its_game_held_at_the_start(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Nobody told the bot: Discord's list of its servers at the connection no longer has it."""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    await clocked_bot.stop()
    await fake.remove_bot(fake.guild)
    await clocked_bot.start()

    await held(fake, clocked_bot)
    clock.advance(3 * 3600)
    await fake.add_bot(fake.guild)
    await fake.wait_until(lambda: games(clocked_bot)[0][2] is None, what="the game going on")
    assert not [m for m in fake.messages.values() if "Time ran out" in m.content], "no turn ran out"
    assert not errors(clocked_bot)
