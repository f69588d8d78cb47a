"""End to end: a moderator deletes the bot's lobby or table, or a game's whole thread or channel.

The bot is not told of a deleted message (it listens to the guilds' events only), so a lobby or a
game went on holding its channel while nobody could see it: `/play` was refused with "This channel
already has a game" in a channel that showed none. Issue 27: `/play` is never refused because of a
game nobody can see. A game whose thread or channel was deleted stayed in progress for good, its
clocks running and its publishing failing. Both found by the explorer's moderator step
(tests/explorer/bad_days.py).
"""

from __future__ import annotations

import asyncio
import sqlite3

from bot.basics.clock import ManualClock
from tests.e2e.table_driver import board, boards, click, open_hand, open_lobby
from tests.e2e.test_permissions_taken import plant_from
from tests.e2e.test_table_management import two_player_board
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeInteraction

PLAY = "play secret-numbers"


def private_text(interaction: FakeInteraction) -> str:
    original = interaction.original
    assert original is not None and original.ephemeral_to == interaction.user.id, "a private answer"
    return original.text()


def games(runner: BotRunner) -> list[tuple[int, str, str | None]]:
    connection = sqlite3.connect(runner.data_dir / "garden-club.sqlite3")
    try:
        return list(connection.execute("SELECT id, status, end_reason FROM games ORDER BY id"))
    finally:
        connection.close()


async def ended_as_channel_gone(fake: FakeDiscord, runner: BotRunner, what: str) -> None:
    """Wait until the only game is cancelled because its channel was deleted."""
    await fake.wait_until(
        lambda: [(s, why) for _, s, why in games(runner)] == [("cancelled", "its channel was deleted")],
        what=what,
    )


def notices(runner: BotRunner) -> int:
    connection = sqlite3.connect(runner.data_dir / "garden-club.sqlite3")
    try:
        return int(connection.execute("SELECT COUNT(*) FROM notices").fetchone()[0])
    finally:
        connection.close()


async def test_a_lobby_whose_message_was_deleted_gives_way_to_a_new_game(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY)
    await click(fake, fake.bob, lobby, "Join")
    fake.delete_message(lobby)  # a moderator tidies the channel

    again = await fake.slash(fake.carol, fake.general, PLAY)
    await again.wait_answered()

    assert again.original is not None and again.original.ephemeral_to is None, "a new lobby, public"
    assert any(b.get("label") == "Join" for b in again.original.buttons())
    [(old, old_status, why), (new, new_status, _)] = games(running_bot)
    assert (old_status, why) == ("cancelled", "its message was deleted")
    assert new_status == "lobby" and new > old


