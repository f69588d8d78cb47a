"""Board pictures: PNG images of a game drawn from an engine view, with alt text and a summary.

    image = render_board("cabbagehead", GAME.view(state, None), names=["Ann", "Bob"])
    image.png, image.description, image.width, image.height

Pure and synchronous (Pillow only), so it runs in a worker thread; `PictureCache` keeps finished
pictures by (game id, state version, viewer) and `PictureCache.get` draws each key at most once,
off the event loop. Only views are ever drawn: the board from the spectator view, a hand from its
owner's view, so a picture cannot show what its view does not hold.
"""

from __future__ import annotations

from bot.pictures.cache import PictureCache, PictureKey
from bot.pictures.render import (
    RenderedImage,
    board_summary,
    render_board,
    render_board_async,
    render_hand,
    render_hand_async,
    supports,
)

__all__ = [
    "PictureCache",
    "PictureKey",
    "RenderedImage",
    "board_summary",
    "render_board",
    "render_board_async",
    "render_hand",
    "render_hand_async",
    "supports",
]
