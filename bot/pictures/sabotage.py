"""Pictures of Garden Sabotage, drawn from a `SabotageView` and nothing else.

The board shows the face-up Plant and Bug rows with the decks, then every player's two plots
(plants oldest to newest, so the card a Bad Bug eats next is the last one, ruling 3), their Good
and Bad Bugs, completed objectives and score. Other players' hands appear only as counts, because
that is all the view holds (ruling 17). The private picture adds the viewer's hand and objectives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import canvas as cv
from bot.pictures.art import colour_of, paste_icon
from bot.pictures.text import clip_alt, plural, seat_name
from engine.sabotage.views import CardView, ObjectiveView, PlotView, ProgressView, SabotageView, SeatView

TITLE = "Garden Sabotage"
GAP = 10
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


@lru_cache(maxsize=512)
def _kind_card(kind: str, w: int, h: int, role: str, count: int, strip: int = 0) -> Image.Image:
    """A Plant or Bug card: tinted, its picture, its name; bugs get a Good/Bad band; `count` > 1
    shows a "x3" badge (a hand groups identical cards). A card partly covered by the next one in a
    pile (`strip`: the visible width) shows its picture small in the visible strip instead."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    colour = colour_of(kind)
    edge = {"good": cv.GOOD_GREEN, "bad": cv.BAD_RED, "bird": cv.SKY}.get(role, cv.FRAME)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=max(6, w // 10),
        fill=cv.tint(colour, 0.72),
        outline=edge,
        width=3 if role != "plant" else 2,
    )
    name_size = cv.fit_size(kind, w - 8, max(12, w // 6), 9, bold=True)
    band = 0
    if role != "plant":
        band = max(14, h // 7)
        d.rounded_rectangle((2, 2, w - 3, 2 + band), radius=max(4, w // 12), fill=edge)
        label = {"good": "GOOD", "bad": "BAD", "bird": "BIRD"}[role]
        cv.draw_text(tile, (w / 2, 3 + band / 2), label, max(10, band - 4), cv.WHITE, anchor="mm", bold=True)
    if strip:
        small = max(10, min(strip - 6, h // 2))
        paste_icon(tile, kind, 3, 6 + band, small)
        return tile
    name_h = cv.text_height(name_size)
    cv.draw_text(tile, (w / 2, h - 5), kind, name_size, cv.INK, anchor="mb", bold=True)
    top = 4 + band
    size = max(14, min(w - 10, h - name_h - 8 - top))
    paste_icon(tile, kind, (w - size) / 2, top + 1, size)
    if count > 1:
        r = max(22, w // 3)
        d.ellipse((w - r - 2, 2 + band, w - 2, 2 + band + r), fill=cv.INK, outline=cv.WHITE, width=2)
        cv.draw_text(
            tile,
            (w - 2 - r / 2, 2 + band + r / 2),
            f"x{count}",
            max(11, r // 2),
            cv.WHITE,
            anchor="mm",
            bold=True,
        )
    return tile


def _role(card_id: str, kind: str) -> str:
    if card_id.startswith("plant"):
        return "plant"
    if card_id.startswith("bird"):
        return "bird"
    return "bad" if _is_bad(kind) else "good"


def paste_kind(
    image: Image.Image, card: CardView, x: float, y: float, w: int, h: int, count: int = 1, strip: int = 0
) -> None:
    tile = _kind_card(card.name, w, h, _role(card.id, card.name), count, strip)
    image.paste(tile, (round(x), round(y)), tile)


@lru_cache(maxsize=32)
def _card_back(w: int, h: int, label: str) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=cv.SOIL, outline=cv.FRAME, width=2)
    d.rounded_rectangle((5, 5, w - 6, h - 6), radius=6, outline=cv.blend(cv.SOIL, cv.PAPER, 0.4), width=2)
    lines = cv.wrap(label, w - 10, 13, bold=True)[:2]
    for i, line in enumerate(lines):
        cv.draw_text(tile, (w / 2, 12 + i * 16), line, 13, cv.PAPER, anchor="mt", bold=True)
    return tile


def _deck(image: Image.Image, x: int, y: int, w: int, h: int, label: str, count: int) -> None:
    tile = _card_back(w, h, label)
    image.paste(tile, (x, y), tile)
    cv.draw_text(image, (x + w / 2, y + h - 10), str(count), 26, cv.HONEY, anchor="mb", bold=True)


# ---------------------------------------------------------------- sections


def turn_line(view: SabotageView, names: list[str], name: Namer = _name) -> str:
    if view.game_over:
        top = max(s.score for s in view.seats)
        leaders = [s for s in view.seats if s.score == top]
        who = " and ".join(name(view, names, s.seat) for s in leaders)
        why = "the season is over" if view.end_reason == "season" else "the final round is played"
        return f"Game over ({why}). Most points: {who}, {top}."
    waiting = [seat for seat, answer in enumerate(view.house_plant_answers or []) if answer is None]
    if waiting:
        return f"Now: {name(view, names, waiting[0])} says how many house plants they own (first player)"
    assert view.turn is not None
    line = f"Now: {name(view, names, view.turn)}'s turn, {plural(view.actions_left, 'action')} left"
    if view.final_round_by is not None:
        line += f" · final round ({name(view, names, view.final_round_by)} completed 7)"
    return line


def _header(view: SabotageView, names: list[str], title: str) -> cv.Section:
    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        d.rectangle((6, y, cv.WIDTH - 7, y + 70), fill=cv.FRAME)
        cv.draw_text(image, (cv.MARGIN, y + 8), title, 26, cv.PAPER, bold=True)
        where = f"Round {view.round} of {view.season_rounds}"
        cv.draw_text(image, (cv.WIDTH - cv.MARGIN, y + 10), where, 20, cv.HONEY, anchor="rt", bold=True)
        cv.draw_text(
            image,
            (cv.MARGIN, y + 42),
            cv.clip_text(turn_line(view, names), cv.WIDTH - 40, 19),
            19,
            cv.HIGHLIGHT,
        )

    return 76, draw


def _rows_section(view: SabotageView) -> cv.Section:
    cw, ch = 92, 120
    height = ch + 48

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        x = cv.MARGIN
        plant_w = 5 * (cw + GAP) + GAP
        cv.panel(d, (x, y, x + plant_w, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(image, (x + 10, y + 6), "Plant row", 17, cv.PAPER, bold=True)
        cv.draw_text(
            image,
            (x + plant_w - 10, y + 8),
            f"discard {len(view.plant_discard)}",
            14,
            cv.PAPER_DIM,
            anchor="rt",
        )
        for i, card in enumerate(view.plant_row):
            cx = x + GAP + i * (cw + GAP)
            _row_card(image, d, card, cx, y + 32, cw, ch, f"slot {i + 1}")
        _deck(image, x + GAP + 4 * (cw + GAP), y + 32, cw, ch, "Plant deck", view.plant_deck_size)
        x += plant_w + GAP
        bug_w = 3 * (cw + GAP) + GAP
        cv.panel(d, (x, y, x + bug_w, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(image, (x + 10, y + 6), "Bug row", 17, cv.PAPER, bold=True)
        cv.draw_text(
            image, (x + bug_w - 10, y + 8), f"discard {len(view.bug_discard)}", 14, cv.PAPER_DIM, anchor="rt"
        )
        for i, card in enumerate(view.bug_row):
            _row_card(image, d, card, x + GAP + i * (cw + GAP), y + 32, cw, ch, f"slot {i + 1}")
        _deck(image, x + GAP + 2 * (cw + GAP), y + 32, cw, ch, "Bug deck", view.bug_deck_size)
        x += bug_w + GAP
        right = cv.WIDTH - cv.MARGIN
        if right - x > 60:
            cv.panel(d, (x, y, right, y + height - 8), fill=cv.FELT_DARK)
            cv.draw_text(
                image, (x + (right - x) / 2, y + 8), "Objectives", 14, cv.PAPER, anchor="mt", bold=True
            )
            _deck(image, x + 6, y + 32, right - x - 12, ch, "deck", view.objective_deck_size)

    return height, draw


def _row_card(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    card: CardView | None,
    x: int,
    y: int,
    w: int,
    h: int,
    label: str,
) -> None:
    if card is None:
        cv.dashed_box(d, (x + 2, y + 2, x + w - 2, y + h - 2), cv.SLOT_LINE)
        cv.draw_text(image, (x + w / 2, y + h / 2), "empty", 15, cv.SLOT_LINE, anchor="mm")
    else:
        paste_kind(image, card, x, y, w, h)


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
        cv.dashed_box(d, (x, y, x + w, y + h), cv.blend(edge, cv.PAPER, 0.35), dash=5, width=2)
        label = "no Bad Bug" if role == "bad" else "no Good Bug"
        cv.draw_text(
            image, (x + w / 2, y + h / 2), label, 13, cv.blend(edge, cv.PAPER, 0.55), anchor="mm", bold=True
        )
        return
    chip, mask = _filled_chip(card.name, role, w, h)
    image.paste(chip, (x, y), mask)


@lru_cache(maxsize=256)
def _filled_chip(name: str, role: str, w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """A Good or Bad Bug in its plot place, drawn once per (bug, role, size) and pasted after.

    Drawn opaque (RGB) with a separate mask of the rounded frame's shape, so pasting it gives
    exactly the pixels drawing it in place gave (an RGBA tile would blend its icon's soft edges
    into its own alpha and let the plot's soil show through)."""
    edge = cv.BAD_RED if role == "bad" else cv.GOOD_GREEN
    box = (0, 0, w, h)
    chip = Image.new("RGB", (w + 1, h + 1), cv.SOIL)
    d = ImageDraw.Draw(chip)
    d.rounded_rectangle(box, radius=8, fill=cv.tint(colour_of(name), 0.7), outline=edge, width=3)
    paste_icon(chip, name, 3, 4, h - 8)
    word = "Bad Bug" if role == "bad" else "Good Bug"
    cv.draw_text(chip, (h - 2, 3), word, 11, edge, bold=True)
    shown = cv.clip_text(name, w - h - 2, 14, bold=True)
    cv.draw_text(chip, (h - 2, h - 2), shown, 14, cv.INK, anchor="lb", bold=True)
    mask = Image.new("L", chip.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=8, fill=255, outline=255, width=3)
    return chip, mask


def _plot(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    plot: PlotView,
    x0: int,
    y0: int,
    x1: int,
    y1: int,
) -> None:
    """One plot: its two bug places along the top, then its plants in planting order (the newest,
    which a Bad Bug eats next, on the right)."""
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=cv.SOIL, outline=cv.FRAME, width=2)
    if plot.bad_bug is not None:
        d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=9, outline=cv.BAD_RED, width=3)
    cv.draw_text(image, (x0 + 10, y0 + 10), f"Plot {plot.number}", 16, cv.PAPER, bold=True)
    chip_w, chip_h = min(124, (x1 - x0 - 90) // 2), 40
    bx = x1 - 8
    for card, role in ((plot.bad_bug, "bad"), (plot.good_bug, "good")):
        bx -= chip_w
        _bug_chip(image, d, card, role, bx, y0 + 6, chip_w, chip_h)
        bx -= 6
    top = y0 + chip_h + 12
    ph = y1 - top - 6
    plants = plot.plants
    if not plants:
        cv.draw_text(image, (x0 + 12, top + ph / 2), "nothing planted", 15, cv.PAPER_DIM, anchor="lm")
        return
    room = x1 - x0 - 16
    pw = max(48, min(70, (room + 4) // len(plants) - 4))
    step = pw + 4 if len(plants) * (pw + 4) - 4 <= room else (room - pw) // (len(plants) - 1)
    covered = step < pw
    for i, card in enumerate(plants):
        last = i == len(plants) - 1
        paste_kind(image, card, x0 + 8 + i * step, top, pw, ph, strip=step if covered and not last else 0)


def _seat_section(
    view: SabotageView, seat: SeatView, names: list[str], active: bool, title: str | None = None
) -> cv.Section:
    plot_h = 160
    height = 40 + plot_h + 14

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
        cv.panel(
            d,
            (x0, y, x1, y + height - 8),
            fill=cv.FELT_DARK,
            outline=cv.HIGHLIGHT if active else cv.FRAME,
            width=3 if active else 2,
        )
        name = title or _name(view, names, seat.seat)
        w = cv.draw_text(
            image, (x0 + 12, y + 8), cv.clip_text(name, 330, 21, bold=True), 21, cv.PAPER, bold=True
        )
        score = f"{seat.score} point{'s' if seat.score != 1 else ''}"
        cv.draw_text(image, (x0 + 24 + w, y + 9), score, 20, cv.HONEY, bold=True)
        hand = (
            f"hand: {seat.plants_in_hand} plant{'s' if seat.plants_in_hand != 1 else ''}, "
            f"{seat.bugs_in_hand} bug{'s' if seat.bugs_in_hand != 1 else ''}, "
            f"{seat.objectives_in_hand} objective{'s' if seat.objectives_in_hand != 1 else ''}"
        )
        cv.draw_text(image, (x1 - 12, y + 12), hand, 15, cv.PAPER_DIM, anchor="rt")
        comp_w = 210
        plots_w = x1 - x0 - 24 - comp_w - GAP
        pw = (plots_w - GAP) // 2
        top = y + 38
        for i, plot in enumerate(seat.plots):
            px = x0 + 12 + i * (pw + GAP)
            _plot(image, d, plot, px, top, px + pw, top + plot_h - 8)
        cx = x1 - 12 - comp_w
        cv.panel(d, (cx, top, x1 - 12, top + plot_h - 8), fill=cv.PANEL, radius=8)
        done = len(seat.completed)
        cv.draw_text(image, (cx + 8, top + 5), f"Completed {done} of 7", 15, cv.INK, bold=True)
        cv.pips(d, cx + 8, top + 25, done, 7, 14, cv.GOLD, cv.PAPER_DIM, gap=4)
        shown = seat.completed if done <= 5 else seat.completed[:4]
        for j, item in enumerate(shown):
            ly = top + 45 + j * 18
            cv.draw_text(image, (cx + 8, ly), str(item.points), 14, cv.INK, bold=True)
            room = comp_w - 40 - (18 if item.good_bug else 0)
            cv.draw_text(image, (cx + 30, ly), cv.clip_text(item.objective.name, room, 14), 14, cv.INK)
            if item.good_bug:
                paste_icon(image, item.good_bug.name, x1 - 12 - 22, ly, 17)
        if done > 5:
            cv.draw_text(image, (cx + 30, top + 45 + 4 * 18), f"and {done - 4} more", 14, cv.INK_SOFT)

    return height, draw


def board_image(view: SabotageView, names: list[str]) -> Image.Image:
    """The public board: both rows, then every player's plots, bugs, completed objectives, score."""
    sections = [_header(view, names, TITLE), _rows_section(view)]
    for seat in view.seats:
        sections.append(_seat_section(view, seat, names, seat.seat == view.turn and not view.game_over))
    return cv.compose(sections)


# ---------------------------------------------------------------- the private picture


def _grouped(cards: list[CardView]) -> list[tuple[CardView, int]]:
    counts = Counter(c.name for c in cards)
    seen: dict[str, CardView] = {}
    for card in cards:
        seen.setdefault(card.name, card)
    return [(card, counts[name]) for name, card in seen.items()]


def _hand_cards_section(view: SabotageView) -> cv.Section:
    cw, ch = 96, 122
    height = ch + 50

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
        plants = _grouped(view.my_plants)
        bugs = _grouped(view.my_bugs)
        split = x0 + max(2, len(plants)) * (cw + GAP) + GAP + 4
        split = min(max(split, x0 + 3 * (cw + GAP) + GAP), x1 - 2 * (cw + GAP) - GAP * 2)
        for a, b, title, group in (
            (x0, split, "Plants in your hand", plants),
            (split + GAP, x1, "Bugs in your hand", bugs),
        ):
            cv.panel(d, (a, y, b, y + height - 8), fill=cv.FELT_DARK)
            total = sum(n for _, n in group)
            cv.draw_text(image, (a + 10, y + 6), f"{title}: {total}", 17, cv.PAPER, bold=True)
            if not group:
                cv.draw_text(image, (a + 12, y + 36 + ch / 2), "none", 16, cv.PAPER_DIM, anchor="lm")
                continue
            fit = max(1, (b - a - GAP) // (cw + GAP))
            step = cw + GAP if len(group) <= fit else max(30, (b - a - GAP - cw) // max(1, len(group) - 1))
            for i, (card, n) in enumerate(group):
                paste_kind(image, card, a + GAP + i * step, y + 34, cw, ch, count=n)

    return height, draw


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
    r = 34
    d.ellipse((x1 - r - 8, y0 + 8, x1 - 8, y0 + 8 + r), fill=cv.GOLD, outline=cv.FRAME, width=2)
    cv.draw_text(
        image, (x1 - 8 - r / 2, y0 + 8 + r / 2), str(objective.points), 20, cv.INK, anchor="mm", bold=True
    )
    cv.draw_text(
        image,
        (x0 + 10, y0 + 8),
        cv.clip_text(objective.name, x1 - x0 - r - 30, 20, bold=True),
        20,
        cv.INK,
        bold=True,
    )
    x = x0 + 10
    iy = y0 + 36
    for kind, count in objective.plants.items():
        for _ in range(count):
            paste_icon(image, kind, x, iy, 38)
            x += 40
        x += 10
    if objective.bug:
        d.rounded_rectangle((x, iy - 2, x + 42, iy + 40), radius=6, outline=cv.GOOD_GREEN, width=2)
        paste_icon(image, objective.bug, x + 2, iy, 38)
    needs = [kind if n == 1 else f"{n} {kind}" for kind, n in objective.plants.items()]
    if objective.bug:
        needs.append(f"{objective.bug} (Good Bug)")
    cv.draw_text(image, (x0 + 10, iy + 42), cv.clip_text(", ".join(needs), x1 - x0 - 20, 15), 15, cv.INK)
    y = iy + 64
    for p in progress:
        if p.ready:
            text, colour = f"Plot {p.plot_number}: ready to complete", cv.GOOD_GREEN
        else:
            need = [f"{n} {k}" for k, n in p.missing_plants.items()]
            if p.missing_bug:
                need.append(p.missing_bug)
            text = f"Plot {p.plot_number}: needs " + (", ".join(need) if need else "nothing more")
            if p.blocked_by_bad_bug:
                text += " · Bad Bug blocks"
            if p.blocked_by_good_bug:
                text += " · other Good Bug there"
            colour = cv.INK_SOFT
        cv.draw_text(
            image, (x0 + 10, y), cv.clip_text(text, x1 - x0 - 20, 15, bold=p.ready), 15, colour, bold=p.ready
        )
        y += 20


def _objectives_section(view: SabotageView) -> cv.Section:
    height = 170 + 48

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(
            image,
            (x0 + 10, y + 6),
            f"Your objectives: {len(view.my_objectives)} of 2",
            17,
            cv.PAPER,
            bold=True,
        )
        w = (x1 - x0 - 3 * GAP) // 2
        for i in range(2):
            ox = x0 + GAP + i * (w + GAP)
            if i < len(view.my_objectives):
                objective = view.my_objectives[i]
                progress = [p for p in view.my_progress if p.objective == objective.id]
                _objective_card(image, d, objective, progress, ox, y + 32, ox + w, y + height - 16)
            else:
                cv.dashed_box(d, (ox, y + 32, ox + w, y + height - 16), cv.SLOT_LINE)
                cv.draw_text(
                    image,
                    (ox + w / 2, y + (height + 16) / 2),
                    "no objective: draw one",
                    16,
                    cv.SLOT_LINE,
                    anchor="mm",
                )

    return height, draw


def hand_image(view: SabotageView, seat: int, names: list[str]) -> Image.Image:
    """A player's own picture: their hand, their objectives with progress, and their plots."""
    sections = [
        _header(view, names, f"Your hand · {_name(view, names, seat)}"),
        _hand_cards_section(view),
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
        f"{TITLE} board. Round {view.round} of {view.season_rounds}.",
        turn_line(view, names, _said).rstrip(".") + ".",
        _rows_words(view),
    ]
    parts += [_seat_words(view, s, names) for s in view.seats]
    return clip_alt(parts)


def hand_description(view: SabotageView, seat: int, names: list[str]) -> str:
    plants = ", ".join(f"{n} {c.name}" for c, n in _grouped(view.my_plants)) or "none"
    bugs = ", ".join(f"{n} {c.name}" for c, n in _grouped(view.my_bugs)) or "none"
    parts = [
        f"Your hand, {_said(view, names, seat)}. {turn_line(view, names, _said).rstrip('.')}.",
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
    return f"Round {view.round} · {scores} · {turn_line(view, names, _said)}"
