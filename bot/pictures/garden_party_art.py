"""Garden Party's own little pictures: pots and what grows in them, the gardeners' figures, golden
vases, water drops and action cards, drawn with plain shapes (no image file).

A pot's tile says its number, its stage in a word ("seed", "sprout", "bud", "flower", "Weed",
"empty") and, once the plant shows, its colour in a word, so nothing is read from colour alone; the
drawing differs by stage too (a face-down token, two leaves, a closed bud, an open flower, a spiky
weed). A seed is drawn face down unless the view gives its colour, which only the view of the seat
that looked at it does. Colours are those of the shared art (`bot.pictures.art.COLOURS`), so the
fixed palette of every PNG holds them. Icons are drawn four times larger and scaled down (smooth
edges) and cached; tiles are cached with the texts they draw (`canvas.tile_cache`).

Every word is said in a `Words`' language (issue 32), and a longer language never cuts one: a word
that does not fit breaks onto another line (`lines_within`) and its pot or card grows to hold it, at
the same width (nine pots across a greenhouse, two cards across a hand).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.basics.words import N_, Words
from bot.pictures import canvas as cv
from bot.pictures.art import COLOURS, colour_of
from bot.presenters.base import ENGLISH_WORDS
from bot.presenters.garden_party_text import engine_said
from engine.garden_party.cards import TIMING_WHEN

SCALE = 4
#: The plants' colours by the view's kind ("red"); another kind gets a steady colour of its name.
PLANT_COLOURS: dict[str, cv.RGB] = {
    "green": COLOURS["Bean"],
    "yellow": COLOURS["Sunflower"],
    "red": COLOURS["Tomato"],
    "orange": COLOURS["Carrot"],
    "violet": COLOURS["Turnip"],
    "white": cv.WHITE,
    "blue": COLOURS["Bird"],
}
#: Each seat's figure, arm and greenhouse roof (seat order).
SEAT_COLOURS: tuple[cv.RGB, ...] = (
    COLOURS["Radish"],
    COLOURS["Bird"],
    COLOURS["Sunflower"],
    COLOURS["Cabbage"],
    COLOURS["Turnip"],
    COLOURS["Carrot"],
)
#: A card's timing band and the colour of the words on it (each pair at least 4.5:1).
TIMING_COLOURS: dict[str | None, tuple[cv.RGB, cv.RGB]] = {
    "blue": (cv.BIRD_BLUE, cv.WHITE),
    "orange": (COLOURS["Carrot"], cv.INK),
    "mauve": (COLOURS["Turnip"], cv.WHITE),
    "pink": (cv.blend(COLOURS["Radish"], cv.PAPER, 0.5), cv.INK),
    None: (cv.GOLD, cv.INK),
}
#: The terracotta of a pot.
POT = COLOURS["Salsify"]
#: A pot's tile: nine across a greenhouse.
POT_W, POT_H = 72, 98
CHIP_H = cv.line_height(cv.SMALL) + 5


def seat_colour(seat: int) -> cv.RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def plant_colour(kind: str | None, name: str | None) -> cv.RGB | None:
    if kind is None:
        return None
    return PLANT_COLOURS.get(kind) or colour_of(name or kind)


def _ol(s: float) -> int:
    return int(s * 0.025) + 1


def _pot(d: ImageDraw.ImageDraw, s: float) -> None:
    d.polygon(
        [(0.24 * s, 0.7 * s), (0.76 * s, 0.7 * s), (0.68 * s, 0.98 * s), (0.32 * s, 0.98 * s)],
        fill=POT,
        outline=cv.FRAME,
        width=_ol(s),
    )
    d.rounded_rectangle(
        (0.18 * s, 0.62 * s, 0.82 * s, 0.72 * s),
        radius=0.03 * s,
        fill=cv.SOIL,
        outline=cv.FRAME,
        width=_ol(s),
    )


def _leaf(d: ImageDraw.ImageDraw, s: float, x: float, y: float, dx: float, dy: float) -> None:
    """A leaf from the stem at (x, y) to its tip (x + dx, y + dy)."""
    mx, my = x + dx / 2, y + dy / 2
    px, py = -dy * 0.35, dx * 0.35
    d.polygon(
        [
            (x * s, y * s),
            ((mx + px) * s, (my + py) * s),
            ((x + dx) * s, (y + dy) * s),
            ((mx - px) * s, (my - py) * s),
        ],
        fill=cv.LEAF,
        outline=cv.LEAF_DARK,
        width=_ol(s),
    )


def _stem(d: ImageDraw.ImageDraw, s: float, top: float) -> None:
    d.line((0.5 * s, 0.64 * s, 0.5 * s, top * s), fill=cv.LEAF_DARK, width=int(s * 0.05))


def _seed(d: ImageDraw.ImageDraw, s: float, colour: cv.RGB | None) -> None:
    """A face-down token (the seed side up); one whose colour the viewer knows has it as a ring."""
    ring = colour or cv.SOIL_DARK
    d.ellipse((0.26 * s, 0.3 * s, 0.74 * s, 0.7 * s), fill=cv.SOIL_DARK, outline=ring, width=int(s * 0.07))
    d.ellipse(
        (0.4 * s, 0.4 * s, 0.6 * s, 0.6 * s), fill=colour or cv.PAPER_DIM, outline=cv.FRAME, width=_ol(s)
    )
    d.line((0.5 * s, 0.42 * s, 0.5 * s, 0.58 * s), fill=cv.FRAME, width=_ol(s))


def _sprout(d: ImageDraw.ImageDraw, s: float, colour: cv.RGB) -> None:
    _stem(d, s, 0.36)
    _leaf(d, s, 0.5, 0.5, -0.3, -0.16)
    _leaf(d, s, 0.5, 0.46, 0.3, -0.18)
    d.ellipse((0.42 * s, 0.26 * s, 0.58 * s, 0.42 * s), fill=colour, outline=cv.FRAME, width=_ol(s))


def _bud(d: ImageDraw.ImageDraw, s: float, colour: cv.RGB) -> None:
    _stem(d, s, 0.3)
    _leaf(d, s, 0.5, 0.56, -0.28, -0.12)
    _leaf(d, s, 0.5, 0.5, 0.28, -0.14)
    d.polygon([(0.5 * s, 0.02 * s), (0.36 * s, 0.22 * s), (0.64 * s, 0.22 * s)], fill=colour)
    d.ellipse((0.35 * s, 0.1 * s, 0.65 * s, 0.36 * s), fill=colour, outline=cv.FRAME, width=_ol(s))
    d.line((0.5 * s, 0.02 * s, 0.36 * s, 0.2 * s), fill=cv.FRAME, width=_ol(s))
    d.line((0.5 * s, 0.02 * s, 0.64 * s, 0.2 * s), fill=cv.FRAME, width=_ol(s))
    d.polygon(
        [(0.36 * s, 0.3 * s), (0.5 * s, 0.38 * s), (0.64 * s, 0.3 * s), (0.5 * s, 0.44 * s)],
        fill=cv.LEAF,
        outline=cv.LEAF_DARK,
    )


def _flower(d: ImageDraw.ImageDraw, s: float, colour: cv.RGB) -> None:
    _stem(d, s, 0.4)
    _leaf(d, s, 0.5, 0.58, -0.26, -0.1)
    _leaf(d, s, 0.5, 0.54, 0.26, -0.12)
    cx, cy = 0.5, 0.25
    edge = cv.blend(colour, cv.FRAME, 0.45)
    for i in range(6):
        x = cx + 0.14 * math.cos(i * 1.0472)
        y = cy + 0.14 * math.sin(i * 1.0472)
        d.ellipse(
            ((x - 0.12) * s, (y - 0.12) * s, (x + 0.12) * s, (y + 0.12) * s),
            fill=colour,
            outline=edge,
            width=_ol(s),
        )
    heart = (110, 70, 30) if colour == PLANT_COLOURS["yellow"] else cv.GOLD
    d.ellipse(
        ((cx - 0.08) * s, (cy - 0.08) * s, (cx + 0.08) * s, (cy + 0.08) * s),
        fill=heart,
        outline=cv.FRAME,
        width=_ol(s),
    )


def _weed(d: ImageDraw.ImageDraw, s: float) -> None:
    dark = (70, 84, 30)
    for tip in ((0.12, 0.3), (0.28, 0.08), (0.5, 0.02), (0.72, 0.08), (0.88, 0.3)):
        d.polygon(
            [(0.44 * s, 0.64 * s), (tip[0] * s, tip[1] * s), (0.56 * s, 0.64 * s)],
            fill=dark,
            outline=cv.FRAME,
            width=_ol(s),
        )
    for x, y in ((0.3, 0.34), (0.5, 0.22), (0.7, 0.34)):
        d.ellipse(((x - 0.04) * s, (y - 0.04) * s, (x + 0.04) * s, (y + 0.04) * s), fill=cv.BAD_RED)


@lru_cache(maxsize=256)
def plant_icon(stage: str | None, colour: cv.RGB | None, size: int) -> Image.Image:
    """A pot with what grows in it (`stage` None: an empty pot), RGBA, `size` pixels square."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    s = float(big)
    if stage == "seed":
        _seed(d, s, colour)
    elif stage == "sprout":
        _sprout(d, s, colour or cv.LEAF)
    elif stage == "bud":
        _bud(d, s, colour or cv.LEAF)
    elif stage == "flower":
        _flower(d, s, colour or cv.LEAF)
    elif stage == "weed":
        _weed(d, s)
    _pot(d, s)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _paste(target: Image.Image, picture: Image.Image, x: float, y: float) -> None:
    target.paste(picture, (round(x), round(y)), picture)


