"""Issue 32: Garden Sabotage's pictures drawn in French and in the pseudo-locale (about 40% longer)
keep every text whole and inside what it is drawn on, and the alt text stays within Discord's
1,024 characters, wholly in the language (no word of the pseudo-locale's alt text unmarked).
A seat's score says "0 point" in French."""

from __future__ import annotations

from typing import Any

import pytest

from bot.basics.words import words_for
from bot.pictures import sabotage as pictures
from bot.pictures.text import ALT_MAX
from tests.bot.picture_words import LANGUAGES, described, drawn_whole, sample_views
from tests.fake_discord.language_check import proper_names, unmarked_words

NAMES = ["Ann", "Bob", "Cy", "Di"]
SAMPLES = sample_views("sabotage")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("label", "view", "seat"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_a_picture_in_another_language_keeps_every_text_whole(
    language: str, label: str, view: Any, seat: int | None
) -> None:
    words = words_for(language)
    names = NAMES[: len(view.seats)]
    drawn_whole(pictures, view, seat, names, words)
    alt = described(pictures, view, seat, names, words)
    assert 0 < len(alt) <= ALT_MAX
    if language == "fr":
        assert ("Manche" if seat is None else "Votre main") in alt, alt
        assert "hand " not in alt and " 0 points" not in alt  # French: "main :", "0 point"
    else:
        assert alt.startswith("⟦"), alt
        assert unmarked_words(alt, proper_names() | set(names)) == [], alt
