"""Discord refuses a layout message of more than 40 components, nested ones included: the bot
counts its drawn trees the way the fake Discord walks them, so that a table whose grid of slot
buttons would pass the limit is drawn with menus instead (issue 27 item 15)."""

from __future__ import annotations

from bot.ui.items import button, row
from bot.ui.layout import GREEN, container, count_components, gallery, separator, text
from tests.fake_discord.model import walk_components


def test_every_component_is_counted_nested_ones_included_a_gallery_s_items_not() -> None:
    rows = [row([button(f"gc:x:{r}.{c}", f"{r}{c}") for c in range(r + 1)]) for r in range(4)]
    tree = [container([text("a"), gallery("board.png", "alt"), separator(), *rows], GREEN), text("-# b")]
    assert count_components(tree) == len(walk_components(tree)) == 1 + 3 + 4 + (1 + 2 + 3 + 4) + 1
    assert count_components([]) == 0
