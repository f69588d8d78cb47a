"""What the pictures-in-a-language tests share (issue 32): a game's sample positions as each seat
and the spectator see them, the check that a picture drawn in a language keeps every text whole
and inside the picture (and, `legible`, clear of the others), and the texts as they were said
(`said_texts`), for checking their language."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from PIL import Image

from bot.basics.words import Words
from bot.pictures import canvas as cv
from bot.pictures.samples import POSITIONS, played

LANGUAGES = ("fr", "x-pseudo")


def sample_views(game: str) -> list[tuple[str, Any, int | None]]:
    """(label, view, seat) of every sample position of `game`: the board (seat None), each seat."""
    out: list[tuple[str, Any, int | None]] = []
    for label, game_name, seats, seed, moves, options in POSITIONS:
        if game_name != game:
            continue
        rules, state = played(game_name, seats, seed, moves, **options)
        out.append((f"{label}: board", rules.view(state, None), None))
        out += [(f"{label}: seat {seat + 1}", rules.view(state, seat), seat) for seat in range(seats)]
    return out


def drawn_whole(
    pictures: ModuleType, view: Any, seat: int | None, names: list[str], words: Words
) -> tuple[Image.Image, Any]:
    """The board (seat None) or the seat's hand drawn in `words`' language, once every text it
    drew is checked whole (not cut) and inside the picture; the image and the drawing's record."""
    with cv.recording() as record:
        image = (
            pictures.board_image(view, names, words)
            if seat is None
            else pictures.hand_image(view, seat, names, words)
        )
    for text in record.texts:
        assert not text.cut, f"{text.text!r} runs past the edge of what it is drawn on"
        x0, y0, x1, y1 = text.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, text.text
    return image, record


def described(pictures: ModuleType, view: Any, seat: int | None, names: list[str], words: Words) -> str:
    """The alt text of the board (seat None) or of the seat's hand, in `words`' language."""
    if seat is None:
        return str(pictures.board_description(view, names, words))
    return str(pictures.hand_description(view, seat, names, words))


@contextmanager
def said_texts() -> Iterator[list[str]]:
    """Every text drawn inside the block as it was said, before the font's `printable` (which
    draws a character the font lacks plain, or leaves it out): the words a language check reads."""
    said: list[str] = []
    draw = cv.draw_text
    mine = threading.get_ident()  # not a picture the bot draws meanwhile in another thread

    def noted(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> int:
        if threading.get_ident() == mine:
            said.append(text)
        return draw(image, xy, text, *args, **kwargs)

    cv.draw_text = noted
    try:
        yield said
    finally:
        cv.draw_text = draw


def overlap(a: cv.Box, b: cv.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def legible(image: Image.Image, record: cv.Recording) -> None:
    """Every text drawn is readable where it ended: no text runs into another, none is covered by
    something drawn later (a neighbour that grew), each at least 4.5:1 against what is behind it."""
    texts = record.texts
    for i, a in enumerate(texts):
        # A bold line's glyphs reach a pixel or two into the line under it: not running into it.
        inner = (a.box[0] + 2, a.box[1] + 2, a.box[2] - 2, a.box[3] - 2)
        crossed = [b.text for b in texts[i + 1 :] if overlap(inner, b.box)]
        assert not crossed, (a.text, crossed)
    rgb = image.convert("RGB")
    for t in texts:
        assert t.background is not None and cv.contrast(t.fill, t.background) >= cv.MIN_CONTRAST, t
        inked = [i for i, m in enumerate(cv._text_mask(t.text, t.size, t.bold).tobytes()) if m == 255]
        pixels = cv.pixels(rgb.crop(t.box))
        showing = sum(1 for i in inked if pixels[i] == t.fill)
        assert showing >= 0.9 * len(inked), f"{t.text!r} is drawn over by something drawn later"