def lines_within(text: str, width: int, size: int, bold: bool = False, first: int | None = None) -> list[str]:
    """`text` in lines no wider than `width` (the first one `first`, when given), broken between
    words as `cv.wrap` breaks them, and inside a word only where that word alone is wider than a
    line (French "Mauvaise herbe" in a pot: "Mauvai-", "se", "herbe"; the pseudo-locale's
    padding), with a hyphen where it breaks: nothing is cut. French spaces its high punctuation
    (« encore : 2 »): a lone ":", ";", "!", "?" or "»" stays with the word before it, "«" with the
    word after it, so that no line starts with it."""
    limit = width if first is None else first
    lines: list[str] = []
    line = ""
    for word in _glued(text.split()):
        trial = f"{line} {word}" if line else word
        if cv.text_width(trial, size, bold) <= limit:
            line = trial
            continue
        if line:
            lines.append(line)
            limit = width
            if cv.text_width(word, size, bold) <= limit:
                line = word
                continue
        line = ""
        for char in word:
            if line and cv.text_width(line + char + "-", size, bold) > limit:
                lines.append(line + "-")
                limit = width
                line = ""
            line += char
    if line:
        lines.append(line)
    return lines


#: Punctuation a language sets off with a space, kept on the line of the word it goes with.
_CLOSING = frozenset({":", ";", "!", "?", "»"})


