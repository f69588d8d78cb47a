"""A game's public messages (its table's edits, its turn notices and their deletion) are sent by the
bot itself (bot/basics/channel_messages.py, issue 31). What players and owners rely on: the
message Discord gets is the one discord.py would send for the same fields; Discord's rate limits
are kept (a bucket that its last answer said was empty is waited for, never sent a 429's worth);
a 429 or a passing server error delays the edit rather than losing it; a refusal reaches the
publisher as discord.py's own exception, which it already handles."""

from __future__ import annotations

import asyncio
import io
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

import discord
import pytest
from discord.http import handle_message_parameters

from bot.basics import channel_messages
from bot.basics.answer_http import KeptConnections
from bot.basics.channel_messages import (
    EDIT,
    FORGET_IDLE_ROOM,
    POST,
    PRUNE_FROM,
    BucketRooms,
    ChannelMessages,
    message_payload,
)
from bot.ui.items import button, drawn_view, row
from bot.ui.layout import GREEN, container, layout, separator, text
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import SEND_MESSAGES, FakeMessage

TABLE = [container([text("**Alice** to play"), separator()], GREEN)]
NO_PINGS = discord.AllowedMentions.none()
AGENT = "DiscordBot (test) Python/3"

#: What the publisher edits and posts (discord_side.py, notices_side.py).
FIELD_SETS: list[Callable[[], dict[str, Any]]] = [
    lambda: {"embed": None, "view": layout(TABLE)},  # a table redrawn
    lambda: {"embed": None, "view": layout(TABLE), "attachments": []},  # its picture taken off
    lambda: {"content": "**Bob**, your turn", "allowed_mentions": discord.AllowedMentions(users=True)},
    lambda: {"content": "The game is over.", "view": None},
    lambda: {"view": drawn_view([row([button("gc:again:1", "Play again")])])},
]


@pytest.mark.parametrize("fields", FIELD_SETS)
@pytest.mark.parametrize("previous", [NO_PINGS, None])
def test_the_payload_is_the_one_discord_py_sends(
    fields: Callable[[], dict[str, Any]], previous: discord.AllowedMentions | None
) -> None:
    """Field for field what `PartialMessage.edit` and `send` put in their JSON (discord.py's
    `handle_message_parameters` with the client's "no pings" mentions)."""
    with handle_message_parameters(previous_allowed_mentions=previous, **fields()) as params:
        theirs = params.payload
    assert message_payload(fields(), previous) == theirs


def test_a_message_uploading_a_picture_is_left_to_discord_py() -> None:
    picture = discord.File(io.BytesIO(b"png"), filename="board.png")
    assert message_payload({"view": layout(TABLE), "attachments": [picture]}, NO_PINGS) is None


def _origin(api_base: str) -> str:
    """The API's host, as the bot's kept connections reach it (bot/basics/rest_session.py)."""
    split = urllib.parse.urlsplit(api_base)
    return f"{split.scheme}://{split.netloc}"


@pytest.fixture
async def sender(fake_discord: FakeDiscord) -> AsyncIterator[ChannelMessages]:
    connections = KeptConnections(_origin(fake_discord.api_base), {})
    try:
        yield ChannelMessages(connections, fake_discord.api_base, fake_discord.token, AGENT)
    finally:
        connections.close()


async def _posted(fake: FakeDiscord, sender: ChannelMessages, content: str = "table") -> FakeMessage:
    data = await sender.post(fake.games.id, {"content": content, "tts": False})
    return fake.messages[int(data["id"])]


async def test_a_table_is_edited_a_notice_posted_and_deleted(
    fake_discord: FakeDiscord, sender: ChannelMessages
) -> None:
    fake = fake_discord
    notice = await _posted(fake, sender, "**Bob**, your turn")
    table = await _posted(fake, sender)
    redrawn = message_payload({"content": None, "embed": None, "view": layout(TABLE)}, NO_PINGS)
    assert redrawn is not None
    await sender.edit(fake.games.id, table.id, redrawn)
    await sender.delete(fake.games.id, notice.id)
    assert [m.id for m in fake.public_messages(fake.games)] == [table.id]
    assert "Alice" in str(fake.messages[table.id].components)
    sent = [c for c in fake.calls if c.route is not None and "/channels/" in c.route]
    assert all(c.headers.get("User-Agent") == AGENT for c in sent)
    assert [c.status for c in sent] == [200, 200, 200, 204]


