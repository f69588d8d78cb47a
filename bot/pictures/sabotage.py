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

from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, grouped_by_name, plural, seat_name
from engine.sabotage.views import CardView, ObjectiveView, PlotView, ProgressView, SabotageView, SeatView

TITLE = "Garden Sabotage"
GAP = 8
#: Card sizes: the face-up rows and the hand, and a plant in a plot (its picture only).
CARD_W, CARD_H = 128, 150
PLANT_TILE = 56
BAD_BUGS = {"Aphid", "Slug", "Caterpillar"}


def _fallback(view: SabotageView, seat: int) -> str:
    return view.seats[seat].name if 0 <= seat < len(view.seats) else f"Player {seat + 1}"


def _name(view: SabotageView, names: list[str], seat: int) -> str:
    """A seat's name as the picture draws it (the font cannot draw every character)."""
    return seat_name(names, seat, _fallback(view, seat))


def _said(view: SabotageView, names: list[str], seat: int) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return _fallback(view, seat)


Namer = Callable[[SabotageView, list[str], int], str]


def _is_bad(kind: str) -> bool:
    return kind in BAD_BUGS


def _edge(role: str) -> cv.RGB:
    return {"good": cv.GOOD_GREEN, "bad": cv.BAD_RED, "bird": cv.BIRD_BLUE}.get(role, cv.FRAME)


def _name_lines(kind: str, width: int) -> tuple[list[str], int]:
    """A card's name at the largest size from BODY down to SMALL that fits, else on two lines."""
    size = cv.fit_size(kind, width, cv.BODY, cv.SMALL, bold=True)
    if cv.text_width(kind, size, bold=True) <= width:
        return [kind], size
    lines = cv.wrap(kind, width, cv.SMALL, bold=True)
    if len(lines) > 2:
        lines = [lines[0], cv.clip_text(" ".join(lines[1:]), width, cv.SMALL, bold=True)]
    return lines, cv.SMALL


@cv.tile_cache(maxsize=512)
def _kind_card(kind: str, w: int, h: int, role: str, count: int) -> Image.Image:
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
        label = {"good": "GOOD", "bad": "BAD", "bird": "BIRD"}[role]
        cv.draw_text(tile, (w / 2, 3 + band / 2), label, cv.SMALL, cv.WHITE, anchor="mm", bold=True)
    lines, size = _name_lines(kind, w - 10)
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
    image: Image.Image, card: CardView, x: float, y: float, w: int, h: int, count: int = 1, place: str = ""
) -> None:
    tile = _kind_card(card.name, w, h, _role(card.id, card.name), count)
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


def turn_line(view: SabotageView, names: list[str], name: Namer = _name) -> str:
    """Whose turn it is and how many actions are left; once the game is over, nothing (the final
    message says the result, issue 27 item 9)."""
    if view.game_over:
        return ""
    waiting = [seat for seat, answer in enumerate(view.house_plant_answers or []) if answer is None]
    if waiting:
        return f"Now: {name(view, names, waiting[0])} says how many house plants they own (first player)"
    assert view.turn is not None
    line = f"Now: {name(view, names, view.turn)}'s turn, {plural(view.actions_left, 'action')} left"
    if view.final_round_by is not None:
        line += f" · final round ({name(view, names, view.final_round_by)} completed 7)"
    return line


def _row_card(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    card: CardView | None,
    x: int,
    y: int,
    w: int,
    h: int,
) -> None:
    if card is None:
        cv.dashed_box(d, (x + 2, y + 2, x + w - 2, y + h - 2), cv.SLOT_LINE)
        cv.draw_text(image, (x + w / 2, y + h / 2), "empty", cv.SMALL, cv.PAPER_DIM, anchor="mm")
    else:
        paste_kind(image, card, x, y, w, h, place="row")


def _row_title(image: Image.Image, x0: int, x1: int, y: int, title: str, right: str) -> None:
    cv.draw_text(image, (x0 + 10, y + 6), title, cv.BODY, cv.PAPER, bold=True)
    if right:
        cv.draw_text(image, (x1 - 10, y + 7), right, cv.SMALL, cv.PAPER_DIM, anchor="rt")


