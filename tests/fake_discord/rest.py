"""The fake's REST API under /api/v10: the routes a discord.py bot calls, answered as Discord does.

Wire facts from discord.py 2.7.1 honoured here (http.py, webhook/async_.py):
- responses are parsed as JSON only when Content-Type is exactly `application/json`, so every
  JSON answer sets that header itself (aiohttp would add `; charset=utf-8`);
- interaction callbacks come with `?with_response=1`, no Authorization header, and need a JSON
  body with an `interaction` object back (a 204 would break `InteractionCallbackResponse`);
- a 429 without a `Via` header is taken as a Cloudflare ban and raised, never retried.
Unknown routes are recorded and answered 404 with a Discord-shaped error, so a test notices.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import BodyPartReader, web

from tests.fake_discord.messages import MessageWriter
from tests.fake_discord.model import (
    ATTACH_FILES,
    COMPONENTS_V2,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EPHEMERAL,
    LOADING,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    InteractionResponse,
    RecordedCall,
    iso,
    new_snowflake,
)
from tests.fake_discord.payloads import channel_payload, guild_payload, member_payload, user_payload
from tests.fake_discord.responses import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_MESSAGE_USER,
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    THREAD_ARCHIVED,
    THREAD_EXISTS,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_INTERACTION,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_ROUTE,
    UNKNOWN_WEBHOOK,
    error_response,
    json_response,
    no_content,
)

if TYPE_CHECKING:
    from tests.fake_discord.fake import FakeDiscord

Handler = Callable[["Call"], Awaitable[web.Response]]

#: Discord's wording of its server errors (the `message` of the JSON body, code 0).
SERVER_ERRORS = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@dataclass
class Call:
    """One request as a handler sees it: params from the route, the parsed body, the record."""

    request: web.Request
    params: dict[str, str]
    body: Any
    record: RecordedCall


@dataclass(frozen=True)
class Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    #: Bot-token routes need `Authorization: Bot <token>`; webhook/interaction routes need none.
    needs_auth: bool


class RestApi:
    """Routes, recording, checks and the handlers themselves."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.writer = MessageWriter(fake)
        self.routes: list[Route] = []
        r = self._add
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/gateway", self.get_gateway, auth=False)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/applications/{application_id}/commands", self.get_commands)
        r("PUT", "/applications/{application_id}/commands", self.put_commands)
        r("POST", "/applications/{application_id}/commands", self.post_command)
        r("DELETE", "/applications/{application_id}/commands/{command_id}", self.delete_command)
        r("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands)
        r("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands)
        r("POST", "/applications/{application_id}/guilds/{guild_id}/commands", self.post_command)
        r(
            "DELETE",
            "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
            self.delete_command,
        )
        r(
            "POST",
            "/interactions/{interaction_id}/{interaction_token}/callback",
            self.interaction_callback,
            auth=False,
        )
        r("POST", "/webhooks/{webhook_id}/{webhook_token}", self.execute_webhook, auth=False)
        r(
            "GET",
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
            self.get_webhook_message,
            auth=False,
        )
        r(
            "PATCH",
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
            self.edit_webhook_message,
            auth=False,
        )
        r(
            "DELETE",
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
            self.delete_webhook_message,
            auth=False,
        )
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.edit_channel)
        r("DELETE", "/channels/{channel_id}", self.delete_channel)
        r("GET", "/channels/{channel_id}/messages", self.list_messages)
        r("POST", "/channels/{channel_id}/messages", self.create_message)
        r("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete)
        r("GET", "/channels/{channel_id}/messages/pins", self.list_pins)
        r("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin_message)
        r("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from_message)
        r("POST", "/channels/{channel_id}/threads", self.thread_without_message)
        r("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread)
        r("GET", "/attachments/{attachment_id}", self.get_attachment, auth=False)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def _add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
        self.routes.append(Route(method, template, re.compile(f"^{regex}$"), handler, auth))

    def _match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        for route in self.routes:
            if route.method != method:
                continue
            found = route.pattern.match(path)
            if found:
                return route, found.groupdict()
        return None

    # --- Dispatch -----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        headers = {k: v for k, v in request.headers.items() if k.lower() != "authorization"}
        record = RecordedCall(
            method=request.method, path=path, route=None, query=dict(request.query), headers=headers
        )
        self.fake.calls.append(record)
        try:
            response = await self._handle(request, path, record)
            record.status = response.status
            if response.content_type == "application/json" and isinstance(response.body, bytes):
                record.response = orjson.loads(response.body)
            return response
        finally:
            self.fake.notify_changed()

    async def _handle(self, request: web.Request, path: str, record: RecordedCall) -> web.Response:
        body = await self._read_body(request, record)
        matched = self._match(request.method, path)
        if matched is None:
            self.fake.unknown_routes.append(record)
            return error_response(
                404, UNKNOWN_ROUTE, f"404: Not Found (the fake has no {request.method} {path})"
            )
        route, params = matched
        record.route = route.template
        if route.needs_auth and request.headers.get("Authorization") != f"Bot {self.fake.token}":
            return error_response(401, 0, "401: Unauthorized")
        if not route.needs_auth and "Authorization" in request.headers and "/callback" in route.template:
            self.fake.violations.append(f"{request.method} {route.template}: sent an Authorization header")
        turn = self.fake.buckets.take(f"{request.method} {route.template}", params)
        if not turn.allowed:  # the client sent when the headers said its bucket had nothing left
            return json_response(
                {"message": "You are being rate limited.", "retry_after": turn.retry_after, "global": False},
                429,
                {**turn.headers, "Via": "1.1 google", "X-RateLimit-Scope": "user"},
            )
        response = await self._handle_in_turn(request, path, record, route, params, body)
        if response.status < 500 and response.status != 429:  # an injected 429 says its own
            response.headers.update(turn.headers)
        return response

    async def _handle_in_turn(
        self,
        request: web.Request,
        path: str,
        record: RecordedCall,
        route: Route,
        params: dict[str, str],
        body: Any,
    ) -> web.Response:
        release = self.fake.take_hold(request.method, route.template)
        if release is not None:
            await release.wait()
        failure = self.fake.take_failure(request.method, route.template)
        if failure is not None:
            return error_response(failure, 0, f"{failure}: {SERVER_ERRORS.get(failure, 'Server Error')}")
        if self._bot_removed(params) or self._cannot_view(params):
            return error_response(403, MISSING_ACCESS, "Missing Access")
        limited = self.fake.take_injected_rate_limit(request.method, route.template)
        if limited is not None:
            retry_after, is_global = limited
            return json_response(
                {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global},
                429,
                {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(retry_after))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(retry_after),
                    "X-RateLimit-Bucket": "fake-bucket",
                    "X-RateLimit-Scope": "global" if is_global else "user",
                    **({"X-RateLimit-Global": "true"} if is_global else {}),
                },
            )
        target = self._edited_message(request.method, route.template, params, body)
        problems = self.fake.checker.check(
            request.method,
            route.template,
            body,
            record.files,
            dict(request.query),
            existing=target.fields() if target is not None else None,
        )
        if problems:
            self.fake.violations.extend(f"{request.method} {route.template}: {p}" for p in problems)
            limit_errors = [p for p in problems if not p.startswith("schema:")]
            if limit_errors:
                return error_response(
                    400,
                    INVALID_FORM_BODY,
                    "Invalid Form Body",
                    {"_errors": [{"code": "BASE_TYPE_INVALID", "message": m} for m in limit_errors]},
                )
        return await route.handler(Call(request, params, body, record))

    def _edited_message(
        self, method: str, template: str, params: dict[str, str], body: Any
    ) -> FakeMessage | None:
        """The stored message a request changes (an edit, a type-7 update, the follow-up that
        fills a deferred answer), so the checks see what it keeps (its IS_COMPONENTS_V2 flag,
        content, attachments); None for new messages and everything else."""
        if method == "PATCH" and template == "/channels/{channel_id}/messages/{message_id}":
            wanted = params["message_id"]
            found = self.fake.messages.get(int(wanted)) if wanted.isdigit() else None
            return found if found is not None and not found.deleted else None
        if template.startswith("/webhooks/") or template.endswith("/callback"):
            token = params.get("webhook_token") or params.get("interaction_token") or ""
            interaction = self._interaction(token)
            if interaction is None:
                return None
            if template.endswith("/callback"):
                kind = body.get("type") if isinstance(body, dict) else None
                return interaction.message if kind == 7 and interaction.response is None else None
            original = interaction.original
            if method == "POST":
                replaces = original is not None and original.loading and interaction.response_type == 5
                return original if replaces else None
            if method == "PATCH" and "message_id" in params:
                wanted = params["message_id"]
                if wanted == "@original":
                    return original
                return next(
                    (m for m in [original, *interaction.followups] if m is not None and str(m.id) == wanted),
                    None,
                )
        return None

    @staticmethod
    async def _read_body(request: web.Request, record: RecordedCall) -> Any:
        if not request.can_read_body:
            return None
        if request.content_type == "application/json":
            record.json = orjson.loads(await request.read())
            return record.json
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            payload: Any = None
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue  # nested multipart: discord.py never sends one
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    data = await part.read()
                    record.files.append(
                        {
                            "name": name,
                            "filename": part.filename,
                            "content_type": part.headers.get("Content-Type"),
                            "size": len(data),
                            "data": bytes(data),
                        }
                    )
            record.json = payload
            return payload
        record.json = await request.text()
        return record.json

    # --- Users, gateway, application ----------------------------------------------------------

    async def get_me(self, call: Call) -> web.Response:
        return json_response(
            user_payload(self.fake.bot_user)
            | {"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}
        )

    async def get_user(self, call: Call) -> web.Response:
        user = self.fake.users.get(int(call.params["user_id"]))
        if user is None:
            return error_response(404, 10013, "Unknown User")
        return json_response(user_payload(user))

    async def open_dm(self, call: Call) -> web.Response:
        user = self.fake.users.get(int((call.body or {}).get("recipient_id", 0)))
        if user is None or user.bot:
            return error_response(400, 50033, "Invalid Recipient(s)")
        return json_response(channel_payload(self.fake.dm_channel(user)))

    async def get_gateway(self, call: Call) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, call: Call) -> web.Response:
        return json_response(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_application(self, call: Call) -> web.Response:
        fake = self.fake
        owner = next(u for u in fake.users.values() if not u.bot) if len(fake.users) > 1 else fake.bot_user
        return json_response(
            {
                "id": str(fake.application_id),
                "name": "Garden Club",
                "icon": None,
                "description": "A fake application for tests.",
                "type": None,
                "bot_public": False,
                "bot_require_code_grant": False,
                "bot": user_payload(fake.bot_user),
                "owner": user_payload(owner),
                "summary": "",
                "verify_key": "0" * 64,
                "team": None,
                "flags": fake.application_flags,
                "interactions_endpoint_url": None,
                "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
                "integration_types_config": {"0": {}},
                "approximate_guild_count": len(fake.guilds),
                "redirect_uris": [],
                "tags": [],
                "flags_new": str(fake.application_flags),
                "role_connections_verification_url": None,
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
                "explicit_content_filter": 0,
            }
        )

    # --- Application commands -----------------------------------------------------------------

    def _command_list(self, call: Call) -> list[dict[str, Any]] | None:
        if int(call.params["application_id"]) != self.fake.application_id:
            return None
        guild_id = call.params.get("guild_id")
        if guild_id is None:
            return self.fake.global_commands
        if int(guild_id) not in self.fake.guilds:
            return None  # as Discord: a guild the bot is not in is 403 Missing Access
        return self.fake.guild_commands.setdefault(int(guild_id), [])

    def _stored_command(
        self, call: Call, body: dict[str, Any], existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = dict(body)
        command.setdefault("type", 1)
        command.setdefault("description", "")
        command["id"] = existing["id"] if existing else str(new_snowflake())
        command["application_id"] = str(self.fake.application_id)
        command["version"] = str(new_snowflake())
        # Discord answers the bit set as a string; discord.py sends it as a JSON integer.
        required = command.get("default_member_permissions")
        command["default_member_permissions"] = None if required is None else str(required)
        command.setdefault("nsfw", False)
        if command.get("integration_types") is None:
            command["integration_types"] = [0]  # Discord's default: installed to guilds
        if "guild_id" in call.params:
            command["guild_id"] = call.params["guild_id"]
        return command

    def _no_command_list(self, call: Call) -> web.Response:
        """Why `_command_list` found none: another application, or a guild the bot is not in."""
        if int(call.params["application_id"]) != self.fake.application_id:
            return error_response(404, 10002, "Unknown Application")
        return error_response(403, MISSING_ACCESS, "Missing Access")

    async def get_commands(self, call: Call) -> web.Response:
        commands = self._command_list(call)
        if commands is None:
            return self._no_command_list(call)
        return json_response(commands)

    async def put_commands(self, call: Call) -> web.Response:
        commands = self._command_list(call)
        if commands is None:
            return self._no_command_list(call)
        if not isinstance(call.body, list):
            return error_response(400, INVALID_FORM_BODY, "Invalid Form Body")
        old = {(c["name"], c.get("type", 1)): c for c in commands}
        new = [
            self._stored_command(call, body, old.get((body["name"], body.get("type", 1))))
            for body in call.body
        ]
        commands[:] = new
        return json_response(new)

    async def post_command(self, call: Call) -> web.Response:
        commands = self._command_list(call)
        if commands is None:
            return self._no_command_list(call)
        existing = next((c for c in commands if c["name"] == call.body["name"]), None)
        command = self._stored_command(call, call.body, existing)
        if existing:
            commands[commands.index(existing)] = command
        else:
            commands.append(command)
        return json_response(command, 200 if existing else 201)

    async def delete_command(self, call: Call) -> web.Response:
        commands = self._command_list(call)
        if commands is None:
            return self._no_command_list(call)
        kept = [c for c in commands if c["id"] != call.params["command_id"]]
        if len(kept) == len(commands):
            return error_response(404, 10063, "Unknown application command")
        commands[:] = kept
        return no_content()

    # --- Interactions -------------------------------------------------------------------------

    def _interaction(self, token: str) -> FakeInteraction | None:
        interaction = self.fake.interactions.get(token)
        if interaction is None or interaction.expired:
            return None
        return interaction

    async def interaction_callback(self, call: Call) -> web.Response:
        interaction = self._interaction(call.params["interaction_token"])
        if interaction is None or str(interaction.id) != call.params["interaction_id"]:
            return error_response(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.response is not None:
            return error_response(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        deadline = self.fake.answer_deadline
        waited = time.monotonic() - interaction.dispatched_at
        if interaction.missed_deadline or (deadline is not None and waited > deadline):
            if interaction.missed_deadline:  # reported once: the user saw one failure
                return error_response(404, UNKNOWN_INTERACTION, "Unknown interaction")
            interaction.missed_deadline = True
            self.fake.violations.append(
                f"{interaction.description} by {interaction.user.name} was answered after {waited:.2f}s "
                f"(Discord allows {deadline}s; the user saw 'This interaction failed')"
            )
            return error_response(404, UNKNOWN_INTERACTION, "Unknown interaction")
        body = call.body if isinstance(call.body, dict) else {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        resource: dict[str, Any] | None = None
        if kind in (4, 5):
            flags = int(data.get("flags", 0))
            if kind == 5 and flags & COMPONENTS_V2:
                # Discord ignores IS_COMPONENTS_V2 on a deferred ack: the follow-up (or the edit of
                # @original) that fills it in sets the flag.
                stored = {**data, "flags": flags & ~COMPONENTS_V2}
            else:
                stored = data
            message = self.writer.new_message(
                interaction.channel_id,
                stored,
                call.record.files,
                interaction=interaction,
                ephemeral=bool(flags & EPHEMERAL),
                loading=kind == 5,
            )
            interaction.original = message
            if kind == 4:  # a deferred (5) answer has no resource yet, only a loading message id
                resource = {"type": kind, "message": self.writer.message_json(message)}
        elif kind in (6, 7):
            if interaction.type not in (3, 5) or interaction.message is None:
                return error_response(
                    400,
                    INVALID_FORM_BODY,
                    "Invalid Form Body",
                    {
                        "type": {
                            "_errors": [
                                {
                                    "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                    "message": "Only component interactions can update their message.",
                                }
                            ]
                        }
                    },
                )
            if interaction.message.deleted:
                return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
            interaction.original = interaction.message
            if kind == 7:
                self.writer.apply_edit(interaction.message, data, call.record.files)
                resource = {"type": 7, "message": self.writer.message_json(interaction.message)}
        elif kind == 9:
            if interaction.type == 5:
                return error_response(400, INVALID_FORM_BODY, "A modal cannot answer a modal submission.")
            interaction.modal = data
        elif kind not in (1, 8):
            return error_response(400, INVALID_FORM_BODY, f"Invalid interaction response type {kind}")
        interaction.response = InteractionResponse(type=kind, data=data, at=time.monotonic())
        interaction.answered.set()
        if call.record.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        original = interaction.original
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(original.id) if original is not None and kind in (4, 5) else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(
                    original is not None and original.ephemeral and kind in (4, 5)
                ),
            }
        }
        if answer["interaction"]["response_message_id"] is None:
            del answer["interaction"]["response_message_id"]
        if resource is not None:
            answer["resource"] = resource
        return json_response(answer)

    async def execute_webhook(self, call: Call) -> web.Response:
        interaction = self._webhook_interaction(call)
        if interaction is None:
            return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        body = call.body if isinstance(call.body, dict) else {}
        original = interaction.original
        if original is not None and original.loading and interaction.response_type == 5:
            # The first follow-up after a "thinking" defer replaces the loading message.
            self.writer.apply_edit(original, body, call.record.files)
            original.flags &= ~LOADING
            message = original
        else:
            flags = int(body.get("flags", 0))
            message = self.writer.new_message(
                interaction.channel_id,
                body,
                call.record.files,
                interaction=interaction,
                ephemeral=bool(flags & EPHEMERAL),
                loading=False,
            )
            interaction.followups.append(message)
        if call.record.query.get("wait") in ("1", "true", "True"):
            return json_response(self.writer.message_json(message))
        return no_content()

    def _webhook_interaction(self, call: Call) -> FakeInteraction | None:
        if call.params["webhook_id"] != str(self.fake.application_id):
            return None
        interaction = self._interaction(call.params["webhook_token"])
        if interaction is None or interaction.response is None:
            return None
        return interaction

    def _webhook_message(self, call: Call) -> tuple[FakeInteraction | None, FakeMessage | None]:
        interaction = self._webhook_interaction(call)
        if interaction is None:
            return None, None
        wanted = call.params["message_id"]
        if wanted == "@original":
            return interaction, interaction.original
        for message in [interaction.original, *interaction.followups]:
            if message is not None and str(message.id) == wanted:
                return interaction, message
        return interaction, None

    async def get_webhook_message(self, call: Call) -> web.Response:
        interaction, message = self._webhook_message(call)
        if interaction is None:
            return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if message is None or message.deleted:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        return json_response(self.writer.message_json(message))

    async def edit_webhook_message(self, call: Call) -> web.Response:
        interaction, message = self._webhook_message(call)
        if interaction is None:
            return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if message is None or message.deleted:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        throttled = self.writer.old_message_throttled(message)
        if throttled is not None:
            return throttled
        self.writer.apply_edit(message, call.body if isinstance(call.body, dict) else {}, call.record.files)
        message.flags &= ~LOADING
        return json_response(self.writer.message_json(message))

    async def delete_webhook_message(self, call: Call) -> web.Response:
        interaction, message = self._webhook_message(call)
        if interaction is None:
            return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if message is None or message.deleted:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        message.deleted = True
        return no_content()

    # --- Channels and messages ----------------------------------------------------------------

    def _bot_removed(self, params: dict[str, str]) -> bool:
        """Whether the call is about a guild the bot was removed from, or one of its channels:
        Discord answers 403 / 50001 Missing Access."""
        guild_id, channel_id = params.get("guild_id", ""), params.get("channel_id", "")
        if guild_id.isdigit() and not self.fake.bot_is_in(int(guild_id)):
            return True
        channel = self.fake.channels.get(int(channel_id)) if channel_id.isdigit() else None
        return channel is not None and not self.fake.bot_is_in(channel.guild_id)

    def _channel(self, call: Call) -> FakeChannel | None:
        return self.fake.channels.get(int(call.params["channel_id"]))

    def _channel_message(self, call: Call) -> FakeMessage | None:
        message = self.fake.messages.get(int(call.params["message_id"]))
        if message is None or message.deleted or message.ephemeral:
            return None
        if str(message.channel_id) != call.params["channel_id"] or self._channel(call) is None:
            return None  # not this channel's, or gone with its deleted channel
        return message

    def _no_message(self, call: Call) -> web.Response:
        """Discord's 404 for a message not found: its channel's, when the channel was deleted
        with it."""
        if self._channel(call) is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")

    async def get_channel(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return json_response(channel_payload(channel))

    async def edit_channel(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        body = call.body if isinstance(call.body, dict) else {}
        if "name" in body:
            channel.name = body["name"]
        if "archived" in body:
            if (
                channel.locked
                and not body["archived"]
                and not self.fake.bot_permissions_in(channel) & MANAGE_THREADS
            ):
                # Only those who may manage threads unarchive a locked one (Discord's Modify Channel).
                return error_response(403, MISSING_PERMISSIONS, "Missing Permissions")
            channel.archived = bool(body["archived"])
        if "locked" in body:
            channel.locked = bool(body["locked"])
        data = channel_payload(channel)
        if channel.is_thread:
            await self.fake.gateway.dispatch("THREAD_UPDATE", data)
        return json_response(data)

    async def delete_channel(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        await self.fake.delete_channel(channel)
        return json_response(channel_payload(channel))

    async def list_messages(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        limit = min(int(call.record.query.get("limit", 50)), 100)
        messages = list(reversed(self.fake.public_messages(channel)))
        if "before" in call.record.query:
            messages = [m for m in messages if m.id < int(call.record.query["before"])]
        if "after" in call.record.query:
            messages = [m for m in messages if m.id > int(call.record.query["after"])]
        return json_response([self.writer.message_json(m) for m in messages[:limit]])

    async def create_message(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        body = call.body if isinstance(call.body, dict) else {}
        if channel.recipient is not None and channel.recipient.id in self.fake.dms_blocked:
            return error_response(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if not self.fake.bot_permissions_in(channel) & needed or self._lacks_rights(channel, call):
            return error_response(403, MISSING_PERMISSIONS, "Missing Permissions")
        if channel.is_thread and channel.archived and channel.locked:
            return error_response(400, THREAD_ARCHIVED, "Thread is archived")
        if channel.is_thread and channel.archived:
            channel.archived = False  # sending unarchives a thread the bot may manage
        message = self.writer.new_message(
            channel.id, body, call.record.files, interaction=None, ephemeral=False, loading=False
        )
        return json_response(self.writer.message_json(message))

    async def get_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message is None:
            return self._no_message(call)
        return json_response(self.writer.message_json(message))

    async def edit_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message is None:
            return self._no_message(call)
        if message.author.id != self.fake.bot_user.id:
            return error_response(403, 50005, "Cannot edit a message authored by another user")
        if self._in_archived_thread(message):
            return error_response(400, THREAD_ARCHIVED, "Thread is archived")
        channel = self.fake.channels.get(message.channel_id)
        if channel is not None and self._lacks_rights(channel, call):
            return error_response(403, MISSING_PERMISSIONS, "Missing Permissions")
        throttled = self.writer.old_message_throttled(message)
        if throttled is not None:
            return throttled
        self.writer.apply_edit(message, call.body if isinstance(call.body, dict) else {}, call.record.files)
        return json_response(self.writer.message_json(message))

    def _cannot_view(self, params: dict[str, str]) -> bool:
        """Whether the call is about a channel an owner hid from the bot (View Channel taken):
        Discord answers 403 / 50001 Missing Access, whatever the call."""
        channel_id = params.get("channel_id", "")
        channel = self.fake.channels.get(int(channel_id)) if channel_id.isdigit() else None
        return channel is not None and not self.fake.bot_permissions_in(channel) & VIEW_CHANNEL

    def _in_archived_thread(self, message: FakeMessage) -> bool:
        """An archived thread's messages can be neither edited nor deleted until it is unarchived
        (posting in it unarchives it, unless it is locked)."""
        channel = self.fake.channels.get(message.channel_id)
        return channel is not None and channel.is_thread and channel.archived

    def _lacks_rights(self, channel: FakeChannel, call: Call) -> bool:
        """A bot message (posted or edited by REST) with embeds needs EMBED_LINKS, with new files
        ATTACH_FILES. Interaction responses and follow-ups are not checked (see the README)."""
        body = call.body if isinstance(call.body, dict) else {}
        allowed = self.fake.bot_permissions_in(channel)
        if body.get("embeds") and not allowed & EMBED_LINKS:
            return True
        return bool(call.record.files) and not allowed & ATTACH_FILES

    async def delete_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message is None:
            return self._no_message(call)
        if self._in_archived_thread(message):
            return error_response(400, THREAD_ARCHIVED, "Thread is archived")
        message.deleted = True
        return no_content()

    async def bulk_delete(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        ids = (call.body or {}).get("messages", [])
        for message_id in ids:
            message = self.fake.messages.get(int(message_id))
            if message is not None and message.channel_id == channel.id:
                message.deleted = True
        return no_content()

    async def list_pins(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        pinned = [m for m in reversed(self.fake.public_messages(channel)) if m.pinned]
        items = [{"pinned_at": iso(m.created_at), "message": self.writer.message_json(m)} for m in pinned]
        return json_response({"items": items, "has_more": False})

    async def pin_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message is None:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        message.pinned = True
        return no_content()

    async def unpin_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message is None:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        message.pinned = False
        return no_content()

    # --- Threads ------------------------------------------------------------------------------

    async def thread_from_message(self, call: Call) -> web.Response:
        channel = self._channel(call)
        message = self._channel_message(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if message is None:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        if message.id in self.fake.channels:
            return error_response(400, THREAD_EXISTS, "A thread has already been created for this message")
        return await self._create_thread(channel, call.body or {}, PUBLIC_THREAD, thread_id=message.id)

    async def thread_without_message(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        body = call.body or {}
        return await self._create_thread(
            channel, body, int(body.get("type", PRIVATE_THREAD)), thread_id=new_snowflake()
        )

    async def _create_thread(
        self, parent: FakeChannel, body: dict[str, Any], kind: int, thread_id: int
    ) -> web.Response:
        if parent.is_thread or parent.guild_id is None:
            return error_response(400, 50024, "Cannot execute action on this channel type")
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if not self.fake.bot_permissions_in(parent) & needed:
            return error_response(403, MISSING_PERMISSIONS, "Missing Permissions")
        guild = self.fake.guilds[parent.guild_id]
        thread = FakeChannel(
            id=thread_id,
            guild_id=parent.guild_id,
            name=str(body.get("name", "thread")),
            type=kind,
            parent_id=parent.id,
            owner_id=self.fake.bot_user.id,
            bot_permissions=parent.bot_permissions,
        )
        self.fake.channels[thread.id] = thread
        guild.channel_ids.append(thread.id)
        data = channel_payload(thread)
        member = {
            "id": str(thread.id),
            "user_id": str(self.fake.bot_user.id),
            "join_timestamp": data["thread_metadata"]["create_timestamp"],
            "flags": 0,
        }
        await self.fake.gateway.dispatch("THREAD_CREATE", data | {"newly_created": True, "member": member})
        return json_response(data, 201)

    async def join_thread(self, call: Call) -> web.Response:
        channel = self._channel(call)
        if channel is None or not channel.is_thread:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return no_content()

    async def get_attachment(self, call: Call) -> web.Response:
        """The fake's CDN: the bytes of an uploaded file (discord.py's Attachment.read())."""
        data = self.fake.attachment_data.get(call.params["attachment_id"])
        if data is None:
            return error_response(404, 0, "404: Not Found")
        return web.Response(body=data, content_type="application/octet-stream")

    # --- Guilds -------------------------------------------------------------------------------

    async def get_guild(self, call: Call) -> web.Response:
        guild = self.fake.guilds.get(int(call.params["guild_id"]))
        if guild is None:
            return error_response(404, UNKNOWN_GUILD, "Unknown Guild")
        return json_response(guild_payload(guild, [], [], full=False))

    async def get_guild_channels(self, call: Call) -> web.Response:
        guild = self.fake.guilds.get(int(call.params["guild_id"]))
        if guild is None:
            return error_response(404, UNKNOWN_GUILD, "Unknown Guild")
        channels = [self.fake.channels[c] for c in guild.channel_ids if c in self.fake.channels]
        return json_response([channel_payload(c) for c in channels if not c.is_thread])

    async def get_member(self, call: Call) -> web.Response:
        guild = self.fake.guilds.get(int(call.params["guild_id"]))
        if guild is None:
            return error_response(404, UNKNOWN_GUILD, "Unknown Guild")
        user_id = int(call.params["user_id"])
        if user_id not in guild.member_ids:
            return error_response(404, UNKNOWN_MEMBER, "Unknown Member")
        return json_response(member_payload(self.fake.users[user_id]))