async def test_a_bucket_its_answers_said_was_empty_is_waited_for(
    fake_discord: FakeDiscord, sender: ChannelMessages
) -> None:
    """Discord's per-route limit: with two edits a channel in each half second, six edits sent at
    once all land, in three windows, and Discord never has to refuse one (no 429)."""
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.buckets.limit = (2, 0.5)
    started = time.monotonic()
    await asyncio.gather(*(sender.edit(fake.games.id, table.id, {"content": f"move {n}"}) for n in range(6)))
    assert fake.buckets.refused == 0
    assert time.monotonic() - started >= 0.9  # the third and fifth waited a window each
    assert sender.rooms.waits >= 2
    edits = [c for c in fake.calls if c.method == "PATCH"]
    assert len(edits) == 6 and all(c.status == 200 for c in edits)


async def test_a_429_is_waited_out_and_the_edit_sent_again(
    fake_discord: FakeDiscord, sender: ChannelMessages
) -> None:
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.inject_rate_limit("PATCH", "/channels/{channel_id}/messages/{message_id}", retry_after=0.2)
    started = time.monotonic()
    await sender.edit(fake.games.id, table.id, {"content": "after the wait"})
    assert time.monotonic() - started >= 0.2
    assert fake.messages[table.id].content == "after the wait"
    assert [c.status for c in fake.calls if c.method == "PATCH"] == [429, 200]


async def test_a_429_from_outside_discords_edge_is_raised_at_once(
    fake_discord: FakeDiscord, sender: ChannelMessages
) -> None:
    """A 429 without `Via` is a ban (Cloudflare's), not a wait: raised, not tried again."""
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.age_message(table)
    fake.old_edit_via = False
    with pytest.raises(discord.HTTPException) as raised:
        await sender.edit(fake.games.id, table.id, {"content": "late"})
    assert raised.value.status == 429
    assert len([c for c in fake.calls if c.method == "PATCH"]) == 1


async def test_discords_refusals_are_discord_py_s_exceptions(
    fake_discord: FakeDiscord, sender: ChannelMessages
) -> None:
    """A table deleted by a moderator (404), a channel the bot may no longer write in (403), a
    server error Discord does not retry (503): the publisher tells them apart as before."""
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.delete_message(table)
    with pytest.raises(discord.NotFound):
        await sender.edit(fake.games.id, table.id, {"content": "x"})
    fake.restrict_bot(fake.games, deny=SEND_MESSAGES)
    with pytest.raises(discord.Forbidden):
        await sender.post(fake.games.id, {"content": "x"})
    fake.fail_next("DELETE", "/channels/{channel_id}/messages/{message_id}", status=503)
    with pytest.raises(discord.DiscordServerError):
        await sender.delete(fake.general.id, 1)


