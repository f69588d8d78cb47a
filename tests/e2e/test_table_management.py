"""End to end: lobbies, boards, threads, ending and rules pages (issue 5, "Sessions" and "Playing")."""

from __future__ import annotations

import pytest

from engine.api import Event
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    boards,
    click,
    host_click,
    offered,
    open_hand,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeInteraction, FakeMessage

PLAY = "play secret-numbers"
GLOBAL_SYNC = "/applications/{application_id}/commands"


async def two_player_board(fake: FakeDiscord, channel: FakeChannel | None = None) -> FakeMessage:
    """Alice opens Secret Numbers, Bob joins, Alice starts: the board."""
    where = channel or fake.general
    lobby = await open_lobby(fake, fake.alice, where, PLAY)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    return board(fake, where)


def ephemeral_answer(interaction: FakeInteraction) -> str:
    """The text of the private answer to `interaction`."""
    original = interaction.original
    assert original is not None and original.ephemeral_to is not None
    return original.text()


async def test_only_the_host_starts_and_a_non_host_cannot_cancel(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY)
    refused = await click(fake, fake.bob, lobby, "Start")
    assert "Only the host" in ephemeral_answer(refused)
    assert "needs exactly 2 players" in ephemeral_answer(await click(fake, fake.alice, lobby, "Start"))
    await click(fake, fake.bob, lobby, "Join")
    assert "Only the host" in ephemeral_answer(await click(fake, fake.bob, lobby, "Start"))
    assert "Only the host" in ephemeral_answer(await click(fake, fake.bob, lobby, "Host options"))
    await host_click(fake, fake.alice, lobby, "Cancel lobby")
    assert "Closed" in lobby.text() and lobby.buttons() == []


