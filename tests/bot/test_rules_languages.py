"""Issue 32: `/rules` in the reader's language. Each translated players' page keeps every section of
the English one, names every command as that language's command tree does, and pages within
Discord's limits; a game without a page in a language reads the English page, and the pseudo-locale
reads every English page marked and 40% longer, paged within the limits; the words the bot adds
around a page (the picker, the buttons, "(continued)") come from the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord import app_commands

from bot.basics.words import words_for
from bot.catalog_template import command_tree
from bot.game.registry import entries
from bot.presenters.rules_pages import (
    MIN_PAGE_CHARS,
    MOST_SCALE,
    PAGE_CHARS,
    page_titles,
    pages_like,
    reflow,
    split_pages,
)
from bot.ui.items import rules_view
from tests.fake_discord.language_check import proper_names, unmarked_words
from tests.fake_discord.limits import BUTTON_LABEL, EMBED_LIMITS, OPTION_TEXT, PLACEHOLDER

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
#: The games whose players' page is translated, by language: the game's name → its page's name.
TRANSLATED = {
    "fr": {
        "cabbagehead": "cabbagehead-players",
        "sabotage": "sabotage-players",
        "garden_party": "garden-party-players",
    }
}
PAGES = [(language, game) for language, games in TRANSLATED.items() for game in games]
#: A `#` or `##` heading line (`###` and deeper stay inside a section).
SECTION = re.compile(r"^(#{1,2}) (.+)$", re.MULTILINE)
CODE = re.compile(r"`([^`\n]+)`")


def page(game: str, language: str) -> str:
    return (RULES / f"{TRANSLATED[language][game]}.{language}.md").read_text(encoding="utf-8")


def english(game: str) -> str:
    return (RULES / f"{TRANSLATED['fr'][game]}.md").read_text(encoding="utf-8")


def pages_of(game: str, language: str) -> list[str]:
    """The pages exactly as `/rules` shows them to a reader of `language`."""
    presenter = entries()[game].presenter
    text, english = reflow(presenter.rules_text(language)), reflow(presenter.rules_text())
    return pages_like(text, english, words_for(language))


def tree_names(language: str) -> tuple[set[str], dict[str, set[str]], set[str]]:
    """The command tree as `language`'s players see it: the top-level commands, each command's
    subcommands, and every option name."""
    words = words_for(language)

    def said(name: str) -> str:
        return words.translated(name) or name

    tops: set[str] = set()
    subcommands: dict[str, set[str]] = {}
    options: set[str] = set()
    for command in command_tree().walk_commands():
        if command.parent is None:
            tops.add(said(command.name))
        else:
            subcommands.setdefault(said(command.parent.name), set()).add(said(command.name))
        if isinstance(command, app_commands.Command):
            options |= {said(parameter.display_name) for parameter in command.parameters}
    return tops, subcommands, options


@pytest.mark.parametrize(("language", "game"), PAGES)
def test_a_translated_page_keeps_every_section_of_the_english_in_order(language: str, game: str) -> None:
    """Same `#`/`##` headings, level by level, as the English page: a dropped or merged section
    fails. Each is translated, bar the game's title and the proper names the catalog keeps as
    printed (a Neighbour's name)."""
    theirs = SECTION.findall(english(game))
    ours = SECTION.findall(page(game, language))
    assert [level for level, _ in ours] == [level for level, _ in theirs]
    assert ours[0] == theirs[0]  # the title, as printed
    untranslated = {heading for _, heading in ours[1:]} & {heading for _, heading in theirs[1:]}
    assert {
        heading for heading in untranslated if words_for(language).translated(heading) != heading
    } == set()


@pytest.mark.parametrize(("language", "game"), PAGES)
def test_a_translated_page_says_as_much_as_the_english(language: str, game: str) -> None:
    """Each section about as long as its English (a translation runs 0.9 to 1.4 times longer),
    so a paragraph or a list item left out shows."""
    theirs = re.split(r"^#{1,2} .*$", english(game), flags=re.MULTILINE)
    ours = re.split(r"^#{1,2} .*$", page(game, language), flags=re.MULTILINE)
    for number, (a, b) in enumerate(zip(theirs, ours, strict=True)):
        if a.strip():
            assert 0.9 <= len(b) / len(a) <= 1.45, f"section {number}: {len(b)} characters for {len(a)}"
            assert b.count("\n- ") == a.count("\n- "), f"section {number}: list items"
            steps = re.compile(r"^\d+\. ", re.MULTILINE)
            assert len(steps.findall(b)) == len(steps.findall(a)), f"section {number}: numbered steps"


@pytest.mark.parametrize(("language", "game"), PAGES)
def test_every_command_and_option_a_page_names_is_in_its_languages_command_tree(
    language: str, game: str
) -> None:
    """`/jouer sabotage`, `/quitter ordinateur:`, `manches_saison`: what a French player types is
    what the French command tree offers, and no English-only name is left."""
    tops, subcommands, options = tree_names(language)
    named = CODE.findall(page(game, language))
    assert named, "the page names no command"
    for code in named:
        if code.startswith("/"):
            command, *rest = code[1:].split()
            assert command in tops, code
            for word in rest:
                if word.endswith(":"):
                    assert word[:-1] in options, code
                elif word != "…":
                    assert word in subcommands.get(command, set()), code
        else:
            assert code.removesuffix(":") in options, code
    english_only = (tree_names("en")[0] | tree_names("en")[2]) - tops - options
    assert not any(code.lstrip("/").split()[0].removesuffix(":") in english_only for code in named)


@pytest.mark.parametrize(("language", "game"), PAGES)
def test_a_translated_page_pages_within_discords_limits(language: str, game: str) -> None:
    """/rules shows it in pages of a sensible size, the first how to play in Discord, each named by
    its own heading in the picker (an option label: 100 characters), none only a heading."""
    pages = pages_of(game, language)
    titles = page_titles(pages, words_for(language))
    assert titles[0] == "1. Jouer sur Discord" and "/jouer" in pages[0]
    presenter = entries()[game].presenter
    longer = len(reflow(presenter.rules_text(language))) / len(reflow(presenter.rules_text()))
    assert 1 < longer < MOST_SCALE and EMBED_LIMITS["description"] >= PAGE_CHARS * MOST_SCALE
    for number, (text, title) in enumerate(zip(pages, titles, strict=True), start=1):
        assert MIN_PAGE_CHARS <= len(text) <= PAGE_CHARS * longer, f"page {number} has {len(text)} characters"
        assert any(line.strip() and not line.startswith("#") for line in text.splitlines())
        assert len(title) <= OPTION_TEXT
        assert "```" not in text and not any(line.lstrip().startswith("|") for line in text.splitlines())
    assert "Jouer sur Discord" not in "\n".join(pages_of(game, "en"))


@pytest.mark.parametrize(("language", "game"), PAGES)
def test_a_translated_page_breaks_where_the_english_does(language: str, game: str) -> None:
    """Page 5 holds the same sections in French as in English (a French and an English player at
    one table can point each other to it): as many pages, each starting at the same heading."""

    def starts(pages: list[str]) -> list[int]:
        """Each page's place in the text: how many `#`/`##` headings come before its first line."""
        found, seen = [], 0
        for text in pages:
            found.append(seen)
            seen += len(SECTION.findall(text))
        return found

    ours, theirs = pages_of(game, language), pages_of(game, "en")
    assert len(ours) == len(theirs)
    assert starts(ours) == starts(theirs)


def test_a_text_no_longer_than_its_english_pages_as_before() -> None:
    """The English, and a text as long, are paged exactly as split_pages does: English readers see
    the pages they always did."""
    for game in sorted(entries()):
        english = reflow(entries()[game].presenter.rules_text())
        assert pages_like(english, english) == split_pages(english)
    assert pages_like("short", "a much longer English text") == split_pages("short")


@pytest.mark.parametrize("game", sorted(entries()))
def test_without_a_page_in_its_language_a_reader_gets_the_english_page(game: str) -> None:
    """A language with no page of a game reads the English page as it is; English is unchanged."""
    presenter = entries()[game].presenter
    assert presenter.rules_text("en") == presenter.rules_text()
    if game not in TRANSLATED["fr"] and not (RULES / f"{game}-players.fr.md").exists():
        assert presenter.rules_text("fr") == presenter.rules_text()
    else:
        assert presenter.rules_text("fr") != presenter.rules_text()


def test_the_words_around_the_pages_are_the_readers() -> None:
    """The picker's placeholder, ◀ / ▶ and "(continued)" in French, and marked in the pseudo-locale;
    English unchanged."""
    titles = page_titles(["## Long\n\nText.", "More text."], words_for("fr"))
    assert titles == ["1. Long", "2. Long (suite)"]
    pseudo_titles = page_titles(["## Long\n\nText.", "More text."], words_for("x-pseudo"))
    assert pseudo_titles[0] == "1. Long" and pseudo_titles[1].startswith("2. ⟦Long (")
    for language, expected in (
        ("en", ["Go to a page", "◀ Previous", "Next ▶"]),
        ("fr", ["Aller à une page", "◀ Précédent", "Suivant ▶"]),
    ):
        view = rules_view("sabotage", 1, ["1. A", "2. B", "3. C"], words_for(language))
        assert view is not None
        menu_row, buttons_row = view.to_components()
        said = [menu_row["components"][0]["placeholder"], *[b["label"] for b in buttons_row["components"]]]
        assert said == expected
    view = rules_view("sabotage", 1, ["1. A", "2. B", "3. C"], words_for("x-pseudo"))
    assert view is not None
    menu_row, buttons_row = view.to_components()
    placeholder = menu_row["components"][0]["placeholder"]
    labels = [b["label"] for b in buttons_row["components"]]
    assert all(s.startswith("⟦") and s.endswith("⟧") for s in [placeholder, *labels])
    assert len(placeholder) <= PLACEHOLDER and all(len(label) <= BUTTON_LABEL for label in labels)


@pytest.mark.parametrize("game", sorted(entries()))
def test_the_pseudo_locale_reads_every_page_marked_longer_and_within_discords_limits(game: str) -> None:
    """Every word of every page is marked (none skipped the pseudo-locale) but the commands and
    options, kept as the command tree names them; the pages, about 40% longer than the English,
    keep within an embed's description and their picker's option labels."""
    pages = pages_of(game, "x-pseudo")
    english = pages_of(game, "en")
    assert len("".join(pages)) > 1.3 * len("".join(english))
    for number, (text, title) in enumerate(
        zip(pages, page_titles(pages, words_for("x-pseudo")), strict=True)
    ):
        bare = unmarked_words(CODE.sub(" ", text), proper_names())
        assert not bare, f"page {number + 1} of {game}: {bare[:10]}"
        assert len(text) <= EMBED_LIMITS["description"] and len(title) <= OPTION_TEXT
    commands = set(CODE.findall("\n".join(english)))
    assert commands and commands == set(CODE.findall("\n".join(pages)))  # `/play cabbagehead` as it is
