"""Rendering helpers (issue 5, "Playing"; issue 14, "Events with structure"): names from the
events' fields, rules pages within Discord's limits."""

from __future__ import annotations

from bot.presenters.rules_pages import reflow, split_pages


def test_log_lines_name_players_from_the_events_fields() -> None:
    """A log line names seats by display name from the event's seats, never by rewriting the
    engine's words: an event stored before events had templates reads as it was written."""
    from engine.api import Event

    names = ["Alice", "Bob"]
    event = Event(
        kind="pass",
        text="Seat 1 passes the Lettuce to Seat 2.",
        seats={"giver": 0, "taker": 1},
        template="{giver} passes the Lettuce to {taker}.",
    )
    assert event.line_for(None, names) == "Alice passes the Lettuce to Bob."
    old = Event(kind="pass", text="Seat 1 passes the Lettuce to Seat 2.")
    assert old.line_for(None, names) == "Seat 1 passes the Lettuce to Seat 2."


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
