"""A game's end is stored before it is shown: a bot killed in between shows it after the restart
(found by the explorer, seed 284: a game ended with `/end` moments before a kill kept its turn
notice in the channel and in the store for good, and its table its buttons)."""

from __future__ import annotations

from tests.e2e.table_driver import offered, open_hand, pick, wait_for_move
from tests.e2e.test_secret_numbers_table import player_to_move, started_game
from tests.explorer.crash import kill
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def turn_notices(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in fake.public_messages(fake.general) if "it's your turn" in m.content]


async def test_a_game_ended_just_before_a_kill_is_shown_ended_after_the_restart(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    board = await started_game(fake)
    player = player_to_move(fake, board)
    hand = await open_hand(fake, player, fake.general)
    await pick(fake, player, hand, offered(hand)[0][1])
    board = await wait_for_move(fake, fake.general, 1)
    [notice] = await fake.wait_until(lambda: turn_notices(fake), what="the next player's turn notice")
    assert running_bot.bot is not None
    table = running_bot.bot.table
    game_id = table.sessions.live()[0].game_id
    # The end is stored, and the process dies before its publisher shows it.
    table.publisher.reshow = lambda *args, **kwargs: None  # type: ignore[method-assign]
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    record = await table.store.get(game_id)
    assert record is not None and record.status == "cancelled"
    assert not notice.deleted and "Ended" not in board.text(), "nothing shown before the kill"

    await kill(running_bot)
    await running_bot.start()

    await fake.wait_until(lambda: notice.deleted, what="the ended game's turn notice deleted")
    await fake.wait_until(lambda: "Ended" in board.text(), what="the table saying the game ended")
    assert "My hand / My turn" not in [b.get("label") for b in board.buttons()]
    assert running_bot.bot is not None
    assert await running_bot.bot.table.store.notices(game_id) == []
    assert turn_notices(fake) == []
