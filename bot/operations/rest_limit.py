"""Each process keeps to its share of Discord's global rate limit (issue 21).

Discord allows a bot 50 REST requests a second in all, whichever process sends them; a bot over it
gets global 429s for every route at once. A process running k of n shards therefore allows itself
floor(50 k / n) requests in any one second (`ShardPlan.rest_share`), so the processes together
never exceed the limit. The limit applies to requests made with the bot's token: interaction
callbacks and follow-ups (`/interactions/…`, `/webhooks/<application>/<token>…`) carry no
Authorization header and are not bound by it (Discord: "Interaction endpoints are not bound to
the bot's Global Rate Limit"), so they are never held back — a player's answer never waits for a
board edit.

The window sits in aiohttp's `on_request_start` hook (discord.py's `http_trace` option), so it
sees every request actually sent: discord.py's own retries after a 5xx or a 429 count too.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable, Mapping
from types import SimpleNamespace

import aiohttp
from yarl import URL

#: The window's length: Discord counts its global limit per second.
WINDOW_SECONDS = 1.0


class RequestWindow:
    """At most `per_second` requests in any one second (a sliding window: never a burst of
    `per_second` at the end of one second and another at the start of the next). Waiters go in
    the order they came."""

    def __init__(
        self,
        per_second: int,
        *,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if per_second < 1:
            raise ValueError("a request window needs at least one request a second")
        self.per_second = per_second
        self._now = now
        self._sleep = sleep
        self._sent: collections.deque[float] = collections.deque()
        self._lock = asyncio.Lock()
        #: Requests that had to wait, and the seconds they waited in all (for the logs and tests).
        self.waits = 0
        self.waited = 0.0

    async def take(self) -> None:
        """Return once one more request fits in the last second (and count it)."""
        async with self._lock:
            waited = False
            while True:
                now = self._now()
                while self._sent and self._sent[0] <= now - WINDOW_SECONDS:
                    self._sent.popleft()
                if len(self._sent) < self.per_second:
                    self._sent.append(now)
                    return
                pause = self._sent[0] + WINDOW_SECONDS - now
                if not waited:
                    waited = True
                    self.waits += 1
                self.waited += pause
                await self._sleep(pause)


def counts_against_global_limit(url: URL, headers: Mapping[str, str]) -> bool:
    """A request Discord counts against the bot's global limit: sent with the bot's token, and
    not an interaction endpoint (the gateway's websocket handshake carries no token either)."""
    return "Authorization" in headers and "/interactions/" not in url.path


def window_turn(window: RequestWindow) -> Callable[[URL | str, Mapping[str, str]], Awaitable[None]]:
    """What waits `window`'s turn before each request Discord counts against the global limit,
    given the request's URL and headers: aiohttp's request hook (`limiting_trace`) and the requests
    the bot sends beside aiohttp (bot/basics/rest_session.py) both wait through it."""

    async def before_request(url: URL | str, headers: Mapping[str, str]) -> None:
        if counts_against_global_limit(url if isinstance(url, URL) else URL(url), headers):
            await window.take()

    return before_request


def limiting_trace(window: RequestWindow) -> aiohttp.TraceConfig:
    """An aiohttp trace that makes each request counted by Discord's global limit wait its turn
    in `window` (for discord.py's `http_trace` client option)."""
    turn = window_turn(window)

    async def on_request_start(
        _session: aiohttp.ClientSession, _context: SimpleNamespace, params: aiohttp.TraceRequestStartParams
    ) -> None:
        await turn(params.url, params.headers)

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace
