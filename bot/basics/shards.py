"""Shards across processes (issue 21): which guilds this process handles.

Discord sends a guild's events and interactions to shard `(guild_id >> 22) % shard_count`, and
direct messages to shard 0. A process started with `SHARD_COUNT` and `SHARD_IDS` runs only those
shards, so it must also keep to their guilds in everything it does by itself (the catch-up after
a restart, computer turns, clocks and lobby expiry, pictures, the results backfill): otherwise two
processes would both act on one game. `ShardPlan.owns_guild` is that one test. Pure (no
database, no network), and `gateway_open` says whether a client's gateway connections are up,
whichever kind of client it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import discord

#: Discord's global rate limit: REST requests a second for the whole bot, across its processes.
GLOBAL_REST_LIMIT = 50


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends `guild_id`'s events to; a DM (no guild) belongs to shard 0."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int | None) -> tuple[int, ...]:
    """`"0-3"`, `"0,2,5"` or `"0-1,4"` as sorted shard ids; ValueError saying what is wrong
    (empty parts, a reversed range, an id not below `shard_count`, an id given twice)."""
    if shard_count is None:
        raise ValueError("needs SHARD_COUNT too (the bot's total number of shards)")
    found: list[int] = []
    for part in text.split(","):
        piece = part.strip()
        first, dash, last = piece.partition("-")
        first, last = first.strip(), last.strip() if dash else first.strip()
        if not first.isdigit() or not last.isdigit():
            raise ValueError(f"{piece!r} is not a shard id or a range such as 0-3")
        low, high = int(first), int(last)
        if low > high:
            raise ValueError(f"the range {piece!r} runs backwards (write {high}-{low})")
        # Bounds first: "0-99999999" must not build a hundred million ids to find one too high.
        if high >= shard_count:
            raise ValueError(
                f"shard {high} is not below SHARD_COUNT={shard_count} (shards are 0-{shard_count - 1})"
            )
        found.extend(range(low, high + 1))
    ordered = sorted(found)
    twice = [shard for shard, after in pairwise(ordered) if shard == after]
    if twice:
        raise ValueError(f"shard {twice[0]} is given twice")
    return tuple(ordered)


def describe_shard_ids(shard_ids: tuple[int, ...]) -> str:
    """Sorted ids in the settings' own notation, ranges folded: (0, 1, 2, 5) -> "0-2,5"."""
    parts: list[str] = []
    start = previous = None
    for shard in [*shard_ids, None]:
        if previous is not None and shard == previous + 1:
            previous = shard
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = shard
    return ",".join(parts)


@dataclass(frozen=True)
class ShardPlan:
    """The shards this process runs: unsharded (`shard_count` None: today's single process, which
    handles every guild), or `shard_ids` of `shard_count` (None: all of them, in this process)."""

    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def sharded(self) -> bool:
        """Started with SHARD_COUNT: the bot identifies its shards (discord.py's AutoShardedBot)."""
        return self.shard_count is not None

    @property
    def ids(self) -> tuple[int, ...]:
        """The shards run here (unsharded: shard 0 of 1, as Discord counts it)."""
        if self.shard_count is None:
            return (0,)
        return self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))

    @property
    def count(self) -> int:
        return self.shard_count if self.shard_count is not None else 1

    @property
    def owns_everything(self) -> bool:
        """Every guild is this process's: nothing it does needs filtering."""
        return len(self.ids) == self.count

    @property
    def store_filter(self) -> tuple[int, tuple[int, ...]] | None:
        """What the store's queries by shard take: (count, ids), or None when this process owns
        every guild (no filter)."""
        return None if self.owns_everything else (self.count, self.ids)

    @property
    def runs_shard_zero(self) -> bool:
        """The process that does the bot-wide chores once (command sync, backups): shard 0's,
        which Discord also sends direct messages to."""
        return 0 in self.ids

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process handles `guild_id` (None: a DM, shard 0's)."""
        return self.owns_everything or shard_of(guild_id, self.count) in self.ids

    def rest_share(self, limit: int = GLOBAL_REST_LIMIT) -> int:
        """The REST requests a second this process allows itself so that all processes together
        keep to Discord's global `limit`: floor(limit * k / n) for k of n shards, at least 1."""
        return max(1, limit * len(self.ids) // self.count)

    def describe(self) -> str:
        """For the start-up log line: "shards 0-1 of 4", or "unsharded"."""
        if self.shard_count is None:
            return "unsharded"
        return f"shards {describe_shard_ids(self.ids)} of {self.shard_count}"


def gateway_open(client: discord.Client) -> bool:
    """Ready, and every gateway connection open: the one websocket of a plain client, or each
    shard's of an `AutoShardedClient` (whose `client.ws` stays None: it has one per shard)."""
    if client.is_closed() or not client.is_ready():
        return False
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards
        return bool(shards) and all(not shard.is_closed() for shard in shards.values())
    ws = client.ws
    return ws is not None and ws.open
