"""Board pictures in Discord (issue 8), through the fake Discord with the real bot.

The public board message carries the board picture as a PNG attachment with its alt text; each
move's edit replaces it; the message text stays a short summary. "My hand" answers with the
player's own picture. A game without pictures keeps its text board and no attachment.
"""

from __future__ import annotations

import asyncio
import io
import random

from PIL import Image

from bot.app import GardenClubBot
from bot.picture_service import PictureService
from bot.pictures.canvas import WIDTH
from bot.pictures.text import ALT_MAX
from bot.storage import PUBLISHED_FLUSH_SECONDS
from tests.e2e.sabotage_driver import start_game
from tests.e2e.table_driver import (
    board,
    click,
    is_action,
    offered,
    open_hand,
    open_lobby,
    pick,
    play_one_decision,
    player_to_move,
    wait_for_move,
)
from tests.explorer.crash import kill
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.model import readable_text


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
    assert image.format == "PNG" and image.width == WIDTH and len(before) < 300 * 1024
    assert description.startswith("Mr. Cabbagehead's Garden board") and len(description) <= ALT_MAX
    summary = headline(first)
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
    assert headline(shown)


def footer(message: FakeMessage) -> str:
    """The table's footer line "Game #g · move n", with which move an older picture shows (the
    line after it seals the deal)."""
    return message.text_displays()[-1].splitlines()[0]


def headline(message: FakeMessage) -> str:
    """The table's first text: the game, then where it stands (or, without a picture, the text board)."""
    return message.text_displays()[0]


async def wait_for_fresh_picture(fake: FakeDiscord, move: int, what: str) -> None:
    """Until the board shows `move` with its own picture (no "picture shows move N" footer)."""

    def caught_up() -> bool:
        text = footer(board(fake, fake.general))
        return text.endswith(f"· move {move}") and "picture shows" not in text

    await fake.wait_until(caught_up, what=what)


async def solo_game_on_a_thin_budget(
    fake: FakeDiscord, garden_bot: BotRunner
) -> tuple[GardenClubBot, FakeMessage, bytes]:
    """A bot whose picture budget refills at 1 ms a second (so the test decides when there is room)
    and a solo Cabbagehead game at move 0: the bot, the board message, and the picture it opened with."""
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=1))
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    first = await wait_for_move(fake, fake.general, 0)
    return bot, first, picture_of(fake, first, "board.png")[2]


