"""A garden's view: its frame of slots, Roses, Compost and score, for `views.build_view`.

A move changes one garden, and one row of its frame, seldom more: the rows' slot views are kept by
what decides them, and a garden that did not change keeps its view (`kept_garden_view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.cabbagehead.deck import Vegetable
from engine.cabbagehead.plot import Garden, frame_names, frame_size, names_of, plot_box
from engine.cabbagehead.scoring import rose_pairs, score, vegetable_types
from engine.cabbagehead.slots import hopper_slots, open_slots, rose_slots
from engine.cabbagehead.view_models import GardenView, RoseView, SlotView
from engine.cabbagehead.view_parts import SlotKey, views_of
from engine.memo import Memo
from engine.trusted import trusted

T = TypeVar("T")

#: Whether the game plays with the Grasshoppers and with Romancing Eudora: a garden of a game
#: without one has nowhere its pieces may go (there are none), and is not searched for it.
Expansions = tuple[bool, bool]


def _rose_words(names: tuple[str, ...], cell: int) -> str:
    """'F3 and G3': a place for a Rose, as the PlaceRose action names it."""
    return f"{names[cell]} and {names[cell + 1]}"


def kept_garden_view(
    cards: tuple[Vegetable, ...], seat: int, garden: Garden, choosing: str, expansions: Expansions
) -> GardenView:
    """`garden_view`, the same again while the garden stays as it was (keyed by its every field).

    The memo's keys hold the fields' hash, and each entry the fields it was made from, compared
    on a hit: a tuple does not keep its hash, and a garden's fields (three tuples of its canvas)
    were hashed again for each of a miss's four look-ups, 7% of a solo view (issue 31). Two
    gardens whose fields share a hash (never seen) only make each other's view again."""
    memo = views_of(cards).gardens
    fields = garden_fields(garden)
    fields_hash = hash(fields)
    key = (seat, choosing, expansions, fields_hash)
    known = memo.get(key)
    if known is not None and known[0] == fields:
        return known[1]
    # The same garden seen with another decision (two players: a turn passed from one to the
    # other, whose gardens stayed as they were): everything but its legal slots stands.
    seen = memo.get((seat, expansions, fields_hash))
    view = (
        _deciding(seen[1], choosing)
        if seen is not None and seen[0] == fields
        else garden_view(cards, seat, garden, choosing, expansions)
    )
    memo.keep((seat, expansions, fields_hash), (fields, view))
    memo.keep(key, (fields, view))
    return view


def garden_fields(garden: Garden) -> tuple[object, ...]:
    """The garden's every field, its lists as tuples: what its kept view is found by and made from."""
    return tuple([tuple(v) if type(v) is list else v for v in garden.__dict__.values()])


def _deciding(view: GardenView, choosing: str) -> GardenView:
    """`view` with the legal slots of `choosing` instead (`legal_slots`)."""
    legal = _legal_slots(choosing, view.open_slots, view.grasshopper_slots)
    return trusted(GardenView, {**view.__dict__, "legal_slots": list(legal)})


def _legal_slots(choosing: str, opened: Sequence[T], hoppers: Sequence[T]) -> Sequence[T]:
    """The slots of the decision `choosing`: the open ones while planting, the Grasshoppers'
    while placing one, none otherwise."""
    if choosing == "plant":
        return opened
    if choosing == "grasshopper":
        return hoppers
    return []


def _row_slots(
    slot_views: Memo[SlotKey, SlotView],
    names: tuple[str, ...],
    garden: Garden,
    r: int,
    cols: int,
    opened: set[int],
    box: tuple[int, int, int, int] | None,
) -> list[SlotView]:
    """The views of the frame's row `r` (from 0), its `cols` slots left to right."""
    cells, hoppers, under_roses = garden.cells, garden.hoppers, garden.roses
    top, bottom, left, right = box if box is not None else (1, 0, 1, 0)  # no box: nothing in the plot
    row, start = r + 1, r * garden.cols
    found = []
    for c in range(cols):
        i, col = start + c, c + 1
        rose = under_roses[i]
        found.append(
            slot_views[
                row,
                col,
                names[i],
                cells[i] if cells[i] >= 0 else -1,
                hoppers[i] >= 0,
                rose + 1 if rose >= 0 else None,
                i in opened,
                top < row <= bottom + 1 and left < col <= right + 1,
            ]
        )
    return found


