"""Turn clocks (issue 15, "Clocks: no game ever stalls"), through the fake Discord with a clock the
test moves by hand (`bot.basics.clock.ManualClock`): nothing here sleeps through a turn.

Mr. Cabbagehead's Garden for two, Alice (the host) first, the standard clock (10 minutes a turn)
unless a test says otherwise."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3

import pytest

from bot.basics.clock import ManualClock
from bot.play.moves import TIMEOUTS_BEFORE_HANDOVER
from tests.e2e.table_driver import (
    boards,
    click,
    host_select,
    is_action,
    offered,
    open_hand,
    open_lobby,
    pick,
    play_one_decision,
    player_to_move,
    shown_move,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser

STANDARD = 600.0


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short fixed pause for the computer (the bot's own is 1.5 s)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)


async def two_player_game(fake: FakeDiscord, clock: str = "standard") -> FakeMessage:
    """Alice opens a two-player game with `clock`, Bob joins, Alice starts (she moves first)."""
    lobby = await open_lobby(
        fake,
        fake.alice,
        fake.general,
        "play cabbagehead",
        {"players": 2, "first_player": "host", "clock": clock},
    )
    assert "Clock: " + clock in lobby.text(), "the lobby shows the clock"
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    return await wait_for_move(fake, fake.general, 0)


def latest_board(fake: FakeDiscord) -> FakeMessage:
    """The newest board (a board older than an hour is posted anew, the old one deleted after)."""
    found = boards(fake, fake.general) or [
        m for m in fake.public_messages(fake.general) if re.search(r"Game #\d+ · move \d+", m.text())
    ]
    assert found, "no board"
    return found[-1]


def notices(fake: FakeDiscord) -> list[FakeMessage]:
    """The bot's standing messages that mention someone (turn notices and reminders)."""
    return [m for m in fake.public_messages(fake.general) if m.pinged]


def deadlines(runner: BotRunner) -> list[tuple[str, int, float, int]]:
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        rows = db.execute("SELECT kind, seat, due, step FROM deadlines ORDER BY kind, seat").fetchall()
    return [(str(k), int(s), float(d), int(st)) for k, s, d, st in rows]


def seat_of(runner: BotRunner, seat: int) -> dict[str, object]:
    """The stored record of a seat of the (only) game."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        (seats,) = db.execute("SELECT seats FROM games ORDER BY id DESC LIMIT 1").fetchone()
    found: dict[str, object] = json.loads(seats)[seat]
    return found


async def time_ran_out(fake: FakeDiscord, name: str = "Alice") -> FakeMessage:
    """The board once its log says time ran out for `name` (the computer may have played several
    actions of the turn, so no particular move number)."""
    line = f"Time ran out for {name}; the computer played for them."

    def said() -> FakeMessage | None:
        told = [m for m in fake.messages.values() if m.channel_id == fake.general.id and line in m.content]
        return told[-1] if told else None

    found: FakeMessage = await fake.wait_until(said, timeout=15.0, what=line)
    return found


def stored_version(runner: BotRunner) -> int:
    """The version of the (only) game as stored: its moves, a timed-out turn's included."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        (version,) = db.execute("SELECT version FROM games ORDER BY id DESC LIMIT 1").fetchone()
    return int(version)


async def play_until_turn_of(
    fake: FakeDiscord, user: FakeUser, other: FakeUser, rng: random.Random, runner: BotRunner | None = None
) -> None:
    """`other` plays their decisions until the board says it is `user`'s turn. With `runner`, the
    board is read once it shows the game as stored (a timed-out turn's move is published in the
    background: the board before it still names the player who timed out)."""
    for _ in range(20):
        if runner is not None:
            await fake.wait_until(
                lambda: shown_move(latest_board(fake)) >= stored_version(runner),
                what="the board showing the stored game",
            )
        shown = latest_board(fake)
        before = shown_move(shown)
        to_move = player_to_move(fake, shown, [user, other])
        if to_move is user:
            return
        if to_move is other:
            await play_one_decision(fake, other, fake.general, rng)
        await fake.wait_until(lambda: shown_move(latest_board(fake)) > before, what="a move shown")  # noqa: B023
    raise AssertionError(f"never {user.name}'s turn")


async def turn_clock_running(fake: FakeDiscord, runner: BotRunner, seat: int) -> None:
    await fake.wait_until(
        lambda: any(kind == "turn" and s == seat for kind, s, _d, _st in deadlines(runner)),
        timeout=15.0,
        what=f"seat {seat + 1}'s turn clock",
    )


