"""Choosing a Cabbagehead slot (issue 27 item 15): the slots on offer are buttons laid out like
the plot where they fit in one layout message (Discord's 40 components), menus only beyond; the
garden's text counts the open slots instead of naming 54 of them (Mr. Cabbagehead's Garden
ruling 24: a slot is named by its column letter and row number)."""

from __future__ import annotations

from tests.e2e.table_driver import board, click, offered, open_lobby, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.model import walk_components

ACTION_ROW, BUTTON = 1, 2
COMPONENTS_MAX = 40


def button_rows(message: object) -> list[list[str]]:
    """The labels of each action row of buttons in `message`, top to bottom."""
    rows = []
    for component in walk_components(message.components):  # type: ignore[attr-defined]
        if component.get("type") == ACTION_ROW:
            labels = [str(c.get("label")) for c in component["components"] if c.get("type") == BUTTON]
            if labels:
                rows.append(labels)
    return rows


async def test_a_fixed_plot_offers_its_slots_as_buttons_in_the_plot_s_shape(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """On the fixed 6 x 3 plot, the first card's 18 slots are three rows of buttons in two parts,
    A–C then D–F, no menu; the message keeps within Discord's limit; the button plants there."""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1, "fixed_grid": True})
    table = await wait_for_move(fake, fake.general, 0)
    [take, *_] = [how for label, how in offered(table) if "Back" not in label]
    await pick(fake, fake.alice, table, take)
    table = board(fake, fake.general)
    assert not table.selects(), "no menu: the slots fit as buttons"
    slots = [
        row
        for row in button_rows(table)
        if all(label[:1].isupper() and label[1:2].isdigit() for label in row)
    ]
    assert slots == [
        ["A1", "B1", "C1"],
        ["A2", "B2", "C2"],
        ["A3", "B3", "C3"],
        ["D1", "E1", "F1"],
        ["D2", "E2", "F2"],
        ["D3", "E3", "F3"],
    ]
    assert len(list(walk_components(table.components))) <= COMPONENTS_MAX
    as_text = (await click(fake, fake.alice, table, "Board as text")).original
    assert as_text is not None and "Open: 18 slots, A1 to F3" in as_text.text(), "counted, not 18 names"
    [d2] = [how for label, how in offered(table) if label == "D2"]
    await pick(fake, fake.alice, table, d2)
    table = await wait_for_move(fake, fake.general, 1)
    assert "D2" in table.text().split("**Recent**")[-1], "the card went where the button said"


async def test_a_floating_plot_too_wide_for_buttons_offers_menus(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """The floating plot's second card may go in any of the 54 other slots around the first (11
    columns, 5 rows): more buttons than one message holds, so menus by rows, as before."""
    fake = fake_discord
    await open_lobby(fake, fake.alice, fake.general, "play cabbagehead", {"players": 1})
    table = await wait_for_move(fake, fake.general, 0)
    [(label, first), *_] = offered(table)
    assert label.endswith(" in F3"), "the first card has one place: the plot is that card"
    await pick(fake, fake.alice, table, first)
    table = await wait_for_move(fake, fake.general, 1)
    [take, *_] = [how for label, how in offered(table) if "Back" not in label]
    await pick(fake, fake.alice, table, take)
    table = board(fake, fake.general)
    placeholders = [str(menu.get("placeholder")) for menu in table.selects()]
    assert placeholders == [
        "Rows 1–2: empty slots",
        "Rows 3–4: empty slots",
        "Row 5: empty slots",
        "On a planted card (it goes to the Compost)",
    ]
    assert not [row for row in button_rows(table) if "A1" in row]
    as_text = (await click(fake, fake.alice, table, "Board as text")).original
    assert as_text is not None and "Open: 54 slots, A1 to K5" in as_text.text()
