"""What the fake Discord remembers: users, guilds, channels, messages, interactions, REST calls.

Plain dataclasses the tests query directly ("the board message in channel C", "the ephemeral reply
to user U", "the buttons on it"). `payloads.py` turns them into the JSON Discord would send.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

import orjson

#: Discord's epoch (2015-01-01) in milliseconds, for snowflakes.
DISCORD_EPOCH_MS = 1_420_070_400_000

_counter = itertools.count(1)


def new_snowflake(at: datetime | None = None) -> int:
    """A unique, time-ordered Discord id (timestamp bits + a process-wide counter)."""
    moment = at or datetime.now(UTC)
    millis = int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (next(_counter) & 0x3FFFFF)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; a DM (no guild) goes to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def snowflake_on_shard(shard_id: int, shard_count: int) -> int:
    """A new unique id that `shard_of` puts on `shard_id` of `shard_count` (its timestamp moved
    back by under `shard_count` milliseconds)."""
    fresh = new_snowflake()
    millis = fresh >> 22
    millis -= (millis - shard_id) % shard_count
    return (millis << 22) | (fresh & 0x3FFFFF)


def iso(moment: datetime | None) -> str | None:
    """Discord's ISO-8601 timestamps."""
    return moment.isoformat() if moment else None


# Channel types (Discord's numbers).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
#: A layout message ("Components V2"): components only, no content or embeds; never removed.
COMPONENTS_V2 = 1 << 15

# Permission bits the tests care about.
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
MANAGE_THREADS = 1 << 34
VIEW_CHANNEL = 1 << 10
ADMINISTRATOR = 1 << 3
#: Every permission Discord defines (bits 0..52 but the unused 47; discord.py 2.7's
#: `Permissions.all()`): what a guild owner's interactions carry.
ALL_PERMISSIONS = ((1 << 53) - 1) & ~(1 << 47)
#: What an ordinary member may do in a text channel (view, send, threads, embeds, history...).
MEMBER_PERMISSIONS = (
    (1 << 10)  # VIEW_CHANNEL
    | (1 << 11)  # SEND_MESSAGES
    | (1 << 14)  # EMBED_LINKS
    | (1 << 15)  # ATTACH_FILES
    | (1 << 16)  # READ_MESSAGE_HISTORY
    | (1 << 6)  # ADD_REACTIONS
    | (1 << 31)  # USE_APPLICATION_COMMANDS
    | (1 << 35)  # CREATE_PUBLIC_THREADS
    | (1 << 38)  # SEND_MESSAGES_IN_THREADS
)
#: What the bot may do: a member's rights plus managing messages and threads.
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 13) | (1 << 34) | (1 << 36)  # MANAGE_MESSAGES/THREADS, PRIVATE
SEND_MESSAGES, CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS, SEND_MESSAGES_IN_THREADS = (
    1 << 11,
    1 << 35,
    1 << 36,
    1 << 38,
)
EMBED_LINKS, ATTACH_FILES = 1 << 14, 1 << 15


