"""Discord's documented limits for what a bot sends, checked on every request body.

Each function returns human-readable problems (empty list: fine). The numbers are Discord's
documented limits (Message, Embed, Component, Interaction response, Application command pages);
some of them the OpenAPI description does not express (embed totals, rows, content 2000 for bots).
"""

from __future__ import annotations

import re
from typing import Any

MESSAGE_CONTENT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TOTAL = 6000
EMBED_LIMITS = {"title": 256, "description": 4096}
EMBED_FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
FOOTER_TEXT, AUTHOR_NAME = 2048, 256
ACTION_ROWS, BUTTONS_PER_ROW = 5, 5
CUSTOM_ID, BUTTON_LABEL = 100, 80
SELECT_OPTIONS, OPTION_TEXT, PLACEHOLDER = 25, 100, 150
COMPONENTS_V2_TOTAL = 40
COMPONENTS_V2_TEXT = 4000
MODAL_TITLE, MODAL_COMPONENTS, TEXT_INPUT_LABEL, TEXT_INPUT_VALUE, TEXT_INPUT_PLACEHOLDER = (
    45,
    5,
    45,
    4000,
    100,
)
FILES_PER_MESSAGE = 10
THREAD_NAME = 100
COMMAND_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
COMMAND_DESCRIPTION, COMMAND_OPTIONS, COMMAND_CHOICES, CHOICE_NAME, CHOICE_STRING = 100, 25, 25, 100, 100
COMMAND_TOTAL_TEXT = 4000
GLOBAL_CHAT_COMMANDS = 100
ALLOWED_MENTION_TYPES = {"roles", "users", "everyone"}

EPHEMERAL, COMPONENTS_V2 = 1 << 6, 1 << 15
#: Component types that may sit in an action row, and the select menu ones among them.
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}
ACTION_ROW, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = (
    1,
    9,
    10,
    11,
    12,
    13,
    14,
    17,
    18,
)
#: What may stand at a Components V2 message's top level, and inside a container.
TOP_LEVEL_V2 = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = TOP_LEVEL_V2 - {CONTAINER}
SECTION_TEXTS, GALLERY_ITEMS, MEDIA_DESCRIPTION = 3, 10, 1024
SEPARATOR_SPACINGS = (1, 2)
ATTACHMENT_SCHEME = "attachment://"


def _text(value: Any) -> str:
    """A string field's text; other types count as empty (the schema check reports them)."""
    return value if isinstance(value, str) else ""


def _too_long(where: str, value: Any, limit: int, at: str = "") -> list[str]:
    """`value` past `limit` characters, said at `where` + `at` (joined only then: a table's every
    button is checked on every answer of the load benchmark, where the checks share a core with
    its players)."""
    if isinstance(value, str) and len(value) > limit:
        return [f"{where}{at} is {len(value)} characters (Discord allows {limit})"]
    return []


