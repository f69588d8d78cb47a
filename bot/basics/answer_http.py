"""HTTP/1.1 over connections kept open to one host: how the interaction answers are sent.

Every click is answered with one request to Discord (bot/basics/callbacks.py). aiohttp's client
spent 150–170 µs of CPU on such a request on our machine (a request object, a connector's
lookup, its timers, its response object, and a second wait on the event loop's poll a request);
the same request written on a connection kept open and its answer read by hand takes 55–65 µs
(`benchmarks/answer_transport.py`, one sitting): about a seventh of a click (issue 31,
docs/performance.md). The answers need little of HTTP: one host, a JSON body
of known length, no redirects, no cookies, no compression (none is asked for), so this holds
only that: a request written whole, an answer read by its `Content-Length`, its chunks or the
connection's end, and connections kept for the next request while the server keeps them.

An answer that cannot be read (a malformed status line or chunk) closes its connection and is
raised as `ConnectionError`; a connection the server closed while it lay idle is noticed when
written to and raised as `StaleConnection`, which the sender tries again once on a new one.
"""

from __future__ import annotations

import asyncio
import errno
import re
import ssl
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

#: Seconds a request, or opening a connection, may take before it is given up.
TIMEOUT = 30.0
#: Seconds a connection may lie idle and still be used: servers close idle connections after a
#: while (a minute or more at the usual edges), and one closed as it is written to loses a request.
IDLE_MAX = 20.0
#: The most bytes an answer's status line and headers may take (Discord's are well under 2 KB).
HEAD_MAX = 65536
#: Answers that never have a body (RFC 9110 6.4.1).
_NO_BODY = frozenset({204, 304})
#: What may not be in a header's name, and in its value (RFC 9110 5.1 and 5.5).
_BAD_NAME = re.compile(r"[\x00-\x20:\x7f]")
_BAD_VALUE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class HttpReply:
    """A server's answer. Read as discord.py reads aiohttp's answers: `status`, `reason` and
    `headers` (its names in lower case)."""

    status: int
    reason: str
    headers: dict[str, str]
    body: bytes


class StaleConnection(ConnectionResetError):
    """A kept connection was closed by the server before any byte of the answer came back."""