def garden_view(
    cards: tuple[Vegetable, ...], seat: int, garden: Garden, choosing: str, expansions: Expansions
) -> GardenView:
    """The garden's view; `choosing` is the decision its owner makes now ("plant", "grasshopper",
    ...; "" when they make none), for `legal_slots`; `expansions`: whether the game has
    Grasshoppers and Roses (`Expansions`). Built from the checked state without validating it
    again (engine/trusted.py): every field in field order, no list the state holds."""
    rows, cols = frame_size(garden)
    names = names_of(garden)
    letters, numbers = frame_names(garden)
    views = views_of(cards)
    card_views, slot_views = views.cards, views.slots
    ordered = open_slots(garden)
    opened = set(ordered)
    with_hoppers, with_roses = expansions
    hoppers_at = hopper_slots(garden) if with_hoppers else []
    box = plot_box(garden)
    cells, hoppers, under_roses = garden.cells, garden.hoppers, garden.roses
    top, bottom, left, right = box if box is not None else (1, 0, 1, 0)  # no box: nothing in the plot
    canvas = garden.cols
    # A bare floating plot offers its middle slot only (`open_slots`); in any other garden a
    # frame slot is open exactly when it is empty, so a row's views follow from its cells alone.
    bare = not garden.fixed and not garden.box
    slot_rows = views.slot_rows
    slots: list[SlotView] = []
    for r in range(rows):
        start = r * canvas
        end = start + cols
        if bare:
            slots += _row_slots(slot_views, names, garden, r, cols, opened, box)
            continue
        # A move changes one row of a garden, seldom more: the others' views are looked up by
        # what decides them (the row, its names, the plot's box, its cells, Grasshoppers, Roses).
        key = (
            r,
            cols,
            canvas,
            garden.origin_row,
            garden.origin_col,
            top,
            bottom,
            left,
            right,
            *cells[start:end],
            *hoppers[start:end],
            *under_roses[start:end],
        )
        known = slot_rows.get(key)
        if known is None:
            known = slot_rows.keep(key, _row_slots(slot_views, names, garden, r, cols, opened, box))
        slots += known
    roses = []
    for a, b in rose_pairs(garden):
        r, c = divmod(a, garden.cols)
        roses.append(
            trusted(
                RoseView,
                {
                    "id": f"rose{garden.roses[a] + 1}",
                    "row": r + 1,
                    "col": c + 1,
                    "blooming": garden.cells[a] >= 0 and garden.cells[b] >= 0,
                    "slots": [names[a], names[b]],
                },
            )
        )
    legal = _legal_slots(choosing, ordered, hoppers_at)
    return trusted(
        GardenView,
        {
            "seat": seat,
            "fixed_grid": garden.fixed,
            "plot_fixed": garden.fixed or (rows, cols) == (3, 6),
            "rows": rows,
            "cols": cols,
            "column_letters": letters,
            "row_numbers": numbers,
            "slots": slots,
            # (`open_slots` and `hopper_slots` are in reading order already: no sort.)
            "open_slots": [names[i] for i in ordered],
            "grasshopper_slots": [names[i] for i in hoppers_at],
            "rose_slots": [_rose_words(names, i) for i in rose_slots(garden)] if with_roses else [],
            "legal_slots": [names[i] for i in legal],
            "roses": roses,
            "compost": [card_views[c] for c in garden.compost],
            "bees": garden.bees,
            "planted": garden.planted,
            "vegetable_types": vegetable_types(garden, cards),
            "score_now": score(garden, cards),
        },
    )