def check_message(
    body: dict[str, Any],
    files: list[dict[str, Any]],
    *,
    size_limit: int,
    channel_message: bool = False,
    existing: dict[str, Any] | None = None,
) -> list[str]:
    """A message create/edit body (channel message, interaction response data, webhook).

    `existing` is the message an edit changes (`FakeMessage.snapshot()`: flags, content, embeds,
    attachments), None for a new message: once a message has IS_COMPONENTS_V2 it keeps it, so an
    edit without `flags` is still a layout message, and what it leaves in place counts too.
    """
    problems: list[str] = []
    flags = int(body.get("flags") or 0)
    old_flags = int((existing or {}).get("flags") or 0)
    v2 = bool((flags | old_flags) & COMPONENTS_V2)
    problems += _too_long("content", body.get("content"), MESSAGE_CONTENT)
    if old_flags & COMPONENTS_V2 and body.get("flags") is not None and not flags & COMPONENTS_V2:
        problems.append(
            "the IS_COMPONENTS_V2 flag cannot be removed from a message once it is set "
            f"(flags {flags} leave out 1 << 15)"
        )
    for key in ("content", "embeds"):
        if not v2:
            continue
        if body.get(key):
            problems.append(f"{key} cannot be sent with the IS_COMPONENTS_V2 flag")
        elif key not in body and existing is not None and existing.get(key):
            problems.append(
                f"the message still has {key}: setting IS_COMPONENTS_V2 needs {key} reset to empty "
                "in the same edit (discord.py: content=None, embed=None)"
            )
    if channel_message and flags & EPHEMERAL:
        problems.append("the EPHEMERAL flag only works on interaction responses, not channel messages")
    problems += check_embeds(body.get("embeds") or [])
    components = body.get("components") or []
    tree = check_components(components, v2=v2)
    problems += tree.problems
    if v2 and components:
        names = attachment_names(body, files, (existing or {}).get("attachments") or [], existing is None)
        for where, url in tree.media:
            if url.startswith(ATTACHMENT_SCHEME) and url[len(ATTACHMENT_SCHEME) :] not in names:
                problems.append(
                    f"{where} refers to {url!r}, but the message has no such attachment "
                    f"(its attachments: {sorted(names)})"
                )
    problems += check_allowed_mentions(body.get("allowed_mentions"))
    uploads = [f for f in files if f["name"].startswith("files[")]
    if len(uploads) > FILES_PER_MESSAGE:
        problems.append(f"{len(uploads)} files (Discord allows {FILES_PER_MESSAGE})")
    for upload in uploads:
        if upload["size"] > size_limit:
            problems.append(f"file {upload['filename']!r} is {upload['size']} bytes (limit {size_limit})")
    return problems


def attachment_names(
    body: dict[str, Any], files: list[dict[str, Any]], existing: list[dict[str, Any]], creating: bool
) -> set[str]:
    """The file names of the attachments a message has after this body (uploads listed in
    `attachments`, or all uploads when it is absent; kept ones by id; on an edit without
    `attachments`, every earlier one too), as `MessageWriter.apply_edit` stores them."""
    uploads: dict[int, dict[str, Any]] = {}
    for part in files:
        match = re.fullmatch(r"files\[(\d+)\]", part["name"])
        if match:
            uploads[int(match.group(1))] = part
    by_id = {str(a.get("id")): a for a in existing}
    listed = body.get("attachments")
    if listed is None:
        kept = [] if creating else [{"id": a.get("id")} for a in existing]
        listed = kept + [{"id": i} for i in sorted(uploads)]
    names: set[str] = set()
    for entry in listed:
        key = str(entry.get("id"))
        if key in by_id:
            names.add(str(by_id[key].get("filename")))
        elif key.isdigit() and int(key) in uploads:
            names.add(str(entry.get("filename") or uploads[int(key)]["filename"] or f"file{key}"))
    return names


def check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_PER_MESSAGE:
        problems.append(f"{len(embeds)} embeds (Discord allows {EMBEDS_PER_MESSAGE})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        for key, limit in EMBED_LIMITS.items():
            problems += _too_long(f"{where}.{key}", embed.get(key), limit)
            total += len(_text(embed.get(key)))
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        problems += _too_long(f"{where}.footer.text", footer, FOOTER_TEXT)
        problems += _too_long(f"{where}.author.name", author, AUTHOR_NAME)
        total += len(_text(footer)) + len(_text(author))
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"{where} has {len(fields)} fields (Discord allows {EMBED_FIELDS})")
        for j, field in enumerate(fields):
            problems += _too_long(f"{where}.fields[{j}].name", field.get("name"), FIELD_NAME)
            problems += _too_long(f"{where}.fields[{j}].value", field.get("value"), FIELD_VALUE)
            if not field.get("name") or not field.get("value"):
                problems.append(f"{where}.fields[{j}] needs a non-empty name and value")
            total += len(_text(field.get("name"))) + len(_text(field.get("value")))
    if total > EMBED_TOTAL:
        problems.append(f"embeds hold {total} characters in all (Discord allows {EMBED_TOTAL})")
    return problems


