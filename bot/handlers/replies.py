"""Answering interactions: exactly one answer each, and always within Discord's 3 seconds.

Discord shows "This interaction failed" when an interaction gets no answer within 3 seconds. Most
answers take milliseconds, but a slow disk or a busy machine can stretch any handler, so handlers
run under `on_time`: if one has not answered `DEFER_AFTER` seconds in, the interaction is deferred
(a click: "update later", which shows nothing; a command: "Garden Club is thinking…", as private
or public as its answer will be), and the answer that follows is delivered by editing the deferred
response or as a follow-up. Handlers answer only through `send`, `update` and `defer`, which take
turns with the safety's deferral, so the two can never both answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.basics import clicks
from bot.basics.callbacks import InteractionCallbacks, message_update, original_edit, private_message

log = logging.getLogger(__name__)

#: Defer an interaction that has no answer this many seconds after its handler started (Discord
#: allows 3; the margin covers the deferral's own trip).
DEFER_AFTER = 2.0

_KEY = "garden_club.reply"
#: What a "thinking…" placeholder briefly says before it is removed (its answer went elsewhere).
SETTLED = "Done."

#: How an interaction was deferred.
UPDATE = "update"  # a component's deferred update: the answer edits the clicked message
PRIVATE = "private"  # a private "thinking…" placeholder
PUBLIC = "public"  # a public "thinking…" placeholder


@dataclass
class _Reply:
    """The answer state of one interaction (kept in `interaction.extras`)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: UPDATE, PRIVATE or PUBLIC once deferred (by the safety or by the handler itself).
    deferred: str | None = None
    #: The "thinking…" placeholder was replaced by the answer (or removed).
    filled: bool = False
    timer: asyncio.TimerHandle | None = None
    task: asyncio.Task[None] | None = None
    #: Someone else answers it after its handler returns (`hand_over`): the safety stays armed.
    handed_over: bool = False


def _reply(interaction: discord.Interaction[Any]) -> _Reply:
    reply = interaction.extras.get(_KEY)
    if reply is None:
        reply = interaction.extras[_KEY] = _Reply()
    return reply


def _stop_timer(reply: _Reply) -> None:
    if reply.timer is not None:
        reply.timer.cancel()
        reply.timer = None


def on_time(
    interaction: discord.Interaction[Any], *, private: bool = True, after: float | None = None
) -> _OnTime:
    """Run a handler (`with on_time(interaction): ...`), deferring the interaction if it has not
    answered `after` seconds in (default `DEFER_AFTER`). `private`: whether a command's answer is
    ephemeral (clicks ignore it)."""
    return _OnTime(interaction, private, DEFER_AFTER if after is None else after)


class _OnTime:
    """`on_time`'s safety: a plain (synchronous) context manager. Arming and stopping the timer
    await nothing, and every click passes through it, where a generator-based one cost a
    generator, its wrapper and two awaits each time (issue 31)."""

    __slots__ = ("_delay", "_interaction", "_private", "_reply")

    def __init__(self, interaction: discord.Interaction[Any], private: bool, delay: float) -> None:
        self._interaction = interaction
        self._private = private
        self._delay = delay
        self._reply = _reply(interaction)

    def __enter__(self) -> None:
        loop = asyncio.get_running_loop()
        self._reply.timer = loop.call_later(self._delay, _defer_soon, self._interaction, self._private)

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        # Left armed if the handler raised (the error's answer may still be on its way), or handed
        # the answer over to the publisher.
        if kind is None and not self._reply.handed_over:
            _stop_timer(self._reply)


def hand_over(interaction: discord.Interaction[Any]) -> None:
    """The answer is sent after the handler returns (by the publisher, issue 31): keep the
    safety's deferral armed, so the interaction is still answered in time if that answer is late."""
    _reply(interaction).handed_over = True


def _defer_soon(interaction: discord.Interaction[Any], private: bool) -> None:
    reply = _reply(interaction)
    reply.timer = None
    if interaction.response.is_done() or reply.lock.locked():
        return  # answered, or being answered right now
    reply.task = asyncio.create_task(_defer_late(interaction, private), name=f"defer-{interaction.id}")


async def _defer_late(interaction: discord.Interaction[Any], private: bool) -> None:
    async with _reply(interaction).lock:
        if interaction.response.is_done():
            return
        try:
            await _defer_locked(interaction, private)
        except discord.HTTPException:
            log.warning("Could not defer slow interaction %s.", interaction.id, exc_info=True)
            return
    log.info("Interaction %s was slow to answer: deferred.", interaction.id)


async def _defer_locked(interaction: discord.Interaction[Any], private: bool) -> None:
    reply = _reply(interaction)
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=private, thinking=True)
        reply.deferred = PRIVATE if private else PUBLIC
    else:
        await interaction.response.defer()
        reply.deferred = UPDATE


async def defer(interaction: discord.Interaction[Any], *, private: bool) -> None:
    """Defer now, on purpose (long work ahead); a later `send` fills the placeholder."""
    reply = _reply(interaction)
    async with reply.lock:
        _stop_timer(reply)
        if not interaction.response.is_done():
            await _defer_locked(interaction, private)


def _present(fields: dict[str, Any]) -> dict[str, Any]:
    """`fields` without `view=None` (no view): sends and follow-ups take a view or nothing."""
    return {key: value for key, value in fields.items() if not (key == "view" and value is None)}


