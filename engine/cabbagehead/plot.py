"""A player's garden plot: where cards, Grasshoppers and Roses lie, and which slots are open.

The plot is at most 6 columns by 3 rows, but (unless the fixed-grid variant is played) it floats:
a placement is legal while everything in the garden still fits in some 6 x 3 box (rulebook, "The
6 columns of the garden plot are not fixed until ..."). Cells are kept on a canvas; for a floating
plot the canvas is 5 x 11 and is re-aligned after every change so that its top-left corner is the
top-left corner of the *frame*: the box of everything in the garden, widened on each side by the
room still free. Every frame slot is then a legal place to plant (ruling 3). A slot's *name* ("F3":
column letter, row number) is its place on the garden's whole ground, not in the frame: the garden
keeps the absolute row and column of canvas cell (0, 0) as its *origin*, and `realign` moves the
origin by exactly the shift it gives the canvas, so a card keeps its name while it stays (ruling
24). A bare floating canvas is A1-K5 and its first card goes in F3; with the fixed grid the plot is
always A1-F3. Should a Neighbour's drift push the frame left of A, right of Z or above row 1, the
names are re-based so the frame fits (`realign` says so). Once columns 1 and 6 hold cards (a slot
holding only a Grasshopper is empty) the columns are fixed for the rest of the game, and so are the
rows once rows 1 and 3 do (ruling 4):
fixed columns are the canvas' first 6 columns, fixed rows its first 3 rows, and the frame keeps them
even if a Neighbour empties an edge. Once both are fixed the frame is the plot itself; with the
fixed grid the frame is always the 6 x 3 plot.

Where the plot has room to plant or place (`plant_slots` and the others) is in `slots`.
"""

from __future__ import annotations

from functools import cache

from pydantic import Field, model_validator

from engine.state_model import StateModel

PLOT_ROWS = 3
PLOT_COLS = 6
FLOAT_ROWS = 2 * PLOT_ROWS - 1
FLOAT_COLS = 2 * PLOT_COLS - 1
EMPTY = -1
#: Slot names: a column letter, then the row number from 1 (ruling 24).
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Garden(StateModel):
    """One player's garden plot, their Compost and their Bee supply."""

    rows: int
    cols: int
    fixed: bool
    #: Card index per canvas cell (`EMPTY` if none), row-major.
    cells: list[int]
    #: Grasshopper token id per cell (`EMPTY` if none). A Grasshopper may sit on a card or alone.
    hoppers: list[int]
    #: Rose number covering the cell (`EMPTY` if none); a Rose covers two side-by-side cells.
    roses: list[int]
    #: (top, bottom, left, right) of the cards in the garden (Vegetables and Roses; a lone
    #: Grasshopper's slot is empty: ruling 4), kept by `realign`; empty when it holds no card.
    box: list[int] = Field(default_factory=list)
    compost: list[int] = Field(default_factory=list)
    bees: int = 0
    planted: int = 0
    #: A floating plot's rows are fixed once rows 1 and 3 held cards, its columns once columns 1
    #: and 6 did; they stay fixed for the game (ruling 4). Set by `realign`.
    rows_fixed: bool = False
    cols_fixed: bool = False
    #: The origin: absolute row and column (from 0) of canvas cell (0, 0), so that a slot's name
    #: stays the same when `realign` shifts the canvas (ruling 24). Stored games start at (0, 0).
    origin_row: int = 0
    origin_col: int = 0

    @model_validator(mode="after")
    def _fixed_if_spanning(self) -> Garden:
        """Gardens stored before `rows_fixed` and `cols_fixed`: rows (columns) that span the whole
        plot now are fixed; one that lost an edge before then cannot be told apart and floats."""
        box = self.box
        if not self.fixed and box:
            if box[1] - box[0] + 1 >= PLOT_ROWS:
                self.rows_fixed = True
            if box[3] - box[2] + 1 >= PLOT_COLS:
                self.cols_fixed = True
            if list(bounding_box(self) or ()) != box:
                realign(self)  # stored while a lone Grasshopper counted in the box (ruling 4)
        return self

    @classmethod
    def empty(cls, fixed: bool, bees: int) -> Garden:
        rows, cols = (PLOT_ROWS, PLOT_COLS) if fixed else (FLOAT_ROWS, FLOAT_COLS)
        size = rows * cols
        return cls(
            rows=rows,
            cols=cols,
            fixed=fixed,
            cells=[EMPTY] * size,
            hoppers=[EMPTY] * size,
            roses=[EMPTY] * size,
            bees=bees,
        )


