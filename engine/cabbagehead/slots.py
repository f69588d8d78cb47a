"""Where a plot has room, asked on every decision and so kept fast: the open slots, every
slot a card may be planted in (composting included), and where Grasshoppers and Roses may go.
"""

from __future__ import annotations

from functools import cache

from engine.cabbagehead.plot import (
    COLUMN_LETTERS,
    PLOT_COLS,
    PLOT_ROWS,
    Garden,
    frame_size,
    names_of,
    neighbours_of,
)


def bare_cells(garden: Garden) -> list[int]:
    """Where the first thing goes in a bare floating plot: along rows (columns) that float every
    place is the same, so only the middle one is offered; fixed ones are offered in full (a plot
    with fixed columns can be emptied by Neighbours and the Compost)."""
    rows = range(PLOT_ROWS) if garden.rows_fixed else [garden.rows // 2]
    cols = range(PLOT_COLS) if garden.cols_fixed else [garden.cols // 2]
    return [r * garden.cols + c for r in rows for c in cols]


def open_slots(garden: Garden) -> list[int]:
    """Cells where a card may be planted without composting: empty (a lone Grasshopper counts as
    empty, so does a slot under a Rose) and inside the frame."""
    if not garden.fixed and not garden.box:
        return bare_cells(garden)
    frame_rows, frame_cols = frame_size(garden)
    cols = garden.cols
    cells = garden.cells
    return [r * cols + c for r in range(frame_rows) for c in range(frame_cols) if cells[r * cols + c] < 0]


@cache
def frame_cells(frame_rows: int, frame_cols: int, canvas_cols: int) -> tuple[tuple[int, int, int], ...]:
    """(cell, row, column) of every frame slot, row by row, rows and columns counted from 1."""
    return tuple((r * canvas_cols + c, r + 1, c + 1) for r in range(frame_rows) for c in range(frame_cols))


PlantSlot = tuple[int, int, str, str, str]


@cache
def _frame_slots(
    frame_rows: int, frame_cols: int, canvas_cols: int, origin_row: int, origin_col: int
) -> tuple[tuple[int, int, int, str, PlantSlot], ...]:
    """(cell, row, column, name, the empty slot's planting tail) of every frame slot, row by row:
    made once per frame and origin, so the hottest question builds no tuple for an empty slot."""
    out = []
    for i, r, c in frame_cells(frame_rows, frame_cols, canvas_cols):
        name = f"{COLUMN_LETTERS[origin_col + c - 1]}{origin_row + r}"
        out.append((i, r, c, name, (r, c, "", "plant", name)))
    return tuple(out)


def plant_slots(garden: Garden, names: list[str]) -> list[PlantSlot]:
    """Every slot a card may be planted in, as (row, column, name of the card composted or "",
    "plant", slot name): the open slots, then the planted ones, each in reading order. `names`
    holds each card's vegetable. (The game's hottest question, so it reads the canvas once.)"""
    cells = garden.cells
    if not garden.fixed and not garden.box:
        slot = names_of(garden)
        return [(i // garden.cols + 1, i % garden.cols + 1, "", "plant", slot[i]) for i in bare_cells(garden)]
    frame_rows, frame_cols = frame_size(garden)
    frame = _frame_slots(frame_rows, frame_cols, garden.cols, garden.origin_row, garden.origin_col)
    empty = [free for i, _, _, _, free in frame if cells[i] < 0]
    taken = [(r, c, names[cells[i]], "plant", name) for i, r, c, name, _ in frame if cells[i] >= 0]
    return empty + taken


def can_plant_at(garden: Garden, cell: int) -> bool:
    """Whether a card may be planted on `cell` (open, or on top of a planted card)."""
    if not 0 <= cell < len(garden.cells):
        return False
    if garden.cells[cell] >= 0:
        return True
    if not garden.fixed and not garden.box:
        return cell in bare_cells(garden)
    frame_rows, frame_cols = frame_size(garden)
    r, c = divmod(cell, garden.cols)
    return r < frame_rows and c < frame_cols


def hopper_slots(garden: Garden) -> list[int]:
    """Where a drawn Grasshopper may go: a frame slot with no card and no Grasshopper, directly next
    to a Vegetable card (rulebook, Grasshoppers; ruling 9). In reading order. (Asked for every
    view: the slots next to the few cards are looked at, not every slot's neighbours.)"""
    frame_rows, frame_cols = frame_size(garden)
    cols = garden.cols
    near = neighbours_of(garden.rows, cols)
    cells, hoppers = garden.cells, garden.hoppers
    beside: set[int] = set()
    for i in [i for i, card in enumerate(cells) if card >= 0]:
        beside.update(near[i])
    found = []
    for i in sorted(beside):
        if cells[i] < 0 and hoppers[i] < 0 and i // cols < frame_rows and i % cols < frame_cols:
            found.append(i)
    return found


def rose_slots(garden: Garden) -> list[int]:
    """Left cells of the pairs a Rose may cover: two side-by-side planted cards, neither already
    under a Rose (ruling 7)."""
    cols = garden.cols
    cells, roses = garden.cells, garden.roses
    found = []
    for i in range(len(cells) - 1):
        if (i + 1) % cols and cells[i] >= 0 and cells[i + 1] >= 0 and roses[i] < 0 and roses[i + 1] < 0:
            found.append(i)
    return found
