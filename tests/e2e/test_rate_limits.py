"""Discord's per-route rate limits at a table: the bot sends a game's table edits, turn notices and
their deletion itself (bot/basics/channel_messages.py, issue 31), so it must keep Discord's
buckets as discord.py would: a bucket whose last answer said it was empty is waited for, not sent
to (a bot that runs into 429s again and again is cut off by Discord for a while), and nothing a
player should see is lost for the wait."""

from __future__ import annotations

from tests.e2e.sabotage_driver import start_game
from tests.e2e.table_driver import player_to_move, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def turn_notices(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in fake.public_messages(fake.general) if "your turn" in m.content]


async def test_a_game_played_under_tight_limits_waits_for_them_and_shows_every_move(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Two edits a channel in each half second (Discord's are looser): a two-player Garden
    Sabotage game played turn after turn as fast as the players can click, pictures off (every
    edit the bot's own). Discord never has to refuse a request, the bot did wait for its buckets,
    and the table and the turn notice stand as the game does."""
    fake = fake_discord
    await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    bot = garden_bot.bot
    assert bot is not None and bot.channel_messages is not None
    players = [fake.alice, fake.bob]
    run = await start_game(fake, garden_bot, fake.general, players, {"first_player": "host"}, seed=5)
    fake.buckets.limit = (2, 0.5)
    for _ in range(4):
        assert await run.play_turn() is not None
    board = await wait_for_move(fake, fake.general, run.moves)
    next_player = player_to_move(fake, board, players)
    assert next_player is not None
    [notice] = await fake.wait_until(
        lambda: (
            [n for n in turn_notices(fake) if f"<@{next_player.id}>" in n.content] == turn_notices(fake)
            and turn_notices(fake)
        ),
        what="one turn notice, the next player's",
    )
    assert fake.buckets.refused == 0, "the bot sent a request its bucket had said it would refuse"
    assert bot.channel_messages.rooms.waits > 0, "the limits were never reached: the test shows nothing"
    assert notice.deleted is False