@cache
def neighbours_of(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells directly left, right, above and below it (rulebook: adjacency)."""
    out: list[tuple[int, ...]] = []
    for r in range(rows):
        for c in range(cols):
            near = []
            if r > 0:
                near.append((r - 1) * cols + c)
            if r < rows - 1:
                near.append((r + 1) * cols + c)
            if c > 0:
                near.append(r * cols + c - 1)
            if c < cols - 1:
                near.append(r * cols + c + 1)
            out.append(tuple(near))
    return tuple(out)


def is_taken(garden: Garden, cell: int) -> bool:
    """Whether anything (card, Grasshopper or Rose) lies on the cell: it is part of the garden."""
    return garden.cells[cell] >= 0 or garden.hoppers[cell] >= 0 or garden.roses[cell] >= 0


def bounding_box(garden: Garden) -> tuple[int, int, int, int] | None:
    """(top, bottom, left, right) of the cards in the garden (Vegetables and Roses), inclusive;
    None if it holds none. A slot holding only a Grasshopper is empty (rulebook, Grasshoppers:
    "Slots in the garden occupied by only a Grasshopper token are considered empty"), so it neither
    widens the plot nor fixes its columns or rows (ruling 4).

    Scans the canvas; the game keeps the answer in `garden.box` (see `realign`)."""
    cols = garden.cols
    top = bottom = left = right = -1
    cells, roses = garden.cells, garden.roses
    for i in range(garden.rows * cols):
        if cells[i] >= 0 or roses[i] >= 0:
            r, c = divmod(i, cols)
            if top < 0:
                top = bottom = r
                left = right = c
            else:
                bottom = r
                if c < left:
                    left = c
                if c > right:
                    right = c
    if top < 0:
        return None
    return top, bottom, left, right


def plot_box(garden: Garden) -> tuple[int, int, int, int] | None:
    """The rows and columns the awards read: the fixed plot; for a floating plot its fixed rows
    and columns (ruling 4), and the box of what is in the garden where they are not fixed."""
    if garden.fixed or (garden.rows_fixed and garden.cols_fixed):
        return 0, PLOT_ROWS - 1, 0, PLOT_COLS - 1
    box = garden.box
    if not box:
        return None
    top, bottom, left, right = box
    if garden.rows_fixed:
        top, bottom = 0, PLOT_ROWS - 1
    if garden.cols_fixed:
        left, right = 0, PLOT_COLS - 1
    return top, bottom, left, right


def frame_size(garden: Garden) -> tuple[int, int]:
    """Rows and columns of the frame (its top-left is the canvas' top-left; see the module doc)."""
    if garden.fixed:
        return PLOT_ROWS, PLOT_COLS
    box = garden.box
    if box:
        top, bottom, left, right = box
        rows, cols = 2 * PLOT_ROWS - (bottom - top + 1), 2 * PLOT_COLS - (right - left + 1)
    else:
        rows, cols = garden.rows, garden.cols
    return (PLOT_ROWS if garden.rows_fixed else rows), (PLOT_COLS if garden.cols_fixed else cols)


def realign(garden: Garden, added: int = -1, stranded: list[str] | None = None) -> tuple[int, int] | None:
    """Keep `garden.box` up to date after a change and shift a floating plot so the frame starts at
    the canvas' top-left, moving the origin with it so that no slot changes its name. `added` is
    the one cell a card was planted in, if that was the change (then the box just grows);
    otherwise the canvas is scanned. A Grasshopper alone on a slot the plot can no longer reach
    (the cards grew away from it, so no 6 x 3 plot holds both) leaves the garden (ruling 4); the
    names of those slots are added to `stranded`.

    Returns None, or after a card left: (rows, columns) by which every slot name moved because the
    frame no longer fitted between A1 and Z (`fit_names`, ruling 24)."""
    if garden.fixed:
        return None
    box = garden.box
    if added >= 0:
        r, c = divmod(added, garden.cols)
        if box:
            box[:] = [min(box[0], r), max(box[1], r), min(box[2], c), max(box[3], c)]
        else:
            box[:] = [r, r, c, c]
    else:
        found = bounding_box(garden)
        box[:] = list(found) if found is not None else []
    if not box:
        return fit_names(garden)
    top, bottom, left, right = box
    height, width = bottom - top + 1, right - left + 1
    # Fixed rows and columns never move: they are the canvas' first rows and columns already.
    dr = 0 if garden.rows_fixed else top - (PLOT_ROWS - height)
    dc = 0 if garden.cols_fixed else left - (PLOT_COLS - width)
    if height == PLOT_ROWS:
        garden.rows_fixed = True
    if width == PLOT_COLS:
        garden.cols_fixed = True
    _strand_grasshoppers(garden, dr, dc, stranded)
    if dr or dc:
        box[:] = [top - dr, bottom - dr, left - dc, right - dc]
        garden.origin_row += dr
        garden.origin_col += dc
        # Moving every cell by (dr, dc) is moving the row-major list by one offset: everything
        # in the garden lies in the frame, so nothing crosses the canvas' edge.
        shift = dr * garden.cols + dc
        for old in (garden.cells, garden.hoppers, garden.roses):
            if shift > 0:
                old[:] = old[shift:] + [EMPTY] * shift
            else:
                old[:] = [EMPTY] * -shift + old[:shift]
    # Something added only shrinks the frame inside names it already had: nothing to re-base.
    return None if added >= 0 else fit_names(garden)


def _strand_grasshoppers(garden: Garden, dr: int, dc: int, stranded: list[str] | None) -> None:
    """Lone Grasshoppers that the coming shift by (`dr`, `dc`) would leave outside the frame (the
    room the plot still has) are out of the garden: a Grasshopper's slot is empty, so it holds the
    plot nowhere, and once the cards leave it outside every 6 x 3 box it lies off the plot."""
    hoppers, cells, roses = garden.hoppers, garden.cells, garden.roses
    if max(hoppers) < 0:
        return  # no Grasshopper in the garden (the usual case: one look instead of a scan)
    rows, cols = garden.rows, garden.cols
    frame_rows, frame_cols = frame_size(garden)
    for i in range(rows * cols):
        if hoppers[i] < 0 or cells[i] >= 0 or roses[i] >= 0:
            continue
        r, c = divmod(i, cols)
        if 0 <= r - dr < frame_rows and 0 <= c - dc < frame_cols:
            continue
        if stranded is not None:
            stranded.append(slot_label(garden, i))
        hoppers[i] = EMPTY


def fit_names(garden: Garden) -> tuple[int, int] | None:
    """Re-base the garden's names if its frame reaches left of column A, right of column Z or above
    row 1 (the frame can grow that way only after a Neighbour emptied a slot): the origin moves
    just enough for the frame to fit. Returns (rows, columns) by which every name moved (positive:
    down and right), or None when the names stay (ruling 24)."""
    frame_cols = frame_size(garden)[1]
    row0, col0 = garden.origin_row, garden.origin_col
    new_row = max(row0, 0)
    new_col = min(max(col0, 0), len(COLUMN_LETTERS) - frame_cols)
    if new_row == row0 and new_col == col0:
        return None
    garden.origin_row, garden.origin_col = new_row, new_col
    return new_row - row0, new_col - col0


@cache
def slot_names(origin_row: int, origin_col: int, rows: int, cols: int) -> tuple[str, ...]:
    """The name of every canvas cell for one origin, row-major: "F3" is column F (the 6th), row 3
    (ruling 24). Cells outside columns A-Z or above row 1 (never part of a frame) are "?"."""
    names = []
    for r in range(rows):
        number = origin_row + r + 1
        for c in range(cols):
            col = origin_col + c
            names.append(
                f"{COLUMN_LETTERS[col]}{number}" if number >= 1 and 0 <= col < len(COLUMN_LETTERS) else "?"
            )
    return tuple(names)


def names_of(garden: Garden) -> tuple[str, ...]:
    """Every canvas cell's slot name (see `slot_names`)."""
    return slot_names(garden.origin_row, garden.origin_col, garden.rows, garden.cols)


def slot_label(garden: Garden, cell: int) -> str:
    """'F3': the cell's slot name, the same in every picture, view, action and log line while the
    garden keeps its names (ruling 24)."""
    return names_of(garden)[cell]


def right_of(name: str) -> str:
    """The name of the slot right of `name` ("F3" -> "G3"): the second slot a Rose covers."""
    return f"{COLUMN_LETTERS[COLUMN_LETTERS.index(name[0]) + 1]}{name[1:]}"


def frame_names(garden: Garden) -> tuple[list[str], list[int]]:
    """The frame's column letters, left to right, and its row numbers, top to bottom."""
    rows, cols = frame_size(garden)
    return (
        [COLUMN_LETTERS[garden.origin_col + c] for c in range(cols)],
        [garden.origin_row + r + 1 for r in range(rows)],
    )


def cell_at(garden: Garden, row: int, col: int) -> int:
    """The cell of frame row/column (1-based, as actions hold them), or -1 if that is off the
    canvas."""
    if not (1 <= row <= garden.rows and 1 <= col <= garden.cols):
        return -1
    return (row - 1) * garden.cols + (col - 1)