async def test_a_game_whose_table_was_deleted_is_shown_again_when_play_is_refused(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await two_player_board(fake)
    fake.delete_message(table)

    refused = await fake.slash(fake.carol, fake.general, PLAY)
    await refused.wait_answered()

    said = private_text(refused)
    assert "already has a game, whose table had been deleted: I've posted it again" in said
    again = await fake.wait_until(lambda: boards(fake, fake.general), what="the table posted again")
    assert again[0] is not table and "Secret Numbers" in again[0].text()
    assert [status for _, status, _ in games(running_bot)] == ["active"], "the game goes on, nothing new"


async def test_a_table_still_there_keeps_the_plain_refusal(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Asking Discord finds the table: the refusal is the usual one and nothing is posted."""
    fake = fake_discord
    table = await two_player_board(fake)
    posted = len(fake.public_messages(fake.general))

    refused = await fake.slash(fake.carol, fake.general, PLAY)
    await refused.wait_answered()

    said = private_text(refused)
    assert "already has a game. Finish it" in said and "posted it again" not in said
    assert board(fake, fake.general) is table
    assert len(fake.public_messages(fake.general)) == posted


async def game_in_a_thread(fake: FakeDiscord) -> FakeChannel:
    """Alice opens Secret Numbers in a thread of #general, Bob joins, Alice starts: the thread."""
    interaction = await fake.slash(fake.alice, fake.general, PLAY, {"thread": True})
    await interaction.wait_answered()
    [thread] = await fake.wait_until(lambda: fake.threads(fake.general), what="a thread")
    lobby = await fake.wait_until(
        lambda: next((m for m in fake.public_messages(thread) if "lobby" in m.text()), None), what="a lobby"
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    assert board(fake, thread)
    return thread


async def test_a_game_whose_thread_was_deleted_ends_and_is_let_go(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    thread = await game_in_a_thread(fake)
    await plant_from(fake, fake.alice, await open_hand(fake, fake.alice, thread))  # a move: Bob's turn
    await fake.wait_until(lambda: notices(running_bot) == 1, what="Bob's turn notice stored")
    await fake.delete_channel(thread)

    await ended_as_channel_gone(fake, running_bot, "the game ended")
    assert notices(running_bot) == 0, "its notices went with the thread: none is kept to delete"
    table = running_bot.bot.table
    await fake.wait_until(lambda: not table.sessions.live(), what="its session let go")
    await asyncio.sleep(0.5)  # a pass in flight when the thread went meets "Unknown Channel" and stops
    calls = len(fake.calls)
    await running_bot.restart()  # nothing tries to show it again: it is shown as far as it can be
    assert not [c for c in fake.calls[calls:] if str(thread.id) in c.path], "no call to the deleted thread"
    assert [status for _, status, _ in games(running_bot)] == ["cancelled"]


async def test_a_lobby_whose_channel_was_deleted_is_cancelled(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.games, PLAY)
    await fake.delete_channel(fake.games)
    await ended_as_channel_gone(fake, running_bot, "the lobby cancelled")


async def test_a_deleted_thread_leaves_the_game_of_another_channel_alone(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await two_player_board(fake, fake.games)
    thread = await game_in_a_thread(fake)
    await fake.delete_channel(thread)
    await fake.wait_until(lambda: games(running_bot)[1][1] == "cancelled", what="the thread's game ended")
    assert games(running_bot)[0][1] == "active" and board(fake, fake.games) is table


async def test_a_thread_deleted_while_the_bot_was_away_ends_its_game_when_next_shown(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Discord's event came while the bot was down: the game's turn runs out, and showing it meets
    "Unknown Channel", which ends it, with nothing logged as an error."""
    fake = fake_discord
    options = {"players": 2, "first_player": "host", "clock": "standard", "thread": True}
    interaction = await fake.slash(fake.alice, fake.general, "play cabbagehead", options)
    await interaction.wait_answered()
    [thread] = await fake.wait_until(lambda: fake.threads(fake.general), what="a thread")
    lobby = await fake.wait_until(
        lambda: next((m for m in fake.public_messages(thread) if "Join" in str(m.buttons())), None),
        what="a lobby",
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await fake.wait_until(lambda: boards(fake, thread), what="the table")
    await clocked_bot.stop()
    await fake.delete_channel(thread)
    await clocked_bot.start()

    clock.advance(601)  # past the standard clock's 10 minutes: the turn runs out

    await ended_as_channel_gone(fake, clocked_bot, "the game ended")


async def test_a_thread_deleted_while_its_ended_game_is_shown_lets_the_game_go(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """The game ended (`/end`) and its last pass is under way when the thread goes: Discord's
    event finds no game in progress there, and the pass meets "Unknown Channel". The ended game
    is as shown as it can be: its session is let go, its notices dropped, and a restart shows
    nothing again (found by the explorer, seed 309: the session stayed for the process's life)."""
    fake = fake_discord
    thread = await game_in_a_thread(fake)
    await plant_from(fake, fake.alice, await open_hand(fake, fake.alice, thread))  # a move: Bob's turn
    await fake.wait_until(lambda: notices(running_bot) == 1, what="Bob's turn notice stored")
    edit = fake.hold_next("PATCH", "/channels/{channel_id}/messages/{message_id}")

    ending = await fake.slash(fake.alice, thread, "end")
    await ending.wait_answered()
    await fake.wait_until(lambda: fake.holds_waiting() == 0, what="the last pass editing the table")
    await fake.delete_channel(thread)
    edit.set()

    table = running_bot.bot.table
    await fake.wait_until(lambda: not table.sessions.live(), what="the ended game's session let go")
    assert [(s, why) for _, s, why in games(running_bot)] == [("cancelled", "Alice ended the game")]
    await fake.wait_until(lambda: notices(running_bot) == 0, what="its notices dropped with the thread")
    calls = len(fake.calls)
    await running_bot.restart()
    assert not [c for c in fake.calls[calls:] if str(thread.id) in c.path], "no call to the deleted thread"
