"""Helpers for the acceptance tests of the outside test run's findings (test_findings.py,
test_stale_pictures.py): what a player sees of a game (the board's move number, the answer to a
click), read only through the fake Discord, and the database opened read-only to know whether a
game is open. Nothing here reads the bot's own objects, so the tests survive a rewrite of `bot/`."""

from __future__ import annotations

import logging
import re
import sqlite3
from typing import Any

from tests.e2e.table_driver import (
    HAND_LABEL,
    boards,
    label_on,
    offered,
    open_hand,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser

#: How the bot's apology for an error on its side starts (bot/handlers/errors.py's SORRY).
APOLOGY = "Sorry, something went wrong"
#: Custom ids of a hand's choices: buttons and menus.
CHOICE_ID = re.compile(r"^gc:[cs]:(\d+):(\d+):(\d+):(.+)$")
FOOTER_MOVE = re.compile(r"Game #\d+ · move (\d+)")


def database_rows(runner: BotRunner, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of a query on the bot's database, opened read-only (the fixture's own path)."""
    path = runner.data_dir / "garden-club.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.execute(sql, args))
    finally:
        connection.close()


def open_games(runner: BotRunner) -> list[tuple[int, int, str, int]]:
    """(id, channel, status, version) of every game in a lobby or in progress."""
    return [
        (int(r[0]), int(r[1]), str(r[2]), int(r[3]))
        for r in database_rows(
            runner, "SELECT id, channel_id, status, version FROM games WHERE status IN ('lobby', 'active')"
        )
    ]


def game_version(runner: BotRunner, game_id: int) -> int:
    rows = database_rows(runner, "SELECT version FROM games WHERE id = ?", game_id)
    assert rows, f"no game {game_id} in the database"
    return int(rows[0][0])


def shown_move(message: FakeMessage) -> int | None:
    """The move number a board's footer shows ("Game #g · move n")."""
    found = FOOTER_MOVE.search(message.text())
    if found:
        return int(found.group(1))
    found = re.search(r"\bmove (\d+)\b", message.content or "")
    return int(found.group(1)) if found else None


def live_board(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    found = boards(fake, channel)
    assert len(found) == 1, f"expected one board in #{channel.name}, found {len(found)}"
    return found[0]


def game_of(board: FakeMessage) -> int:
    """The game id a board's "My hand" button carries."""
    ids = [c for c in board.custom_ids() if c.startswith("gc:hand:")]
    assert ids, f"message {board.id} is no board: {board.custom_ids()}"
    return int(ids[0].split(":")[2])


def first_choice(hand: FakeMessage) -> tuple[int, int, int, str]:
    """(game, seat, version, choice) of the first choice a hand offers."""
    for custom_id in hand.custom_ids():
        found = CHOICE_ID.match(custom_id)
        if found:
            return int(found[1]), int(found[2]), int(found[3]), found[4]
    raise AssertionError(f"the hand offers no choice: {hand.custom_ids()}")


async def solo_game(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> FakeMessage:
    """`/play cabbagehead` alone: it starts at once; its board."""
    await open_lobby(fake, user, channel, "play cabbagehead")
    return live_board(fake, channel)


async def hidden_hand_game(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    """A two-player Garden Sabotage (hands hidden: no choices on its table), Alice first; its board."""
    lobby = await open_lobby(fake, fake.alice, channel, "play sabotage", {"first_player": "host"})
    joined = await fake.click(fake.bob, lobby, label="Join")
    await joined.wait_answered()
    started = await fake.click(fake.alice, lobby, label=label_on(lobby, "Start"))
    await started.wait_answered()
    # Publishing settles once the table shows the turn's clock (the server's default: standard).
    await fake.wait_until(lambda: "runs out <t:" in live_board(fake, channel).text(), what="the clock")
    return live_board(fake, channel)


async def answer_of(fake: FakeDiscord, interaction: FakeInteraction) -> FakeMessage:
    """The message the player sees as the bot's answer (for an update: the message clicked)."""
    return await fake.response_message(interaction)


def assert_private_refusal(fake: FakeDiscord, interaction: FakeInteraction, answer: FakeMessage) -> str:
    """The answer is shown to the clicker alone, is no apology, plays nothing; its text."""
    user = interaction.user
    assert answer.ephemeral_to == user.id, (
        f"the answer to {interaction.description} is not private to {user.name}: it is message "
        f"{answer.id} (public: {answer.ephemeral_to is None}): {answer.text()[:300]!r}"
    )
    text = answer.text()
    assert APOLOGY not in text, f"{user.name} was told the bot failed instead of a refusal: {text!r}"
    assert "You played" not in text, f"something was played: {text!r}"
    return text


def bot_errors(runner: BotRunner) -> list[str]:
    """ERROR records the bot itself logged (an unexpected failure, not a player's mistake)."""
    return [
        f"{r.name}: {r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else f"{r.name}: {r.getMessage()}"
        for r in runner.log_records
        if r.name.startswith("bot") and r.levelno >= logging.ERROR
    ]


async def open_hand_with_menu(
    fake: FakeDiscord, user: FakeUser, channel: FakeChannel, rng: Any, max_moves: int = 12
) -> FakeMessage:
    """Play (by clicks) until the player's hand shows a choice menu (a picker's second step);
    returns that hand message."""
    for _ in range(max_moves):
        hand = await open_hand(fake, user, channel)
        for _step in range(4):
            if any(s.get("custom_id", "").startswith("gc:s:") for s in hand.selects()):
                return hand
            choices = offered(hand)
            steps = [c for c in choices if ":g" in c[1]]
            if not steps:
                break
            await pick(fake, user, hand, steps[0][1])
        actions = [c for c in offered(hand) if c[1].rsplit(":", 1)[-1].startswith("a")]
        assert actions, f"nothing to play: {hand.text()[:300]}"
        await pick(fake, user, hand, rng.choice(actions)[1])
        played = shown_move(hand)
        assert played is not None, hand.text()[:300]
        await wait_for_move(fake, channel, played)
    raise AssertionError(f"no menu in {max_moves} moves")


__all__ = [
    "APOLOGY",
    "HAND_LABEL",
    "answer_of",
    "assert_private_refusal",
    "bot_errors",
    "database_rows",
    "first_choice",
    "game_of",
    "game_version",
    "live_board",
    "open_games",
    "open_hand_with_menu",
    "shown_move",
    "solo_game",
]
