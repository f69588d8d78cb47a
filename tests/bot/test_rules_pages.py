"""`/rules` for players at the table ("The players' table, polished"): every game's rules pages
come from its players' text, start with how to play in Discord, are a sensible size, carry no
developer notes and no Markdown tables, and are named for the page picker; `/help` names the games."""

from __future__ import annotations

import re

import pytest

from bot.basics.words import words_for
from bot.game.registry import entries
from bot.handlers.help_words import help_text
from bot.presenters.rules_pages import MIN_PAGE_CHARS, PAGE_CHARS, page_titles, reflow, split_pages
from bot.ui.id_parsing import page_number, parse
from bot.ui.ids import RulesId, RulesMenuId
from bot.ui.items import rules_view

GAMES = sorted(entries())
#: Words that belong to the developers' documents, never to a page players read.
DEVELOPER_WORDS = re.compile(r"test_|\.py\b|\.json\b|\.md\b|ruling|engine/|docs/|data file", re.IGNORECASE)


def pages_of(game: str) -> list[str]:
    """The pages exactly as `/rules` shows them."""
    return split_pages(reflow(entries()[game].presenter.rules_text()))


@pytest.mark.parametrize("game", GAMES)
def test_the_first_page_is_playing_in_discord(game: str) -> None:
    pages = pages_of(game)
    assert page_titles(pages)[0] == "1. Playing in Discord"
    assert "## Playing in Discord" in pages[0] and "/play" in pages[0]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_is_a_sensible_size_and_never_only_a_heading(game: str) -> None:
    pages = pages_of(game)
    for number, page in enumerate(pages, start=1):
        assert MIN_PAGE_CHARS <= len(page) <= PAGE_CHARS, f"page {number} has {len(page)} characters"
        prose = [line for line in page.splitlines() if line.strip() and not line.startswith("#")]
        assert prose, f"page {number} is only headings"


@pytest.mark.parametrize("game", GAMES)
def test_no_page_holds_developer_notes_or_tables(game: str) -> None:
    for number, page in enumerate(pages_of(game), start=1):
        found = DEVELOPER_WORDS.search(page)
        assert found is None, f"page {number} says {found.group()!r}"
        assert not any(line.lstrip().startswith("|") for line in page.splitlines()), f"table on page {number}"
        assert "```" not in page


@pytest.mark.parametrize("game", ["cabbagehead", "sabotage"])
def test_the_garden_games_go_from_discord_to_the_rules_to_the_variants(game: str) -> None:
    titles = [title.partition(". ")[2] for title in page_titles(pages_of(game))]
    assert titles[:2] == ["Playing in Discord", "Turns, clocks and computer players"]
    expected = {
        "cabbagehead": ["Setting up (one player)", "Two players", "Evaluation", "Grasshoppers"],
        "sabotage": ["Setting up", "Your turn: three actions", "The end of the game"],
    }[game]
    assert [t for t in titles if t in expected] == expected
    everything = "\n".join(pages_of(game))
    variants = everything.index("# Variants" if game == "sabotage" else "# Expansions")
    assert variants > everything.index("Evaluation" if game == "cabbagehead" else "The end of the game")


def test_the_players_texts_say_what_the_rulings_decided() -> None:
    """The rulings that matter at the table, restated in plain words."""
    cabbagehead = "\n".join(pages_of("cabbagehead"))
    for words in (
        "nobody visits",
        "share the win",
        "a Carrot beside a Carrot does not count",
        "never more than 1 less",
        "6 columns by 3 rows",
        "turn clock",
        "I'm back",
        "/leave",
    ):
        assert words in cabbagehead, words
    sabotage = "\n".join(pages_of("sabotage"))
    for words in (
        "most recently planted",
        "Pesticide needs no card",
        "share the win",
        "round 30",
        "house plants",
        "Release the Bird",
        "whole turn",
    ):
        assert words in sabotage, words


def test_the_garden_party_pages_say_what_its_rulings_decided_reading_or_design() -> None:
    """Issue 28: the players' rules (and so `/rules`) say the same as docs/rules/garden-party.md,
    each choice as a reading or a design: the duel for a greenhouse entered (ruling 8), weeds
    never leaving play (ruling 10), the equal start with the balancing start a variant (ruling 31),
    orange cards at any time (ruling 32), 4 movement points in the example (ruling 33) and the
    tournament's close kept for a table that cannot end (ruling 21)."""
    party = "\n".join(pages_of("garden_party"))
    for words in (
        "Our reading",
        "Our design",
        "you entered during your turn",
        "never leaves play except by an exchange",
        "empty watering can",
        "balancing start",
        "any moment of a competitor's",
        "4 movement points left",
        "no greenhouse can ever be",
    ):
        assert words in party, words


