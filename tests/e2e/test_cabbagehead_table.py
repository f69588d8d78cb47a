"""Mr. Cabbagehead's Garden played end to end through the fake Discord (issue 5).

Every game here is played only with commands and clicks, as a person would: `/play cabbagehead`
with the options, then "My hand" and the buttons, menus and two-step pickers it offers. At every
step no card still face down in the deck may show in any message anyone can see (public or anyone's
ephemeral); the end shows every seat's score breakdown.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.registry import get_game
from tests.e2e.table_driver import (
    board,
    click,
    offered,
    open_hand,
    open_lobby,
    pick,
    play_one_decision,
    player_to_move,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeUser

GAME: Any = get_game("cabbagehead")
PLAY = "play cabbagehead"
MAX_DECISIONS = 400


def hidden_card_texts(state: Any) -> set[str]:
    """How each face-down deck card would be written by the presenter (long and short form)."""
    known = set(state.known_in_deck)
    texts = set()
    for card in state.deck:
        if card in known or card >= len(GAME.cards):
            continue
        veg = GAME.cards[card]
        texts.add(f"{veg.name} #{veg.vegetable_number} ")
        texts.add(f"{veg.name[:3]}{veg.vegetable_number:>2}")
    return texts


async def assert_nothing_hidden_shown(fake: FakeDiscord, bot: Any, channel: FakeChannel) -> None:
    snap = await bot.table.sessions.in_channel(channel.id)
    if snap is None or snap.state is None:
        return
    hidden = hidden_card_texts(snap.state)
    for message in fake.messages.values():
        if message.deleted:
            continue
        text = message.text() + " "
        leaked = [h for h in hidden if h in text]
        assert not leaked, f"message {message.id} shows face-down cards {leaked}"


async def play_to_the_end(
    fake: FakeDiscord,
    runner: BotRunner,
    channel: FakeChannel,
    players: list[FakeUser],
    seed: int,
    played: int = 0,
) -> None:
    rng = random.Random(seed)
    bot = runner.bot
    steps: list[int] = []
    for move in range(played + 1, MAX_DECISIONS + 1):
        board = await wait_for_move(fake, channel, move - 1)
        player = player_to_move(fake, board, players)
        if player is None:
            break
        steps.append(await play_one_decision(fake, player, channel, rng))
        if move % 5 == 1:
            await assert_nothing_hidden_shown(fake, bot, channel)
    else:
        raise AssertionError("the game did not end")
    assert move - 1 >= 10 * len(players), f"only {move - 1} decisions: the game cannot be over"
    if not played:
        assert max(steps) >= 2, "a planting among many slots is a two-step picker (card, then slot)"
    final = await fake.wait_until(
        lambda: [m for m in fake.public_messages(channel) if "final scores" in m.text()], what="final scores"
    )
    text = final[0].text()
    for player in players:
        assert player.name.title() in text
    snap = await bot.store.games_by_status("finished")
    assert snap and snap[-1].status == "finished"


SOLO_OPTIONS = [
    pytest.param({}, id="original-neighbours"),
    pytest.param({"neighbours": "new"}, id="new-neighbours"),
    pytest.param({"grasshoppers": True}, id="grasshoppers"),
    pytest.param({"eudora": True}, id="romancing-eudora"),
    pytest.param({"fixed_grid": True, "neighbours": "random"}, id="fixed-grid-random-neighbours"),
    pytest.param(
        {
            "neighbours": "chosen",
            "neighbour_1": "ferwig",
            "neighbour_2": "bernard",
            "neighbour_3": "pomme_frites",
            "neighbour_4": "callahan",
            "grasshoppers": True,
            "eudora": True,
        },
        id="chosen-neighbours-every-expansion",
    ),
]


@pytest.mark.parametrize("options", SOLO_OPTIONS)
async def test_a_solo_game_by_clicks(
    fake_discord: FakeDiscord, running_bot: BotRunner, options: dict[str, Any]
) -> None:
    """A solo game starts at once (no lobby) and is played to its score breakdown."""
    fake = fake_discord
    opened = await open_lobby(fake, fake.alice, fake.general, PLAY, options)
    assert "lobby" not in opened.text() and "Mr. Cabbagehead's Garden" in opened.text()
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=len(str(options)))


async def test_a_two_player_game_by_clicks(fake_discord: FakeDiscord, running_bot: BotRunner) -> None:
    fake = fake_discord
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2, "grasshoppers": True})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice, fake.bob], seed=2)


async def test_eudora_with_two_players_is_refused_kindly(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    interaction = await fake_discord.slash(
        fake_discord.alice, fake_discord.general, PLAY, {"players": 2, "eudora": True}
    )
    await interaction.wait_answered()
    assert interaction.original is not None and "solo expansion" in interaction.original.text()


async def test_a_restart_mid_game_and_old_buttons_still_play(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Stop the bot in the middle of a two-player game and start it on the same database: the hand
    opened before the restart still plays, and the game goes on to its end."""
    fake = fake_discord
    await garden_bot.start()
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2, "neighbours": "new"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    rng = random.Random(5)
    players = [fake.alice, fake.bob]
    for move in range(1, 5):
        board = await wait_for_move(fake, fake.general, move - 1)
        player = player_to_move(fake, board, players)
        assert player is not None
        await play_one_decision(fake, player, fake.general, rng)
    board = await wait_for_move(fake, fake.general, 4)
    player = player_to_move(fake, board, players)
    assert player is not None
    hand = await open_hand(fake, player, fake.general)
    await garden_bot.restart()
    choices = offered(hand)
    assert choices
    _label, how = next((c for c in choices if c[1].rsplit(":", 1)[-1].startswith("a")), choices[0])
    await pick(fake, player, hand, how)
    if not how.rsplit(":", 1)[-1].startswith("a"):  # a picker's first step: now choose the slot
        _label, how = next(c for c in offered(hand) if c[1].rsplit(":", 1)[-1].startswith("a"))
        await pick(fake, player, hand, how)
    await wait_for_move(fake, fake.general, 5)
    await play_to_the_end(fake, garden_bot, fake.general, players, seed=6, played=5)