def _glued(words: list[str]) -> list[str]:
    """`words` with a lone closing mark joined to the word before it and "«" to the word after."""
    out: list[str] = []
    opening = ""
    for word in words:
        if word == "«":
            opening += word + " "
        elif word in _CLOSING and out:
            out[-1] += " " + word
        else:
            out.append(opening + word)
            opening = ""
    if opening:
        out.append(opening.rstrip())
    return out


#: A pot's stage as its tile says it.
POT_STAGES = {
    "seed": N_("seed"),
    "sprout": N_("sprout"),
    "bud": N_("bud"),
    "flower": N_("flower"),
    "weed": N_("Weed"),
    None: N_("empty"),
}
#: A mouldy seed its owner looked at, under the stage word "seed".
MOULDY = N_("Mouldy")


def colour_word(colour: str, words: Words = ENGLISH_WORDS) -> str:
    """The word a pot shows under its stage: the colour, or "Mouldy" for a mouldy seed its owner
    looked at (the stage word above already says "seed", and "Mouldy seed" would be cut short to
    "Mould…" in a pot's width)."""
    return words.text(MOULDY) if colour == "Mouldy seed" else engine_said(words, colour)


def pot_lines(stage: str | None, colour: str | None, words: Words) -> tuple[list[str], list[str]]:
    """A pot's stage word and its colour word (none for a weed or an unknown colour), each in the
    lines it takes in a pot's width."""
    room = POT_W - 6
    said = words.text(POT_STAGES[stage]) if stage in POT_STAGES else stage or ""
    stage_lines = lines_within(said, room, cv.SMALL, bold=True)
    shown = colour_word(colour, words) if colour and stage != "weed" else ""
    return stage_lines, lines_within(shown, room, cv.SMALL)


def pot_height(pots: list[tuple[str | None, str | None]], words: Words) -> int:
    """The height of a greenhouse's pots, each (stage, colour): `POT_H` for two lines of words
    under the drawing, a line taller for each more one of its pots needs."""
    most = max((sum(map(len, pot_lines(stage, colour, words))) for stage, colour in pots), default=2)
    return POT_H + max(0, most - 2) * cv.line_height(cv.SMALL)


