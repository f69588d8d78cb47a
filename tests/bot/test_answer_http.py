"""The answers' HTTP/1.1 over kept connections (bot/basics/answer_http.py): every click's answer
goes this way, so it must read every answer a server may frame (a length, chunks, the
connection's end), keep connections only while the server keeps them, and never leave a click
waiting on a connection the server closed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import uvloop

from bot.basics import answer_http
from bot.basics.answer_http import KeptConnections, header_lines


class RawServer:
    """A local server that writes exactly the bytes it is told for each request it reads, so
    every framing can be tried: None closes the connection unanswered, b"" never answers."""

    def __init__(self, answers: list[bytes | None]) -> None:
        self.answers = answers
        self.requests: list[bytes] = []
        self.connections = 0
        self.server: asyncio.Server | None = None
        #: Writes each answer a byte at a time (an answer split across reads).
        self.dribble = False

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                self.requests.append(head + await reader.readexactly(length))
                answer = self.answers.pop(0)
                if answer is None:
                    break
                if answer == b"":  # say nothing, keep the connection
                    await asyncio.sleep(3600)
                if self.dribble:
                    for byte in answer:
                        writer.write(bytes([byte]))
                        await writer.drain()
                        await asyncio.sleep(0)
                else:
                    writer.write(answer)
                    await writer.drain()
                if ends_its_connection(answer):
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def start(self) -> str:
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}/api/v10"


def ends_its_connection(answer: bytes) -> bool:
    """Whether an answer says the connection ends with it, or has no length: read to its end."""
    framed = b"Content-Length" in answer or b"chunked" in answer or answer.startswith(b"HTTP/1.1 204")
    return b"Connection: close" in answer or not framed


@pytest.fixture
async def served() -> AsyncIterator[Callable[[list[bytes | None]], Any]]:
    made: list[tuple[RawServer, KeptConnections]] = []

    async def start(answers: list[bytes | None]) -> tuple[RawServer, KeptConnections]:
        server = RawServer(answers)
        connections = KeptConnections(await server.start(), JSON_AGENT)
        made.append((server, connections))
        return server, connections

    yield start
    for server, connections in made:
        connections.close()
        assert server.server is not None
        server.server.close()


NO_CONTENT = b"HTTP/1.1 204 No Content\r\nVia: 1.1 google\r\n\r\n"
#: The fixed headers of the interaction answers' connections (bot/basics/callbacks.py).
JSON_AGENT = {"User-Agent": "test-agent", "Content-Type": "application/json"}


def json_answer(status: int, body: bytes, *extra: bytes) -> bytes:
    head = b"HTTP/1.1 %d Whatever\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % (
        status,
        len(body),
    )
    return head + b"".join(extra) + b"\r\n" + body


async def test_a_request_is_written_whole_and_its_connection_kept(served: Any) -> None:
    """Three answers in a row go over one connection, each request with its host, agent, JSON
    type and length; the path keeps the base's prefix."""
    server, connections = await served([NO_CONTENT, json_answer(200, b'{"id": "1"}'), NO_CONTENT])
    first = await connections.request("POST", "/interactions/1/tok/callback", b'{"type": 7}')
    second = await connections.request("PATCH", "/webhooks/2/tok/messages/@original", b"{}")
    await connections.request("POST", "/interactions/3/tok/callback", b"{}")
    assert (first.status, first.body) == (204, b"")
    assert (second.status, second.body, second.headers["content-type"]) == (
        200,
        b'{"id": "1"}',
        "application/json",
    )
    assert server.connections == 1
    head, _, body = server.requests[0].partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0] == b"POST /api/v10/interactions/1/tok/callback HTTP/1.1"
    assert b"Content-Type: application/json" in lines and b"User-Agent: test-agent" in lines
    assert b"Content-Length: 11" in lines and body == b'{"type": 7}'
    assert server.requests[1].startswith(b"PATCH /api/v10/webhooks/2/tok/messages/@original HTTP/1.1\r\n")


async def test_a_requests_own_headers_follow_the_fixed_ones(served: Any) -> None:
    """discord.py's REST requests (bot/basics/rest_session.py) carry headers of their own, the
    bot's token among them; a request without a body says its length is 0."""
    server, connections = await served([NO_CONTENT])
    own = header_lines({"Authorization": "Bot abc.def", "X-Audit-Log-Reason": "a%20reason"})
    await connections.request("DELETE", "/channels/1/messages/2", b"", own)
    head = server.requests[0].partition(b"\r\n\r\n")[0].split(b"\r\n")
    assert head[0] == b"DELETE /api/v10/channels/1/messages/2 HTTP/1.1"
    assert head[-3:] == [
        b"Authorization: Bot abc.def",
        b"X-Audit-Log-Reason: a%20reason",
        b"Content-Length: 0",
    ]


@pytest.mark.parametrize(
    "headers",
    [{"Authorization": "Bot abc\r\nX-Evil: 1"}, {"Bad Name": "x"}, {"X-Colon:": "x"}, {"": "x"}],
)
def test_a_header_that_would_break_its_line_is_refused(headers: dict[str, str]) -> None:
    """A token or reason read from elsewhere never adds a header of its own to a request."""
    with pytest.raises(ValueError, match="break its line"):
        header_lines(headers)


async def test_a_chunked_answer_split_across_reads_is_read_whole(served: Any) -> None:
    chunked = (
        b"HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
        b'5;ext=1\r\n{"cod\r\n12\r\ne": 50035, "m": 1}\r\n0\r\nX-Trailer: yes\r\n\r\n'
    )
    server, connections = await served([chunked, NO_CONTENT])
    server.dribble = True
    reply = await connections.request("POST", "/x", b"{}")
    assert (reply.status, reply.body) == (400, b'{"code": 50035, "m": 1}')
    assert (await connections.request("POST", "/x", b"{}")).status == 204
    assert server.connections == 1  # still in step after the chunks and the trailer


