"""A game's public messages edited, posted and deleted by the bot itself, Discord's rate limits kept.

Every move edits its table, and in Garden Sabotage about every other move posts a turn notice and
deletes the one before. Through discord.py each is a `Route`, the message's parameters, the
request's rate-limit bucket (`HTTPClient.request`), aiohttp's session in our place
(bot/basics/rest_session.py): about 200 K instructions a request against about 50 K for the same
request written as bytes on a kept connection (issue 31, docs/performance.md). Here the three are
sent as the bot sends its interaction answers (bot/basics/callbacks.py), over the connections
discord.py's requests already use.

Unlike an answer, these carry the bot's token, so Discord's limits apply, and they are kept here
as discord.py keeps them:
- **the route's bucket** (`BucketRooms`): every answer says how many requests its bucket still
  takes and when it refills (`X-RateLimit-Remaining`, `-Reset-After`, `-Bucket`); a request
  waits for the refill when the last answer (less the requests still on their way) said none
  were left, rather than being sent to a 429;
- **a 429** is waited out for its `retry_after` and sent again (a 429 that did not come through
  Discord's edge, without `Via`, is a ban: raised at once, as discord.py does);
- **the process's share of the global limit** (bot/operations/rest_limit.py) is waited for
  before each request, as for discord.py's own;
- a 500, 502, 504 or 524 is tried again after 1 + 2 × try seconds, five tries in all; anything
  else is raised as discord.py's own `Forbidden`, `NotFound`, `HTTPException` or
  `DiscordServerError`, which the publisher already handles.

A message with files to upload (a board picture) is not sent here: the caller gets None for its
payload and uses discord.py (multipart). The payloads are discord.py's, field for field
(`tests/bot/test_channel_messages.py` compares them).
"""

from __future__ import annotations

import asyncio
import logging
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord
import orjson

from bot.basics.answer_http import HttpReply, KeptConnections, header_lines
from bot.basics.callbacks import ATTEMPTS, as_response, json_or_text, original_edit, refused, retry_pause
from bot.basics.rest_session import BeforeRequest

log = logging.getLogger(__name__)

#: The server errors discord.py tries again (any other 5xx is raised at once).
RETRIED_SERVER_ERRORS = frozenset({500, 502, 504, 524})
#: A request's kind: the route it goes to (each has a bucket per channel until Discord names the
#: bucket it shares, if any).
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
#: How often a request looks again whether its bucket's first answer came (a bucket not yet
#: heard of takes one request at a time, as discord.py's does).
FIRST_ANSWER_POLL = 0.02
#: Seconds a refilled bucket is taken to last until an answer says when it refills next.
PROVISIONAL_WINDOW = 1.0
#: A channel's bucket idle this long past its refill is forgotten (its next request learns it
#: again, as a first one does): the rooms of channels no game uses any more are not kept for ever.
FORGET_IDLE_ROOM = 60.0
#: The rooms kept before the first look for idle ones; after each look, twice those left.
PRUNE_FROM = 1024
_JSON = header_lines({"Content-Type": "application/json"})


def message_payload(
    fields: dict[str, Any], allowed_mentions: discord.AllowedMentions | None
) -> dict[str, Any] | None:
    """A message's JSON for an edit or a post of `fields` (`content`, `embed`, `embeds`, `view`,
    `attachments`, `allowed_mentions`), as discord.py's `handle_message_parameters` writes it with
    `previous_allowed_mentions=allowed_mentions`; None when it uploads files or names a field
    not said here (then discord.py sends it)."""
    return original_edit(fields, allowed_mentions)


@dataclass(slots=True)
class Room:
    """What a bucket takes now, as its last answer said: `remaining` requests until `refills`
    (monotonic seconds), less the requests sent since (`on_the_way`). Unknown until an answer."""

    remaining: int = 1
    limit: int = 1
    refills: float = 0.0
    on_the_way: int = 0
    known: bool = False


