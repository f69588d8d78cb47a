"""Board pictures in Discord (issue 8), through the fake Discord with the real bot.

The public board message carries the board picture as a PNG attachment with its alt text; each
move's edit replaces it; the message text stays a short summary. "My hand" answers with the
player's own picture. A game without pictures keeps its text board and no attachment.
"""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.pictures.text import ALT_MAX
from tests.e2e.table_driver import board, click, open_hand, open_lobby, play_one_decision, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def picture_of(fake: FakeDiscord, message: FakeMessage, filename: str) -> tuple[Image.Image, str, bytes]:
    """The message's one attachment, checked to be `filename`, as (image, description, bytes)."""
    assert len(message.attachments) == 1, f"expected one picture, found {message.attachments}"
    attachment = message.attachments[0]
    assert attachment["filename"] == filename
    data = fake.attachment_bytes(attachment)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image, str(attachment.get("description") or ""), data


async def test_the_board_message_carries_its_picture_and_each_move_replaces_it(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"grasshoppers": True})
    first = await wait_for_move(fake, fake.general, 0)
    image, description, before = picture_of(fake, first, "board.png")
    assert image.format == "PNG" and image.width == 1000 and len(before) < 300 * 1024
    assert description.startswith("Mr. Cabbagehead's Garden board") and len(description) <= ALT_MAX
    summary = first.embeds[0]["description"]
    assert "Round 1" in summary and "```" not in summary, "a short summary, not the text grid"

    await play_one_decision(fake, fake.alice, fake.general, random.Random(3))
    moved = await wait_for_move(fake, fake.general, 1)
    assert moved.id == first.id, "the board is edited in place"
    _image, _description, after = picture_of(fake, moved, "board.png")
    assert after != before, "the edit replaced the picture with the new position"


async def test_my_hand_answers_with_the_players_own_picture(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 2})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await wait_for_move(fake, fake.general, 0)
    picture_of(fake, board(fake, fake.general), "board.png")
    hands = {}
    for user in (fake.alice, fake.bob):
        hand = await open_hand(fake, user, fake.general)
        assert hand.ephemeral_to == user.id
        _image, description, data = picture_of(fake, hand, "hand.png")
        assert description.startswith("Your garden") and len(description) <= ALT_MAX
        hands[user.id] = data
    assert hands[fake.alice.id] != hands[fake.bob.id], "each player sees their own garden"


async def test_a_game_without_pictures_keeps_its_text_board(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, "play secret-numbers", {"turns": 1})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    shown = await wait_for_move(fake, fake.general, 0)
    assert shown.attachments == []
    assert shown.embeds[0].get("description")
