"""The fake gateway: one websocket endpoint speaking Discord's gateway protocol (v10, JSON).

What discord.py 2.7.1 does on connect (gateway.py `DiscordWebSocket.from_client`): read HELLO,
send a heartbeat at once (before IDENTIFY), then IDENTIFY or RESUME. It asks for
`compress=zlib-stream`, and gets it as Discord sends it: one deflate stream a connection, every
frame a binary message ending in a sync flush (`_write`); a client that does not ask (a test's
own socket) gets text frames. READY carries
`session_id` and `resume_gateway_url`; after RECONNECT (op 7) or a dropped socket the client
RESUMEs there and we replay the events it missed.

Shards (issue 21): an IDENTIFY with `shard: [id, count]` opens that shard's session, whose READY
and GUILD_CREATEs hold only the guilds Discord puts on it, `(guild_id >> 22) % count`, and every
later guild event or interaction goes to the session of its guild's shard (a DM's to shard 0), as
Discord routes them. A client without `shard` gets every guild, as before. An event for a shard
whose process stopped waits in that dead session, lost unless it is resumed (as on Discord: an
interaction nobody receives fails).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import WSMsgType, web

from tests.fake_discord.model import shard_of
from tests.fake_discord.payloads import guild_payload, user_payload

if TYPE_CHECKING:
    from tests.fake_discord.fake import FakeDiscord

log = logging.getLogger(__name__)

HELLO, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HEARTBEAT_ACK = 10, 1, 2, 6, 7, 9, 11
DISPATCH = 0
#: Privileged intents: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT. Garden Club needs none.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
HEARTBEAT_INTERVAL_MS = 41_250
#: Close codes: an IDENTIFY whose `shard` is not `[id, count]` with 0 <= id < count.
INVALID_SHARD = 4010


def encode(frame: dict[str, Any]) -> bytes:
    """A gateway frame as JSON, written by orjson: an interaction's frame carries the clicked
    message, and `json.dumps` of it was a fifth of the fake's CPU under the load benchmark."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS)


#: The deflate level of a compressed connection: the fastest (the fake's own CPU is the load
#: benchmark's players'); the client inflates any level alike.
STREAM_LEVEL = 1


@dataclass
class GatewaySession:
    """A gateway session: survives a dropped socket and is resumed with its sequence number."""

    id: str
    intents: int
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    #: `(shard id, shard count)` from IDENTIFY; None for a client that does not shard.
    shard: tuple[int, int] | None = None
    #: Identified or resumed and not since told to reconnect or dropped.
    ready: bool = False

    @property
    def live(self) -> bool:
        return self.ready and self.ws is not None and not self.ws.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord sends `guild_id`'s events here (None: a DM, shard 0's)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id


@dataclass
class GatewayStats:
    """What the client did on the wire (tests assert on it)."""

    connections: int = 0
    identifies: int = 0
    resumes: int = 0
    heartbeats: int = 0
    heartbeat_before_identify: bool = False
    queries: list[dict[str, str]] = field(default_factory=list)
    identify_payloads: list[dict[str, Any]] = field(default_factory=list)


