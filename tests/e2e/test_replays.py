"""History and replays (issue 18): `/history list` shows the server's finished games with Replay;
a replay is rebuilt through the engine and shows, move by move, exactly what the table showed
then; a player may see their own view but never another's hidden cards; `/history export` gives a
file the engine alone replays (docs/replays.md)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot.basics.words import words_for
from bot.handlers.history_commands import NOT_REPLAYABLE, replay_layout
from bot.records.replays import rebuild
from engine.api import Event, dump_state, load_state, replay
from engine.registry import get_game
from tests.e2e.table_driver import (
    FOOTER,
    HAND_LABEL,
    board,
    boards,
    click,
    decide_on,
    host_click,
    offered,
    open_hand,
    open_lobby,
    pick,
    player_to_move,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import walk_components

#: The footers that say which move a message shows: the table's, and a hand's.
TABLE_FOOTER = re.compile(r"^-# Game #\d+ · move (\d+)")
HAND_FOOTER = re.compile(r"^-# Only you can see this · game #\d+ · move (\d+)")


#: The finished table's last headline line: the ranking follows in the final message (issue 27
#: item 9). A replay has no final message below it, so its last move says the result itself.
FINAL_POINTER = "🏁 **Game over** — the ranking is in the message below."


def as_replayed(table_text: str) -> str | None:
    """The table's text as the replay shows it: the same, but for the finished table's pointer
    to the final message (None: then the replay's own result line stands there)."""
    return None if table_text.endswith(FINAL_POINTER) else table_text


def same_as_table(replayed: str, table_text: str) -> bool:
    """The replay shows what the table showed; at the end, its own "Game over." and result
    where the table pointed to the final message."""
    if as_replayed(table_text) is not None:
        return replayed == table_text
    head = table_text.removesuffix(FINAL_POINTER)
    return replayed.startswith(head + "🏁 **Game over.** ")


def viewer_move(message: FakeMessage) -> int:
    found = re.search(r"Move (\d+) of (\d+)", message.text())
    assert found, message.text()
    return int(found.group(1))


def shown_at_moves(
    messages: Iterable[FakeMessage], footer: re.Pattern[str], part: int
) -> dict[int, set[str]]:
    """Text display number `part` of every version of `messages` whose footer (the last text
    display) names a move, by that move: what those messages showed at each move."""
    found: dict[int, set[str]] = defaultdict(set)
    for message in messages:
        for version in message.versions():
            texts = [
                str(c.get("content", "")) for c in walk_components(version.get("components") or [])
                if c.get("type") == 10
            ]  # fmt: skip
            named = footer.search(texts[-1]) if len(texts) > part else None
            if named is not None:
                found[int(named.group(1))].add(texts[part])
    return found


def in_json(words: str) -> str:
    """`words` as they stand in a message's JSON."""
    return json.dumps(words, ensure_ascii=False)[1:-1]


def next_enabled(viewer: FakeMessage) -> bool:
    return not next(b for b in viewer.buttons() if b["label"] == "Next ▶").get("disabled")


async def test_a_replay_shows_what_the_table_showed_at_every_move(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """A solo game with text tables (pictures off): the replay's board at move n is the table's
    text as published at move n, for every move, stepping with Next; the jump menu and Last go
    straight to a move."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    published: list[str] = []
    rng, move = random.Random(4), 0
    while True:
        table = await wait_for_move(fake, fake.general, move)
        published.append(table.text_displays()[0])
        if not boards(fake, fake.general):
            break
        await decide_on(fake, fake.alice, table, rng)
        move += 1
    await fake.wait_until(lambda: any("final scores" in m.text() for m in fake.public_messages(fake.general)))
    assert len(published) > 10, "a whole game"

    listed = await fake.slash(fake.bob, fake.general, "history list")
    history = await fake.response_message(listed)
    assert history.ephemeral_to == fake.bob.id and "Mr. Cabbagehead's Garden" in history.text()
    game_id = (await bot.store.finished_games(fake.guild.id, 1))[0].id
    opened = await click(fake, fake.bob, history, f"Replay #{game_id}")
    viewer = await fake.response_message(opened)
    assert viewer.ephemeral_to == fake.bob.id and viewer_move(viewer) == 0
    for number, text in enumerate(published):
        assert viewer_move(viewer) == number
        assert same_as_table(viewer.text_displays()[2], text), (
            f"move {number}: the replay differs from the table"
        )
        if number < len(published) - 1:
            await click(fake, fake.bob, viewer, "Next ▶")
    await click(fake, fake.bob, viewer, "⏮ First")
    assert viewer_move(viewer) == 0
    jump = next(s for s in viewer.selects() if s["custom_id"].startswith("gc:replay:"))
    chosen = await fake.select(fake.bob, viewer, jump["custom_id"], ["3"])
    await chosen.wait_answered()
    assert viewer_move(viewer) == 3 and viewer.text_displays()[2] == published[3]


async def test_a_replay_hides_the_other_players_cards(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Secret Numbers hides each player's card: in Bob's replay, neither the table nor his own
    view ever shows one of Alice's private lines, while his own view shows his."""
    fake = fake_discord
    bot = running_bot.bot
    lobby = await open_lobby(fake, fake.alice, fake.general, "play secret-numbers", {"turns": 2})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    players = {"alice": fake.alice, "bob": fake.bob}
    move = 0
    while boards(fake, fake.general):
        table = await wait_for_move(fake, fake.general, move)
        found = re.search(r"Now: \*\*(\w+)\*\*", table.text())
        if not found:
            break
        hand = await open_hand(fake, players[found.group(1).lower()], fake.general)
        await pick(fake, players[found.group(1).lower()], hand, offered(hand)[0][1])
        move += 1
    record = (await bot.store.finished_games(fake.guild.id, 1))[0]
    private: dict[int, set[str]] = {0: set(), 1: set()}
    for action in await bot.store.actions(record.id):
        for data in action.events:
            for seat, line in Event.stored(data, get_game(record.game).seat_name).private.items():
                private[seat].add(line)
    assert private[0] and private[1]

    opened = await fake.slash(fake.bob, fake.general, "history replay", {"game": record.id})
    viewer = await fake.response_message(opened)
    await click(fake, fake.bob, viewer, "My view")
    while True:
        for version in viewer.versions():
            shown = json.dumps(version, ensure_ascii=False)
            assert not any(line in shown for line in private[0] - private[1]), "Alice's card in Bob's replay"
        if next(b for b in viewer.buttons() if b["label"] == "Next ▶").get("disabled"):
            break
        await click(fake, fake.bob, viewer, "Next ▶")
    seen = json.dumps(viewer.versions(), ensure_ascii=False)
    assert any(line in seen for line in private[1]), "Bob sees his own private lines"

    carol = await fake.slash(fake.carol, fake.general, "history replay", {"game": record.id})
    await click(fake, fake.carol, await fake.response_message(carol), "Next ▶")
    assert "My view" not in [b["label"] for b in (await fake.response_message(carol)).buttons()]


async def test_an_export_replays_with_the_engine_alone(
    fake_discord: FakeDiscord, running_bot: BotRunner, tmp_path: Path
) -> None:
    """`/history export` gives the options, seats, seed and moves; the engine rebuilds exactly the
    stored final state from the file. A game still being played is neither exported nor replayed."""
    fake = fake_discord
    bot = running_bot.bot
    lobby = await open_lobby(fake, fake.alice, fake.general, "play secret-numbers", {"turns": 1})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    game_id = (await bot.table.sessions.in_channel(fake.general.id)).game_id  # type: ignore[union-attr]
    early = await fake.slash(fake.alice, fake.general, "history export", {"game": game_id})
    assert NOT_REPLAYABLE in (await fake.response_message(early)).text()
    move = 0
    while boards(fake, fake.general):
        table = await wait_for_move(fake, fake.general, move)
        found = re.search(r"Now: \*\*(\w+)\*\*", table.text())
        if not found:
            break
        user = {"alice": fake.alice, "bob": fake.bob}[found.group(1).lower()]
        hand = await open_hand(fake, user, fake.general)
        await pick(fake, user, hand, offered(hand)[-1][1])
        move += 1
    await fake.wait_until(lambda: not boards(fake, fake.general), what="the end")

    asked = await fake.slash(fake.alice, fake.general, "history export", {"game": game_id})
    answer = await fake.response_message(asked)
    assert answer.ephemeral_to == fake.alice.id and answer.attachments
    # Issue 27 item 10: the answer speaks to a player, not of a file in the bot's source.
    assert "docs/" not in answer.text() and "`/history replay`" in answer.text(), answer.text()
    data = json.loads(fake.attachment_bytes(answer.attachments[0]))
    game = get_game(data["game"])
    moves = [(m["seat"], m["action"]) for m in data["moves"]]
    options = game.options_model.model_validate(data["options"])
    state, _events = replay(game, options, len(data["seats"]), data["seed"], moves)
    record = await bot.store.get(game_id)
    assert record is not None and record.state is not None
    assert dump_state(state) == dump_state(load_state(game, record.state))

    # The replay docs/replays.md shows, run as written on the exported file.
    exported = tmp_path / f"garden-club-game-{game_id}.json"
    exported.write_bytes(fake.attachment_bytes(answer.attachments[0]))
    document = (Path(__file__).resolve().parents[2] / "docs" / "replays.md").read_text(encoding="utf-8")
    snippet = document.split("```python\n", 1)[1].split("```", 1)[0]
    snippet = snippet.replace('"garden-club-game-12.json"', repr(str(exported)))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(snippet, "docs/replays.md", "exec"), {})
    names = [seat["name"] for seat in data["seats"]]
    assert printed.getvalue().splitlines()[-1] == game.result(state).summary_for(names)


async def test_a_sabotage_replay_shows_what_the_table_showed_at_every_move(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """The same for a two-player Garden Sabotage (hidden hands, no clock, a short season): the
    replay's board at each move is the table's text as published then."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    options = {"first_player": "host", "season_rounds": 3, "clock": "off"}
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", options)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    players = [fake.alice, fake.bob]
    published: list[str] = []
    rng, move = random.Random(6), 0
    while True:
        table = await wait_for_move(fake, fake.general, move)
        published.append(table.text_displays()[0])
        if not boards(fake, fake.general):
            break
        user = player_to_move(fake, table, players)
        assert user is not None, table.text()
        hand = await open_hand(fake, user, fake.general)
        await decide_on(fake, user, hand, rng)
        move += 1
    assert len(published) > 20, "a whole game"
    game_id = (await bot.store.finished_games(fake.guild.id, 1))[0].id
    opened = await fake.slash(fake.carol, fake.general, "history replay", {"game": game_id})
    viewer = await fake.response_message(opened)
    for number, text in enumerate(published):
        assert viewer_move(viewer) == number
        assert same_as_table(viewer.text_displays()[2], text), (
            f"move {number}: the replay differs from the table"
        )
        if number < len(published) - 1:
            await click(fake, fake.carol, viewer, "Next ▶")
    # Carol played no seat: no player's private line (a card drawn, an objective) ever reached her.
    private = {
        line
        for action in await bot.store.actions(game_id)
        for data in action.events
        for line in Event.stored(data, get_game("sabotage").seat_name).private.values()
    }
    assert private and "My view" not in [b["label"] for b in viewer.buttons()]
    shown = json.dumps(viewer.versions(), ensure_ascii=False)
    assert not [line for line in private if line in shown], "a hidden line in a spectator's replay"


async def test_a_sabotage_players_replay_shows_their_own_hand_and_never_the_opponents(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 18, "History and replays": a replay shows "each player's own private view to that
    player. Hidden cards of others stay hidden in a replay unless the game is over and the game's
    rules reveal them at the end." Alice and Bob play a short Garden Sabotage by clicks; then each
    opens the replay and presses My view: at every move it shows the hand that player's own hand
    message showed at that move, never the other's hand nor one of the other's private lines
    (a card drawn, an objective); at the last move The table shows the result as the final table
    did, and My view still only the player's own hand."""
    fake = fake_discord
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    options = {"first_player": "host", "season_rounds": 3, "clock": "off"}
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", options)
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    players = [fake.alice, fake.bob]
    published: list[str] = []
    rng, move = random.Random(8), 0
    while True:
        table = await wait_for_move(fake, fake.general, move)
        published.append(table.text_displays()[0])
        if not boards(fake, fake.general):
            break
        user = player_to_move(fake, table, players)
        assert user is not None, table.text()
        await decide_on(fake, user, await open_hand(fake, user, fake.general), rng)
        move += 1
    last = len(published) - 1
    record = (await bot.store.finished_games(fake.guild.id, 1))[0]
    assert record.game == "sabotage" and record.version == last
    hands = [
        shown_at_moves(
            [m for m in fake.ephemeral_messages(user) if "## Your hand" in m.text()], HAND_FOOTER, 1
        )
        for user in players
    ]
    names = [seat.name for seat in record.seats]
    said: list[set[str]] = [set(), set()]  # what each seat read of every move
    private: list[set[str]] = [set(), set()]  # each seat's private lines
    for action in await bot.store.actions(record.id):
        for data in action.events:
            event = Event.stored(data, get_game(record.game).seat_name)
            for seat in (0, 1):
                said[seat].add(event.line_for(seat, names))
                if seat in event.private:
                    private[seat].add(event.line_for(seat, names))
    assert private[0] and private[1]

    for seat, user in enumerate(players):
        other = 1 - seat
        assert len(hands[seat]) > last // 3, "the player's hand showed many moves"
        opened = await fake.slash(user, fake.general, "history replay", {"game": record.id})
        viewer = await fake.response_message(opened)
        assert viewer.ephemeral_to == user.id
        await click(fake, user, viewer, "My view")
        mine: dict[int, str] = {}
        for number in range(last + 1):
            assert viewer_move(viewer) == number
            mine[number] = viewer.text_displays()[2]
            if number in hands[seat]:
                assert hands[seat][number] == {mine[number]}, f"move {number}: not {user.name}'s hand then"
            if number < last:
                await click(fake, user, viewer, "Next ▶")
        assert not next_enabled(viewer)
        # The last move again: My view still the player's own hand; the table as it ended.
        await click(fake, user, viewer, "⏮ First")
        await click(fake, user, viewer, "Last ⏭")
        assert viewer_move(viewer) == last and viewer.text_displays()[2] == mine[last]
        await click(fake, user, viewer, "The table")
        assert viewer_move(viewer) == last and same_as_table(viewer.text_displays()[2], published[-1])
        assert "Game over" in published[-1]
        seen = json.dumps(viewer.versions(), ensure_ascii=False)
        assert private[other] - said[seat], "the other has private lines to keep"
        told = [line for line in private[other] - said[seat] if in_json(line) in seen]
        assert not told, f"the other's private lines in {user.name}'s replay: {told}"
        theirs = {text for texts in hands[other].values() for text in texts} - set(mine.values())
        assert theirs, "the other's hands to keep"
        assert not [text for text in theirs if in_json(text) in seen], (
            f"the other's hand in {user.name}'s replay"
        )
        assert any(in_json(line) in seen for line in private[seat]), f"{user.name} reads their own lines"


async def shown_or_moved_on(fake: FakeDiscord, runner: BotRunner, version: int) -> bool:
    """Wait until the table shows move `version` (True, if the game is still there) or the game
    moved past it first (False): a computer may act in the same window as Alice, and the publisher
    shows only the newest version (a version nobody saw is never drawn). A version that stays
    and is never shown fails."""
    assert runner.bot is not None
    sessions = runner.bot.table.sessions
    footer = re.compile(rf"{FOOTER} {version}\b")
    moved: list[bool] = []

    async def settled() -> bool:
        current = await sessions.in_channel(fake.general.id)
        if current is None or current.version != version:
            moved.append(True)
            return True
        return any(footer.search(message.text()) for message in fake.public_messages(fake.general))

    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20.0
    while not await settled():
        if loop.time() > deadline:
            shown = [message.text()[-120:] for message in fake.public_messages(fake.general)]
            raise AssertionError(f"the table never showed move {version}, where Alice is to decide: {shown}")
        await asyncio.sleep(0.01)
    return not moved


async def alice_to_decide(fake: FakeDiscord, runner: BotRunner, alice: FakeUser) -> bool:
    """Wait (the computers playing meanwhile) until Alice is to decide at a version the table
    shows: True; False once the game is over. (The game's session is read only to know when.)"""
    assert runner.bot is not None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30.0
    while loop.time() < deadline:
        position = await runner.bot.table.sessions.in_channel(fake.general.id)
        if position is None or position.record.status != "active":
            return False
        # A window Alice has nothing to play in does not ask her (issue 27 item 4).
        asked = [seat for seat in position.to_move() if not position.only_pass(seat)]
        if alice.id in {position.record.seats[seat].user_id for seat in asked}:
            if await shown_or_moved_on(fake, runner, position.version):
                return True
            continue
        await asyncio.sleep(0.02)
    raise AssertionError("the game made no progress towards Alice's decision")


async def test_a_garden_party_replay_shows_what_the_table_showed_at_every_move(
    fake_discord: FakeDiscord, garden_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18, "Tests and figures": "Replays reproduce every stored position of a set of recorded
    games (the board at each move equals what was published at that move)", for Garden Party:
    Alice plays by clicks against two computer seats through a three-round season, no clock; at
    each move the table published (nearly all of them), the replay shows exactly the table's text
    as published then: every such move as the viewer draws it, and some through a spectator's
    clicks (Next, the jump menu, Last)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.02)
    fake, alice = fake_discord, fake_discord.alice
    bot = await garden_bot.start(garden_bot.settings(picture_budget_ms=0))
    bot.table.lobbies._seed_source = lambda: 18
    options = {"players": 3, "season_rounds": 3, "clock": "off"}
    lobby = await open_lobby(fake, alice, fake.general, "play garden-party", options)
    for _ in range(2):
        await host_click(fake, alice, lobby, "Add computer player (Easy)")
    await click(fake, alice, lobby, "Start")
    rng = random.Random(18)
    for _ in range(300):
        if not await alice_to_decide(fake, garden_bot, alice):
            break
        hand = (await click(fake, alice, board(fake, fake.general), HAND_LABEL)).original
        assert hand is not None
        ending = [how for label, how in offered(hand) if label.startswith("End my turn")]
        if ending:  # a short turn keeps the test short
            await pick(fake, alice, hand, ending[0])
        else:
            await decide_on(fake, alice, hand, rng)
    else:
        raise AssertionError("the season did not end")
    await fake.wait_until(lambda: not boards(fake, fake.general), what="the end")
    record = (await bot.store.finished_games(fake.guild.id, 1))[0]
    assert record.game == "garden_party"
    last = record.version
    await wait_for_move(fake, fake.general, last)
    tables = [m for m in fake.messages.values() if m.channel_id == fake.general.id and not m.ephemeral]
    published = shown_at_moves(tables, TABLE_FOOTER, 0)
    # The publisher shows the latest version: a move made while the one before it was being
    # published (Alice's answer racing a computer's) may never have been on the table by itself.
    assert {0, last} <= set(published) and len(published) >= 0.9 * (last + 1), sorted(published)

    # Every move, drawn as the viewer draws it (the replay rebuilt from the stored game)...
    built = rebuild(record, await bot.store.actions(record.id))
    for number in sorted(published):
        shown = replay_layout(built, number, None, words_for("en"), own=False).to_components()
        body = [c["content"] for c in walk_components(shown) if c.get("type") == 10][2]
        [table_text] = published[number]
        assert same_as_table(body, table_text), f"move {number}: the replay differs from the table"
    # ... and through the viewer's own buttons and menu, a spectator's.
    opened = await fake.slash(fake.carol, fake.general, "history replay", {"game": record.id})
    viewer = await fake.response_message(opened)
    assert "My view" not in [b["label"] for b in viewer.buttons()]
    for number in range(4):
        assert viewer_move(viewer) == number
        assert published.get(number, {viewer.text_displays()[2]}) == {viewer.text_displays()[2]}
        await click(fake, fake.carol, viewer, "Next ▶")
    jump = next(s for s in viewer.selects() if s["custom_id"].startswith("gc:replay:"))
    middle = max(int(option["value"]) for option in jump["options"])
    await (await fake.select(fake.carol, viewer, jump["custom_id"], [str(middle)])).wait_answered()
    assert viewer_move(viewer) == middle
    assert published.get(middle, {viewer.text_displays()[2]}) == {viewer.text_displays()[2]}
    await click(fake, fake.carol, viewer, "Last ⏭")
    [ended] = published[last]
    assert viewer_move(viewer) == last and same_as_table(viewer.text_displays()[2], ended)
    assert not next_enabled(viewer) and "Game over" in viewer.text_displays()[2]
