"""Rendering helpers (issue 5, "Playing"): names instead of seat numbers, limits kept."""

from __future__ import annotations

from bot.render import with_names
from bot.rules_pages import reflow, split_pages


def test_log_lines_name_players_instead_of_seat_numbers() -> None:
    names = ["Alice", "Bob"]
    assert with_names("Seat 1 passes the Lettuce to Seat 2.", names) == "Alice passes the Lettuce to Bob."
    assert with_names("Seat 2's row: left Carrot", names) == "Bob's row: left Carrot"
    assert (
        with_names("Seat 3 is not at this table; Seats 1 stays", names)
        == "Seat 3 is not at this table; Seats 1 stays"
    )


def test_rules_pages_fit_an_embed_and_keep_every_word() -> None:
    text = "# Title\n\n" + "\n\n".join(f"## Section {i}\n\n" + ("word " * 150).strip() for i in range(12))
    pages = split_pages(text)
    assert len(pages) > 1 and all(len(p) <= 1800 for p in pages)
    assert " ".join(" ".join(pages).split()) == " ".join(text.split())
    huge = split_pages("x" * 5000)
    assert all(len(p) <= 1800 for p in huge) and "".join(huge) == "x" * 5000


def test_rules_text_is_reflowed_for_discord_but_lists_and_tables_keep_their_lines() -> None:
    """Discord shows every newline: a paragraph wrapped at 100 columns is joined into one line."""
    text = (
        "# Title\n\nA paragraph wrapped\nover two lines.\n\n- an item\n  continued\n- another\n\n"
        "| a | b |\n|---|---|\n\n```\ncode\nkept\n```"
    )
    assert reflow(text) == (
        "# Title\n\nA paragraph wrapped over two lines.\n\n- an item continued\n- another\n\n"
        "| a | b |\n|---|---|\n\n```\ncode\nkept\n```"
    )


def test_player_numbers_are_named_too() -> None:
    """Garden Sabotage's lines say "Player 2"."""
    assert (
        with_names("Player 2 sabotages Player 1's plot 1.", ["Alice", "Bob"])
        == "Bob sabotages Alice's plot 1."
    )
