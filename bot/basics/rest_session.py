"""discord.py's REST requests over connections kept open by the bot (issue 31).

discord.py sends every REST request through one aiohttp `ClientSession`: a board's edit, a turn's
notice and its deletion, a new game's message, the answers discord.py still sends itself (a new
game's `/play`). Around it, in `HTTPClient.request` and its webhook adapter, it keeps Discord's
rate limits: the buckets, a 429's wait, the global lock. aiohttp's client spent about three times
the CPU of a request written on a kept connection (`benchmarks/answer_transport.py`), and in a
Garden Sabotage game nearly every click makes such a request beside its answer.

`KeptSession` takes the session's place in discord.py (`install`). A request to the API's host
whose body is JSON or nothing, through no proxy, is sent over `KeptConnections`
(bot/basics/answer_http.py), and its answer is given back as what discord.py reads of aiohttp's:
`status`, `reason`, `headers` (any case) and `text()`. Everything else goes on through aiohttp
as before: files to upload, the gateway's websocket, a picture from the CDN, a proxy. discord.py's
rate limiting is untouched: it runs around either. The bot's own share of Discord's global limit
(bot/operations/rest_limit.py) sits in aiohttp's request hook, which a kept request does not pass
through, so the same wait is made here first (`before_request`).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import aiohttp
import discord
from multidict import CIMultiDict, CIMultiDictProxy

from bot.basics.answer_http import HttpReply, KeptConnections, header_lines

#: What is called before each kept request with its URL and headers (the global limit's turn).
BeforeRequest = Callable[[str, Mapping[str, str]], Awaitable[None]]
#: The methods discord.py's REST routes use; anything else goes through aiohttp.
_METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE"})
#: The keyword arguments a kept request understands (discord.py's, and its webhook adapter's).
_KWARGS = frozenset({"headers", "data", "params", "proxy", "proxy_auth"})
#: What a successful answer's body is read as while `ANSWER_UNREAD` is set: JSON that says nothing.
_NOTHING_READ = b"{}"

#: Set (`ANSWER_UNREAD.set(True)`, then `reset`) around a discord.py request whose successful
#: answer its caller does not read. discord.py decodes and parses every answer's JSON, and a
#: message's edit is answered with the whole message (a Garden Sabotage table: 5–8 KB, a hundred
#: objects made and freed) where the bot keeps nothing of it (issue 31). A kept request's
#: successful answer is then read as `{}`; its status and headers (the rate limits) as they are,
#: and any other answer (a refusal, a 429's wait) whole.
ANSWER_UNREAD: ContextVar[bool] = ContextVar("answer_unread", default=False)


class KeptResponse:
    """A kept request's answer, read as discord.py reads aiohttp's `ClientResponse`."""

    def __init__(self, reply: HttpReply, body: bytes | None = None) -> None:
        self.status = reply.status
        self.reason = reply.reason
        #: The headers, found by any case of their names (discord.py asks for
        #: "X-Ratelimit-Remaining", the answer may say "x-ratelimit-remaining").
        self.headers: CIMultiDictProxy[str] = CIMultiDictProxy(CIMultiDict(reply.headers))
        self._body = reply.body if body is None else body

    async def read(self) -> bytes:
        return self._body

    async def text(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        return self._body.decode(encoding, errors)


@dataclass(frozen=True, slots=True)
class _KeptRequest:
    """`async with session.request(...) as response`, for a request sent on a kept connection."""

    session: KeptSession
    method: str
    url: str
    path: str
    body: bytes
    headers: dict[str, str]

    async def __aenter__(self) -> KeptResponse:
        return await self.session._send(self.method, self.url, self.path, self.body, self.headers)

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        return None


class KeptSession:
    """discord.py's aiohttp session, its plain JSON requests to `api_base`'s host sent over
    connections kept open (`KeptConnections`); the rest delegated to `session`. Closing it closes
    both."""

    def __init__(
        self, session: aiohttp.ClientSession, api_base: str, before_request: BeforeRequest | None = None
    ) -> None:
        split = urllib.parse.urlsplit(api_base)
        self._session = session
        #: "https://discord.com": a request's URL starts with it, then its path.
        self._origin = f"{split.scheme}://{split.netloc}"
        self._connections = KeptConnections(self._origin, {})
        self._before_request = before_request

    @property
    def connections(self) -> KeptConnections:
        """The kept connections to the API's host (the bot's own requests use them too)."""
        return self._connections

    # What discord.py uses of aiohttp's session besides `request`.

    @property
    def closed(self) -> bool:
        return self._session.closed

    async def close(self) -> None:
        self._connections.close()
        await self._session.close()

    def __getattr__(self, name: str) -> Any:
        """Anything else of aiohttp's session, as it is: the gateway's `ws_connect`, the CDN's
        `get`, and whatever a later discord.py release reads."""
        return getattr(self._session, name)

    def request(self, method: str, url: Any, **kwargs: Any) -> Any:
        """discord.py's request: on a kept connection when it is one of ours (`_kept`), else
        through aiohttp. Either way, the result is used as `async with ... as response`."""
        kept = self._kept(method, url, kwargs)
        if kept is None:
            return self._session.request(method, url, **kwargs)
        return kept

    def _kept(self, method: str, url: Any, kwargs: dict[str, Any]) -> _KeptRequest | None:
        """The request as a kept one: JSON or no body, to the API's host, no proxy, a path
        already quoted (discord.py quotes what it puts in one); None when it is not."""
        if type(url) is not str or method not in _METHODS or not kwargs.keys() <= _KWARGS:
            return None
        if kwargs.get("proxy") is not None or kwargs.get("proxy_auth") is not None:
            return None
        origin = self._origin
        if not url.startswith(origin) or url[len(origin) : len(origin) + 1] != "/":
            return None
        path = url[len(origin) :]
        if not path.isascii() or not path.isprintable() or " " in path or "#" in path:
            return None  # yarl would quote it: aiohttp's
        data = kwargs.get("data")
        if data is None:
            body = b""
        elif type(data) is str:
            body = data.encode()
        elif type(data) is bytes:
            body = data
        else:
            return None  # a form with files: aiohttp writes it
        params = kwargs.get("params")
        if params:
            if type(params) is not dict or not all(type(v) in (str, int) for v in params.values()):
                return None
            path += ("&" if "?" in path else "?") + urllib.parse.urlencode(params)
        headers = kwargs.get("headers") or {}
        if type(headers) is not dict:
            return None
        return _KeptRequest(self, method, url, path, body, headers)

    async def _send(
        self, method: str, url: str, path: str, body: bytes, headers: dict[str, str]
    ) -> KeptResponse:
        if self._before_request is not None:
            await self._before_request(url, headers)
        reply = await self._connections.request(method, path, body, header_lines(headers))
        if 200 <= reply.status < 300 and ANSWER_UNREAD.get():
            return KeptResponse(reply, _NOTHING_READ)
        return KeptResponse(reply)


def install(http: Any, api_base: str, before_request: BeforeRequest | None = None) -> KeptSession | None:
    """Put a `KeptSession` in place of discord.py's `HTTPClient` session (`http`, after its
    `static_login` made the session). discord.py keeps the session in a private attribute; the
    interactions it parses afterwards take theirs from it. Once only: a second call keeps the
    first. None, and nothing changed, when discord.py has no session yet (not logged in)."""
    current: Any = getattr(http, "_HTTPClient__session", None)
    if isinstance(current, KeptSession):
        return current
    if current is None or current is discord.utils.MISSING:
        return None
    kept = KeptSession(current, api_base, before_request)
    http._HTTPClient__session = kept
    return kept
