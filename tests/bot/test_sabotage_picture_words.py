"""Issue 32: Garden Sabotage's pictures drawn in French and in the pseudo-locale (about 40% longer)
keep every text whole and inside what it is drawn on, and the alt text stays within Discord's
1,024 characters, in the language (the pictures' font has no accents: `canvas.printable`)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.basics.words import words_for
from bot.pictures import canvas as cv
from bot.pictures import sabotage as pictures
from bot.pictures.samples import POSITIONS, played
from bot.pictures.text import ALT_MAX

NAMES = ["Ann", "Bob", "Cy", "Di"]
LANGUAGES = ("fr", "x-pseudo")


def _samples() -> list[tuple[str, Any, int | None]]:
    out: list[tuple[str, Any, int | None]] = []
    for label, game_name, seats, seed, moves, options in POSITIONS:
        if game_name != "sabotage":
            continue
        game, state = played(game_name, seats, seed, moves, **options)
        out.append((f"{label}: board", game.view(state, None), None))
        out += [(f"{label}: seat {seat + 1}", game.view(state, seat), seat) for seat in range(seats)]
    return out


SAMPLES = _samples()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("label", "view", "seat"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_a_picture_in_another_language_keeps_every_text_whole(
    language: str, label: str, view: Any, seat: int | None
) -> None:
    words = words_for(language)
    names = NAMES[: len(view.seats)]
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
    alt = (
        pictures.board_description(view, names, words)
        if seat is None
        else pictures.hand_description(view, seat, names, words)
    )
    assert 0 < len(alt) <= ALT_MAX
    if language == "fr":
        assert ("Manche" if seat is None else "Votre main") in alt, alt
    else:
        assert alt.startswith("⟦"), alt
