"""How a game ends at the table (issue 17, "Ends"): one final message that mentions every person
who played once, ranks the seats with their points (the winner first, the tie-break said), says
"ribbon" in solo play, and offers **Play again**: the same seats and options in a new lobby."""

from __future__ import annotations

from tests.e2e.table_driver import click, offered, open_hand, open_lobby, pick, wait_for_move
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.e2e.test_secret_numbers_table import player_to_move, started_game
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def finals(fake: FakeDiscord) -> list[FakeMessage]:
    return [
        m for m in fake.messages.values() if "final scores" in m.text() and m.channel_id == fake.general.id
    ]


async def finished_two_player_game(fake: FakeDiscord) -> FakeMessage:
    board = await started_game(fake)
    moves = 0
    while "Game over" not in board.text():
        player = player_to_move(fake, board)
        hand = await open_hand(fake, player, fake.general)
        await pick(fake, player, hand, offered(hand)[moves % 2][1])
        moves += 1
        board = await wait_for_move(fake, fake.general, moves)
    [final] = await fake.wait_until(lambda: finals(fake), what="the final message")
    return final


async def test_the_final_message_mentions_everyone_once_ranks_the_seats_and_is_posted_once(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    final = await finished_two_player_game(fake)
    assert sorted(final.pinged) == sorted([fake.alice.id, fake.bob.id]), "every person who played, once"
    text = final.text()
    assert "1. " in text and "Winner" in text
    assert len(finals(fake)) == 1, "the final scores are posted once"
    board = next(m for m in fake.public_messages(fake.general) if "Game over" in m.text() and m is not final)
    assert "Right guesses" not in board.text(), (
        "the board says it is over; the breakdown is in the final message"
    )


async def test_play_again_opens_a_lobby_with_the_same_options_and_one_click_to_join(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    final = await finished_two_player_game(fake)
    carol = await fake.click(fake.carol, final, label="Play again")
    await carol.wait_answered()
    assert "Only the players" in (await fake.response_message(carol)).text()
    again = await click(fake, fake.bob, final, "Play again")
    lobby = await fake.response_message(again)
    assert "lobby" in lobby.text() and "Bob" in lobby.text() and fake.alice.id in lobby.pinged
    await click(fake, fake.alice, lobby, "Join")
    await click(fake, fake.bob, lobby, "Start")
    await wait_for_move(fake, fake.general, 0)


async def test_a_solo_game_ends_with_a_ribbon_not_a_winner(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=4)
    [final] = finals(fake)
    text = final.text()
    assert "Winner" not in text and ("Ribbon:" in text or "No ribbon" in text)
    assert final.pinged == [fake.alice.id]
