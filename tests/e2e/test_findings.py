"""Acceptance tests for the findings of an outside test run (forged clicks, nonsense ids, menus,
missing permissions, server errors, announcements, refusal wording).

Each test asserts what a player relies on, through the fake Discord only: the messages and
ephemerals the bot sends, the board's move number, and (to know whether a game is open) the
database opened read-only. Forged clicks use `fake.forge_click` / `fake.forge_select`, which send
what a modified client can: any custom id or values on any message the user can see.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from bot.basics import channel_messages
from bot.basics.callbacks import retry_pause
from tests.e2e.findings_driver import (
    APOLOGY,
    HAND_LABEL,
    answer_of,
    assert_private_refusal,
    bot_errors,
    first_choice,
    game_of,
    game_version,
    hidden_hand_game,
    live_board,
    open_games,
    open_hand_with_menu,
    shown_move,
    solo_game,
)
from tests.e2e.table_driver import click, offered, open_hand, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeInteraction, FakeMessage
from tests.fake_discord.model import ATTACH_FILES, EMBED_LINKS

#: `forge_click(claimed=True)`: the payload's message also lists the forged component (what the
#: outside run sent); `claimed=False`: the message exactly as Discord stores it.
CLAIMED = [pytest.param(True, id="listed-on-the-message"), pytest.param(False, id="message-as-stored")]


async def forge(
    fake: FakeDiscord, user: Any, message: FakeMessage, custom_id: str, claimed: bool
) -> FakeInteraction:
    """A forged button click (custom id "gc:c:…", "gc:hand:…") or menu choice ("gc:s:…|value")."""
    if custom_id.startswith("gc:s:"):
        menu, _, value = custom_id.partition("|")
        return await fake.forge_select(user, message, menu, [value or "a0"], claimed=claimed)
    return await fake.forge_click(user, message, custom_id, claimed=claimed)


# --- Finding 1: clicks are not checked against where they came from ----------------------------


@pytest.mark.parametrize("claimed", CLAIMED)
@pytest.mark.parametrize("kind", ["button", "menu"])
async def test_a_choice_forged_on_the_games_own_board_is_refused_privately(
    fake_discord: FakeDiscord, running_bot: BotRunner, kind: str, claimed: bool
) -> None:
    """Finding 1: a choice click (`gc:c:…` button or `gc:s:…` menu) sent on the game's public
    board was answered by editing the board: the player's private hand replaced it. A choice
    must come from its seat's own ephemeral hand in the game's channel (in a game with hidden
    hands: issue 17 lets a public-view game's seat to move play from its table); anything else
    gets a short private refusal, the board is not edited and nothing is played."""
    fake = fake_discord
    board = await hidden_hand_game(fake, fake.general)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, choice = first_choice(hand)
    shown_before = board.snapshot()
    forged = (
        f"gc:c:{game}:{seat}:{version}:{choice}" if kind == "button" else f"gc:s:{game}:{seat}:{version}:0|a0"
    )
    interaction = await forge(fake, fake.alice, board, forged, claimed)
    await interaction.wait_answered()
    assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert board.snapshot() == shown_before, "the public board was edited"
    assert not board.deleted and board.custom_ids() == [f"gc:hand:{game}", f"gc:text:{game}"]
    assert shown_move(board) == 0 and game_version(running_bot, game) == 0, "a move was played"


@pytest.mark.parametrize("claimed", CLAIMED)
@pytest.mark.parametrize("target", ["other-board", "own-ephemeral-elsewhere"])
async def test_a_choice_forged_on_a_message_in_another_channel_is_refused_privately(
    fake_discord: FakeDiscord, running_bot: BotRunner, target: str, claimed: bool
) -> None:
    """Finding 1: Alice's choice of her game in #general, sent on a message in #games (Bob's
    board there, or a private answer of her own there), edited that message into her hand. It must
    be refused privately: no message is edited, neither game moves."""
    fake = fake_discord
    alice_board = await solo_game(fake, fake.alice, fake.general)
    bob_board = await solo_game(fake, fake.bob, fake.games)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, choice = first_choice(hand)
    if target == "other-board":
        message = bob_board
    else:
        rules = await fake.slash(fake.alice, fake.games, "help")
        message = await fake.response_message(rules)
        assert message.ephemeral_to == fake.alice.id, "/help answers privately"
    shown = {m.id: m.snapshot() for m in (alice_board, bob_board, message)}
    interaction = await forge(fake, fake.alice, message, f"gc:c:{game}:{seat}:{version}:{choice}", claimed)
    await interaction.wait_answered()
    answer = await answer_of(fake, interaction)
    assert_private_refusal(fake, interaction, answer)
    assert answer.id != bob_board.id
    if answer.id == message.id:  # answered by updating the clicked (private) message: not into a hand
        assert not any(c.startswith(("gc:c:", "gc:s:")) for c in answer.custom_ids())
    for other in (alice_board, bob_board):
        assert other.snapshot() == shown[other.id], f"message {other.id} was edited"
    assert game_version(running_bot, game) == 0 and game_version(running_bot, game_of(bob_board)) == 0
    assert shown_move(alice_board) == 0 and shown_move(bob_board) == 0


@pytest.mark.parametrize("claimed", CLAIMED)
async def test_my_hand_of_another_channels_game_clicked_on_a_message_elsewhere_is_refused(
    fake_discord: FakeDiscord, running_bot: BotRunner, claimed: bool
) -> None:
    """Finding 1: `gc:hand:<game in #general>` clicked on Bob's board in #games. "My hand" is
    allowed only on the game's own board or the player's own hand in the game's channel: here a
    short private refusal, and Bob's board is untouched (no hand of Alice's shown in #games)."""
    fake = fake_discord
    alice_board = await solo_game(fake, fake.alice, fake.general)
    bob_board = await solo_game(fake, fake.bob, fake.games)
    shown = bob_board.snapshot()
    interaction = await forge(fake, fake.alice, bob_board, f"gc:hand:{game_of(alice_board)}", claimed)
    await interaction.wait_answered()
    answer = await answer_of(fake, interaction)
    assert_private_refusal(fake, interaction, answer)
    assert not any(c.startswith(("gc:c:", "gc:s:")) for c in answer.custom_ids()), (
        f"Alice's hand was shown in #games: {answer.text()[:200]!r}"
    )
    assert not answer.text().startswith("Your hand"), answer.text()[:200]
    assert bob_board.snapshot() == shown


