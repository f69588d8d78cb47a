"""Garden Party's estate and greenhouses as pictures: each gardener's arm and the central square,
with the figures; each greenhouse's nine pots with what its gardener holds; the decks.

Each arm is a row: whose arm it is, then its greenhouse, lawn and pavement, on the path that leads
to the central square, drawn as one tall square on the right where every arm ends (rules III B:
greenhouse, lawn, pavement, central square, one point a step). A figure is its player's name beside
a pawn in the seat's colour, on the square the view says it stands on. Squares are named as the
text board and the move buttons name them: the arm's gardener ("the Baron") and the place
("lawn") make "the Baron's lawn"; before a seat has a gardener its arm is its player's ("Ann's
lawn", as the text board says).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.pictures import canvas as cv
from bot.pictures import garden_party_art as art
from bot.pictures.text import plural, seat_name
from bot.presenters.garden_party_text import PLACES, collector_flower
from engine.garden_party.cards import GARDENERS, GOLDEN_OBJECTS, TALENT_NAMES
from engine.garden_party.views import GardenPartyView, SeatView

CENTRE = "the central square"
Namer = Callable[[list[str], int], str]
_GOLDEN_EFFECTS = {g.name: g.effect for g in GOLDEN_OBJECTS.values()}
HEAD_W = 150
#: Each square's width: greenhouse, lawn, pavement (the central square takes what is left).
SQUARE_W = {"G": 104, "L": 96, "P": 100}
COL_GAP = 6
ROW_GAP = 4
LAWN = cv.blend(cv.LEAF, cv.PAPER, 0.5)
GLASS = cv.blend(cv.SKY, cv.PAPER, 0.5)
PATH = cv.blend(cv.SOIL, cv.PAPER_DIM, 0.35)


def said(names: list[str], seat: int) -> str:
    """A seat's display name as text says it (alt text and the summary: any character will do;
    the picture draws `seat_name`, which the font can draw)."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_name([], seat)


def arm_words(view: GardenPartyView, owner: int, names: list[str], name: Namer = seat_name) -> str:
    """Whose arm a square is on, as square names begin: the owner's gardener ("the Baron"), or the
    owner's name before they have one."""
    gardener = GARDENERS.get(view.seats[owner].gardener or "")
    return gardener.short if gardener else name(names, owner)


def square_words(view: GardenPartyView, square: str, names: list[str], name: Namer = said) -> str:
    """ "the central square", "the Baron's lawn": a square as the board and the buttons name it."""
    if square[:1] in PLACES and square[1:].isdigit() and int(square[1:]) < len(view.seats):
        return f"{arm_words(view, int(square[1:]), names, name)}'s {PLACES[square[0]]}"
    return CENTRE


def _standing(view: GardenPartyView) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for seat in view.seats:
        found.setdefault(seat.square, []).append(seat.seat)
    return found


CHIP_STEP = art.CHIP_H + 3


def _square_height(count: int) -> int:
    return 4 + cv.line_height(cv.SMALL) + count * CHIP_STEP + 3


def _square(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    kind: str,
    owner: int | None,
    figures: list[int],
    names: list[str],
) -> None:
    """One square: its place word, then a figure for each gardener standing on it."""
    x0, y0, x1, y1 = box
    if kind == "G":
        d.rounded_rectangle(box, radius=6, fill=GLASS, outline=art.seat_colour(owner or 0), width=3)
        for gx in range(x0 + 18, x1 - 4, 22):
            d.line((gx, y0 + 3, gx - 10, y1 - 3), fill=cv.WHITE, width=1)
    elif kind == "L":
        d.rounded_rectangle(box, radius=6, fill=LAWN, outline=cv.FRAME, width=2)
    elif kind == "P":
        d.rounded_rectangle(box, radius=6, fill=cv.PAPER_DIM, outline=cv.FRAME, width=2)
    else:
        d.rounded_rectangle(box, radius=8, fill=cv.PANEL, outline=cv.GOLD, width=3)
    word = "central square" if kind == "C" else PLACES[kind]
    label_bg = (
        x0 + 3,
        y0 + 3,
        x0 + 9 + cv.text_width(word, cv.SMALL, kind == "C"),
        y0 + 4 + cv.line_height(cv.SMALL),
    )
    if kind == "G":  # the glass's lines stay clear of the word
        d.rectangle(label_bg, fill=GLASS)
    cv.draw_text(image, (x0 + 6, y0 + 4), word, cv.SMALL, cv.INK, bold=kind == "C", tag="square")
    cy = y0 + 4 + cv.line_height(cv.SMALL)
    for seat in figures:
        name = seat_name(names, seat)
        chip = art.figure_chip(name, seat, x1 - x0 - 8)
        cv.paste_tile(image, chip, x0 + 4, cy, name, 1, "figure")
        cy += CHIP_STEP


