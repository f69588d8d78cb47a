"""The fake gateway: one websocket endpoint speaking Discord's gateway protocol (v10, JSON).

What discord.py 2.7.1 does on connect (gateway.py `DiscordWebSocket.from_client`): read HELLO,
send a heartbeat at once (before IDENTIFY), then IDENTIFY or RESUME. It asks for
`compress=zlib-stream` but accepts plain text frames, which is what we send. READY carries
`session_id` and `resume_gateway_url`; after RECONNECT (op 7) or a dropped socket the client
RESUMEs there and we replay the events it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fake_discord.payloads import guild_payload, user_payload

if TYPE_CHECKING:
    from tests.fake_discord.fake import FakeDiscord

log = logging.getLogger(__name__)

HELLO, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HEARTBEAT_ACK = 10, 1, 2, 6, 7, 9, 11
DISPATCH = 0
#: Privileged intents: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT. Garden Club needs none.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
HEARTBEAT_INTERVAL_MS = 41_250


@dataclass
class GatewaySession:
    """A gateway session: survives a dropped socket and is resumed with its sequence number."""

    id: str
    intents: int
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None


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
        self.current: GatewaySession | None = None
        self.stats = GatewayStats()
        self._sockets: set[web.WebSocketResponse] = set()
        self._connected = asyncio.Event()

    # --- Test-side controls -----------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.ws is not None and not self.current.ws.closed

    async def wait_connected(self, timeout: float = 10.0) -> GatewaySession:
        """The live session, once the bot has identified (or resumed)."""
        try:
            await asyncio.wait_for(self._connected.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"The bot did not connect to the fake gateway within {timeout}s.") from None
        assert self.current is not None
        return self.current

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send a DISPATCH event to the bot (kept for replay if the socket is down); returns its seq."""
        session = self.current
        if session is None:
            session = await self.wait_connected()
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.ws is not None and not session.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await session.ws.send_str(json.dumps(frame))
        return session.seq

    async def request_reconnect(self) -> None:
        """Op 7 RECONNECT: the client closes and RESUMEs at `resume_gateway_url`."""
        session = await self.wait_connected()
        self._connected.clear()
        assert session.ws is not None
        await session.ws.send_str(json.dumps({"op": RECONNECT, "d": None, "s": None, "t": None}))

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the socket from our side, as a network failure or a Discord restart would."""
        session = await self.wait_connected()
        self._connected.clear()
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
            if session is not None and session.ws is ws:
                session.ws = None
                if self.current is session:
                    self._connected.clear()
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
        session = GatewaySession(id=secrets.token_hex(16), intents=intents, ws=ws)
        self.sessions[session.id] = session
        self.current = session
        fake = self.fake
        bot_user = user_payload(fake.bot_user) | {"verified": True, "mfa_enabled": False, "email": None}
        ready = {
            "v": 10,
            "user": bot_user,
            "user_settings": {},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in fake.guilds.values()],
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
        await self.dispatch("READY", ready)
        for guild in fake.guilds.values():
            channels = [fake.channels[c] for c in guild.channel_ids]
            members = [fake.users[m] for m in guild.member_ids]
            await self.dispatch("GUILD_CREATE", guild_payload(guild, channels, members))
        self._connected.set()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> GatewaySession | None:
        self.stats.resumes += 1
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.fake.token:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        if session.ws is not None and session.ws is not ws and not session.ws.closed:
            await session.ws.close(code=4000)
        session.ws = ws
        self.current = session
        last_seen = int(data.get("seq") or 0)
        for frame in session.events:
            if frame["s"] > last_seen:
                await ws.send_str(json.dumps(frame))
        await self.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self._connected.set()
        return session

    @staticmethod
    async def _send(ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        frame.setdefault("s", None)
        frame.setdefault("t", None)
        await ws.send_str(json.dumps(frame))
