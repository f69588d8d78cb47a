"""discord.py's REST requests over the bot's kept connections (bot/basics/rest_session.py, issue 31).

discord.py's own `HTTPClient.request` runs here unchanged, against a raw local server, over a
`KeptSession`: what it reads of an answer (the rate-limit headers in any case, a 429's wait, the
refusals it raises) must read the same as over aiohttp's session, and whatever a kept connection
does not carry (files, another host, a proxy) must still go through aiohttp.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.basics.rest_session import ANSWER_UNREAD, KeptSession, install
from bot.operations.rest_limit import RequestWindow, window_turn
from tests.bot.test_answer_http import NO_CONTENT, RawServer, json_answer

#: The rate-limit headers as a server may write them: in lower case (discord.py asks in mixed case).
LIMITS = (
    b"x-ratelimit-bucket: abc123\r\n",
    b"x-ratelimit-limit: 5\r\n",
    b"x-ratelimit-remaining: 4\r\n",
    b"x-ratelimit-reset-after: 1.5\r\n",
)


class AiohttpStandIn:
    """Stands for aiohttp's session behind the kept one: records what is handed on to it."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, Any]]] = []
        self.closed = False

    def request(self, method: str, url: str, **kwargs: Any) -> str:
        self.requests.append((method, url, kwargs))
        return "aiohttp's request"

    async def close(self) -> None:
        self.closed = True


class Served:
    def __init__(self, server: RawServer, http: discord.http.HTTPClient, aiohttp: AiohttpStandIn) -> None:
        self.server, self.http, self.aiohttp = server, http, aiohttp
        self.before: list[tuple[str, str | None]] = []


@pytest.fixture
async def served(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    made: list[Served] = []

    async def start(answers: list[bytes | None]) -> Served:
        server = RawServer(answers)
        base = await server.start()
        monkeypatch.setattr(Route, "BASE", base)
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        http.token = "abc.def"
        http._global_over = asyncio.Event()  # as static_login leaves it
        http._global_over.set()
        aiohttp = AiohttpStandIn()
        http._HTTPClient__session = aiohttp  # type: ignore[attr-defined]  # as static_login leaves it
        made_one = Served(server, http, aiohttp)

        async def before(url: str, headers: Mapping[str, str]) -> None:
            made_one.before.append((url, headers.get("Authorization")))

        install(http, base, before)
        made.append(made_one)
        return made_one

    yield start
    for one in made:
        await one.http.close()
        assert one.server.server is not None
        one.server.server.close()


def head_lines(request: bytes) -> list[bytes]:
    return request.partition(b"\r\n\r\n")[0].split(b"\r\n")


async def test_an_edit_goes_over_a_kept_connection_with_the_bots_token(served: Any) -> None:
    """A board's edit: discord.py's JSON body, token and agent on one kept connection, its answer
    read as JSON, and its rate-limit bucket learnt from headers written in lower case."""
    one = await served([json_answer(200, b'{"id": "2"}', *LIMITS), NO_CONTENT])
    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
    data = await one.http.request(route, json={"content": "the table"})
    await one.http.request(
        Route("DELETE", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=3)
    )
    assert data == {"id": "2"}
    assert one.server.connections == 1 and one.aiohttp.requests == []
    edit = head_lines(one.server.requests[0])
    assert edit[0] == b"PATCH /api/v10/channels/1/messages/2 HTTP/1.1"
    assert b"Authorization: Bot abc.def" in edit and b"Content-Type: application/json" in edit
    assert any(
        line.startswith(b"User-Agent: DiscordBot (https://github.com/Rapptz/discord.py") for line in edit
    )
    assert one.server.requests[0].endswith(b'{"content":"the table"}')
    assert one.http._bucket_hashes[route.key] == "abc123"  # read through "X-Ratelimit-Bucket"
    delete = head_lines(one.server.requests[1])
    assert delete[0] == b"DELETE /api/v10/channels/1/messages/3 HTTP/1.1"
    assert b"Content-Length: 0" in delete and not any(line.startswith(b"Content-Type") for line in delete)
    # Each request waited its turn in the bot's share of the global limit, first.
    assert [auth for _url, auth in one.before] == ["Bot abc.def", "Bot abc.def"]


async def test_an_answer_nobody_reads_is_not_parsed_but_its_limits_and_refusals_are(served: Any) -> None:
    """A board's edit (`DiscordSide.edit_message`) reads nothing of Discord's answer, the whole
    message: under `ANSWER_UNREAD` its success is `{}`, while its rate-limit bucket is learnt as
    always, a 429 is still waited out from its body, and a refusal still says Discord's code."""
    message = b'{"id": "2", "components": [' + b", ".join([b'{"type": 10, "content": "row"}'] * 40) + b"]}"
    limited = json_answer(429, b'{"retry_after": 0.01, "global": false}', b"Via: 1.1 google\r\n", *LIMITS)
    refused = json_answer(404, b'{"message": "Unknown Message", "code": 10008}')
    one = await served([limited, json_answer(200, message, *LIMITS), refused, json_answer(200, message)])
    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
    unread = ANSWER_UNREAD.set(True)
    try:
        assert await one.http.request(route, json={"content": "the table"}) == {}
        assert one.http._bucket_hashes[route.key] == "abc123"
        assert len(one.server.requests) == 2  # the 429 read whole: waited out, sent again
        with pytest.raises(discord.NotFound) as gone:
            await one.http.request(route, json={"content": "the table"})
        assert (gone.value.code, gone.value.text) == (10008, "Unknown Message")
    finally:
        ANSWER_UNREAD.reset(unread)
    # Anyone else's request reads the answer whole.
    data = await one.http.request(route, json={"content": "the table"})
    assert data["id"] == "2" and len(data["components"]) == 40


async def test_a_rate_limited_request_is_waited_out_and_sent_again(served: Any) -> None:
    """Discord's 429 (through its edge, `Via`) is discord.py's to wait out: the same request again."""
    limited = json_answer(429, b'{"retry_after": 0.01, "global": false}', b"Via: 1.1 google\r\n", *LIMITS)
    one = await served([limited, json_answer(200, b'{"id": "9"}', *LIMITS)])
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=5)
    assert await one.http.request(route, json={"content": "your turn"}) == {"id": "9"}
    assert len(one.server.requests) == 2
    assert one.server.requests[0] == one.server.requests[1]


