"""The project's own little pictures: vegetables, plants, bugs, bees, Grasshoppers and Roses.

Each icon is drawn with plain shapes on a square four times its final size and scaled down, which
gives smooth edges; icons are cached by (kind, size), so a board pastes them instead of redrawing.
A kind the art does not know (an owner renamed a vegetable in the deck data) gets a plain seed
shape in a colour derived from its name, so nothing ever fails to draw.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.canvas import FRAME, GOLD, HONEY, INK, LEAF, LEAF_DARK, RGB, ROSE_RED, SOIL, WHITE, blend

SCALE = 4
Pen = ImageDraw.ImageDraw
Box = tuple[float, float, float, float]

#: The main colour of each kind: the card tint, the chip colour and the icon's body.
COLOURS: dict[str, RGB] = {
    "Carrot": (238, 122, 26),
    "Radish": (206, 40, 92),
    "Turnip": (150, 84, 170),
    "Salsify": (168, 124, 78),
    "Lettuce": (120, 190, 60),
    "Onion": (214, 160, 50),
    "Cabbage": (70, 150, 130),
    "Pumpkin": (236, 136, 20),
    "Ruta Baga": (186, 140, 60),
    "Tomato": (220, 45, 35),
    "Bean": (70, 160, 70),
    "Sunflower": (240, 190, 30),
    "Strawberry": (225, 40, 70),
    "Ladybug": (210, 35, 35),
    "Bee": (240, 185, 30),
    "Lacewing": (110, 190, 120),
    "Aphid": (150, 190, 80),
    "Slug": (150, 110, 70),
    "Caterpillar": (110, 170, 50),
    "Bird": (80, 130, 200),
    "Grasshopper": (100, 170, 50),
    "Rose": ROSE_RED,
}


def colour_of(kind: str) -> RGB:
    """The kind's colour; an unknown kind gets a steady colour made from its name."""
    if kind in COLOURS:
        return COLOURS[kind]
    h = zlib.crc32(kind.encode())
    return (80 + h % 150, 80 + (h >> 8) % 150, 80 + (h >> 16) % 150)


def _leaves(d: Pen, s: float, cx: float, top: float, spread: float = 0.12, n: int = 3) -> None:
    """A tuft of leaves growing up from (cx, top) in fractions of the side."""
    for i in range(n):
        off = (i - (n - 1) / 2) * spread
        d.polygon(
            [
                ((cx + off * 0.3) * s, top * s),
                ((cx + off - 0.05) * s, (top - 0.28) * s),
                ((cx + off + 0.05) * s, (top - 0.3) * s),
            ],
            fill=LEAF,
            outline=LEAF_DARK,
            width=int(s * 0.012) + 1,
        )


def _ol(s: float) -> int:
    return int(s * 0.02) + 1


def _carrot(d: Pen, s: float, c: RGB) -> None:
    _leaves(d, s, 0.5, 0.34, 0.14)
    d.polygon(
        [(0.32 * s, 0.32 * s), (0.68 * s, 0.32 * s), (0.52 * s, 0.95 * s), (0.48 * s, 0.95 * s)],
        fill=c,
        outline=FRAME,
        width=_ol(s),
    )
    for y in (0.45, 0.58, 0.71):
        d.line((0.42 * s, y * s, 0.52 * s, y * s), fill=blend(c, FRAME, 0.45), width=_ol(s))


def _round_root(d: Pen, s: float, top: RGB, bottom: RGB, tail: bool = True) -> None:
    _leaves(d, s, 0.5, 0.36, 0.14)
    box = (0.22 * s, 0.3 * s, 0.78 * s, 0.84 * s)
    d.ellipse(box, fill=bottom, outline=FRAME, width=_ol(s))
    d.chord(box, 180, 360, fill=top, outline=FRAME, width=_ol(s))
    if tail:
        d.line((0.5 * s, 0.84 * s, 0.5 * s, 0.97 * s), fill=FRAME, width=_ol(s) + 1)


def _radish(d: Pen, s: float, c: RGB) -> None:
    _round_root(d, s, c, blend(c, WHITE, 0.25))
    d.pieslice((0.3 * s, 0.55 * s, 0.7 * s, 0.84 * s), 30, 150, fill=WHITE)


