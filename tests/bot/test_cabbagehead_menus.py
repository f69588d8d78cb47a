"""A card's slots come in menus a player finds their way in (issue 17, "menus with distinct
placeholders"; slot names: Mr. Cabbagehead's Garden ruling 24): the empty slots grouped by rows
as the picture shows them, then the planted slots whose card would go to the Compost."""

from __future__ import annotations

import string

from bot.presenters.cabbagehead import PRESENTER
from bot.ui.choices import OPTIONS_PER_MENU, Entry, fits_menus


def slot_entries(rows: int, cols: int, planted: set[str]) -> list[Entry]:
    names = [f"{string.ascii_uppercase[c]}{r}" for r in range(1, rows + 1) for c in range(cols)]
    empty = [Entry(name, f"a{i}") for i, name in enumerate(names) if name not in planted]
    on_cards = [
        Entry(f"{name}, composting the Onion", f"a{100 + i}") for i, name in enumerate(sorted(planted))
    ]
    return empty + on_cards


def test_a_floating_frame_is_offered_by_rows_then_planted_slots() -> None:
    entries = slot_entries(5, 11, {"F3"})
    sections = PRESENTER.menu_sections("Left Carrot (pay 1 bee)", entries)
    assert sections is not None and fits_menus(sections)
    assert [title for title, _ in sections] == [
        "Rows 1–2: empty slots",
        "Rows 3–4: empty slots",
        "Row 5: empty slots",
        "On a planted card (it goes to the Compost)",
    ]
    assert [e for _, menu in sections for e in menu] == [e for e in entries if "," not in e.label] + [
        e for e in entries if "," in e.label
    ]
    assert all(len(menu) <= OPTIONS_PER_MENU for _, menu in sections)


def test_the_fixed_grid_fits_one_menu_of_empty_slots() -> None:
    sections = PRESENTER.menu_sections("Centre Radish (free)", slot_entries(3, 6, {"A1", "B1"}))
    assert sections is not None
    assert [title for title, _ in sections] == [
        "Rows 1–3: empty slots",
        "On a planted card (it goes to the Compost)",
    ]


def test_choices_that_are_not_slots_keep_the_default_menus() -> None:
    assert PRESENTER.menu_sections(None, [Entry("Place the Grasshopper in F3", "a0")]) is None