async def test_a_move_while_the_picture_budget_is_spent_keeps_the_old_picture_then_catches_up(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Pictures are paced by PICTURE_BUDGET_MS (docs/bot.md, "Pictures and the CPU"): a move never
    waits for one. Out of budget, the board's text moves on at once and keeps its last picture,
    saying which move it shows; when the budget refills, the board is drawn once, at its latest
    position, however many moves it missed."""
    fake = fake_discord
    bot, first, start_picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    pictures = bot.table.pictures

    pictures.budget.spend(1_000_000)  # spent: the next drawing is about 50 s away at 1 ms/s
    drawn_before = pictures.cache.renders
    rng = random.Random(5)
    for move in (1, 2):
        await play_one_decision(fake, fake.alice, fake.general, rng)
        shown = await wait_for_move(fake, fake.general, move)
        assert shown.id == first.id
        _image, _description, kept = picture_of(fake, shown, "board.png")
        assert kept == start_picture, "the old picture stays while the new one waits"
        assert "picture shows move 0 (updating)" in footer(shown), "and the board says so"
        assert "Round 1" in headline(shown), "the text is the current short summary"
    assert pictures.cache.renders == drawn_before, "nothing drawn out of budget"
    assert bot.table.pictures.waiting and len(bot.table.pictures.waiting) == 1

    pictures.budget.reset()

    await wait_for_fresh_picture(fake, 2, "the waiting board redrawn")
    _image, _description, fresh = picture_of(fake, board(fake, fake.general), "board.png")
    assert fresh != start_picture
    assert pictures.cache.renders == drawn_before + 1, "one drawing: the latest position only"
    assert not bot.table.pictures.waiting


async def test_picture_budget_zero_means_text_boards_and_no_pictures(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """PICTURE_BUDGET_MS=0: a server owner's text-only boards (README, settings)."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    shown = await wait_for_move(fake, fake.general, 0)
    assert shown.attachments == []
    assert "Open: F3" in headline(shown), "the full text board, the garden's slots included"
    hand = await open_hand(fake, fake.alice, fake.general)
    assert hand.attachments == []
    assert bot.table.pictures.cache.renders == 0


async def test_a_public_view_hand_is_not_drawn_out_of_budget(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Mr. Cabbagehead's Garden shows everything on its board (ruling 12): opening "My hand" with
    the budget spent answers with the text alone, since the board picture holds the same garden."""
    fake = fake_discord
    bot, _first, _picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    bot.table.pictures.budget.spend(1_000_000)
    hand = await open_hand(fake, fake.alice, fake.general)
    assert hand.attachments == []
    assert "Alice: plant one of the drawn cards" in hand.text(), "the decision, in the text alone"


async def test_with_room_for_one_picture_a_move_draws_the_board_not_the_public_hand(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A move's answer (the hand) goes out before the board edit. In Mr. Cabbagehead's Garden the
    hand's picture shows the garden the board shows (ruling 12), and everyone sees the board: with
    room in the budget for one picture, the board gets it (docs/bot.md, "Pictures and the CPU")."""
    fake = fake_discord
    bot, _first, _picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    hand = await open_hand(fake, fake.alice, fake.general)
    rng = random.Random(5)
    while not (actions := [how for _label, how in offered(hand) if is_action(how)]):
        steps = [how for label, how in offered(hand) if not how.endswith(":p0") and "Back" not in label]
        await pick(fake, fake.alice, hand, rng.choice(steps))
    budget = bot.table.pictures.budget
    budget.reset()
    budget.spend(budget.level() - 1)  # room for one picture: the next drawing overdraws
    budget.typical_ms = 10.0
    await pick(fake, fake.alice, hand, rng.choice(actions))
    moved = await wait_for_move(fake, fake.general, 1)
    assert "picture shows" not in footer(moved), "the board of the move has its own picture"
    assert hand.attachments == [], "the hand answered with its text alone"


async def test_a_private_hand_opened_out_of_budget_still_shows_its_picture(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A Garden Sabotage hand holds cards nobody else sees: when its owner opens it, it is drawn
    whatever the budget while no board waits for a picture (docs/bot.md, "Pictures and the CPU")."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=1))
    await start_game(fake, garden_bot, fake.general, [fake.alice, fake.bob], {"first_player": "host"}, seed=4)
    bot.table.pictures.budget.spend(1_000_000)
    hand = await open_hand(fake, fake.bob, fake.general)
    picture_of(fake, hand, "hand.png")


async def test_while_boards_wait_for_pictures_a_private_hand_answers_with_its_text(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Private hands are drawn out of budget only while no board waits (docs/bot.md, "Pictures and
    the CPU"): otherwise hands opened at a busy table would spend the budget for good and no board
    would ever be drawn again. The hand's text still names every card; once the waiting board is
    drawn, the hand's picture is back."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=1))
    pictures = bot.table.pictures
    await start_game(fake, garden_bot, fake.general, [fake.alice, fake.bob], {"first_player": "host"}, seed=4)
    pictures.budget.spend(1_000_000)
    await play_one_decision(fake, fake.alice, fake.general, random.Random(4))
    assert "(updating)" in footer(await wait_for_move(fake, fake.general, 1))
    assert len(pictures.waiting) == 1
    hand = await open_hand(fake, fake.bob, fake.general)
    assert hand.attachments == [], "text only while the board waits"
    for part in ("**Your Plants:**", "**Your Bugs:**", "**Your Objectives:**"):
        assert part in hand.text(), "every card of the hand is named in its text"

    pictures.budget.reset()
    await wait_for_fresh_picture(fake, 1, "the waiting board drawn")
    picture_of(fake, await open_hand(fake, fake.bob, fake.general), "hand.png")


async def play_solo_to_its_last_move(fake: FakeDiscord, seed: int) -> None:
    """Alice plays her solo game until the table offers nobody a move (the result may not be out)."""
    rng, move = random.Random(seed), 0
    while (
        mover := player_to_move(fake, await wait_for_move(fake, fake.general, move), [fake.alice])
    ) is not None:
        await play_one_decision(fake, mover, fake.general, rng)
        move += 1


def spent_for_a_while(pictures: PictureService) -> None:
    """The budget spent, its next drawing about two minutes away (at the thin budget's 1 ms a
    second), and a final board given an hour to wait for its picture: one that waits, its turn
    in the queue coming within its wait (the test makes room for it when it wants)."""
    pictures.final_wait = 3600.0
    pictures.budget.spend(pictures.budget.level() + 120.0)


def results_in(fake: FakeDiscord) -> list[FakeMessage]:
    """The channel's result messages (the ranking, with **Play again**)."""
    return [m for m in fake.public_messages(fake.general) if "Play again" in str(m.components)]


async def closed_with_one_result(fake: FakeDiscord, bot: GardenClubBot) -> None:
    """The finished game is forgotten (no session, not in the picture queue), its result posted
    once, and not again once any "shown" mark would have been written."""
    await fake.wait_until(
        lambda: not bot.table.pictures.waiting and not bot.table.sessions.live(),
        what="nothing kept for a finished game",
    )
    await asyncio.sleep(PUBLISHED_FLUSH_SECONDS * 2)
    assert len(results_in(fake)) == 1


def message_of(fake: FakeDiscord, first: FakeMessage) -> FakeMessage:
    """The board message as it stands now."""
    [message] = [m for m in fake.public_messages(fake.general) if m.id == first.id]
    return message


async def test_a_game_finished_out_of_budget_waits_its_turn_for_its_final_picture_then_its_result(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A finished game's final board is paced by the picture budget like any board (docs/bot.md,
    "Pictures and the CPU"; issue 31): the last move is answered at once with the final table and
    the old picture ("updating"); the result waits with the picture, which is drawn when the
    budget has room; then the result is posted, once, and the picture queue forgets the game."""
    fake = fake_discord
    bot, first, start_picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    pictures = bot.table.pictures
    spent_for_a_while(pictures)
    drawn = pictures.budget.drawn
    await play_solo_to_its_last_move(fake, seed=11)
    last_move = footer(message_of(fake, first))
    assert "(updating)" in last_move, "the last move answered with the picture the board had"
    waiting_line = headline(message_of(fake, first)).splitlines()[-1]
    assert waiting_line == "🏁 **Game over** — the final picture and the ranking follow shortly.", (
        "the table says what is still to come, not a ranking below that is not there yet"
    )
    await asyncio.sleep(0.5)
    assert not results_in(fake) and bot.table.sessions.live(), "the result waits with the picture"
    assert pictures.budget.drawn == drawn, "no picture drawn out of the spent budget"

    pictures.budget.reset()
    await fake.wait_until(lambda: len(results_in(fake)) == 1, what="the result, after the picture")
    final_board = message_of(fake, first)
    assert "picture shows" not in footer(final_board)
    assert headline(final_board).endswith("the ranking is in the message below."), "and now it is"
    _image, _description, final_picture = picture_of(fake, final_board, "board.png")
    assert final_picture != start_picture
    *_, answered, pictured = [readable_text(v).splitlines()[-1] for v in final_board.versions()]
    assert answered.startswith(footer(final_board) + " · picture shows"), "the last move answered first"
    assert "(updating)" in answered and pictured == footer(final_board)
    await closed_with_one_result(fake, bot)


async def test_a_final_picture_whose_turn_comes_too_late_is_not_waited_for(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """The owner's picture budget holds when many games end at once, and no result waits in vain:
    a final board whose turn in the picture queue would come after `final_wait` (10 s) is not
    waited for. The last move is answered at once with the complete text board in place of the
    old picture, and the result is posted (docs/bot.md, "Pictures and the CPU"). The wait's own
    end is tested with the queue's loop (tests/bot/test_waiting_finals.py)."""
    fake = fake_discord
    bot, first, _start_picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    pictures = bot.table.pictures
    pictures.budget.spend(1_000_000)  # the next drawing is days away at 1 ms a second
    drawn = pictures.budget.drawn
    await play_solo_to_its_last_move(fake, seed=12)
    final_board = message_of(fake, first)
    assert final_board.attachments == [], "the old picture removed: it is not the final garden"
    assert "**Drawn row**" in headline(final_board), "the complete text board in its place"
    assert "picture shows" not in footer(final_board), "answered so, not with the old picture"
    assert not any("follow shortly" in readable_text(v) for v in final_board.versions()), "never waiting"
    await fake.wait_until(lambda: len(results_in(fake)) == 1, what="the result, without a picture")
    assert headline(message_of(fake, first)).endswith("— the ranking is in the message below.")
    assert "Play again" in str(results_in(fake)[0].components)
    assert pictures.budget.drawn == drawn, "the budget held: no final picture drawn out of it"
    await closed_with_one_result(fake, bot)


async def test_a_bot_killed_before_the_final_picture_shows_the_end_once_after_its_restart(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A finished game waiting for its final picture is not marked shown: only the pass that
    shows the picture (or the text board) and posts the result does that (issue 31). A bot killed
    while the game waits is not left with a board "updating" for good: after the restart the
    final board gets its picture and the result is posted, once."""
    fake = fake_discord
    bot, first, _start_picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    spent_for_a_while(bot.table.pictures)
    await play_solo_to_its_last_move(fake, seed=11)
    assert "(updating)" in footer(message_of(fake, first)) and not results_in(fake)
    await asyncio.sleep(PUBLISHED_FLUSH_SECONDS * 3)  # any "shown" mark would be written by now
    await kill(garden_bot)
    await garden_bot.start(garden_bot.settings(picture_budget_ms=25))
    await fake.wait_until(lambda: len(results_in(fake)) == 1, what="the result")
    final_board = message_of(fake, first)
    assert "picture shows" not in footer(final_board)
    picture_of(fake, final_board, "board.png")
    await asyncio.sleep(PUBLISHED_FLUSH_SECONDS * 2)
    assert len(results_in(fake)) == 1


async def test_a_board_still_waiting_for_its_picture_at_a_restart_gets_it_after(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Which boards wait for a picture is known only in memory, so a restart would leave a quiet
    game's board saying "picture shows move 0 (updating)" for good. After a restart every board of
    a game in progress is queued for a fresh picture (paced by the budget): nothing stays stuck."""
    fake = fake_discord
    bot, _first, start_picture = await solo_game_on_a_thin_budget(fake, garden_bot)
    bot.table.pictures.budget.spend(1_000_000)
    await play_one_decision(fake, fake.alice, fake.general, random.Random(5))
    waiting = await wait_for_move(fake, fake.general, 1)
    assert "picture shows move 0 (updating)" in footer(waiting)

    await garden_bot.restart(settings=garden_bot.settings(picture_budget_ms=25))

    await wait_for_fresh_picture(fake, 1, "the board that waited across the restart, redrawn")
    _image, _description, fresh = picture_of(fake, board(fake, fake.general), "board.png")
    assert fresh != start_picture


async def test_a_final_board_without_any_picture_says_where_the_ranking_is_once_its_wait_ends(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A game whose board never had a picture (the budget spent since its start) waits for its
    final picture like any; when that wait ends without one, the result is posted and the table
    no longer says the picture and the ranking "follow shortly": it says the ranking is below."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=1))
    pictures = bot.table.pictures
    spent_for_a_while(pictures)
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    first = await wait_for_move(fake, fake.general, 0)
    assert first.attachments == [], "no picture from the start: the text board"
    rng, move = random.Random(11), 0
    while "Game over" not in headline(message_of(fake, first)):  # Alice alone, always to move
        await play_one_decision(fake, fake.alice, fake.general, rng)
        move += 1
        await wait_for_move(fake, fake.general, move)
    assert headline(message_of(fake, first)).endswith("follow shortly.")
    pictures.final_wait = 0.2  # the wait ends now
    await fake.wait_until(lambda: len(results_in(fake)) == 1, what="the result, without a picture")
    await fake.wait_until(
        lambda: headline(message_of(fake, first)).endswith("— the ranking is in the message below."),
        what="the table pointing to the ranking",
    )
    await closed_with_one_result(fake, bot)
