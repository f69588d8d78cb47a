"""Issue 32: Garden Party's pictures drawn in French and in the pseudo-locale (about 40% longer).

Every sample position (choosing gardeners, turns, a duel and Attila's roll, a card to keep, a
cancellation to pay, the end's pink cards, finished games; 3 to 6 players), as the board and as
each seat's hand: every drawn text is in the language (French: the glossary's words, none only
the English says; the pseudo-locale: no word outside the catalogs' ⟦…⟧ marks), whole (never cut
short with "…" nor past the edge of what it is drawn on), clear of the others and readable; a
longer word breaks onto another line and its square, pot or card grows to hold it. The alt text
stays within Discord's 1,024 characters, in the language.

Drawn words are compared with `canvas.printable` of the French, as the font draws them (a
character it lacks drawn plain or left out); the alt text, read by screen readers, keeps every one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.basics.words import Words, words_for
from bot.pictures import canvas as cv
from bot.pictures import garden_party as pictures
from bot.pictures.samples import played
from bot.pictures.text import ALT_MAX
from bot.presenters.garden_party_text import engine_said
from tests.bot.picture_words import LANGUAGES, described, drawn_whole, legible, said_texts, sample_views
from tests.fake_discord.language_check import proper_names, unmarked_words

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"]
#: Phases the picture samples (bot/pictures/samples.py) do not reach: (label, seats, seed, moves,
#: the phase the game is in), played by the same seeded computer players.
PHASES = (
    ("garden party duel", 3, 1, 167, "duel"),
    ("garden party attila", 4, 1, 240, "attila"),
    ("garden party keep", 6, 1, 39, "keep"),
    ("garden party pay", 4, 3, 193, "pay"),
    ("garden party end", 5, 1, 938, "end"),
)


def _samples() -> list[tuple[str, Any, int | None]]:
    out = sample_views("garden_party")
    for label, seats, seed, moves, phase in PHASES:
        rules, state = played("garden_party", seats, seed, moves)
        assert state.phase == phase, (label, state.phase)
        out.append((f"{label}: board", rules.view(state, None), None))
        out += [(f"{label}: seat {seat + 1}", rules.view(state, seat), seat) for seat in range(seats)]
    return out


SAMPLES = _samples()

#: The glossary's words (docs/rules/garden-party-glossary-fr.md) for what the pictures label.
FRENCH_SQUARES = {"serre", "pelouse", "allée", "case centrale"}
FRENCH_STAGES = {"graine", "pousse", "bouton", "fleur", "Mauvaise herbe", "vide"}
#: A seed its owner looked at shows its token: a colour, "Moisie" (mouldy) or "Mauvaise herbe".
FRENCH_COLOURS = {"Vert", "Jaune", "Rouge", "Orange", "Violet", "Blanc", "Bleu", "Moisie", "Mauvaise herbe"}
FRENCH_TIMINGS = ("Bleue · ", "Orange · ", "Mauve · ", "Rose · ", "Carte Chance")
#: Words only the English pictures say, never a French one.
ENGLISH_ONLY = re.compile(
    r"\b(?:the|and|of|in|your|Your|lawn|greenhouse|pavement|square|estate|seed|sprout|bud|flower|"
    r"flowering|water|cards?|hand|decks?|golden|objects?|left|empty|nothing|found|turn|game|Weed)\b"
)


def _lines(record: cv.Recording, tag: str) -> list[str]:
    """The words of each text of `tag`, a text broken onto more lines joined again: lines drawn
    one under the other at the same middle ("Mauvai-", "se", "herbe": "Mauvaise herbe")."""
    found: list[str] = []
    last: cv.Box | None = None
    for t in record.texts:
        if t.tag != tag:
            continue
        middle = (t.box[0] + t.box[2]) / 2
        below = (
            last is not None and abs((last[0] + last[2]) / 2 - middle) <= 1 and 0 < t.box[1] - last[1] < 40
        )
        if below and found:
            found[-1] = found[-1][:-1] + t.text if found[-1].endswith("-") else f"{found[-1]} {t.text}"
        else:
            found.append(t.text)
        last = t.box
    return found


def _printable(words: set[str]) -> set[str]:
    return {cv.printable(w) for w in words}


def _french_labels(record: cv.Recording, words: Words) -> None:
    """The squares, pots and cards say the glossary's words and the catalogs' names."""
    squares = [t.text for t in record.texts if t.tag == "square"]
    assert set(squares) <= _printable(FRENCH_SQUARES), squares
    stages = _lines(record, "stage")
    assert stages and set(stages) <= _printable(FRENCH_STAGES), stages
    assert set(_lines(record, "colour")) <= _printable(FRENCH_COLOURS)
    for card in [c for c in record.cards if c.place == "hand"]:
        inside = [t for t in record.texts if t.tag == "name" and card.box[1] <= t.box[1] < card.box[3]]
        inside = [t for t in inside if card.box[0] <= t.box[0] < card.box[2]]
        assert " ".join(t.text for t in inside) == cv.printable(engine_said(words, card.name)), card
    timings = [t.text for t in record.texts if t.tag == "timing"]
    assert all(t.startswith(tuple(cv.printable(w) for w in FRENCH_TIMINGS)) for t in timings), timings


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("label", "view", "seat"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_a_picture_in_another_language_says_every_text_whole_in_it(
    language: str, label: str, view: Any, seat: int | None
) -> None:
    words = words_for(language)
    names = NAMES[: len(view.seats)]
    with said_texts() as said:
        image, record = drawn_whole(pictures, view, seat, names, words)
    legible(image, record)
    # What was said is what was drawn (a tile drawn once may be pasted more than once).
    assert said and {t.text for t in record.texts} == {cv.printable(s) for s in said}
    assert not [s for s in said if "…" in s], "no text cut short"
    allowed = {*names, *proper_names()}
    if language == "fr":
        english = [s for s in said if ENGLISH_ONLY.search(s)]
        assert not english, english
        _french_labels(record, words)
    else:
        assert unmarked_words(" ".join(said), allowed) == [], said
    alt = described(pictures, view, seat, names, words)
    assert 0 < len(alt) <= ALT_MAX
    if language == "fr":
        assert alt.startswith(
            ("Plateau de Garden Party.", "Garden Party, le plateau final.", "Votre main,")
        ), alt
        assert not ENGLISH_ONLY.search(alt), alt
    else:
        assert unmarked_words(alt, allowed) == [], alt