def _rows_section(view: SabotageView) -> list[cv.Section]:
    """The Plant row and its deck, then the Bug row and its deck beside the Objective deck."""
    top = 12 + cv.line_height(cv.BODY)
    height = top + CARD_H + 18
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    cw = min(CARD_W, (x1 - x0 - GAP * (len(view.plant_row) + 2)) // (len(view.plant_row) + 1))

    def plants(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        _row_title(image, x0, x1, y, "Plant row", f"discard {len(view.plant_discard)}")
        for i, card in enumerate(view.plant_row):
            _row_card(image, d, card, x0 + GAP + i * (cw + GAP), y + top, cw, CARD_H)
        _deck(
            image,
            x0 + GAP + len(view.plant_row) * (cw + GAP),
            y + top,
            cw,
            CARD_H,
            "Plant deck",
            view.plant_deck_size,
        )

    def bugs(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        bug_w = (len(view.bug_row) + 1) * (cw + GAP) + GAP
        cv.panel(d, (x0, y, x0 + bug_w, y + height - 8), fill=cv.FELT_DARK)
        _row_title(image, x0, x0 + bug_w, y, "Bug row", f"discard {len(view.bug_discard)}")
        for i, card in enumerate(view.bug_row):
            _row_card(image, d, card, x0 + GAP + i * (cw + GAP), y + top, cw, CARD_H)
        _deck(
            image,
            x0 + GAP + len(view.bug_row) * (cw + GAP),
            y + top,
            cw,
            CARD_H,
            "Bug deck",
            view.bug_deck_size,
        )
        ox = x0 + bug_w + GAP
        if x1 - ox >= cw + 2 * GAP:
            cv.panel(d, (ox, y, x1, y + height - 8), fill=cv.FELT_DARK)
            cv.draw_text(image, (ox + 10, y + 6), "Objectives", cv.BODY, cv.PAPER, bold=True)
            _deck(image, ox + GAP, y + top, cw, CARD_H, "Objective deck", view.objective_deck_size)
            tx = ox + GAP + cw + 10
            if x1 - tx >= 70:
                cv.text_lines(
                    image,
                    tx,
                    y + top + 4,
                    ["discard", str(view.objective_discard_size)],
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
) -> None:
    """A plot's Good or Bad Bug place: the bug's picture and name, or an empty dashed place."""
    edge = cv.BAD_RED if role == "bad" else cv.GOOD_GREEN
    if card is None:
        cv.dashed_box(d, (x, y, x + w, y + h), cv.blend(edge, cv.PAPER, 0.45), dash=5, width=2)
        label = "no Bad Bug" if role == "bad" else "no Good Bug"
        cv.draw_text(image, (x + w / 2, y + h / 2), label, cv.SMALL, cv.PAPER, anchor="mm", bold=True)
        return
    cv.paste_tile(image, _filled_chip(card.name, role, w, h), x, y, card.name, 1, "chip")


@cv.tile_cache(maxsize=256)
def _filled_chip(name: str, role: str, w: int, h: int) -> tuple[Image.Image, Image.Image]:
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
    word = "Bad Bug" if role == "bad" else "Good Bug"
    tx = side + 8
    cv.draw_text(chip, (tx, 4), word, cv.SMALL, words, bold=True)
    shown = cv.clip_text(name, w - tx - 4, cv.SMALL, bold=True)
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
) -> None:
    """One plot: its name and plant count, its two bug places, then its plants in planting order
    (the newest, which a Bad Bug eats next, on the right)."""
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=cv.SOIL, outline=cv.FRAME, width=2)
    if plot.bad_bug is not None:
        d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=9, outline=cv.BAD_RED, width=3)
    cv.draw_text(image, (x0 + 10, y0 + 7), f"Plot {plot.number}", cv.BODY, cv.PAPER, bold=True)
    planted = plural(len(plot.plants), "plant") if plot.plants else "nothing planted"
    cv.draw_text(image, (x1 - 10, y0 + 8), planted, cv.SMALL, cv.PAPER, anchor="rt")
    chip_w = (x1 - x0 - 16 - 6) // 2
    cy = y0 + 10 + cv.line_height(cv.BODY)
    for i, (card, role) in enumerate(((plot.good_bug, "good"), (plot.bad_bug, "bad"))):
        _bug_chip(image, d, card, role, x0 + 8 + i * (chip_w + 6), cy, chip_w, CHIP_H)
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
    view: SabotageView, seat: SeatView, names: list[str], active: bool, title: str | None = None
) -> cv.Section:
    """A player's name and score, their hand counts and completed count (pips), their two plots,
    then each completed objective with its points (and the Good Bug kept with it)."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    name = cv.clip_text(title or _name(view, names, seat.seat), 380, cv.HEADING, bold=True)
    score = plural(seat.score, "point")
    hand = (
        f"hand: {plural(seat.plants_in_hand, 'plant')}, {plural(seat.bugs_in_hand, 'bug')}, "
        f"{plural(seat.objectives_in_hand, 'objective')}"
    )
    done = len(seat.completed)
    done_words = f"completed {done} of 7"
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
            _plot(image, d, plot, px, top, px + pw, top + PLOT_H)
        if done:
            cy = top + PLOT_H + GAP
            _completed(image, d, seat, x0 + 12, cy, x1 - 12, cy + done_h)

    return height, draw


def _completed(
    image: Image.Image, d: ImageDraw.ImageDraw, seat: SeatView, x0: int, y0: int, x1: int, y1: int
) -> None:
    """Completed objectives, two a line: points, name and the Good Bug kept with it."""
    cv.panel(d, (x0, y0, x1, y1), fill=cv.PANEL, radius=8)
    col_w = (x1 - x0 - 20) // 2
    icon = cv.text_height(cv.SMALL)
    for j, item in enumerate(seat.completed):
        lx = x0 + 10 + (j % 2) * col_w
        ly = y0 + 6 + (j // 2) * cv.line_height(cv.SMALL)
        pw = cv.draw_text(image, (lx, ly), f"{item.points} pts", cv.SMALL, cv.INK, bold=True)
        room = col_w - pw - 16 - (icon + 4 if item.good_bug else 0)
        shown = cv.clip_text(item.objective.name, room, cv.SMALL)
        nw = cv.draw_text(image, (lx + pw + 8, ly), shown, cv.SMALL, cv.INK)
        if item.good_bug:
            paste_icon(image, item.good_bug.name, lx + pw + 12 + nw, ly, icon)


def board_image(view: SabotageView, names: list[str]) -> Image.Image:
    """The public board: both rows, then every player's plots, bugs, completed objectives and
    score."""
    sections = _rows_section(view)
    for seat in view.seats:
        sections.append(_seat_section(view, seat, names, seat.seat == view.turn and not view.game_over))
    return cv.compose(sections)


# ---------------------------------------------------------------- the private picture


def _hand_group_section(title: str, group: list[tuple[CardView, int]]) -> cv.Section:
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
        cv.draw_text(image, (x0 + 10, y + 6), f"{title}: {total}", cv.BODY, cv.PAPER, bold=True)
        if not group:
            cv.draw_text(image, (x0 + 12, y + top), "none", cv.BODY, cv.PAPER_DIM)
            return
        for i, (card, n) in enumerate(group):
            cx = x0 + GAP + (i % per_row) * (CARD_W + GAP)
            cy = y + top + (i // per_row) * (CARD_H + GAP)
            paste_kind(image, card, cx, cy, CARD_W, CARD_H, count=n, place="hand")

    return height, draw


def _progress_lines(progress: list[ProgressView], width: int) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for p in progress:
        if p.ready:
            out.append((f"Plot {p.plot_number}: ready to complete", True))
            continue
        need = [f"{n} {k}" for k, n in p.missing_plants.items()]
        if p.missing_bug:
            need.append(p.missing_bug)
        text = f"Plot {p.plot_number}: needs " + (", ".join(need) if need else "nothing more")
        if p.blocked_by_bad_bug:
            text += " · Bad Bug blocks"
        if p.blocked_by_good_bug:
            text += " · other Good Bug there"
        out += [(line, False) for line in cv.wrap(text, width, cv.SMALL)]
    return out


ICON = 36


def _objective_height(objective: ObjectiveView, progress: list[ProgressView], width: int) -> int:
    lines = len(_progress_lines(progress, width - 20))
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
        cv.clip_text(objective.name, x1 - x0 - r - 30, cv.HEADING, bold=True),
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
    needs = [kind if n == 1 else f"{n} {kind}" for kind, n in objective.plants.items()]
    if objective.bug:
        needs.append(f"{objective.bug} (Good Bug)")
    y = iy + ICON + 6
    cv.draw_text(
        image, (x0 + 10, y), cv.clip_text(", ".join(needs), x1 - x0 - 20, cv.SMALL), cv.SMALL, cv.INK
    )
    y += cv.line_height(cv.SMALL)
    for text, ready in _progress_lines(progress, x1 - x0 - 20):
        colour = cv.GOOD_TEXT if ready else cv.INK_SOFT
        cv.draw_text(image, (x0 + 10, y), text, cv.SMALL, colour, bold=ready)
        y += cv.line_height(cv.SMALL)


def _objectives_section(view: SabotageView) -> cv.Section:
    """The viewer's objectives, one under the other, each with its progress on both plots."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    inner = x1 - x0 - 2 * GAP
    cards = []
    for objective in view.my_objectives[:2]:
        progress = [p for p in view.my_progress if p.objective == objective.id]
        cards.append((objective, progress, _objective_height(objective, progress, inner)))
    empty_h = cv.line_height(cv.BODY) + 24
    top = 12 + cv.line_height(cv.BODY)
    height = top + sum(h + GAP for *_, h in cards) + (2 - len(cards)) * (empty_h + GAP) + 12

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(
            image,
            (x0 + 10, y + 6),
            f"Your objectives: {len(view.my_objectives)} of 2",
            cv.BODY,
            cv.PAPER,
            bold=True,
        )
        oy = y + top
        for objective, progress, h in cards:
            _objective_card(image, d, objective, progress, x0 + GAP, oy, x1 - GAP, oy + h)
            oy += h + GAP
        for _ in range(2 - len(cards)):
            cv.dashed_box(d, (x0 + GAP, oy, x1 - GAP, oy + empty_h), cv.SLOT_LINE)
            cv.draw_text(
                image,
                ((x0 + x1) / 2, oy + empty_h / 2),
                "no objective: draw one",
                cv.BODY,
                cv.PAPER,
                anchor="mm",
            )
            oy += empty_h + GAP

    return height, draw