class _ComponentTree:
    """`check_components`' walk over one message's tree and what it gathers: a class rather than a
    nested function calling itself, which would be a reference cycle (garbage only the collector
    frees; the load driver checks thousands of tables a second with its collector off)."""

    def __init__(self, *, v2: bool) -> None:
        self.v2 = v2
        self.problems: list[str] = []
        self.custom_ids: list[str] = []
        self.ids: list[int] = []
        self.count = 0
        self.text_total = 0
        #: Every media url met (thumbnails, gallery items, files), with where it is: what
        #: `check_message` matches against the message's attachments.
        self.media: list[tuple[str, str]] = []

    def visit(self, item: Any, where: str) -> None:
        problems = self.problems
        if not isinstance(item, dict):
            problems.append(f"{where} is not a component object")
            return
        self.count += 1
        kind = item.get("type")
        if "custom_id" in item:
            self.custom_ids.append(str(item["custom_id"]))
            if not 1 <= len(str(item["custom_id"])) <= CUSTOM_ID:
                problems.append(
                    f"{where}.custom_id is {len(str(item['custom_id']))} characters "
                    f"(Discord allows 1..{CUSTOM_ID})"
                )
        if isinstance(item.get("id"), int) and not isinstance(item.get("id"), bool):
            self.ids.append(item["id"])
        if kind == ACTION_ROW:
            children = item.get("components") or []
            buttons = [c for c in children if isinstance(c, dict) and c.get("type") == BUTTON]
            selects = [c for c in children if isinstance(c, dict) and c.get("type") in SELECTS]
            if not children:
                problems.append(f"{where} is an empty action row")
            if len(buttons) > BUTTONS_PER_ROW:
                problems.append(
                    f"{where} has {len(buttons)} buttons (Discord allows {BUTTONS_PER_ROW} a row)"
                )
            if selects and len(children) > 1:
                problems.append(f"{where} mixes a select menu with other components (a select fills its row)")
            for k, child in enumerate(children):
                if not isinstance(child, dict) or child.get("type") not in {BUTTON, *SELECTS}:
                    kind_of = child.get("type") if isinstance(child, dict) else child
                    problems.append(f"{where}.components[{k}] has type {kind_of}, not allowed in a row")
                    continue
                self.visit(child, f"{where}.components[{k}]")
        elif kind == BUTTON:
            problems.extend(_check_button(item, where))
        elif kind in SELECTS:
            problems.extend(_check_select(item, where))
        elif kind == CONTAINER and self.v2:
            children = item.get("components") or []
            if not children:
                problems.append(f"{where} is an empty container (Discord wants 1 or more components)")
            for k, child in enumerate(children):
                kind_of = child.get("type") if isinstance(child, dict) else child
                if kind_of not in IN_CONTAINER:
                    problems.append(
                        f"{where}.components[{k}] has type {kind_of}: a container holds action rows, "
                        "sections, text displays, media galleries, files and separators"
                    )
                    continue
                self.visit(child, f"{where}.components[{k}]")
        elif kind == SECTION and self.v2:
            texts = item.get("components") or []
            if not 1 <= len(texts) <= SECTION_TEXTS:
                problems.append(f"{where} has {len(texts)} text displays (Discord allows 1..{SECTION_TEXTS})")
            for k, child in enumerate(texts):
                if not isinstance(child, dict) or child.get("type") != TEXT_DISPLAY:
                    kind_of = child.get("type") if isinstance(child, dict) else child
                    problems.append(
                        f"{where}.components[{k}] has type {kind_of}: a section holds text displays"
                    )
                    continue
                self.visit(child, f"{where}.components[{k}]")
            accessory = item.get("accessory")
            if not isinstance(accessory, dict) or accessory.get("type") not in (BUTTON, THUMBNAIL):
                problems.append(f"{where} needs one accessory, a button or a thumbnail")
            else:
                self.visit(accessory, f"{where}.accessory")
        elif kind == TEXT_DISPLAY and self.v2:
            content = _text(item.get("content"))
            self.text_total += len(content)
            if not content:
                problems.append(f"{where} is a text display without content")
        elif kind == THUMBNAIL and self.v2:
            self.media.append((f"{where}.media", _text((item.get("media") or {}).get("url"))))
            problems.extend(_check_media(item.get("media"), f"{where}.media"))
            problems.extend(_too_long(f"{where}.description", item.get("description"), MEDIA_DESCRIPTION))
        elif kind == MEDIA_GALLERY and self.v2:
            entries = item.get("items") or []
            if not 1 <= len(entries) <= GALLERY_ITEMS:
                problems.append(f"{where} has {len(entries)} items (Discord allows 1..{GALLERY_ITEMS})")
            for k, entry in enumerate(entries):
                entry = entry if isinstance(entry, dict) else {}
                self.media.append((f"{where}.items[{k}].media", _text((entry.get("media") or {}).get("url"))))
                problems.extend(_check_media(entry.get("media"), f"{where}.items[{k}].media"))
                problems.extend(
                    _too_long(f"{where}.items[{k}].description", entry.get("description"), MEDIA_DESCRIPTION)
                )
        elif kind == FILE and self.v2:
            url = _text((item.get("file") or {}).get("url") if isinstance(item.get("file"), dict) else None)
            self.media.append((f"{where}.file", url))
            if not url.startswith(ATTACHMENT_SCHEME):
                problems.append(f"{where}.file.url must be an attachment://<filename> reference, not {url!r}")
        elif kind == SEPARATOR and self.v2:
            if item.get("spacing") is not None and item.get("spacing") not in SEPARATOR_SPACINGS:
                problems.append(f"{where}.spacing {item.get('spacing')!r} is not 1 (small) or 2 (large)")
        else:
            problems.append(f"{where} has type {kind}, which a message cannot carry here")


