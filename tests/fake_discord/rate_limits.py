"""Discord's per-route rate limits as the fake keeps them: buckets, and the headers that say them.

Discord answers every REST request with its bucket's state (the OpenAPI description lists
`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and `-Bucket` on every route's 2xx),
and a request made when the bucket has none left gets a 429 with `retry_after`, its `Via` (it
comes through Discord's edge) and `X-RateLimit-Scope: user`. A client reads the headers to wait
*before* a 429 (discord.py does), so a fake that sent none would have clients run a path they
never run against Discord (discord.py then treats every route as a bucket of one).

A bucket is a route (its method and template) and its major parameter (the channel, guild, webhook or
interaction it names), counted in fixed windows from its first request. Discord does not publish
its limits (five message edits a channel in five seconds is typical); the fake's default is loose
(`DEFAULT_LIMIT` a `DEFAULT_WINDOW`), so tests and load runs measure the bot rather than its
waits; a test of waiting sets `fake.rate_limit = (limit, window)` tight.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Requests a bucket allows in a window, unless a test says otherwise (`RouteBuckets.limit`).
DEFAULT_LIMIT = 10_000
#: A window's seconds.
DEFAULT_WINDOW = 1.0
#: The parameters that make a route's bucket its own, first found first (Discord's "major
#: parameters": a channel's, a guild's, a webhook's; an interaction's own token).
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "interaction_id")


@dataclass
class Window:
    """A bucket's current window: when it ends (monotonic seconds) and what it has taken."""

    ends: float
    taken: int = 0


@dataclass(frozen=True)
class Verdict:
    """A request's turn in its bucket: allowed or not, and the headers its answer carries."""

    allowed: bool
    retry_after: float
    headers: dict[str, str]


def bucket_hash(route: str) -> str:
    """The opaque name Discord gives a route's bucket (`X-RateLimit-Bucket`): stable per route."""
    return hashlib.sha1(route.encode()).hexdigest()[:16]


class RouteBuckets:
    """Every bucket's window; `take` counts a request and says whether it may go."""

    def __init__(
        self,
        *,
        monotonic: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        #: (requests, seconds) each bucket allows: `DEFAULT_LIMIT` a `DEFAULT_WINDOW` unless set.
        self.limit: tuple[int, float] = (DEFAULT_LIMIT, DEFAULT_WINDOW)
        self._monotonic = monotonic
        self._wall = wall
        self._windows: dict[tuple[str, str], Window] = {}
        #: 429s the fake answered because a bucket had nothing left (not the injected ones).
        self.refused = 0

    def take(self, route: str, params: dict[str, str]) -> Verdict:
        """One request to `route` ("PATCH /channels/{channel_id}/messages/{message_id}") with its
        path's `params`: counted when its bucket has room."""
        limit, seconds = self.limit
        major = next((params[name] for name in MAJOR_PARAMETERS if name in params), "")
        key = (route, major)
        now = self._monotonic()
        window = self._windows.get(key)
        if window is None or now >= window.ends:
            window = self._windows[key] = Window(ends=now + seconds)
        allowed = window.taken < limit
        if allowed:
            window.taken += 1
        else:
            self.refused += 1
        reset_after = max(window.ends - now, 0.0)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - window.taken, 0)),
            "X-RateLimit-Reset": f"{self._wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(route),
        }
        return Verdict(allowed, reset_after, headers)
