"""Pictures of Garden Sabotage, drawn from a `SabotageView` and nothing else.

The board shows the face-up Plant and Bug rows with the decks, then every player's two plots
(plants oldest to newest, so the card a Bad Bug eats next is the last one, ruling 3), their Good
and Bad Bugs, completed objectives and score. Other players' hands appear only as counts, because
that is all the view holds (ruling 17). The private picture adds the viewer's hand and objectives.
The final board is drawn the same way: the table's headline says the game is over and the ranking
is said once, in the game's final message (issue 27 item 9).

Every card stands on its own place (hand cards wrap onto more rows rather than overlap), so each
name is whole and each "x2" badge visible; all text is at least `cv.MIN_FONT`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.basics.words import N_, Words, words_for
from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, grouped_by_name, seat_name
from bot.presenters.engine_words import semicolons
from engine.sabotage.views import CardView, ObjectiveView, PlotView, ProgressView, SabotageView, SeatView

TITLE = "Garden Sabotage"
#: This module draws in any language: its entry points take `words` (bot/picture_service/drawing.py).
SAYS_WORDS = True
#: The words of a picture nobody asked in another language (English).
ENGLISH = words_for(None)
GAP = 8
#: Card sizes: the face-up rows and the hand, and a plant in a plot (its picture only).
CARD_W, CARD_H = 128, 150
PLANT_TILE = 56
BAD_BUGS = {"Aphid", "Slug", "Caterpillar"}


def _fallback(view: SabotageView, seat: int, words: Words = ENGLISH) -> str:
    return words.text("Player {number}", number=seat + 1)  # the engine's name for a seat


def _name(view: SabotageView, names: list[str], seat: int, words: Words = ENGLISH) -> str:
    """A seat's name as the picture draws it (the font cannot draw every character)."""
    return seat_name(names, seat, _fallback(view, seat, words))


def _said(view: SabotageView, names: list[str], seat: int, words: Words = ENGLISH) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return _fallback(view, seat, words)


Namer = Callable[[SabotageView, list[str], int, Words], str]


def _kind(name: str, words: Words) -> str:
    """A card's kind or an objective's name as `words` say it (an entry of the catalogs)."""
    return words.text(name)


def _is_bad(kind: str) -> bool:
    return kind in BAD_BUGS


def _edge(role: str) -> cv.RGB:
    return {"good": cv.GOOD_GREEN, "bad": cv.BAD_RED, "bird": cv.BIRD_BLUE}.get(role, cv.FRAME)