def check_components(components: list[dict[str, Any]], *, v2: bool) -> _ComponentTree:
    """Action rows, buttons and selects (and Components V2 layouts when the flag is set).

    With IS_COMPONENTS_V2 (Discord's component reference): at most 40 components in the whole tree
    (every one counts: containers, sections, their text displays and accessories, action rows and
    what they hold), 4000 characters across all text displays, top level: action rows, containers,
    sections, text displays, media galleries, files, separators; a container holds those but
    containers; a section 1..3 text displays and one accessory (a button or a thumbnail); a media
    gallery 1..10 items; separator spacing 1 (small) or 2 (large); a file only an
    `attachment://` url. custom_ids and numeric ids are unique in the whole message. The walk,
    with its `problems` and the tree's media urls (`media`, for the attachments' check).
    """
    tree = _ComponentTree(v2=v2)
    problems = tree.problems
    for i, item in enumerate(components):
        kind_of = item.get("type") if isinstance(item, dict) else item
        if not v2 and kind_of != ACTION_ROW:
            problems.append(
                f"components[{i}] is type {kind_of}: top-level components must be action "
                "rows (without the IS_COMPONENTS_V2 flag)"
            )
        elif v2 and kind_of not in TOP_LEVEL_V2:
            problems.append(
                f"components[{i}] has type {kind_of}, which cannot stand at a message's top level"
            )
            continue
        tree.visit(item, f"components[{i}]")
    if not v2 and len(components) > ACTION_ROWS:
        problems.append(f"{len(components)} action rows (Discord allows {ACTION_ROWS})")
    if v2 and tree.count > COMPONENTS_V2_TOTAL:
        problems.append(
            f"{tree.count} components in all, nested ones included (Discord allows {COMPONENTS_V2_TOTAL} "
            "with Components V2)"
        )
    if tree.text_total > COMPONENTS_V2_TEXT:
        problems.append(
            f"text displays hold {tree.text_total} characters in all (Discord allows {COMPONENTS_V2_TEXT})"
        )
    duplicates = sorted({c for c in tree.custom_ids if tree.custom_ids.count(c) > 1})
    if duplicates:
        problems.append(f"custom_ids must be unique within a message; repeated: {duplicates}")
    repeated_ids = sorted({i for i in tree.ids if tree.ids.count(i) > 1})
    if repeated_ids:
        problems.append(f"component ids must be unique within a message; repeated: {repeated_ids}")
    return tree


def _check_media(media: Any, where: str) -> list[str]:
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        return [f"{where} needs a url (https://... or attachment://<filename>)"]
    return []