def estate_section(view: GardenPartyView, names: list[str]) -> cv.Section:
    """Every arm (a row: whose, greenhouse, lawn, pavement) and the central square they lead to."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    standing = _standing(view)
    small = cv.line_height(cv.SMALL)
    head_h = 4 + small + art.CHIP_H + 5
    rows = [
        max(head_h, *(_square_height(len(standing.get(f"{k}{s.seat}", []))) for k in "GLP"))
        for s in view.seats
    ]
    centre_h = _square_height(len(standing.get("C", [])))
    spread = sum(rows) + ROW_GAP * (len(rows) - 1)
    if spread < centre_h:
        rows[-1] += centre_h - spread
        spread = centre_h
    top = 8 + cv.line_height(cv.BODY)
    height = top + spread + 18
    hx = x0 + 8
    xs = {}
    x = hx + HEAD_W + COL_GAP
    for kind in "GLP":
        xs[kind] = x
        x += SQUARE_W[kind] + COL_GAP
    cx = x + 8

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(image, (x0 + 10, y + 5), "The estate", cv.BODY, cv.PAPER, bold=True)
        ry = y + top
        for h in rows:
            mid = ry + h // 2
            d.line((xs["G"] + 10, mid, cx + 4, mid), fill=PATH, width=10)
            ry += h + ROW_GAP
        ry = y + top
        for seat, h in zip(view.seats, rows, strict=True):
            colour = art.seat_colour(seat.seat)
            d.rounded_rectangle(
                (hx, ry, hx + HEAD_W, ry + h), radius=7, fill=cv.PAPER, outline=colour, width=3
            )
            d.rectangle((hx + 3, ry + 3, hx + 9, ry + h - 3), fill=colour)
            whose = cv.clip_text(f"{arm_words(view, seat.seat, names)}'s", HEAD_W - 22, cv.SMALL, bold=True)
            cv.draw_text(image, (hx + 14, ry + 4), whose, cv.SMALL, cv.INK, bold=True, tag="arm")
            art.pawn(d, hx + 14, ry + 6 + small, art.CHIP_H - 6, colour)
            player = cv.fit_name(seat_name(names, seat.seat), HEAD_W - 24 - art.CHIP_H, cv.SMALL)
            cv.draw_text(image, (hx + 18 + art.CHIP_H, ry + 4 + small), player, cv.SMALL, cv.INK, tag="owner")
            for kind in "GLP":
                box = (xs[kind], ry, xs[kind] + SQUARE_W[kind], ry + h)
                _square(image, d, box, kind, seat.seat, standing.get(f"{kind}{seat.seat}", []), names)
            ry += h + ROW_GAP
        _square(image, d, (cx, y + top, x1 - 8, y + top + spread), "C", None, standing.get("C", []), names)

    return height, draw


def _talents(seat: SeatView) -> str:
    """'Bricanology 1 · Herbanology 2 · Plantanology 3': the talents' own names, never cut to
    'Bric.' (issue 27 item 10); the greenhouse's lines wrap to fit them."""
    return " · ".join(f"{TALENT_NAMES[t]} {n}" for t, n in seat.talents.items())


def _held_words(view: GardenPartyView, seat: SeatView, names: list[str], mine: bool) -> list[str]:
    """What a gardener holds beside the pots, as short phrases (the greenhouse's second line)."""
    words: list[str] = []
    flower = collector_flower(seat)
    if flower:
        words.append(f"{'your ' if mine else ''}collector's flower {flower}: {seat.own_flowers_left} left")
    words.append("vases: " + (", ".join(seat.vases) if seat.vases else "empty"))
    if seat.golden_objects and not mine:
        words.append("golden: " + ", ".join(seat.golden_objects))
    if seat.banned_from is not None:
        words.append(f"banned from {square_words(view, f'G{seat.banned_from}', names, seat_name)}")
    if seat.sentences_owed:
        words.append(f"owes {plural(seat.sentences_owed, 'card')}")
    return words