class FakeGateway:
    """Websocket handler plus the test-side controls (dispatch, reconnect, drop)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        #: The session identified or resumed last (of any shard).
        self.current: GatewaySession | None = None
        self.stats = GatewayStats()
        self._sockets: set[web.WebSocketResponse] = set()
        #: Each compressed socket's deflate stream, by the socket's id.
        self._streams: dict[int, Any] = {}
        #: Sessions, the one identified or resumed last at the end: events go to the newest one
        #: serving their guild.
        self._recent: list[GatewaySession] = []
        self._changed = asyncio.Event()

    # --- Test-side controls -----------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.live

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The session Discord would send `guild_id`'s events to (None: a DM): the newest one
        of the guild's shard, live or not (an event for a stopped shard is lost with it)."""
        return next((s for s in reversed(self._recent) if s.serves(guild_id)), None)

    def shard_session(self, shard_id: int) -> GatewaySession | None:
        """The newest session of shard `shard_id` (None: no client identified it)."""
        return next(
            (s for s in reversed(self._recent) if s.shard is not None and s.shard[0] == shard_id), None
        )

    async def wait_connected(self, timeout: float = 10.0, *, shard: int | None = None) -> GatewaySession:
        """The live session (of shard `shard`, if given), once the bot has identified or resumed."""

        def found() -> GatewaySession | None:
            session = self.current if shard is None else self.shard_session(shard)
            return session if session is not None and session.live else None

        return await self._wait_for(found, timeout, "" if shard is None else f" for shard {shard}")

    async def _wait_for(
        self, found: Callable[[], GatewaySession | None], timeout: float, what: str
    ) -> GatewaySession:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (session := found()) is None:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"The bot did not connect to the fake gateway{what} within {timeout}s.")
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)
        return session

    def _note_change(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send a DISPATCH event to the bot, to the session of its guild's shard (`data`'s
        `guild_id`; none: shard 0's), kept for replay if the socket is down; returns its seq."""
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        session = self.session_for(guild_id)
        if session is None:
            session = await self._wait_for(
                lambda: self.session_for(guild_id), 10.0, f" for guild {guild_id}'s shard"
            )
        return await self._dispatch_to(session, event, data)

    async def dispatch_for_guild(self, guild_id: int, event: str, data: dict[str, Any]) -> int:
        """`dispatch` an event about guild `guild_id` itself (GUILD_CREATE, GUILD_DELETE: its id is
        `data`'s `id`) to the guild's shard."""
        return await self.dispatch(event, {**data, "guild_id": str(guild_id)})

    async def _dispatch_to(self, session: GatewaySession, event: str, data: dict[str, Any]) -> int:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.ws is not None and not session.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self._write(session.ws, frame)
        return session.seq

    async def request_reconnect(self, *, shard: int | None = None) -> None:
        """Op 7 RECONNECT (to shard `shard`'s session, if given): the client closes and RESUMEs at
        `resume_gateway_url`."""
        session = await self.wait_connected(shard=shard)
        session.ready = False
        assert session.ws is not None
        await self._write(session.ws, {"op": RECONNECT, "d": None, "s": None, "t": None})

    async def drop_connection(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the socket (of shard `shard`, if given) from our side, as a network failure or a
        Discord restart would."""
        session = await self.wait_connected(shard=shard)
        session.ready = False
        assert session.ws is not None
        await session.ws.close(code=code, message=b"fake gateway dropped the connection")

    def invalidate_sessions(self) -> None:
        """Forget every session: the next RESUME gets INVALID_SESSION and the client re-IDENTIFYs."""
        self.sessions.clear()

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"fake discord stopping")

    # --- The websocket endpoint -------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        self.stats.connections += 1
        self.stats.queries.append(dict(request.query))
        if request.query.get("compress") == "zlib-stream":
            self._streams[id(ws)] = zlib.compressobj(STREAM_LEVEL)
        session: GatewaySession | None = None
        identified = False
        try:
            await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    self.stats.heartbeats += 1
                    if not identified:
                        self.stats.heartbeat_before_identify = True
                    await self._send(ws, {"op": HEARTBEAT_ACK, "d": None})
                elif op == IDENTIFY:
                    session = await self._identify(ws, data)
                    identified = session is not None
                elif op == RESUME:
                    session = await self._resume(ws, data)
                    identified = session is not None
                # Presence updates (3), member requests (8) and the like are accepted silently.
        finally:
            self._sockets.discard(ws)
            self._streams.pop(id(ws), None)
            if session is not None and session.ws is ws:
                session.ws = None
                session.ready = False
            self._note_change()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> GatewaySession | None:
        self.stats.identifies += 1
        self.stats.identify_payloads.append({k: v for k, v in data.items() if k != "token"})
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = data.get("shard")
        if shard is not None and not valid_shard(shard):
            await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = GatewaySession(
            id=secrets.token_hex(16), intents=intents, ws=ws, shard=(shard[0], shard[1]) if shard else None
        )
        self.sessions[session.id] = session
        self._make_current(session)
        fake = self.fake
        guilds = [g for g in fake.guilds.values() if session.serves(g.id) and fake.bot_is_in(g.id)]
        bot_user = user_payload(fake.bot_user) | {"verified": True, "mfa_enabled": False, "email": None}
        ready = {
            "v": 10,
            "user": bot_user,
            "user_settings": {},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "_trace": ["fake-discord"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            channels = [fake.channels[c] for c in guild.channel_ids]
            members = [fake.users[m] for m in guild.member_ids]
            await self._dispatch_to(session, "GUILD_CREATE", guild_payload(guild, channels, members))
        session.ready = True
        self._note_change()
        return session

    def _make_current(self, session: GatewaySession) -> None:
        self.current = session
        if session in self._recent:
            self._recent.remove(session)
        self._recent.append(session)

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> GatewaySession | None:
        self.stats.resumes += 1
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.fake.token:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        if session.ws is not None and session.ws is not ws and not session.ws.closed:
            await session.ws.close(code=4000)
        session.ws = ws
        self._make_current(session)
        last_seen = int(data.get("seq") or 0)
        for frame in session.events:
            if frame["s"] > last_seen:
                await self._write(ws, frame)
        await self._dispatch_to(session, "RESUMED", {"_trace": ["fake-discord"]})
        session.ready = True
        self._note_change()
        return session

    async def _send(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        frame.setdefault("s", None)
        frame.setdefault("t", None)
        await self._write(ws, frame)

    async def _write(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        """One frame to `ws`: the next part of its zlib stream when its client asked for one, else
        text. A frame is compressed and written to the socket with no pause between (an
        uncompressed websocket message is written before `send_bytes` first waits), so the
        stream's parts go out in the order they were made."""
        data = encode(frame)
        stream = self._streams.get(id(ws))
        if stream is None:
            await ws.send_str(data.decode())
            return
        await ws.send_bytes(stream.compress(data) + stream.flush(zlib.Z_SYNC_FLUSH))


def valid_shard(shard: Any) -> bool:
    """IDENTIFY's `shard`: `[shard_id, num_shards]`, 0 <= shard_id < num_shards."""
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )
