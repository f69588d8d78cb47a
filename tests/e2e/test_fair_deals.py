"""Fair deals anyone can check (issue 18): the table shows a seal of the game's seed from the first
move, nobody sees the seed while the game is played, and the end reveals it so that anyone can
check it against the seal and replay the game with the engine alone (docs/fair-deals.md)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import random
import re
from pathlib import Path

from engine.api import dump_state, load_state, replay
from engine.registry import get_game
from tests.e2e.table_driver import boards, decide_on, open_lobby, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage

SEAL = re.compile(r"Fair deal: sealed `([0-9a-f]{16})`")
REVEAL = re.compile(r"Seed `(\d+)`: the SHA-256 of `(\d+):(\d+)` starts `([0-9a-f]{16})`")


async def test_the_seal_shown_at_the_start_matches_the_seed_revealed_at_the_end(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    bot = running_bot.bot
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    first = await wait_for_move(fake, fake.general, 0)
    sealed = SEAL.search(first.text())
    assert sealed is not None, "the table shows the seal from the first move"
    position = await bot.table.sessions.in_channel(fake.general.id)
    assert position is not None
    game_id, seed = position.game_id, position.record.seed

    rng, move = random.Random(8), 0
    while boards(fake, fake.general):  # played from the table to the end
        table = await wait_for_move(fake, fake.general, move)
        await decide_on(fake, fake.alice, table, rng)
        move += 1
        await wait_for_move(fake, fake.general, move)

    final = await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "final scores" in m.text()], what="the end"
    )
    revealed = REVEAL.search(final[0].text())
    assert revealed is not None, final[0].text()
    assert int(revealed.group(1)) == seed and int(revealed.group(2)) == game_id
    hashed = hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()
    assert revealed.group(4) == sealed.group(1) == hashed[:16], "the seal is the start of the hash"

    # While the game was played the seed was in no message anyone saw (every version of every
    # message): it appears only in the reveal, which only a finished game shows.
    for message in fake.messages.values():
        for version in message.versions():
            text = str(version)
            if str(seed) in text:
                assert "Seed `" in text and "sealed" not in text, text[:300]

    # The seed, the options and the stored moves rebuild exactly the stored final state.
    record = await bot.store.get(game_id)
    assert record is not None and record.state is not None
    game = get_game(record.game)
    moves = [(a.seat, a.action) for a in await bot.store.actions(game_id)]
    rebuilt, _events = replay(
        game, game.options_model.model_validate(record.options), len(record.seats), seed, moves
    )
    assert dump_state(rebuilt) == dump_state(load_state(game, record.state))

    # The replay the documentation shows, run as written against this game's database.
    document = (Path(__file__).resolve().parents[2] / "docs" / "fair-deals.md").read_text(encoding="utf-8")
    snippet = document.split("```python\n", 1)[1].split("```", 1)[0]
    snippet = snippet.replace(
        '"data/garden-club.sqlite3"', repr(str(running_bot.data_dir / "garden-club.sqlite3"))
    )
    snippet = snippet.replace("(12,)", f"({game_id},)")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(snippet, "docs/fair-deals.md", "exec"), {})
    summary = game.result(rebuilt).summary_for([f"Seat {n + 1}" for n in range(len(record.seats))])
    assert printed.getvalue().splitlines()[-1] == summary


async def test_the_seal_is_shown_once_briefly_and_the_seed_once_at_the_end(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Issue 27 items 9 and 10: the table no longer carries a SHA-256 line on every move. The seal
    is a short field on the first table only (move 0), and the seed is said once, at the end, in
    the final message (not on the finished table as well)."""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    first = await wait_for_move(fake, fake.general, 0)
    assert SEAL.search(first.text()) and "SHA-256" not in first.text(), first.text()
    rng, move = random.Random(8), 0
    while boards(fake, fake.general):
        table = await wait_for_move(fake, fake.general, move)
        await decide_on(fake, fake.alice, table, rng)
        move += 1
        later = await wait_for_move(fake, fake.general, move)
        assert "sealed" not in later.text() and "SHA-256" not in later.text(), later.text()
    position = await running_bot.bot.table.sessions.in_channel(fake.general.id)
    record = await running_bot.bot.store.get(first_game_id(first))
    assert position is None and record is not None
    await fake.wait_until(
        lambda: [m for m in fake.public_messages(fake.general) if "final scores" in m.text()], what="the end"
    )
    saying = [m for m in fake.public_messages(fake.general) if str(record.seed) in m.text()]
    assert len(saying) == 1 and "final scores" in saying[0].text(), [m.text()[:200] for m in saying]
    assert saying[0].text().count(str(record.seed)) == 2  # the seed, and the text whose hash it is


def first_game_id(message: FakeMessage) -> int:
    found = re.search(r"Game #(\d+)", message.text())
    assert found is not None
    return int(found.group(1))
