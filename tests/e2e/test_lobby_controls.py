"""The lobby's controls (issue 27 item 13), through the fake Discord: everyone saw nine controls
(Join, Leave, Start, Cancel, three "Add computer player" buttons, a clock menu and a stand-in
menu), Join stayed enabled in a full lobby and Start looked ready before anyone could start. Now
everyone sees Join (disabled when full), Leave, Start (green, "Start (3 of 3)", only once enough
have joined) and "Host options", which opens the host's settings in a private panel."""

from __future__ import annotations

from typing import Any

from tests.e2e.table_driver import click, host_click, host_panel, host_select, open_lobby
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

GREY, GREEN = 2, 3
PLAY = "play garden-party"
OPTIONS = {"players": 3, "clock": "off"}


def button(message: FakeMessage, custom_id_end: str) -> dict[str, Any]:
    [found] = [b for b in message.buttons() if str(b.get("custom_id", "")).endswith(custom_id_end)]
    return found


def labels(message: FakeMessage) -> list[str]:
    return [str(b.get("label")) for b in message.buttons()]


async def test_everyone_sees_four_controls_join_closes_when_full_and_start_shows_ready(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Item 13: four controls for everyone, no host settings; Join disabled once the lobby is full;
    Start grey with the count until enough have joined, then green."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    assert labels(lobby) == ["Join", "Leave", "Start (1 of 3)", "Host options"]
    assert lobby.selects() == [], "the clock and stand-in menus are the host's, not everyone's"
    assert button(lobby, ":start")["style"] == GREY and not button(lobby, ":join")["disabled"]
    await click(fake, fake.bob, lobby, "Join")
    assert button(lobby, ":start")["label"] == "Start (2 of 3)" and button(lobby, ":start")["style"] == GREY
    await click(fake, fake.carol, lobby, "Join")
    assert button(lobby, ":start")["label"] == "Start (3 of 3)"
    assert button(lobby, ":start")["style"] == GREEN, "Start shows that the game can begin"
    assert button(lobby, ":join")["disabled"], "nobody can join a full lobby"
    await click(fake, fake.carol, lobby, "Leave")
    assert not button(lobby, ":join")["disabled"] and button(lobby, ":start")["style"] == GREY


async def test_host_options_open_a_private_panel_whose_changes_show_on_the_lobby(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Item 13: "Host options" gives the host a private panel with the computers, the clock, the
    stand-in and Cancel; what the host changes there shows on the lobby (and the panel) at once;
    someone else pressing it gets a short private refusal."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    refused = await click(fake, fake.bob, lobby, "Host options")
    assert refused.original is not None and refused.original.ephemeral_to == fake.bob.id
    assert "Only the host" in refused.original.text() and "Traceback" not in refused.original.text()
    panel = await host_panel(fake, fake.alice, lobby)
    assert labels(panel) == [
        "Add computer player (Easy)",
        "Add computer player (Medium)",
        "Add computer player (Hard)",
        "Cancel lobby",
    ]
    assert [m["placeholder"] for m in panel.selects()] == ["Clock"], "no stand-in without a clock"
    await click(fake, fake.alice, panel, "Add computer player (Easy)")
    assert "Computer 1 (Easy)" in lobby.text(), "the lobby shows the computer at once"
    assert button(lobby, ":start")["label"] == "Start (2 of 3)"
    await click(fake, fake.alice, panel, "Add computer player (Hard)")
    assert button(lobby, ":join")["disabled"] and button(lobby, ":start")["style"] == GREEN
    assert all(b["disabled"] for b in panel.buttons() if ":add-" in str(b["custom_id"])), "full"
    await host_select(fake, fake.alice, lobby, "clock", "quick")
    assert "Clock: quick" in lobby.text()
    await host_select(fake, fake.alice, lobby, "stand-in", "strong")
    assert "hard computer" in lobby.text()
    await click(fake, fake.alice, lobby, "Start")
    assert "Game #1 · move" in lobby.text() or lobby.buttons(), "the lobby became the table"


async def test_the_host_cancels_from_the_panel_and_a_moderator_may_too(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Item 13: Cancel moved to the panel; a moderator who is not the host still may cancel (their
    panel holds Cancel alone), and a forged host control on the lobby itself changes nothing."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    forged = await fake.forge_click(fake.alice, lobby, "gc:lobby:1:add-random")
    await forged.wait_answered()
    answer = await fake.response_message(forged)
    assert answer.ephemeral_to == fake.alice.id and "Host options" in answer.text()
    assert "Computer" not in lobby.text()
    opened = await fake.click(fake.bob, lobby, label="Host options", manage_channels=True)
    await opened.wait_answered()
    assert opened.original is not None and labels(opened.original) == ["Cancel lobby"]
    cancelled = await fake.click(fake.bob, opened.original, label="Cancel lobby", manage_channels=True)
    await cancelled.wait_answered()
    assert "Closed" in lobby.text() and lobby.buttons() == []
    assert "ended the lobby" in opened.original.text() and opened.original.buttons() == []
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    await host_click(fake, fake.alice, lobby, "Cancel lobby")
    assert "Closed" in lobby.text() and lobby.buttons() == []


async def test_a_join_answered_after_the_start_leaves_the_new_table_alone(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Carol's Join fills the lobby and Alice starts the game before Carol's click is answered
    (a race the explorer found): the lobby message is the game's table by then, so Carol's answer
    must not redraw it as a lobby (Discord refuses an embed on a layout message: a payload
    violation, and the table would be lost). Her click is answered and the table stands."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    await click(fake, fake.bob, lobby, "Join")
    lobbies = running_bot.bot.table.lobbies
    real_join = lobbies.join

    async def join_then_host_starts(game_id: int, user_id: int, name: str) -> Any:
        change = await real_join(game_id, user_id, name)
        await click(fake, fake.alice, lobby, "Start")  # answered before Carol's Join is
        return change

    lobbies.join = join_then_host_starts  # type: ignore[method-assign]
    joined = await click(fake, fake.carol, lobby, "Join")
    assert joined.response is not None
    assert "Game #1 · move" in lobby.text(), "the table is still the table"
    assert not fake.take_violations()


async def test_cancel_lobby_on_a_panel_opened_before_the_start_leaves_the_game_alone(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """The host's panel stays on their screen after the game starts. Its "Cancel lobby" cancels a
    lobby, never a game in progress (`/end` ends one): the explorer (seed 284) found an old panel's
    click ending a game, whose table then kept its buttons and its turn notice for good."""
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, OPTIONS)
    panel = await host_panel(fake, fake.alice, lobby)
    for player in (fake.bob, fake.carol):
        await click(fake, player, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    table = lobby  # the lobby message is the game's table now
    assert "My hand / My turn" in labels(table)

    cancel = await click(fake, fake.alice, panel, "Cancel lobby")

    answer = await fake.response_message(cancel)
    assert answer.ephemeral_to == fake.alice.id and "That game has already started." in answer.text()
    assert running_bot.bot is not None
    record = await running_bot.bot.table.store.get(1)
    assert record is not None and record.status == "active"
    assert "My hand / My turn" in labels(table) and "Ended" not in table.text()