def _turnip(d: Pen, s: float, c: RGB) -> None:
    _round_root(d, s, c, (246, 240, 230))


def _ruta_baga(d: Pen, s: float, c: RGB) -> None:
    _round_root(d, s, (130, 70, 130), (232, 196, 110))


def _salsify(d: Pen, s: float, c: RGB) -> None:
    for off in (-0.08, 0.0, 0.08):
        d.line(
            ((0.5 + off * 0.3) * s, 0.26 * s, (0.5 + off * 1.6) * s, 0.03 * s), fill=LEAF, width=_ol(s) + 3
        )
    d.polygon(
        [(0.41 * s, 0.24 * s), (0.59 * s, 0.24 * s), (0.52 * s, 0.97 * s), (0.48 * s, 0.97 * s)],
        fill=c,
        outline=FRAME,
        width=_ol(s),
    )
    for y in (0.4, 0.55, 0.7):
        d.line((0.46 * s, y * s, 0.54 * s, (y + 0.03) * s), fill=blend(c, FRAME, 0.5), width=_ol(s))


def _lettuce(d: Pen, s: float, c: RGB) -> None:
    dark = blend(c, LEAF_DARK, 0.5)
    for box in (
        (0.1, 0.3, 0.55, 0.8),
        (0.45, 0.3, 0.9, 0.8),
        (0.2, 0.15, 0.8, 0.65),
        (0.25, 0.4, 0.75, 0.92),
    ):
        d.ellipse(tuple(v * s for v in box), fill=c, outline=dark, width=_ol(s))
    d.ellipse((0.36 * s, 0.38 * s, 0.64 * s, 0.66 * s), fill=blend(c, WHITE, 0.4), outline=dark, width=_ol(s))


def _onion(d: Pen, s: float, c: RGB) -> None:
    d.polygon(
        [(0.5 * s, 0.08 * s), (0.25 * s, 0.55 * s), (0.75 * s, 0.55 * s)], fill=c, outline=FRAME, width=_ol(s)
    )
    d.ellipse((0.2 * s, 0.35 * s, 0.8 * s, 0.88 * s), fill=c, outline=FRAME, width=_ol(s))
    d.arc((0.32 * s, 0.38 * s, 0.68 * s, 0.86 * s), 100, 260, fill=blend(c, FRAME, 0.4), width=_ol(s))
    for dx in (-0.06, 0.0, 0.06):
        d.line((0.5 * s, 0.88 * s, (0.5 + dx) * s, 0.97 * s), fill=FRAME, width=_ol(s))


def _cabbage(d: Pen, s: float, c: RGB) -> None:
    dark = blend(c, FRAME, 0.35)
    d.ellipse(
        (0.06 * s, 0.16 * s, 0.94 * s, 0.94 * s), fill=blend(c, LEAF_DARK, 0.3), outline=FRAME, width=_ol(s)
    )
    d.ellipse(
        (0.18 * s, 0.24 * s, 0.82 * s, 0.88 * s), fill=blend(c, WHITE, 0.35), outline=dark, width=_ol(s)
    )
    for a in (200, 250, 290, 340):
        d.arc((0.26 * s, 0.32 * s, 0.74 * s, 0.8 * s), a, a + 30, fill=dark, width=_ol(s) + 1)
    d.line((0.5 * s, 0.3 * s, 0.5 * s, 0.82 * s), fill=dark, width=_ol(s))


def _pumpkin(d: Pen, s: float, c: RGB) -> None:
    d.rectangle((0.46 * s, 0.12 * s, 0.54 * s, 0.32 * s), fill=SOIL, outline=FRAME, width=_ol(s))
    dark = blend(c, FRAME, 0.3)
    for box in ((0.06, 0.28, 0.55, 0.9), (0.45, 0.28, 0.94, 0.9), (0.28, 0.26, 0.72, 0.92)):
        d.ellipse(tuple(v * s for v in box), fill=c, outline=dark, width=_ol(s))