async def test_moves_made_while_the_start_notice_is_slow_are_published_after_it(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 5, turn notices: a game's publishing is serialised (docs/bot.md), its start included.
    Bob (not the host) moves first; Discord is slow to post his notice and he plays his whole turn
    meanwhile. His moves are answered at once but shown only after the start's notice, so it can
    never land last: it once deleted Alice's notice and left Bob pinged about a finished turn."""
    fake = fake_discord
    bot = running_bot.bot
    assert bot is not None
    bot.table.lobbies._seed_source = lambda: 1  # Cabbagehead seed 1: the second seat moves first
    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"players": 2})
    await click(fake, fake.bob, lobby, "Join")
    release = fake.hold_next("POST", "/channels/{channel_id}/messages")
    await click(fake, fake.alice, lobby, "Start")
    players = [fake.alice, fake.bob]
    assert player_to_move(fake, await wait_for_move(fake, fake.general, 0), players) is fake.bob
    rng, moves = random.Random(1), 0
    while offered(await open_hand(fake, fake.bob, fake.general)):  # his turn, by his own hand
        await play_one_decision(fake, fake.bob, fake.general, rng)
        moves += 1
    assert moves > 0 and "· move 0" in board(fake, fake.general).text(), (
        "nothing of Bob's turn is shown before the start's notice"
    )
    release.set()
    assert player_to_move(fake, await wait_for_move(fake, fake.general, moves), players) is fake.alice

    def pinged_by_notices() -> list[list[int]]:
        return [m.pinged for m in fake.public_messages(fake.general) if "it's your turn" in m.content]

    await fake.wait_until(lambda: pinged_by_notices() == [[fake.alice.id]], what="one turn notice, Alice's")