async def test_an_interim_answer_is_skipped(served: Any) -> None:
    _, connections = await served([b"HTTP/1.1 100 Continue\r\n\r\n" + json_answer(200, b"{}")])
    reply = await connections.request("POST", "/x", b"{}")
    assert (reply.status, reply.body) == (200, b"{}")


async def test_a_connection_the_server_closes_is_not_used_again(served: Any) -> None:
    """`Connection: close`, and an answer that runs to the connection's end, are read whole and
    their connection dropped."""
    until_end = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it"
    server, connections = await served(
        [json_answer(200, b"{}", b"Connection: close\r\n"), until_end, NO_CONTENT]
    )
    assert (await connections.request("POST", "/x", b"{}")).body == b"{}"
    assert (await connections.request("POST", "/x", b"{}")).body == b"all of it"
    assert (await connections.request("POST", "/x", b"{}")).status == 204
    assert server.connections == 3


async def test_a_kept_connection_closed_while_idle_is_replaced(served: Any) -> None:
    """A kept connection closed with no byte of an answer (as a server closes one it holds idle,
    unread) has its request sent again on a new connection, once: the click still gets its answer."""
    server, connections = await served([NO_CONTENT, None, NO_CONTENT])
    await connections.request("POST", "/x", b"{}")
    reply = await connections.request("POST", "/y", b"{}")  # the first connection closes on it
    assert reply.status == 204
    assert server.connections == 2 and len(server.requests) == 3


async def test_a_connection_lost_mid_answer_is_not_sent_again(served: Any) -> None:
    """Once any of the answer came back the server read the request: a callback is taken only
    once, so it is not sent again."""
    cut_short = b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 10\r\n\r\nabc"
    server, connections = await served([NO_CONTENT, cut_short, NO_CONTENT])
    await connections.request("POST", "/x", b"{}")
    with pytest.raises(ConnectionResetError, match="mid-answer"):
        await connections.request("POST", "/y", b"{}")
    assert len(server.requests) == 2


async def test_a_connection_idle_too_long_is_not_used(served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_http, "IDLE_MAX", 0.0)
    server, connections = await served([NO_CONTENT, NO_CONTENT])
    await connections.request("POST", "/x", b"{}")
    await connections.request("POST", "/x", b"{}")
    assert server.connections == 2


async def test_an_unreadable_answer_is_an_error_and_its_connection_dropped(served: Any) -> None:
    server, connections = await served([b"SMTP ready\r\n\r\n", NO_CONTENT])
    with pytest.raises(ConnectionError, match="unreadable"):
        await connections.request("POST", "/x", b"{}")
    assert (await connections.request("POST", "/x", b"{}")).status == 204
    assert server.connections == 2


async def test_a_server_that_never_answers_is_given_up(served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_http, "TIMEOUT", 0.05)
    server, connections = await served([b"", NO_CONTENT])
    with pytest.raises(TimeoutError):
        await connections.request("POST", "/x", b"{}")
    assert (await connections.request("POST", "/x", b"{}")).status == 204
    assert server.connections == 2


async def test_a_host_that_never_lets_a_connection_open_is_given_up(
    served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answer_http, "TIMEOUT", 0.05)
    _, connections = await served([])

    async def never(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(3600)

    monkeypatch.setattr(asyncio.get_running_loop(), "create_connection", never)
    with pytest.raises(TimeoutError):
        await connections.request("POST", "/x", b"{}")


async def test_requests_in_flight_at_once_each_get_their_own_connection(served: Any) -> None:
    server, connections = await served([json_answer(200, b'{"n": %d}' % n) for n in range(5)])
    replies = await asyncio.gather(*(connections.request("POST", f"/{n}", b"{}") for n in range(5)))
    assert sorted(reply.body for reply in replies) == sorted(b'{"n": %d}' % n for n in range(5))
    assert server.connections == 5


async def test_connections_left_over_from_a_burst_are_closed_once_idle(served: Any) -> None:
    """Twenty clicks at once open twenty connections. The newest idle one is used first, so the
    others would lie open unused: once they have lain idle too long, each later request closes
    the oldest, and a burst's connections do not stay open for good."""
    _, connections = await served([NO_CONTENT] * 23)
    await asyncio.gather(*(connections.request("POST", f"/{n}", b"{}") for n in range(20)))
    assert len(connections._idle) == 20
    for left_over in connections._idle[:-1]:  # all but the newest: idle for a minute
        left_over.idle_since -= 60.0
    for _ in range(3):
        await connections.request("POST", "/later", b"{}")
    assert len(connections._idle) == 17 and len(connections._open) == 17


def test_the_bot_s_event_loop_sends_them_too() -> None:
    """The bot runs on uvloop (bot/run.py), whose transports are not asyncio's classes."""

    async def exchange() -> int:
        server = RawServer([NO_CONTENT, NO_CONTENT])
        connections = KeptConnections(await server.start(), JSON_AGENT)
        try:
            await connections.request("POST", "/x", b"{}")
            return (await connections.request("POST", "/x", b"{}")).status * 10 + server.connections
        finally:
            connections.close()
            assert server.server is not None
            server.server.close()

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        assert runner.run(exchange()) == 2041


def test_only_http_urls_are_taken() -> None:
    with pytest.raises(ValueError, match="http"):
        KeptConnections("ws://gateway.discord.gg", {"User-Agent": "test-agent"})
