"""How a game ends at the table (issue 17, "Ends"): one final message that mentions every person
who played once, ranks the seats with their points (the winner first, the tie-break said), says
"ribbon" in solo play, and offers **Play again**: the same seats and options in a new lobby."""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from bot.basics.clock import ManualClock
from bot.records.server_settings import CLOCK_SECONDS
from engine.sabotage.state import SabotageState
from tests.e2e.prepared import prepare
from tests.e2e.table_driver import (
    click,
    host_click,
    host_panel,
    offered,
    open_hand,
    open_lobby,
    pick,
    wait_for_move,
)
from tests.e2e.test_accessibility import gallery_alts
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.e2e.test_secret_numbers_table import player_to_move, started_game
from tests.engine.sabotage.helpers import award, new_game
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

SABOTAGE = "play sabotage"
#: Garden Sabotage as /play asks for it, and as the engine then holds it.
SABOTAGE_CHOICES = {"first_player": "host", "season_rounds": 3, "bird": True}
SABOTAGE_OPTIONS = {"first_seat": 0, "season_rounds": 3, "bird_variant": True}
#: The quick clock's seconds a turn.
QUICK_SECONDS = float(CLOCK_SECONDS["quick"] or 0)


def labels_of(message: FakeMessage) -> list[str]:
    return [str(b.get("label")) for b in message.buttons()]


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
    assert "1. " in text and "🏆" in text
    assert len(finals(fake)) == 1, "the final scores are posted once"
    board = next(m for m in fake.public_messages(fake.general) if "Game over" in m.text() and m is not final)
    assert "Right guesses" not in board.text(), (
        "the board says it is over; the breakdown is in the final message"
    )