async def test_a_passing_server_error_is_tried_again(
    fake_discord: FakeDiscord, sender: ChannelMessages, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(channel_messages, "retry_pause", lambda attempt: 0.01)
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.fail_next("PATCH", "/channels/{channel_id}/messages/{message_id}", status=500, count=2)
    await sender.edit(fake.games.id, table.id, {"content": "third time"})
    assert fake.messages[table.id].content == "third time"


async def test_each_request_waits_for_the_process_share_of_the_global_limit(
    fake_discord: FakeDiscord,
) -> None:
    """The requests carry the bot's token, so they count against Discord's global limit: each
    takes its turn in the process's window (bot/operations/rest_limit.py) with its URL and
    headers, as discord.py's requests do."""
    fake = fake_discord
    turns: list[tuple[str, Mapping[str, str]]] = []

    async def before(url: str, headers: Mapping[str, str]) -> None:
        turns.append((url, headers))

    connections = KeptConnections(_origin(fake.api_base), {})
    own = ChannelMessages(connections, fake.api_base, fake.token, AGENT, before)
    try:
        data = await own.post(fake.games.id, {"content": "hi"})
        await own.delete(fake.games.id, int(data["id"]))
    finally:
        connections.close()
    assert [url for url, _ in turns] == [
        f"{fake.api_base}/channels/{fake.games.id}/messages",
        f"{fake.api_base}/channels/{fake.games.id}/messages/{data['id']}",
    ]
    assert all(headers["Authorization"] == f"Bot {fake.token}" for _, headers in turns)


async def test_a_bucket_not_yet_heard_of_takes_one_request_at_a_time() -> None:
    """Before its first answer a bucket's size is unknown: one request goes, the others wait for
    its answer (as discord.py's buckets start), then as many as it says."""
    rooms = BucketRooms()
    first = await rooms.turn(EDIT, 1)
    second = asyncio.ensure_future(rooms.turn(EDIT, 1))
    await asyncio.sleep(0.05)
    assert not second.done()
    rooms.answered(
        EDIT,
        1,
        first,
        {"x-ratelimit-limit": "5", "x-ratelimit-remaining": "4", "x-ratelimit-reset-after": "5"},
    )
    assert (await asyncio.wait_for(second, 1.0)) is first
    for _ in range(3):
        await asyncio.wait_for(rooms.turn(EDIT, 1), 0.1)  # four in all on their way: the bucket's four
    fifth = asyncio.ensure_future(rooms.turn(EDIT, 1))
    await asyncio.sleep(0.05)
    assert not fifth.done()
    fifth.cancel()


async def test_a_global_429_is_waited_out_too(fake_discord: FakeDiscord, sender: ChannelMessages) -> None:
    """Discord's global limit (every route at once): the request waits its `retry_after` and goes
    again, its edit made once."""
    fake = fake_discord
    table = await _posted(fake, sender)
    fake.inject_rate_limit(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", retry_after=0.2, is_global=True
    )
    started = time.monotonic()
    await sender.edit(fake.games.id, table.id, {"content": "after the global wait"})
    assert time.monotonic() - started >= 0.2
    assert fake.messages[table.id].content == "after the global wait"
    assert [c.status for c in fake.calls if c.method == "PATCH"] == [429, 200]


async def test_routes_discord_names_one_bucket_share_its_count() -> None:
    """Two routes whose answers name the same bucket in a channel draw on one count: the post
    made after the edits waits for the bucket the edits emptied."""
    rooms = BucketRooms()
    said = {"x-ratelimit-bucket": "shared", "x-ratelimit-limit": "2", "x-ratelimit-reset-after": "5"}
    edit = await rooms.turn(EDIT, 1)
    rooms.answered(EDIT, 1, edit, {**said, "x-ratelimit-remaining": "1"})
    post = await rooms.turn(POST, 1)
    rooms.answered(POST, 1, post, {**said, "x-ratelimit-remaining": "0"})
    assert rooms.room(EDIT, 1) is rooms.room(POST, 1)
    waiting = asyncio.ensure_future(rooms.turn(POST, 1))
    await asyncio.sleep(0.05)
    assert not waiting.done(), "the shared bucket was empty"
    waiting.cancel()
    assert rooms.room(EDIT, 2) is not rooms.room(EDIT, 1)  # another channel: a bucket of its own


async def test_idle_channels_rooms_are_forgotten_and_busy_ones_kept() -> None:
    """A bot in many channels keeps one room per channel it wrote in; once more than
    `PRUNE_FROM` are kept, those idle a minute past their refill are dropped. A room with a
    request on its way, or emptied by a 429 and not yet refilled, is kept: forgetting it would
    send the next request into a bucket Discord says is empty."""
    now = [1000.0]
    rooms = BucketRooms(now=lambda: now[0])
    said = {"x-ratelimit-limit": "5", "x-ratelimit-remaining": "4", "x-ratelimit-reset-after": "1"}
    for channel in range(PRUNE_FROM - 2):
        room = await rooms.turn(EDIT, channel)
        rooms.answered(EDIT, channel, room, said)
    busy = await rooms.turn(EDIT, 10_000)  # on its way, never answered
    emptied = rooms.room(EDIT, 10_001)
    now[0] += FORGET_IDLE_ROOM + 5
    rooms.emptied(emptied, 30.0)  # a 429: nothing for 30 s more
    assert rooms.room(EDIT, 0).known  # still kept: the look comes once PRUNE_FROM are kept
    rooms.room(EDIT, 10_002)  # the room past the count: the idle ones go
    assert not rooms.room(EDIT, 1).known, "an idle channel's room was kept"
    assert rooms.room(EDIT, 10_000) is busy
    assert rooms.room(EDIT, 10_001) is emptied
    waiting = asyncio.ensure_future(rooms.turn(EDIT, 10_001))
    await asyncio.sleep(0.02)
    assert not waiting.done(), "the emptied bucket was forgotten"
    waiting.cancel()
