"""Acceptance tests for finding 8 of the outside test run: board pictures that stay stale.

The board's picture carries a text description (its alt text, the attachment's `description`),
which says what the picture shows; these tests read it, and the embed, as a player would.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.e2e.findings_driver import live_board, shown_move, solo_game
from tests.e2e.table_driver import click, open_lobby, play_one_decision, player_to_move, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

#: Wording that says someone is to play: "Now: Alice", "Alice to plant", "Alice's turn".
TO_PLAY = re.compile(r"Now:|\bto (?:play|plant|pass|move|choose|decide)\b|'s turn\b|▶", re.IGNORECASE)


@pytest.fixture(autouse=True)
def computers_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer waits long before its moves, so the board is looked at before it plays."""
    monkeypatch.setattr("bot.handlers.table.COMPUTER_PAUSE", 30.0, raising=False)


def picture_descriptions(board: FakeMessage) -> list[str]:
    """The board picture's alt text, as the attachment and the layout's media gallery give it."""
    shown = [str(a.get("description") or "") for a in board.attachments]
    galleries = [c for c in board.walk() if c.get("type") == 12]
    return shown + [str(i.get("description") or "") for g in galleries for i in g.get("items", [])]


def players_field(board: FakeMessage) -> str:
    for embed in board.embeds:
        for field in embed.get("fields") or []:
            if field.get("name") == "Players":
                return str(field.get("value"))
    return board.text()


async def test_the_board_picture_names_the_computer_that_took_a_leavers_seat(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 8: after `/leave computer:random` handed Bob's seat to a computer in a two-player
    Mr. Cabbagehead's Garden game, the board's picture still showed Bob's name. Required: once
    the handover is published, the picture's description (and the embed) name the computer seat,
    not the leaver."""
    fake = fake_discord
    lobby = await open_lobby(
        fake, fake.alice, fake.general, "play cabbagehead", {"players": 2, "first_player": "host"}
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await play_one_decision(fake, fake.alice, fake.general, random.Random(1))
    board = await wait_for_move(fake, fake.general, 1)
    assert player_to_move(fake, board, [fake.alice, fake.bob]) is fake.alice  # the computer waits
    assert any("Bob" in d for d in picture_descriptions(board)), "the picture names Bob before he leaves"
    left = await fake.slash(fake.bob, fake.general, "leave", {"computer": "random"})
    await left.wait_answered()
    await fake.wait_until(  # 20 s: a loaded CI machine once needed more than 5
        lambda: "Computer" in players_field(live_board(fake, fake.general)), timeout=20, what="the handover"
    )
    board = live_board(fake, fake.general)
    named = re.search(r"Computer \d+ \(\w+\)(, for \w+)?", players_field(board))
    assert named is not None, players_field(board)
    computer = named.group(0)

    def leaver_named(text: str) -> bool:
        return "Bob" in text.replace(computer, "")

    def fresh() -> bool:
        shown = live_board(fake, fake.general)
        descriptions = picture_descriptions(shown)
        return bool(descriptions) and all("Computer" in d and not leaver_named(d) for d in descriptions)

    try:
        await fake.wait_until(fresh, timeout=20, what="the board's picture to name the computer")
    except AssertionError:
        raise AssertionError(
            f"the picture still names the leaver: {picture_descriptions(live_board(fake, fake.general))}"
        ) from None
    board = live_board(fake, fake.general)
    assert not leaver_named(board.text()), f"the board still names Bob: {board.text()[:600]!r}"
    assert shown_move(board) == 1


async def test_an_ended_game_says_nobody_is_to_play(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 8: after `/end`, the greyed board and its picture still said "Now: Alice to plant…".
    Required: neither the board's text nor its picture's description says anyone is to play."""
    fake = fake_discord
    await solo_game(fake, fake.alice, fake.general)
    await play_one_decision(fake, fake.alice, fake.general, random.Random(2))
    board = await wait_for_move(fake, fake.general, 1)
    assert TO_PLAY.search(board.text()), "the board of a game in progress says who is to play"
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    await fake.wait_until(
        lambda: not any(c.startswith("gc:hand:") for c in board.custom_ids()),
        what="the board greyed (no My hand)",
    )
    await fake.wait_until(
        lambda: not TO_PLAY.search(board.text()), timeout=5, what="a board saying nobody plays"
    )
    for description in picture_descriptions(board):
        assert not TO_PLAY.search(description), f"the picture of an ended game says: {description!r}"