@cv.tile_cache(maxsize=512)
def pot_tile(
    number: int,
    stage: str | None,
    kind: str | None,
    colour: str | None,
    words: Words = ENGLISH_WORDS,
    h: int = POT_H,
) -> Image.Image:
    """One pot as a viewer sees it: its number, the drawing, its stage in a word and, when the
    view gives it, its colour in a word. A plant that shows is on its colour's tint; a seed on
    dim paper (one the viewer looked at keeps it, with its colour as the token's ring and in a
    word: only the viewer knows it); a weed has a red edge; an empty pot is an empty place."""
    w = POT_W
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    rgb = plant_colour(kind, colour) if stage != "weed" else None
    ink = cv.INK
    if stage is None:
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=cv.SLOT)
        cv.dashed_box(d, (2, 2, w - 3, h - 3), cv.SLOT_LINE, dash=6)
        ink = cv.PAPER
    elif stage == "weed":
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=cv.PAPER, outline=cv.BAD_RED, width=3)
    elif rgb is not None and stage != "seed":
        d.rounded_rectangle(
            (0, 0, w - 1, h - 1), radius=8, fill=cv.blend(rgb, cv.PAPER, 0.5), outline=cv.FRAME, width=2
        )
    else:
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=cv.PAPER_DIM, outline=cv.FRAME, width=2)
    side = 46
    _paste(tile, plant_icon(stage, rgb, side), w - side - 4, 4)
    cv.draw_text(tile, (6, 4), str(number), cv.SMALL, ink, bold=True, tag="pot")
    step = cv.line_height(cv.SMALL)
    stage_lines, colour_lines = pot_lines(stage, colour, words)
    y = POT_H - 2 * step - 4  # under the drawing; a taller pot (`h`) holds more lines below
    for line in stage_lines:
        cv.draw_text(tile, (w / 2, y), line, cv.SMALL, ink, anchor="mt", bold=True, tag="stage")
        y += step
    for line in colour_lines:
        cv.draw_text(tile, (w / 2, y), line, cv.SMALL, ink, anchor="mt", tag="colour")
        y += step
    return tile


def pawn(d: ImageDraw.ImageDraw, x: float, y: float, size: int, colour: cv.RGB) -> None:
    """A gardener's figure, `size` pixels tall, top-left at (x, y)."""
    s = size
    d.polygon(
        [
            (x + s * 0.15, y + s),
            (x + s * 0.35, y + s * 0.45),
            (x + s * 0.65, y + s * 0.45),
            (x + s * 0.85, y + s),
        ],
        fill=colour,
        outline=cv.FRAME,
        width=1,
    )
    d.ellipse((x + s * 0.25, y, x + s * 0.75, y + s * 0.5), fill=colour, outline=cv.FRAME, width=1)


@cv.tile_cache(maxsize=256)
def figure_chip(name: str, seat: int, w: int) -> Image.Image:
    """A gardener's figure on a square: the seat's coloured pawn and its player's name."""
    tile = Image.new("RGBA", (w, CHIP_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, w - 1, CHIP_H - 1), radius=7, fill=cv.PAPER, outline=cv.FRAME, width=1)
    pawn(d, 4, 3, CHIP_H - 6, seat_colour(seat))
    shown = cv.fit_name(name, w - CHIP_H - 6, cv.SMALL, bold=True)
    cv.draw_text(tile, (CHIP_H, CHIP_H / 2), shown, cv.SMALL, cv.INK, anchor="lm", bold=True, tag="figure")
    return tile


def chip_width(name: str, most: int) -> int:
    return min(most, CHIP_H + cv.text_width(name, cv.SMALL, bold=True) + 8)


@lru_cache(maxsize=16)
def vase_icon(filled: bool, size: int) -> Image.Image:
    """A golden vase; a filled one holds a collector's flower."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    s = float(big)
    if filled:
        _stem(d, s, 0.2)
        d.ellipse((0.3 * s, 0.0, 0.7 * s, 0.36 * s), fill=cv.ROSE_RED, outline=cv.FRAME, width=_ol(s))
        d.ellipse((0.43 * s, 0.12 * s, 0.57 * s, 0.25 * s), fill=cv.GOLD)
    fill = cv.GOLD if filled else cv.blend(cv.GOLD, cv.FELT_DARK, 0.55)
    d.polygon(
        [(0.36 * s, 0.36 * s), (0.64 * s, 0.36 * s), (0.58 * s, 0.48 * s), (0.42 * s, 0.48 * s)],
        fill=fill,
        outline=cv.FRAME,
        width=_ol(s),
    )
    d.ellipse((0.22 * s, 0.44 * s, 0.78 * s, 0.98 * s), fill=fill, outline=cv.FRAME, width=_ol(s))
    return image.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def drop_icon(full: bool, size: int) -> Image.Image:
    """A water token: a full drop, or an empty place for one."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    s = float(big)
    fill = cv.SKY if full else cv.FELT
    d.polygon([(0.5 * s, 0.02 * s), (0.2 * s, 0.58 * s), (0.8 * s, 0.58 * s)], fill=fill)
    d.ellipse((0.2 * s, 0.36 * s, 0.8 * s, 0.96 * s), fill=fill, outline=cv.FRAME, width=_ol(s))
    d.line((0.5 * s, 0.02 * s, 0.21 * s, 0.56 * s), fill=cv.FRAME, width=_ol(s))
    d.line((0.5 * s, 0.02 * s, 0.79 * s, 0.56 * s), fill=cv.FRAME, width=_ol(s))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(target: Image.Image, picture: Image.Image, x: float, y: float) -> None:
    _paste(target, picture, x, y)


