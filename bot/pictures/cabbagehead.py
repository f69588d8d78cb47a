"""Pictures of Mr. Cabbagehead's Garden, drawn from a `CabbageheadView` and nothing else.

The board shows the drawn row with its costs, the Beehive, the deck's progress, the tokens on each
Neighbour and every garden's frame; the private picture shows the drawn row and the viewer's own
garden. Each garden's frame has its column letters above it and its row numbers to its left, the
two parts of every slot's name ("F3", ruling 24 of docs/rules/cabbagehead.md); the empty slots the
garden's owner may choose now (the view's `legal_slots`) are outlined in yellow and, when there are
few enough to read, carry their name, so a player reads the slot off the picture and finds its
button.

Like the running board, the final board starts with the board itself: the table's headline above
it says the game is over, and the result (the ranking, or alone the score and its ribbon) is said
once, in the game's final message (issue 27 item 9). All text is at least `cv.MIN_FONT`.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, plural, seat_name
from engine.cabbagehead.view_models import CabbageheadView, CardView, GardenView, RowPlaceView

TITLE = "Mr. Cabbagehead's Garden"
ROW_CARD_W, ROW_CARD_H = 124, 178
GAP = 8
AXIS = 30
MAX_CELL = 124
#: A garden card narrower than this shows its points, picture and number, not its name.
NAMED_CARD = 84
# ---------------------------------------------------------------- cards


@cv.tile_cache(maxsize=1024)
def _card_tile(
    vegetable: str, points: int, number: int, neighbour: int, type_count: int, w: int, h: int, detailed: bool
) -> Image.Image:
    """One Vegetable card: tinted by its vegetable, points badge, Vegetable number, icon and name
    (a small garden card leaves its name to the picture and the alt text); a drawn-row card adds
    how many of its kind the deck had and how many tokens it reveals."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    colour = colour_of(vegetable)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=max(6, w // 12), fill=cv.tint(colour, 0.72), outline=cv.FRAME, width=2
    )
    d.rounded_rectangle((3, 3, w - 4, h - 4), radius=max(4, w // 14), outline=colour, width=2)
    named = w >= NAMED_CARD
    if not named:
        # Too small for its name: the points badge and the picture side by side, the number on
        # the bottom line.
        band = cv.line_height(cv.SMALL) + 1
        badge = cv.text_height(cv.SMALL) + 4
        d.ellipse((4, 4, 4 + badge, 4 + badge), fill=cv.GOLD, outline=cv.FRAME, width=2)
        cv.draw_text(
            tile, (4 + badge / 2, 4 + badge / 2), str(points), cv.SMALL, cv.INK, anchor="mm", bold=True
        )
        side = max(12, min(h - band - 8, w - badge - 10))
        paste_icon(tile, vegetable, w - 4 - side, 4 + (h - band - 8 - side) / 2, side)
        cv.draw_text(tile, (w / 2, h - 4), f"#{number}", cv.SMALL, cv.INK, anchor="mb", bold=True)
        return tile
    badge = cv.text_height(cv.BODY) + 8
    d.ellipse((5, 5, 5 + badge, 5 + badge), fill=cv.GOLD, outline=cv.FRAME, width=2)
    cv.draw_text(tile, (5 + badge / 2, 5 + badge / 2), str(points), cv.BODY, cv.INK, anchor="mm", bold=True)
    bottom = h - 6
    cv.draw_text(tile, (w - 7, 7), f"#{number}", cv.SMALL, cv.INK, anchor="rt", bold=True)
    if detailed:
        info = [f"{type_count} in deck", f"reveals {neighbour}"]
        bottom -= 2 * cv.line_height(cv.SMALL)
        for i, line in enumerate(info):
            cv.draw_text(
                tile, (w / 2, bottom + i * cv.line_height(cv.SMALL)), line, cv.SMALL, cv.INK, anchor="mt"
            )
    size = cv.fit_size(vegetable, w - 10, cv.BODY, cv.SMALL, bold=True)
    name = cv.clip_text(vegetable, w - 8, size, bold=True)
    bottom -= cv.line_height(size)
    cv.draw_text(tile, (w / 2, bottom), name, size, cv.INK, anchor="mt", bold=True, tag="name")
    top = 8 + badge * 3 // 4
    side = max(16, min(w - 16, bottom - top - 2))
    paste_icon(tile, vegetable, (w - side) / 2, top, side)
    return tile


def paste_card(
    image: Image.Image, card: CardView, x: float, y: float, w: int, h: int, detailed: bool = False
) -> None:
    tile = _card_tile(
        card.vegetable,
        card.points,
        card.vegetable_number,
        card.neighbour_number,
        card.type_count,
        w,
        h,
        detailed,
    )
    cv.paste_tile(image, tile, x, y, card.vegetable, 1, "row" if detailed else "garden")


@cv.tile_cache(maxsize=64)
def _rose_card(w: int, h: int) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10, fill=cv.tint(cv.ROSE_RED, 0.8), outline=cv.FRAME, width=2
    )
    size = min(w, h) - 40
    paste_icon(tile, "Rose", (w - size) / 2, 12, size)
    cv.draw_text(tile, (w / 2, h - 8), "Rose", cv.HEADING, cv.INK, anchor="mb", bold=True, tag="name")
    return tile


# ---------------------------------------------------------------- sections


def said(names: list[str], seat: int) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do;
    the picture itself draws `seat_name`, which the font can draw)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_name([], seat)