def test_pages_break_at_sections_and_merge_short_ones() -> None:
    text = (
        "# Title\n\nAn introduction.\n\n## First\n\n"
        + ("one " * 200).strip()
        + "\n\n## Tiny\n\nA line.\n\n## Second\n\n"
        + ("two " * 200).strip()
    )
    pages = split_pages(text)
    assert len(pages) == 2
    assert pages[0].startswith("# Title") and "## First" in pages[0]  # the title stays with page 1
    assert pages[1].startswith("## Tiny") and "## Second" in pages[1]  # the short section is merged
    assert page_titles(pages) == ["1. First", "2. Tiny"]


def test_a_long_section_is_cut_into_even_pages_and_a_heading_never_ends_one() -> None:
    paragraphs = "\n\n".join(f"Paragraph {i}. " + "word " * 60 for i in range(12))
    text = f"## Long\n\n{paragraphs}\n\n## Next\n\n" + "more " * 200
    pages = split_pages(text)
    assert all(len(p) <= PAGE_CHARS for p in pages)
    assert not any(p.rstrip().splitlines()[-1].startswith("#") for p in pages)
    sizes = [len(p) for p in pages if "## Next" not in p]
    assert max(sizes) - min(sizes) < 600, sizes  # about the same size, not a full page and a scrap
    assert page_titles(pages)[1] == "2. Long (continued)"


def test_the_picker_lists_every_page_by_its_title_with_previous_and_next() -> None:
    titles = page_titles(pages_of("cabbagehead"))
    view = rules_view("cabbagehead", 2, titles, words_for("en"))
    assert view is not None
    menu_row, buttons_row = view.to_components()
    [menu] = menu_row["components"]
    assert parse(menu["custom_id"]) == RulesMenuId("cabbagehead")
    assert [o["label"] for o in menu["options"]] == titles
    assert [o["value"] for o in menu["options"] if o["default"]] == ["2"]
    assert [parse(b["custom_id"]) for b in buttons_row["components"]] == [
        RulesId("cabbagehead", 1),
        RulesId("cabbagehead", 3),
    ]
    assert [b["label"] for b in buttons_row["components"]] == ["◀ Previous", "Next ▶"]
    assert rules_view("cabbagehead", 0, ["1. Only page"], words_for("en")) is None


def test_a_long_rules_text_picker_offers_the_25_pages_around_the_current_one() -> None:
    titles = [f"{n}. Section" for n in range(1, 41)]
    view = rules_view("sabotage", 30, titles, words_for("en"))
    assert view is not None
    options = view.to_components()[0]["components"][0]["options"]
    values = [int(o["value"]) for o in options]
    assert len(values) == 25 and 30 in values and values == list(range(values[0], values[0] + 25))


def test_page_picker_ids_and_values_parse_strictly() -> None:
    assert parse("gc:rules:cabbagehead") == RulesMenuId("cabbagehead")
    assert parse("gc:rules:Cabbage Head") is None and parse("gc:rules:") is None
    assert page_number("3") == 3 and page_number("03") is None and page_number("-1") is None
    assert page_number("1000") is None


#: Each game's `/play` subcommand (what commands.register_commands reads from the tree).
COMMANDS = {name: entry.presenter.play_command(None).name for name, entry in entries().items()}  # type: ignore[arg-type]


def test_help_names_each_game_offered_with_one_line() -> None:
    offered = [e for e in entries().values() if not e.test_only]
    english = words_for("en")
    text = help_text(offered, english, COMMANDS)
    assert "• **Mr. Cabbagehead's Garden** — 1–2 players:" in text
    assert "• **Garden Sabotage** — 2–4 players:" in text
    assert "• **Garden Party** — 3–6 players:" in text
    assert "Secret Numbers" not in text and "Objection" not in text
    assert len([line for line in text.splitlines() if line.startswith("• ")]) == 3
    with_tests = help_text(entries().values(), english, COMMANDS)
    assert (
        "• **Secret Numbers** — 2 players:" in with_tests and "• **Objection!** — 2–4 players:" in with_tests
    )
    assert len(with_tests) <= 4000  # one text display
    assert "`/play secret-numbers`" in with_tests and "`/play garden-party`" in with_tests


def test_help_in_french_names_the_commands_as_french_players_see_them() -> None:
    """Issue 32: /help in the asker's language, every command named as the French tree shows it,
    the players counted the French way, within one message."""
    french = help_text(entries().values(), words_for("fr"), COMMANDS)
    assert "`/jouer <jeu>`" in french and "`/main`" in french and "`/réglages`" in french
    assert "`/jouer nombres-secrets`" in french and "/play" not in french
    assert "— 1–2 joueurs" in french and "— 2 joueurs" in french
    assert len(french) <= 4000  # one text display (bot/handlers/commands.py)
    pseudo = help_text(entries().values(), words_for("x-pseudo"), COMMANDS)
    assert len(pseudo) <= 4000
    assert all("⟦" in line for line in pseudo.splitlines() if line and not line.startswith("•"))
