"""Drawing tools shared by every board picture: colours, the font, cached text and PNG output.

The font ships with the code (`fonts/`), so a fresh clone and the Docker image draw the same pixels
and nothing is ever downloaded: DejaVu Sans Condensed 2.37 (Debian's fonts-dejavu-extra; free to
redistribute, `fonts/LICENSE-DejaVu.txt`), cut down with fontTools' pyftsubset to the characters
the catalogs, pictures and players' names use (docs/bot.md, "The pictures' font"): 42 KB.
DejaVu because Pillow's built-in font (Aileron) has no accented letters, so French pictures lost
theirs ("Rangée" was drawn "Rangee"); its Condensed face because it is as wide as Aileron was at
the same size, so the layouts made for Aileron keep their texts whole. It is laid out with
Pillow's basic engine, as the built-in font was: the same pixels whether or not the machine has
libraqm.

Text is rendered once per (text, size, weight) and kept as a mask, since drawing the same glyphs
again is most of a board's cost; the finished picture is mapped onto one fixed palette so the PNG
is small and quick to encode.

Every text of every picture goes through `draw_text`. Inside `recording()` it also notes what it
drew (`TextRecord`: the text, its colour, the colour behind it, its size and box), and every card
pasted with `paste_tile` notes its box (`CardRecord`), so the tests can check the contrast of every
text (`contrast`, WCAG's formula), its size on a phone (`MIN_FONT`) and that no card hides another.
Outside a recording nothing is noted and nothing costs more.
"""

from __future__ import annotations

import io
import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
#: A band of a picture: its height, and how to draw it at a given top y.
Section = tuple[int, Callable[[Image.Image, ImageDraw.ImageDraw, int], None]]

#: Picture width in pixels. Narrower than a desktop preview on purpose: a phone shows the picture
#: PHONE_WIDTH pixels wide, and every text must stay readable there (see MIN_FONT).
WIDTH = 720
MARGIN = 12
#: How wide a phone shows the picture (Discord's attachment fills a 360 px wide screen).
PHONE_WIDTH = 360
#: "Readable": a text at least this many pixels tall (its font size) as the phone shows it. A font
#: of size s in a picture W pixels wide is shown s * PHONE_WIDTH / W pixels tall; 8.5 px is about
#: the smallest type a phone's own interface uses, so nothing a player needs is drawn smaller.
MIN_READABLE_PX = 8.5
#: The smallest font size any picture may draw: MIN_READABLE_PX once shown PHONE_WIDTH wide.
MIN_FONT = math.ceil(MIN_READABLE_PX * WIDTH / PHONE_WIDTH)
#: WCAG's minimum contrast for normal text (AA), which every text of every picture meets.
MIN_CONTRAST = 4.5
#: Font sizes the pictures use: small print (the least readable size), body text, headings, title.
SMALL = MIN_FONT
BODY = MIN_FONT + 1
HEADING = MIN_FONT + 3
#: Lines a player reads at a glance while playing, a gardener's water, hand and holdings: small
#: print's letters are 4.5 px tall at phone width (its x-height), hard to read there; these are
#: 6 px (issue 27 item 14). `STATUS_XHEIGHT_PX` is what the picture tests check.
STATUS = MIN_FONT + 5
STATUS_XHEIGHT_PX = 6.0

# The card table: an opaque mid-green felt with its own dark frame, readable on Discord's dark
# and light themes alike; cards and panels are light paper on it.
FELT: RGB = (74, 110, 70)
FELT_DARK: RGB = (52, 82, 50)
FRAME: RGB = (34, 52, 33)
PAPER: RGB = (250, 244, 226)
PAPER_DIM: RGB = (226, 219, 198)
PANEL: RGB = (238, 232, 212)
INK: RGB = (34, 34, 30)
INK_SOFT: RGB = (95, 92, 82)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (242, 190, 40)
HONEY: RGB = (250, 205, 70)
RED: RGB = (200, 40, 40)
ROSE_RED: RGB = (214, 38, 78)
GOOD_GREEN: RGB = (30, 120, 45)
BAD_RED: RGB = (190, 44, 38)
#: Good / Bad words on pale paper (the bands' colours are too light for text there).
GOOD_TEXT: RGB = (20, 92, 32)
BAD_TEXT: RGB = (150, 30, 26)
BIRD_BLUE: RGB = (46, 96, 168)
#: The felt of a slot outside the plot: dark enough for yellow and paper labels (4.5:1).
SLOT: RGB = (62, 96, 60)
SLOT_LINE: RGB = (180, 210, 170)
HIGHLIGHT: RGB = (255, 222, 90)
SOIL: RGB = (120, 84, 54)
SOIL_DARK: RGB = (88, 60, 40)
LEAF: RGB = (60, 150, 60)
LEAF_DARK: RGB = (36, 104, 40)
SKY: RGB = (120, 170, 220)

