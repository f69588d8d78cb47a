"""How the fake writes messages: creation and edits from a bot's payload (content, embeds,
components with Discord's numeric ids, attachments from multipart uploads, mentions and who they
notify), their JSON, and error 30046 for edits of messages older than an hour."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fake_discord.limits import ATTACHMENT_SCHEME, CONTAINER, FILE, MEDIA_GALLERY, SEPARATOR, THUMBNAIL
from tests.fake_discord.model import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    FakeInteraction,
    FakeMessage,
    json_copy,
    new_snowflake,
    walk_components,
)
from tests.fake_discord.payloads import message_payload, user_payload
from tests.fake_discord.responses import OLD_MESSAGE_EDITS, json_response

if TYPE_CHECKING:
    from tests.fake_discord.fake import FakeDiscord

#: Message flags a bot may set on create / edit (SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS,
#: IS_COMPONENTS_V2).
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | (1 << 15)


def number_components(components: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Discord gives every component of a message a numeric `id` (1, 2, ... depth first, skipping
    ids the bot set itself) unless the bot set one. The numbered copy, and every component of it
    (`walk_components`: the message's other readers walk the same tree)."""
    numbered = json_copy(components)
    found = walk_components(numbered)
    used = {item["id"] for item in found if isinstance(item.get("id"), int)}
    next_id = 1
    for item in found:
        if not isinstance(item.get("id"), int):
            while next_id in used:
                next_id += 1
            item["id"] = next_id
            used.add(next_id)
    return numbered, found