class _Connection(asyncio.Protocol):
    """One connection: a request written whole, its answer parsed as the bytes come in."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.closed = False
        #: Whether the server lets the connection be used again after this answer.
        self.reusable = True
        self.idle_since = 0.0
        self._waiter: asyncio.Future[HttpReply] | None = None
        self._buffer = bytearray()
        self._head: tuple[int, str, dict[str, str]] | None = None
        #: The body's framing once the head is read: its length, -1 chunked, -2 until the end.
        self._length = 0
        self._used = False

    # asyncio's callbacks

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A write transport (uvloop's does not derive from asyncio's classes).
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        waiter = self._waiter
        if waiter is None or waiter.done():  # bytes nobody asked for: the connection cannot be trusted
            self.close()
            return
        self._buffer += data
        try:
            reply = self._parse()
        except ValueError as error:
            self.close()
            waiter.set_exception(ConnectionError(f"an unreadable answer: {error}"))
            return
        if reply is not None:
            self._waiter = None
            waiter.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        waiter, self._waiter = self._waiter, None
        if waiter is None or waiter.done():
            return
        if self._head is not None and self._length == -2:  # the body ran to the connection's end
            status, reason, headers = self._head
            waiter.set_result(HttpReply(status, reason, headers, bytes(self._buffer)))
        elif self._head is None and not self._buffer and self._used:
            waiter.set_exception(StaleConnection(errno.ECONNRESET, "the server closed a kept connection"))
        else:
            waiter.set_exception(ConnectionResetError(errno.ECONNRESET, "the connection closed mid-answer"))

    # the bot's side

    def send(self, request: bytes, loop: asyncio.AbstractEventLoop) -> asyncio.Future[HttpReply]:
        """Write `request`; the future is its answer."""
        assert self.transport is not None and self._waiter is None
        self._waiter = waiter = loop.create_future()
        self._head, self._length = None, 0
        self.transport.write(request)
        return waiter

    def time_out(self) -> None:
        waiter = self._waiter
        self.close()
        if waiter is not None and not waiter.done():
            waiter.set_exception(TimeoutError(f"no answer within {TIMEOUT:.0f} s"))

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    def done_with(self) -> None:
        """The answer was read: ready for the next request."""
        self._used = True
        self._buffer.clear()

    # reading the answer

    def _parse(self) -> HttpReply | None:
        """The answer, once the buffer holds all of it."""
        if self._head is None and not self._read_head():
            return None
        assert self._head is not None
        length = self._length
        if length == -2:
            return None  # read until the connection ends (connection_lost)
        if length == -1:
            body = self._read_chunks()
            if body is None:
                return None
        else:
            if len(self._buffer) < length:
                return None
            body = bytes(self._buffer[:length])
            del self._buffer[:length]
        if self._buffer:  # more than the answer: nothing else was asked
            self.reusable = False
        status, reason, headers = self._head
        return HttpReply(status, reason, headers, body)

    def _read_head(self) -> bool:
        """Read the status line and headers when all have come; False until then."""
        while True:
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self._buffer) > HEAD_MAX:
                    raise ValueError("headers too long")
                return False
            lines = self._buffer[:end].decode("latin-1").split("\r\n")
            del self._buffer[: end + 4]
            version, _, rest = lines[0].partition(" ")
            code, _, reason = rest.partition(" ")
            if not version.startswith("HTTP/1.") or len(code) != 3 or not code.isdigit():
                raise ValueError(f"status line {lines[0][:60]!r}")
            status = int(code)
            if 100 <= status < 200:  # an interim answer (100 Continue): the real one follows
                continue
            headers: dict[str, str] = {}
            for line in lines[1:]:
                name, colon, value = line.partition(":")
                if not colon:
                    raise ValueError(f"header line {line[:60]!r}")
                headers[name.strip().lower()] = value.strip()
            break
        if headers.get("connection", "").lower() == "close" or version == "HTTP/1.0":
            self.reusable = False
        if status in _NO_BODY:
            self._length = 0
        elif "chunked" in headers.get("transfer-encoding", "").lower():
            self._length = -1
        elif "content-length" in headers:
            length = headers["content-length"]
            if not length.isdigit():
                raise ValueError(f"Content-Length {length[:20]!r}")
            self._length = int(length)
        else:
            self._length = -2
            self.reusable = False
        self._head = (status, reason, headers)
        return True

    def _read_chunks(self) -> bytes | None:
        """A chunked body (RFC 9112 7.1) when all of it has come, its trailers skipped; else None."""
        buffer, at, parts = self._buffer, 0, []
        while True:
            line_end = buffer.find(b"\r\n", at)
            if line_end < 0:
                return None
            size_text = buffer[at:line_end].split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise ValueError(f"chunk size {bytes(size_text[:20])!r}") from None
            at = line_end + 2
            if size == 0:
                break
            if len(buffer) < at + size + 2:
                return None
            parts.append(bytes(buffer[at : at + size]))
            at += size + 2
        while True:  # trailers, up to the empty line
            line_end = buffer.find(b"\r\n", at)
            if line_end < 0:
                return None
            empty = line_end == at
            at = line_end + 2
            if empty:
                break
        del buffer[:at]
        return b"".join(parts)


def header_lines(headers: Mapping[str, str]) -> bytes:
    """`headers` as a request's header lines. A name or value that would break its line (a line
    break, a name with a colon or a space) is refused: a token or a reason read from elsewhere
    must never add a header of its own."""
    lines = []
    for name, value in headers.items():
        if not name or _BAD_NAME.search(name) or _BAD_VALUE.search(value):
            raise ValueError(f"a header that would break its line: {name[:40]!r}")
        lines.append(f"{name}: {value}\r\n")
    return "".join(lines).encode("latin-1")


class KeptConnections:
    """Requests to the host of `base` (an http or https URL, its path the prefix of every
    request's), over connections kept open between requests: one per request in flight, none
    shared by two at once."""

    def __init__(self, base: str, headers: Mapping[str, str]) -> None:
        url = urllib.parse.urlsplit(base)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"not an http(s) URL: {url.scheme}://{url.hostname}")
        self._host = url.hostname
        self._port = url.port or (443 if url.scheme == "https" else 80)
        self._ssl = ssl.create_default_context() if url.scheme == "https" else None
        self._prefix = url.path.rstrip("/")
        #: The headers of every request: the host's, then `headers`.
        self._fixed_headers = header_lines({"Host": url.netloc.rpartition("@")[2], **headers})
        self._idle: list[_Connection] = []
        self._open: set[_Connection] = set()

    async def request(self, method: str, path: str, body: bytes, headers: bytes = b"") -> HttpReply:
        """Send `body` to `path` under the base, with the fixed headers and `headers` (lines made
        by `header_lines`); the server's answer, whatever its status.
        A kept connection the server had closed is replaced by a new one, once: a server closes
        an idle connection before reading anything from it, so the request was not seen. Raises
        `OSError` or `TimeoutError` when no answer comes."""
        try:
            return await self._request(method, path, body, headers)
        except StaleConnection:
            return await self._request(method, path, body, headers)

    async def _request(self, method: str, path: str, body: bytes, headers: bytes) -> HttpReply:
        loop = asyncio.get_running_loop()
        connection = await self._connection(loop)
        request = b"%s %s%s HTTP/1.1\r\n%s%sContent-Length: %d\r\n\r\n%s" % (
            method.encode("ascii"),
            self._prefix.encode("ascii"),
            path.encode("ascii"),
            self._fixed_headers,
            headers,
            len(body),
            body,
        )
        timer = loop.call_later(TIMEOUT, connection.time_out)
        try:
            reply = await connection.send(request, loop)
        except BaseException:  # refused, timed out or cancelled: its state is unknown
            self._drop(connection)
            raise
        finally:
            timer.cancel()
        connection.done_with()
        if connection.reusable and not connection.closed:
            connection.idle_since = time.monotonic()
            self._idle.append(connection)
            self._close_oldest_if_done(connection.idle_since)
        else:
            self._drop(connection)
        return reply

    async def _connection(self, loop: asyncio.AbstractEventLoop) -> _Connection:
        """An idle connection still open and not idle too long, else a new one."""
        idle = self._idle
        while idle:
            connection = idle.pop()
            transport = connection.transport
            if (
                not connection.closed
                and transport is not None
                and not transport.is_closing()
                and time.monotonic() - connection.idle_since < IDLE_MAX
            ):
                return connection
            self._drop(connection)
        async with asyncio.timeout(TIMEOUT):  # a host that never answers the connection's opening
            _, connection = await loop.create_connection(
                _Connection,
                self._host,
                self._port,
                ssl=self._ssl,
                server_hostname=self._host if self._ssl else None,
            )
        self._open.add(connection)
        return connection

    def _close_oldest_if_done(self, now: float) -> None:
        """Close the longest idle connection once it is too old or the server closed it: the
        newest is taken first, so after a burst of clicks the oldest would otherwise lie open,
        unused, until the server closed it, and be kept here after that."""
        oldest = self._idle[0]
        if oldest.closed or now - oldest.idle_since >= IDLE_MAX:
            del self._idle[0]
            self._drop(oldest)

    def _drop(self, connection: _Connection) -> None:
        connection.close()
        self._open.discard(connection)

    def close(self) -> None:
        """Close every connection (the bot is shutting down)."""
        for connection in self._open:
            connection.close()
        self._open.clear()
        self._idle.clear()
