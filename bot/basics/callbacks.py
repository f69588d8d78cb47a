"""A click's answer written as JSON and sent by the bot itself: the edit of the clicked message, and
a new message only the clicker sees.

Nearly every click is answered by editing its message (a table's picker step, a move shown by the
redrawn table, a lobby's buttons), and every "My hand" with a private hand. discord.py's own
`InteractionResponse.edit_message` and `send_message` ask Discord to send the message back and
parse it into a `Message` that nothing here reads. Sending the edit through discord.py's webhook
adapter avoided that, but still built its request parameters, a route, a lock per interaction and
the JSON twice over (text, then bytes). Here the payload is built from the same fields and sent
once as bytes, over connections kept open by the bot (bot/basics/answer_http.py) rather than
aiohttp's client: together a seventh of the instructions of a click on a table (issue 31,
docs/performance.md). Interaction callbacks carry no token of the bot (the interaction's own
token is in the path) and Discord does not count them against the bot's global rate limit, so
nothing here waits for the REST window (bot/operations/rest_limit.py).

The payloads are discord.py's, field for field (`tests/bot/test_callbacks.py` compares them). An
answer with files to upload (a new board or hand picture) goes through discord.py instead
(`message_update`, `private_message` and `original_edit` return None). Discord's answers are
handled as discord.py's adapter handles them: a 429 through Discord's edge is waited out and
retried, a 5xx retried after a pause, anything else raised as discord.py's own `HTTPException`,
`Forbidden` or `NotFound`, which every handler already answers.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

import discord
import orjson

from bot.basics.answer_http import HttpReply, KeptConnections

log = logging.getLogger(__name__)

#: Discord's REST base when no DISCORD_API_BASE is set (discord.py's `Route.BASE`).
DISCORD_API_BASE = "https://discord.com/api/v10"
#: The callback types that answer with a new message and that edit the clicked message (Discord's
#: interaction callback types).
NEW_MESSAGE, UPDATE_MESSAGE = 4, 7
#: A message flag: only the user who clicked sees it.
EPHEMERAL = 1 << 6
#: A message flag: the message is made of layout components (Discord's message flags).
COMPONENTS_V2 = 1 << 15
#: Tries before a 5xx or a 429 is given up, as discord.py's adapter does.
ATTEMPTS = 5
#: Who sends the answers, as Discord asks every client to say (discord.py's own words).
USER_AGENT = (
    f"DiscordBot (https://github.com/Rapptz/discord.py {discord.__version__}) "
    f"Python/{sys.version_info[0]}.{sys.version_info[1]}"
)
#: The headers of every answer: all are JSON.
ANSWER_HEADERS = {"User-Agent": USER_AGENT, "Content-Type": "application/json"}


def message_update(
    fields: dict[str, Any], allowed_mentions: discord.AllowedMentions | None
) -> dict[str, Any] | None:
    """The callback that edits the clicked message to `fields` (`content`, `embed`, `embeds`,
    `view`, `attachments`, `allowed_mentions`), as discord.py's `InteractionResponse.edit_message`
    would send it; None when it uploads files (multipart: discord.py's path) or names a field not
    said here. The message's fields are those of `original_edit`."""
    data = original_edit(fields, allowed_mentions)
    return None if data is None else {"type": UPDATE_MESSAGE, "data": data}


def private_message(
    fields: dict[str, Any], allowed_mentions: discord.AllowedMentions | None
) -> dict[str, Any] | None:
    """The callback that answers with a new message only the clicker sees (`content`, `embed`,
    `embeds`, `view`, `files`, `allowed_mentions`), as discord.py's
    `InteractionResponse.send_message(ephemeral=True)` would send it; None when it uploads files or
    names a field not said here."""
    if not fields.keys() <= _NEW_FIELDS or ("embed" in fields and "embeds" in fields):
        return None
    files = fields.get("files")
    if files:
        return None
    said = {"content": None, **fields}  # `send_message` sends its content, null when not given
    data = _message_data(said, allowed_mentions, EPHEMERAL, None if files is None else [])
    return {"type": NEW_MESSAGE, "data": data}


def original_edit(
    fields: dict[str, Any], allowed_mentions: discord.AllowedMentions | None
) -> dict[str, Any] | None:
    """The edit of an interaction's answer through its token (a hand left open, redrawn when the
    game moves on) to `fields` (`content`, `embed`, `embeds`, `view`, `attachments`,
    `allowed_mentions`), as discord.py's `Interaction.edit_original_response` would send it; None
    when it uploads files or names a field not said here."""
    if not fields.keys() <= _EDIT_FIELDS or ("embed" in fields and "embeds" in fields):
        return None
    attachments = fields.get("attachments")
    if attachments is not None and any(isinstance(a, discord.File) for a in attachments):
        return None
    return _message_data(fields, allowed_mentions, None, attachments)


def _message_data(
    fields: dict[str, Any],
    allowed_mentions: discord.AllowedMentions | None,
    flags: int | None,
    attachments: list[Any] | None,
) -> dict[str, Any]:
    """A message's fields as discord.py writes them (`interaction_message_response_params`,
    `handle_message_parameters`); `flags` the message's own (None: none), a layout's flag added."""
    data: dict[str, Any] = {"tts": False}
    if "embeds" in fields:
        data["embeds"] = [embed.to_dict() for embed in fields["embeds"]]
    if "embed" in fields:
        embed = fields["embed"]
        data["embeds"] = [] if embed is None else [embed.to_dict()]
    if "content" in fields:
        content = fields["content"]
        data["content"] = None if content is None else str(content)
    if "view" in fields:
        view = fields["view"]
        if view is None:
            data["components"] = []
        else:
            data["components"] = view.to_components()
            if view.has_components_v2():
                flags = (flags or 0) | COMPONENTS_V2
    if flags is not None:
        data["flags"] = flags
    mentions = fields.get("allowed_mentions")
    if mentions and allowed_mentions is not None:
        data["allowed_mentions"] = allowed_mentions.merge(mentions).to_dict()
    elif mentions:
        data["allowed_mentions"] = mentions.to_dict()
    elif allowed_mentions is not None:
        data["allowed_mentions"] = allowed_mentions.to_dict()
    if attachments is not None:
        data["attachments"] = [attachment.to_dict() for attachment in attachments]
    return data


_EDIT_FIELDS = frozenset({"content", "embed", "embeds", "view", "attachments", "allowed_mentions"})
_NEW_FIELDS = frozenset({"content", "embed", "embeds", "view", "files", "allowed_mentions"})


class InteractionCallbacks:
    """Sends interaction answers (callbacks, and edits of an answer through its token) to
    `api_base` (None: Discord's own) over connections of its own, opened when first needed and
    closed with the bot. The interaction's token is in every path: no URL is ever logged here."""

    def __init__(self, api_base: str | None) -> None:
        self._connections = KeptConnections(api_base or DISCORD_API_BASE, ANSWER_HEADERS)

    async def send(self, interaction_id: int, token: str, payload: dict[str, Any]) -> None:
        """POST `payload` as interaction `interaction_id`'s callback. Raises discord.py's
        `HTTPException` (or `Forbidden`, `NotFound`, `DiscordServerError`) when Discord refuses it."""
        await self._request("POST", f"/interactions/{interaction_id}/{token}/callback", payload)

    async def edit_original(self, application_id: int, token: str, payload: dict[str, Any]) -> None:
        """PATCH an interaction's answer (`token`'s) to `payload`; Discord's answer (the message) is
        read and left unparsed. Raises as `send` does."""
        await self._request("PATCH", f"/webhooks/{application_id}/{token}/messages/@original", payload)

    async def _request(self, method: str, path: str, payload: dict[str, Any]) -> None:
        body = orjson.dumps(payload)
        reply: HttpReply | None = None
        data: Any = None
        for attempt in range(ATTEMPTS):
            # A connection that fails is tried again by the transport only when the request cannot
            # have been read (bot/basics/answer_http.py): a callback is taken once.
            reply = await self._connections.request(method, path, body)
            if 200 <= reply.status < 300:
                return
            data = json_or_text(reply)
            if reply.status == 429:
                if not reply.headers.get("via"):  # not from Discord's edge: a ban
                    raise discord.HTTPException(as_response(reply), data)
                retry_after = float(data.get("retry_after", 1.0)) if isinstance(data, dict) else 1.0
                log.warning("An interaction answer is rate limited: retrying in %.2f s.", retry_after)
                await asyncio.sleep(retry_after)
                continue
            if reply.status >= 500:
                await asyncio.sleep(retry_pause(attempt))
                continue
            raise refused(reply, data)
        assert reply is not None  # every attempt either returned, raised or got an answer
        raise refused(reply, data)

    async def close(self) -> None:
        self._connections.close()


def retry_pause(attempt: int) -> float:
    """Seconds to wait before trying again after failed try number `attempt` (0 first), as
    discord.py's adapter waits."""
    return 1.0 + attempt * 2


def refused(reply: HttpReply, data: Any) -> discord.HTTPException:
    """Discord's refusal (`reply`, its body read as `data`) as discord.py raises it for its
    status: `Forbidden`, `NotFound`, `DiscordServerError` (5xx) or `HTTPException`."""
    response = as_response(reply)
    if reply.status == 403:
        return discord.Forbidden(response, data)
    if reply.status == 404:
        return discord.NotFound(response, data)
    if reply.status >= 500:
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


def as_response(reply: HttpReply) -> Any:
    """`reply` where discord.py's exceptions take aiohttp's response: they read its `status` and
    `reason` only, which it has."""
    return reply


def json_or_text(reply: HttpReply) -> Any:
    """Discord's answer: its JSON when it says it is JSON, else its text."""
    if reply.headers.get("content-type", "").startswith("application/json"):
        try:
            return orjson.loads(reply.body)
        except orjson.JSONDecodeError:
            pass
    return reply.body.decode("utf-8", "replace")