def hand_image(view: SabotageView, seat: int, names: list[str]) -> Image.Image:
    """A player's own picture: their hand, their objectives with progress, and their plots."""
    sections = [
        _hand_group_section("Plants in your hand", grouped_by_name(view.my_plants)),
        _hand_group_section("Bugs in your hand", grouped_by_name(view.my_bugs)),
        _objectives_section(view),
    ]
    if 0 <= seat < len(view.seats):
        sections.append(
            _seat_section(
                view, view.seats[seat], names, seat == view.turn and not view.game_over, title="Your garden"
            )
        )
    return cv.compose(sections)


# ---------------------------------------------------------------- words


def _plot_words(plot: PlotView) -> str:
    plants = ", ".join(c.name for c in plot.plants) or "nothing planted"
    bugs = []
    if plot.good_bug:
        bugs.append(f"Good Bug {plot.good_bug.name}")
    if plot.bad_bug:
        bugs.append(f"Bad Bug {plot.bad_bug.name}")
    return f"plot {plot.number}: {plants}" + (f" ({', '.join(bugs)})" if bugs else "")


def _seat_words(view: SabotageView, seat: SeatView, names: list[str]) -> str:
    done = ", ".join(c.objective.name for c in seat.completed)
    return (
        f"{_said(view, names, seat.seat)}: {seat.score} points, {len(seat.completed)} completed"
        + (f" ({done})" if done else "")
        + "; "
        + "; ".join(_plot_words(p) for p in seat.plots)
        + f"; hand {plural(seat.plants_in_hand, 'plant')}, {plural(seat.bugs_in_hand, 'bug')}, "
        + f"{plural(seat.objectives_in_hand, 'objective')}."
    )