async def test_reminders_at_half_time_and_the_last_tenth_replace_the_notice(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """Reminders: "at half the time and at the last tenth, the seat's owner is mentioned in a short
    message in the game's channel (replacing the turn notice, never piling up)"; the notice shows
    the deadline as a Discord timestamp."""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    ends = int(clock.now() + STANDARD)
    clock.advance(STANDARD * 0.5 + 1)
    first = await fake.wait_until(
        lambda: [m for m in notices(fake) if "⏰" in m.content], what="the half-time reminder"
    )
    assert first[0].pinged == [fake.alice.id] and f"<t:{ends}:R>" in first[0].content
    assert len(notices(fake)) == 1, "one message mentions Alice at a time"
    clock.advance(STANDARD * 0.4)
    second = await fake.wait_until(
        lambda: [m for m in notices(fake) if "⏰" in m.content and m is not first[0]],
        what="the last-tenth reminder",
    )
    assert second[0].pinged == [fake.alice.id]
    await fake.wait_until(lambda: first[0].deleted, what="the first reminder replaced")
    assert len(notices(fake)) == 1


async def test_time_running_out_lets_the_computer_play_and_says_so(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "When time runs out, the computer plays that turn for the seat ... and says so in the log";
    then the next player's turn and clock begin, with their notice."""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    clock.advance(STANDARD + 1)
    await time_ran_out(fake)
    turn = await fake.wait_until(
        lambda: [m for m in notices(fake) if fake.bob.id in m.pinged], what="Bob's turn notice"
    )
    assert "<t:" in turn[0].content, "Bob's notice shows when his time runs out"
    await turn_clock_running(fake, clocked_bot, 1)


async def test_a_player_who_moves_in_time_is_not_played_for(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await two_player_game(fake)
    await play_until_turn_of(fake, fake.bob, fake.alice, random.Random(1))
    await turn_clock_running(fake, clocked_bot, 1)
    await fake.wait_until(
        lambda: not any(s == 0 for kind, s, _d, _st in deadlines(clocked_bot) if kind == "turn"),
        what="Alice's clock stopped once she moved",
    )


async def test_three_turns_run_out_hand_the_seat_to_a_computer_until_im_back(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "After three turns in a row played that way, the seat is handed to a computer for good,
    announced, and the player can take it back with one click ("I'm back") while the game goes on.\""""
    fake = fake_discord
    announced = await alice_handed_to_a_computer(fake, clocked_bot, clock, random.Random(2))
    stand_in = seat_of(clocked_bot, 0)
    assert stand_in.get("computer") == "greedy" and stand_in.get("away_user_id") == fake.alice.id
    refused = await fake.click(fake.bob, announced, label="I'm back")
    await refused.wait_answered()
    assert seat_of(clocked_bot, 0).get("computer"), "only Alice can take her seat back"
    await click(fake, fake.alice, announced, "I'm back")
    await fake.wait_until(lambda: "Alice is back" in announced.text(), what="Alice back")
    assert seat_of(clocked_bot, 0).get("user_id") == fake.alice.id
    await fake.wait_until(
        lambda: "computer standing in" not in latest_board(fake).text(), what="the board names Alice"
    )


async def test_im_back_while_a_move_is_still_being_shown_names_the_player_again(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """The same "I'm back", clicked while Discord is slow to show the move before it: the board
    drawn for that move (a computer standing in) must not stay. Found by CI, where the board edit
    of a move in flight marked the board shown after the click had asked for it anew."""
    fake = fake_discord
    rng = random.Random(2)
    announced = await alice_handed_to_a_computer(fake, clocked_bot, clock, rng)
    await fake.wait_until(  # the computer standing in for Alice plays her turn
        lambda: (
            shown_move(latest_board(fake)) >= stored_version(clocked_bot)
            and player_to_move(fake, latest_board(fake), [fake.alice, fake.bob]) is fake.bob
        ),
        what="Bob's turn",
    )
    release = fake.hold_next("PATCH", "/channels/{channel_id}/messages/{message_id}")
    await play_one_decision(fake, fake.bob, fake.general, rng)
    await fake.wait_until(lambda: fake.holds_waiting() == 0, what="the board's edit under way")
    await click(fake, fake.alice, announced, "I'm back")
    await fake.wait_until(lambda: "Alice is back" in announced.text(), what="Alice back")
    release.set()
    await fake.wait_until(
        lambda: shown_move(latest_board(fake)) >= stored_version(clocked_bot), what="Bob's move shown"
    )
    await fake.wait_until(
        lambda: "computer standing in" not in latest_board(fake).text(), what="the board names Alice"
    )


async def alice_handed_to_a_computer(
    fake: FakeDiscord, runner: BotRunner, clock: ManualClock, rng: random.Random
) -> FakeMessage:
    """Alice lets her turn run out three times in a row: a computer stands in for her; the message
    that says so (with its "I'm back" button)."""
    await two_player_game(fake)
    for turn in range(1, TIMEOUTS_BEFORE_HANDOVER + 1):
        await turn_clock_running(fake, runner, 0)
        clock.advance(STANDARD + 1)
        await fake.wait_until(
            lambda: (
                seat_of(runner, 0).get("timeouts", 0) == turn  # noqa: B023
                or seat_of(runner, 0).get("computer")
            ),
            what=f"timed-out turn {turn}",
        )
        if turn < TIMEOUTS_BEFORE_HANDOVER:
            assert seat_of(runner, 0).get("user_id") == fake.alice.id, "two in a row: still Alice's seat"
            await play_until_turn_of(fake, fake.alice, fake.bob, rng, runner)
    announced = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "I'm back" in m.text()],
        what="the stand-in announced",
    )
    return announced[0]


async def test_a_restart_never_resets_a_turn_and_an_overdue_timeout_fires_once(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "After a restart, clocks go on from where they were (a restart never resets or extends a
    turn), an overdue deadline fires exactly once, and a reminder already sent is not sent again.\""""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    [(_kind, _seat, due_before, _step)] = [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    clock.advance(STANDARD * 0.5 + 1)
    await fake.wait_until(lambda: [m for m in notices(fake) if "⏰" in m.content], what="the first reminder")
    await clocked_bot.restart()  # before the deadline
    [(_kind, _seat, due_after, step)] = [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    assert step == 1 and due_after > due_before, "the second reminder is next; the first is not sent again"
    reminders = len([m for m in fake.messages.values() if "⏰" in m.content])
    await clocked_bot.stop()
    clock.advance(STANDARD)  # the deadline passes while the bot is down
    await clocked_bot.restart()
    await time_ran_out(fake)
    await turn_clock_running(fake, clocked_bot, 1)
    await clocked_bot.restart()  # after the deadline: nothing fires again
    await turn_clock_running(fake, clocked_bot, 1)
    told = [m for m in fake.messages.values() if "Time ran out for Alice" in m.content]
    assert clocked_bot.bot is not None
    with sqlite3.connect(clocked_bot.bot.settings.database_path) as db:
        logged = [row[0] for row in db.execute("SELECT events FROM actions") if '"timeout"' in row[0]]
    assert len(logged) == 1, "the timeout fired once"
    assert len(told) == 1, f"announced once: {[(m.id, m.deleted, m.content) for m in told]}"
    assert len([m for m in fake.messages.values() if m.content.startswith("⏰ <@")]) == reminders + 1


async def test_direct_message_reminders_for_those_who_ask_and_silence_for_those_who_block(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "If that user turned it on with /notify, also by direct message with a link to the board. A
    user who blocks direct messages gets none, silently (Discord error 50007 is expected)."""
    fake = fake_discord
    answer = await fake.slash(fake.alice, fake.general, "notify", {"on": True})
    await answer.wait_answered()
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    clock.advance(STANDARD * 0.5 + 1)
    dms = await fake.wait_until(lambda: fake.dms_to(fake.alice), what="Alice's direct reminder")
    assert "https://discord.com/channels/" in dms[0].content
    fake.block_dms(fake.alice)
    clock.advance(STANDARD * 0.4)
    await fake.wait_until(
        lambda: (
            len([m for m in notices(fake) if "⏰" in m.content]) == 1
            and len([m for m in fake.messages.values() if "⏰" in m.content and not m.deleted]) >= 1
            and any(c.status == 403 for c in fake.calls if c.method == "POST")
        ),
        what="the second reminder, refused as a direct message",
    )
    assert len(fake.dms_to(fake.alice)) == 1
    assert not [
        r
        for r in clocked_bot.log_records
        if r.levelname in ("WARNING", "ERROR") and "reminder" in r.getMessage()
    ]
    assert fake.dms_to(fake.bob) == [], "Bob did not ask for direct messages"


async def test_a_pause_needs_every_player_and_stops_the_clock_until_resumed(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "/pause and /resume: a pause needs every human player to agree (one click each), stops the
    clock, and ends on its own after the longest allowed pause (a week).\""""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    asked = await fake.slash(fake.alice, fake.general, "pause")
    await asked.wait_answered()
    request = await fake.response_message(asked)
    assert "Still to agree: Bob" in request.text()
    clock.advance(60)
    await click(fake, fake.bob, request, "Agree to pause")
    await fake.wait_until(lambda: "Paused" in latest_board(fake).text(), what="the board says paused")
    clock.advance(3 * 3600)  # far past the turn's end: nothing happens while paused
    assert clocked_bot.bot is not None and clocked_bot.bot.table.scheduler is not None
    wakeups = clocked_bot.bot.table.scheduler.wakeups
    assert not [m for m in fake.messages.values() if "Time ran out" in m.content]
    assert clocked_bot.bot.table.scheduler.wakeups == wakeups, "a paused clock is not even looked at"
    resumed = await fake.slash(fake.bob, fake.general, "resume")
    await resumed.wait_answered()
    [(_k, _s, due, _st)] = [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    assert clock.now() < due <= clock.now() + STANDARD, "the clock goes on with the time that was left"
    clock.advance(STANDARD)
    await time_ran_out(fake)


async def both_pause(fake: FakeDiscord) -> None:
    """Alice and Bob each ask to pause: the game is paused."""
    for user in (fake.alice, fake.bob):
        asked = await fake.slash(user, fake.general, "pause")
        await asked.wait_answered()
    await fake.wait_until(lambda: "Paused" in latest_board(fake).text(), what="paused")


async def test_a_pause_ends_by_itself_after_a_week(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    await both_pause(fake)
    clock.advance(7 * 86400 + 1)
    await fake.wait_until(lambda: "Paused" not in latest_board(fake).text(), what="the pause over")
    clock.advance(STANDARD)
    await time_ran_out(fake)


async def test_a_game_nobody_moves_in_for_two_weeks_ends_as_abandoned_with_its_scores(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "A game with no human move for 14 days (a setting) ends as abandoned, with the scores as they
    stand, announced in the channel.\""""
    fake = fake_discord
    await two_player_game(fake, clock="off")
    await fake.wait_until(
        lambda: any(d[0] == "abandon" for d in deadlines(clocked_bot)), what="the check armed"
    )
    clock.advance(13 * 86400)
    assert "abandoned" not in latest_board(fake).text()
    clock.advance(86400 + 1)
    scores = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "final scores" in m.text()],
        what="the scores",
    )
    assert "Alice" in scores[0].text() and "Bob" in scores[0].text()
    assert "abandoned" in latest_board(fake).text()


async def test_a_solo_game_has_no_clock(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "Solo games have no clock (nobody waits for them).\""""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"clock": "quick"})
    await wait_for_move(fake, fake.general, 0)
    clock.advance(3600)
    assert not [d for d in deadlines(clocked_bot) if d[0] == "turn"]
    assert "Time ran out" not in latest_board(fake).text()


async def test_settings_need_manage_server_and_set_the_default_clock(
    fake_discord: FakeDiscord, clocked_bot: BotRunner
) -> None:
    """ "/settings (members with Manage Server only; everyone else gets a short refusal) shows and
    changes the server's defaults ... Stored per guild in the database.\""""
    fake = fake_discord
    changed = await fake.slash(fake.carol, fake.general, "settings", {"clock": "quick"}, manage_guild=True)
    await changed.wait_answered()
    assert "Quick: 2 min" in (await fake.response_message(changed)).text()
    lobby = await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 2})
    assert "Clock: quick" in lobby.text()
    await clocked_bot.restart()
    shown = await fake.slash(fake.carol, fake.general, "settings", {}, manage_guild=True)
    await shown.wait_answered()
    assert "Quick: 2 min" in (await fake.response_message(shown)).text(), "kept in the database"


async def test_a_turn_that_falls_due_while_discord_fails_still_moves_and_catches_up(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "A game whose clocked turn falls due while Discord is failing (429s, 5xx) still moves, and its
    messages catch up when Discord answers again.\""""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    assert clocked_bot.bot is not None
    clocked_bot.bot.table.publisher.first_retry = 0.05
    fake.fail_next("PATCH", "/channels/{channel_id}/messages/{message_id}", status=503, count=4)
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=503, count=4)
    clock.advance(STANDARD + 1)
    await fake.wait_until(
        lambda: seat_of(clocked_bot, 0).get("timeouts") == 1, what="the turn played, stored"
    )
    await time_ran_out(fake)  # shown once Discord answers again
    await fake.wait_until(
        lambda: [m for m in notices(fake) if fake.bob.id in m.pinged], timeout=15.0, what="Bob told"
    )


async def test_a_move_in_the_instant_the_clock_runs_out_is_the_players_or_the_computers(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """ "A move made in the same instant as the clock runs out is either the player's or the
    computer's, never both (the version check in the one transaction decides).\""""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    hand = await open_hand(fake, fake.alice, fake.general)
    [(_label, how), *_rest] = [c for c in offered(hand) if is_action(c[1])] or offered(hand)
    clock.advance(STANDARD + 1)
    await asyncio.gather(pick(fake, fake.alice, hand, how), asyncio.sleep(0))
    await fake.wait_until(
        lambda: (
            player_to_move(fake, latest_board(fake), [fake.alice, fake.bob]) is fake.bob
            or seat_of(clocked_bot, 0).get("timeouts") == 1
        ),
        what="the move made, once",
    )
    assert clocked_bot.bot is not None
    with sqlite3.connect(clocked_bot.bot.settings.database_path) as db:
        versions = [v for (v,) in db.execute("SELECT version FROM actions ORDER BY version")]
    assert versions == list(range(1, len(versions) + 1)), "no version applied twice"
    assert not [r for r in clocked_bot.log_records if r.levelname == "ERROR"]


async def test_the_host_picks_the_clock_and_the_stand_in_in_the_lobby(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """The clock offered for the game is shown in the lobby, and the computer plays a timed-out turn
    "at the strength the host picked for the game, default the middle one"."""
    fake = fake_discord
    lobby = await open_lobby(
        fake, fake.alice, fake.general, "play cabbagehead", {"players": 2, "first_player": "host"}
    )
    assert "Clock: standard" in lobby.text() and "medium computer" in lobby.text()
    refused = await click(fake, fake.bob, lobby, "Host options")
    assert "Only the host" in (await fake.response_message(refused)).text()
    for op, value in (("clock", "quick"), ("stand-in", "strong")):
        await host_select(fake, fake.alice, lobby, op, value)
    assert "Clock: quick" in lobby.text() and "hard computer" in lobby.text()
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    await turn_clock_running(fake, clocked_bot, 0)
    assert clocked_bot.bot is not None
    with sqlite3.connect(clocked_bot.bot.settings.database_path) as db:
        assert db.execute("SELECT seconds FROM deadlines WHERE kind = 'turn'").fetchone() == (120.0,)
        assert db.execute("SELECT stand_in FROM games").fetchone() == ("strong",)


async def test_a_reminder_overtaken_by_the_move_it_asks_for_does_not_stand(
    fake_discord: FakeDiscord, clocked_bot: BotRunner, clock: ManualClock
) -> None:
    """A reminder is on its way (Discord slow to take it) while Alice makes her move: once it lands
    it would send her to a turn that is over (or, after a game's last move, to a finished game; the
    explorer checks no notice stands after a final message). It is taken back at once."""
    fake = fake_discord
    await two_player_game(fake)
    await turn_clock_running(fake, clocked_bot, 0)
    release = fake.hold_next("POST", "/channels/{channel_id}/messages")
    clock.advance(STANDARD * 0.5 + 1)
    await fake.wait_until(lambda: not fake.holds_waiting(), what="the half-time reminder held on its way")
    rng = random.Random(3)
    for _ in range(6):
        if player_to_move(fake, latest_board(fake), [fake.alice, fake.bob]) is not fake.alice:
            break
        before = shown_move(latest_board(fake))
        await play_one_decision(fake, fake.alice, fake.general, rng)
        await fake.wait_until(lambda: shown_move(latest_board(fake)) > before, what="Alice's move shown")  # noqa: B023
    release.set()
    reminders = await fake.wait_until(
        lambda: [m for m in fake.messages.values() if "⏰" in m.content], what="the reminder posted"
    )
    await fake.wait_until(lambda: reminders[0].deleted, what="the overtaken reminder taken back")
    assert not [m for m in notices(fake) if fake.alice.id in m.pinged], "nothing calls Alice back"