def _tomato(d: Pen, s: float, c: RGB) -> None:
    d.ellipse((0.14 * s, 0.22 * s, 0.86 * s, 0.9 * s), fill=c, outline=FRAME, width=_ol(s))
    d.ellipse((0.28 * s, 0.34 * s, 0.42 * s, 0.48 * s), fill=blend(c, WHITE, 0.5))
    star = [
        (0.5, 0.18),
        (0.56, 0.3),
        (0.7, 0.28),
        (0.6, 0.36),
        (0.5, 0.42),
        (0.4, 0.36),
        (0.3, 0.28),
        (0.44, 0.3),
    ]
    d.polygon([(x * s, y * s) for x, y in star], fill=LEAF, outline=LEAF_DARK, width=_ol(s))


def _pod(d: Pen, s: float, c: RGB, cx: float, cy: float, radius: float, a0: float, a1: float) -> None:
    """A bean pod: a tapered crescent along an arc, with the beans showing through."""
    steps = 16
    outer, inner, middle = [], [], []
    for i in range(steps + 1):
        t = i / steps
        a = math.radians(a0 + (a1 - a0) * t)
        w = 0.17 * math.sin(math.pi * t) + 0.01
        outer.append(((cx + math.cos(a) * radius) * s, (cy + math.sin(a) * radius) * s))
        inner.append(((cx + math.cos(a) * (radius - w)) * s, (cy + math.sin(a) * (radius - w)) * s))
        middle.append((cx + math.cos(a) * (radius - w / 2), cy + math.sin(a) * (radius - w / 2)))
    d.polygon(outer + inner[::-1], fill=c, outline=LEAF_DARK, width=_ol(s))
    for x, y in middle[3:-3:3]:
        d.ellipse(((x - 0.03) * s, (y - 0.03) * s, (x + 0.03) * s, (y + 0.03) * s), fill=blend(c, WHITE, 0.3))


def _bean(d: Pen, s: float, c: RGB) -> None:
    d.line((0.2 * s, 0.08 * s, 0.85 * s, 0.08 * s), fill=LEAF_DARK, width=_ol(s) + 2)
    d.polygon([(0.62 * s, 0.08 * s), (0.9 * s, 0.0), (0.84 * s, 0.2 * s)], fill=LEAF, outline=LEAF_DARK)
    _pod(d, s, blend(c, LEAF_DARK, 0.25), 1.06, 0.5, 0.76, 148, 212)
    _pod(d, s, c, 1.3, 0.5, 0.76, 150, 210)


def _sunflower(d: Pen, s: float, c: RGB) -> None:
    cx, cy, r = 0.5 * s, 0.5 * s, 0.3 * s
    for i in range(12):
        a = i * math.pi / 6
        px, py = cx + math.cos(a) * r, cy + math.sin(a) * r
        d.ellipse(
            (px - 0.12 * s, py - 0.12 * s, px + 0.12 * s, py + 0.12 * s),
            fill=c,
            outline=blend(c, FRAME, 0.4),
            width=_ol(s),
        )
    d.ellipse(
        (cx - 0.2 * s, cy - 0.2 * s, cx + 0.2 * s, cy + 0.2 * s),
        fill=(110, 70, 30),
        outline=FRAME,
        width=_ol(s),
    )
    for dx, dy in ((-0.07, -0.05), (0.06, -0.07), (0.0, 0.05), (-0.06, 0.08), (0.08, 0.06)):
        d.ellipse(
            ((0.5 + dx - 0.02) * s, (0.5 + dy - 0.02) * s, (0.5 + dx + 0.02) * s, (0.5 + dy + 0.02) * s),
            fill=(70, 40, 20),
        )


