"""The payload checker can fail: bad payloads are caught (limits and OpenAPI schema), and the
payloads discord.py really builds for Discord's maximum sizes pass (no false alarms)."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
import pytest
from discord.http import handle_message_parameters

from tests.fake_discord.checks import OpenApiSpec, PayloadChecker

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
WEBHOOK_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
GLOBAL_COMMANDS = "/applications/{application_id}/commands"


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(custom_id: str, label: str = "Go", style: int = 1) -> dict[str, Any]:
    return {"type": 2, "style": style, "label": label, "custom_id": custom_id}


def string_select(custom_id: str, count: int) -> dict[str, Any]:
    options = [{"label": f"Option {i}", "value": f"v{i}"} for i in range(count)]
    return {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": 1}


def limits_only() -> PayloadChecker:
    return PayloadChecker(None)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"content": "x" * 2001}, "content is 2001 characters"),
        ({"embeds": [{"title": "t"}] * 11}, "11 embeds"),
        ({"embeds": [{"description": "d" * 4097}]}, "description is 4097 characters"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6001 characters in all"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "26 fields"),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, "6 action rows"),
        ({"components": [row(*[button(f"b{i}") for i in range(6)])]}, "6 buttons"),
        ({"components": [row(string_select("s", 3), button("b"))]}, "mixes a select menu"),
        ({"components": [row(string_select("s", 26))]}, "26 options"),
        ({"components": [row(button("x" * 101))]}, "custom_id is 101 characters"),
        ({"components": [row(button("a", label="L" * 81))]}, "label is 81 characters"),
        ({"components": [row(button("a"), button("a"))]}, "repeated: ['a']"),
        ({"components": [button("loose")]}, "must be action rows"),
        ({"allowed_mentions": {"parse": ["users"], "users": ["1"]}}, "mutually exclusive"),
        ({"content": "x", "flags": 64}, "EPHEMERAL flag only works on interaction responses"),
    ],
)
def test_documented_limits_are_enforced(body: dict[str, Any], expected: str) -> None:
    problems = limits_only().check("POST", CHANNEL_MESSAGES, body, [], {})
    assert any(expected in p for p in problems), problems


def test_select_option_texts_and_placeholder_are_limited() -> None:
    menu = string_select("s", 2)
    menu["placeholder"] = "p" * 151
    menu["options"][0]["description"] = "d" * 101
    menu["options"][1]["value"] = "v" * 101
    body = {"type": 4, "data": {"components": [row(menu)]}}
    problems = "\n".join(limits_only().check("POST", CALLBACK, body, [], {}))
    assert "placeholder is 151" in problems
    assert "options[0].description is 101" in problems
    assert "options[1].value is 101" in problems


def test_files_over_the_size_limit_are_caught() -> None:
    upload = {
        "name": "files[0]",
        "filename": "big.png",
        "size": 11 * 1024 * 1024,
        "content_type": "image/png",
    }
    problems = limits_only().check("POST", CHANNEL_MESSAGES, {"attachments": [{"id": 0}]}, [upload], {})
    assert any("big.png" in p for p in problems)


def test_modal_and_command_limits() -> None:
    modal = {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": "T" * 46,
            "components": [row({"type": 4, "custom_id": "i", "label": "L" * 46, "style": 1})],
        },
    }
    problems = "\n".join(limits_only().check("POST", CALLBACK, modal, [], {}))
    assert "modal title is 46" in problems and "label is 46" in problems
    commands = [
        {
            "name": "Play",
            "description": "",
            "options": [
                {"name": "x", "type": 3, "description": "d", "choices": [{"name": "c", "value": "v"}] * 26}
            ],
        }
    ]
    problems = "\n".join(limits_only().check("PUT", GLOBAL_COMMANDS, commands, [], {}))
    assert "name 'Play'" in problems and "description must be" in problems and "26 choices" in problems


def test_deferred_answers_carry_only_flags() -> None:
    problems = limits_only().check("POST", CALLBACK, {"type": 5, "data": {"content": "hi"}}, [], {})
    assert problems and "only flags" in problems[0]


def test_discord_py_payloads_at_the_limits_pass(discord_openapi: OpenApiSpec | None) -> None:
    """What discord.py builds for a full view (5 rows of 5 buttons; a 25-option select), ten
    embeds, and a ping limited to one user must pass every check, schema included."""
    checker = PayloadChecker(discord_openapi)
    full = discord.ui.View(timeout=None)
    for index in range(25):
        full.add_item(discord.ui.Button(label="L" * 80, custom_id=f"{index:0>100}", row=index // 5))
    menu_view = discord.ui.View(timeout=None)
    menu_view.add_item(
        discord.ui.Select(
            custom_id="s" * 100,
            placeholder="p" * 150,
            options=[
                discord.SelectOption(label="l" * 100, value=f"{i:v>100}", description="d" * 100)
                for i in range(25)
            ],
        )
    )
    embeds = [discord.Embed(title="t" * 256, description="d" * 300) for _ in range(10)]
    ping = discord.AllowedMentions(users=[discord.Object(id=123456789012345678)], everyone=False, roles=False)
    for kwargs in (
        {"content": "c" * 2000, "view": full},
        {"view": menu_view, "embeds": embeds, "allowed_mentions": ping},
    ):
        params = handle_message_parameters(**kwargs)  # type: ignore[arg-type]
        assert params.payload is not None
        assert checker.check("POST", CHANNEL_MESSAGES, params.payload, [], {}) == []
        assert checker.check("PATCH", WEBHOOK_EDIT, params.payload, [], {}) == []
        assert checker.check("POST", CALLBACK, {"type": 4, "data": params.payload}, [], {}) == []
        assert checker.check("POST", CALLBACK, {"type": 7, "data": params.payload}, [], {}) == []


def test_components_v2_layouts_from_discord_py_pass(discord_openapi: OpenApiSpec | None) -> None:
    class Board(discord.ui.LayoutView):
        container: discord.ui.Container[Any] = discord.ui.Container(
            discord.ui.TextDisplay("## The garden"),
            discord.ui.Section(
                discord.ui.TextDisplay("Row 1"), accessory=discord.ui.Button(label="Plant", custom_id="plant")
            ),
        )
        actions: discord.ui.ActionRow[Any] = discord.ui.ActionRow(
            discord.ui.Button(label="My hand", custom_id="hand")
        )

    params = handle_message_parameters(view=Board())
    assert params.payload is not None
    assert PayloadChecker(discord_openapi).check("POST", CHANNEL_MESSAGES, params.payload, [], {}) == []
    params.payload["content"] = "not allowed with V2"
    assert any(
        "IS_COMPONENTS_V2" in p for p in limits_only().check("POST", CHANNEL_MESSAGES, params.payload, [], {})
    )


def test_the_schema_catches_what_the_limits_do_not(discord_openapi: OpenApiSpec | None) -> None:
    if discord_openapi is None:
        pytest.skip("../shared/discord-api-spec/openapi.json is absent: the schema check is skipped")
    checker = PayloadChecker(discord_openapi)
    problems = checker.check("POST", CALLBACK, {"type": 4, "data": {"content": 5}}, [], {})
    assert problems == ["schema: at /data/content: 5 is not of type 'string', 'null'"]
    problems = checker.check("POST", CHANNEL_MESSAGES, {"embeds": [{"title": ["a list"]}]}, [], {})
    assert problems and problems[0].startswith("schema: at /embeds/0/title")
    problems = checker.check(
        "POST",
        CALLBACK,
        {"type": 4, "data": {"components": [row({"type": 2, "style": 1, "custom_id": "x", "label": 7})]}},
        [],
        {},
    )
    assert any("/data/components/0/components/0/label" in p for p in problems), problems


def test_remembered_passes_keep_the_schema_as_strict_as_before(discord_openapi: OpenApiSpec | None) -> None:
    """The checker skips `oneOf` branches whose `type` cannot match and remembers payloads that
    passed (CI time); a payload that passed once, changed in one field, must fail with the same
    words plain jsonschema gives, and a passing one must still pass."""
    if discord_openapi is None:
        pytest.skip("../shared/discord-api-spec/openapi.json is absent: the schema check is skipped")
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    checker = PayloadChecker(discord_openapi)
    good = {"components": [row(button("a"), button("b", style=2)), row(string_select("s", 3))]}
    for _ in range(2):
        assert checker.check("POST", CHANNEL_MESSAGES, good, [], {}) == []
    bad_style = {"components": [row(button("a"), button("b", style=9)), row(string_select("s", 3))]}
    no_type = {"components": [row({"style": 1, "custom_id": "x", "label": "L"})]}
    schema = discord_openapi.request_schema("POST", CHANNEL_MESSAGES)
    assert schema is not None
    plain = Draft202012Validator(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:discord-openapi-request",
            **json.loads(json.dumps(schema[1]).replace('"#/', '"urn:discord-openapi#/')),
        },
        registry=discord_openapi.registry,
    )
    for body in (bad_style, no_type):
        problems = checker.check("POST", CHANNEL_MESSAGES, body, [], {})
        assert problems, body
        assert not plain.is_valid(body)
        assert checker.check("POST", CHANNEL_MESSAGES, body, [], {}) == problems
    assert plain.is_valid(good)


def test_without_the_spec_only_limits_are_checked() -> None:
    assert PayloadChecker(None).check("POST", CALLBACK, {"type": 4, "data": {"content": 5}}, [], {}) == []


V2 = 1 << 15


def text(content: str = "t", **extra: Any) -> dict[str, Any]:
    return {"type": 10, "content": content, **extra}


def gallery(count: int) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"https://example.org/{i}.png"}} for i in range(count)]}


@pytest.mark.parametrize(
    ("components", "expected"),
    [
        ([{"type": 17, "components": [text()] * 40}], "41 components in all"),
        ([row(*[button(f"b{i}") for i in range(5)])] * 7, "42 components in all"),
        ([text("a" * 2000), {"type": 17, "components": [text("b" * 2001)]}], "4001 characters in all"),
        ([{"type": 9, "components": [text()] * 4, "accessory": button("s")}], "4 text displays"),
        ([{"type": 9, "components": [], "accessory": button("s")}], "0 text displays"),
        ([{"type": 9, "components": [text()]}], "needs one accessory"),
        ([{"type": 9, "components": [text()], "accessory": text()}], "needs one accessory"),
        (
            [{"type": 9, "components": [button("x")], "accessory": button("s")}],
            "a section holds text displays",
        ),
        ([gallery(11)], "11 items"),
        ([gallery(0)], "0 items"),
        ([{"type": 17, "components": [{"type": 17, "components": [text()]}]}], "a container holds"),
        (
            [{"type": 17, "components": [{"type": 11, "media": {"url": "https://e.org/a.png"}}]}],
            "a container",
        ),
        ([{"type": 17, "components": []}], "empty container"),
        ([{"type": 11, "media": {"url": "https://e.org/a.png"}}], "cannot stand at a message's top level"),
        ([button("loose")], "cannot stand at a message's top level"),
        ([{"type": 14, "spacing": 3}], "spacing 3"),
        ([{"type": 13, "file": {"url": "https://e.org/a.txt"}}], "attachment://<filename> reference"),
        ([text(""), text("x")], "without content"),
        ([text("a", id=7), {"type": 17, "id": 7, "components": [text()]}], "component ids must be unique"),
        (
            [
                {"type": 17, "components": [row(button("a"))]},
                {"type": 9, "components": [text()], "accessory": button("a")},
            ],
            "repeated: ['a']",
        ),
    ],
)
def test_layout_limits_are_enforced(components: list[dict[str, Any]], expected: str) -> None:
    problems = limits_only().check("POST", CHANNEL_MESSAGES, {"flags": V2, "components": components}, [], {})
    assert any(expected in p for p in problems), problems


def test_layout_types_need_the_flag_and_content_and_embeds_do_not_go_with_it() -> None:
    plain = limits_only().check("POST", CHANNEL_MESSAGES, {"components": [text()]}, [], {})
    assert any("must be action rows" in p for p in plain)
    for extra, expected in (({"content": "hi"}, "content"), ({"embeds": [{"title": "t"}]}, "embeds")):
        body = {"flags": V2, "components": [text()], **extra}
        for route, wrapped in ((CHANNEL_MESSAGES, body), (CALLBACK, {"type": 4, "data": body})):
            problems = limits_only().check("POST", route, wrapped, [], {})
            assert f"{expected} cannot be sent with the IS_COMPONENTS_V2 flag" in problems


def test_edits_of_layout_messages_keep_the_flag_and_the_attachments_they_keep() -> None:
    """An edit is checked with the message it changes: IS_COMPONENTS_V2 stays (an edit without
    `flags` is still a layout edit, one with flags lacking 1 << 15 is refused), content left on a
    message becoming a layout is refused, and `attachment://` names resolve to kept files."""
    layout = {
        "flags": V2,
        "content": "",
        "embeds": [],
        "attachments": [{"id": "55", "filename": "board.png"}],
    }
    picture = [{"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}]
    check = limits_only().check
    assert check("PATCH", WEBHOOK_EDIT, {"components": picture}, [], {}, existing=layout) == []
    assert (
        check("POST", CALLBACK, {"type": 7, "data": {"components": picture}}, [], {}, existing=layout) == []
    )
    dropped = {"components": picture, "attachments": []}
    assert any(
        "no such attachment" in p for p in check("PATCH", WEBHOOK_EDIT, dropped, [], {}, existing=layout)
    )
    assert any(
        "cannot be removed" in p for p in check("PATCH", WEBHOOK_EDIT, {"flags": 4}, [], {}, existing=layout)
    )
    plain = {"flags": 0, "content": "Board v0", "embeds": [], "attachments": []}
    upgrade = {"flags": V2, "components": [text()]}
    assert any(
        "still has content" in p for p in check("PATCH", WEBHOOK_EDIT, upgrade, [], {}, existing=plain)
    )
    assert check("PATCH", WEBHOOK_EDIT, {**upgrade, "content": None}, [], {}, existing=plain) == []
    upload = {"name": "files[0]", "filename": "new.png", "size": 3, "content_type": "image/png"}
    fresh = {"flags": V2, "components": [{"type": 12, "items": [{"media": {"url": "attachment://new.png"}}]}]}
    assert check("POST", CHANNEL_MESSAGES, fresh, [upload], {}) == []
    assert check(
        "POST", CHANNEL_MESSAGES, {**fresh, "attachments": [{"id": 0, "filename": "x.png"}]}, [upload], {}
    )


def test_discord_py_layouts_at_the_limits_pass(discord_openapi: OpenApiSpec | None) -> None:
    """discord.py's own ceiling (40 components by its count, 4000 characters of text) is Discord's:
    a LayoutView at both limits, with every kind of item, must pass every check, schema included."""
    picture = discord.File(io.BytesIO(b"png"), filename="board.png", description="The board")

    class Full(discord.ui.LayoutView):
        def __init__(self) -> None:
            super().__init__(timeout=None)
            container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=0x2ECC71)
            container.add_item(
                discord.ui.Section(
                    discord.ui.TextDisplay("s" * 1000),
                    discord.ui.TextDisplay("t" * 1000),
                    discord.ui.TextDisplay("u" * 1000),
                    accessory=discord.ui.Thumbnail(picture, description="d" * 1024),
                )
            )
            container.add_item(
                discord.ui.MediaGallery(*[discord.MediaGalleryItem(picture) for _ in range(10)])
            )
            container.add_item(discord.ui.Separator(spacing=discord.SeparatorSpacing.large))
            container.add_item(discord.ui.File(picture))
            container.add_item(
                discord.ui.ActionRow(*[discord.ui.Button(label=f"{i}", custom_id=f"b{i}") for i in range(5)])
            )
            self.add_item(container)
            self.add_item(discord.ui.TextDisplay("v" * 1000))
            for r in range(4):
                self.add_item(
                    discord.ui.ActionRow(
                        *[
                            discord.ui.Button(label=f"{r}{i}", custom_id=f"r{r}b{i}")
                            for i in range(5 if r < 3 else 3)
                        ]
                    )
                )
            self.add_item(
                discord.ui.ActionRow(
                    discord.ui.Select(custom_id="menu", options=[discord.SelectOption(label="a")])
                )
            )

    view = Full()
    assert view.total_children_count == 40 and view.content_length() == 4000
    params = handle_message_parameters(view=view, files=[picture])
    assert params.multipart is not None
    payload = json.loads(params.multipart[0]["value"])
    checker = PayloadChecker(discord_openapi)
    upload = [{"name": "files[0]", "filename": "board.png", "size": 3, "content_type": "image/png"}]
    assert checker.check("POST", CHANNEL_MESSAGES, payload, upload, {}) == []
    assert checker.check("POST", CALLBACK, {"type": 4, "data": payload}, upload, {}) == []
    payload["components"].append({"type": 10, "content": "one too many"})
    problems = checker.check("POST", CHANNEL_MESSAGES, payload, upload, {})
    assert any("41 components" in p for p in problems) and any("4012 characters" in p for p in problems)
