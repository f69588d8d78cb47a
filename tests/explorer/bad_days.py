"""Discord's and owners' bad days, as explorer steps: what happens to a server that nobody scripts.

Discord fails or rate-limits the bot's next calls of a route; an owner takes a permission from the
bot in a channel (and later gives them all back); a moderator deletes one of the bot's messages,
or a thread with a game in it. The explorer's checks hold through all of it: every interaction
answered, no apology and no logged error, and every game people can reach shown where they can
reach it (a table a moderator deleted comes back with `/board`, as a person would ask for it).

Only what the fake Discord models is done: it refuses a post without Send Messages, an embed
without Embed Links and a file without Attach Files, and fails a route's calls on demand
(tests/fake_discord/fake.py, `fail_next`, `inject_rate_limit`, `restrict_bot`). The interaction
callback itself is never failed: a click whose answer Discord refuses reads "This interaction
failed" whatever the bot does, and the explorer would find its own doing.
"""

from __future__ import annotations

import random

from tests.fake_discord import FakeChannel, FakeDiscord, FakeMessage
from tests.fake_discord.model import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)

#: The calls of the bot's own that Discord may fail: its posts, edits and deletes in channels, the
#: threads it opens, and the follow-ups and edits of the interactions it answered.
ROUTES = (
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
)
#: Discord's server errors: discord.py tries 500, 502 and 504 again itself; 503 it raises at once.
STATUSES = (500, 502, 503, 504)
#: What an owner may take from the bot in a channel (each refused by the fake as by Discord).
PERMISSIONS = {
    "Send Messages": SEND_MESSAGES,
    "Send Messages in Threads": SEND_MESSAGES_IN_THREADS,
    "Embed Links": EMBED_LINKS,
    "Attach Files": ATTACH_FILES,
    "Create Public Threads": CREATE_PUBLIC_THREADS,
    "View Channel": VIEW_CHANNEL,
}


#: Seconds without a REST call after which a bot that met Discord's trouble is idle: discord.py
#: sleeps 1 s, then 3 s, before trying a 5xx again, and the publisher 0.5 s, then 1 s.
RECOVERED_QUIET = 3.5


def discord_trouble(fake: FakeDiscord, rng: random.Random) -> tuple[str, int]:
    """Discord fails, or rate-limits, the next one or two calls of one of the bot's routes: what
    happened, in words, and how many calls it will fail."""
    method, route = rng.choice(ROUTES)
    count = rng.randint(1, 2)
    if rng.random() < 0.3:
        retry_after = rng.choice((0.05, 0.3, 1.0))
        fake.inject_rate_limit(method, route, retry_after=retry_after, count=count)
        return f"Discord rate-limits the next {count} {method} {route} ({retry_after} s)", count
    status = rng.choice(STATUSES)
    fake.fail_next(method, route, status=status, count=count)
    return f"Discord answers the next {count} {method} {route} with {status}", count


def owner_changes_permissions(fake: FakeDiscord, rng: random.Random, channels: list[FakeChannel]) -> str:
    """An owner takes one permission from the bot in a channel, or, as often when some are taken,
    gives them all back there."""
    restricted = [c for c in channels if c.bot_permissions != BOT_PERMISSIONS]
    if restricted and rng.random() < 0.5:
        channel = rng.choice(restricted)
        fake.unrestrict_bot(channel)
        return f"an owner gives the bot back every permission in #{channel.name}"
    channel = rng.choice(channels)
    name, permission = rng.choice(sorted(PERMISSIONS.items()))
    fake.restrict_bot(channel, permission)
    return f"an owner takes {name} from the bot in #{channel.name}"


def lacks_posting(fake: FakeDiscord, channel_id: int) -> bool:
    """Whether the bot may not show a game in the channel now (an owner took Send Messages,
    Embed Links or View Channel, which a table and a lobby need): no check there expects a
    message it could not post, or keep up to date. Without Attach Files a game still shows, as a
    text board."""
    channel = fake.channels.get(channel_id)
    if channel is None:
        return True
    needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
    allowed = fake.bot_permissions_in(channel)
    return not allowed & needed or not allowed & EMBED_LINKS or not allowed & VIEW_CHANNEL


async def moderator_deletes(fake: FakeDiscord, rng: random.Random, channels: list[FakeChannel]) -> str | None:
    """A moderator deletes one of the bot's public messages (a table, a lobby, a notice, a result),
    or now and then a thread the bot opened, with whatever game is in it; or Discord archives a
    thread; what happened, if anything."""
    threads = [c for c in channels if c.is_thread]
    if threads and rng.random() < 0.15:
        thread = rng.choice(threads)
        await fake.delete_channel(thread)
        return f"a moderator deletes thread {thread.id}"
    if threads and rng.random() < 0.2:
        # Not a moderator: Discord, after a day without a post (the bot's threads' auto-archive).
        thread = rng.choice(threads)
        await fake.archive_thread(thread)
        return f"thread {thread.id} is archived (a day without a post)"
    messages: list[FakeMessage] = [m for c in channels for m in fake.public_messages(c) if not m.deleted]
    if not messages:
        return None
    message = rng.choice(messages)
    fake.delete_message(message)
    return f"a moderator deletes message {message.id} in channel {message.channel_id}"