def _name_lines(kind: str, width: int) -> tuple[list[str], int]:
    """A card's name at the largest size from BODY down to SMALL that fits, else on two lines (a
    line still too wide, one long word, cut with an ellipsis)."""
    size = cv.fit_size(kind, width, cv.BODY, cv.SMALL, bold=True)
    if cv.text_width(kind, size, bold=True) <= width:
        return [kind], size
    lines = cv.wrap(kind, width, cv.SMALL, bold=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [cv.clip_text(line, width, cv.SMALL, bold=True) for line in lines], cv.SMALL


#: The band across a Bug card, by its role.
BANDS = {"good": N_("GOOD"), "bad": N_("BAD"), "bird": N_("BIRD")}


@cv.tile_cache(maxsize=512)
def _kind_card(kind: str, w: int, h: int, role: str, count: int, words: Words = ENGLISH) -> Image.Image:
    """A Plant or Bug card: tinted, its picture, its whole name; bugs get a Good/Bad/Bird band;
    `count` > 1 shows an "x3" badge (a hand groups identical cards)."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    edge = _edge(role)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=max(6, w // 10),
        fill=cv.tint(colour_of(kind), 0.72),
        outline=edge,
        width=3 if role != "plant" else 2,
    )
    band = 0
    if role != "plant":
        band = cv.text_height(cv.SMALL) + 4
        d.rounded_rectangle((2, 2, w - 3, 2 + band), radius=max(4, w // 12), fill=edge)
        label = words.text(BANDS[role])
        cv.draw_text(tile, (w / 2, 3 + band / 2), label, cv.SMALL, cv.WHITE, anchor="mm", bold=True)
    lines, size = _name_lines(_kind(kind, words), w - 10)
    step = cv.line_height(size)
    name_top = h - 6 - step * len(lines)
    for i, line in enumerate(lines):
        cv.draw_text(
            tile, (w / 2, name_top + i * step), line, size, cv.INK, anchor="mt", bold=True, tag="name"
        )
    top = 5 + band
    side = max(16, min(w - 12, name_top - top - 3))
    paste_icon(tile, kind, (w - side) / 2, top + 1, side)
    if count > 1:
        r = cv.text_height(cv.BODY) + 12
        d.ellipse((w - r - 3, 4 + band, w - 3, 4 + band + r), fill=cv.INK, outline=cv.WHITE, width=2)
        cv.draw_text(
            tile,
            (w - 3 - r / 2, 4 + band + r / 2),
            f"x{count}",
            cv.BODY,
            cv.WHITE,
            anchor="mm",
            bold=True,
            tag="count",
        )
    return tile


def _role(card_id: str, kind: str) -> str:
    if card_id.startswith("plant"):
        return "plant"
    if card_id.startswith("bird"):
        return "bird"
    return "bad" if _is_bad(kind) else "good"


def paste_kind(
    image: Image.Image,
    card: CardView,
    x: float,
    y: float,
    w: int,
    h: int,
    count: int = 1,
    place: str = "",
    words: Words = ENGLISH,
) -> None:
    tile = _kind_card(card.name, w, h, _role(card.id, card.name), count, words)
    cv.paste_tile(image, tile, x, y, card.name, count, place)


@cv.tile_cache(maxsize=256)
def _plant_tile(kind: str, w: int, h: int, strip: int) -> Image.Image:
    """A plant in a plot: its tinted card with its picture (the plot is read by pictures; the alt
    text names them). A card partly covered by the next (`strip`: the visible width) shows its
    picture small in the visible strip."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=7, fill=cv.tint(colour_of(kind), 0.72), outline=cv.FRAME, width=2
    )
    if strip:
        side = max(12, min(strip - 5, h - 8))
        paste_icon(tile, kind, 3, (h - side) / 2, side)
    else:
        paste_icon(tile, kind, 4, 4, min(w, h) - 8)
    return tile


@cv.tile_cache(maxsize=32)
def _card_back(w: int, h: int, label: str) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=cv.SOIL, outline=cv.FRAME, width=2)
    d.rounded_rectangle((5, 5, w - 6, h - 6), radius=6, outline=cv.blend(cv.SOIL, cv.PAPER, 0.4), width=2)
    lines = cv.wrap(label, w - 14, cv.SMALL, bold=True)[:2]
    for i, line in enumerate(lines):
        cv.draw_text(
            tile, (w / 2, 12 + i * cv.line_height(cv.SMALL)), line, cv.SMALL, cv.PAPER, anchor="mt", bold=True
        )
    return tile


def _deck(image: Image.Image, x: int, y: int, w: int, h: int, label: str, count: int) -> None:
    cv.paste_tile(image, _card_back(w, h, label), x, y)
    cv.draw_text(image, (x + w / 2, y + h - 12), str(count), 28, cv.HIGHLIGHT, anchor="mb", bold=True)


# ---------------------------------------------------------------- sections


def turn_line(view: SabotageView, names: list[str], name: Namer = _name, words: Words = ENGLISH) -> str:
    """Whose turn it is and how many actions are left; once the game is over, nothing (the final
    message says the result, issue 27 item 9)."""
    if view.game_over:
        return ""
    waiting = [seat for seat, answer in enumerate(view.house_plant_answers or []) if answer is None]
    if waiting:
        return words.text(
            "Now: {player} says how many house plants they own (first player)",
            player=name(view, names, waiting[0], words),
        )
    assert view.turn is not None
    line = words.plural(
        "Now: {player}'s turn, {n} action left",
        "Now: {player}'s turn, {n} actions left",
        view.actions_left,
        player=name(view, names, view.turn, words),
    )
    if view.final_round_by is not None:
        line += words.text(
            " · final round ({player} completed 7)", player=name(view, names, view.final_round_by, words)
        )
    return line