_NAMED: tuple[RGB, ...] = (
    FELT,
    FELT_DARK,
    FRAME,
    PAPER,
    PAPER_DIM,
    PANEL,
    INK,
    INK_SOFT,
    WHITE,
    GOLD,
    HONEY,
    RED,
    ROSE_RED,
    GOOD_GREEN,
    BAD_RED,
    GOOD_TEXT,
    BAD_TEXT,
    BIRD_BLUE,
    SLOT,
    SLOT_LINE,
    HIGHLIGHT,
    SOIL,
    SOIL_DARK,
    LEAF,
    LEAF_DARK,
    SKY,
    (0, 0, 0),
)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` of the way towards `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def tint(colour: RGB, amount: float = 0.75) -> RGB:
    """A pale card background in a vegetable's colour."""
    return blend(colour, PAPER, amount)


@cache
def _palette_image(extra: tuple[RGB, ...]) -> Image.Image:
    """One fixed palette for every picture: the named colours, the given art colours, their blends
    with paper and ink (anti-aliased edges), and an even colour cube for everything else."""
    colours: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen and len(colours) < 256:
            seen.add(c)
            colours.append(c)

    for c in (*_NAMED, *extra):
        add(c)
    for base in (PAPER, PANEL, FELT, INK):
        for c in (*_NAMED[:10], *extra[:24]):
            add(blend(c, base, 0.5))
    steps = (0, 64, 128, 192, 255)
    for r in steps:
        for g in steps:
            for b in steps:
                add((r, g, b))
    while len(colours) < 256:
        colours.append(colours[-1])
    flat = [v for c in colours for v in c]
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def to_png(image: Image.Image, extra_colours: tuple[RGB, ...] = ()) -> bytes:
    """The picture as a palette PNG (fixed palette, no dithering: fast, small and crisp)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    small = rgb.quantize(palette=_palette_image(extra_colours), dither=Image.Dither.NONE)
    out = io.BytesIO()
    # Level 1: about 9% less encoding time than level 3 for 10-12% more bytes (85 KB at most, far
    # under the 300 KB bar); level 6 would take 2.5x as long (see docs/performance.md).
    small.save(out, "PNG", compress_level=1)
    return out.getvalue()


#: The pictures' one font file (see the module's docstring); bold is drawn with a stroke.
FONT_FILE = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed-subset.ttf"


@cache
def _font_bytes() -> bytes:
    return FONT_FILE.read_bytes()


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at `size` pixels, loaded once per size."""
    return ImageFont.truetype(io.BytesIO(_font_bytes()), size, layout_engine=ImageFont.Layout.BASIC)


def _glyph_bytes(ch: str) -> bytes:
    mask = Image.new("L", (40, 40))
    ImageDraw.Draw(mask).text((5, 5), ch, font=font(20), fill=255)
    return mask.tobytes()


@cache
def _notdef_mask() -> bytes:
    return _glyph_bytes("\uffff")


@cache
def _has_glyph(ch: str) -> bool:
    """The font draws `ch` as itself, not as its "missing" box."""
    if ch.isascii():
        return True
    return _glyph_bytes(ch) != _notdef_mask()


@lru_cache(maxsize=2048)
def printable(text: str) -> str:
    """`text` with every character the font lacks replaced (emoji dropped; a letter it lacks by its
    plain form, ș -> s; else ?). Composed first, so a decomposed "é" is drawn as one letter."""
    text = unicodedata.normalize("NFC", text)
    out = []
    for ch in text:
        if _has_glyph(ch):
            out.append(ch)
        elif unicodedata.category(ch)[0] in "LN":
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
            out.append(plain or "?")
    return " ".join("".join(out).split()) if len(out) != len(text) else "".join(out)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool) -> Image.Image:
    f = font(size)
    stroke = 1 if bold else 0
    right = int(f.getbbox(text, stroke_width=stroke)[2])
    ascent, descent = f.getmetrics()
    mask = Image.new("L", (max(1, right + stroke), ascent + descent + 2 * stroke))
    ImageDraw.Draw(mask).text(
        (0, stroke), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255 if bold else None
    )
    return mask


def text_width(text: str, size: int, bold: bool = False) -> int:
    return _text_mask(printable(text), size, bold).width


