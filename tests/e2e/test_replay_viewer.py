"""The replay viewer as players meet it (issue 27 item 12): the board's picture at each step, a
way back to the list, no list entry for a game that ended at move 0, and the docs/replays.md
example working on the export of a game ended early."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path

from bot.handlers.history_commands import BACK_TO_LIST, NO_MOVES
from engine.api import replay, standing_result
from engine.registry import get_game
from tests.e2e.table_driver import click, decide_on, open_lobby
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage
from tests.fake_discord.model import walk_components

MEDIA_GALLERY = 12


def pictures(message: FakeMessage) -> list[str]:
    """The URLs of the message's gallery pictures (what a player sees drawn)."""
    return [
        str(item["media"]["url"])
        for c in walk_components(message.components)
        if c.get("type") == MEDIA_GALLERY
        for item in c.get("items", [])
    ]


async def table_at(fake: FakeDiscord, game_id: int, move: int) -> FakeMessage:
    """Game `game_id`'s table in #general once it shows `move`."""
    footer = re.compile(rf"Game #{game_id} · move {move}\b")  # the seal line follows at move 0 only

    def shown() -> FakeMessage | None:
        return next((m for m in fake.public_messages(fake.general) if footer.search(m.text())), None)

    found: FakeMessage = await fake.wait_until(shown, what=f"game {game_id} at move {move}")
    return found


async def solo_game(fake: FakeDiscord, runner: BotRunner, moves: int, seed: int) -> int:
    """A solo Mr. Cabbagehead's Garden in #general, `moves` moves made by clicks, then `/end`:
    the game's number."""
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    position = await runner.bot.table.sessions.in_channel(fake.general.id)
    assert position is not None
    rng = random.Random(seed)
    for move in range(moves):
        await decide_on(fake, fake.alice, await table_at(fake, position.game_id, move), rng)
    await table_at(fake, position.game_id, moves)
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    return position.game_id


async def test_a_replay_shows_the_board_picture_and_leads_back_to_the_list(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """issue 27 item 12: the viewer was text only and replaced the /history list with no way back;
    the list offered a game ended at move 0, every replay button disabled. Now each step carries
    the board's picture at that move, Back to the list returns to the list (its picture gone), and
    a game with no moves is neither listed nor replayed."""
    fake, bot = fake_discord, running_bot.bot
    empty = await solo_game(fake, running_bot, 0, seed=1)
    played = await solo_game(fake, running_bot, 3, seed=2)
    listed = await fake.response_message(await fake.slash(fake.bob, fake.general, "history list"))
    labels = [str(b.get("label")) for b in listed.buttons()]
    assert f"Replay #{played}" in labels and f"Replay #{empty}" not in labels
    assert f"#{empty}" not in listed.text()
    refused = await fake.response_message(
        await fake.slash(fake.bob, fake.general, "history replay", {"game": empty})
    )
    assert NO_MOVES in refused.text() and refused.ephemeral_to == fake.bob.id

    await click(fake, fake.bob, listed, f"Replay #{played}")
    viewer = listed  # the list message becomes the viewer
    assert "Move 0 of 3" in viewer.text()
    shown = [fake.attachment_bytes(viewer.attachments[0])]
    assert len(pictures(viewer)) == 1 and shown[0][:4] == b"\x89PNG"
    for step in (1, 2, 3):
        await click(fake, fake.bob, viewer, "Next ▶")
        assert f"Move {step} of 3" in viewer.text() and pictures(viewer)
        shown.append(fake.attachment_bytes(viewer.attachments[0]))
    assert len(set(shown)) == 4, "each step shows the board as it stood then"
    record = await bot.store.get(played)
    assert record is not None and record.status == "cancelled"

    await click(fake, fake.bob, viewer, BACK_TO_LIST)
    assert "Last games on this server" in viewer.text() and f"Replay #{played}" in [
        str(b.get("label")) for b in viewer.buttons()
    ]
    assert not pictures(viewer) and not viewer.attachments


async def test_the_docs_example_replays_the_export_of_a_game_ended_early(
    fake_discord: FakeDiscord, running_bot: BotRunner, tmp_path: Path
) -> None:
    """issue 27 item 12: docs/replays.md's example asked the engine for the final result, which a
    game ended early does not have; run as written on such an export, it now prints the public
    log and the scores as they stood."""
    fake = fake_discord
    game_id = await solo_game(fake, running_bot, 2, seed=3)
    asked = await fake.slash(fake.alice, fake.general, "history export", {"game": game_id})
    answer = await fake.response_message(asked)
    data = json.loads(fake.attachment_bytes(answer.attachments[0]))
    assert data["status"] == "cancelled" and len(data["moves"]) == 2
    (tmp_path / "garden-club-game-12.json").write_bytes(fake.attachment_bytes(answer.attachments[0]))
    document = (Path(__file__).resolve().parents[2] / "docs" / "replays.md").read_text(encoding="utf-8")
    snippet = document.split("```python\n", 1)[1].split("```", 1)[0]
    printed = io.StringIO()
    with contextlib.chdir(tmp_path), contextlib.redirect_stdout(printed):
        exec(compile(snippet, "docs/replays.md", "exec"), {})
    game = get_game(data["game"])
    options = game.options_model.model_validate(data["options"])
    state, _ = replay(game, options, 1, data["seed"], [(m["seat"], m["action"]) for m in data["moves"]])
    names = [seat["name"] for seat in data["seats"]]
    assert printed.getvalue().splitlines()[-1] == standing_result(game, state).summary_for(names)