def as_discord_answers(
    components: list[dict[str, Any]],
    attachments: list[dict[str, Any]],
    walked: list[dict[str, Any]] | None = None,
) -> None:
    """Fill in a layout tree (in place) the way Discord answers it (the spec's *ComponentResponse
    schemas): containers with `spoiler` and `accent_color`, separators with `spacing` and
    `divider`, thumbnails and gallery items with `description` and `spoiler`, files with their
    `name` and `size`, and every media item unfurled (`id`, `url`, `proxy_url`, `content_type`,
    `width`, `height`); an `attachment://name` url becomes the attachment's own url, with its
    `attachment_id`. Buttons and selects stay as the bot sent them. `walked`: the tree's
    components already walked (`walk_components`), if they were; only leaves change here."""
    by_name = {str(a.get("filename")): a for a in attachments}
    by_url = {str(a.get("url")): a for a in attachments}

    def unfurl(media: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
        url = str(media.get("url", "")) if isinstance(media, dict) else ""
        if url.startswith(ATTACHMENT_SCHEME):
            attachment = by_name.get(url[len(ATTACHMENT_SCHEME) :])
        else:  # an attachment's own url, as a tree read back from Discord (from_message) sends it
            attachment = by_url.get(url)
        unfurled: dict[str, Any] = {
            "id": str(new_snowflake()),
            "url": attachment["url"] if attachment else url,
            "proxy_url": attachment["proxy_url"] if attachment else url,
            "width": None,
            "height": None,
            "content_type": attachment.get("content_type") if attachment else None,
        }
        if attachment is not None:
            unfurled["attachment_id"] = str(attachment["id"])
        return unfurled, attachment

    for item in walk_components(components) if walked is None else walked:
        kind = item.get("type")
        if kind == CONTAINER:
            item.setdefault("spoiler", False)
            item.setdefault("accent_color", None)
        elif kind == SEPARATOR:
            if item.get("spacing") is None:
                item["spacing"] = 1
            if item.get("divider") is None:
                item["divider"] = True
        elif kind == THUMBNAIL:
            item["media"] = unfurl(item.get("media"))[0]
            item.setdefault("description", None)
            item["spoiler"] = bool(item.get("spoiler"))
        elif kind == MEDIA_GALLERY:
            for entry in item.get("items") or []:
                entry["media"] = unfurl(entry.get("media"))[0]
                entry.setdefault("description", None)
                entry["spoiler"] = bool(entry.get("spoiler"))
        elif kind == FILE:
            media, attachment = unfurl(item.get("file"))
            item["file"] = media
            item["spoiler"] = bool(item.get("spoiler"))
            if attachment is not None:
                item["name"], item["size"] = attachment.get("filename"), attachment.get("size")
            else:
                item.setdefault("name", None)
                item.setdefault("size", None)


class MessageWriter:
    """Creates and edits the fake's messages the way Discord applies a bot's payloads."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def message_json(self, message: FakeMessage) -> dict[str, Any]:
        channel = self.fake.channels.get(message.channel_id)
        return message_payload(message, channel.guild_id if channel else None, self.fake.users)

    def new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[dict[str, Any]],
        *,
        interaction: FakeInteraction | None,
        ephemeral: bool,
        loading: bool,
    ) -> FakeMessage:
        message = FakeMessage(
            id=new_snowflake(),
            channel_id=channel_id,
            author=self.fake.bot_user,
            ephemeral_to=interaction.user.id if (interaction is not None and ephemeral) else None,
            interaction_id=interaction.id if interaction is not None else None,
        )
        if interaction is not None:
            metadata: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user_payload(interaction.user),
                "authorizing_integration_owners": {"0": str(interaction.guild_id or 0)},
            }
            if interaction.message is not None and interaction.type == 3:
                metadata["interacted_message_id"] = str(interaction.message.id)
            if interaction.opened_by is not None:
                opener = interaction.opened_by
                metadata["triggering_interaction_metadata"] = {
                    "id": str(opener.id),
                    "type": opener.type,
                    "user": user_payload(opener.user),
                    "authorizing_integration_owners": {"0": str(opener.guild_id or 0)},
                }
                if opener.message is not None and opener.type == 3:
                    metadata["triggering_interaction_metadata"]["interacted_message_id"] = str(
                        opener.message.id
                    )
            if interaction.original is not None:
                metadata["original_response_message_id"] = str(interaction.original.id)
            message.interaction_metadata = metadata
            message.type = 20 if interaction.type == 2 and interaction.original is None else 0
        self.apply_edit(message, body, files, creating=True)
        if loading:
            message.flags |= LOADING
        if message.ephemeral:
            message.flags |= EPHEMERAL
        message.mentions = self.fake.mentioned_user_ids(message.content)
        message.pinged = self.pinged(message.mentions, body.get("allowed_mentions"))
        return self.fake.store_message(message)

    @staticmethod
    def pinged(mentioned: list[int], allowed: dict[str, Any] | None) -> list[int]:
        """Who a new message notifies: mentioned users the allowed_mentions let through."""
        if allowed is None:
            return list(mentioned)
        if "users" in allowed.get("parse", []):
            return list(mentioned)
        permitted = {int(u) for u in allowed.get("users", [])}
        return [u for u in mentioned if u in permitted]

    def apply_edit(
        self,
        message: FakeMessage,
        body: dict[str, Any],
        files: list[dict[str, Any]],
        *,
        creating: bool = False,
    ) -> None:
        if not creating:
            message.history.append(message.snapshot())
            message.edited_at = datetime.now(UTC)
        message.last_payload = body
        if "content" in body:
            message.content = body["content"] or ""
            message.mentions = self.fake.mentioned_user_ids(message.content)
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        if "flags" in body and body["flags"] is not None:
            # IS_COMPONENTS_V2 can only be set: once a message has it, it keeps it.
            keep = message.flags & (EPHEMERAL | LOADING | COMPONENTS_V2)
            message.flags = keep | (int(body["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL)
        uploads = {}
        for part in files:
            match = re.fullmatch(r"files\[(\d+)\]", part["name"])
            if match:
                uploads[int(match.group(1))] = part
        if "attachments" in body or uploads:
            kept: list[dict[str, Any]] = []
            existing = {str(a["id"]): a for a in message.attachments}
            listed = body.get("attachments")
            if listed is None:
                listed = (
                    [{"id": i} for i in sorted(uploads)]
                    if creating
                    else (
                        [{"id": a["id"]} for a in message.attachments] + [{"id": i} for i in sorted(uploads)]
                    )
                )
            for entry in listed:
                key = str(entry.get("id"))
                if key in existing:
                    kept.append(existing[key])
                elif key.isdigit() and int(key) in uploads:
                    part = uploads[int(key)]
                    attachment_id = str(new_snowflake())
                    self.fake.attachment_data[attachment_id] = part["data"]
                    kept.append(
                        {
                            "id": attachment_id,
                            "filename": entry.get("filename") or part["filename"] or f"file{key}",
                            "description": entry.get("description"),
                            "content_type": part["content_type"],
                            "size": part["size"],
                            "url": f"{self.fake.api_base}/attachments/{attachment_id}",
                            "proxy_url": f"{self.fake.api_base}/attachments/{attachment_id}",
                            "ephemeral": False,
                        }
                    )
            message.attachments = kept
        if "components" in body:
            numbered, walked = number_components(body["components"] or [])
            as_discord_answers(numbered, message.attachments, walked)
            message.set_components(numbered, walked)

    def old_message_throttled(self, message: FakeMessage) -> web.Response | None:
        """Discord error 30046 for messages older than an hour once their edit allowance is spent.

        Real Discord sends it as HTTP 429 with code 30046 (bot tracebacks read "429 Too Many
        Requests (error code: 30046)"), through its load balancer like every answer, so with a
        `Via` header and a `retry_after`: discord.py then sleeps `retry_after` and retries, five
        times in all, before raising HTTPException (status 429, code 30046). A bot should not rely
        on that (real retry_after can be long, and the PATCH hangs meanwhile): it should re-post
        boards before they are an hour old and treat 30046 as the fallback. The fake's retry_after
        is short (`fake.old_edit_retry_after`); `fake.old_edit_via = False` answers without `Via`,
        which discord.py raises at once.
        """
        if message.old_edits_left is None:
            return None
        if message.old_edits_left > 0:
            message.old_edits_left -= 1
            return None
        retry_after = self.fake.old_edit_retry_after
        headers = {"Via": "1.1 google"} if self.fake.old_edit_via else {}
        return json_response(
            {
                "message": "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                "code": OLD_MESSAGE_EDITS,
                "retry_after": retry_after,
                "global": False,
            },
            429,
            headers,
        )