def _strawberry(d: Pen, s: float, c: RGB) -> None:
    d.polygon(
        [(0.16 * s, 0.36 * s), (0.84 * s, 0.36 * s), (0.5 * s, 0.94 * s)], fill=c, outline=FRAME, width=_ol(s)
    )
    d.ellipse((0.16 * s, 0.24 * s, 0.84 * s, 0.62 * s), fill=c)
    for x, y in ((0.35, 0.45), (0.5, 0.5), (0.65, 0.45), (0.42, 0.62), (0.58, 0.62), (0.5, 0.76)):
        d.ellipse(((x - 0.02) * s, (y - 0.025) * s, (x + 0.02) * s, (y + 0.025) * s), fill=(250, 220, 90))
    star = [(0.3, 0.22), (0.5, 0.3), (0.7, 0.22), (0.6, 0.34), (0.5, 0.38), (0.4, 0.34)]
    d.polygon([(x * s, y * s) for x, y in star], fill=LEAF, outline=LEAF_DARK, width=_ol(s))
    d.line((0.5 * s, 0.3 * s, 0.54 * s, 0.12 * s), fill=LEAF_DARK, width=_ol(s) + 2)


def _legs(d: Pen, s: float, xs: tuple[float, ...], y0: float, y1: float, spread: float = 0.12) -> None:
    for x in xs:
        d.line(((x) * s, y0 * s, (x - spread) * s, y1 * s), fill=INK, width=_ol(s) + 1)
        d.line(((x) * s, y0 * s, (x + spread) * s, y1 * s), fill=INK, width=_ol(s) + 1)


def _ladybug(d: Pen, s: float, c: RGB) -> None:
    _legs(d, s, (0.4, 0.5, 0.6), 0.55, 0.88, 0.3)
    d.ellipse((0.36 * s, 0.1 * s, 0.64 * s, 0.36 * s), fill=INK)
    d.ellipse((0.16 * s, 0.24 * s, 0.84 * s, 0.92 * s), fill=c, outline=INK, width=_ol(s) + 1)
    d.line((0.5 * s, 0.26 * s, 0.5 * s, 0.92 * s), fill=INK, width=_ol(s) + 1)
    for x, y in ((0.33, 0.45), (0.67, 0.45), (0.3, 0.68), (0.7, 0.68), (0.42, 0.82), (0.58, 0.82)):
        d.ellipse(((x - 0.055) * s, (y - 0.055) * s, (x + 0.055) * s, (y + 0.055) * s), fill=INK)


def _bee(d: Pen, s: float, c: RGB) -> None:
    wing = (225, 240, 250)
    d.ellipse((0.26 * s, 0.06 * s, 0.56 * s, 0.46 * s), fill=wing, outline=INK, width=_ol(s))
    d.ellipse((0.46 * s, 0.06 * s, 0.76 * s, 0.46 * s), fill=wing, outline=INK, width=_ol(s))
    body = (0.12 * s, 0.34 * s, 0.88 * s, 0.82 * s)
    d.ellipse(body, fill=HONEY if c == COLOURS["Bee"] else c, outline=INK, width=_ol(s) + 1)
    for x in (0.36, 0.52, 0.68):
        d.line((x * s, 0.36 * s, x * s, 0.8 * s), fill=INK, width=int(s * 0.06))
    d.ellipse((0.04 * s, 0.46 * s, 0.22 * s, 0.66 * s), fill=INK)
    d.polygon([(0.88 * s, 0.55 * s), (0.98 * s, 0.58 * s), (0.88 * s, 0.62 * s)], fill=INK)


def _lacewing(d: Pen, s: float, c: RGB) -> None:
    wing = (210, 245, 220)
    for box in (
        (0.04, 0.2, 0.5, 0.5),
        (0.5, 0.2, 0.96, 0.5),
        (0.08, 0.46, 0.5, 0.74),
        (0.5, 0.46, 0.92, 0.74),
    ):
        d.ellipse(tuple(v * s for v in box), fill=wing, outline=blend(c, FRAME, 0.4), width=_ol(s))
    d.rounded_rectangle(
        (0.45 * s, 0.16 * s, 0.55 * s, 0.9 * s), radius=0.05 * s, fill=c, outline=FRAME, width=_ol(s)
    )
    d.line((0.48 * s, 0.16 * s, 0.36 * s, 0.02 * s), fill=INK, width=_ol(s))
    d.line((0.52 * s, 0.16 * s, 0.64 * s, 0.02 * s), fill=INK, width=_ol(s))