def text_height(size: int) -> int:
    return _text_mask("Ag", size, False).height


def fit_size(text: str, width: int, size: int, smallest: int = 11, bold: bool = False) -> int:
    """The largest size from `size` down to `smallest` at which `text` fits in `width` pixels."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


def clip_text(text: str, width: int, size: int, bold: bool = False) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` at `size`."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_name(name: str, width: int, size: int, bold: bool = False) -> str:
    """A player's name within `width`, still telling seats apart: a trailing "(Medium)" goes
    first, then the first words are cut and the last kept ("Comp… 2"), so "Computer 2 (Medium)"
    and "Computer 3 (Medium)" never both read "Comp…" (issue 27 item 14)."""
    if text_width(name, size, bold) <= width:
        return name
    bare = re.sub(r"\s*\([^()]*\)$", "", name).strip() or name
    if text_width(bare, size, bold) <= width:
        return bare
    *first, last = bare.split() or [bare]
    room = width - text_width(" " + last, size, bold)
    if first and room >= text_width("A…", size, bold):
        return f"{clip_text(' '.join(first), room, size, bold)} {last}"
    return clip_text(bare, width, size, bold)


# ---------------------------------------------------------------- recording what is drawn

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TextRecord:
    """One text as drawn: what it says, its colour, the colour behind it, its size and its box
    (left, top, right, bottom) in the picture; `tag` says what it is ("name", "count", ...)."""

    text: str
    fill: RGB
    background: RGB | None
    size: int
    bold: bool
    box: Box
    tag: str = ""
    #: The text ran past the edge of what it was drawn on (a tile or the picture).
    cut: bool = False


@dataclass(frozen=True, slots=True)
class CardRecord:
    """A card pasted on the picture: its name, the count its badge shows (1: none) and its box."""

    name: str
    count: int
    box: Box
    #: Where it is: "hand", "row", "plot", "garden" (a test picks the cards it cares about).
    place: str = ""


@dataclass
class Recording:
    texts: list[TextRecord] = field(default_factory=list)
    cards: list[CardRecord] = field(default_factory=list)


class _Sinks(threading.local):
    def __init__(self) -> None:
        self.stack: list[Recording] = []


_SINKS = _Sinks()
#: The caches of drawn tiles, emptied when a recording starts so every tile is drawn (and noted)
#: afresh inside it.
_TILE_CACHES: list[Any] = []


@contextmanager
def recording() -> Iterator[Recording]:
    """Note every text and card drawn inside the block (for the picture tests)."""
    for cached in _TILE_CACHES:
        cached.cache_clear()
    sink = Recording()
    _SINKS.stack.append(sink)
    try:
        yield sink
    finally:
        _SINKS.stack.remove(sink)


def _sink() -> Recording | None:
    return _SINKS.stack[-1] if _SINKS.stack else None


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """A drawn, cached piece of a picture (a card, a slot) and the texts drawn on it, in its own
    coordinates (noted only when it was drawn inside a recording)."""

    image: Image.Image
    mask: Image.Image | None = None
    texts: tuple[TextRecord, ...] = ()


def tile_cache(maxsize: int) -> Callable[[Callable[..., Image.Image | tuple[Image.Image, Image.Image]]], Any]:
    """Cache a function drawing a tile (an RGBA image, or an RGB image and its mask) as a `Tile`."""

    def wrap(draw: Callable[..., Image.Image | tuple[Image.Image, Image.Image]]) -> Any:
        @lru_cache(maxsize=maxsize)
        def cached(*args: Any) -> Tile:
            outer = _sink()
            if outer is None:
                drawn = draw(*args)
                texts: tuple[TextRecord, ...] = ()
            else:
                inner = Recording()
                _SINKS.stack.append(inner)
                try:
                    drawn = draw(*args)
                finally:
                    _SINKS.stack.remove(inner)
                texts = tuple(inner.texts)
            if isinstance(drawn, tuple):
                return Tile(drawn[0], drawn[1], texts)
            return Tile(drawn, None, texts)

        cached.__doc__ = draw.__doc__
        _TILE_CACHES.append(cached)
        return cached

    return wrap


def paste_tile(
    image: Image.Image, tile: Tile, x: float, y: float, name: str = "", count: int = 1, place: str = ""
) -> None:
    """Paste a tile with its top-left corner at (x, y); in a recording, note its texts (and, given
    a `name`, the card) in the picture's coordinates."""
    left, top = round(x), round(y)
    sink = _sink()
    if sink is not None:
        for t in tile.texts:
            box = (t.box[0] + left, t.box[1] + top, t.box[2] + left, t.box[3] + top)
            background = t.background
            if background is None:
                background = _behind(image, box, _text_mask(t.text, t.size, t.bold))
            cut = t.cut or box[0] < 0 or box[1] < 0 or box[2] > image.width or box[3] > image.height
            sink.texts.append(replace(t, box=box, background=background, cut=cut))
        if name:
            w, h = tile.image.size
            sink.cards.append(CardRecord(name, count, (left, top, left + w, top + h), place))
    mask = tile.mask if tile.mask is not None else (tile.image if tile.image.mode == "RGBA" else None)
    image.paste(tile.image, (left, top), mask)


