"""How a card's slots are offered in menus: the empty slots by rows as the picture shows them
(as many rows to a menu as fit in 25), then the planted slots, whose card would go to the Compost
(issue 17; slot names: Mr. Cabbagehead's Garden ruling 24)."""

from __future__ import annotations

import re

from bot.ui.choices import OPTIONS_PER_MENU, Entry

#: A slot as a picker names it (ruling 24): "F3", or "F3, composting the Onion" on a planted card.
SLOT_ENTRY = re.compile(r"([A-Z])(\d+)(, .+)?")


def _rows_section(rows: list[int], empty: dict[int, list[Entry]]) -> tuple[str, list[Entry]]:
    """ "Row 3" or "Rows 1–2", with the empty slots of those rows."""
    title = f"Row {rows[0]}" if len(rows) == 1 else f"Rows {rows[0]}–{rows[-1]}"
    return f"{title}: empty slots", [entry for r in rows for entry in empty[r]]


def slot_sections(entries: list[Entry]) -> list[tuple[str, list[Entry]]] | None:
    """The menus of a card's slots with their placeholders; None when the entries are not all
    slot names (then the default menus serve)."""
    empty: dict[int, list[Entry]] = {}
    planted: list[Entry] = []
    for entry in entries:
        found = SLOT_ENTRY.fullmatch(entry.label)
        if found is None:
            return None
        if found.group(3):
            planted.append(entry)
        else:
            empty.setdefault(int(found.group(2)), []).append(entry)
    sections: list[tuple[str, list[Entry]]] = []
    rows: list[int] = []
    for number in sorted(empty):
        if rows and sum(len(empty[r]) for r in rows) + len(empty[number]) > OPTIONS_PER_MENU:
            sections.append(_rows_section(rows, empty))
            rows = []
        rows.append(number)
    if rows:
        sections.append(_rows_section(rows, empty))
    if planted:
        sections.append(("On a planted card (it goes to the Compost)", planted))
    return sections
