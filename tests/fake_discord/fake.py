"""FakeDiscord: a local Discord (REST + gateway) that the real discord.py bot talks to in tests.

The tests start it, point the bot at `api_base` / `gateway_url`, and drive the bot the way Discord
would: slash commands, button clicks, menu choices and modal submissions arrive as
INTERACTION_CREATE events (`slash`, `click`, `select`, `submit_modal`). Everything the bot sends back
lands in a model the tests query (`public_messages`, `ephemeral_messages`, `interaction.original`)
and in `calls`, the record of every REST request. Each request body is checked against Discord's
documented limits and, when the OpenAPI description is present, its request schema; problems
collect in `violations`.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web

from tests.fake_discord.checks import PayloadChecker
from tests.fake_discord.commands import command_data
from tests.fake_discord.gateway import FakeGateway
from tests.fake_discord.model import (
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    DM,
    GUILD_TEXT,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    RecordedCall,
    json_copy,
    new_snowflake,
    readable_text,
    received_text,
    snowflake_on_shard,
    walk_components,
)
from tests.fake_discord.payloads import (
    channel_payload,
    guild_payload,
    member_payload,
    message_payload,
    user_payload,
)
from tests.fake_discord.rate_limits import RouteBuckets
from tests.fake_discord.rest import RestApi

#: Discord's default upload limit for a server without boosts (bytes).
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
API_PREFIX = "/api/v10"


class FakeDiscord:
    """One fake Discord: a bot user and application, a guild with channels, a few players."""

    def __init__(self, *, token: str = "fake-bot-token", checker: PayloadChecker | None = None) -> None:
        self.token = token
        self.checker = checker or PayloadChecker(spec=None)
        self.application_id = new_snowflake()
        self.application_flags = 0
        self.bot_user = FakeUser(id=self.application_id, name="garden-club", bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        #: The guilds an owner removed the bot from (`remove_bot`): no events, 403 on their routes.
        self.bot_removed: set[int] = set()
        #: Events sent from synchronous changes (`_channel_changed`), kept until sent.
        self._background: set[asyncio.Task[int]] = set()
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[str, FakeInteraction] = {}
        self.calls: list[RecordedCall] = []
        self.unknown_routes: list[RecordedCall] = []
        self.violations: list[str] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        #: Bytes of uploaded files, by attachment id (see `attachment_bytes`).
        self.attachment_data: dict[str, bytes] = {}
        #: Ids of users who refuse the bot's direct messages (see `block_dms`).
        self.dms_blocked: set[int] = set()
        #: Seconds the bot has to answer an interaction (Discord: 3); None: no deadline enforced.
        #: Off by default so a busy CI machine cannot flake tests; set it in tests about latency.
        self.answer_deadline: float | None = None
        #: The shard count `GET /gateway/bot` recommends (Discord: about one per 1,000 servers).
        self.recommended_shards = 1
        #: Discord's per-route rate limits, said in every answer's headers (rate_limits.py);
        #: `fake.buckets.limit = (requests, seconds)` makes them tight.
        self.buckets = RouteBuckets()
        self._rate_limits: list[tuple[str, str, float, bool]] = []
        self._held_calls: list[tuple[str, str, asyncio.Event]] = []
        self._failures: list[tuple[str, str, int]] = []
        #: How error 30046 (edits of messages older than an hour) is answered: see `age_message`.
        self.old_edit_retry_after = 0.05
        self.old_edit_via = True
        self.gateway = FakeGateway(self)
        self.rest = RestApi(self)
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        # A ready-made world: one server, two text channels, three players.
        self.guild = self.add_guild("Garden Test Server")
        self.general = self.channel_named("general")
        self.games = self.add_text_channel(self.guild, "games")
        self.alice = self.add_user("alice")
        self.bob = self.add_user("bob")
        self.carol = self.add_user("carol")

    # --- Lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on 127.0.0.1 on a free port."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # --- The world ----------------------------------------------------------------------------

    def add_user(self, name: str) -> FakeUser:
        user = FakeUser(id=new_snowflake(), name=name)
        self.users[user.id] = user
        for guild in self.guilds.values():
            guild.member_ids.append(user.id)
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeGuild:
        """A server with a #general channel and every user; with `shard=(id, count)` its id is one
        Discord puts on that shard, `(guild_id >> 22) % count == id`."""
        owner = next((u for u in self.users.values() if not u.bot), self.bot_user)
        guild_id = snowflake_on_shard(*shard) if shard is not None else new_snowflake()
        guild = FakeGuild(id=guild_id, name=name, owner_id=owner.id, bot_role_id=new_snowflake())
        guild.member_ids = list(self.users)
        self.guilds[guild.id] = guild
        self.add_text_channel(guild, "general")
        return guild

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(
            id=new_snowflake(),
            guild_id=guild.id,
            name=name,
            type=GUILD_TEXT,
            position=len(guild.channel_ids),
            bot_permissions=BOT_PERMISSIONS,
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def restrict_bot(self, channel: FakeChannel, deny: int) -> None:
        """Take permissions from the bot in `channel` (e.g. CREATE_PUBLIC_THREADS, EMBED_LINKS,
        ATTACH_FILES): its interactions' app_permissions and a member overwrite say so, and REST
        refuses with 403 / 50013. As on Discord, the channel's threads (existing and future)
        inherit the overwrite: a thread has no overwrites of its own."""
        channel.bot_permissions &= ~deny
        channel.permission_overwrites = [
            {
                "id": str(self.bot_user.id),
                "type": 1,
                "allow": "0",
                "deny": str(BOT_PERMISSIONS & ~channel.bot_permissions),
            }
        ]
        self._channel_changed(channel)

    def unrestrict_bot(self, channel: FakeChannel) -> None:
        """Give the bot back every permission `restrict_bot` took in `channel` (no overwrite left)."""
        channel.bot_permissions = BOT_PERMISSIONS
        channel.permission_overwrites = []
        self._channel_changed(channel)

    def _channel_changed(self, channel: FakeChannel) -> None:
        """Discord sends CHANNEL_UPDATE when a channel's overwrites change: sent once a bot is
        connected to the channel's guild (set up before that, the channel is as GUILD_CREATE says)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.gateway.session_for(channel.guild_id) is None:
            return
        task = asyncio.get_running_loop().create_task(
            self.gateway.dispatch("CHANNEL_UPDATE", channel_payload(channel))
        )
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def bot_permissions_in(self, channel: FakeChannel) -> int:
        """What the bot may do in `channel`; a thread takes its parent channel's permissions
        (Discord computes a thread's permissions from the parent's overwrites)."""
        if channel.is_thread and channel.parent_id in self.channels:
            return self.channels[channel.parent_id].bot_permissions
        return channel.bot_permissions

    def channel_named(self, name: str, guild: FakeGuild | None = None) -> FakeChannel:
        guild = guild or self.guild
        for channel_id in guild.channel_ids:
            if self.channels[channel_id].name == name:
                return self.channels[channel_id]
        raise AssertionError(f"no channel #{name} in {guild.name}")

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with `user` (created on first use): slash commands there carry a
        `user` instead of a `member`, no guild, and context 1 (BOT_DM)."""
        found = self._existing_dm(user)
        if found is not None:
            return found
        channel = FakeChannel(
            id=new_snowflake(),
            guild_id=None,
            name=f"dm-{user.name}",
            type=DM,
            recipient=user,
            bot_permissions=BOT_PERMISSIONS,
        )
        self.channels[channel.id] = channel
        return channel

    def _existing_dm(self, user: FakeUser) -> FakeChannel | None:
        return next((c for c in self.channels.values() if c.recipient is user), None)

    def block_dms(self, user: FakeUser) -> None:
        """`user` refuses the bot's direct messages (privacy settings, or they blocked the bot).
        Opening the DM channel (`POST /users/@me/channels`) still works, as on Discord; posting in
        it (`POST /channels/{dm}/messages`) is answered 403 with Discord's JSON
        `{"code": 50007, "message": "Cannot send messages to this user"}` (discord.py raises
        `discord.Forbidden`, `.code == 50007`). Interaction answers in the DM are not affected."""
        self.dms_blocked.add(user.id)

    def unblock_dms(self, user: FakeUser) -> None:
        """`user` accepts the bot's direct messages again."""
        self.dms_blocked.discard(user.id)

    def dms_to(self, user: FakeUser) -> list[FakeMessage]:
        """The bot's messages in its DM channel with `user`, oldest first (deleted ones left out;
        refused ones were never stored). Empty if no DM channel was ever opened."""
        channel = self._existing_dm(user)
        if channel is None:
            return []
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and m.author.id == self.bot_user.id and not m.deleted
        ]

    def threads(self, parent: FakeChannel | None = None) -> list[FakeChannel]:
        """Threads the bot created (in `parent`, if given), oldest first."""
        return [
            c for c in self.channels.values() if c.is_thread and (parent is None or c.parent_id == parent.id)
        ]

    # --- Change notification ------------------------------------------------------------------

    def notify_changed(self) -> None:
        """Wake everyone waiting in `wait_until` (called after every REST call)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(
        self, predicate: Callable[[], Any], *, timeout: float = 5.0, what: str = "the condition"
    ) -> Any:
        """Wait (without sleeping blindly) until `predicate()` is truthy; returns its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"Timed out after {timeout}s waiting for {what}.")
            event = self._changed
            try:
                # Woken by every REST call; re-checked every 50 ms too, for predicates on the bot's
                # own state (its logs, its database) that change without a call to the fake.
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))
            except TimeoutError:
                continue

    async def response_message(self, interaction: FakeInteraction, *, timeout: float = 5.0) -> FakeMessage:
        """The message the bot answered `interaction` with, once it has content: the original
        response (a deferred one once filled in), else the first follow-up; for a component
        answered with an update (type 6/7), the clicked message."""
        await interaction.wait_answered(timeout)

        def ready() -> FakeMessage | None:
            for message in interaction.messages():
                if not message.loading:
                    return message
            return None

        found: FakeMessage = await self.wait_until(
            ready, timeout=timeout, what=f"a reply to {interaction.description}"
        )
        return found

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[FakeMessage], bool] = lambda m: True,
        *,
        timeout: float = 5.0,
        what: str = "a message",
    ) -> FakeMessage:
        """The newest public message in `channel` satisfying `predicate` (waits for it)."""

        def find() -> FakeMessage | None:
            return next((m for m in reversed(self.public_messages(channel)) if predicate(m)), None)

        found: FakeMessage = await self.wait_until(find, timeout=timeout, what=f"{what} in #{channel.name}")
        return found

    # --- Queries ------------------------------------------------------------------------------

    def public_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Messages everyone in `channel` sees, oldest first (deleted ones left out)."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and not m.ephemeral and not m.deleted
        ]

    def ephemeral_messages(self, user: FakeUser, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Ephemeral messages shown to `user` (in `channel`, if given), oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.ephemeral_to == user.id and not m.deleted and (channel is None or m.channel_id == channel.id)
        ]

    def messages_seen_by(self, user: FakeUser) -> list[FakeMessage]:
        """Everything `user` can read: every public message plus their own ephemeral ones."""
        return [m for m in self.messages.values() if not m.deleted and self.audience(m) in (None, user.id)]

    def audience(self, message: FakeMessage) -> int | None:
        """Who may see `message`: one user's id (ephemeral, or in a DM), or None (everyone)."""
        if message.ephemeral_to is not None:
            return message.ephemeral_to
        channel = self.channels.get(message.channel_id)
        if channel is not None and channel.recipient is not None:
            return channel.recipient.id
        return None

    def leaks(self, secret: str, *, owner: FakeUser | None = None, hidden_fields: bool = True) -> list[str]:
        """Where `secret` was ever shown to anyone but `owner`: any version of any public message,
        or of an ephemeral message to another user. With `hidden_fields`, what clients receive but
        do not display (custom_ids, option values) counts too. Empty list: no leak."""
        found = []
        for message in self.messages.values():
            seen_by = self.audience(message)
            if seen_by is not None and owner is not None and seen_by == owner.id:
                continue
            audience = "everyone" if seen_by is None else self.users[seen_by].name
            for number, version in enumerate(message.versions()):
                text = received_text(version) if hidden_fields else readable_text(version)
                if secret in text:
                    where = (
                        f"message {message.id} in #{self.channels[message.channel_id].name}"
                        if (message.channel_id in self.channels)
                        else f"message {message.id}"
                    )
                    shown = readable_text(version)[:200]
                    found.append(f"{where} (version {number + 1}, seen by {audience}): {shown!r}")
        return found

    def calls_to(self, method: str, route: str) -> list[RecordedCall]:
        """Recorded REST calls matching a method and route template (e.g. PUT /applications/...)."""
        return [c for c in self.calls if c.method == method and c.route == route]

    async def wait_for_call(
        self, method: str, route: str, *, count: int = 1, timeout: float = 5.0
    ) -> RecordedCall:
        """The `count`-th completed call to `method route` (waits for it)."""

        def done() -> RecordedCall | None:
            finished = [c for c in self.calls_to(method, route) if c.status]
            return finished[count - 1] if len(finished) >= count else None

        found: RecordedCall = await self.wait_until(
            done, timeout=timeout, what=f"call #{count} to {method} {route}"
        )
        return found

    def take_violations(self) -> list[str]:
        """Return and clear the payload violations (for tests that provoke them on purpose)."""
        found, self.violations = self.violations, []
        return found

    def commands_for(self, guild: FakeGuild | None) -> list[dict[str, Any]]:
        return self.guild_commands.get(guild.id, []) if guild else self.global_commands

    def attachment_bytes(self, attachment: dict[str, Any]) -> bytes:
        """What was uploaded for an attachment of a stored message."""
        return self.attachment_data[str(attachment["id"])]

    def inject_rate_limit(
        self, method: str, route: str, *, retry_after: float = 0.05, is_global: bool = False, count: int = 1
    ) -> None:
        """Answer the next `count` calls to `method route` with a proper 429 (with `Via`, so
        discord.py waits `retry_after` and retries; a 429 without it reads as a Cloudflare ban)."""
        self._rate_limits.extend([(method, route, retry_after, is_global)] * count)

    def take_injected_rate_limit(self, method: str, route: str) -> tuple[float, bool] | None:
        for index, (m, r, retry_after, is_global) in enumerate(self._rate_limits):
            if m == method and r == route:
                del self._rate_limits[index]
                return retry_after, is_global
        return None

    def fail_next(self, method: str, route: str, *, status: int = 500, count: int = 1) -> None:
        """Answer the next `count` calls to `method route` with a server error `status`, as Discord
        does when it has trouble: JSON `{"message": "500: Internal Server Error", "code": 0}`.
        discord.py retries 500, 502, 504 and 524 itself (five tries per call, sleeping 1 + 2 * try
        seconds between them) and raises `DiscordServerError` at once on any other 5xx (503)."""
        self._failures.extend([(method, route, status)] * count)

    def take_failure(self, method: str, route: str) -> int | None:
        for index, (m, r, status) in enumerate(self._failures):
            if m == method and r == route:
                del self._failures[index]
                return status
        return None

    def failures_left(self, method: str, route: str) -> int:
        """How many injected failures of `method route` are still to come."""
        return sum(1 for m, r, _ in self._failures if m == method and r == route)

    def trouble_left(self) -> int:
        """How many injected failures and rate limits no call has met yet."""
        return len(self._failures) + len(self._rate_limits)

    def end_trouble(self) -> None:
        """Discord is well again: the failures and rate limits injected and not yet met are dropped."""
        self._failures.clear()
        self._rate_limits.clear()

    def hold_next(self, method: str, route: str) -> asyncio.Event:
        """Leave the next call to `method route` unanswered until the returned event is set, as a
        slow Discord would; calls to other routes are answered meanwhile (to provoke races)."""
        release = asyncio.Event()
        self._held_calls.append((method, route, release))
        return release

    def holds_waiting(self) -> int:
        """How many holds (`hold_next`) no call has reached yet."""
        return len(self._held_calls)

    def take_hold(self, method: str, route: str) -> asyncio.Event | None:
        for index, (m, r, release) in enumerate(self._held_calls):
            if m == method and r == route:
                del self._held_calls[index]
                return release
        return None

    # --- What people do outside interactions ------------------------------------------------

    def delete_message(self, message: FakeMessage) -> None:
        """A moderator deletes a message (the bot, with only the guilds intent, is not told;
        its next edit of it gets 404 / 10008 Unknown Message)."""
        message.deleted = True

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Someone deletes a channel or thread: the bot gets CHANNEL_DELETE / THREAD_DELETE and
        every later call to it answers 404 / 10003 Unknown Channel."""
        self.channels.pop(channel.id, None)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is not None and channel.id in guild.channel_ids:
            guild.channel_ids.remove(channel.id)
        data = channel_payload(channel)
        if channel.is_thread:
            await self.gateway.dispatch(
                "THREAD_DELETE", {k: data[k] for k in ("id", "guild_id", "parent_id", "type")}
            )
        else:
            await self.gateway.dispatch("CHANNEL_DELETE", data)

    async def remove_bot(self, guild: FakeGuild) -> None:
        """An owner removes the bot from `guild` (or deletes the server): the bot gets GUILD_DELETE
        without `unavailable`, every later call to the guild or one of its channels answers 403 /
        50001 Missing Access, and nobody there can use its commands or buttons."""
        self.bot_removed.add(guild.id)
        await self.gateway.dispatch_for_guild(guild.id, "GUILD_DELETE", {"id": str(guild.id)})

    async def add_bot(self, guild: FakeGuild) -> None:
        """The owner adds the bot back: GUILD_CREATE with the whole guild, and its routes work again."""
        self.bot_removed.discard(guild.id)
        channels = [self.channels[c] for c in guild.channel_ids]
        members = [self.users[m] for m in guild.member_ids]
        payload = guild_payload(guild, channels, members)
        del payload["unavailable"]  # a guild joined, not one back after an outage
        await self.gateway.dispatch_for_guild(guild.id, "GUILD_CREATE", payload)

    def bot_is_in(self, guild_id: int | None) -> bool:
        """Whether the bot is in guild `guild_id` (None: a DM, where it always is)."""
        return guild_id is None or guild_id not in self.bot_removed

    async def archive_thread(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """A thread goes quiet and is archived (THREAD_UPDATE): its messages can be neither edited
        nor deleted (400 / 50083 Thread is archived) until it is unarchived, which the bot posting
        in it or editing the thread does, unless it is also locked (then the post is refused with
        50083, the edit with 403 unless the bot may manage threads)."""
        thread.archived, thread.locked = True, locked
        await self.gateway.dispatch("THREAD_UPDATE", channel_payload(thread))

    # --- Time ---------------------------------------------------------------------------------

    def age_message(self, message: FakeMessage, *, hours: float = 2.0, edits_allowed: int = 0) -> None:
        """Make `message` older than it is. Past one hour, Discord throttles edits (error 30046):
        after `edits_allowed` more edits, PATCHes of it get 429 / 30046 (with `Via`, so discord.py
        retries five times, `old_edit_retry_after` apart, then raises HTTPException code 30046)."""
        message.created_at = message.created_at - timedelta(hours=hours)
        if datetime.now(UTC) - message.created_at > timedelta(hours=1):
            message.old_edits_left = edits_allowed

    def expire_token(self, interaction: FakeInteraction) -> None:
        """Interaction tokens die after 15 minutes: later callbacks, follow-ups and edits 404."""
        interaction.expired = True

    def expire_all_tokens(self) -> None:
        for interaction in self.interactions.values():
            interaction.expired = True

    # --- Driving the bot: interactions --------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """Run `/command [subcommand...]` as `user` in `channel`, like the Discord client would.

        The command must have been synced (to the channel's guild or globally); options are checked
        against its definition (names, types, choices, required) as the client enforces them. In a
        server, a command synced with `default_member_permissions` is refused (AssertionError)
        unless the member has all those bits: the Discord client does not offer it to them.
        `manage_channels` / `manage_guild` give the member Manage Channels / Manage Server.
        """
        permissions = self.member_permissions(
            user, channel, manage_channels=manage_channels, manage_guild=manage_guild
        )
        data = command_data(
            self, channel, command, options or {}, focused=None, user=user, permissions=permissions
        )
        return await self._interact(
            2, user, channel, data, manage_channels=manage_channels, manage_guild=manage_guild
        )

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """The user is typing `options[focused]` (a partial string) into an autocomplete option;
        the bot answers with type 8 and `interaction.response.data["choices"]`. Refused like
        `slash` when the member lacks the command's `default_member_permissions`."""
        permissions = self.member_permissions(
            user, channel, manage_channels=manage_channels, manage_guild=manage_guild
        )
        data = command_data(
            self, channel, command, options, focused=focused, user=user, permissions=permissions
        )
        return await self._interact(
            4, user, channel, data, manage_channels=manage_channels, manage_guild=manage_guild
        )

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """Click a button on `message` (by custom id or label), as `user`."""
        self._check_can_see(user, message)
        if custom_id is None:
            button = message.button(label)
        else:
            matches = [b for b in message.buttons() if b.get("custom_id") == custom_id]
            if not matches:
                raise AssertionError(
                    f"no button with custom_id {custom_id!r} on message {message.id}; "
                    f"custom ids: {message.custom_ids()}"
                )
            button = matches[0]
        if button.get("disabled"):
            raise AssertionError(f"button {button.get('label')!r} is disabled: nobody can click it")
        if "custom_id" not in button:
            raise AssertionError(f"button {button.get('label')!r} is a link; it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(
            3,
            user,
            self.channels[message.channel_id],
            data,
            message=message,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
        )

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None,
        values: Iterable[str],
        *,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """Choose `values` in a string select menu on `message` (custom_id None: the only menu)."""
        self._check_can_see(user, message)
        menu = message.select(None) if custom_id is None else self._component(message, custom_id)
        chosen = list(values)
        if menu.get("disabled"):
            raise AssertionError(f"select menu {menu.get('custom_id')!r} is disabled")
        if menu.get("type") == 3:
            offered = [o["value"] for o in menu.get("options", [])]
            unknown = [v for v in chosen if v not in offered]
            if unknown:
                raise AssertionError(f"values {unknown} are not options of {menu['custom_id']!r}: {offered}")
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise AssertionError(f"menu {menu['custom_id']!r} takes {low}..{high} values, not {len(chosen)}")
        data = {"custom_id": menu["custom_id"], "component_type": menu.get("type", 3), "values": chosen}
        return await self._interact(
            3,
            user,
            self.channels[message.channel_id],
            data,
            message=message,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
        )

    async def forge_click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        claimed: bool = True,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """What a modified client can send: a button click with any `custom_id` on any message
        `user` can see, whether or not that message carries such a button. The payload's `message`
        is the message it was made on, in that message's channel. With `claimed` (the default) its
        components also list the forged button (a copy: the stored message is unchanged): the
        strongest forgery, what reaches the bot when nothing upstream checks the id against the
        message (discord.py builds a `DynamicItem` only from a component the payload's message
        lists, so without it the click reaches only a bot that routes interactions itself)."""
        self._check_can_see(user, message)
        data = {"custom_id": custom_id, "component_type": 2}
        claim = {"type": 2, "style": 1, "label": "Forged", "custom_id": custom_id} if claimed else None
        return await self._interact(
            3,
            user,
            self.channels[message.channel_id],
            data,
            message=message,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
            claim=claim,
        )

    async def forge_select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: Iterable[str],
        *,
        claimed: bool = True,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeInteraction:
        """A modified client's menu choice: any `custom_id` and any `values` (none, several, or
        never offered) on any message `user` can see. If the message has no menu `custom_id` and
        `claimed` is set, the payload's message lists one (offering exactly `values`), as for
        `forge_click`; a menu the message has is sent as it stands."""
        self._check_can_see(user, message)
        chosen = list(values)
        data = {"custom_id": custom_id, "component_type": 3, "values": chosen}
        claim = None
        if claimed and custom_id not in message.custom_ids():
            claim = {
                "type": 3,
                "custom_id": custom_id,
                "min_values": 1,
                "max_values": max(1, len(chosen)),
                "options": [{"label": v, "value": v} for v in chosen] or [{"label": "?", "value": "?"}],
            }
        return await self._interact(
            3,
            user,
            self.channels[message.channel_id],
            data,
            message=message,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
            claim=claim,
        )

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: FakeInteraction,
        values: dict[str, Any],
        *,
        manage_channels: bool | None = None,
        manage_guild: bool | None = None,
    ) -> FakeInteraction:
        """Fill in and submit the modal the bot opened in answer to `opened_by`: text inputs take
        a string, selects and checkbox groups a list of values (inside Labels). The member keeps
        the Manage Channels / Manage Server rights they had in `opened_by` unless told otherwise."""
        had = int((opened_by.payload.get("member") or {}).get("permissions", 0))
        if manage_channels is None:
            manage_channels = bool(had & MANAGE_CHANNELS)
        if manage_guild is None:
            manage_guild = bool(had & MANAGE_GUILD)
        modal = opened_by.modal
        if modal is None:
            raise AssertionError(f"the bot opened no modal in answer to {opened_by.description}")
        rows: list[dict[str, Any]] = []
        seen: set[str] = set()
        for item in modal.get("components", []):
            if item.get("type") == 1:
                inputs = [
                    {"type": c["type"], "custom_id": c["custom_id"], "value": values.get(c["custom_id"], "")}
                    for c in item.get("components", [])
                    if c.get("type") == 4
                ]
                seen.update(i["custom_id"] for i in inputs)
                rows.append({"type": 1, "components": inputs})
            elif item.get("type") == 18 and isinstance(item.get("component"), dict):
                inner = item["component"]
                answer: dict[str, Any] = {"type": inner["type"], "custom_id": inner["custom_id"]}
                given = values.get(inner["custom_id"], "" if inner["type"] == 4 else None)
                if isinstance(given, list):  # selects, checkbox groups, uploads
                    answer["values"] = given
                elif given is not None:  # text inputs, radio groups, single checkboxes
                    answer["value"] = given
                seen.add(inner["custom_id"])
                rows.append({"type": 18, "component": answer})
        unknown = set(values) - seen
        if unknown:
            raise AssertionError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": rows}
        channel = self.channels[opened_by.channel_id]
        return await self._interact(
            5,
            user,
            channel,
            data,
            message=opened_by.message,
            opened_by=opened_by,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
        )

    # --- Internals of the driver --------------------------------------------------------------

    def _check_can_see(self, user: FakeUser, message: FakeMessage) -> None:
        if message.deleted:
            raise AssertionError(f"message {message.id} was deleted; nobody can click on it")
        if message.ephemeral_to is not None and message.ephemeral_to != user.id:
            raise AssertionError(f"{user.name} cannot see the ephemeral message {message.id}")

    @staticmethod
    def _component(message: FakeMessage, custom_id: str) -> dict[str, Any]:
        for component in message.components_flat():
            if component.get("custom_id") == custom_id:
                return component
        raise AssertionError(f"no component {custom_id!r} on message {message.id}: {message.custom_ids()}")

    def interaction_payload(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> tuple[int, str, dict[str, Any]]:
        """A realistic INTERACTION_CREATE payload (what Discord sends a bot), in a guild or a DM."""
        interaction_id = new_snowflake()
        token = f"aW50ZXJhY3Rpb24{interaction_id}.{secrets.token_urlsafe(48)}"
        if channel.guild_id is None:
            return (
                interaction_id,
                token,
                self._dm_interaction_payload(interaction_id, token, kind, user, channel, data, message),
            )
        guild = self.guilds[channel.guild_id]
        permissions = self.member_permissions(
            user, channel, manage_channels=manage_channels, manage_guild=manage_guild
        )
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_id": str(guild.id),
            "channel_id": str(channel.id),
            "channel": channel_payload(channel),
            "member": member_payload(user, permissions),
            "token": token,
            "version": 1,
            "app_permissions": str(self.bot_permissions_in(channel)),
            "locale": user.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = message_payload(message, None if message.ephemeral else guild.id, self.users)
        return interaction_id, token, payload

    def member_permissions(
        self,
        user: FakeUser,
        channel: FakeChannel,
        *,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> int:
        """A member's permissions in `channel` as an interaction's `member.permissions` says them:
        ordinary rights, plus MANAGE_CHANNELS (1 << 4) / MANAGE_GUILD (1 << 5) on request; the
        guild owner has every permission. 0 in a DM (there is no member)."""
        if channel.guild_id is None:
            return 0
        if self.guilds[channel.guild_id].owner_id == user.id:
            return ALL_PERMISSIONS
        return (
            MEMBER_PERMISSIONS
            | (MANAGE_CHANNELS if manage_channels else 0)
            | (MANAGE_GUILD if manage_guild else 0)
        )

    def _dm_interaction_payload(
        self,
        interaction_id: int,
        token: str,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        message: FakeMessage | None,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel_payload(channel),
            "user": user_payload(user),
            "token": token,
            "version": 1,
            "app_permissions": str(channel.bot_permissions),
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = message_payload(message, None, self.users)
        return payload

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        manage_channels: bool = False,
        manage_guild: bool = False,
        opened_by: FakeInteraction | None = None,
        claim: dict[str, Any] | None = None,
    ) -> FakeInteraction:
        if not self.bot_is_in(channel.guild_id):
            raise AssertionError(
                "the bot is not in that server: Discord offers none of its commands or buttons"
            )
        interaction_id, token, payload = self.interaction_payload(
            kind,
            user,
            channel,
            data,
            message=message,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
        )
        if claim is not None and "message" in payload:  # a forgery: see `forge_click`
            rows = json_copy(payload["message"].get("components") or [])
            taken = [c["id"] for c in walk_components(rows) if isinstance(c.get("id"), int)]
            rows.append({"type": 1, "id": max(taken, default=0) + 100, "components": [claim]})
            payload["message"] = {**payload["message"], "components": rows}
        interaction = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            payload=payload,
            message=message,
            opened_by=opened_by,
        )
        self.interactions[token] = interaction
        session = self.gateway.session_for(channel.guild_id)
        interaction.shard = session.shard[0] if session is not None and session.shard else None
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def dispatch_raw_interaction(self, payload: dict[str, Any]) -> None:
        """Send a hand-made INTERACTION_CREATE (for tests of odd payloads)."""
        await self.gateway.dispatch("INTERACTION_CREATE", payload)

    # --- Message bookkeeping used by the REST handlers ----------------------------------------

    def store_message(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        return message

    @staticmethod
    def mentioned_user_ids(content: str) -> list[int]:
        return [int(m) for m in re.findall(r"<@!?(\d+)>", content or "")]