def _wrap_after(text: str, first: int, rest: int) -> list[str]:
    """`text` in lines: the first `first` pixels wide (it starts after the water drops), the
    others `rest`."""
    lines = cv.wrap(text, first, cv.STATUS)
    if len(lines) <= 1:
        return lines
    words = text.split()
    return [lines[0], *cv.wrap(" ".join(words[len(lines[0].split()) :]), rest, cv.STATUS)]


def _greenhouse_lines(
    view: GardenPartyView, seat: SeatView, names: list[str], mine: bool, first: int, rest: int
) -> list[str]:
    """The words beside the water drops: water, hand size, talents, then what the gardener holds;
    a hand adds where its gardener stands and what each golden object does."""
    held = [f"water {seat.water} of {seat.water_limit}", f"{plural(seat.cards_in_hand, 'card')} in hand"]
    if seat.talents:
        held.append(_talents(seat))
    lines = _wrap_after(" · ".join(held + _held_words(view, seat, names, mine)), first, rest)
    if mine:
        lines += cv.wrap(f"You are at {square_words(view, seat.square, names, seat_name)}.", rest, cv.STATUS)
        for golden in seat.golden_objects:
            lines += cv.wrap(f"{golden}: {_GOLDEN_EFFECTS.get(golden, '')}".rstrip(": "), rest, cv.STATUS)
    return lines


DROP = 20


def greenhouse_section(
    view: GardenPartyView, seat: SeatView, names: list[str], title: str, mine: bool = False
) -> cv.Section:
    """One gardener: name and gardener, vases and flowering count; water, hand size, talents,
    collector's flower, vases and golden objects in words; then the nine pots."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    rest = x1 - x0 - 24
    drops = seat.water_limit * (DROP + 1) + 6
    lines = _greenhouse_lines(view, seat, names, mine, rest - drops, rest)
    small = cv.line_height(cv.STATUS)
    head = 8 + cv.line_height(cv.HEADING) + small * len(lines) + 6
    height = head + art.POT_H + 16
    flowering = f"{seat.flowering} of {view.flowers_to_end} flowering"

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        art.pawn(d, x0 + 12, y + 8, 22, art.seat_colour(seat.seat))
        right = cv.text_width(flowering, cv.HEADING, bold=True)
        cv.draw_text(image, (x1 - 12, y + 8), flowering, cv.HEADING, cv.HONEY, anchor="rt", bold=True)
        vx = x1 - 12 - right - 12 - 3 * 24
        for i in range(3):
            art.paste_icon(image, art.vase_icon(i < len(seat.vases), 22), vx + i * 24, y + 6)
        shown = cv.clip_text(title, vx - x0 - 52, cv.HEADING, bold=True)
        cv.draw_text(image, (x0 + 40, y + 8), shown, cv.HEADING, cv.PAPER, bold=True, tag="name")
        ly = y + 8 + cv.line_height(cv.HEADING)
        for i in range(seat.water_limit):
            art.paste_icon(image, art.drop_icon(i < seat.water, DROP), x0 + 12 + i * (DROP + 1), ly + 2)
        for i, line in enumerate(lines):
            cv.draw_text(
                image,
                (x0 + 12 + (drops if i == 0 else 0), ly + i * small),
                line,
                cv.STATUS,
                cv.PAPER,
                tag="status",
            )
        py = y + head
        for i, pot in enumerate(seat.pots):
            tile = art.pot_tile(pot.number, pot.stage, pot.kind, pot.colour)
            cv.paste_tile(image, tile, x0 + 8 + i * (art.POT_W + 4), py)

    return height, draw


def piles_section(view: GardenPartyView) -> cv.Section:
    """The decks as counts, what is out of play, and how many flowers end the game."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    parts = [
        f"Action decks: {plural(view.cards_in_decks, 'card')}",
        f"duel cards: {view.duel_cards}",
        f"golden objects face down: {view.golden_objects_left}",
        f"chance cards found: {view.chance_cards_found}",
    ]
    out = Counter(view.discarded_plants)
    gone = ", ".join(k if n == 1 else f"{k} x{n}" for k, n in out.items())
    parts.append(f"out of play: {gone or 'nothing'}")
    parts.append(f"{view.flowers_to_end} flowering plants end the game")
    lines = cv.wrap(" · ".join(parts), x1 - x0 - 24, cv.SMALL)
    height = 8 + len(lines) * cv.line_height(cv.SMALL) + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.text_lines(image, x0 + 12, y + 7, lines, cv.SMALL, cv.PAPER)

    return height, draw
