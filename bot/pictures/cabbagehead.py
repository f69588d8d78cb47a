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

Every text, drawn or in the alt text, is said in a `Words`' language (issue 32: the hand's in its
player's, the board's in the server's); a card's vegetable is looked up by its English, which
still picks its colour and picture.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.basics.words import N_, Words, words_for
from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, seat_name
from bot.presenters.engine_words import listed, semicolons, value
from engine.cabbagehead.view_models import CabbageheadView, CardView, GardenView, RowPlaceView

TITLE = "Mr. Cabbagehead's Garden"
#: This module draws in any language: its entry points take `words` (bot/picture_service/drawing.py).
SAYS_WORDS = True
#: The words of a picture nobody asked in another language (English).
ENGLISH = words_for(None)
#: The places of the drawn row, as the view names them.
PLACES = {"left": N_("Left"), "centre": N_("Centre"), "right": N_("Right")}
#: ... and inside a sentence.
ROW_PLACES = {"left": N_("left"), "centre": N_("centre"), "right": N_("right")}


def _vegetable(name: str, words: Words) -> str:
    """A vegetable as `words` say it ("Carotte")."""
    said = value(words, name)
    return said if isinstance(said, str) else name


def _place(place: RowPlaceView, words: Words) -> str:
    where = PLACES.get(place.position)
    return words.text(where) if where else place.position.title()


ROW_CARD_W, ROW_CARD_H = 124, 178
GAP = 8
AXIS = 30
MAX_CELL = 124
#: A garden card narrower than this shows its points, picture and number, not its name.
NAMED_CARD = 84
# ---------------------------------------------------------------- cards


@cv.tile_cache(maxsize=1024)
def _card_tile(
    vegetable: str,
    points: int,
    number: int,
    neighbour: int,
    type_count: int,
    w: int,
    h: int,
    detailed: bool,
    words: Words = ENGLISH,
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
        info = [words.text("{n} in deck", n=type_count), words.text("reveals {n}", n=neighbour)]
        bottom -= 2 * cv.line_height(cv.SMALL)
        for i, line in enumerate(info):
            shown = cv.clip_text(line, w - 8, cv.SMALL)
            cv.draw_text(
                tile, (w / 2, bottom + i * cv.line_height(cv.SMALL)), shown, cv.SMALL, cv.INK, anchor="mt"
            )
    said = _vegetable(vegetable, words)
    size = cv.fit_size(said, w - 10, cv.BODY, cv.SMALL, bold=True)
    name = cv.clip_text(said, w - 8, size, bold=True)
    bottom -= cv.line_height(size)
    cv.draw_text(tile, (w / 2, bottom), name, size, cv.INK, anchor="mt", bold=True, tag="name")
    top = 8 + badge * 3 // 4
    side = max(16, min(w - 16, bottom - top - 2))
    paste_icon(tile, vegetable, (w - side) / 2, top, side)
    return tile


def paste_card(
    image: Image.Image,
    card: CardView,
    x: float,
    y: float,
    w: int,
    h: int,
    detailed: bool = False,
    words: Words = ENGLISH,
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
        words,
    )
    cv.paste_tile(image, tile, x, y, card.vegetable, 1, "row" if detailed else "garden")


@cv.tile_cache(maxsize=64)
def _rose_card(w: int, h: int, words: Words = ENGLISH) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10, fill=cv.tint(cv.ROSE_RED, 0.8), outline=cv.FRAME, width=2
    )
    size = min(w, h) - 40
    paste_icon(tile, "Rose", (w - size) / 2, 12, size)
    name = words.text("Rose")
    cv.draw_text(tile, (w / 2, h - 8), name, cv.HEADING, cv.INK, anchor="mb", bold=True, tag="name")
    return tile


# ---------------------------------------------------------------- sections


def said(names: list[str], seat: int) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do;
    the picture itself draws `seat_name`, which the font can draw)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_name([], seat)


