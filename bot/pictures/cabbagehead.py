"""Pictures of Mr. Cabbagehead's Garden, drawn from a `CabbageheadView` and nothing else.

The board shows the drawn row with its costs, the Beehive, the deck's progress, the tokens on each
Neighbour and every garden's frame; the private picture shows the drawn row and the viewer's own
garden. Every empty slot carries the words the move picker uses ("Row 2" / "col 3", ruling 3 of
docs/rules/cabbagehead.md), so a player reads the slot off the picture and finds it in the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, plural, seat_name
from engine.cabbagehead.views import CabbageheadView, CardView, GardenView, RowPlaceView

TITLE = "Mr. Cabbagehead's Garden"
ROW_CARD_W, ROW_CARD_H = 118, 150
GAP = 10
AXIS = 34
MAX_CELL = 124


# ---------------------------------------------------------------- cards


@lru_cache(maxsize=1024)
def _card_tile(
    vegetable: str, points: int, number: int, neighbour: int, type_count: int, w: int, h: int, detailed: bool
) -> Image.Image:
    """One Vegetable card: tinted by its vegetable, points badge, Vegetable number, icon and name."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    colour = colour_of(vegetable)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=max(6, w // 12), fill=cv.tint(colour, 0.72), outline=cv.FRAME, width=2
    )
    d.rounded_rectangle((3, 3, w - 4, h - 4), radius=max(4, w // 14), outline=colour, width=2)
    badge = max(22, w // 4)
    d.ellipse((5, 5, 5 + badge, 5 + badge), fill=cv.GOLD, outline=cv.FRAME, width=2)
    cv.draw_text(
        tile,
        (5 + badge / 2, 5 + badge / 2),
        str(points),
        max(13, badge * 2 // 3),
        cv.INK,
        anchor="mm",
        bold=True,
    )
    num_size = max(13, w // 7)
    cv.draw_text(tile, (w - 7, 7), f"#{number}", num_size, cv.INK, anchor="rt", bold=True)
    name_size = cv.fit_size(vegetable, w - 10, max(14, w // 6), 11, bold=True)
    name_h = cv.text_height(name_size)
    bottom = h - 6 - name_h
    if detailed:
        info = max(12, w // 9)
        bottom -= cv.text_height(info) + 2
        cv.draw_text(
            tile,
            (w / 2, h - 6),
            f"{type_count} in deck · reveals {neighbour}",
            min(info, cv.fit_size(f"{type_count} in deck · reveals {neighbour}", w - 10, info, 9)),
            cv.INK_SOFT,
            anchor="mb",
        )
    cv.draw_text(tile, (w / 2, bottom), vegetable, name_size, cv.INK, anchor="mt", bold=True)
    top = 8 + badge * 3 // 4
    size = max(16, min(w - 16, bottom - top - 2))
    paste_icon(tile, vegetable, (w - size) / 2, top, size)
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
    image.paste(tile, (round(x), round(y)), tile)


@lru_cache(maxsize=64)
def _rose_card(w: int, h: int) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10, fill=cv.tint(cv.ROSE_RED, 0.8), outline=cv.FRAME, width=2
    )
    size = min(w, h) - 40
    paste_icon(tile, "Rose", (w - size) / 2, 12, size)
    cv.draw_text(tile, (w / 2, h - 8), "Rose", 18, cv.INK, anchor="mb", bold=True)
    return tile


# ---------------------------------------------------------------- sections


def _header(view: CabbageheadView, names: list[str], title: str) -> cv.Section:
    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        d.rectangle((6, y, cv.WIDTH - 7, y + 70), fill=cv.FRAME)
        cv.draw_text(image, (cv.MARGIN, y + 8), title, 26, cv.PAPER, bold=True)
        where = "Game over" if view.game_over else f"Round {view.round} of 3 · turn {view.turn}"
        cv.draw_text(image, (cv.WIDTH - cv.MARGIN, y + 10), where, 20, cv.HONEY, anchor="rt", bold=True)
        cv.draw_text(
            image,
            (cv.MARGIN, y + 42),
            cv.clip_text(decision_line(view, names), cv.WIDTH - 40, 19),
            19,
            cv.HIGHLIGHT,
        )

    return 76, draw


def said(names: list[str], seat: int) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do;
    the picture itself draws `seat_name`, which the font can draw)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_name([], seat)


def decision_line(
    view: CabbageheadView, names: list[str], name: Callable[[list[str], int], str] = seat_name
) -> str:
    """Whose decision it is and what it is, from the view's structured fields (never its wording)."""
    if view.game_over:
        best = max(view.gardens, key=lambda g: g.score_now)
        scores = ", ".join(f"{name(names, g.seat)} {g.score_now}" for g in view.gardens)
        return (
            f"The game is over. Scores: {scores}."
            if len(view.gardens) > 1
            else f"The game is over: {plural(best.score_now, 'point')}."
        )
    who = " and ".join(name(names, s) for s in view.to_move)
    return f"Now: {who} to {view.decision_task}."


def _row_section(view: CabbageheadView) -> cv.Section:
    """The drawn row (costs under each card), then the Beehive, deck and token supply."""
    height = ROW_CARD_H + 92

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        left = cv.MARGIN
        row_w = 3 * ROW_CARD_W + 4 * GAP
        cv.panel(d, (left, y, left + row_w, y + height - 8), fill=cv.FELT_DARK, outline=cv.FRAME)
        cv.draw_text(image, (left + 10, y + 6), "Drawn row", 17, cv.PAPER, bold=True)
        for i, place in enumerate(view.row):
            x = left + GAP + i * (ROW_CARD_W + GAP)
            cy = y + 34
            _row_place(image, d, place, x, cy)
        _supply_panel(image, d, view, left + row_w + GAP, y, cv.WIDTH - cv.MARGIN, y + height - 8)

    return height, draw


def _row_place(image: Image.Image, d: ImageDraw.ImageDraw, place: RowPlaceView, x: int, y: int) -> None:
    if place.card is not None:
        paste_card(image, place.card, x, y, ROW_CARD_W, ROW_CARD_H, detailed=True)
    elif place.rose is not None:
        tile = _rose_card(ROW_CARD_W, ROW_CARD_H)
        image.paste(tile, (x, y), tile)
    else:
        cv.dashed_box(d, (x + 2, y + 2, x + ROW_CARD_W - 2, y + ROW_CARD_H - 2), cv.SLOT_LINE)
        cv.draw_text(image, (x + ROW_CARD_W / 2, y + ROW_CARD_H / 2), "empty", 16, cv.SLOT_LINE, anchor="mm")
    label = f"{place.position.title()}: {place.cost}"
    colour = cv.PAPER if place.affordable else cv.PAPER_DIM
    ty = y + ROW_CARD_H + 5
    if place.card is None and place.rose is None:
        label = place.position.title()
    size = cv.fit_size(label, ROW_CARD_W, 15, 11)
    cv.draw_text(image, (x + ROW_CARD_W / 2, ty), label, size, colour, anchor="mt", bold=place.affordable)
    notes = []
    if place.passed_in:
        d.rounded_rectangle(
            (x - 3, y - 3, x + ROW_CARD_W + 2, y + ROW_CARD_H + 2), radius=12, outline=cv.HIGHLIGHT, width=3
        )
        notes.append("passed in")
    if (place.card is not None or place.rose is not None) and not place.affordable:
        notes.append("can't afford")
    if notes:
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, ty + 19), " · ".join(notes), 13, cv.HIGHLIGHT, anchor="mt", bold=True
        )


def _supply_panel(
    image: Image.Image, d: ImageDraw.ImageDraw, view: CabbageheadView, x0: int, y0: int, x1: int, y1: int
) -> None:
    cv.panel(d, (x0, y0, x1, y1))
    x, y = x0 + 12, y0 + 10
    paste_icon(image, "Hive", x, y, 44)
    cv.draw_text(
        image,
        (x + 52, y + 2),
        f"Beehive: {view.hive} bee{'s' if view.hive != 1 else ''}",
        18,
        cv.INK,
        bold=True,
    )
    bx = x + 52
    for _ in range(min(view.hive, 8)):
        paste_icon(image, "Bee", bx, y + 24, 24)
        bx += 26
    if view.bees_removed:
        cv.draw_text(
            image, (x1 - 12, y + 4), f"{view.bees_removed} out of the game", 14, cv.INK_SOFT, anchor="rt"
        )
    y += 58
    cv.draw_text(image, (x, y), f"Deck: {view.deck_cards_left} cards", 18, cv.INK, bold=True)
    pip_x = x1 - 12 - 3 * 22
    cv.draw_text(image, (pip_x - 8, y + 1), "Round", 15, cv.INK_SOFT, anchor="rt")
    cv.pips(d, pip_x, y + 1, view.round, 3, 16, cv.GOOD_GREEN, cv.PAPER_DIM, gap=6)
    y += 26
    if view.cards_before_holiday is not None:
        holiday = (
            f"'On Holiday' in {view.cards_before_holiday} card{'s' if view.cards_before_holiday != 1 else ''}"
        )
    else:
        holiday = "No 'On Holiday' card left"
    cv.draw_text(image, (x, y), holiday, 16, cv.INK)
    y += 24
    tokens = f"Face-down tokens: {view.face_down_tokens}"
    if view.grasshoppers_waiting:
        tokens += f" · Grasshoppers to place: {view.grasshoppers_waiting}"
    if view.grasshoppers_set_aside:
        tokens += f" · set aside: {view.grasshoppers_set_aside}"
    cv.draw_text(image, (x, y), cv.clip_text(tokens, x1 - x - 12, 16), 16, cv.INK)
    y += 24
    extra = []
    if view.passed_card is not None and view.passed_to is not None:
        extra.append(
            f"Passed on: {view.passed_card.vegetable} #{view.passed_card.vegetable_number} ({view.passed_to})"
        )
    if view.known_in_deck:
        extra.append(
            "Under the deck: "
            + ", ".join(c.vegetable for c in view.known_in_deck[:4])
            + (" …" if len(view.known_in_deck) > 4 else "")
        )
    if view.ferwig_next_draws or view.ferwig_this_turn:
        extra.append(
            "Ferwig-Radishers: this row is free"
            if view.ferwig_this_turn
            else f"Ferwig-Radishers: next {view.ferwig_next_draws} draw(s) cut"
        )
    for line in extra[:2]:
        cv.draw_text(image, (x, y), cv.clip_text(line, x1 - x - 12, 15), 15, cv.INK_SOFT)
        y += 21


def _neighbours_section(view: CabbageheadView) -> cv.Section:
    height = 92
    counts = [n.count for n in view.neighbours]
    top = max(counts, default=0)
    leader = counts.index(top) if top and counts.count(top) == 1 else -1

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        n = max(1, len(view.neighbours))
        w = (cv.WIDTH - 2 * cv.MARGIN - (n - 1) * GAP) // n
        for i, nb in enumerate(view.neighbours):
            x = cv.MARGIN + i * (w + GAP)
            fill = cv.HIGHLIGHT if i == leader else cv.PANEL
            cv.panel(d, (x, y, x + w, y + height - 8), fill=fill)
            lines = cv.wrap(nb.name, w - 16, 16, bold=True)[:2]
            for j, line in enumerate(lines):
                cv.draw_text(image, (x + 8, y + 6 + j * 19), line, 16, cv.INK, bold=True)
            py = y + height - 34
            cv.pips(d, x + 8, py, nb.count, 6, 16, (230, 120, 40), cv.PAPER_DIM, gap=4)
            label = f"{nb.count} token{'s' if nb.count != 1 else ''}"
            cv.draw_text(image, (x + w - 8, py), label, 15, cv.INK, anchor="rt", bold=True)
            if i == leader:
                cv.draw_text(
                    image, (x + w - 8, py - 18), "would visit", 13, cv.BAD_RED, anchor="rt", bold=True
                )

    return height, draw


def _cell_size(garden: GardenView) -> int:
    return min(MAX_CELL, (cv.WIDTH - 2 * cv.MARGIN - AXIS - 8) // max(1, garden.cols))


def _garden_section(view: CabbageheadView, garden: GardenView, name: str, highlight: bool) -> cv.Section:
    cell = _cell_size(garden)
    grid_h = garden.rows * cell
    height = 56 + AXIS // 2 + grid_h + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
        cv.panel(
            d,
            (x0, y, x1, y + height - 8),
            fill=cv.FELT_DARK,
            outline=cv.HIGHLIGHT if highlight else cv.FRAME,
            width=3 if highlight else 2,
        )
        title = f"{name} · {plural(garden.score_now, 'point')}" + ("" if view.game_over else " now")
        cv.draw_text(
            image, (x0 + 12, y + 8), cv.clip_text(title, 460, 21, bold=True), 21, cv.PAPER, bold=True
        )
        facts = f"{garden.planted} planted · {garden.vegetable_types} types"
        if garden.compost:
            facts += f" · Compost {len(garden.compost)} (-{2 * len(garden.compost)})"
        if garden.roses:
            facts += f" · Roses {sum(r.blooming for r in garden.roses)}/{len(garden.roses)} blooming"
        cv.draw_text(image, (x0 + 12, y + 34), facts, 15, cv.PAPER_DIM)
        bx = x1 - 12
        bees = f"{garden.bees} bee{'s' if garden.bees != 1 else ''}"
        bx -= cv.draw_text(image, (bx, y + 12), bees, 19, cv.HONEY, anchor="rt", bold=True) + 6
        for _ in range(min(garden.bees, 6)):
            bx -= 28
            paste_icon(image, "Bee", bx, y + 6, 28)
        gx = x0 + AXIS + (x1 - x0 - AXIS - 8 - garden.cols * cell) // 2
        _grid(image, d, view, garden, cell, gx, y + 56 + AXIS // 2, highlight)

    return height, draw


@lru_cache(maxsize=512)
def _empty_slot(row: int, col: int, size: int, in_plot: bool, marked: bool) -> Image.Image:
    """An empty slot, labelled with the words the move picker uses (ruling 3): soil inside the
    plot, felt in the room it may still grow into; yellow where the player to move may plant."""
    tile = Image.new("RGB", (size, size), cv.FELT_DARK)
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=8, fill=cv.SOIL if in_plot else cv.SLOT)
    cv.dashed_box(d, (2, 2, size - 3, size - 3), cv.HIGHLIGHT if marked else cv.SLOT_LINE, dash=6, width=2)
    text = max(12, min(17, size // 5))
    colour = cv.HIGHLIGHT if marked else cv.PAPER
    cv.draw_text(tile, (size / 2, size / 2 - 1), f"Row {row}", text, colour, anchor="mb", bold=True)
    cv.draw_text(tile, (size / 2, size / 2 + 1), f"col {col}", text, colour, anchor="mt", bold=True)
    return tile


def _grid(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    view: CabbageheadView,
    garden: GardenView,
    cell: int,
    gx: int,
    gy: int,
    highlight: bool,
) -> None:
    for c in range(1, garden.cols + 1):
        cv.draw_text(
            image,
            (gx + (c - 0.5) * cell, gy - 3),
            f"col {c}" if cell >= 70 else str(c),
            16,
            cv.PAPER_DIM,
            anchor="mb",
            bold=True,
        )
    for r in range(1, garden.rows + 1):
        cv.draw_text(
            image,
            (gx - 6, gy + (r - 0.5) * cell),
            f"Row {r}" if AXIS >= 40 else str(r),
            18,
            cv.PAPER_DIM,
            anchor="rm",
            bold=True,
        )
    hopper_places = set(garden.grasshopper_slots) if highlight and view.decision == "grasshopper" else set()
    plant_here = highlight and view.decision == "plant"
    pad = 3
    for slot in garden.slots:
        x = gx + (slot.col - 1) * cell
        y = gy + (slot.row - 1) * cell
        if slot.card is not None:
            paste_card(image, slot.card, x + pad, y + pad, cell - 2 * pad, cell - 2 * pad)
        else:
            marked = (plant_here and slot.open) or slot.label in hopper_places
            tile = _empty_slot(slot.row, slot.col, cell - 2 * pad, slot.in_plot, marked)
            image.paste(tile, (x + pad, y + pad))
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
    """The public board: drawn row, supply, Neighbours and every garden."""
    sections = [_header(view, names, TITLE), _row_section(view), _neighbours_section(view)]
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
    sections = [_header(view, names, f"Your garden · {seat_name(names, seat)}"), _row_section(view)]
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


def _garden_words(garden: GardenView, name: str) -> list[str]:
    words = [
        f"{name}: {plural(garden.score_now, 'point')} now, {garden.planted} planted, "
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
            rows.setdefault(slot.row, []).append(f"col {slot.col} {what}")
    for r, items in sorted(rows.items()):
        words.append(f"Row {r}: {', '.join(items)}.")
    if garden.open_slots:
        if len(garden.open_slots) <= 3:
            words.append(f"Open: {'; '.join(garden.open_slots)}.")
        else:
            words.append(
                f"Open slots: {len(garden.open_slots)}, rows 1-{garden.rows}, columns 1-{garden.cols}."
            )
    return words


def board_description(view: CabbageheadView, names: list[str]) -> str:
    """Alt text for the board picture (Discord allows 1024 characters): the picture in words."""
    head = [
        f"{TITLE} board. "
        + ("Game over." if view.game_over else f"Round {view.round} of 3, turn {view.turn}."),
        decision_line(view, names, said).rstrip(".") + ".",
        _row_words(view),
        f"Beehive {plural(view.hive, 'bee')}. Deck {plural(view.deck_cards_left, 'card')}.",
        "Neighbour tokens: " + ", ".join(f"{n.name} {n.count}" for n in view.neighbours) + ".",
    ]
    gardens = [w for g in view.gardens for w in _garden_words(g, f"{said(names, g.seat)}'s garden")]
    return clip_alt(head + gardens)


def hand_description(view: CabbageheadView, seat: int, names: list[str]) -> str:
    parts = [
        f"Your garden, {said(names, seat)}. " + decision_line(view, names, said).rstrip(".") + ".",
        _row_words(view),
    ]
    for garden in view.gardens:
        if garden.seat == seat:
            parts += _garden_words(garden, "Your garden")
    return clip_alt(parts)


def summary(view: CabbageheadView, names: list[str]) -> str:
    """One short line for the message text, so the game can be followed without the picture."""
    scores = " · ".join(f"{said(names, g.seat)} {g.score_now} pts" for g in view.gardens)
    where = "Game over" if view.game_over else f"Round {view.round}, turn {view.turn}"
    return f"{where} · {scores} · {decision_line(view, names, said)}"
