"""What the bot sends must reach Discord exactly as drawn, so the tests, the fake Discord's checks
and the README's pictures, which read the drawn JSON, see what players see (issue 30). Views (a
lobby's buttons, the rules' picker) are made of discord.py's own items through their documented
constructors; layout messages are drawn JSON in a real `LayoutView`, through one undocumented
method, `DrawnContainer.to_component_dict` (discord.py's items for every text, picture and button
cost 11.5% more instructions per interaction: docs/performance.md); the REST base is set through
`Route.BASE` (discord.py has no setting for it); a click is answered by editing its message
without asking Discord for that message back (handlers/replies.py, issue 31). All are pinned
here, so that a discord.py upgrade that moves one fails this test by name (docs/bot.md, "Beyond
discord.py's documented API")."""

from __future__ import annotations

from typing import Any

import discord
import discord.http
from discord.http import handle_message_parameters

from bot.publish.seat_choices import choices_page, table_seat
from bot.publish.snapshots import sample_position
from bot.publish.table_layout import _table_layout
from bot.publish.table_look import TableLook
from bot.ui.items import button, choice_rows, drawn_view, row
from bot.ui.layout import CONTAINER, GREEN, container, gallery, layout, separator, text

IS_COMPONENTS_V2 = 1 << 15


def without_defaults(tree: Any) -> Any:
    """`tree` without the fields discord.py writes at their default (`spoiler: false`, an emoji's
    `id: null`)."""
    if isinstance(tree, dict):
        return {
            k: without_defaults(v)
            for k, v in tree.items()
            if (k, v) not in (("spoiler", False), ("id", None))
        }
    if isinstance(tree, list):
        return [without_defaults(v) for v in tree]
    return tree


def sent(view: discord.ui.View | discord.ui.LayoutView, **fields: Any) -> dict[str, Any]:
    with handle_message_parameters(view=view, **fields) as params:
        payload = params.payload
    assert payload is not None
    return payload


def test_a_drawn_layout_reaches_discord_as_drawn_with_the_layout_flag() -> None:
    drawn = [
        container([text("**Alice** to play"), gallery("board.png", "alt"), separator()], GREEN),
        text("-# Garden Club"),
    ]
    payload = sent(layout(drawn))
    assert without_defaults(payload["components"]) == drawn
    assert payload["flags"] & IS_COMPONENTS_V2
    assert drawn[0]["type"] == CONTAINER


def test_every_table_and_a_hands_choices_reach_discord_as_drawn() -> None:
    """Whole tables (a public-view game's with its choice buttons, a hidden-hand game's) and a
    hand's choices with their menus."""
    drawn = []
    position, lines = sample_position("cabbagehead", 2, 3, 31, grasshoppers=True, neighbour_set="random")
    look = TableLook(tuple(lines[-3:]), "The board.", ends=1.0, clocked=tuple(position.to_move()))
    seat = table_seat(position)
    assert seat is not None
    drawn.append(_table_layout(position, look, seat, choices_page(position, seat)))
    position, lines = sample_position("sabotage", 4, 5, 150, bird_variant=True)
    look = TableLook(tuple(lines[-3:]), "The board.", ends=1.0, clocked=tuple(position.to_move()))
    drawn.append(_table_layout(position, look, None, None))
    seat = position.to_move()[0]
    rows = choice_rows(position.game_id, seat, position.version, choices_page(position, seat))
    assert any(c["type"] == 3 for r in rows for c in r["components"])  # a menu among them
    drawn.append([container([text("Your hand"), separator(), *rows], GREEN), text("-# Only you")])
    for tree in drawn:
        payload = sent(layout(tree))
        assert payload["flags"] & IS_COMPONENTS_V2
        assert without_defaults(payload["components"]) == tree


def test_a_drawn_view_reaches_discord_as_drawn_without_the_layout_flag() -> None:
    rows = [
        row([button("gc:1:hand", "My hand"), button("gc:1:text", "Board as text")]),
        row([button("x", "y")]),
    ]
    payload = sent(drawn_view(rows), content="x")
    assert payload["components"] == rows
    assert not payload.get("flags", 0) & IS_COMPONENTS_V2


def test_the_rest_base_is_still_where_the_endpoints_set_it() -> None:
    """operations/endpoints.py points `Route.BASE` at the API base it is given."""
    assert isinstance(discord.http.Route.BASE, str)


def test_a_click_answered_without_the_message_back_still_uses_discord_py_s_own_parts() -> None:
    """handlers/replies.py answers a click by editing its message without discord.py's
    `with_response` (whose `Message` nothing reads: issue 31), through discord.py's own webhook
    adapter and payload builder, and keeps discord.py's bookkeeping (the view stored, the answer
    marked done). Every name it reaches is pinned, and the payload it builds is the drawn table."""
    import discord.state
    from discord.webhook import async_ as webhook_async

    assert hasattr(webhook_async.async_context, "get")
    for name in ("_state", "_session"):
        assert name in discord.Interaction.__slots__
    assert "_response_type" in discord.InteractionResponse.__slots__
    for method in ("prevent_view_updates_for", "store_view"):
        assert callable(getattr(discord.state.ConnectionState, method))
    drawn = [container([text("**Alice** to play"), separator()], GREEN)]
    params = webhook_async.interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value, view=layout(drawn)
    )
    assert params.payload is not None and params.payload["type"] == 7
    assert without_defaults(params.payload["data"]["components"]) == drawn
    assert params.payload["data"]["flags"] & IS_COMPONENTS_V2