def decision_line(
    view: CabbageheadView,
    names: list[str],
    name: Callable[[list[str], int], str] = seat_name,
    words: Words = ENGLISH,
) -> str:
    """Whose decision it is and what it is, from the view's structured fields (never its wording);
    once the game is over, nothing (the final message says the result, issue 27 item 9)."""
    if view.game_over:
        return ""
    seats = [name(names, s) for s in view.to_move]
    who = " and ".join(seats) if words.language == ENGLISH.language else listed(words, seats)
    return words.text("Now: {who} to {task}.", who=who, task=value(words, view.decision_task or ""))


def _place_label(place: RowPlaceView, words: Words = ENGLISH) -> list[str]:
    label = (
        _place(place, words)
        if place.card is None and place.rose is None
        else words.text("{place}: {cost}", place=_place(place, words), cost=value(words, place.cost))
    )
    return cv.wrap(label, ROW_CARD_W, cv.SMALL, bold=place.affordable)[:2]


def _place_notes(place: RowPlaceView, words: Words = ENGLISH) -> list[str]:
    """The notes under a place, one a line: side by side, "passed in · can't afford" is wider
    than the card and ran off the picture's left edge (issue 27 item 14)."""
    notes = []
    if place.passed_in:
        notes.append(words.text("passed in"))
    if (place.card is not None or place.rose is not None) and not place.affordable:
        notes.append(words.text("can't afford"))
    return [line for note in notes for line in cv.wrap(note, ROW_CARD_W, cv.SMALL, bold=True)[:2]]


def _row_section(view: CabbageheadView, words: Words = ENGLISH) -> cv.Section:
    """The drawn row (costs under each card), then the Beehive, deck and token supply."""
    left = cv.MARGIN
    row_w = 3 * ROW_CARD_W + 4 * GAP
    sx0, sx1 = left + row_w + GAP, cv.WIDTH - cv.MARGIN
    supply = _supply_lines(view, sx1 - sx0 - 24, words)
    under = max(
        (len(_place_label(p, words)) + len(_place_notes(p, words)) for p in view.row), default=1
    ) * cv.line_height(cv.SMALL)
    top = 12 + cv.line_height(cv.BODY)
    height = max(top + ROW_CARD_H + 6 + under + 8, _supply_height(supply) + 8) + 8

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (left, y, left + row_w, y + height - 8), fill=cv.FELT_DARK, outline=cv.FRAME)
        cv.draw_text(image, (left + 10, y + 6), words.text("Drawn row"), cv.BODY, cv.PAPER, bold=True)
        for i, place in enumerate(view.row):
            _row_place(image, d, place, left + GAP + i * (ROW_CARD_W + GAP), y + top, words)
        _supply_panel(image, d, view, supply, sx0, y, sx1, y + height - 8, words)

    return height, draw


def _row_place(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    place: RowPlaceView,
    x: int,
    y: int,
    words: Words = ENGLISH,
) -> None:
    if place.card is not None:
        paste_card(image, place.card, x, y, ROW_CARD_W, ROW_CARD_H, detailed=True, words=words)
    elif place.rose is not None:
        cv.paste_tile(image, _rose_card(ROW_CARD_W, ROW_CARD_H, words), x, y, "Rose", 1, "row")
    else:
        cv.dashed_box(d, (x + 2, y + 2, x + ROW_CARD_W - 2, y + ROW_CARD_H - 2), cv.SLOT_LINE)
        cv.draw_text(
            image,
            (x + ROW_CARD_W / 2, y + ROW_CARD_H / 2),
            words.text("empty"),
            cv.BODY,
            cv.PAPER_DIM,
            anchor="mm",
        )
    colour = cv.PAPER if place.affordable else cv.PAPER_DIM
    ty = y + ROW_CARD_H + 6
    for line in _place_label(place, words):
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, ty), line, cv.SMALL, colour, anchor="mt", bold=place.affordable
        )
        ty += cv.line_height(cv.SMALL)
    if place.passed_in:
        d.rounded_rectangle(
            (x - 3, y - 3, x + ROW_CARD_W + 2, y + ROW_CARD_H + 2), radius=12, outline=cv.HIGHLIGHT, width=3
        )
    for note in _place_notes(place, words):
        cv.draw_text(
            image, (x + ROW_CARD_W / 2, ty), note, cv.SMALL, cv.HIGHLIGHT, anchor="mt", bold=True, tag="note"
        )
        ty += cv.line_height(cv.SMALL)