async def test_a_refusal_is_discord_pys_own_exception(served: Any) -> None:
    one = await served([json_answer(404, b'{"message": "Unknown Message", "code": 10008}')])
    with pytest.raises(discord.NotFound) as refused:
        await one.http.request(
            Route("DELETE", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
        )
    assert (refused.value.status, refused.value.code, refused.value.text) == (404, 10008, "Unknown Message")


async def test_query_parameters_are_written_into_the_path(served: Any) -> None:
    one = await served([json_answer(200, b"[]")])
    await one.http.request(Route("GET", "/channels/{channel_id}/messages", channel_id=7), params={"limit": 5})
    assert head_lines(one.server.requests[0])[0] == b"GET /api/v10/channels/7/messages?limit=5 HTTP/1.1"


async def test_what_a_kept_connection_does_not_carry_goes_through_aiohttp(served: Any) -> None:
    """Files (a form), another host, a proxy, a URL object: aiohttp's, as before."""
    one = await served([])
    session = one.http._HTTPClient__session
    assert isinstance(session, KeptSession)
    base = Route.BASE
    form = object()  # stands for aiohttp's FormData
    handed = [
        session.request("POST", f"{base}/channels/1/messages", data=form, headers={}),
        session.request("GET", "https://cdn.discordapp.com/avatars/1/a.png"),
        session.request("GET", f"{base}/gateway", proxy="http://proxy:3128"),
        session.request("GET", f"{base}/gateway", timeout=5),
        session.request("GET", f"{base}/channels/é"),
    ]
    assert handed == ["aiohttp's request"] * 5
    assert [(method, url) for method, url, _ in one.aiohttp.requests][:2] == [
        ("POST", f"{base}/channels/1/messages"),
        ("GET", "https://cdn.discordapp.com/avatars/1/a.png"),
    ]
    assert one.server.requests == []


async def test_closing_closes_both(served: Any) -> None:
    one = await served([])
    await one.http.close()
    assert one.aiohttp.closed


async def test_installing_twice_keeps_the_first(served: Any) -> None:
    one = await served([])
    first = one.http._HTTPClient__session
    assert install(one.http, Route.BASE) is first


def test_nothing_is_installed_before_discord_py_has_a_session() -> None:
    """`setup_hook` runs after `login`; were it ever run before, discord.py's session is its
    MISSING sentinel, and nothing is put in its place."""
    loop = asyncio.new_event_loop()
    try:
        http = discord.http.HTTPClient(loop)
        assert install(http, "https://discord.com/api/v10") is None
        assert http._HTTPClient__session is discord.utils.MISSING  # type: ignore[attr-defined]
    finally:
        loop.close()


async def test_the_windows_turn_is_taken_by_token_requests_only() -> None:
    """The bot's share of the global limit (bot/operations/rest_limit.py) holds a kept request as
    it holds one through aiohttp: one with the bot's token waits its turn, an interaction's
    answer (no token, `/interactions/`) never does."""
    slept: list[float] = []
    now = [100.0]

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    window = RequestWindow(1, now=lambda: now[0], sleep=sleep)
    turn = window_turn(window)
    token = {"Authorization": "Bot abc"}
    await turn("https://discord.com/api/v10/channels/1/messages", token)
    await turn("https://discord.com/api/v10/interactions/1/tok/callback", {})
    assert slept == []
    await turn("https://discord.com/api/v10/channels/1/messages/2", token)
    assert slept == [pytest.approx(1.0)]
