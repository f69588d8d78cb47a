"""The daily garden's rules on plain data (bot/records/daily.py; issue 18): the seed is the server's and
the day's, the week's option sets are real solo games, the day ends at 00:00 UTC, streaks count
days in a row."""

from __future__ import annotations

import asyncio
import hashlib
from datetime import UTC, datetime
from pathlib import Path

from bot.records.daily import (
    SECRET_KEY,
    daily_seed,
    day_of,
    ends_at,
    options_of,
    read_day,
    rotation,
    server_seed,
    streak,
)
from bot.storage import Store
from bot.ui.id_parsing import parse
from bot.ui.ids import DailyBoardId
from engine.cabbagehead.game import GAME
from engine.cabbagehead.state import CabbageheadOptions

SECRET = "a0" * 32


def public_seed(guild_id: int, day: str) -> int:
    """The seed as it was first derived, from the server and the date alone: anyone could
    compute tomorrow's deal with it."""
    digest = hashlib.sha256(f"garden-club daily garden:{guild_id}:{day}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def test_the_seed_is_the_same_for_a_server_and_a_day_and_differs_otherwise() -> None:
    assert daily_seed(SECRET, 11, "2026-12-01") == daily_seed(SECRET, 11, "2026-12-01")
    seeds = {daily_seed(SECRET, g, d) for g in (11, 12) for d in ("2026-12-01", "2026-12-02")}
    assert len(seeds) == 4 and all(0 <= s < 2**62 for s in seeds)


def test_the_seed_cannot_be_computed_from_the_server_and_the_date_alone() -> None:
    """Issue 18 (the daily garden; audit item 4): tomorrow's deal must not be known before the day.
    The seed mixes in the bot's secret: without it, the server and the date say nothing."""
    assert daily_seed(SECRET, 11, "2026-12-02") != public_seed(11, "2026-12-02")
    assert daily_seed(SECRET, 11, "2026-12-02") != daily_seed("b1" * 32, 11, "2026-12-02")


async def test_the_secret_is_made_once_per_database_and_kept(tmp_path: Path, database: str) -> None:
    """Issue 18 (audit item 4): the secret is random, made on first use, stored in `meta` (so it
    survives restarts and backups), the same for callers at once, another in another database."""
    store = await Store.open(database)
    try:
        assert await store.get_meta(SECRET_KEY) is None
        seeds = await asyncio.gather(*(server_seed(store, 11, "2026-12-02") for _ in range(4)))
        secret = await store.get_meta(SECRET_KEY)
        assert secret is not None and len(bytes.fromhex(secret)) >= 32
        assert set(seeds) == {daily_seed(secret, 11, "2026-12-02")}
        assert seeds[0] != public_seed(11, "2026-12-02")
    finally:
        await store.close()
    again = await Store.open(database)
    other = await Store.open(tmp_path / "other.sqlite3")
    try:
        assert await server_seed(again, 11, "2026-12-02") == seeds[0], "kept across a restart"
        assert await server_seed(other, 11, "2026-12-02") != seeds[0], "another bot, another secret"
    finally:
        await again.close()
        await other.close()


def test_every_weekday_has_options_that_make_a_solo_game() -> None:
    assert [d.weekday for d in rotation()] == [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ]
    for chosen in rotation():
        GAME.create(CabbageheadOptions.model_validate(chosen.options), 1, 7)
    assert options_of("2026-12-01").weekday == "Tuesday"  # 1 December 2026 is a Tuesday


def test_the_day_changes_at_midnight_utc() -> None:
    before = datetime(2026, 12, 1, 23, 59, 59, tzinfo=UTC).timestamp()
    assert day_of(before) == "2026-12-01" and day_of(before + 1) == "2026-12-02"
    assert ends_at("2026-12-01") == before + 1


def test_a_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    days = ["2026-11-28", "2026-11-29", "2026-11-30", "2026-11-26"]
    assert streak(days, "2026-11-30") == 3
    assert streak(days, "2026-12-01") == 3, "today's garden not played yet: the streak still stands"
    assert streak(days, "2026-12-02") == 0
    assert streak([*days, "2026-12-01"], "2026-12-01") == 4


def test_a_board_names_its_day_strictly() -> None:
    """Issue 18 (audit item 3): a past day's board and its best garden's replay are buttons whose ids
    name a real day exactly; `/leaderboard … day:` reads a date, `today` or `yesterday`."""
    for day in ("2026-12-01", "0001-01-01", "9999-12-31"):
        for best in (False, True):
            component = DailyBoardId(day, best)
            assert parse(component.text()) == component and len(component.text()) <= 100
    for nonsense in (
        "gc:daily:0",
        "gc:daily:3652060",
        "gc:daily:-1",
        "gc:daily:01",
        "gc:daily:",
        "gc:daily:7:worst",
    ):
        assert parse(nonsense) is None, nonsense
    assert parse("gc:daily:739951:best:x") is None
    assert read_day("2026-11-30", "2026-12-01") == "2026-11-30"
    assert (
        read_day(" Yesterday ", "2026-12-01") == "2026-11-30"
        and read_day("today", "2026-12-01") == "2026-12-01"
    )
    assert [read_day(t, "2026-12-01") for t in ("2026-02-30", "next week", "1", "2026-12-01T00")] == [
        None
    ] * 4
