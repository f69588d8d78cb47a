"""A finished picture: PNG bytes with its alt text and size, made from a drawn image."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.pictures.art import COLOURS
from bot.pictures.canvas import to_png

_ART_COLOURS = tuple(COLOURS.values())


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """A finished picture: PNG bytes, the alt text screen readers read, and its size in pixels."""

    png: bytes
    description: str
    width: int
    height: int
    #: The attachment's file name ("board.png", "hand.png").
    filename: str = "board.png"


def finished(image: Image.Image, description: str, filename: str) -> RenderedImage:
    """`image` as a PNG in the art's colours, with its alt text."""
    return RenderedImage(to_png(image, _ART_COLOURS), description, image.width, image.height, filename)