# --- Finding 2: ids that match the patterns but carry nonsense ----------------------------------


@pytest.mark.parametrize(
    "where",
    [
        pytest.param("choice", id="choice-a0.5.5-on-own-hand"),
        pytest.param("hand", id="hand-with-40-digits-on-the-board"),
    ],
)
async def test_an_id_with_nonsense_in_it_gets_a_refusal_not_an_apology(
    fake_discord: FakeDiscord, running_bot: BotRunner, where: str
) -> None:
    """Finding 2: `gc:c:<g>:0:<v>:a0.5.5` raised ValueError and `gc:hand:` with 40 digits an
    OverflowError from SQLite: the player saw "Sorry, something went wrong". Required: a short
    private refusal that is not that apology, nothing changes, nothing logged as an error."""
    fake = fake_discord
    board = await solo_game(fake, fake.alice, fake.general)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, _choice = first_choice(hand)
    shown = board.snapshot()
    if where == "choice":
        interaction = await fake.forge_click(fake.alice, hand, f"gc:c:{game}:{seat}:{version}:a0.5.5")
    else:
        interaction = await fake.forge_click(fake.alice, board, "gc:hand:" + "9" * 40)
    await interaction.wait_answered()
    assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert board.snapshot() == shown
    assert game_version(running_bot, game) == 0 and shown_move(board) == 0
    assert bot_errors(running_bot) == [], "the bot logged an error for a player's forged click"


# --- Finding 3: menus accept values never offered -----------------------------------------------


