"""How a card's slots are offered: as buttons laid out like the plot where they fit (a row of
buttons per garden row, a column per garden column; issue 27 item 15), else in menus: the empty
slots by rows as the picture shows them (as many rows to a menu as fit in 25), then the planted
slots, whose card would go to the Compost (issue 17; slot names: Mr. Cabbagehead's Garden
ruling 24)."""

from __future__ import annotations

import re
import sys
from functools import lru_cache

from bot.basics.words import Words, words_for
from bot.ui.choices import BUTTONS_PER_ROW, OPTIONS_PER_MENU, Entry

#: A grid button on a planted card: planting there sends that card to the Compost.
COMPOSTS = "♻"

#: A slot as a picker names it (ruling 24): "F3", or "F3, composting the Onion" on a planted card
#: (in any language: "F3, en compostant l’Oignon").
SLOT_ENTRY = re.compile(r"([A-Z])(\d+)(, .+)?")


@lru_cache(maxsize=2048)
def _slot(label: str) -> tuple[str, int, int, bool, str] | None:
    """A slot entry's label read once for every page that offers it (the same few hundred names
    come back move after move): its name, row, column, whether a card is planted there, and its
    button's label in a grid (`slot_grid`)."""
    found = SLOT_ENTRY.fullmatch(label)
    if found is None:
        return None
    name, planted = f"{found.group(1)}{found.group(2)}", bool(found.group(3))
    return name, int(found.group(2)), ord(found.group(1)), planted, f"{name} {COMPOSTS}" if planted else name


def _rows_section(rows: list[int], empty: dict[int, list[Entry]], words: Words) -> tuple[str, list[Entry]]:
    """ "Row 3" or "Rows 1–2", with the empty slots of those rows."""
    title = (
        words.text("Row {row}: empty slots", row=rows[0])
        if len(rows) == 1
        else words.text("Rows {first}–{last}: empty slots", first=rows[0], last=rows[-1])
    )
    return title, [entry for r in rows for entry in empty[r]]


def slot_sections(entries: list[Entry], words: Words | None = None) -> list[tuple[str, list[Entry]]] | None:
    """The menus of a card's slots with their placeholders (in `words`' language; None: English);
    None when the entries are not all slot names (then the default menus serve)."""
    words = words or words_for(None)
    empty: dict[int, list[Entry]] = {}
    planted: list[Entry] = []
    for entry in entries:
        slot = _slot(entry.label)
        if slot is None:
            return None
        if slot[3]:
            planted.append(entry)
        else:
            empty.setdefault(slot[1], []).append(entry)
    sections: list[tuple[str, list[Entry]]] = []
    rows: list[int] = []
    for number in sorted(empty):
        if rows and sum(len(empty[r]) for r in rows) + len(empty[number]) > OPTIONS_PER_MENU:
            sections.append(_rows_section(rows, empty, words))
            rows = []
        rows.append(number)
    if rows:
        sections.append(_rows_section(rows, empty, words))
    if planted:
        sections.append((words.text("On a planted card (it goes to the Compost)"), planted))
    return sections


def slot_grid(entries: list[Entry]) -> list[list[Entry | None]] | None:
    """The slots on offer as rows of buttons laid out like the plot, each named by its slot ("F3";
    "F3 ♻" on a planted card; None in a cell: a slot not on offer). A garden wider than a row of
    buttons (a 6-column plot) is cut into side-by-side parts shown one under the other, the left
    part first ("A1 B1 C1" over "A2 B2 C2", then "D1 E1 F1" ...), each as wide as the others or
    one narrower. None when the entries are not all slots (then the menus serve)."""
    cells: dict[tuple[int, int], Entry] = {}
    # The plot's extent is found in the same pass (a page is planned once per version).
    top = first = sys.maxsize
    bottom = last = -1
    for entry in entries:
        slot = _slot(entry.label)
        if slot is None:
            return None
        _name, row, column, _planted, shown = slot
        if row < top:
            top = row
        if row > bottom:
            bottom = row
        if column < first:
            first = column
        if column > last:
            last = column
        cells[(row, column)] = entry if shown == entry.label else Entry(shown, entry.choice)
    if not cells:
        return None
    rows = range(top, bottom + 1)
    width = last - first + 1
    parts = -(-width // BUTTONS_PER_ROW)  # the fewest parts of at most five columns
    grid: list[list[Entry | None]] = []
    left = first
    for part in range(parts):
        part_width = -(-(last + 1 - left) // (parts - part))  # the widest parts first
        columns = range(left, left + part_width)
        grid += [[cells.get((r, c)) for c in columns] for r in rows]
        left += part_width
    return grid