@dataclass
class FakeUser:
    """A Discord user (a player, or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    #: The language of this user's Discord (`locale` on each interaction they make; issue 32).
    locale: str = "en-GB"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeChannel:
    """A guild text channel or a thread in one."""

    id: int
    #: None for a DM channel.
    guild_id: int | None
    name: str
    type: int = GUILD_TEXT
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    #: What the bot may do here (an interaction's app_permissions; REST refuses the rest). A
    #: thread has none of its own: it inherits its parent's (`FakeDiscord.bot_permissions_in`).
    bot_permissions: int = 0
    permission_overwrites: list[dict[str, Any]] = field(default_factory=list)
    #: The user of a DM channel (the bot's private conversation with them).
    recipient: FakeUser | None = None

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class FakeGuild:
    """A server the bot is in, with its channels and members."""

    id: int
    name: str
    owner_id: int
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    #: The bot's managed role, which carries BOT_PERMISSIONS.
    bot_role_id: int = 0
    #: The server's preferred locale (its Community settings): GUILD_CREATE's `preferred_locale`
    #: and every interaction's `guild_locale`.
    locale: str = "en-US"


#: The component types a person acts on: a button and the five kinds of select menu.
INTERACTIVE = (2, 3, 5, 6, 7, 8)


@dataclass
class FakeMessage:
    """A message as the fake stores it: public in a channel, or ephemeral to one user.

    `history` keeps every earlier version (content, embeds, components) so tests can check edits.
    """

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    #: Users mentioned in the content, and those the mention notified (allowed_mentions applied;
    #: Discord notifies nobody of a mention added by an edit).
    mentions: list[int] = field(default_factory=list)
    pinged: list[int] = field(default_factory=list)
    #: The user an ephemeral message is shown to (None: public).
    ephemeral_to: int | None = None
    #: The interaction whose response or follow-up this message is (None: plain channel message).
    interaction_id: int | None = None
    #: Discord's `interaction_metadata` for such messages (who ran the command or clicked).
    interaction_metadata: dict[str, Any] | None = None
    #: Message type: 0 default, 20 a slash command's response.
    type: int = 0
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    edited_at: datetime | None = None
    deleted: bool = False
    pinned: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    #: How many more edits an aged message (older than an hour) accepts; None: not throttled.
    old_edits_left: int | None = None
    #: The payload that created or last changed this message, as the bot sent it.
    last_payload: dict[str, Any] = field(default_factory=dict)
    #: The components list last walked, every component of it, and its interactive ones (`walk`,
    #: `components_flat`: an edit replaces the list).
    _walked: tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def layout(self) -> bool:
        """A Components V2 message (flag IS_COMPONENTS_V2): its tree is all a person sees."""
        return bool(self.flags & COMPONENTS_V2)

    @property
    def loading(self) -> bool:
        """A deferred response still "thinking" (no content yet)."""
        return bool(self.flags & LOADING)

    def snapshot(self) -> dict[str, Any]:
        """The message as it is now, copied: kept in `history`, echoed to the bot."""
        return json_copy(self.fields())

    def fields(self) -> dict[str, Any]:
        """What `snapshot` copies, not copied: for reading only (the checks, `text`). The load
        benchmark reads every answer's text a few times, and copies only read were a tenth of its CPU."""
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": self.attachments,
            "flags": self.flags,
        }

    # --- What tests look at -------------------------------------------------------------------

    def components_flat(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects) in order, rows, containers and sections'
        accessories unpacked."""
        return list(self._walk()[2])

    def walk(self) -> list[dict[str, Any]]:
        """Every component of the tree, depth first (a section's text displays, then its accessory)."""
        return list(self._walk()[1])

    def set_components(self, components: list[dict[str, Any]], walked: list[dict[str, Any]]) -> None:
        """Replace the components with `components`, whose every component `walked` lists
        (`walk_components`), walked once by whoever made them."""
        self.components = components
        self._walked = (components, walked, [c for c in walked if c.get("type") in INTERACTIVE])

    def _walk(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        """The tree walked once a version: the load benchmark's players and the fake's clicks look
        a table's buttons up about five times a click, and walking a 40-component tree each time
        was a tenth of the driver's CPU at 20 games flat out (the driver, not the bot, then sets
        the pace). An edit replaces the list, never changes it in place; callers get copies."""
        if self._walked is None or self._walked[0] is not self.components:
            self.set_components(self.components, walk_components(self.components))
        assert self._walked is not None
        return self._walked

    def text_displays(self) -> list[str]:
        """The contents of the layout's text displays, in order."""
        return [str(c.get("content", "")) for c in self.walk() if c.get("type") == 10]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.components_flat() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.components_flat() if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [str(c["custom_id"]) for c in self.components_flat() if "custom_id" in c]

    def button(self, label: str | None = None, *, custom_id_prefix: str | None = None) -> dict[str, Any]:
        """The one button with this label (or custom id prefix); fails clearly if absent or ambiguous."""
        matches = [
            b
            for b in self.buttons()
            if (label is None or b.get("label") == label)
            and (custom_id_prefix is None or str(b.get("custom_id", "")).startswith(custom_id_prefix))
        ]
        if len(matches) != 1:
            labels = [b.get("label") for b in self.buttons()]
            raise AssertionError(
                f"expected one button {label!r} (prefix {custom_id_prefix!r}) on message {self.id}, "
                f"found {len(matches)}; buttons: {labels}"
            )
        return matches[0]

    def select(self, custom_id_prefix: str | None = None) -> dict[str, Any]:
        """The one select menu (with this custom id prefix)."""
        matches = [
            s
            for s in self.selects()
            if custom_id_prefix is None or str(s.get("custom_id", "")).startswith(custom_id_prefix)
        ]
        if len(matches) != 1:
            raise AssertionError(
                f"expected one select menu (prefix {custom_id_prefix!r}) on message {self.id}, "
                f"found {len(matches)}: {[s.get('custom_id') for s in self.selects()]}"
            )
        return matches[0]

    def text(self) -> str:
        """Everything a person reads on the message: content, embeds, labels, options, text displays."""
        return readable_text(self.fields(), self._walk()[1])

    def versions(self) -> list[dict[str, Any]]:
        """Every version the message ever had (earlier ones from `history`, then the current)."""
        return [*self.history, self.snapshot()]


TreeT = TypeVar("TreeT")


def json_copy(value: TreeT) -> TreeT:
    """A deep copy of a JSON tree (dicts, lists, scalars), written to JSON and read back with orjson:
    seven times quicker than `copy.deepcopy` on a table (19 against 132 µs). The fake copies every
    message it stores and echoes (`snapshot`), and deepcopy was three quarters of the fake's CPU
    when benchmarks/side_by_side.py drives 20 games flat out: the fake, not the bot, then set the
    pace. A tuple comes back a list, as JSON has it; anything JSON cannot hold goes to deepcopy."""
    try:
        return cast(TreeT, orjson.loads(orjson.dumps(value)))
    except TypeError:
        return copy.deepcopy(value)


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a tree, depth first: rows and containers unpacked, a section's text
    displays then its accessory, a label's component."""
    found: list[dict[str, Any]] = []
    _walk_into(components, found)
    return found


def _walk_into(items: list[Any], found: list[dict[str, Any]]) -> None:
    """`walk_components`' recursion, a function of its own: a nested function calling itself is a
    reference cycle, garbage only the collector frees (the load driver walks tables thousands of
    times a second with its collector off)."""
    for item in items:
        if not isinstance(item, dict):
            continue
        found.append(item)
        if isinstance(item.get("components"), list):
            _walk_into(item["components"], found)
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                _walk_into([item[key]], found)


def readable_text(version: dict[str, Any], walked: list[dict[str, Any]] | None = None) -> str:
    """What a person reads on one version of a message (see `FakeMessage.snapshot`); `walked`:
    its components already walked (`walk_components`), if they were.

    A layout message (IS_COMPONENTS_V2) shows only its tree: text displays, labels, options,
    thumbnail and gallery descriptions, the names of file components; its attachments are not
    shown by themselves (Discord: "they must be exposed through components")."""
    layout = bool(int(version.get("flags") or 0) & COMPONENTS_V2)
    parts = [str(version.get("content") or "")]
    for embed in version.get("embeds") or []:
        parts += [str(embed.get(k) or "") for k in ("title", "description")]
        parts += [
            str((embed.get("author") or {}).get("name", "")),
            str((embed.get("footer") or {}).get("text", "")),
        ]
        for f in embed.get("fields") or []:
            parts += [str(f.get("name", "")), str(f.get("value", ""))]
    if walked is None:
        walked = walk_components(version.get("components") or [])
    for item in walked:
        for key in ("label", "placeholder", "content", "title"):
            if isinstance(item.get(key), str):
                parts.append(item[key])
        for option in item.get("options", []) or []:
            parts.extend([str(option.get("label", "")), str(option.get("description", ""))])
        if item.get("type") == 11 and isinstance(item.get("description"), str):
            parts.append(item["description"])
        if item.get("type") == 12:
            for entry in item.get("items") or []:
                if isinstance(entry, dict) and isinstance(entry.get("description"), str):
                    parts.append(entry["description"])
        if item.get("type") == 13 and isinstance(item.get("name"), str):
            parts.append(item["name"])
    if not layout:
        for attachment in version.get("attachments") or []:
            parts += [str(attachment.get("filename") or ""), str(attachment.get("description") or "")]
    return "\n".join(p for p in parts if p)


def received_text(version: dict[str, Any]) -> str:
    """Everything a Discord client receives for one version, hidden fields included
    (custom_ids, option values, urls): anyone with a modified client can read these."""
    return json.dumps(version, ensure_ascii=False)


@dataclass
class InteractionResponse:
    """One interaction callback the bot posted (type 4, 5, 6, 7, 9, ...)."""

    type: int
    data: dict[str, Any]
    at: float


@dataclass
class FakeInteraction:
    """An INTERACTION_CREATE the fake dispatched, and everything the bot did with its token."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    #: The message a component was clicked on (component and some modal interactions).
    message: FakeMessage | None = None
    dispatched_at: float = field(default_factory=time.monotonic)
    expired: bool = False
    #: The bot answered after the fake's `answer_deadline`: Discord no longer knows the token.
    missed_deadline: bool = False
    response: InteractionResponse | None = None
    #: The message the callback created or deferred (type 4 / 5), or the clicked message (6 / 7).
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    #: A modal the bot opened in answer (type 9): its custom_id, title, components.
    modal: dict[str, Any] | None = None
    #: For a modal submission: the interaction whose answer opened the modal.
    opened_by: FakeInteraction | None = None
    #: The shard whose gateway session it was sent to (None: an unsharded client's).
    shard: int | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def description(self) -> str:
        data = self.payload.get("data", {})
        if self.type == 2:
            return f"/{data.get('name')}"
        if self.type == 3:
            return f"component {data.get('custom_id')!r}"
        if self.type == 5:
            return f"modal {data.get('custom_id')!r}"
        return f"interaction type {self.type}"

    @property
    def response_type(self) -> int | None:
        return self.response.type if self.response else None

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's callback."""
        return self.response.at - self.dispatched_at if self.response else None

    async def wait_answered(self, timeout: float = 5.0) -> InteractionResponse:
        """The bot's callback; fails like Discord would ("This interaction failed") if none comes."""
        try:
            await asyncio.wait_for(self.answered.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"The bot never answered {self.description} by {self.user.name} within {timeout}s: "
                "Discord would show 'This interaction failed'."
            ) from None
        assert self.response is not None
        return self.response

    def messages(self) -> list[FakeMessage]:
        """The original response message (if any) and the follow-ups, live (not deleted)."""
        found = [self.original] if self.original is not None else []
        return [m for m in found + self.followups if not m.deleted]


@dataclass
class RecordedCall:
    """One REST request the bot made, as the fake received it."""

    method: str
    path: str
    #: The route template, e.g. "/channels/{channel_id}/messages" (None: unknown route).
    route: str | None
    query: dict[str, str]
    headers: dict[str, str]
    json: Any = None
    #: Multipart parts other than payload_json: name, filename, content type, size.
    files: list[dict[str, Any]] = field(default_factory=list)
    status: int = 0
    #: The fake's JSON answer (None: no JSON body).
    response: Any = None
    at: float = field(default_factory=time.monotonic)
