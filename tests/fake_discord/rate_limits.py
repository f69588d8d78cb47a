"""Discord's per-route rate limits as the fake keeps them: buckets, and the headers that say them.

Discord answers every REST request with its bucket's state (the OpenAPI description lists
`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and `-Bucket` on every route's 2xx),
and a request made when the bucket has none left gets a 429 with `retry_after`, its `Via` (it
comes through Discord's edge) and `X-RateLimit-Scope: user`. A client reads the headers to wait
*before* a 429 (discord.py does), so a fake that sent none would have clients run a path they
never run against Discord (discord.py then treats every route as a bucket of one).

A bucket is a route (its method and template) and its major parameter (the channel, guild, or
webhook with its token: an interaction's answers and follow-ups are a webhook of their own token),
counted in fixed windows from its first request. Discord does not publish its limits (five message
edits a channel in five seconds is typical); the fake's default is loose (`DEFAULT_LIMIT` a
`DEFAULT_WINDOW`), so tests measure the bot rather than its waits; a test of waiting sets
`fake.buckets.limit = (limit, window)` tight, and a load run that should meet the limits a bot
meets in Discord sets `fake.buckets.route_limits = dict(DISCORD_LIKE)` (`bot_load.py
--discord-limits`).
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
#: How many buckets are kept before those whose window ended are dropped.
PRUNE_AT = 10_000
#: The parameters that make a route's bucket its own, the first found first (Discord's "major
#: parameters": a channel, a guild, a webhook with its token; an interaction's own id).
MAJOR_PARAMETERS = (("channel_id",), ("guild_id",), ("webhook_id", "webhook_token"), ("interaction_id",))
#: The limits a bot meets on a channel's messages in Discord, which Discord does not publish but
#: which bots see said in the headers: five posts and five edits a channel in five seconds,
#: five deletions a second. A load run played faster than people click meets them where a game
#: sends more than its answers (a table edited by a hand's move, a turn's notice).
DISCORD_LIKE: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0),
}


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
        #: Routes ("PATCH /channels/{channel_id}/messages/{message_id}") with limits of their own
        #: (`DISCORD_LIKE`); the others keep `limit`.
        self.route_limits: dict[str, tuple[int, float]] = {}
        self._monotonic = monotonic
        self._wall = wall
        self._windows: dict[tuple[str, str], Window] = {}
        #: 429s the fake answered because a bucket had nothing left (not the injected ones).
        self.refused = 0

    def take(self, route: str, params: dict[str, str]) -> Verdict:
        """One request to `route` ("PATCH /channels/{channel_id}/messages/{message_id}") with its
        path's `params`: counted when its bucket has room."""
        limit, seconds = self.route_limits.get(route, self.limit)
        found = next((names for names in MAJOR_PARAMETERS if names[0] in params), ())
        major = "/".join(params[name] for name in found)
        key = (route, major)
        now = self._monotonic()
        window = self._windows.get(key)
        if window is None or now >= window.ends:
            if window is None and len(self._windows) >= PRUNE_AT:
                self._forget_ended(now)
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

    def _forget_ended(self, now: float) -> None:
        """Drop the windows that ended: every click has buckets of its own (its interaction's
        answer, its token's follow-ups), which a load run would otherwise keep by the hundred
        thousand."""
        self._windows = {key: window for key, window in self._windows.items() if window.ends > now}