def decision_line(
    view: CabbageheadView, names: list[str], name: Callable[[list[str], int], str] = seat_name
) -> str:
    """Whose decision it is and what it is, from the view's structured fields (never its wording);
    once the game is over, nothing (the final message says the result, issue 27 item 9)."""
    if view.game_over:
        return ""
    who = " and ".join(name(names, s) for s in view.to_move)
    return f"Now: {who} to {view.decision_task}."


def _place_label(place: RowPlaceView) -> list[str]:
    label = (
        place.position.title()
        if place.card is None and place.rose is None
        else f"{place.position.title()}: {place.cost}"
    )
    return cv.wrap(label, ROW_CARD_W, cv.SMALL, bold=place.affordable)[:2]


def _place_notes(place: RowPlaceView) -> list[str]:
    """The notes under a place, one a line: side by side, "passed in · can't afford" is wider
    than the card and ran off the picture's left edge (issue 27 item 14)."""
    notes = []
    if place.passed_in:
        notes.append("passed in")
    if (place.card is not None or place.rose is not None) and not place.affordable:
        notes.append("can't afford")
    return notes


def _row_section(view: CabbageheadView) -> cv.Section:
    """The drawn row (costs under each card), then the Beehive, deck and token supply."""
    left = cv.MARGIN
    row_w = 3 * ROW_CARD_W + 4 * GAP
    sx0, sx1 = left + row_w + GAP, cv.WIDTH - cv.MARGIN
    supply = _supply_lines(view, sx1 - sx0 - 24)
    under = max((len(_place_label(p)) + len(_place_notes(p)) for p in view.row), default=1) * cv.line_height(
        cv.SMALL
    )
    top = 12 + cv.line_height(cv.BODY)
    height = max(top + ROW_CARD_H + 6 + under + 8, _supply_height(supply) + 8) + 8

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (left, y, left + row_w, y + height - 8), fill=cv.FELT_DARK, outline=cv.FRAME)
        cv.draw_text(image, (left + 10, y + 6), "Drawn row", cv.BODY, cv.PAPER, bold=True)
        for i, place in enumerate(view.row):
            _row_place(image, d, place, left + GAP + i * (ROW_CARD_W + GAP), y + top)
        _supply_panel(image, d, view, supply, sx0, y, sx1, y + height - 8)

    return height, draw