CARD_BAND = cv.line_height(cv.SMALL) + 4


def timing_label(timing: str | None, words: Words = ENGLISH_WORDS) -> str:
    """The words on a card's timing band: "Blue · your turn", or "Chance card"."""
    if not timing:
        return engine_said(words, "Chance card")
    said = engine_said(words, timing)
    first = next((i for i, char in enumerate(said) if char.isalpha()), 0)  # past a mark: "⟦"
    capital = said[:first] + said[first : first + 1].upper() + said[first + 1 :]
    when = engine_said(words, TIMING_WHEN.get(timing, ""))
    return words.text("{timing} · {when}", timing=capital, when=when)


def _name_room(w: int, count: int) -> int:
    return w - 24 - (44 if count > 1 else 0)


def card_lines(
    label: str, name: str, effect: str, w: int, count: int
) -> tuple[list[str], list[str], list[str]]:
    """A card's band, name and effect, each in the lines it takes on a card `w` wide."""
    return (
        lines_within(label, w - 24, cv.SMALL, bold=True),
        lines_within(name, _name_room(w, count), cv.BODY, bold=True),
        lines_within(effect, w - 20, cv.SMALL),
    )


def card_height(label: str, name: str, effect: str, w: int, count: int) -> int:
    band, named, effect_lines = card_lines(label, name, effect, w, count)
    return (
        4
        + CARD_BAND
        + (len(band) - 1) * cv.line_height(cv.SMALL)
        + 6
        + len(named) * cv.line_height(cv.BODY)
        + cv.line_height(cv.SMALL)
        + 4
        + len(effect_lines) * cv.line_height(cv.SMALL)
        + 8
    )


@cv.tile_cache(maxsize=256)
def card_tile(
    name: str, talent: str, timing: str | None, label: str, effect: str, w: int, h: int, count: int
) -> Image.Image:
    """An action card: its timing colour band with when it may be played (`label`), its name, its
    deck's talent and its effect in full, each in the reader's language (a long one on more
    lines); `count` > 1 shows an "x2" badge (a hand groups copies)."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    band_lines, name_lines, effect_lines = card_lines(label, name, effect, w, count)
    small = cv.line_height(cv.SMALL)
    band_h = CARD_BAND + (len(band_lines) - 1) * small
    band, ink = TIMING_COLOURS.get(timing, TIMING_COLOURS[None])
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=cv.PAPER, outline=band, width=3)
    d.rounded_rectangle((3, 3, w - 4, 3 + band_h), radius=8, fill=band)
    for i, line in enumerate(band_lines):
        middle = 3 + CARD_BAND / 2 + i * small
        cv.draw_text(tile, (12, middle), line, cv.SMALL, ink, anchor="lm", bold=True, tag="timing")
    y = top = 4 + band_h + 6
    for line in name_lines:
        cv.draw_text(tile, (10, y), line, cv.BODY, cv.INK, bold=True, tag="name")
        y += cv.line_height(cv.BODY)
    if count > 1:
        r = cv.text_height(cv.BODY) + 8
        d.ellipse((w - r - 8, top - 3, w - 8, top - 3 + r), fill=cv.INK, outline=cv.WHITE, width=2)
        cv.draw_text(
            tile,
            (w - 8 - r / 2, top - 3 + r / 2),
            f"x{count}",
            cv.SMALL,
            cv.WHITE,
            anchor="mm",
            bold=True,
            tag="count",
        )
    cv.draw_text(tile, (10, y), talent, cv.SMALL, cv.INK_SOFT, tag="talent")
    y += cv.line_height(cv.SMALL) + 4
    cv.text_lines(tile, 10, y, effect_lines, cv.SMALL, cv.INK, tag="effect")
    return tile
