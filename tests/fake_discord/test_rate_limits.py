"""The fake's rate-limit buckets (rate_limits.py): what a bucket is, and Discord's limits on a
channel's messages for load runs that should meet them."""

from __future__ import annotations

import pytest

from bot.basics.clock import ManualClock
from tests.fake_discord import rate_limits
from tests.fake_discord.rate_limits import DISCORD_LIKE, RouteBuckets

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"
HAND_EDIT = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def test_each_interaction_s_webhook_is_a_bucket_of_its_own() -> None:
    """Discord's major parameter of a webhook route is the webhook with its token: every hand a
    bot edits (an interaction's own webhook, all under the application's id) has its own bucket,
    not one shared by every player."""
    buckets = RouteBuckets()
    buckets.limit = (1, 5.0)
    first = buckets.take(HAND_EDIT, {"webhook_id": "42", "webhook_token": "alice", "message_id": "@original"})
    second = buckets.take(HAND_EDIT, {"webhook_id": "42", "webhook_token": "bob", "message_id": "@original"})
    again = buckets.take(HAND_EDIT, {"webhook_id": "42", "webhook_token": "alice", "message_id": "@original"})
    assert (first.allowed, second.allowed, again.allowed) == (True, True, False)


def test_discord_s_limits_hold_a_channel_s_edits_to_five_in_five_seconds() -> None:
    """With `DISCORD_LIKE`, the sixth edit in a channel within five seconds is refused and said
    so in the headers; another channel, the answers to clicks and a new window are not held."""
    clock = ManualClock(100.0)
    buckets = RouteBuckets(monotonic=clock.now)
    buckets.route_limits = dict(DISCORD_LIKE)
    table = {"channel_id": "1", "message_id": "7"}
    verdicts = [buckets.take(EDIT, table) for _ in range(6)]
    assert [v.allowed for v in verdicts] == [True] * 5 + [False]
    assert verdicts[4].headers["X-RateLimit-Remaining"] == "0"
    assert verdicts[4].headers["X-RateLimit-Limit"] == "5"
    assert buckets.take(EDIT, {"channel_id": "2", "message_id": "8"}).allowed
    assert buckets.take(POST, table).allowed  # a post is a bucket of its own
    answers = [buckets.take(CALLBACK, {"interaction_id": "9", "interaction_token": "t"}) for _ in range(50)]
    assert all(v.allowed for v in answers)  # the loose default
    clock.advance(5.0)
    assert buckets.take(EDIT, table).allowed


def test_ended_windows_are_dropped_once_many_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A load run makes a bucket for every click's answer: those whose window ended go, so the
    fake does not keep one per click it ever answered; a bucket in its window stays counted."""
    clock = ManualClock(100.0)
    buckets = RouteBuckets(monotonic=clock.now)
    buckets.limit = (1, 1.0)
    monkeypatch.setattr(rate_limits, "PRUNE_AT", 3)
    buckets.take(EDIT, {"channel_id": "1", "message_id": "1"})
    clock.advance(2.0)
    held = buckets.take(EDIT, {"channel_id": "2", "message_id": "2"})
    buckets.take(EDIT, {"channel_id": "3", "message_id": "3"})
    buckets.take(EDIT, {"channel_id": "4", "message_id": "4"})  # a fourth: channel 1's ended window goes
    assert len(buckets._windows) == 3
    assert held.allowed and not buckets.take(EDIT, {"channel_id": "2", "message_id": "2"}).allowed