#: A line of the supply panel: (text, size, colour, bold).
SupplyLine = tuple[str, int, cv.RGB, bool]


def _supply_lines(view: CabbageheadView, width: int, words: Words = ENGLISH) -> list[SupplyLine]:
    """What the supply panel says under the Beehive, wrapped to its width."""
    out: list[SupplyLine] = []

    def add(text: str, size: int = cv.SMALL, colour: cv.RGB = cv.INK, bold: bool = False) -> None:
        out.extend((line, size, colour, bold) for line in cv.wrap(text, width, size, bold))

    if view.bees_removed:
        add(words.text("{n} out of the game", n=view.bees_removed), colour=cv.INK_SOFT)
    add(words.plural("Deck: {n} card", "Deck: {n} cards", view.deck_cards_left), cv.BODY, bold=True)
    if view.cards_before_holiday is not None:
        add(words.plural("'On Holiday' in {n} card", "'On Holiday' in {n} cards", view.cards_before_holiday))
    else:
        add(words.text("No 'On Holiday' card left"))
    add(words.text("Face-down tokens: {n}", n=view.face_down_tokens))
    if view.grasshoppers_waiting:
        add(words.text("Grasshoppers to place: {n}", n=view.grasshoppers_waiting))
    if view.grasshoppers_set_aside:
        add(words.text("Grasshoppers set aside: {n}", n=view.grasshoppers_set_aside))
    if view.passed_card is not None and view.passed_to is not None:
        passed = view.passed_card
        where = PLACES.get(view.passed_to)
        add(
            words.text(
                "Passed on: {card} #{number} ({place})",
                card=_vegetable(passed.vegetable, words),
                number=passed.vegetable_number,
                place=words.text(where) if where else view.passed_to,
            ),
            colour=cv.INK_SOFT,
        )
    if view.known_in_deck:
        known = ", ".join(_vegetable(c.vegetable, words) for c in view.known_in_deck[:4])
        more = " …" if len(view.known_in_deck) > 4 else ""
        add(words.text("Under the deck: {cards}", cards=known + more), colour=cv.INK_SOFT)
    if view.ferwig_next_draws or view.ferwig_this_turn:
        add(
            words.text("Ferwig-Radishers: this row is free")
            if view.ferwig_this_turn
            else words.text("Ferwig-Radishers: next {n} draw(s) cut", n=view.ferwig_next_draws),
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
    words: Words = ENGLISH,
) -> None:
    cv.panel(d, (x0, y0, x1, y1))
    x, y = x0 + 12, y0 + 10
    paste_icon(image, "Hive", x, y, 40)
    hive = words.plural("Beehive: {n} bee", "Beehive: {n} bees", view.hive)
    hive = cv.clip_text(hive, x1 - x - 56, cv.BODY, bold=True)
    cv.draw_text(image, (x + 48, y), hive, cv.BODY, cv.INK, bold=True)
    bx = x + 48
    for _ in range(min(view.hive, (x1 - bx - 8) // 26)):
        paste_icon(image, "Bee", bx, y + 28, 24)
        bx += 26
    y += HIVE_H
    for text, size, colour, bold in lines:
        cv.draw_text(image, (x, y), text, size, colour, bold=bold)
        y += cv.line_height(size) + 1


def _neighbours_section(view: CabbageheadView, words: Words = ENGLISH) -> cv.Section:
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
            label = words.plural("{n} token", "{n} tokens", nb.count)
            cv.draw_text(image, (x + w - 8, py), label, cv.SMALL, cv.INK, anchor="rt", bold=True)
            if i == leader:
                room = int(x + w - 16 - cv.text_width(label, cv.SMALL, True) - (end + 8))
                visit = cv.clip_text(words.text("would visit"), room, cv.SMALL, bold=True)
                cv.draw_text(image, (end + 8, py), visit, cv.SMALL, cv.BAD_TEXT, bold=True)

    return height, draw


def _cell_size(garden: GardenView) -> int:
    return min(MAX_CELL, (cv.WIDTH - 2 * cv.MARGIN - AXIS - 16) // max(1, garden.cols))


def _garden_section(
    view: CabbageheadView, garden: GardenView, name: str, highlight: bool, words: Words = ENGLISH
) -> cv.Section:
    cell = _cell_size(garden)
    grid_h = garden.rows * cell
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    bees = words.plural("{n} bee", "{n} bees", garden.bees)
    bees_w = cv.text_width(bees, cv.HEADING, True) + 6 + min(garden.bees, 6) * 26
    title = (
        words.plural("{name} · {n} point", "{name} · {n} points", garden.score_now, name=name)
        if view.game_over
        else words.plural("{name} · {n} point now", "{name} · {n} points now", garden.score_now, name=name)
    )
    title = cv.clip_text(title, x1 - x0 - 36 - bees_w, cv.HEADING, bold=True)
    facts = words.plural(
        "{planted} planted · {n} type",
        "{planted} planted · {n} types",
        garden.vegetable_types,
        planted=garden.planted,
    )
    if garden.compost:
        lost = 2 * len(garden.compost)
        facts += words.text(" · Compost {n} (-{points})", n=len(garden.compost), points=lost)
    if garden.roses:
        facts += words.text(
            " · Roses {blooming}/{roses} blooming",
            blooming=sum(r.blooming for r in garden.roses),
            roses=len(garden.roses),
        )
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
        _grid(image, d, garden, cell, gx, y + axis_top, y + grid_top, words)

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
    words: Words = ENGLISH,
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
            paste_card(image, slot.card, x + pad, y + pad, cell - 2 * pad, cell - 2 * pad, words=words)
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


def board_image(view: CabbageheadView, names: list[str], words: Words = ENGLISH) -> Image.Image:
    """The public board: the drawn row, supply, Neighbours and every garden."""
    sections = [_row_section(view, words), _neighbours_section(view, words)]
    for garden in view.gardens:
        sections.append(
            _garden_section(
                view,
                garden,
                words.text("{name}'s garden", name=seat_name(names, garden.seat)),
                garden.seat in view.to_move and not view.game_over,
                words,
            )
        )
    return cv.compose(sections)


def hand_image(view: CabbageheadView, seat: int, names: list[str], words: Words = ENGLISH) -> Image.Image:
    """A player's own picture: the drawn row and their garden with its open slots marked.

    Mr. Cabbagehead's Garden has no secret hand (ruling 12): the private picture is the player's
    decision at a glance, drawn from their own view."""
    mine = [g for g in view.gardens if g.seat == seat]
    sections = [_row_section(view, words)]
    for garden in mine:
        highlight = seat in view.to_move and not view.game_over
        sections.append(_garden_section(view, garden, words.text("Your garden"), highlight, words))
    return cv.compose(sections)


# ---------------------------------------------------------------- words for screen readers and the message


def _card_words(card: CardView, words: Words) -> str:
    return words.text(
        "{card} #{number} ({points} pts)",
        card=_vegetable(card.vegetable, words),
        number=card.vegetable_number,
        points=card.points,
    )


def _row_words(view: CabbageheadView, words: Words = ENGLISH) -> str:
    parts = []
    for place in view.row:
        if place.card is not None:
            what = _card_words(place.card, words)
        elif place.rose is not None:
            what = words.text("a Rose")
        else:
            continue
        extra = words.text(", passed in") if place.passed_in else ""
        afford = "" if place.affordable else words.text(", can't afford")
        where = ROW_PLACES.get(place.position)
        said = words.text(where) if where else place.position
        parts.append(
            words.text("{place} {card}, {cost}", place=said, card=what, cost=value(words, place.cost))
            + afford
            + extra
        )
    if not parts:
        return words.text("Drawn row: empty.")
    return words.text("Drawn row: {places}.", places=semicolons(words, parts))


def _garden_words(garden: GardenView, name: str, final: bool = False, words: Words = ENGLISH) -> list[str]:
    """A garden in words; `final`: the game is over, so its points are its score, not "now"."""
    facts = {
        "name": name,
        "points": words.plural("{n} point", "{n} points", garden.score_now),
        "planted": garden.planted,
        "types": words.plural("{n} type", "{n} types", garden.vegetable_types),
        "bees": words.plural("{n} bee", "{n} bees", garden.bees),
        "compost": len(garden.compost),
    }
    said = [
        words.text("{name}: {points}, {planted} planted, {types}, {bees}, compost {compost}.", **facts)
        if final
        else words.text(
            "{name}: {points} now, {planted} planted, {types}, {bees}, compost {compost}.", **facts
        )
    ]
    rows: dict[int, list[str]] = {}
    for slot in garden.slots:
        if slot.card is not None or slot.grasshopper or slot.rose:
            what = _vegetable(slot.card.vegetable, words) if slot.card else words.text("empty")
            if slot.grasshopper:
                what = words.text("{what} with Grasshopper", what=what)
            if slot.rose:
                what = words.text("{what} under a Rose", what=what)
            rows.setdefault(slot.row, []).append(f"{slot.label} {what}")
    for r, items in sorted(rows.items()):
        number = garden.row_numbers[r - 1] if r <= len(garden.row_numbers) else r
        said.append(words.text("Row {row}: {slots}.", row=number, slots=", ".join(items)))
    if garden.legal_slots:
        if len(garden.legal_slots) <= 6:
            said.append(words.text("Open: {slots}.", slots=", ".join(garden.legal_slots)))
        else:
            said.append(
                words.plural(
                    "Open: {n} slot, {first} to {last}.",
                    "Open: {n} slots, {first} to {last}.",
                    len(garden.legal_slots),
                    first=garden.legal_slots[0],
                    last=garden.legal_slots[-1],
                )
            )
    return said


def board_description(view: CabbageheadView, names: list[str], words: Words = ENGLISH) -> str:
    """Alt text for the board picture (Discord allows 1024 characters): the picture in words."""
    head = [
        words.text("{title}, the final board.", title=TITLE)
        if view.game_over
        else words.text(
            "{title} board. Round {round} of 3, turn {turn}. {decision}",
            title=TITLE,
            round=view.round,
            turn=view.turn,
            decision=decision_line(view, names, said, words),
        ),
        _row_words(view, words),
        words.plural("Beehive {n} bee.", "Beehive {n} bees.", view.hive)
        + " "
        + words.plural("Deck {n} card.", "Deck {n} cards.", view.deck_cards_left),
        words.text(
            "Neighbour tokens: {tokens}.", tokens=", ".join(f"{n.name} {n.count}" for n in view.neighbours)
        ),
    ]
    gardens = [
        w
        for g in view.gardens
        for w in _garden_words(
            g, words.text("{name}'s garden", name=said(names, g.seat)), view.game_over, words
        )
    ]
    return clip_alt(head + gardens)


def hand_description(view: CabbageheadView, seat: int, names: list[str], words: Words = ENGLISH) -> str:
    parts = [
        words.text(
            "Your garden, {name}. {decision}",
            name=said(names, seat),
            decision=decision_line(view, names, said, words),
        ).strip(),
        _row_words(view, words),
    ]
    for garden in view.gardens:
        if garden.seat == seat:
            parts += _garden_words(garden, words.text("Your garden"), view.game_over, words)
    return clip_alt(parts)


def summary(view: CabbageheadView, names: list[str], words: Words = ENGLISH) -> str:
    """One short line for the message text, so the game can be followed without the picture."""
    scores = " · ".join(
        words.text("{name} {points} pts", name=said(names, g.seat), points=g.score_now) for g in view.gardens
    )
    if view.game_over:
        return words.text("The final board · {scores}", scores=scores)
    return words.text(
        "Round {round}, turn {turn} · {scores} · {decision}",
        round=view.round,
        turn=view.turn,
        scores=scores,
        decision=decision_line(view, names, said, words),
    )
