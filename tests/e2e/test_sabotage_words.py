"""Issue 32: Garden Sabotage read in its server's and its players' language, end to end.

Two players play a whole game (the house-plant question, the Bird variant, a short season) by
clicks alone, found by their custom ids since the labels are translated: once on a French server
with French players, once on a pseudo-locale server with pseudo-locale players. Every message the
game sends — the table at each move, the hands at each step, the announcements, the final scores —
is read: in French it says the glossary's words and none of the English game's; in the
pseudo-locale no word shows bare (it would have skipped the catalogs) but the players' names and
the game's title. The pictures are read too: their alt texts (and the board's summary line)
are in the table's or the hand's language.
"""

from __future__ import annotations

import random
import re

from tests.e2e.table_driver import is_action, offered, open_hand, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.language_check import unmarked_words
from tests.fake_discord.model import readable_text

PLAY = "play sabotage"
OPTIONS = {"players": 2, "bird": True, "first_player": "ask", "season_rounds": 8}
TITLE = "Garden Sabotage"
#: Words of the English game that a French player never reads.
ENGLISH_GAME_WORDS = (
    "Plant row",
    "Bug row",
    "Your Plants",
    "Your Bugs",
    " drew a ",
    " planted ",
    "End turn",
    "house plants",
    "Objectives completed",
    "to play",
)
#: The glossary's words, which the French game says.
FRENCH_GAME_WORDS = ("Rangée des Plantes", "Rangée des Bestioles", "Vos Plantes", "Finir le tour", "Manche ")


def button_ending(message: FakeMessage, op: str) -> str:
    return next(str(b["custom_id"]) for b in message.buttons() if str(b["custom_id"]).endswith(op))


async def play_a_whole_game(fake: FakeDiscord, runner: BotRunner, players: list[FakeUser], seed: int) -> None:
    """`/play sabotage`, Join and Start by their ids, then every decision from the hand of the
    player the game waits for (the bot's state says whose turn it is: the board says it in the
    table's language), at random among the moves offered, until the season is over."""
    assert runner.bot is not None
    runner.bot.table.lobbies._seed_source = lambda: seed
    rng = random.Random(seed)
    channel = fake.general
    lobby = await open_lobby(fake, players[0], channel, PLAY, OPTIONS)
    await (await fake.click(players[1], lobby, button_ending(lobby, ":join"))).wait_answered()
    await (await fake.click(players[0], lobby, button_ending(lobby, ":start"))).wait_answered()
    await wait_for_move(fake, channel, 0)
    for _decision in range(300):
        position = await runner.bot.table.sessions.in_channel(channel.id)
        if position is None or position.record.status != "active":
            break
        (seat,) = position.to_move()
        player = players[seat]
        hand = await open_hand(fake, player, channel)
        for _step in range(12):
            choices = [c for c in offered(hand) if not c[1].endswith(":p0")]
            if not choices:
                break  # the turn is over: only Refresh is left
            actions = [c for c in choices if is_action(c[1])]
            # Any move or picker step (a planting, a sabotage: a card, then its plot), and End
            # turn (the last action offered, ruling 12) rarely, so that turns play their actions.
            if actions and len(choices) > 1 and rng.random() < 0.9:
                choices.remove(actions[-1])
            _label, how = rng.choice(choices)
            await pick(fake, player, hand, how)
            after = await runner.bot.table.sessions.in_channel(channel.id)
            if after is None or after.record.status != "active" or after.to_move() != [seat]:
                break
    else:
        raise AssertionError("the game did not end")
    (finished,) = await runner.bot.store.games_by_status("finished")
    kinds = {
        event["kind"] for action in await runner.bot.store.actions(finished.id) for event in action.events
    }
    assert {"house_plants", "first_player", "plant", "sabotage", "bite", "sweep"} <= kinds, kinds
    await fake.wait_until(
        lambda: any("gc:again:" in c for m in fake.public_messages(channel) for c in m.custom_ids()),
        what="the final scores with Play again",
    )


async def play_again(fake: FakeDiscord, player: FakeUser) -> FakeMessage:
    """`player` presses **Play again** under the final scores (found by its id): the new lobby."""
    [final] = [m for m in fake.public_messages(fake.general) if any("gc:again:" in c for c in m.custom_ids())]
    again = await fake.click(player, final, next(c for c in final.custom_ids() if "gc:again:" in c))
    await again.wait_answered()
    return await fake.response_message(again)


def everything_read(fake: FakeDiscord) -> list[str]:
    """Every version of every message the bot sent (tables, hands, notices, final scores), the
    pictures' alt texts included."""
    return [readable_text(version) for message in fake.messages.values() for version in message.versions()]


async def test_a_french_server_plays_garden_sabotage_in_french(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.guild.locale = fake.alice.locale = fake.bob.locale = "fr"
    await play_a_whole_game(fake, running_bot, [fake.alice, fake.bob], seed=5)
    said = "\n".join(everything_read(fake))
    for french in FRENCH_GAME_WORDS:
        assert french in said, french
    assert re.search(r"a (planté|pioché|pris) (une|un) ", said), "log lines in French"
    assert "plantes d’intérieur" in said
    assert "Plateau de Garden Sabotage. Manche 1 sur 8." in said, "the board picture's alt text"
    assert "Votre main, Alice. " in said, "the hand picture's alt text"
    for english in ENGLISH_GAME_WORDS:
        assert english not in said, english
    # The new lobby invites the other player in the game's language, as the lobby is written.
    lobby = await play_again(fake, fake.bob)
    assert f"<@{fake.alice.id}> : appuyez sur **Rejoindre** pour rejouer." in lobby.text()


async def test_a_pseudo_locale_server_shows_no_bare_word(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    fake.guild.locale = fake.alice.locale = fake.bob.locale = "x-pseudo"
    await play_a_whole_game(fake, running_bot, [fake.alice, fake.bob], seed=6)
    await play_again(fake, fake.bob)  # its invitation is read too (the explorer's seeds 139 and 146)
    allowed = [TITLE, *(name for user in (fake.alice, fake.bob) for name in (user.name, user.name.title()))]
    bare = {}
    for text in everything_read(fake):
        found = unmarked_words(text, allowed)
        if found:
            bare[" ".join(found)] = text
    assert not bare, "\n\n".join(f"{words}\n in: {text[:1500]}" for words, text in list(bare.items())[:5])