async def test_one_game_per_channel_and_many_channels_at_once(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await two_player_board(fake)
    second = await fake.slash(fake.carol, fake.general, PLAY)
    await second.wait_answered()
    assert "already has a game" in ephemeral_answer(second)
    other = await two_player_board(fake, fake.games)
    assert other.channel_id == fake.games.id
    hand = await open_hand(fake, fake.alice, fake.games)
    assert len(offered(hand)) == 2


async def test_board_command_reposts_and_the_old_board_goes(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    old = await two_player_board(fake)
    interaction = await fake.slash(fake.carol, fake.general, "board")
    await interaction.wait_answered()
    await fake.wait_until(lambda: old.deleted, what="the old board to be deleted")
    new = board(fake, fake.general)
    assert new.id != old.id and HAND_LABEL in new.text()
    hand = await open_hand(fake, fake.alice, fake.general)
    await pick(fake, fake.alice, hand, offered(hand)[0][1])
    moved = await wait_for_move(fake, fake.general, 1)
    assert moved.id == new.id  # the new board is the one edited in place


async def test_a_board_older_than_an_hour_is_reposted_not_edited(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Discord refuses edits of old messages (error 30046): the board is posted afresh instead."""
    fake = fake_discord
    old = await two_player_board(fake)
    fake.age_message(old, hours=2, edits_allowed=0)
    hand = await open_hand(fake, fake.alice, fake.general)
    await pick(fake, fake.alice, hand, offered(hand)[0][1])
    new = await wait_for_move(fake, fake.general, 1)
    assert new.id != old.id
    await fake.wait_until(lambda: old.deleted, what="the old board to be deleted")
    assert boards(fake, fake.general) == [new]


async def test_ending_needs_the_host_or_manage_channels(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    board_message = await two_player_board(fake)
    refused = await fake.slash(fake.carol, fake.general, "end")
    await refused.wait_answered()
    assert "Only the host" in ephemeral_answer(refused)
    ended = await fake.slash(fake.carol, fake.general, "end", manage_channels=True)
    await ended.wait_answered()
    await fake.wait_until(lambda: "Ended" in board_message.text(), what="the board to say the game ended")
    assert HAND_LABEL not in board_message.text()
    again = await fake.slash(fake.alice, fake.general, PLAY)
    await again.wait_answered()
    assert again.original is not None and "lobby" in again.original.text()


async def test_a_player_leaving_ends_the_game_cleanly(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    board_message = await two_player_board(fake)
    hand = await open_hand(fake, fake.alice, fake.general)
    left = await fake.slash(fake.bob, fake.general, "leave")
    await left.wait_answered()
    await fake.wait_until(lambda: "left the game" in board_message.text(), what="the board to say who left")
    stale = await fake.click(fake.alice, hand, offered(hand)[0][1].partition(":")[2])
    await stale.wait_answered()
    assert "This game is over." in ephemeral_answer(stale)


async def test_lobbies_expire_even_across_a_restart(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    fake = fake_discord
    bot = await garden_bot.start()
    bot.table.lobbies.lobby_ttl = -1.0  # born expired: the expiry check must close it
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY)
    bot = await garden_bot.restart()
    await bot.router.commands.expire_lobbies()  # what the background task runs every 30 seconds
    await fake.wait_until(lambda: "expired" in lobby.text(), what="the lobby to say it expired")
    assert lobby.buttons() == []
    assert await bot.table.sessions.in_channel(fake.general.id) is None


async def test_a_game_can_get_its_own_thread(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    fake = fake_discord
    interaction = await fake.slash(fake.alice, fake.general, PLAY, {"thread": True})
    await interaction.wait_answered()
    threads = await fake.wait_until(lambda: fake.threads(fake.general), what="a thread")
    thread = threads[0]
    pointer = await fake.wait_until(
        lambda: interaction.original if interaction.original and not interaction.original.loading else None,
        what="the pointer to the thread",
    )
    assert thread.mention in pointer.text() and pointer.ephemeral_to == fake.alice.id
    # Issue 17, "Threads": the channel gets a short public message linking the thread, saying who can join.
    [public] = [m for m in fake.public_messages(fake.general) if thread.mention in m.content]
    assert "anyone here can join" in public.content and public.pinged == []
    lobby = next(m for m in fake.public_messages(thread) if "lobby" in m.text())
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    assert board(fake, thread)
    # The parent channel stays free for another game.
    other = await fake.slash(fake.carol, fake.general, PLAY)
    await other.wait_answered()
    assert other.original is not None and "lobby" in other.original.text()


async def test_rules_are_readable_pages(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    fake = fake_discord
    interaction = await fake.slash(fake.alice, fake.general, "rules", {"game": "secret_number"})
    await interaction.wait_answered()
    text = ephemeral_answer(interaction)
    assert "Secret Numbers" in text and "higher or lower" in text


async def test_commands_are_synced_once_not_on_every_restart(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    await garden_bot.start()
    await garden_bot.restart()
    assert len(fake_discord.calls_to("PUT", GLOBAL_SYNC)) == 1
    names = {c["name"] for c in fake_discord.global_commands}
    assert {"play", "board", "hand", "rules", "help", "end", "leave"} <= names


async def test_an_unexpected_error_is_logged_and_answered_briefly(
    fake_discord: FakeDiscord,
    running_bot: BotRunner,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Never a traceback, never "This interaction failed": a short ephemeral apology, and a log line
    with the context (who, where, what)."""
    fake = fake_discord
    board_message = await two_player_board(fake)
    bot = running_bot.bot
    assert bot is not None

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(bot.router.hands, "show", broken)
    clicked = await click(fake, fake.alice, board_message, HAND_LABEL)
    assert "something went wrong on my side" in ephemeral_answer(clicked)
    assert "disk on fire" not in ephemeral_answer(clicked) and "Traceback" not in ephemeral_answer(clicked)
    command = await fake.slash(fake.alice, fake.general, "hand")
    await command.wait_answered()
    assert "something went wrong on my side" in ephemeral_answer(command)
    logged = [r for r in caplog.records if r.levelname == "ERROR" and r.name == "bot.handlers.errors"]
    assert len(logged) == 2 and f"user {fake.alice.id}" in logged[0].getMessage()


async def test_a_click_the_instant_a_lobby_appears_is_answered(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Buttons are routed by custom id from start-up (bot/handlers/router.py), so a click that arrives before
    the bot has even read back the message it posted is still answered, never "This interaction failed"."""
    fake = fake_discord
    opening = await fake.slash(fake.alice, fake.general, PLAY)
    lobby = await fake.wait_until(lambda: opening.original, what="the lobby message")
    join = await fake.click(fake.bob, lobby, label="Join")
    await join.wait_answered()
    assert "Bob" in lobby.text()


async def test_a_presenter_can_announce_public_events_in_the_channel(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The optional `announcements` hook (Garden Sabotage's "your plot was sabotaged") posts the
    events it picks as a channel message, from public text only, pinging nobody."""
    from bot.presenters.secret_number import PRESENTER

    def announce(events: list[Event], names: list[str]) -> list[str]:
        return [f"📣 {event.line_for(None, names)}" for event in events if event.kind == "guess"]

    monkeypatch.setattr(PRESENTER, "announcements", announce, raising=False)
    fake = fake_discord
    await two_player_board(fake)
    hand = await open_hand(fake, fake.alice, fake.general)
    await pick(fake, fake.alice, hand, offered(hand)[0][1])
    posted = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if m.content.startswith("📣")],
        what="the announcement",
    )
    assert "guessed higher" in posted[0].content and posted[0].pinged == []


async def test_cabbagehead_rules_page_through_without_developer_notes(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    interaction = await fake.slash(fake.alice, fake.general, "rules", {"game": "cabbagehead"})
    await interaction.wait_answered()
    page = interaction.original
    assert page is not None and page.ephemeral_to == fake.alice.id
    seen = [page.text()]
    while any(b.get("label") == "Next ▶" for b in page.buttons()):
        await click(fake, fake.alice, page, "Next ▶")
        seen.append(page.text())
    everything = "\n".join(seen)
    assert len(seen) > 3 and "Two players" in everything and "Playing in Discord" in seen[0]
    assert "Rulings" not in everything and "test_" not in everything
    assert "Code map" not in everything and "engine/cabbagehead" not in seen[0]


async def test_a_click_during_shutdown_is_answered_and_changes_nothing(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await two_player_board(fake)
    hand = await open_hand(fake, fake.alice, fake.general)
    bot = running_bot.bot
    assert bot is not None
    bot.table.closing = True  # what close() sets before it waits for handlers in progress
    clicked = await fake.click(fake.alice, hand, offered(hand)[0][1].partition(":")[2])
    await clicked.wait_answered()
    assert clicked.original is not None and "restarting" in clicked.original.text()
    game = await bot.table.sessions.in_channel(fake.general.id)
    assert game is not None and game.record.version == 0