class BucketRooms:
    """The rate-limit buckets of the requests sent here, per route and channel, from the answers'
    headers (Discord's per-route limits). A route's requests share a `Room` with every route
    Discord names the same bucket (`X-RateLimit-Bucket`) in the same channel."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._rooms: dict[tuple[str, int], Room] = {}
        #: How many rooms may be kept before idle ones are looked for (`_forget_idle`).
        self._prune_at = PRUNE_FROM
        #: The bucket Discord named for each route, once it has.
        self._bucket_of: dict[str, str] = {}
        #: Requests that waited for a bucket to refill (for the logs and tests).
        self.waits = 0

    def room(self, kind: str, channel_id: int) -> Room:
        key = (self._bucket_of.get(kind, kind), channel_id)
        found = self._rooms.get(key)
        if found is None:
            if len(self._rooms) >= self._prune_at:
                self._forget_idle()
            found = self._rooms[key] = Room()
        return found

    def _forget_idle(self) -> None:
        """Drop the rooms with nothing on the way and refilled at least `FORGET_IDLE_ROOM` ago;
        looked for again once twice as many as are left are kept (a cost of one pass a room)."""
        stale = self._now() - FORGET_IDLE_ROOM
        self._rooms = {
            key: room for key, room in self._rooms.items() if room.on_the_way or room.refills > stale
        }
        self._prune_at = max(PRUNE_FROM, 2 * len(self._rooms))

    async def turn(self, kind: str, channel_id: int) -> Room:
        """The request's turn in its bucket: at once while it has room (or its refill time has
        passed), else once it refills. Count the request as on its way."""
        while True:
            room = self.room(kind, channel_id)
            now = self._now()
            if not room.known:
                if room.on_the_way == 0:  # the first request learns the bucket; the rest wait for it
                    break
                await asyncio.sleep(FIRST_ANSWER_POLL)
                continue
            if now >= room.refills:  # refilled: full until an answer says otherwise
                room.remaining, room.refills = room.limit, now + PROVISIONAL_WINDOW
            if room.remaining - room.on_the_way > 0:
                break
            self.waits += 1
            await asyncio.sleep(room.refills - now)
        room.on_the_way += 1
        return room

    def emptied(self, room: Room, seconds: float) -> None:
        """Discord answered `room`'s request with a 429: it takes nothing for `seconds`."""
        room.remaining, room.refills, room.known = 0, self._now() + seconds, True

    def answered(self, kind: str, channel_id: int, room: Room, headers: Mapping[str, str]) -> None:
        """A request of `room` was answered with `headers` (names in lower case)."""
        room.on_the_way -= 1
        bucket = headers.get("x-ratelimit-bucket")
        if bucket is not None and self._bucket_of.get(kind) != bucket:
            self._bucket_of[kind] = bucket
            known = self._rooms.get((bucket, channel_id))
            if known is None:
                self._rooms[(bucket, channel_id)] = room
            elif known is not room:  # another route's bucket in this channel: count there from now on
                room = known
        limit = headers.get("x-ratelimit-limit")
        remaining = headers.get("x-ratelimit-remaining")
        reset_after = headers.get("x-ratelimit-reset-after")
        if limit is None or remaining is None or reset_after is None:
            return
        try:
            room.limit, room.remaining = int(limit), int(remaining)
            room.refills = self._now() + float(reset_after)
        except ValueError:
            return
        room.known = True


class ChannelMessages:
    """Edits, posts and deletes of a channel's messages, sent over `connections` (the host of
    `api_base`) with the bot's `token`. Paths never hold a secret; the token is never logged."""

    def __init__(
        self,
        connections: KeptConnections,
        api_base: str,
        token: str,
        user_agent: str,
        before_request: BeforeRequest | None = None,
        *,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self._connections = connections
        self._base = api_base.rstrip("/")
        self._prefix = urllib.parse.urlsplit(self._base).path
        self._headers = {"User-Agent": user_agent, "Authorization": f"Bot {token}"}
        self._header_lines = header_lines(self._headers)
        self._before_request = before_request
        self.rooms = BucketRooms(now)

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        """Edit the message to `payload` (`message_payload`); Discord's answer is not read."""
        path = f"/channels/{channel_id}/messages/{message_id}"
        await self._request(EDIT, channel_id, "PATCH", path, orjson.dumps(payload))

    async def post(self, channel_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        """Post `payload` (`message_payload`) in the channel: the message as Discord answers it."""
        path = f"/channels/{channel_id}/messages"
        reply = await self._request(POST, channel_id, "POST", path, orjson.dumps(payload))
        message: dict[str, Any] = orjson.loads(reply.body)
        return message

    async def delete(self, channel_id: int, message_id: int) -> None:
        path = f"/channels/{channel_id}/messages/{message_id}"
        await self._request(DELETE, channel_id, "DELETE", path, b"")

    async def _request(self, kind: str, channel_id: int, method: str, path: str, body: bytes) -> HttpReply:
        headers = self._header_lines + (_JSON if body else b"")
        reply: HttpReply | None = None
        data: Any = None
        for attempt in range(ATTEMPTS):
            room = await self.rooms.turn(kind, channel_id)
            try:
                if self._before_request is not None:
                    await self._before_request(self._base + path, self._headers)
                reply = await self._connections.request(method, self._prefix + path, body, headers)
            except BaseException:
                room.on_the_way -= 1
                raise
            self.rooms.answered(kind, channel_id, room, reply.headers)
            if 200 <= reply.status < 300:
                return reply
            data = json_or_text(reply)
            if reply.status == 429:
                if not reply.headers.get("via") or not isinstance(data, dict):  # not Discord's edge: a ban
                    raise discord.HTTPException(as_response(reply), data)
                retry_after = float(data.get("retry_after", 1.0))
                log.warning("%s is rate limited: retrying in %.2f s.", kind, retry_after)
                if data.get("global"):  # every route waits: the process's window (rest_limit.py) too
                    await asyncio.sleep(retry_after)
                else:  # its bucket's next turn comes after the wait
                    self.rooms.emptied(room, retry_after)
                continue
            if reply.status in RETRIED_SERVER_ERRORS:
                await asyncio.sleep(retry_pause(attempt))
                continue
            raise refused(reply, data)
        assert reply is not None  # every attempt either returned, raised or got an answer
        raise refused(reply, data)