def _row_place(image: Image.Image, d: ImageDraw.ImageDraw, place: RowPlaceView, x: int, y: int) -> None:
    if place.card is not None:
        paste_card(image, place.card, x, y, ROW_CARD_W, ROW_CARD_H, detailed=True)
    elif place.rose is not None:
        cv.paste_tile(image, _rose_card(ROW_CARD_W, ROW_CARD_H), x, y, "Rose", 1, "row")
    else:
        cv.dashed_box(d, (x + 2, y + 2, x + ROW_CARD_W - 2, y + ROW_CARD_H - 2), cv.SLOT_LINE)
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, y + ROW_CARD_H / 2), "empty", cv.BODY, cv.PAPER_DIM, anchor="mm"
        )
    colour = cv.PAPER if place.affordable else cv.PAPER_DIM
    ty = y + ROW_CARD_H + 6
    for line in _place_label(place):
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, ty), line, cv.SMALL, colour, anchor="mt", bold=place.affordable
        )
        ty += cv.line_height(cv.SMALL)
    if place.passed_in:
        d.rounded_rectangle(
            (x - 3, y - 3, x + ROW_CARD_W + 2, y + ROW_CARD_H + 2), radius=12, outline=cv.HIGHLIGHT, width=3
        )
    for note in _place_notes(place):
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, ty), note, cv.SMALL, cv.HIGHLIGHT, anchor="mt", bold=True, tag="note"
        )
        ty += cv.line_height(cv.SMALL)


#: A line of the supply panel: (text, size, colour, bold).
SupplyLine = tuple[str, int, cv.RGB, bool]


def _supply_lines(view: CabbageheadView, width: int) -> list[SupplyLine]:
    """What the supply panel says under the Beehive, wrapped to its width."""
    out: list[SupplyLine] = []

    def add(text: str, size: int = cv.SMALL, colour: cv.RGB = cv.INK, bold: bool = False) -> None:
        out.extend((line, size, colour, bold) for line in cv.wrap(text, width, size, bold))

    if view.bees_removed:
        add(f"{view.bees_removed} out of the game", colour=cv.INK_SOFT)
    add(f"Deck: {plural(view.deck_cards_left, 'card')}", cv.BODY, bold=True)
    if view.cards_before_holiday is not None:
        add(f"'On Holiday' in {plural(view.cards_before_holiday, 'card')}")
    else:
        add("No 'On Holiday' card left")
    add(f"Face-down tokens: {view.face_down_tokens}")
    if view.grasshoppers_waiting:
        add(f"Grasshoppers to place: {view.grasshoppers_waiting}")
    if view.grasshoppers_set_aside:
        add(f"Grasshoppers set aside: {view.grasshoppers_set_aside}")
    if view.passed_card is not None and view.passed_to is not None:
        passed = view.passed_card
        where = f"({view.passed_to})"
        add(f"Passed on: {passed.vegetable} #{passed.vegetable_number} {where}", colour=cv.INK_SOFT)
    if view.known_in_deck:
        known = ", ".join(c.vegetable for c in view.known_in_deck[:4])
        add("Under the deck: " + known + (" …" if len(view.known_in_deck) > 4 else ""), colour=cv.INK_SOFT)
    if view.ferwig_next_draws or view.ferwig_this_turn:
        add(
            "Ferwig-Radishers: this row is free"
            if view.ferwig_this_turn
            else f"Ferwig-Radishers: next {view.ferwig_next_draws} draw(s) cut",
            colour=cv.INK_SOFT,
        )
    return out


HIVE_H = 64


def _supply_height(lines: list[SupplyLine]) -> int:
    return 10 + HIVE_H + sum(cv.line_height(size) + 1 for _, size, _, _ in lines) + 8