def _aphid(d: Pen, s: float, c: RGB) -> None:
    _legs(d, s, (0.4, 0.52, 0.64), 0.6, 0.9, 0.14)
    d.ellipse((0.2 * s, 0.3 * s, 0.8 * s, 0.82 * s), fill=c, outline=FRAME, width=_ol(s) + 1)
    d.ellipse((0.14 * s, 0.34 * s, 0.34 * s, 0.54 * s), fill=blend(c, FRAME, 0.3))
    d.line((0.2 * s, 0.38 * s, 0.06 * s, 0.12 * s), fill=INK, width=_ol(s))
    d.line((0.24 * s, 0.36 * s, 0.2 * s, 0.08 * s), fill=INK, width=_ol(s))


def _slug(d: Pen, s: float, c: RGB) -> None:
    d.rounded_rectangle(
        (0.06 * s, 0.5 * s, 0.94 * s, 0.8 * s), radius=0.15 * s, fill=c, outline=FRAME, width=_ol(s) + 1
    )
    d.ellipse(
        (0.5 * s, 0.36 * s, 0.92 * s, 0.72 * s), fill=blend(c, FRAME, 0.15), outline=FRAME, width=_ol(s)
    )
    for x in (0.72, 0.84):
        d.line((x * s, 0.42 * s, (x + 0.06) * s, 0.18 * s), fill=FRAME, width=_ol(s) + 1)
        d.ellipse(((x + 0.03) * s, 0.14 * s, (x + 0.1) * s, 0.21 * s), fill=INK)


def _caterpillar(d: Pen, s: float, c: RGB) -> None:
    for i, x in enumerate((0.12, 0.28, 0.44, 0.6)):
        y = 0.58 - (0.06 if i % 2 else 0)
        d.ellipse(
            ((x - 0.1) * s, (y - 0.12) * s, (x + 0.1) * s, (y + 0.12) * s),
            fill=c,
            outline=FRAME,
            width=_ol(s),
        )
    d.ellipse((0.62 * s, 0.28 * s, 0.92 * s, 0.62 * s), fill=blend(c, GOLD, 0.3), outline=FRAME, width=_ol(s))
    d.ellipse((0.76 * s, 0.38 * s, 0.82 * s, 0.44 * s), fill=INK)
    d.line((0.74 * s, 0.3 * s, 0.7 * s, 0.14 * s), fill=INK, width=_ol(s))
    d.line((0.84 * s, 0.3 * s, 0.9 * s, 0.14 * s), fill=INK, width=_ol(s))


def _bird(d: Pen, s: float, c: RGB) -> None:
    d.ellipse((0.1 * s, 0.36 * s, 0.72 * s, 0.84 * s), fill=c, outline=FRAME, width=_ol(s) + 1)
    d.ellipse((0.52 * s, 0.2 * s, 0.86 * s, 0.54 * s), fill=c, outline=FRAME, width=_ol(s) + 1)
    d.polygon([(0.84 * s, 0.32 * s), (0.98 * s, 0.38 * s), (0.84 * s, 0.44 * s)], fill=GOLD, outline=FRAME)
    d.ellipse((0.68 * s, 0.3 * s, 0.74 * s, 0.36 * s), fill=INK)
    d.pieslice((0.2 * s, 0.4 * s, 0.6 * s, 0.8 * s), 180, 300, fill=blend(c, FRAME, 0.3))
    d.polygon([(0.12 * s, 0.56 * s), (0.02 * s, 0.46 * s), (0.02 * s, 0.7 * s)], fill=c, outline=FRAME)


