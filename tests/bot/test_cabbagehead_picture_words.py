"""Issue 32: Mr. Cabbagehead's Garden's pictures drawn in French and in the pseudo-locale (about
40% longer) keep every text whole and inside what it is drawn on, each card shows its name in the
language, and the alt text stays within Discord's 1,024 characters, in the language.

The pictures' built-in font has no accented letters (`canvas.printable`: "Rangée" is drawn
"Rangee"); the alt text, read by screen readers, keeps them.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.basics.words import words_for
from bot.pictures import cabbagehead as pictures
from bot.pictures import canvas as cv
from bot.pictures.samples import POSITIONS, played
from bot.pictures.text import ALT_MAX
from bot.presenters.engine_words import value

NAMES = ["Ann", "Bob"]
LANGUAGES = ("fr", "x-pseudo")


def _samples() -> list[tuple[str, Any, int | None]]:
    out: list[tuple[str, Any, int | None]] = []
    for label, game_name, seats, seed, moves, options in POSITIONS:
        if game_name != "cabbagehead":
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
    names = NAMES[: len(view.gardens)]
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
    for card in record.cards:
        inside = [t for t in record.texts if t.tag == "name" and cv_overlap(t.box, card.box)]
        for t in inside:
            assert card.box[0] <= t.box[0] and t.box[2] <= card.box[2], (card.name, t.text)
        said = value(words, card.name)
        shown = " ".join(t.text for t in inside)
        if shown and card.name != "Rose":
            assert shown.rstrip("…") and cv.printable(str(said)).startswith(shown.rstrip("…")), (card, shown)
    alt = (
        pictures.board_description(view, names, words)
        if seat is None
        else pictures.hand_description(view, seat, names, words)
    )
    assert 0 < len(alt) <= ALT_MAX
    if language == "fr":
        assert "Rangée tirée" in alt or view.game_over, alt
    else:
        assert alt.startswith("⟦"), alt


def cv_overlap(a: cv.Box, b: cv.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