async def send(
    interaction: discord.Interaction[Any], *, private: bool, **fields: Any
) -> discord.Message | None:
    """Answer with a new message (`private`: ephemeral, for the user alone); return it when known.

    `fields` are what `InteractionResponse.send_message` takes besides `ephemeral`: content, embed,
    embeds, view, allowed_mentions, files.
    """
    reply = _reply(interaction)
    async with reply.lock:
        _stop_timer(reply)
        if not interaction.response.is_done():
            if private and await _send_private(interaction, _present(fields)):
                return None
            response = await interaction.response.send_message(ephemeral=private, **_present(fields))
            resource = response.resource if response is not None else None
            return resource if isinstance(resource, discord.Message) else None
        placeholder = reply.deferred in (PRIVATE, PUBLIC) and not reply.filled
        if placeholder and reply.deferred == (PRIVATE if private else PUBLIC):
            reply.filled = True
            edits = {k: v for k, v in _present(fields).items() if k not in ("file", "files")}
            if "file" in fields or "files" in fields:  # an edit names its files `attachments`
                edits["attachments"] = fields["files"] if "files" in fields else [fields["file"]]
            return await interaction.edit_original_response(**edits)
        if placeholder:
            # The placeholder has the other visibility. Discord turns the first follow-up after a
            # "thinking" deferral into that placeholder (keeping its visibility), so settle the
            # placeholder first; the follow-up is then a message of its own, and the placeholder goes.
            reply.filled = True
            await interaction.edit_original_response(content=SETTLED, embeds=[], view=None)
            message = await interaction.followup.send(ephemeral=private, wait=True, **_present(fields))
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            return message
        return await interaction.followup.send(ephemeral=private, wait=True, **_present(fields))


async def edit_original(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Edit `interaction`'s answer through its token (`Interaction.edit_original_response`),
    without asking for the message back as discord.py does and parsing it (a hand left open is
    redrawn this way whenever the game moves on: issue 31); see `_sent_by_us` for what goes
    discord.py's way."""
    own = _sent_by_us(interaction, fields, original_edit)
    if own is None:
        await interaction.edit_original_response(**fields)
        return
    callbacks, payload = own
    await callbacks.edit_original(interaction.application_id, interaction.token, payload)


async def _send_private(interaction: discord.Interaction[Any], fields: dict[str, Any]) -> bool:
    """A private answer sent by the bot, without `send_message`'s asking for the new message back
    and parsing it (a hand of a few dozen components, answered to every "My hand": issue 31);
    False when it is discord.py's to send (`_sent_by_us`)."""
    own = _sent_by_us(interaction, fields, private_message)
    if own is None:
        return False
    callbacks, payload = own
    await callbacks.send(interaction.id, interaction.token, payload)
    interaction.response._response_type = discord.InteractionResponseType.channel_message
    return True


def _sent_by_us(
    interaction: discord.Interaction[Any],
    fields: dict[str, Any],
    write: Callable[[dict[str, Any], discord.AllowedMentions | None], dict[str, Any] | None],
) -> tuple[InteractionCallbacks, dict[str, Any]] | None:
    """The bot's `InteractionCallbacks` (bot/basics/callbacks.py) and the payload `write` makes of
    `fields`, when the bot sends this answer itself; None when discord.py does: a client without
    them, files to upload (`write` returns None), or a view still listening for its clicks, which
    discord.py stores for the message (none of the bot's does: every click is routed by its id)."""
    client = interaction.client
    callbacks: InteractionCallbacks | None = getattr(client, "callbacks", None)
    view = fields.get("view")
    if callbacks is None or (view is not None and view is not MISSING and not view.is_finished()):
        return None
    payload = write(fields, client.allowed_mentions)
    return None if payload is None else (callbacks, payload)


async def update(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Answer a click by editing the message it was made on (`embed`, `view`, `content`, …)."""
    reply = _reply(interaction)
    async with reply.lock:
        _stop_timer(reply)
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        elif fields.keys() <= _QUIET_FIELDS and interaction.type is discord.InteractionType.component:
            await _edit_clicked_message(interaction, fields)
        else:
            await interaction.response.edit_message(**fields)


#: What `_edit_clicked_message` passes on (anything else goes through discord.py's own method).
_QUIET_FIELDS = frozenset({"content", "embed", "embeds", "view", "attachments", "allowed_mentions"})


async def _edit_clicked_message(interaction: discord.Interaction[Any], fields: dict[str, Any]) -> None:
    """`InteractionResponse.edit_message`, without asking Discord to send the edited message back.

    discord.py always asks for it (`with_response`) and parses it into a `Message`: for a table
    with its dozens of components that is 9.3% of a click's instructions (issue 31; docs/bot.md,
    "Beyond discord.py's documented API"), and nothing here reads it. The callback is written and
    sent by the bot's `InteractionCallbacks` (bot/basics/callbacks.py); an answer with files to
    upload goes through discord.py's own webhook adapter (its multipart form), with the same
    bookkeeping (the view, the answer being done)."""
    own = _sent_by_us(interaction, fields, message_update)
    if own is not None:
        callbacks, payload = own
        await callbacks.send(interaction.id, interaction.token, payload)
        interaction.response._response_type = discord.InteractionResponseType.message_update
        return
    state = interaction._state
    message_id = clicks.message_id(interaction)
    view = fields.get("view", MISSING)
    if view is not MISSING and message_id is not None:
        state.prevent_view_updates_for(message_id)
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=state.allowed_mentions,
        **fields,
    )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    http = state.http
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=None if params.files else params.payload,
        multipart=params.multipart if params.files else None,
        files=params.files or None,
    )
    interaction.response._response_type = discord.InteractionResponseType.message_update
    if view and not view.is_finished() and view.is_dispatchable():
        state.store_view(view, message_id)