def pixels(image: Image.Image) -> list[Any]:
    """The image's pixels, row by row (Pillow 13's `get_flattened_data`, else `getdata`)."""
    flat: Callable[[], Any] = getattr(image, "get_flattened_data", None) or image.getdata
    return list(flat())


def _behind(image: Image.Image, box: Box, mask: Image.Image) -> RGB | None:
    """The commonest colour under the glyphs of a text about to be drawn at `box` (None: the
    place is transparent, so the colour behind is what the tile is pasted on)."""
    region = image.crop(box)
    inked = [m >= 128 for m in mask.tobytes()]
    if image.mode == "RGBA":
        under = [p for p, on in zip(pixels(region), inked, strict=False) if on]
        counted = Counter(under).most_common(1)
        if not counted or counted[0][0][3] < 128:
            return None
        r, g, b, _ = counted[0][0]
        return (r, g, b)
    rgb = region if region.mode == "RGB" else region.convert("RGB")
    counted = Counter(p for p, on in zip(pixels(rgb), inked, strict=False) if on).most_common(1)
    return counted[0][0] if counted else None


def luminance(colour: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1 (none) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
    tag: str = "",
) -> int:
    """Paste `text` at `xy`; `anchor` is horizontal l/m/r then vertical t/m/b. Returns its width."""
    shown = printable(text)
    mask = _text_mask(shown, size, bold)
    x, y = xy
    if anchor[0] == "m":
        x -= mask.width / 2
    elif anchor[0] == "r":
        x -= mask.width
    if anchor[1] == "m":
        y -= mask.height / 2
    elif anchor[1] == "b":
        y -= mask.height
    left, top = round(x), round(y)
    sink = _sink()
    if sink is not None:
        box = (left, top, left + mask.width, top + mask.height)
        cut = left < 0 or top < 0 or box[2] > image.width or box[3] > image.height
        sink.texts.append(TextRecord(shown, colour, _behind(image, box, mask), size, bold, box, tag, cut))
    image.paste(colour, (left, top), mask)
    return mask.width


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` at `size` (words kept whole when they fit)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: RGB = PANEL,
    outline: RGB = FRAME,
    radius: int = 10,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def dashed_box(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    colour: RGB,
    dash: int = 8,
    width: int = 2,
) -> None:
    """An outline of short dashes: an empty place where something may go."""
    x0, y0, x1, y1 = (round(v) for v in box)
    for x in range(x0, x1, dash * 2):
        draw.line((x, y0, min(x + dash, x1), y0), fill=colour, width=width)
        draw.line((x, y1, min(x + dash, x1), y1), fill=colour, width=width)
    for y in range(y0, y1, dash * 2):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=width)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=width)


def new_table(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh picture: the felt table with a dark frame around it."""
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=FRAME, width=6)
    return image, draw


def pips(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    filled: int,
    total: int,
    size: int,
    on: RGB,
    off: RGB,
    gap: int = 4,
) -> float:
    """A row of `total` round markers, the first `filled` of them coloured; returns the end x."""
    for i in range(total):
        colour = on if i < filled else off
        draw.ellipse((x, y, x + size, y + size), fill=colour, outline=FRAME, width=1)
        x += size + gap
    return x


def text_lines(
    image: Image.Image,
    x: float,
    y: float,
    lines: list[str],
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    step: int = 0,
    tag: str = "",
) -> float:
    """Draw `lines` one under another from (x, y); returns the y under the last."""
    step = step or line_height(size)
    for line in lines:
        draw_text(image, (x, y), line, size, colour, bold=bold, tag=tag)
        y += step
    return y


def line_height(size: int) -> int:
    return text_height(size) + 1


def compose(sections: list[Section]) -> Image.Image:
    """A picture made of bands stacked from the top, on the framed table."""
    height = 8 + sum(h for h, _ in sections) + 4
    image, draw = new_table(height)
    y = 8
    for h, draw_band in sections:
        draw_band(image, draw, y)
        y += h
    return image
