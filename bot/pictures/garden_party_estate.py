"""Garden Party's estate and greenhouses as pictures: each gardener's arm and the central square,
with the figures; each greenhouse's nine pots with what its gardener holds; the decks.

Each arm is a row: whose arm it is, then its greenhouse, lawn and pavement, on the path that leads
to the central square, drawn as one tall square on the right where every arm ends (rules III B:
greenhouse, lawn, pavement, central square, one point a step). A figure is its player's name beside
a pawn in the seat's colour, on the square the view says it stands on. Squares are named as the
text board and the move buttons name them: the arm's gardener ("the Baron") and the place
("lawn") make "the Baron's lawn"; before a seat has a gardener its arm is its player's ("Ann's
lawn", as the text board says).

Every word is said in a `Words`' language (issue 32: the board's in the table's, a hand's in its
player's), the engine's names through the catalogs. A longer language's words break onto more
lines, and the square, the arm's head or the greenhouse grows to hold them; none is cut.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.basics.words import N_, Words
from bot.pictures import canvas as cv
from bot.pictures import garden_party_art as art
from bot.pictures.garden_party_art import lines_within
from bot.pictures.text import seat_name
from bot.presenters.base import ENGLISH_WORDS
from bot.presenters.garden_party_text import (
    PLACES,
    PLAYERS_PLACES,
    collector_flower,
    engine_said,
)
from engine.garden_party.cards import GARDENERS, GOLDEN_OBJECTS, TALENT_NAMES
from engine.garden_party.views import GardenPartyView, SeatView

CENTRE = "the central square"
#: A square's word on the estate, under its arm's head ("the Baron's" … "lawn").
PLACE_WORDS = {"G": N_("greenhouse"), "L": N_("lawn"), "P": N_("pavement"), "C": N_("central square")}
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


def square_said(
    view: GardenPartyView, square: str, names: list[str], words: Words, name: Namer = said
) -> str:
    """ "the central square", "the Baron's lawn" (or "Alice's greenhouse") in `words`' language."""
    if square[:1] in PLAYERS_PLACES and square[1:].isdigit() and int(square[1:]) < len(view.seats):
        owner = int(square[1:])
        if not view.seats[owner].gardener:
            return words.text(PLAYERS_PLACES[square[0]], player=name(names, owner))
    return engine_said(words, square_words(view, square, names, name))


def arm_head(view: GardenPartyView, owner: int, names: list[str], words: Words) -> str:
    """The words heading an arm, whose it is: "the Baron's" (French "le Baron"), or its player's
    before they have a gardener ("Ann's")."""
    gardener = GARDENERS.get(view.seats[owner].gardener or "")
    said_owner = engine_said(words, gardener.short) if gardener else seat_name(names, owner)
    return words.text("{owner}'s", owner=said_owner)


def _standing(view: GardenPartyView) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for seat in view.seats:
        found.setdefault(seat.square, []).append(seat.seat)
    return found


CHIP_STEP = art.CHIP_H + 3


def _square_height(count: int, label: list[str]) -> int:
    return 4 + len(label) * cv.line_height(cv.SMALL) + count * CHIP_STEP + 3


def _place_lines(kind: str, width: int, words: Words) -> list[str]:
    """A square's place word in the lines it takes in a square `width` wide."""
    return lines_within(words.text(PLACE_WORDS[kind]), width - 8, cv.SMALL, bold=kind == "C")


def _square(
    image: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    kind: str,
    owner: int | None,
    figures: list[int],
    names: list[str],
    label: list[str],
) -> None:
    """One square: its place word (`label`, in lines), then a figure for each gardener on it."""
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
    small = cv.line_height(cv.SMALL)
    label_bg = (
        x0 + 3,
        y0 + 3,
        x0 + 9 + max((cv.text_width(line, cv.SMALL, kind == "C") for line in label), default=0),
        y0 + 4 + len(label) * small,
    )
    if kind == "G":  # the glass's lines stay clear of the word
        d.rectangle(label_bg, fill=GLASS)
    for i, line in enumerate(label):
        cv.draw_text(
            image, (x0 + 6, y0 + 4 + i * small), line, cv.SMALL, cv.INK, bold=kind == "C", tag="square"
        )
    cy = y0 + 4 + len(label) * small
    for seat in figures:
        name = seat_name(names, seat)
        chip = art.figure_chip(name, seat, x1 - x0 - 8)
        cv.paste_tile(image, chip, x0 + 4, cy, name, 1, "figure")
        cy += CHIP_STEP


def _head_lines(view: GardenPartyView, owner: int, names: list[str], words: Words) -> list[str]:
    """An arm's head in lines: a gardener's, broken onto more lines in a longer language; a
    player's name before they have one cut short like the name under it."""
    head = arm_head(view, owner, names, words)
    if not view.seats[owner].gardener:
        return [cv.clip_text(head, HEAD_W - 22, cv.SMALL, bold=True)]
    return lines_within(head, HEAD_W - 22, cv.SMALL, bold=True)