def _supply_panel(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    view: CabbageheadView,
    lines: list[SupplyLine],
    x0: int,
    y0: int,
    x1: int,
    y1: int,
) -> None:
    cv.panel(d, (x0, y0, x1, y1))
    x, y = x0 + 12, y0 + 10
    paste_icon(image, "Hive", x, y, 40)
    cv.draw_text(image, (x + 48, y), f"Beehive: {plural(view.hive, 'bee')}", cv.BODY, cv.INK, bold=True)
    bx = x + 48
    for _ in range(min(view.hive, (x1 - bx - 8) // 26)):
        paste_icon(image, "Bee", bx, y + 28, 24)
        bx += 26
    y += HIVE_H
    for text, size, colour, bold in lines:
        cv.draw_text(image, (x, y), text, size, colour, bold=bold)
        y += cv.line_height(size) + 1


def _neighbours_section(view: CabbageheadView) -> cv.Section:
    """The Neighbours two by two: name, tokens (pips and count), and who would visit now."""
    counts = [n.count for n in view.neighbours]
    top = max(counts, default=0)
    leader = counts.index(top) if top and counts.count(top) == 1 else -1
    cols = 2 if len(view.neighbours) > 1 else 1
    w = (cv.WIDTH - 2 * cv.MARGIN - (cols - 1) * GAP) // cols
    names = [cv.wrap(nb.name, w - 16, cv.BODY, bold=True)[:2] for nb in view.neighbours]
    lines = max((len(n) for n in names), default=1)
    box_h = 8 + lines * cv.line_height(cv.BODY) + 4 + 22 + 8
    rows = -(-len(view.neighbours) // cols)
    height = rows * (box_h + GAP)

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        for i, nb in enumerate(view.neighbours):
            x = cv.MARGIN + (i % cols) * (w + GAP)
            by = y + (i // cols) * (box_h + GAP)
            fill = cv.HIGHLIGHT if i == leader else cv.PANEL
            cv.panel(d, (x, by, x + w, by + box_h), fill=fill)
            cv.text_lines(image, x + 8, by + 6, names[i], cv.BODY, cv.INK, bold=True)
            py = by + box_h - 28
            end = cv.pips(d, x + 8, py + 2, nb.count, 6, 16, (230, 120, 40), cv.PAPER_DIM, gap=4)
            label = f"{nb.count} token{'s' if nb.count != 1 else ''}"
            cv.draw_text(image, (x + w - 8, py), label, cv.SMALL, cv.INK, anchor="rt", bold=True)
            if i == leader:
                cv.draw_text(image, (end + 8, py), "would visit", cv.SMALL, cv.BAD_TEXT, bold=True)

    return height, draw


def _cell_size(garden: GardenView) -> int:
    return min(MAX_CELL, (cv.WIDTH - 2 * cv.MARGIN - AXIS - 16) // max(1, garden.cols))


def _garden_section(view: CabbageheadView, garden: GardenView, name: str, highlight: bool) -> cv.Section:
    cell = _cell_size(garden)
    grid_h = garden.rows * cell
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    bees = f"{garden.bees} bee{'s' if garden.bees != 1 else ''}"
    bees_w = cv.text_width(bees, cv.HEADING, True) + 6 + min(garden.bees, 6) * 26
    title = f"{name} · {plural(garden.score_now, 'point')}" + ("" if view.game_over else " now")
    title = cv.clip_text(title, x1 - x0 - 36 - bees_w, cv.HEADING, bold=True)
    facts = f"{garden.planted} planted · {plural(garden.vegetable_types, 'type')}"
    if garden.compost:
        facts += f" · Compost {len(garden.compost)} (-{2 * len(garden.compost)})"
    if garden.roses:
        facts += f" · Roses {sum(r.blooming for r in garden.roses)}/{len(garden.roses)} blooming"
    fact_lines = cv.wrap(facts, x1 - x0 - 24, cv.SMALL)
    axis_top = 8 + cv.line_height(cv.HEADING) + len(fact_lines) * cv.line_height(cv.SMALL) + 4
    grid_top = axis_top + cv.line_height(cv.BODY)
    height = grid_top + grid_h + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(
            d,
            (x0, y, x1, y + height - 8),
            fill=cv.FELT_DARK,
            outline=cv.HIGHLIGHT if highlight else cv.FRAME,
            width=3 if highlight else 2,
        )
        cv.draw_text(image, (x0 + 12, y + 8), title, cv.HEADING, cv.PAPER, bold=True)
        cv.text_lines(image, x0 + 12, y + 8 + cv.line_height(cv.HEADING), fact_lines, cv.SMALL, cv.PAPER_DIM)
        bx = x1 - 12
        bx -= cv.draw_text(image, (bx, y + 9), bees, cv.HEADING, cv.HONEY, anchor="rt", bold=True) + 6
        for _ in range(min(garden.bees, 6)):
            bx -= 26
            paste_icon(image, "Bee", bx, y + 6, 26)
        gx = x0 + 8 + AXIS + (x1 - x0 - AXIS - 16 - garden.cols * cell) // 2
        _grid(image, d, garden, cell, gx, y + axis_top, y + grid_top)

    return height, draw


def _name_size(name: str, size: int) -> int:
    """The slot name's font: the body size where it fits the slot, else the smallest."""
    return cv.BODY if cv.text_width(name, cv.BODY, bold=True) <= size - 12 else cv.SMALL


#: Slots named one by one in the picture up to this many (a frame of 6 x 4); beyond it (a
#: floating plot's second card may go in any of 54 in a frame of 11 x 5) the margins' letters and
#: numbers name them, and 54 labels only crowded the one card planted (issue 27 item 14).
NAMED_SLOTS_MAX = 24


@cv.tile_cache(maxsize=512)
def _empty_slot(name: str, size: int, in_plot: bool, hopper: bool, chosen: bool) -> Image.Image:
    """An empty slot: soil inside the plot, felt in the room it may still grow into. `chosen`: the
    player may choose it now, outlined in yellow; given a `name` too, it is written in the slot
    ("F3", ruling 24) as the move picker names it (above a Grasshopper, which sits at the bottom)."""
    tile = Image.new("RGB", (size, size), cv.FELT_DARK)
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=8, fill=cv.SOIL if in_plot else cv.SLOT)
    cv.dashed_box(d, (2, 2, size - 3, size - 3), cv.HIGHLIGHT if chosen else cv.SLOT_LINE, dash=6, width=2)
    if name:
        font = _name_size(name, size)
        where = (size / 2, 7) if hopper else (size / 2, size / 2)
        cv.draw_text(
            tile, where, name, font, cv.HIGHLIGHT, anchor="mt" if hopper else "mm", bold=True, tag="slot"
        )
    return tile


def _grid(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    garden: GardenView,
    cell: int,
    gx: int,
    axis_y: int,
    gy: int,
) -> None:
    """The frame with its column letters above and row numbers to its left (the slot names'
    parts, ruling 24); only the slots the owner may choose now are outlined, and named when they
    are few enough to read (`NAMED_SLOTS_MAX`)."""
    for c, letter in enumerate(garden.column_letters):
        cv.draw_text(
            image,
            (gx + (c + 0.5) * cell, axis_y),
            letter,
            cv.BODY,
            cv.PAPER_DIM,
            anchor="mt",
            bold=True,
            tag="margin",
        )
    for r, number in enumerate(garden.row_numbers):
        cv.draw_text(
            image,
            (gx - 8, gy + (r + 0.5) * cell),
            str(number),
            cv.BODY,
            cv.PAPER_DIM,
            anchor="rm",
            bold=True,
            tag="margin",
        )
    legal = set(garden.legal_slots)
    named = legal if len(legal) <= NAMED_SLOTS_MAX else set()
    pad = 3
    for slot in garden.slots:
        x = gx + (slot.col - 1) * cell
        y = gy + (slot.row - 1) * cell
        if slot.card is not None:
            paste_card(image, slot.card, x + pad, y + pad, cell - 2 * pad, cell - 2 * pad)
        else:
            name = slot.label if slot.label in named else ""
            chosen = slot.label in legal
            tile = _empty_slot(name, cell - 2 * pad, slot.in_plot, slot.grasshopper and bool(name), chosen)
            cv.paste_tile(image, tile, x + pad, y + pad)
        if slot.grasshopper:
            size = max(22, cell * 2 // 5)
            top = y + cell * 3 // 10 if slot.card is not None else y + cell - size - 4
            paste_icon(image, "Grasshopper", x + cell - size - 2, top, size)
    for rose in garden.roses:
        size = max(26, cell * 9 // 20)
        rx = gx + rose.col * cell - size // 2
        ry = gy + (2 * rose.row - 1) * cell // 2 - size // 2
        d.ellipse(
            (rx - 3, ry - 3, rx + size + 3, ry + size + 3),
            fill=cv.HIGHLIGHT if rose.blooming else cv.PAPER_DIM,
            outline=cv.FRAME,
            width=2,
        )
        paste_icon(image, "Rose", rx, ry, size)


# ---------------------------------------------------------------- public entry points


def board_image(view: CabbageheadView, names: list[str]) -> Image.Image:
    """The public board: the drawn row, supply, Neighbours and every garden."""
    sections = [_row_section(view), _neighbours_section(view)]
    for garden in view.gardens:
        sections.append(
            _garden_section(
                view,
                garden,
                f"{seat_name(names, garden.seat)}'s garden",
                garden.seat in view.to_move and not view.game_over,
            )
        )
    return cv.compose(sections)


def hand_image(view: CabbageheadView, seat: int, names: list[str]) -> Image.Image:
    """A player's own picture: the drawn row and their garden with its open slots marked.

    Mr. Cabbagehead's Garden has no secret hand (ruling 12): the private picture is the player's
    decision at a glance, drawn from their own view."""
    mine = [g for g in view.gardens if g.seat == seat]
    sections = [_row_section(view)]
    for garden in mine:
        sections.append(
            _garden_section(view, garden, "Your garden", seat in view.to_move and not view.game_over)
        )
    return cv.compose(sections)


# ---------------------------------------------------------------- words for screen readers and the message


def _card_words(card: CardView) -> str:
    return f"{card.vegetable} #{card.vegetable_number} ({card.points} pts)"


def _row_words(view: CabbageheadView) -> str:
    parts = []
    for place in view.row:
        if place.card is not None:
            what = _card_words(place.card)
        elif place.rose is not None:
            what = "a Rose"
        else:
            continue
        extra = ", passed in" if place.passed_in else ""
        afford = "" if place.affordable else ", can't afford"
        parts.append(f"{place.position} {what}, {place.cost}{afford}{extra}")
    return "Drawn row: " + ("; ".join(parts) if parts else "empty") + "."


def _garden_words(garden: GardenView, name: str, final: bool = False) -> list[str]:
    """A garden in words; `final`: the game is over, so its points are its score, not "now"."""
    words = [
        f"{name}: {plural(garden.score_now, 'point')}{'' if final else ' now'}, {garden.planted} planted, "
        f"{plural(garden.vegetable_types, 'type')}, {plural(garden.bees, 'bee')}, "
        f"compost {len(garden.compost)}."
    ]
    rows: dict[int, list[str]] = {}
    for slot in garden.slots:
        if slot.card is not None or slot.grasshopper or slot.rose:
            what = slot.card.vegetable if slot.card else "empty"
            if slot.grasshopper:
                what += " with Grasshopper"
            if slot.rose:
                what += " under a Rose"
            rows.setdefault(slot.row, []).append(f"{slot.label} {what}")
    for r, items in sorted(rows.items()):
        number = garden.row_numbers[r - 1] if r <= len(garden.row_numbers) else r
        words.append(f"Row {number}: {', '.join(items)}.")
    if garden.legal_slots:
        if len(garden.legal_slots) <= 6:
            words.append(f"Open: {', '.join(garden.legal_slots)}.")
        else:
            words.append(
                f"Open: {len(garden.legal_slots)} slots, {garden.legal_slots[0]} to {garden.legal_slots[-1]}."
            )
    return words


def board_description(view: CabbageheadView, names: list[str]) -> str:
    """Alt text for the board picture (Discord allows 1024 characters): the picture in words."""
    head = [
        f"{TITLE}, the final board."
        if view.game_over
        else f"{TITLE} board. Round {view.round} of 3, turn {view.turn}. {decision_line(view, names, said)}",
        _row_words(view),
        f"Beehive {plural(view.hive, 'bee')}. Deck {plural(view.deck_cards_left, 'card')}.",
        "Neighbour tokens: " + ", ".join(f"{n.name} {n.count}" for n in view.neighbours) + ".",
    ]
    gardens = [
        w for g in view.gardens for w in _garden_words(g, f"{said(names, g.seat)}'s garden", view.game_over)
    ]
    return clip_alt(head + gardens)


def hand_description(view: CabbageheadView, seat: int, names: list[str]) -> str:
    parts = [
        f"Your garden, {said(names, seat)}. {decision_line(view, names, said)}".strip(),
        _row_words(view),
    ]
    for garden in view.gardens:
        if garden.seat == seat:
            parts += _garden_words(garden, "Your garden", view.game_over)
    return clip_alt(parts)


def summary(view: CabbageheadView, names: list[str]) -> str:
    """One short line for the message text, so the game can be followed without the picture."""
    scores = " · ".join(f"{said(names, g.seat)} {g.score_now} pts" for g in view.gardens)
    if view.game_over:
        return f"The final board · {scores}"
    return f"Round {view.round}, turn {view.turn} · {scores} · {decision_line(view, names, said)}"
