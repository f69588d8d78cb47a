"""The entry points: a game's name and a view in, a `RenderedImage` (PNG + alt text) out."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PIL import Image

from bot.pictures.art import COLOURS
from bot.pictures.canvas import to_png

_ART_COLOURS = tuple(COLOURS.values())
#: One drawing at a time: Pillow's font objects are shared by every picture and not meant for
#: concurrent use (drawing is CPU-bound anyway, so nothing is lost).
_DRAWING = threading.Lock()


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """A finished picture: PNG bytes, the alt text screen readers read, and its size in pixels."""

    png: bytes
    description: str
    width: int
    height: int
    #: The attachment's file name ("board.png", "hand.png").
    filename: str = "board.png"


def _module(game_name: str) -> ModuleType:
    """The game's pictures module, as its entry in `bot.game.registry` names it (KeyError: none)."""
    from bot.game.registry import entries  # the entries import every game's pictures module

    found = entries().get(game_name)
    if found is None or found.pictures is None:
        raise KeyError(f"{game_name!r} has no pictures")
    return found.pictures


def supports(game_name: str) -> bool:
    """Whether `game_name` has pictures (other games keep their text-only board)."""
    try:
        _module(game_name)
    except KeyError:
        return False
    return True


def _finish(image: Image.Image, description: str, filename: str) -> RenderedImage:
    return RenderedImage(to_png(image, _ART_COLOURS), description, image.width, image.height, filename)


def render_board(game_name: str, view: Any, names: list[str] | None = None) -> RenderedImage:
    """The public board, from the spectator view (`game.view(state, None)`).

    `names[seat]` is each seat's display name (default "Seat N" / "Player N")."""
    module = _module(game_name)
    shown = list(names or [])
    with _DRAWING:
        return _finish(module.board_image(view, shown), module.board_description(view, shown), "board.png")


def render_hand(game_name: str, view: Any, seat: int, names: list[str] | None = None) -> RenderedImage:
    """Seat `seat`'s private picture, from that seat's own view (`game.view(state, seat)`)."""
    module = _module(game_name)
    shown = list(names or [])
    with _DRAWING:
        return _finish(
            module.hand_image(view, seat, shown), module.hand_description(view, seat, shown), "hand.png"
        )


def board_summary(game_name: str, view: Any, names: list[str] | None = None) -> str:
    """One short line that keeps the game readable without the picture (scores, whose move)."""
    text: str = _module(game_name).summary(view, list(names or []))
    return text
