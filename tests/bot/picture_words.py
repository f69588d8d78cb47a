"""What the pictures-in-a-language tests share (issue 32): a game's sample positions as each seat
and the spectator see them, and the check that a picture drawn in a language keeps every text
whole and inside the picture."""

from __future__ import annotations

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
