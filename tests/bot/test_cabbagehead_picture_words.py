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
from bot.pictures.text import ALT_MAX
from bot.presenters.engine_words import value
from tests.bot.picture_words import LANGUAGES, described, drawn_whole, sample_views

NAMES = ["Ann", "Bob"]
SAMPLES = sample_views("cabbagehead")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("label", "view", "seat"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_a_picture_in_another_language_keeps_every_text_whole(
    language: str, label: str, view: Any, seat: int | None
) -> None:
    words = words_for(language)
    names = NAMES[: len(view.gardens)]
    _image, record = drawn_whole(pictures, view, seat, names, words)
    for card in record.cards:
        inside = [t for t in record.texts if t.tag == "name" and cv_overlap(t.box, card.box)]
        for t in inside:
            assert card.box[0] <= t.box[0] and t.box[2] <= card.box[2], (card.name, t.text)
        said = value(words, card.name)
        shown = " ".join(t.text for t in inside)
        if shown and card.name != "Rose":
            assert shown.rstrip("…") and cv.printable(str(said)).startswith(shown.rstrip("…")), (card, shown)
    alt = described(pictures, view, seat, names, words)
    assert 0 < len(alt) <= ALT_MAX
    if language == "fr":
        assert "Rangée tirée" in alt or view.game_over, alt
    else:
        assert alt.startswith("⟦"), alt


def cv_overlap(a: cv.Box, b: cv.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