@pytest.mark.parametrize("values", [["a00"], ["a0", "a1"]], ids=["a00", "two-values"])
async def test_a_menu_accepts_exactly_one_offered_value(
    fake_discord: FakeDiscord, running_bot: BotRunner, values: list[str]
) -> None:
    """Finding 3: a menu choice with the value `a00` (never offered), or with two values
    `["a0", "a1"]` (the menu takes one), each played `a0`. Required: exactly one offered value
    is accepted; otherwise a private refusal and nothing played."""
    fake = fake_discord
    await solo_game(fake, fake.alice, fake.general)
    hand = await open_hand_with_menu(fake, fake.alice, fake.general, random.Random(3))
    menu = next(s for s in hand.selects() if s["custom_id"].startswith("gc:s:"))
    game = int(menu["custom_id"].split(":")[2])
    offered_values = [o["value"] for o in menu["options"]]
    assert "a0" in offered_values or values == ["a00"]
    before = game_version(running_bot, game)
    board = live_board(fake, fake.general)
    # Publishing runs in the background: let the board show where the game stands first.
    await fake.wait_until(lambda: shown_move(board) == before, what=f"the board at move {before}")
    shown = board.snapshot()
    interaction = await fake.forge_select(fake.alice, hand, menu["custom_id"], values)
    await interaction.wait_answered()
    assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert game_version(running_bot, game) == before, f"{values} played a move"
    assert board.snapshot() == shown and shown_move(board) == before


# --- Finding 4: no attach files / embed links in the channel ------------------------------------

DENIALS = [
    pytest.param(ATTACH_FILES, id="no-attach-files"),
    pytest.param(EMBED_LINKS, id="no-embed-links"),
    pytest.param(ATTACH_FILES | EMBED_LINKS, id="neither"),
]


def assert_no_empty_thread(fake: FakeDiscord) -> None:
    for thread in fake.threads(fake.general):
        if thread.id in fake.channels:
            assert fake.public_messages(thread), f"the thread {thread.name!r} was left empty"


def public_anywhere(fake: FakeDiscord) -> list[FakeMessage]:
    """Public messages in #general and in its threads still there."""
    places = [fake.general, *[t for t in fake.threads(fake.general) if t.id in fake.channels]]
    return [m for place in places for m in fake.public_messages(place)]


def boards_anywhere(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in public_anywhere(fake) if any(c.startswith("gc:hand:") for c in m.custom_ids())]


def lobbies_anywhere(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in public_anywhere(fake) if any(c.endswith(":join") for c in m.custom_ids())]


async def assert_refused_cleanly(fake: FakeDiscord, runner: BotRunner, interaction: FakeInteraction) -> None:
    answer = await answer_of(fake, interaction)
    assert answer.ephemeral_to == interaction.user.id, f"the refusal is public: {answer.text()!r}"
    assert APOLOGY not in answer.text(), answer.text()
    assert open_games(runner) == [], "a game is open without a board"
    assert_no_empty_thread(fake)


async def play_first_move(fake: FakeDiscord, board: FakeMessage, user: Any) -> None:
    channel = fake.channels[board.channel_id]
    rng = random.Random(1)
    hand = await click(fake, user, board, HAND_LABEL)
    message = hand.original
    assert message is not None and message.ephemeral_to == user.id
    for _ in range(10):  # through pickers and pages, never back (a "Back" first could loop)
        choices = offered(message)
        actions = [c for c in choices if c[1].rsplit(":", 1)[-1].startswith("a")]
        if actions:
            answer = await pick(fake, user, message, rng.choice(actions)[1])
            assert APOLOGY not in (await answer_of(fake, answer)).text()
            break
        forward = [c for c in choices if not c[1].endswith(":p0") and "Back" not in c[0]]
        await pick(fake, user, message, (forward or choices)[0][1])
    else:
        raise AssertionError(f"no move reached in ten picks: {message.text()}")
    await wait_for_move(fake, channel, 1)


@pytest.mark.parametrize("deny", DENIALS)
async def test_a_solo_game_in_a_thread_without_attach_or_embed_rights_has_a_board(
    fake_discord: FakeDiscord, running_bot: BotRunner, deny: int
) -> None:
    """Finding 4: `/play cabbagehead thread:true` where the bot may not attach files (or embed
    links) failed with 403 at the first board post: an empty thread, a game open at move 0 with
    no board. Required: a game never exists without its board: either a board the bot can post
    (text only and/or no thread) and the game plays, or a clear private refusal before anything
    is created; never an empty thread."""
    fake = fake_discord
    fake.restrict_bot(fake.general, deny)
    interaction = await fake.slash(fake.alice, fake.general, "play cabbagehead", {"thread": True})
    await interaction.wait_answered()
    answer = await answer_of(fake, interaction)
    assert APOLOGY not in answer.text(), f"the player was told the bot failed: {answer.text()!r}"
    await fake.wait_until(lambda: not open_games(running_bot) or boards_anywhere(fake), what="a board")
    if not open_games(running_bot):
        await assert_refused_cleanly(fake, running_bot, interaction)
        return
    assert_no_empty_thread(fake)
    found = boards_anywhere(fake)
    assert len(found) == 1, f"one board for the open game, found {len(found)}"
    await play_first_move(fake, found[0], fake.alice)


