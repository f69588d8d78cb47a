"""History and replays (issue 18): `/history list` shows the server's finished games with Replay;
a replay is rebuilt through the engine and shows, move by move, exactly what the table showed
then; a player may see their own view but never another's hidden cards; `/history export` gives a
file the engine alone replays (docs/replays.md)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path

from bot.handlers.history_commands import NOT_REPLAYABLE
from engine.api import Event, dump_state, load_state, replay
from engine.registry import get_game
from tests.e2e.table_driver import (
    boards,
    click,
    decide_on,
    offered,
    open_hand,
    open_lobby,
    pick,
    player_to_move,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage


def viewer_move(message: FakeMessage) -> int:
    found = re.search(r"Move (\d+) of (\d+)", message.text())
    assert found, message.text()
    return int(found.group(1))


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
        assert viewer.text_displays()[2] == text, f"move {number}: the replay differs from the table"
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
            for seat, line in Event.model_validate(data).private.items():
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
        assert viewer.text_displays()[2] == text, f"move {number}: the replay differs from the table"
        if number < len(published) - 1:
            await click(fake, fake.carol, viewer, "Next ▶")
    # Carol played no seat: no player's private line (a card drawn, an objective) ever reached her.
    private = {
        line
        for action in await bot.store.actions(game_id)
        for data in action.events
        for line in Event.model_validate(data).private.values()
    }
    assert private and "My view" not in [b["label"] for b in viewer.buttons()]
    shown = json.dumps(viewer.versions(), ensure_ascii=False)
    assert not [line for line in private if line in shown], "a hidden line in a spectator's replay"