def _rows_words(view: SabotageView) -> str:
    plants = ", ".join(c.name if c else "empty" for c in view.plant_row)
    bugs = ", ".join(c.name if c else "empty" for c in view.bug_row)
    return (
        f"Plant row: {plants}. Bug row: {bugs}. Decks: {plural(view.plant_deck_size, 'plant')}, "
        f"{plural(view.bug_deck_size, 'bug')}, {plural(view.objective_deck_size, 'objective')}."
    )


def board_description(view: SabotageView, names: list[str]) -> str:
    parts = [
        f"{TITLE}, the final board. Round {view.round} of {view.season_rounds}."
        if view.game_over
        else f"{TITLE} board. Round {view.round} of {view.season_rounds}. {turn_line(view, names, _said)}.",
        _rows_words(view),
    ]
    parts += [_seat_words(view, s, names) for s in view.seats]
    return clip_alt(parts)


def hand_description(view: SabotageView, seat: int, names: list[str]) -> str:
    plants = ", ".join(f"{n} {c.name}" for c, n in grouped_by_name(view.my_plants)) or "none"
    bugs = ", ".join(f"{n} {c.name}" for c, n in grouped_by_name(view.my_bugs)) or "none"
    parts = [
        f"Your hand, {_said(view, names, seat)}."
        + ("" if view.game_over else f" {turn_line(view, names, _said).rstrip('.')}."),
        f"Plants: {plants}. Bugs: {bugs}.",
    ]
    for objective in view.my_objectives:
        ready = [p.plot_number for p in view.my_progress if p.objective == objective.id and p.ready]
        parts.append(f"Objective {objective.text}" + (f", ready on plot {ready[0]}." if ready else "."))
    if 0 <= seat < len(view.seats):
        parts.append("Your " + "; ".join(_plot_words(p) for p in view.seats[seat].plots) + ".")
    return clip_alt(parts)


def summary(view: SabotageView, names: list[str]) -> str:
    scores = " · ".join(
        f"{_said(view, names, s.seat)} {s.score} pts ({len(s.completed)}/7)" for s in view.seats
    )
    if view.game_over:
        return f"The final board · {scores}"
    return f"Round {view.round} · {scores} · {turn_line(view, names, _said)}"