@pytest.mark.parametrize("deny", DENIALS)
async def test_a_two_player_game_in_a_thread_without_attach_or_embed_rights_is_playable(
    fake_discord: FakeDiscord, running_bot: BotRunner, deny: int
) -> None:
    """Finding 4, two players: the lobby (and then the board) must be something the bot can
    post and edit where the game is, and the first move shows on the board; or the game is
    refused before anything is created. Never an empty thread, never an open game without a
    lobby or board to see."""
    fake = fake_discord
    fake.restrict_bot(fake.general, deny)
    interaction = await fake.slash(
        fake.alice, fake.general, "play cabbagehead", {"players": 2, "first_player": "host", "thread": True}
    )
    await interaction.wait_answered()
    answer = await answer_of(fake, interaction)
    assert APOLOGY not in answer.text(), f"the player was told the bot failed: {answer.text()!r}"
    await fake.wait_until(lambda: not open_games(running_bot) or lobbies_anywhere(fake), what="a lobby")
    if not open_games(running_bot):
        await assert_refused_cleanly(fake, running_bot, interaction)
        return
    assert_no_empty_thread(fake)
    lobby = lobbies_anywhere(fake)
    assert len(lobby) == 1, "one lobby for the open game"
    await click(fake, fake.bob, lobby[0], "Join")
    start = await click(fake, fake.alice, lobby[0], "Start")
    assert APOLOGY not in (await answer_of(fake, start)).text()
    await fake.wait_until(lambda: boards_anywhere(fake), what="the board")
    found = boards_anywhere(fake)
    assert len(found) == 1
    await play_first_move(fake, found[0], fake.alice)
    assert_no_empty_thread(fake)


# --- Finding 5: a run of 500s on message edits -------------------------------------------------

BOARD_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


class _QuickRetries:
    """discord.py's `asyncio`, with its sleeps a hundred times shorter: it sleeps 1 + 2 * try
    seconds between its own five tries on a 500 (25 s per call), which only slows the test down;
    the bot's own retries and their back-off are not touched."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        return await self._real.sleep(delay / 100, result)


@pytest.fixture
def quick_discord_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py's tries on a 500 a hundred times quicker, and the bot's own sender's of a game's
    messages, which tries as discord.py does (bot/basics/channel_messages.py)."""
    import discord.http

    monkeypatch.setattr(discord.http, "asyncio", _QuickRetries(asyncio))
    monkeypatch.setattr(channel_messages, "retry_pause", lambda attempt: retry_pause(attempt) / 100)


def seen_by(fake: FakeDiscord, user: Any) -> str:
    return "\n".join(v for m in fake.messages.values() if fake.audience(m) == user.id for v in [m.text()])


async def secret_numbers(fake: FakeDiscord, turns: int) -> FakeMessage:
    lobby = await open_lobby(fake, fake.alice, fake.general, "play secret-numbers", {"turns": turns})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    return await wait_for_move(fake, fake.general, 0)


def to_move(fake: FakeDiscord, board: FakeMessage) -> Any:
    found = re.search(r"Now: \*\*(\w+)\*\*", board.text())
    assert found, board.text()
    return {"alice": fake.alice, "bob": fake.bob}[found.group(1).lower()]


async def move_through_failing_edits(fake: FakeDiscord, board: FakeMessage, count: int) -> Any:
    """The player to move guesses while the next `count` board edits fail with 500."""
    player = to_move(fake, board)
    hand = await open_hand(fake, player, fake.general)
    fake.fail_next(*BOARD_EDIT, status=500, count=count)
    answer = await pick(fake, player, hand, offered(hand)[0][1])
    message = await answer_of(fake, answer)
    assert message.ephemeral_to == player.id and "You played" in message.text(), message.text()[:300]
    return player