def _check_button(button: dict[str, Any], where: str) -> list[str]:
    problems = _too_long(where, button.get("label"), BUTTON_LABEL, ".label")
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems.append(f"{where}.style {style!r} is not a button style")
    if style == 5:
        if not button.get("url") or "custom_id" in button:
            problems.append(f"{where}: a link button needs a url and no custom_id")
    elif style == 6:
        if not button.get("sku_id"):
            problems.append(f"{where}: a premium button needs a sku_id")
    elif "custom_id" not in button:
        problems.append(f"{where}: a non-link button needs a custom_id")
    if style != 6 and not button.get("label") and not button.get("emoji"):
        problems.append(f"{where}: a button needs a label or an emoji")
    return problems


def _check_select(menu: dict[str, Any], where: str) -> list[str]:
    problems = _too_long(f"{where}.placeholder", menu.get("placeholder"), PLACEHOLDER)
    low, high = menu.get("min_values", 1), menu.get("max_values", 1)
    if not 0 <= low <= SELECT_OPTIONS:
        problems.append(f"{where}.min_values {low} is outside 0..{SELECT_OPTIONS}")
    if not 1 <= high <= SELECT_OPTIONS:
        problems.append(f"{where}.max_values {high} is outside 1..{SELECT_OPTIONS}")
    if low > high:
        problems.append(f"{where}.min_values {low} > max_values {high}")
    if menu.get("type") == STRING_SELECT:
        options = menu.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS:
            problems.append(f"{where} has {len(options)} options (Discord allows 1..{SELECT_OPTIONS})")
        if high > len(options):
            problems.append(f"{where}.max_values {high} exceeds its {len(options)} options")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where} has repeated option values")
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                value = option.get(key)
                if isinstance(value, str) and len(value) > OPTION_TEXT:  # where said only then
                    problems += _too_long(f"{where}.options[{k}].{key}", value, OPTION_TEXT)
            if not option.get("label") or not option.get("value"):
                problems.append(f"{where}.options[{k}] needs a non-empty label and value")
    return problems


def check_allowed_mentions(allowed: Any) -> list[str]:
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return ["allowed_mentions must be an object"]
    problems: list[str] = []
    parse = allowed.get("parse", [])
    unknown = set(parse) - ALLOWED_MENTION_TYPES
    if unknown:
        problems.append(f"allowed_mentions.parse has unknown types {sorted(unknown)}")
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            problems.append(f"allowed_mentions: parse '{kind}' and a {kind} list are mutually exclusive")
        if len(allowed.get(kind) or []) > 100:
            problems.append(f"allowed_mentions.{kind} lists more than 100 ids")
    return problems


def check_modal(data: dict[str, Any]) -> list[str]:
    problems = _too_long("modal title", data.get("title"), MODAL_TITLE)
    if not data.get("title"):
        problems.append("a modal needs a title")
    if not 1 <= len(str(data.get("custom_id", ""))) <= CUSTOM_ID:
        problems.append(f"modal custom_id must be 1..{CUSTOM_ID} characters")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MODAL_COMPONENTS:
        problems.append(f"a modal holds 1..{MODAL_COMPONENTS} components, not {len(rows)}")
    for i, row in enumerate(rows):
        inputs = row.get("components") or (
            [row["component"]] if isinstance(row.get("component"), dict) else []
        )
        if row.get("type") == LABEL:
            problems += _too_long(f"modal components[{i}].label", row.get("label"), TEXT_INPUT_LABEL)
        for text_input in inputs:
            if text_input.get("type") != TEXT_INPUT:
                continue
            where = f"modal components[{i}] text input"
            problems += _too_long(f"{where} label", text_input.get("label"), TEXT_INPUT_LABEL)
            problems += _too_long(f"{where} value", text_input.get("value"), TEXT_INPUT_VALUE)
            problems += _too_long(
                f"{where} placeholder", text_input.get("placeholder"), TEXT_INPUT_PLACEHOLDER
            )
            if not 1 <= len(str(text_input.get("custom_id", ""))) <= CUSTOM_ID:
                problems.append(f"{where} custom_id must be 1..{CUSTOM_ID} characters")
    return problems


