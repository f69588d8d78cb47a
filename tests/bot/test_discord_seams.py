"""What the bot sends must reach Discord exactly as drawn, so the tests, the fake Discord's checks
and the README's pictures, which read the drawn JSON, see what players see (issue 30). Views (a
lobby's buttons, the rules' picker) are made of discord.py's own items through their documented
constructors; layout messages are drawn JSON in a real `LayoutView`, through two undocumented
methods, `DrawnLayout.to_components` and `has_components_v2` (discord.py's items for every text,
picture and button cost 11.5% more instructions per interaction: docs/performance.md); the REST
base is set through `Route.BASE` (discord.py has no setting for it); its REST session is the
bot's own (basics/rest_session.py); a click is answered by
editing its message without asking Discord for that message back (handlers/replies.py, issue 31);
the gateway's frames are inflated to bytes, not text (basics/gateway_frames.py).
All are pinned here, so that a discord.py upgrade that moves one fails this test by name
(docs/bot.md, "Beyond discord.py's documented API")."""

from __future__ import annotations

import gc
import weakref
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


#: Fields at Discord's default, which discord.py's items write and our drawn JSON leaves out.
DEFAULTS = (
    ("spoiler", False),
    ("id", None),
    ("disabled", False),
    ("default", False),
    ("min_values", 1),
    ("max_values", 1),
)


def without_defaults(tree: Any) -> Any:
    """`tree` without the fields written at their default (`spoiler: false`, an emoji's `id:
    null`, a button's `disabled: false`...): the same message to Discord."""
    if isinstance(tree, dict):
        return {k: without_defaults(v) for k, v in tree.items() if (k, v) not in DEFAULTS}
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


async def test_a_drawn_layout_holds_what_discord_py_gives_a_stopped_view() -> None:
    """`DrawnLayout` sets what discord.py's view sets when made, without making it (a random id
    from the kernel and a future a message, issue 31): the same attributes, finished from the
    start, so discord.py neither stores it for its message nor runs a timeout for it."""
    made = discord.ui.LayoutView(timeout=None)
    made.stop()
    drawn = layout([container([text("**Alice** to play")], GREEN)])
    assert set(vars(made)) | {"components"} == set(vars(drawn))
    assert drawn.is_finished() and made.is_finished()
    assert drawn.timeout is None and not drawn.is_dispatchable() and drawn.has_components_v2()
    drawn.stop()  # a second stop changes nothing, as on discord.py's own
    assert drawn.is_finished() and drawn.children == []


def test_a_drawn_layout_and_a_click_are_freed_as_soon_as_dropped() -> None:
    """Neither a layout message nor a click makes a reference cycle: each is freed by reference
    counting when the last reference goes, without waiting for the garbage collector, which
    otherwise walked every table sent and every click made with their JSON (issue 31,
    docs/performance.md, "Session of 2026-12-05, evening"). The click's response still answers
    for it while it lives."""
    from bot.basics import clicks

    state = _logged_in_state()
    clicks.install(state)
    seen: list[Any] = []
    state.dispatch = lambda event, *args: seen.append((event, *args))  # type: ignore[method-assign]
    gc.disable()
    try:
        view = layout([container([text("**Alice** to play")], GREEN)])
        drawn = weakref.ref(view)
        del view
        assert drawn() is None, "the layout is freed by reference counting alone"
        state.parsers["INTERACTION_CREATE"](_click_payload(None))
        click = seen.pop()[1]
        assert isinstance(click, clicks.Click) and not click.response.is_done()
        assert click.response._parent.id == click.id  # its interaction, through the weak proxy
        made = weakref.ref(click)
        del click
        assert made() is None, "the click is freed by reference counting alone"
    finally:
        gc.enable()


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


