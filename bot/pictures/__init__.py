"""Board pictures: PNG images of a game drawn from an engine view, with alt text and a summary.

    image = render_board("cabbagehead", GAME.view(state, None), names=["Ann", "Bob"])
    image.png, image.description, image.width, image.height

(`render_board`, `render_hand`, `board_summary`: bot/picture_service/drawing.py, which finds a
game's pictures module in the registry.) Pure drawing (Pillow only), so it runs in a worker thread.
Only views are ever drawn: the board from the spectator view, a hand from its owner's view, so a
picture cannot show what its view does not hold. When to draw, and the cache of finished pictures,
belong to `bot.picture_service`.
"""

from __future__ import annotations

from bot.pictures.image import RenderedImage

__all__ = ["RenderedImage"]
