"""Where the bot reaches past discord.py's documented API (docs/bot.md, "Beyond discord.py's
documented API"): each place is pinned here, so that a discord.py upgrade that moves one fails
this test by name instead of breaking a table in play."""

from __future__ import annotations

import inspect

import discord
import discord.http
from discord.http import handle_message_parameters

from bot.ui.items import DrawnView, button, row
from bot.ui.layout import CONTAINER, GREEN, container, layout, text

IS_COMPONENTS_V2 = 1 << 15


def test_a_drawn_layout_reaches_discord_as_drawn_with_the_layout_flag() -> None:
    """ui/layout.py: `DrawnContainer.to_component_dict` gives discord.py the container's JSON."""
    drawn = [container([text("**Alice** to play")], GREEN), text("-# Garden Club")]
    with handle_message_parameters(view=layout(drawn)) as params:
        sent = params.payload
    assert sent is not None
    assert sent["components"] == drawn
    assert sent["flags"] & IS_COMPONENTS_V2
    assert drawn[0]["type"] == CONTAINER


def test_a_drawn_view_reaches_discord_as_drawn_without_the_layout_flag() -> None:
    """ui/items.py: `DrawnView.to_components` gives discord.py the rows' JSON."""
    rows = [row([button("gc:1:hand", "My hand")])]
    with handle_message_parameters(content="x", view=DrawnView(rows)) as params:
        sent = params.payload
    assert sent is not None
    assert sent["components"] == rows
    assert not sent.get("flags", 0) & IS_COMPONENTS_V2


def test_the_board_edit_and_the_endpoints_still_find_what_they_use() -> None:
    """publish/discord_side.py edits by `HTTPClient.edit_message` with `handle_message_parameters`'s
    params; operations/endpoints.py points `Route.BASE` at the API base it is given."""
    assert "params" in inspect.signature(discord.http.HTTPClient.edit_message).parameters
    assert "previous_allowed_mentions" in inspect.signature(handle_message_parameters).parameters
    assert isinstance(discord.http.Route.BASE, str)