def _row_card(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    card: CardView | None,
    x: int,
    y: int,
    w: int,
    h: int,
    words: Words = ENGLISH,
) -> None:
    if card is None:
        cv.dashed_box(d, (x + 2, y + 2, x + w - 2, y + h - 2), cv.SLOT_LINE)
        cv.draw_text(image, (x + w / 2, y + h / 2), words.text("empty"), cv.SMALL, cv.PAPER_DIM, anchor="mm")
    else:
        paste_kind(image, card, x, y, w, h, place="row", words=words)


def _row_title(image: Image.Image, x0: int, x1: int, y: int, title: str, right: str) -> None:
    cv.draw_text(image, (x0 + 10, y + 6), title, cv.BODY, cv.PAPER, bold=True)
    if right:
        cv.draw_text(image, (x1 - 10, y + 7), right, cv.SMALL, cv.PAPER_DIM, anchor="rt")


def _rows_section(view: SabotageView, words: Words = ENGLISH) -> list[cv.Section]:
    """The Plant row and its deck, then the Bug row and its deck beside the Objective deck."""
    top = 12 + cv.line_height(cv.BODY)
    height = top + CARD_H + 18
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    cw = min(CARD_W, (x1 - x0 - GAP * (len(view.plant_row) + 2)) // (len(view.plant_row) + 1))

    def plants(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        discard = words.text("discard {n}", n=len(view.plant_discard))
        _row_title(image, x0, x1, y, words.text("Plant row"), discard)
        for i, card in enumerate(view.plant_row):
            _row_card(image, d, card, x0 + GAP + i * (cw + GAP), y + top, cw, CARD_H, words)
        _deck(
            image,
            x0 + GAP + len(view.plant_row) * (cw + GAP),
            y + top,
            cw,
            CARD_H,
            words.text("Plant deck"),
            view.plant_deck_size,
        )

    def bugs(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        bug_w = (len(view.bug_row) + 1) * (cw + GAP) + GAP
        cv.panel(d, (x0, y, x0 + bug_w, y + height - 8), fill=cv.FELT_DARK)
        discard = words.text("discard {n}", n=len(view.bug_discard))
        _row_title(image, x0, x0 + bug_w, y, words.text("Bug row"), discard)
        for i, card in enumerate(view.bug_row):
            _row_card(image, d, card, x0 + GAP + i * (cw + GAP), y + top, cw, CARD_H, words)
        _deck(
            image,
            x0 + GAP + len(view.bug_row) * (cw + GAP),
            y + top,
            cw,
            CARD_H,
            words.text("Bug deck"),
            view.bug_deck_size,
        )
        ox = x0 + bug_w + GAP
        if x1 - ox >= cw + 2 * GAP:
            cv.panel(d, (ox, y, x1, y + height - 8), fill=cv.FELT_DARK)
            cv.draw_text(image, (ox + 10, y + 6), words.text("Objectives"), cv.BODY, cv.PAPER, bold=True)
            deck = words.text("Objective deck")
            _deck(image, ox + GAP, y + top, cw, CARD_H, deck, view.objective_deck_size)
            tx = ox + GAP + cw + 10
            if x1 - tx >= 70:
                cv.text_lines(
                    image,
                    tx,
                    y + top + 4,
                    [words.text("discard"), str(view.objective_discard_size)],
                    cv.SMALL,
                    cv.PAPER_DIM,
                )

    return [(height, plants), (height, bugs)]


def _bug_chip(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    card: CardView | None,
    role: str,
    x: int,
    y: int,
    w: int,
    h: int,
    words: Words = ENGLISH,
) -> None:
    """A plot's Good or Bad Bug place: the bug's picture and name, or an empty dashed place."""
    edge = cv.BAD_RED if role == "bad" else cv.GOOD_GREEN
    if card is None:
        cv.dashed_box(d, (x, y, x + w, y + h), cv.blend(edge, cv.PAPER, 0.45), dash=5, width=2)
        label = words.text("no Bad Bug") if role == "bad" else words.text("no Good Bug")
        cv.draw_text(image, (x + w / 2, y + h / 2), label, cv.SMALL, cv.PAPER, anchor="mm", bold=True)
        return
    cv.paste_tile(image, _filled_chip(card.name, role, w, h, words), x, y, card.name, 1, "chip")


@cv.tile_cache(maxsize=256)
def _filled_chip(
    name: str, role: str, w: int, h: int, said: Words = ENGLISH
) -> tuple[Image.Image, Image.Image]:
    """A Good or Bad Bug in its plot place, drawn once per (bug, role, size) and pasted after.

    Drawn opaque (RGB) with a separate mask of the rounded frame's shape, so pasting it gives
    exactly the pixels drawing it in place gave (an RGBA tile would blend its icon's soft edges
    into its own alpha and let the plot's soil show through)."""
    edge = cv.BAD_RED if role == "bad" else cv.GOOD_GREEN
    words = cv.BAD_TEXT if role == "bad" else cv.GOOD_TEXT
    box = (0, 0, w, h)
    chip = Image.new("RGB", (w + 1, h + 1), cv.SOIL)
    d = ImageDraw.Draw(chip)
    d.rounded_rectangle(box, radius=8, fill=cv.tint(colour_of(name), 0.75), outline=edge, width=3)
    side = min(h - 8, 40)
    paste_icon(chip, name, 4, (h - side) / 2, side)
    word = said.text("Bad Bug") if role == "bad" else said.text("Good Bug")
    tx = side + 8
    # Clipped like the name below it: a longer language must not run past the chip.
    cv.draw_text(
        chip, (tx, 4), cv.clip_text(word, w - tx - 4, cv.SMALL, bold=True), cv.SMALL, words, bold=True
    )
    shown = cv.clip_text(_kind(name, said), w - tx - 4, cv.SMALL, bold=True)
    cv.draw_text(chip, (tx, h - 3), shown, cv.SMALL, cv.INK, anchor="lb", bold=True, tag="name")
    mask = Image.new("L", chip.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=8, fill=255, outline=255, width=3)
    return chip, mask


CHIP_H = 2 * cv.line_height(cv.SMALL) + 8
PLOT_H = 10 + cv.line_height(cv.BODY) + CHIP_H + 8 + PLANT_TILE + 10


def _plot(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    plot: PlotView,
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    words: Words = ENGLISH,
) -> None:
    """One plot: its name and plant count, its two bug places, then its plants in planting order
    (the newest, which a Bad Bug eats next, on the right)."""
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=cv.SOIL, outline=cv.FRAME, width=2)
    if plot.bad_bug is not None:
        d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=9, outline=cv.BAD_RED, width=3)
    cv.draw_text(
        image, (x0 + 10, y0 + 7), words.text("Plot {plot}", plot=plot.number), cv.BODY, cv.PAPER, bold=True
    )
    if plot.plants:
        planted = words.plural("{n} plant", "{n} plants", len(plot.plants))
    else:
        planted = words.text("nothing planted")
    cv.draw_text(image, (x1 - 10, y0 + 8), planted, cv.SMALL, cv.PAPER, anchor="rt")
    chip_w = (x1 - x0 - 16 - 6) // 2
    cy = y0 + 10 + cv.line_height(cv.BODY)
    for i, (card, role) in enumerate(((plot.good_bug, "good"), (plot.bad_bug, "bad"))):
        _bug_chip(image, d, card, role, x0 + 8 + i * (chip_w + 6), cy, chip_w, CHIP_H, words)
    top = cy + CHIP_H + 8
    plants = plot.plants
    if not plants:
        return
    room = x1 - x0 - 16
    pw = PLANT_TILE
    step = pw + 4 if len(plants) * (pw + 4) - 4 <= room else (room - pw) // (len(plants) - 1)
    covered = step < pw
    for i, card in enumerate(plants):
        strip = step if covered and i < len(plants) - 1 else 0
        cv.paste_tile(image, _plant_tile(card.name, pw, pw, strip), x0 + 8 + i * step, top)


def _completed_rows(seat: SeatView) -> int:
    return math.ceil(len(seat.completed) / 2)


PIP = 15


def _seat_section(
    view: SabotageView,
    seat: SeatView,
    names: list[str],
    active: bool,
    title: str | None = None,
    words: Words = ENGLISH,
) -> cv.Section:
    """A player's name and score, their hand counts and completed count (pips), their two plots,
    then each completed objective with its points (and the Good Bug kept with it)."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    name = cv.clip_text(title or _name(view, names, seat.seat, words), 380, cv.HEADING, bold=True)
    score = words.plural("{n} point", "{n} points", seat.score)
    hand = _hand_counts(seat, words, N_("hand: {plants}, {bugs}, {objectives}"))
    done = len(seat.completed)
    done_words = words.text("completed {done} of 7", done=done)
    head = 8 + cv.line_height(cv.HEADING) + cv.line_height(cv.SMALL) + 6
    done_h = 12 + _completed_rows(seat) * cv.line_height(cv.SMALL) if done else 0
    height = head + PLOT_H + (GAP + done_h if done else 0) + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(
            d,
            (x0, y, x1, y + height - 8),
            fill=cv.FELT_DARK,
            outline=cv.HIGHLIGHT if active else cv.FRAME,
            width=3 if active else 2,
        )
        w = cv.draw_text(image, (x0 + 12, y + 8), name, cv.HEADING, cv.PAPER, bold=True)
        cv.draw_text(image, (x0 + 26 + w, y + 8), score, cv.HEADING, cv.HONEY, bold=True)
        ly = y + 8 + cv.line_height(cv.HEADING)
        cv.draw_text(image, (x0 + 12, ly), hand, cv.SMALL, cv.PAPER_DIM)
        px = x1 - 12 - 7 * (PIP + 3)
        cv.pips(d, px, ly + 3, done, 7, PIP, cv.GOLD, cv.FELT, gap=3)
        cv.draw_text(image, (px - 8, ly), done_words, cv.SMALL, cv.PAPER_DIM, anchor="rt")
        pw = (x1 - x0 - 24 - GAP) // 2
        top = y + head
        for i, plot in enumerate(seat.plots):
            px = x0 + 12 + i * (pw + GAP)
            _plot(image, d, plot, px, top, px + pw, top + PLOT_H, words)
        if done:
            cy = top + PLOT_H + GAP
            _completed(image, d, seat, x0 + 12, cy, x1 - 12, cy + done_h, words)

    return height, draw


def _hand_counts(seat: SeatView, words: Words, template: str) -> str:
    """A hand's counts ("hand: 3 plants, 1 bug, 1 objective"), in `template`."""
    return words.text(
        template,
        plants=words.plural("{n} plant", "{n} plants", seat.plants_in_hand),
        bugs=words.plural("{n} bug", "{n} bugs", seat.bugs_in_hand),
        objectives=words.plural("{n} objective", "{n} objectives", seat.objectives_in_hand),
    )


def _completed(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    seat: SeatView,
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    words: Words = ENGLISH,
) -> None:
    """Completed objectives, two a line: points, name and the Good Bug kept with it."""
    cv.panel(d, (x0, y0, x1, y1), fill=cv.PANEL, radius=8)
    col_w = (x1 - x0 - 20) // 2
    icon = cv.text_height(cv.SMALL)
    for j, item in enumerate(seat.completed):
        lx = x0 + 10 + (j % 2) * col_w
        ly = y0 + 6 + (j // 2) * cv.line_height(cv.SMALL)
        pw = cv.draw_text(
            image, (lx, ly), words.text("{points} pts", points=item.points), cv.SMALL, cv.INK, bold=True
        )
        room = col_w - pw - 16 - (icon + 4 if item.good_bug else 0)
        shown = cv.clip_text(_kind(item.objective.name, words), room, cv.SMALL)
        nw = cv.draw_text(image, (lx + pw + 8, ly), shown, cv.SMALL, cv.INK)
        if item.good_bug:
            paste_icon(image, item.good_bug.name, lx + pw + 12 + nw, ly, icon)


def board_image(view: SabotageView, names: list[str], words: Words = ENGLISH) -> Image.Image:
    """The public board: both rows, then every player's plots, bugs, completed objectives and
    score."""
    sections = _rows_section(view, words)
    for seat in view.seats:
        active = seat.seat == view.turn and not view.game_over
        sections.append(_seat_section(view, seat, names, active, words=words))
    return cv.compose(sections)


# ---------------------------------------------------------------- the private picture


def _hand_group_section(title: str, group: list[tuple[CardView, int]], words: Words = ENGLISH) -> cv.Section:
    """One kind of card in the hand, grouped by name, each card on its own place: as many rows
    as it takes, never one card over another."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    per_row = max(1, (x1 - x0 - GAP) // (CARD_W + GAP))
    rows = max(1, math.ceil(len(group) / per_row))
    top = 12 + cv.line_height(cv.BODY)
    height = top + (rows * (CARD_H + GAP) if group else cv.line_height(cv.BODY) + 8) + 14

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        total = sum(n for _, n in group)
        heading = words.text("{title}: {total}", title=title, total=total)
        cv.draw_text(image, (x0 + 10, y + 6), heading, cv.BODY, cv.PAPER, bold=True)
        if not group:
            cv.draw_text(image, (x0 + 12, y + top), words.text("none"), cv.BODY, cv.PAPER_DIM)
            return
        for i, (card, n) in enumerate(group):
            cx = x0 + GAP + (i % per_row) * (CARD_W + GAP)
            cy = y + top + (i // per_row) * (CARD_H + GAP)
            paste_kind(image, card, cx, cy, CARD_W, CARD_H, count=n, place="hand", words=words)

    return height, draw


def _progress_lines(
    progress: list[ProgressView], width: int, words: Words = ENGLISH
) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for p in progress:
        if p.ready:
            out.append((words.text("Plot {plot}: ready to complete", plot=p.plot_number), True))
            continue
        need = [words.text("{n} {kind}", n=n, kind=_kind(k, words)) for k, n in p.missing_plants.items()]
        if p.missing_bug:
            need.append(_kind(p.missing_bug, words))
        missing = ", ".join(need) if need else words.text("nothing more")
        text = words.text("Plot {plot}: needs {missing}", plot=p.plot_number, missing=missing)
        if p.blocked_by_bad_bug:
            text += words.text(" · Bad Bug blocks")
        if p.blocked_by_good_bug:
            text += words.text(" · other Good Bug there")
        out += [(line, False) for line in cv.wrap(text, width, cv.SMALL)]
    return out


ICON = 36


def _objective_height(
    objective: ObjectiveView, progress: list[ProgressView], width: int, words: Words = ENGLISH
) -> int:
    lines = len(_progress_lines(progress, width - 20, words))
    return (
        8
        + cv.line_height(cv.HEADING)
        + ICON
        + 6
        + cv.line_height(cv.SMALL)
        + lines * cv.line_height(cv.SMALL)
        + 10
    )


def _objective_card(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    objective: ObjectiveView,
    progress: list[ProgressView],
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    words: Words = ENGLISH,
) -> None:
    cv.panel(d, (x0, y0, x1, y1), fill=cv.PAPER, outline=cv.GOLD, width=3)
    r = 36
    d.ellipse((x1 - r - 8, y0 + 6, x1 - 8, y0 + 6 + r), fill=cv.GOLD, outline=cv.FRAME, width=2)
    cv.draw_text(
        image,
        (x1 - 8 - r / 2, y0 + 6 + r / 2),
        str(objective.points),
        cv.HEADING,
        cv.INK,
        anchor="mm",
        bold=True,
    )
    cv.draw_text(
        image,
        (x0 + 10, y0 + 8),
        cv.clip_text(_kind(objective.name, words), x1 - x0 - r - 30, cv.HEADING, bold=True),
        cv.HEADING,
        cv.INK,
        bold=True,
    )
    x = x0 + 10
    iy = y0 + 8 + cv.line_height(cv.HEADING)
    for kind, count in objective.plants.items():
        for _ in range(count):
            paste_icon(image, kind, x, iy, ICON)
            x += ICON + 2
        x += 10
    if objective.bug:
        d.rounded_rectangle(
            (x, iy - 2, x + ICON + 4, iy + ICON + 2), radius=6, outline=cv.GOOD_GREEN, width=2
        )
        paste_icon(image, objective.bug, x + 2, iy, ICON)
    needs = [
        _kind(kind, words) if n == 1 else words.text("{n} {kind}", n=n, kind=_kind(kind, words))
        for kind, n in objective.plants.items()
    ]
    if objective.bug:
        needs.append(words.text("{bug} (Good Bug)", bug=_kind(objective.bug, words)))
    y = iy + ICON + 6
    cv.draw_text(
        image, (x0 + 10, y), cv.clip_text(", ".join(needs), x1 - x0 - 20, cv.SMALL), cv.SMALL, cv.INK
    )
    y += cv.line_height(cv.SMALL)
    for text, ready in _progress_lines(progress, x1 - x0 - 20, words):
        colour = cv.GOOD_TEXT if ready else cv.INK_SOFT
        cv.draw_text(image, (x0 + 10, y), text, cv.SMALL, colour, bold=ready)
        y += cv.line_height(cv.SMALL)


def _objectives_section(view: SabotageView, words: Words = ENGLISH) -> cv.Section:
    """The viewer's objectives, one under the other, each with its progress on both plots."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    inner = x1 - x0 - 2 * GAP
    cards = []
    for objective in view.my_objectives[:2]:
        progress = [p for p in view.my_progress if p.objective == objective.id]
        cards.append((objective, progress, _objective_height(objective, progress, inner, words)))
    empty_h = cv.line_height(cv.BODY) + 24
    top = 12 + cv.line_height(cv.BODY)
    height = top + sum(h + GAP for *_, h in cards) + (2 - len(cards)) * (empty_h + GAP) + 12

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(
            image,
            (x0 + 10, y + 6),
            words.text("Your objectives: {count} of 2", count=len(view.my_objectives)),
            cv.BODY,
            cv.PAPER,
            bold=True,
        )
        oy = y + top
        for objective, progress, h in cards:
            _objective_card(image, d, objective, progress, x0 + GAP, oy, x1 - GAP, oy + h, words)
            oy += h + GAP
        for _ in range(2 - len(cards)):
            cv.dashed_box(d, (x0 + GAP, oy, x1 - GAP, oy + empty_h), cv.SLOT_LINE)
            cv.draw_text(
                image,
                ((x0 + x1) / 2, oy + empty_h / 2),
                words.text("no objective: draw one"),
                cv.BODY,
                cv.PAPER,
                anchor="mm",
            )
            oy += empty_h + GAP

    return height, draw


def hand_image(view: SabotageView, seat: int, names: list[str], words: Words = ENGLISH) -> Image.Image:
    """A player's own picture: their hand, their objectives with progress, and their plots."""
    sections = [
        _hand_group_section(words.text("Plants in your hand"), grouped_by_name(view.my_plants), words),
        _hand_group_section(words.text("Bugs in your hand"), grouped_by_name(view.my_bugs), words),
        _objectives_section(view, words),
    ]
    if 0 <= seat < len(view.seats):
        active = seat == view.turn and not view.game_over
        title = words.text("Your garden")
        sections.append(_seat_section(view, view.seats[seat], names, active, title=title, words=words))
    return cv.compose(sections)


# ---------------------------------------------------------------- words


def _plot_words(plot: PlotView, words: Words = ENGLISH) -> str:
    plants = ", ".join(_kind(c.name, words) for c in plot.plants) or words.text("nothing planted")
    bugs = []
    if plot.good_bug:
        bugs.append(words.text("Good Bug {bug}", bug=_kind(plot.good_bug.name, words)))
    if plot.bad_bug:
        bugs.append(words.text("Bad Bug {bug}", bug=_kind(plot.bad_bug.name, words)))
    said = words.text("plot {plot}: {plants}", plot=plot.number, plants=plants)
    return said + (f" ({', '.join(bugs)})" if bugs else "")


def _plots_words(plots: list[PlotView], words: Words) -> str:
    """The plots, set apart as the language sets clauses apart ("; ", French " ; ")."""
    return semicolons(words, [_plot_words(plot, words) for plot in plots])


def _seat_words(view: SabotageView, seat: SeatView, names: list[str], words: Words = ENGLISH) -> str:
    done = ", ".join(_kind(c.objective.name, words) for c in seat.completed)
    who = _said(view, names, seat.seat, words)
    counts = words.text("{n} completed", n=len(seat.completed))
    head = words.plural(
        "{player}: {n} point, {completed}",
        "{player}: {n} points, {completed}",
        seat.score,
        player=who,
        completed=counts,
    )
    head += f" ({done})" if done else ""
    hand = _hand_counts(seat, words, N_("hand {plants}, {bugs}, {objectives}."))
    return semicolons(words, [head, *(_plot_words(p, words) for p in seat.plots), hand])


def _rows_words(view: SabotageView, words: Words = ENGLISH) -> str:
    empty = words.text("empty")
    plants = ", ".join(_kind(c.name, words) if c else empty for c in view.plant_row)
    bugs = ", ".join(_kind(c.name, words) if c else empty for c in view.bug_row)
    return words.text(
        "Plant row: {plants}. Bug row: {bugs}. Decks: {plant_deck}, {bug_deck}, {objective_deck}.",
        plants=plants,
        bugs=bugs,
        plant_deck=words.plural("{n} plant", "{n} plants", view.plant_deck_size),
        bug_deck=words.plural("{n} bug", "{n} bugs", view.bug_deck_size),
        objective_deck=words.plural("{n} objective", "{n} objectives", view.objective_deck_size),
    )


def board_description(view: SabotageView, names: list[str], words: Words = ENGLISH) -> str:
    rounds = {"round": view.round, "rounds": view.season_rounds}
    if view.game_over:
        first = words.text("{game}, the final board. Round {round} of {rounds}.", game=TITLE, **rounds)
    else:
        turn = turn_line(view, names, _said, words)
        first = words.text(
            "{game} board. Round {round} of {rounds}. {turn}.", game=TITLE, turn=turn, **rounds
        )
    parts = [first, _rows_words(view, words)]
    parts += [_seat_words(view, s, names, words) for s in view.seats]
    return clip_alt(parts)


def hand_description(view: SabotageView, seat: int, names: list[str], words: Words = ENGLISH) -> str:
    none = words.text("none")
    # "2 Bean" (French "Haricot ×2"): the count and the kind as the language puts them.
    plants = ", ".join(
        words.text("{n} {kind}", n=n, kind=_kind(c.name, words)) for c, n in grouped_by_name(view.my_plants)
    )
    bugs = ", ".join(
        words.text("{n} {kind}", n=n, kind=_kind(c.name, words)) for c, n in grouped_by_name(view.my_bugs)
    )
    plants, bugs = plants or none, bugs or none
    you = words.text("Your hand, {player}.", player=_said(view, names, seat, words))
    if not view.game_over:
        you += " " + words.text("{turn}.", turn=turn_line(view, names, _said, words).rstrip("."))
    parts = [you, words.text("Plants: {plants}. Bugs: {bugs}.", plants=plants, bugs=bugs)]
    for objective in view.my_objectives:
        ready = [p.plot_number for p in view.my_progress if p.objective == objective.id and p.ready]
        said = _kind(objective.text, words)
        if ready:
            parts.append(
                words.text("Objective {objective}, ready on plot {plot}.", objective=said, plot=ready[0])
            )
        else:
            parts.append(words.text("Objective {objective}.", objective=said))
    if 0 <= seat < len(view.seats):
        parts.append(words.text("Your {plots}.", plots=_plots_words(view.seats[seat].plots, words)))
    return clip_alt(parts)


def summary(view: SabotageView, names: list[str], words: Words = ENGLISH) -> str:
    scores = " · ".join(
        words.text(
            "{player} {points} pts ({completed}/7)",
            player=_said(view, names, s.seat, words),
            points=s.score,
            completed=len(s.completed),
        )
        for s in view.seats
    )
    if view.game_over:
        return words.text("The final board · {scores}", scores=scores)
    return words.text(
        "Round {round} · {scores} · {turn}",
        round=view.round,
        scores=scores,
        turn=turn_line(view, names, _said, words),
    )