def test_a_tables_buttons_and_menus_leave_discords_defaults_unsaid_and_read_back_enabled() -> None:
    """An enabled button and a one-value menu say no `disabled`, `min_values`, `max_values` or
    unchosen option's `default` (a table carried them on every button, out and back in every
    click's event: issue 31), and Discord's reading of them, as discord.py models it, is the same:
    enabled, one value, nothing chosen. A cell not on offer still says it is disabled."""
    position, _ = sample_position("sabotage", 4, 5, 150, bird_variant=True)
    seat = position.to_move()[0]
    rows = choice_rows(position.game_id, seat, position.version, choices_page(position, seat))
    cabbagehead, _ = sample_position("cabbagehead", 2, 3, 31, grasshoppers=True, neighbour_set="random")
    cab_seat = table_seat(cabbagehead)
    assert cab_seat is not None
    rows += choice_rows(
        cabbagehead.game_id, cab_seat, cabbagehead.version, choices_page(cabbagehead, cab_seat)
    )
    rows.append(row([button("gc:gap:0.0", "·", disabled=True)]))
    components = [c for r in rows for c in r["components"]]
    assert {c["type"] for c in components} == {2, 3}, "buttons and a menu among them"
    for drawn in components:
        assert not {"min_values", "max_values"} & drawn.keys()
        assert all(option.get("default", True) for option in drawn.get("options", ()))
        read = discord.SelectMenu(drawn) if drawn["type"] == 3 else discord.Button(drawn)
        if drawn["custom_id"].startswith("gc:gap:"):
            assert drawn["disabled"] is True and read.disabled
        else:
            assert "disabled" not in drawn and not read.disabled
        if isinstance(read, discord.SelectMenu):
            assert (read.min_values, read.max_values) == (1, 1)
            assert not any(option.default for option in read.options)


def test_a_drawn_view_reaches_discord_as_drawn_without_the_layout_flag() -> None:
    rows = [
        row([button("gc:1:hand", "My hand"), button("gc:1:text", "Board as text")]),
        row([button("x", "y")]),
    ]
    payload = sent(drawn_view(rows), content="x")
    assert without_defaults(payload["components"]) == rows
    assert not payload.get("flags", 0) & IS_COMPONENTS_V2


def test_the_rest_base_is_still_where_the_endpoints_set_it() -> None:
    """operations/endpoints.py points `Route.BASE` at the API base it is given."""
    assert isinstance(discord.http.Route.BASE, str)


def test_the_gateway_s_frames_reach_discord_py_s_parser_as_the_bytes_inflated() -> None:
    """basics/gateway_frames.py takes the place of discord.py's zlib context, the class each gateway
    connection makes its decompressor from (`utils._ActiveDecompressionContext`): the same stream
    asked for, a frame given back only once its sync flush has come, as bytes, which discord.py's
    own JSON reader (`utils._from_json`) parses as it parsed the text."""
    import zlib

    from discord import utils

    from bot.basics import gateway_frames

    before = utils._ActiveDecompressionContext
    assert before.COMPRESSION_TYPE == "zlib-stream"  # no zstandard installed: discord.py's zlib context
    try:
        assert gateway_frames.install()
        made = utils._ActiveDecompressionContext()
        assert isinstance(made, gateway_frames.FramesAsBytes)
        assert made.COMPRESSION_TYPE == "zlib-stream"
        deflater = zlib.compressobj()
        frame = '{"op":0,"t":"INTERACTION_CREATE","d":{"label":"🥕 Carrot"}}'.encode()
        data = deflater.compress(frame) + deflater.flush(zlib.Z_SYNC_FLUSH)
        assert made.decompress(data[:5]) is None  # a frame in two parts: nothing until its end
        inflated = made.decompress(data[5:])
        assert inflated == frame
        assert utils._from_json(inflated)["d"]["label"] == "🥕 Carrot"
        second = b'{"op":11,"d":null}'
        assert made.decompress(deflater.compress(second) + deflater.flush(zlib.Z_SYNC_FLUSH)) == second
    finally:
        utils._ActiveDecompressionContext = before


