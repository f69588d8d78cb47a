"""Drawing tools shared by every board picture: colours, the built-in font, cached text and PNG output.

Only what Pillow ships is used (its scalable built-in font, `ImageFont.load_default(size=...)`), so no
image or font file is ever downloaded. Text is rendered once per (text, size, weight) and kept as a
mask, since drawing the same glyphs again is most of a board's cost; the finished picture is mapped
onto one fixed palette so the PNG is small and quick to encode.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
#: A band of a picture: its height, and how to draw it at a given top y.
Section = tuple[int, Callable[[Image.Image, ImageDraw.ImageDraw, int], None]]

#: Picture width: about what a phone shows at full width and what Discord's desktop preview fits.
WIDTH = 1000
MARGIN = 16

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
GOOD_GREEN: RGB = (46, 140, 60)
BAD_RED: RGB = (196, 48, 40)
SLOT: RGB = (104, 140, 96)
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


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own scalable font (Aileron), loaded once per size."""
    return ImageFont.load_default(size=size)


def _glyph_bytes(ch: str) -> bytes:
    mask = Image.new("L", (40, 40))
    ImageDraw.Draw(mask).text((5, 5), ch, font=font(20), fill=255)
    return mask.tobytes()


@cache
def _notdef_mask() -> bytes:
    return _glyph_bytes("\uffff")


@cache
def _has_glyph(ch: str) -> bool:
    if ch.isascii():
        return True
    return _glyph_bytes(ch) != _notdef_mask()


_FALLBACK = {"—": "-", "–": "-", "×": "x", "’": "'", "‘": "'", "“": '"', "”": '"', "→": "->"}


@lru_cache(maxsize=2048)
def printable(text: str) -> str:
    """`text` with every character the built-in font lacks replaced (é -> e, — -> -, emoji -> ?)."""
    out = []
    for ch in text:
        if _has_glyph(ch):
            out.append(ch)
        elif ch in _FALLBACK:
            out.append(_FALLBACK[ch])
        elif unicodedata.category(ch)[0] in "LN":
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
            out.append(plain or "?")
    return " ".join("".join(out).split()) if len(out) != len(text) else "".join(out)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool) -> Image.Image:
    f = font(size)
    stroke = 1 if bold else 0
    right = int(f.getbbox(text, stroke_width=stroke)[2])
    ascent, descent = f.getmetrics()  # type: ignore[union-attr]
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


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
) -> int:
    """Paste `text` at `xy`; `anchor` is horizontal l/m/r then vertical t/m/b. Returns its width."""
    mask = _text_mask(printable(text), size, bold)
    x, y = xy
    if anchor[0] == "m":
        x -= mask.width / 2
    elif anchor[0] == "r":
        x -= mask.width
    if anchor[1] == "m":
        y -= mask.height / 2
    elif anchor[1] == "b":
        y -= mask.height
    image.paste(colour, (round(x), round(y)), mask)
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


def compose(sections: list[Section]) -> Image.Image:
    """A picture made of bands stacked from the top, on the framed table."""
    height = 8 + sum(h for h, _ in sections) + 4
    image, draw = new_table(height)
    y = 8
    for h, draw_band in sections:
        draw_band(image, draw, y)
        y += h
    return image