def estate_section(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> cv.Section:
    """Every arm (a row: whose, greenhouse, lawn, pavement) and the central square they lead to."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    standing = _standing(view)
    small = cv.line_height(cv.SMALL)
    hx = x0 + 8
    xs = {}
    x = hx + HEAD_W + COL_GAP
    for kind in "GLP":
        xs[kind] = x
        x += SQUARE_W[kind] + COL_GAP
    cx = x + 8
    labels = {kind: _place_lines(kind, SQUARE_W[kind], words) for kind in "GLP"}
    labels["C"] = _place_lines("C", x1 - 8 - cx, words)
    heads = [_head_lines(view, s.seat, names, words) for s in view.seats]
    rows = [
        max(
            4 + len(head) * small + art.CHIP_H + 5,
            *(_square_height(len(standing.get(f"{k}{s.seat}", [])), labels[k]) for k in "GLP"),
        )
        for s, head in zip(view.seats, heads, strict=True)
    ]
    centre_h = _square_height(len(standing.get("C", [])), labels["C"])
    spread = sum(rows) + ROW_GAP * (len(rows) - 1)
    if spread < centre_h:
        rows[-1] += centre_h - spread
        spread = centre_h
    top = 8 + cv.line_height(cv.BODY)
    height = top + spread + 18

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.draw_text(image, (x0 + 10, y + 5), words.text("The estate"), cv.BODY, cv.PAPER, bold=True)
        ry = y + top
        for h in rows:
            mid = ry + h // 2
            d.line((xs["G"] + 10, mid, cx + 4, mid), fill=PATH, width=10)
            ry += h + ROW_GAP
        ry = y + top
        for seat, h, head in zip(view.seats, rows, heads, strict=True):
            colour = art.seat_colour(seat.seat)
            d.rounded_rectangle(
                (hx, ry, hx + HEAD_W, ry + h), radius=7, fill=cv.PAPER, outline=colour, width=3
            )
            d.rectangle((hx + 3, ry + 3, hx + 9, ry + h - 3), fill=colour)
            for i, whose in enumerate(head):
                cv.draw_text(
                    image, (hx + 14, ry + 4 + i * small), whose, cv.SMALL, cv.INK, bold=True, tag="arm"
                )
            below = ry + len(head) * small
            art.pawn(d, hx + 14, below + 6, art.CHIP_H - 6, colour)
            player = cv.fit_name(seat_name(names, seat.seat), HEAD_W - 24 - art.CHIP_H, cv.SMALL)
            cv.draw_text(image, (hx + 18 + art.CHIP_H, below + 4), player, cv.SMALL, cv.INK, tag="owner")
            for kind in "GLP":
                box = (xs[kind], ry, xs[kind] + SQUARE_W[kind], ry + h)
                figures = standing.get(f"{kind}{seat.seat}", [])
                _square(image, d, box, kind, seat.seat, figures, names, labels[kind])
            ry += h + ROW_GAP
        centre = (cx, y + top, x1 - 8, y + top + spread)
        _square(image, d, centre, "C", None, standing.get("C", []), names, labels["C"])

    return height, draw


def _talents(seat: SeatView, words: Words) -> str:
    """'Bricanology 1 · Herbanology 2 · Plantanology 3': the talents' own names, never cut to
    'Bric.' (issue 27 item 10); the greenhouse's lines wrap to fit them."""
    return " · ".join(f"{engine_said(words, TALENT_NAMES[t])} {n}" for t, n in seat.talents.items())


def _held_words(
    view: GardenPartyView, seat: SeatView, names: list[str], mine: bool, words: Words
) -> list[str]:
    """What a gardener holds beside the pots, as short phrases (the greenhouse's second line)."""
    held: list[str] = []
    flower = collector_flower(seat)
    if flower:
        fields = {"flower": engine_said(words, flower), "left": seat.own_flowers_left}
        if mine:
            held.append(words.text("your collector's flower {flower}: {left} left", **fields))
        else:
            held.append(words.text("collector's flower {flower}: {left} left", **fields))
    vases = ", ".join(engine_said(words, vase) for vase in seat.vases) or words.text("empty")
    held.append(words.text("vases: {flowers}", flowers=vases))
    if seat.golden_objects and not mine:
        objects = ", ".join(engine_said(words, g) for g in seat.golden_objects)
        held.append(words.text("golden: {objects}", objects=objects))
    if seat.banned_from is not None:
        square = square_said(view, f"G{seat.banned_from}", names, words, seat_name)
        held.append(words.text("banned from {square}", square=square))
    if seat.sentences_owed:
        held.append(words.plural("owes {n} card", "owes {n} cards", seat.sentences_owed))
    return held


def _golden_words(golden: str, words: Words) -> str:
    """A golden object the hand's gardener holds and what it does."""
    effect = _GOLDEN_EFFECTS.get(golden, "")
    if not effect:
        return engine_said(words, golden)
    return words.text(
        "{object}: {effect}", object=engine_said(words, golden), effect=engine_said(words, effect)
    )


def _greenhouse_lines(
    view: GardenPartyView, seat: SeatView, names: list[str], mine: bool, first: int, rest: int, words: Words
) -> list[str]:
    """The words beside the water drops: water, hand size, talents, then what the gardener holds;
    a hand adds where its gardener stands and what each golden object does. The first line is
    `first` pixels wide (it starts after the water drops), the others `rest`."""
    held = [
        words.text("water {water} of {limit}", water=seat.water, limit=seat.water_limit),
        words.plural("{n} card in hand", "{n} cards in hand", seat.cards_in_hand),
    ]
    if seat.talents:
        held.append(_talents(seat, words))
    said = " · ".join(held + _held_words(view, seat, names, mine, words))
    lines = lines_within(said, rest, cv.STATUS, first=first)
    if mine:
        here = words.text(
            "You are at {square}.", square=square_said(view, seat.square, names, words, seat_name)
        )
        lines += lines_within(here, rest, cv.STATUS)
        for golden in seat.golden_objects:
            lines += lines_within(_golden_words(golden, words), rest, cv.STATUS)
    return lines


DROP = 20


def greenhouse_section(
    view: GardenPartyView,
    seat: SeatView,
    names: list[str],
    title: str,
    mine: bool = False,
    words: Words = ENGLISH_WORDS,
) -> cv.Section:
    """One gardener: name and gardener, vases and flowering count; water, hand size, talents,
    collector's flower, vases and golden objects in words; then the nine pots.

    The title beside the vases and the flowering count is a player's name on the board, cut short
    like a name where it is too long; a hand's ("Your greenhouse · the Baron") is the language's
    words, which break onto another line instead."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    rest = x1 - x0 - 24
    drops = seat.water_limit * (DROP + 1) + 6
    lines = _greenhouse_lines(view, seat, names, mine, rest - drops, rest, words)
    small = cv.line_height(cv.STATUS)
    flowering = words.text(
        "{flowering} of {flowers} flowering", flowering=seat.flowering, flowers=view.flowers_to_end
    )
    vx = x1 - 12 - cv.text_width(flowering, cv.HEADING, bold=True) - 12 - 3 * 24
    room = vx - x0 - 52
    if mine:
        titles = lines_within(title, room, cv.HEADING, bold=True)
    else:
        titles = [cv.clip_text(title, room, cv.HEADING, bold=True)]
    heading = cv.line_height(cv.HEADING)
    head = 8 + heading * len(titles) + small * len(lines) + 6
    pot_h = art.pot_height([(pot.stage, pot.colour) for pot in seat.pots], words)
    height = head + pot_h + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        art.pawn(d, x0 + 12, y + 8, 22, art.seat_colour(seat.seat))
        cv.draw_text(image, (x1 - 12, y + 8), flowering, cv.HEADING, cv.HONEY, anchor="rt", bold=True)
        for i in range(3):
            art.paste_icon(image, art.vase_icon(i < len(seat.vases), 22), vx + i * 24, y + 6)
        for i, shown in enumerate(titles):
            cv.draw_text(
                image, (x0 + 40, y + 8 + i * heading), shown, cv.HEADING, cv.PAPER, bold=True, tag="name"
            )
        ly = y + 8 + heading * len(titles)
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
            tile = art.pot_tile(pot.number, pot.stage, pot.kind, pot.colour, words, pot_h)
            cv.paste_tile(image, tile, x0 + 8 + i * (art.POT_W + 4), py)

    return height, draw


def piles_section(view: GardenPartyView, words: Words = ENGLISH_WORDS) -> cv.Section:
    """The decks as counts, what is out of play, and how many flowers end the game."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    parts = [
        words.plural("Action decks: {n} card", "Action decks: {n} cards", view.cards_in_decks),
        words.text("duel cards: {count}", count=view.duel_cards),
        words.text("golden objects face down: {count}", count=view.golden_objects_left),
        words.text("chance cards found: {count}", count=view.chance_cards_found),
    ]
    out = Counter(engine_said(words, plant) for plant in view.discarded_plants)
    gone = ", ".join(k if n == 1 else f"{k} x{n}" for k, n in out.items())
    parts.append(words.text("out of play: {plants}", plants=gone or words.text("nothing")))
    parts.append(
        words.plural(
            "{n} flowering plant ends the game", "{n} flowering plants end the game", view.flowers_to_end
        )
    )
    lines = lines_within(" · ".join(parts), x1 - x0 - 24, cv.SMALL)
    height = 8 + len(lines) * cv.line_height(cv.SMALL) + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.text_lines(image, x0 + 12, y + 7, lines, cv.SMALL, cv.PAPER)

    return height, draw