def test_discord_py_s_rest_session_is_where_the_kept_session_takes_its_place() -> None:
    """basics/rest_session.py puts its session in `HTTPClient`'s private session attribute, which
    every REST request and every interaction parsed later reads (`Interaction._session`)."""
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        assert "_HTTPClient__session" in vars(discord.http.HTTPClient(loop))
    finally:
        loop.close()
    assert "_session" in discord.Interaction.__slots__


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


def _logged_in_state() -> Any:
    """A client's connection state as after READY: its own user known (Interaction reads it)."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    state = client._connection
    state.user = discord.ClientUser(
        state=state, data={"id": "1", "username": "Garden Club", "discriminator": "0", "avatar": None}
    )
    return state


def _click_payload(message: dict[str, Any] | None) -> dict[str, Any]:
    """A component's click as Discord's gateway sends it (INTERACTION_CREATE), in a guild."""
    payload: dict[str, Any] = {
        "id": "900",
        "application_id": "1",
        "type": 3,
        "data": {"custom_id": "gc:7:c:0:3:a1", "component_type": 2},
        "guild_id": "10",
        "channel": {"id": "20", "type": 0, "guild_id": "10", "name": "garden", "position": 0},
        "member": {
            "user": {"id": "30", "username": "alice", "discriminator": "0", "avatar": None},
            "roles": [],
            "flags": 0,
        },
        "token": "t",
        "version": 1,
        "locale": "en-US",
        "attachment_size_limit": 10_000_000,
    }
    if message is not None:
        payload["message"] = message
    return payload


def test_a_click_s_message_stays_json_until_read_and_is_then_the_message_discord_py_builds() -> None:
    """bot/basics/clicks.py: a component's click is dispatched with the clicked message as JSON
    (a tenth of a click's work, issue 31); the table click reads its id, flags, alt text and
    components from the JSON, and `message` is discord.py's own `Message` when read. It replaces
    discord.py's INTERACTION_CREATE parser, skipping its view dispatch only while its view store
    (`_views`, `_dynamic_items`) is empty: every name it reaches is pinned."""
    from bot.basics import clicks

    button_json = {"type": 2, "style": 1, "label": "Plant", "custom_id": "gc:7:c:0:3:a1"}
    menu_json = {"type": 3, "custom_id": "gc:7:m", "options": [{"label": "A", "value": "a2"}]}
    accessory_json = {"type": 2, "style": 2, "label": "Go", "custom_id": "gc:7:h"}
    section_json = {"type": 9, "components": [{"type": 10, "content": "Bob"}], "accessory": accessory_json}
    message = {
        "id": "555",
        "channel_id": "20",
        "type": 0,
        "content": "",
        "flags": IS_COMPONENTS_V2,
        "author": {"id": "1", "username": "Garden Club", "discriminator": "0", "avatar": None, "bot": True},
        "attachments": [
            {
                "id": "1",
                "filename": "board.png",
                "size": 1,
                "url": "u",
                "proxy_url": "p",
                "description": "The board.",
            }
        ],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-12-05T08:00:00+00:00",
        "edited_timestamp": None,
        "components": [
            {
                "type": 17,
                "components": [
                    {"type": 10, "content": "Alice"},
                    section_json,
                    {"type": 1, "components": [button_json]},
                ],
            },
            {"type": 1, "components": [menu_json]},
        ],
    }
    state = _logged_in_state()
    store = state._view_store
    assert not store._views and not store._dynamic_items
    clicks.install(state)
    seen: list[Any] = []
    state.dispatch = lambda event, *args: seen.append((event, *args))  # type: ignore[method-assign]
    state.parsers["INTERACTION_CREATE"](_click_payload(message))
    [(event, click)] = seen
    assert event == "interaction" and isinstance(click, clicks.Click)
    assert click.raw_message is message
    assert clicks.message_id(click) == 555
    assert not clicks.is_ephemeral(click)
    assert clicks.first_alt(click) == "The board."
    assert clicks.component_on(click, "gc:7:c:0:3:a1") == button_json
    assert clicks.component_on(click, "gc:7:m") == menu_json
    assert clicks.component_on(click, "gc:7:c:0:3:a2") is None
    assert clicks.component_on(click, "gc:7:h") == accessory_json  # a section's accessory too
    built = click.message
    assert isinstance(built, discord.Message) and built.id == 555 and built.guild is not None
    assert built.attachments[0].description == "The board."
    # Read again once built, the same answers come from discord.py's objects.
    assert clicks.message_id(click) == 555 and clicks.first_alt(click) == "The board."
    assert clicks.component_on(click, "gc:7:c:0:3:a1") == button_json | {"disabled": False}
    assert clicks.component_on(click, "gc:7:m") is not None
    state.parsers["INTERACTION_CREATE"](_click_payload(None))
    assert seen[-1][1].message is None and clicks.message_id(seen[-1][1]) is None


def test_a_handled_click_keeps_only_its_message_s_id_and_flags() -> None:
    """bot/basics/clicks.py `let_go`: once the router has handled a click, the interaction a hand
    left open keeps (for its token, up to 14 minutes) holds the clicked message's id and flags
    only, not the few hundred objects of its JSON (issue 31): what is asked of it later (a table
    click answered by a later pass, an open hand redrawn) still reads the same."""
    from bot.basics import clicks

    message = {
        "id": "556",
        "flags": 64,
        "attachments": [{"id": "1", "filename": "hand.png", "description": "Alice's hand."}],
        "components": [{"type": 1, "components": [{"type": 2, "custom_id": "gc:c:7:0:3:a1"}]}],
    }
    state = _logged_in_state()
    clicks.install(state)
    seen: list[Any] = []
    state.dispatch = lambda event, *args: seen.append((event, *args))  # type: ignore[method-assign]
    state.parsers["INTERACTION_CREATE"](_click_payload(message))
    [(_event, click)] = seen
    clicks.let_go(click)
    assert click.raw_message == {"id": "556", "flags": 64}
    assert clicks.message_id(click) == 556 and clicks.is_ephemeral(click)
    clicks.let_go(click)  # again: nothing more to let go
    assert click.raw_message == {"id": "556", "flags": 64}


def test_a_click_s_member_stays_json_until_read_and_is_then_the_member_discord_py_builds() -> None:
    """bot/basics/clicks.py: the one who clicked is kept as JSON (their `Member` was a twentieth
    of a click's intake, issue 31). `user_id` reads their id from it; `user` is then discord.py's
    own `Member` (in a server) or `User` (in a DM), with the server the click came from, and the
    member's permissions are read at once, as `Interaction._from_data` reads them."""
    from bot.basics import clicks

    state = _logged_in_state()
    clicks.install(state)
    seen: list[Any] = []
    state.dispatch = lambda event, *args: seen.append((event, *args))  # type: ignore[method-assign]
    in_guild = _click_payload(None)
    in_guild["member"]["permissions"] = str(1 << 11)  # send messages
    state.parsers["INTERACTION_CREATE"](in_guild)
    click = seen[-1][1]
    assert isinstance(click, clicks.Click) and click.raw_user is in_guild["member"]
    assert clicks.user_id(click) == 30
    assert click.permissions.send_messages and not click.permissions.administrator
    member = click.user
    assert isinstance(member, discord.Member) and member.id == 30 and member.name == "alice"
    assert member.guild.id == 10 and click.guild is not None and click.guild.id == 10
    assert click.user is member and clicks.user_id(click) == 30  # built once, read from it after

    in_dm = {key: value for key, value in _click_payload(None).items() if key not in ("guild_id", "member")}
    in_dm["channel"] = {"id": "21", "type": 1}
    in_dm["user"] = {"id": "31", "username": "bob", "discriminator": "0", "avatar": None}
    state.parsers["INTERACTION_CREATE"](in_dm)
    click = seen[-1][1]
    assert clicks.user_id(click) == 31
    assert type(click.user) is discord.User and click.user.name == "bob" and click.guild is None