def check_commands(commands: list[dict[str, Any]], *, global_scope: bool) -> list[str]:
    """A bulk overwrite of application commands."""
    problems: list[str] = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if global_scope and len(chat) > GLOBAL_CHAT_COMMANDS:
        problems.append(f"{len(chat)} chat commands (Discord allows {GLOBAL_CHAT_COMMANDS})")
    names = [(c.get("name"), c.get("type", 1)) for c in commands]
    if len(set(names)) != len(names):
        problems.append("command names must be unique per type")
    for command in commands:
        problems += _check_command_node(command, f"/{command.get('name')}", top=True)
        if command.get("type", 1) == 1 and _text_size(command) > COMMAND_TOTAL_TEXT:
            problems.append(
                f"/{command.get('name')}: names, descriptions and choices exceed "
                f"{COMMAND_TOTAL_TEXT} characters in all"
            )
    return problems


def _check_command_node(node: dict[str, Any], where: str, *, top: bool) -> list[str]:
    problems: list[str] = []
    name = str(node.get("name", ""))
    chat = not top or node.get("type", 1) == 1
    if chat and (not COMMAND_NAME.match(name) or name != name.lower()):
        problems.append(f"{where}: name {name!r} must be 1..32 lowercase letters, digits, - or _")
    description = node.get("description", "")
    if chat and not 1 <= len(description) <= COMMAND_DESCRIPTION:
        problems.append(f"{where}: description must be 1..{COMMAND_DESCRIPTION} characters")
    problems += _check_localizations(node, where, chat=chat)
    options = node.get("options") or []
    if len(options) > COMMAND_OPTIONS:
        problems.append(f"{where}: {len(options)} options (Discord allows {COMMAND_OPTIONS})")
    seen_optional = False
    for option in options:
        child = f"{where} {option.get('name')}"
        if option.get("type") not in (1, 2):
            if option.get("required"):
                if seen_optional:
                    problems.append(f"{child}: required options must come before optional ones")
            else:
                seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > COMMAND_CHOICES:
            problems.append(f"{child}: {len(choices)} choices (Discord allows {COMMAND_CHOICES})")
        for choice in choices:
            problems += _too_long(f"{child} choice name", choice.get("name"), CHOICE_NAME)
            problems += _too_long(f"{child} choice value", choice.get("value"), CHOICE_STRING)
            for locale, localized in (choice.get("name_localizations") or {}).items():
                problems += _too_long(f"{child} choice name [{locale}]", localized, CHOICE_NAME)
        problems += _check_command_node(option, child, top=False)
    return problems


def _check_localizations(node: dict[str, Any], where: str, *, chat: bool) -> list[str]:
    """A name's and description's translations (issue 32) meet the rules the English meets."""
    problems: list[str] = []
    for locale, name in (node.get("name_localizations") or {}).items():
        if chat and (not COMMAND_NAME.match(str(name)) or name != str(name).lower()):
            problems.append(
                f"{where}: {locale} name {name!r} must be 1..32 lowercase letters, digits, - or _"
            )
    for locale, description in (node.get("description_localizations") or {}).items():
        if chat and not 1 <= len(str(description)) <= COMMAND_DESCRIPTION:
            problems.append(f"{where}: {locale} description must be 1..{COMMAND_DESCRIPTION} characters")
    return problems


def _text_size(node: dict[str, Any]) -> int:
    size = len(str(node.get("name", ""))) + len(str(node.get("description", "")))
    for choice in node.get("choices") or []:
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return size + sum(_text_size(o) for o in node.get("options") or [])


def check_thread(body: dict[str, Any]) -> list[str]:
    name = str(body.get("name", ""))
    if not 1 <= len(name) <= THREAD_NAME:
        return [f"thread name must be 1..{THREAD_NAME} characters, not {len(name)}"]
    return []


def check_autocomplete(data: dict[str, Any]) -> list[str]:
    choices = data.get("choices") or []
    problems = [] if len(choices) <= COMMAND_CHOICES else [f"{len(choices)} autocomplete choices (max 25)"]
    for i, choice in enumerate(choices):
        problems += _too_long(f"choices[{i}].name", choice.get("name"), CHOICE_NAME)
        problems += _too_long(f"choices[{i}].value", choice.get("value"), CHOICE_STRING)
    return problems