def _grasshopper(d: Pen, s: float, c: RGB) -> None:
    dark = blend(c, FRAME, 0.45)
    d.line((0.5 * s, 0.5 * s, 0.72 * s, 0.2 * s), fill=dark, width=int(s * 0.06))
    d.line((0.72 * s, 0.2 * s, 0.92 * s, 0.7 * s), fill=dark, width=int(s * 0.045))
    d.ellipse((0.08 * s, 0.42 * s, 0.74 * s, 0.66 * s), fill=c, outline=FRAME, width=_ol(s) + 1)
    d.ellipse((0.02 * s, 0.36 * s, 0.26 * s, 0.62 * s), fill=c, outline=FRAME, width=_ol(s) + 1)
    d.ellipse((0.08 * s, 0.42 * s, 0.14 * s, 0.48 * s), fill=INK)
    d.line((0.12 * s, 0.38 * s, 0.3 * s, 0.04 * s), fill=INK, width=_ol(s))
    d.line((0.3 * s, 0.62 * s, 0.24 * s, 0.86 * s), fill=INK, width=_ol(s) + 1)
    d.line((0.44 * s, 0.62 * s, 0.48 * s, 0.86 * s), fill=INK, width=_ol(s) + 1)


def _rose(d: Pen, s: float, c: RGB) -> None:
    d.polygon([(0.5 * s, 0.6 * s), (0.2 * s, 0.98 * s), (0.5 * s, 0.86 * s)], fill=LEAF, outline=LEAF_DARK)
    d.polygon([(0.5 * s, 0.6 * s), (0.8 * s, 0.98 * s), (0.5 * s, 0.86 * s)], fill=LEAF, outline=LEAF_DARK)
    dark = blend(c, FRAME, 0.35)
    d.ellipse((0.12 * s, 0.1 * s, 0.88 * s, 0.8 * s), fill=c, outline=dark, width=_ol(s) + 1)
    d.ellipse((0.24 * s, 0.2 * s, 0.76 * s, 0.7 * s), fill=blend(c, WHITE, 0.15), outline=dark, width=_ol(s))
    d.arc((0.32 * s, 0.28 * s, 0.68 * s, 0.62 * s), 30, 300, fill=dark, width=_ol(s) + 1)
    d.arc((0.42 * s, 0.36 * s, 0.6 * s, 0.54 * s), 200, 100, fill=dark, width=_ol(s) + 1)


def _hive(d: Pen, s: float, c: RGB) -> None:
    for i, (x0, x1) in enumerate(((0.3, 0.7), (0.2, 0.8), (0.12, 0.88), (0.16, 0.84))):
        y = 0.12 + i * 0.2
        d.rounded_rectangle(
            (x0 * s, y * s, x1 * s, (y + 0.22) * s), radius=0.1 * s, fill=c, outline=FRAME, width=_ol(s)
        )
    d.ellipse((0.42 * s, 0.66 * s, 0.58 * s, 0.82 * s), fill=INK)


def _seed(d: Pen, s: float, c: RGB) -> None:
    _leaves(d, s, 0.5, 0.36, 0.14)
    d.ellipse((0.22 * s, 0.3 * s, 0.78 * s, 0.9 * s), fill=c, outline=FRAME, width=_ol(s))


_ART: dict[str, Callable[[Pen, float, RGB], None]] = {
    "Carrot": _carrot,
    "Radish": _radish,
    "Turnip": _turnip,
    "Salsify": _salsify,
    "Lettuce": _lettuce,
    "Onion": _onion,
    "Cabbage": _cabbage,
    "Pumpkin": _pumpkin,
    "Ruta Baga": _ruta_baga,
    "Tomato": _tomato,
    "Bean": _bean,
    "Sunflower": _sunflower,
    "Strawberry": _strawberry,
    "Ladybug": _ladybug,
    "Bee": _bee,
    "Lacewing": _lacewing,
    "Aphid": _aphid,
    "Slug": _slug,
    "Caterpillar": _caterpillar,
    "Bird": _bird,
    "Grasshopper": _grasshopper,
    "Rose": _rose,
    "Hive": _hive,
}


@lru_cache(maxsize=512)
def icon(kind: str, size: int) -> Image.Image:
    """The kind's picture as an RGBA square `size` pixels wide (cached)."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    colour = HONEY if kind == "Hive" else colour_of(kind)
    _ART.get(kind, _seed)(ImageDraw.Draw(image), float(big), colour)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(target: Image.Image, kind: str, x: float, y: float, size: int) -> None:
    """Paste the kind's icon with its top-left corner at (x, y)."""
    picture = icon(kind, size)
    target.paste(picture, (round(x), round(y)), picture)
