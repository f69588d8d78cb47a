"""Slot names a player reads mean the same slot in the picture they see next (issue 17, "Slot
names drift"; Mr. Cabbagehead's Garden ruling 24).

A whole two-player game on the floating plot is played from the table by clicks. After every
move, each planting line the table shows ("Alice plants the left Lettuce #39 in F3, …") is
checked against the position the next picture is drawn from: the planter's slot of that name holds
that very card, unless a Neighbour's visit in the same move took or moved it. That the picture
labels its margins with the view's names is checked where the picture is drawn
(tests/bot/test_pictures.py)."""

from __future__ import annotations

import random
import re

from engine.api import load_state
from engine.cabbagehead.game import GAME
from engine.cabbagehead.view_models import CabbageheadView
from tests.e2e.table_driver import boards, click, is_action, offered, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord

PLANTING = re.compile(r"(\w+) plants the (?:left|centre|right) (.+?) #(\d+) in ([A-Z]\d+)")
#: Lines of a Neighbour's visit that take or move cards in a garden (the same move may follow it).
VISITS = re.compile(r"\b(takes|moves|composts|removes|swaps)\b")


async def test_planting_lines_name_the_slot_the_next_picture_shows(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    fake = fake_discord
    bot = running_bot.bot
    lobby = await open_lobby(
        fake, fake.alice, fake.general, "play cabbagehead", {"players": 2, "first_player": "host"}
    )
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    players = {"Alice": fake.alice, "Bob": fake.bob}
    rng, move, checked = random.Random(17), 0, set()
    for _ in range(400):
        table = await wait_for_move(fake, fake.general, move)
        position = await bot.table.sessions.in_channel(fake.general.id)
        if position is None or not boards(fake, fake.general):
            break
        record = await bot.store.get(position.game_id)
        assert record is not None and record.state is not None and record.version == move
        view = GAME.view(load_state(GAME, record.state), None)
        assert isinstance(view, CabbageheadView)
        lines = [t for t in table.text_displays() if t.startswith("**Recent**")]
        recent = lines[0].splitlines()[1:] if lines else []
        for index, line in enumerate(recent):
            found = PLANTING.search(line)
            if not found or any(VISITS.search(later) for later in recent[index + 1 :]):
                continue
            who, vegetable, number, name = found.group(1), found.group(2), int(found.group(3)), found.group(4)
            garden = next(g for g in view.gardens if position.names[g.seat] == who)
            slot = next((s for s in garden.slots if s.label == name), None)
            assert slot is not None, f"{line!r}: no slot {name} in {who}'s garden now"
            assert slot.card is not None, f"{line!r}: slot {name} is empty in the next picture"
            shown = (slot.card.vegetable, slot.card.vegetable_number)
            assert shown == (vegetable, number), f"{line!r}: the next picture shows {shown} at {name}"
            checked.add(line)
        user = next((u for n, u in players.items() if f"Now: {n} " in "\n".join(table.text_displays())), None)
        assert user is not None, "\n".join(table.text_displays())
        for _step in range(3):  # the card, then the slot (or a decision offered directly)
            choices = [c for c in offered(table) if "Back" not in c[0]]
            assert choices, table.text()
            actions = [c for c in choices if is_action(c[1])]
            how = rng.choice(actions or choices)[1]
            await pick(fake, user, table, how)
            if is_action(how):
                break
        move += 1
    assert not boards(fake, fake.general), "the game was played to its end"
    assert len(checked) > 20, f"only {len(checked)} planting lines checked"
