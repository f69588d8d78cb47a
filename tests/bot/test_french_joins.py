"""French joins a name to the words before it the way French does (issue 32): "d’Alice", not
"de Alice" — a catalog entry cannot, since the name is only known once it is filled in. Engine
lines read back in French elide too (tests/bot/test_engine_words.py, test_sabotage_words.py)."""

from __future__ import annotations

from bot.basics.words import elided, words_for

FRENCH = words_for("fr")


def test_de_and_que_elide_before_a_name_that_starts_with_a_vowel() -> None:
    assert elided("la place de {names}", {"names": "Alice"}) == "la place d’{names}"
    assert (
        elided("plus {what} que {player}", {"what": "x", "player": "**Émile**"}) == "plus {what} qu’{player}"
    )
    assert elided("De {player} à {rival}", {"player": "Olga", "rival": "Ada"}) == "D’{player} à {rival}"


def test_no_elision_before_a_consonant_an_h_or_a_number() -> None:
    for value in ("Bob", "Hugo", "8", "<@12>", "A1"):
        assert elided("la place de {names}", {"names": value}) == "la place de {names}"


def test_filled_catalog_entries_elide() -> None:
    """The final message's reason a game did not count, and a plural's form, filled in French."""
    assert FRENCH.text("a computer took over {names}'s seat", names="Eve") == (
        "un ordinateur a pris la place d’Eve"
    )
    assert FRENCH.text("a computer took over {names}'s seat", names="Zoë") == (
        "un ordinateur a pris la place de Zoë"
    )