async def test_the_end_is_said_once_in_the_final_message_with_the_ranking(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 item 9: the end was said five to seven times (the table's headline, its last
    Recent line, the final message's "Game over in", its summary, its "Winner:" line). Now the
    result in the game's words is in one message, the final one, with the ranking; the finished
    table only says the game is over and where the ranking is."""
    fake = fake_discord
    final = await finished_two_player_game(fake)
    text = final.text()
    saying = [m for m in fake.public_messages(fake.general) if "wins" in m.text() or "shared win" in m.text()]
    assert saying == [final], [m.text()[:300] for m in saying]
    assert "Winner" not in text and text.count("Game over") == 0, text
    table = next(m for m in fake.public_messages(fake.general) if "Game over" in m.text())
    assert "the ranking is in the message below" in table.text(), table.text()


def last_turn(seats: int) -> SabotageState:
    """Garden Sabotage in its last round (3 of 3), the last seat to play: when its turn ends,
    the season and the game end."""
    state = new_game(seats, **SABOTAGE_OPTIONS)
    state.round, state.turn, state.turns_taken = 3, seats - 1, 3 * seats - 1
    return state


@pytest.fixture
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


async def test_play_again_opens_a_lobby_with_the_same_options_and_seats_and_one_click_to_join(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch, quick_computers: None
) -> None:
    """Issue 17, "Ends": **Play again** under the final scores opens a new lobby with the same
    options and the same computer seats (a Medium computer here), hosted by whoever clicked;
    every other person who played is mentioned and joins with one click, then it starts."""
    fake = fake_discord
    prepare(monkeypatch, running_bot, "sabotage", {31: lambda: last_turn(3)})
    lobby = await open_lobby(fake, fake.alice, fake.general, SABOTAGE, SABOTAGE_CHOICES)
    await click(fake, fake.bob, lobby, "Join")
    await host_click(fake, fake.alice, lobby, "Add computer player (Medium)")
    options_line = re.search(r"Options: [^\n]*", lobby.text())
    assert options_line is not None and "Bird variant" in options_line.group(0)
    assert "Computer 1 (Medium)" in lobby.text()
    await click(fake, fake.alice, lobby, "Start")  # the lobby message becomes the table
    [final] = await fake.wait_until(lambda: finals(fake), what="the final message, after the computer's turn")
    first = await running_bot.bot.table.store.get(1)
    assert first is not None and first.status == "finished"

    carol = await fake.click(fake.carol, final, label="Play again")
    await carol.wait_answered()
    assert "Only the players" in (await fake.response_message(carol)).text()
    again = await click(fake, fake.bob, final, "Play again")
    new_lobby = await fake.response_message(again)
    assert "lobby" in new_lobby.text() and fake.alice.id in new_lobby.pinged
    assert fake.bob.id not in new_lobby.pinged, "the one who clicked hosts it, unmentioned"
    assert options_line.group(0) in new_lobby.text(), "the same options, in the same words"
    assert "Computer 1 (Medium)" in new_lobby.text()
    record = await running_bot.bot.table.store.get(2)
    assert record is not None and record.status == "lobby" and record.host_id == fake.bob.id
    assert record.options == first.options and record.max_seats == len(first.seats) == 3
    assert [s.computer for s in record.seats if s.computer] == [s.computer for s in first.seats if s.computer]

    await click(fake, fake.alice, new_lobby, "Join")  # Alice's one click
    record = await running_bot.bot.table.store.get(2)
    assert record is not None
    assert sorted(s.user_id for s in record.seats if s.user_id) == sorted([fake.alice.id, fake.bob.id])
    assert sorted(s.computer or "" for s in record.seats) == sorted(s.computer or "" for s in first.seats)
    await click(fake, fake.bob, new_lobby, "Start")
    await wait_for_move(fake, fake.general, 0)


async def test_play_again_with_a_computer_no_longer_offered_still_opens_its_lobby(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch, quick_computers: None
) -> None:
    """Issue 27 ("every button works the first time"): a game finished with a computer strength
    that this version no longer offers (an older release's) is played again all the same: the new
    lobby is posted with the people's seats and that seat left open for the host, never a
    refusal that leaves a lobby stored without its message (which would hold the channel)."""
    fake = fake_discord
    prepare(monkeypatch, running_bot, "sabotage", {31: lambda: last_turn(3)})
    lobby = await open_lobby(fake, fake.alice, fake.general, SABOTAGE, SABOTAGE_CHOICES)
    await click(fake, fake.bob, lobby, "Join")
    await host_click(fake, fake.alice, lobby, "Add computer player (Medium)")
    await click(fake, fake.alice, lobby, "Start")
    [final] = await fake.wait_until(lambda: finals(fake), what="the final message, after the computer's turn")
    store = running_bot.bot.table.store
    first = await store.get(1)
    assert first is not None and first.status == "finished"
    assert [s.computer for s in first.seats if s.computer] == ["greedy"]  # shown as Medium
    # The next release offers Garden Sabotage's computers under other names.
    monkeypatch.setattr("bot.play.lobby.computer_strengths", lambda game: ("random", "strong"))

    again = await click(fake, fake.bob, final, "Play again")
    new_lobby = await fake.response_message(again)
    assert "lobby" in new_lobby.text() and fake.alice.id in new_lobby.pinged
    record = await store.get(2)
    assert record is not None and record.status == "lobby" and record.lobby_message_id == new_lobby.id
    assert [s.user_id for s in record.seats] == [fake.bob.id]
    await click(fake, fake.alice, new_lobby, "Join")


async def test_a_tie_on_points_is_ranked_by_the_tie_break_in_the_final_message(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17, "Ends": the final message ranks the seats with their points and tie-breaks.
    Garden Sabotage, the last turn of the season: Alice and Bob both have 4 points, Alice from
    two objectives, Bob from one; Bob ends his turn, the game ends, and the final message ranks
    Alice first on the tie-break (ruling 11: more completed objectives), Bob second, both with
    their 4 points, and says why."""
    fake = fake_discord

    def tied() -> SabotageState:
        state = last_turn(2)
        award(state, 0, ["Salad Bowl", "Carrot Rows"])
        award(state, 1, ["Jam Garden"])
        return state

    prepare(monkeypatch, running_bot, "sabotage", {32: tied})
    lobby = await open_lobby(fake, fake.alice, fake.general, SABOTAGE, SABOTAGE_CHOICES)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    hand = await open_hand(fake, fake.bob, fake.general)
    [end_turn] = [how for label, how in offered(hand) if label == "End turn"]
    await pick(fake, fake.bob, hand, end_turn)
    [final] = await fake.wait_until(lambda: finals(fake), what="the final message")
    text = final.text()
    alice = re.search(r"1\. 🏆 \*\*Alice\*\*: 4 points", text)
    bob = re.search(r"2\. \*\*Bob\*\*: 4 points", text)
    assert alice and bob and alice.start() < bob.start(), text
    assert "Alice wins the tie on 4 points by completing more objectives (2)." in text, text
    assert text.count("🏆") == 1, "the crown on the winner alone"
    assert sorted(final.pinged) == sorted([fake.alice.id, fake.bob.id])
    # Issue 27 item 9: the finished table said "Game over" twice (the game's headline, then the
    # line pointing to the ranking); once now, with how the game ended.
    [table] = [
        m.text() for m in fake.public_messages(fake.general) if "ranking is in the message below" in m.text()
    ]
    assert table.count("Game over") == 1 and "the season is over" in table, table


async def test_a_solo_game_ends_with_a_ribbon_not_a_winner(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {})
    await play_to_the_end(fake, running_bot, fake.general, [fake.alice], seed=4)
    [final] = finals(fake)
    text = final.text()
    assert "🏆" not in text and "wins" not in text and ("Ribbon:" in text or "No ribbon" in text)
    assert final.pinged == [fake.alice.id]
    # Issue 27 item 9: the score and ribbon are said once, here; the final board's picture and its
    # alt text describe the final board only.
    [alt] = [alt for m in fake.public_messages(fake.general) for alt in gallery_alts(m)]
    assert "the final board." in alt and "ribbon" not in alt.lower(), alt[:200]


async def test_clicks_on_an_ended_games_old_messages_are_answered_and_keep_nothing_in_memory(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A game that has ended and been shown keeps no session (docs/bot.md, "Sessions"): a click on
    one of its old messages afterwards — a hand drawn before the player's newer one, a cancelled
    lobby's host panel — is answered, and leaves nothing behind. Each such click used to make a
    session that nothing forgot, for the life of the process (found by the explorer's check)."""
    fake, bot = fake_discord, running_bot.bot

    lobby = await open_lobby(
        fake, fake.alice, fake.general, "play garden-party", {"players": 3, "clock": "off"}
    )
    old_panel = await host_panel(fake, fake.alice, lobby)
    await host_click(fake, fake.alice, lobby, "Cancel lobby")
    assert "Closed" in lobby.text()
    late = await click(fake, fake.alice, old_panel, "Add computer player (Easy)")
    assert late.original is not None or late.messages(), "the late click is answered"
    assert not bot.table.sessions.live(), "the cancelled lobby keeps no session"

    board = await started_game(fake, turns=2)
    player = player_to_move(fake, board)
    stale = await open_hand(fake, player, fake.general)
    stale_choice = offered(stale)[0][1]
    moves, hands = 0, []
    while "Game over" not in board.text():
        mover = player_to_move(fake, board)
        hand = await open_hand(fake, mover, fake.general)
        await pick(fake, mover, hand, offered(hand)[0][1])
        hands.append((mover, hand))
        moves += 1
        board = await wait_for_move(fake, fake.general, moves)
    await fake.wait_until(lambda: finals(fake) and not bot.table.sessions.live(), what="the end shown")
    # A hand answered after its player's move (not their turn: Refresh), then left for a newer one.
    [(waiting_player, waiting), *_] = [(p, h) for p, h in hands if "Refresh" in labels_of(h)]
    late = await pick(fake, player, stale, stale_choice)
    assert "over" in (late.original or stale).text(), "the old hand says the game is over"
    await click(fake, waiting_player, waiting, "Refresh")
    assert "This game is over." in waiting.text()
    assert not bot.table.sessions.live(), "the ended game keeps no session"


async def test_a_clock_that_falls_due_after_its_game_ended_does_nothing_and_keeps_nothing(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn clock's row outlives a game played to its end (it goes when it falls due). When it
    falls due, it does nothing, and the session made to find that out is not kept: one per game
    would stay in memory for the life of the process (found by the explorer's check)."""
    fake, bot = fake_discord, clocked_bot.bot
    assert bot is not None
    prepare(monkeypatch, clocked_bot, "sabotage", {33: lambda: last_turn(2)})
    lobby = await open_lobby(fake, fake.alice, fake.general, SABOTAGE, {**SABOTAGE_CHOICES, "clock": "quick"})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    hand = await open_hand(fake, fake.bob, fake.general)
    await fake.wait_until(lambda: clocks_of(clocked_bot), what="Bob's turn clock")
    [end_turn] = [how for label, how in offered(hand) if label == "End turn"]
    await pick(fake, fake.bob, hand, end_turn)
    await fake.wait_until(lambda: finals(fake) and not bot.table.sessions.live(), what="the end shown")
    assert clocks_of(clocked_bot), "the clock's row is still there"
    clock.advance(QUICK_SECONDS + 1)
    await fake.wait_until(lambda: not clocks_of(clocked_bot), what="the clock fallen due and gone")
    await asyncio.sleep(0.05)
    assert not [m for m in fake.messages.values() if "Time ran out" in m.content]
    assert not bot.table.sessions.live(), "nothing kept for the ended game"


def clocks_of(runner: BotRunner) -> list[int]:
    """The seats whose turn clock is stored."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        return [int(seat) for (seat,) in db.execute("SELECT seat FROM deadlines WHERE kind = 'turn'")]