@pytest.mark.usefixtures("quick_discord_retries")
async def test_a_move_is_answered_normally_and_shown_once_discord_recovers(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 5: twelve 500s in a row on message edits reached the click's handler once
    discord.py stopped retrying: the mover was told "something went wrong" (twice) although the
    move was saved, and the board waited for the next move. Required: the mover gets the normal
    answer (their hand saying "You played…") and no apology; publishing retries in the background
    until Discord answers, and then the board shows the move without any further move."""
    fake = fake_discord
    board = await secret_numbers(fake, turns=2)
    mover = await move_through_failing_edits(fake, board, 12)
    await fake.wait_until(
        lambda: fake.failures_left(*BOARD_EDIT) == 0, timeout=12, what="the bot to try the board edit again"
    )
    await fake.wait_until(lambda: shown_move(board) == 1, timeout=12, what="the board to show move 1")
    assert APOLOGY not in seen_by(fake, mover), "the mover was told something went wrong"
    assert [c.status for c in fake.calls_to(*BOARD_EDIT)][-1] == 200


@pytest.mark.usefixtures("quick_discord_retries")
async def test_a_finishing_move_shows_the_final_scores_once_discord_recovers(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 5, the last move: the final board and the final scores must appear once the 500s
    stop, without any further click, and the mover is answered normally."""
    fake = fake_discord
    board = await secret_numbers(fake, turns=1)
    first = to_move(fake, board)
    hand = await open_hand(fake, first, fake.general)
    await pick(fake, first, hand, offered(hand)[0][1])
    board = await wait_for_move(fake, fake.general, 1)
    mover = await move_through_failing_edits(fake, board, 12)
    await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "final scores" in m.text()],
        timeout=12,
        what="the final scores",
    )
    await fake.wait_until(lambda: shown_move(board) == 2, timeout=12, what="the final board")
    assert "Game over" in board.text()
    assert APOLOGY not in seen_by(fake, mover), "the mover was told something went wrong"


# --- Finding 7: refusals that say the wrong thing ----------------------------------------------


async def test_a_choice_never_offered_is_not_called_outdated(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 7: a choice never offered (`a99` at the current version, on the player's own hand)
    was answered "That choice was for an earlier moment of the game". Required: a private
    refusal that does not claim it was outdated; nothing played."""
    fake = fake_discord
    board = await solo_game(fake, fake.alice, fake.general)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, _choice = first_choice(hand)
    interaction = await fake.forge_click(fake.alice, hand, f"gc:c:{game}:{seat}:{version}:a99")
    await interaction.wait_answered()
    text = assert_private_refusal(fake, interaction, await answer_of(fake, interaction))
    assert "earlier moment" not in text and "outdated" not in text.lower(), text[:300]
    assert game_version(running_bot, game) == 0 and shown_move(board) == 0


async def test_a_non_player_gets_one_wording_for_one_reason(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Finding 7: a non-player was told "That menu belongs to another player" in one place and
    "you are not playing in this game" in another. Required: one wording per reason: Carol (not
    playing) pressing My hand on the board and Carol forging a choice click (an action, or a
    picker page) get the same text."""
    fake = fake_discord
    board = await solo_game(fake, fake.alice, fake.general)
    hand = await open_hand(fake, fake.alice, fake.general)
    game, seat, version, choice = first_choice(hand)
    pressed = await click(fake, fake.carol, board, HAND_LABEL)
    refusal = await answer_of(fake, pressed)
    assert refusal.ephemeral_to == fake.carol.id
    expected = refusal.text()
    for forged in (choice, "p0"):
        shown = refusal.snapshot()
        interaction = await fake.forge_click(fake.carol, refusal, f"gc:c:{game}:{seat}:{version}:{forged}")
        await interaction.wait_answered()
        answer = await answer_of(fake, interaction)
        text = assert_private_refusal(fake, interaction, answer)
        assert text == expected, f"{forged}: {text!r} is not {expected!r}"
        if answer.id == refusal.id:
            refusal.history.append(shown)  # keep the comparison to what Carol read first
    assert game_version(running_bot, game) == 0
