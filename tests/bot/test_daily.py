"""The daily garden's rules on plain data (bot/daily.py; issue 18): the seed is the server's and
the day's, the week's option sets are real solo games, the day ends at 00:00 UTC, streaks count
days in a row."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.daily import daily_seed, day_of, ends_at, options_of, rotation, streak
from engine.cabbagehead.game import GAME
from engine.cabbagehead.state import CabbageheadOptions


def test_the_seed_is_the_same_for_a_server_and_a_day_and_differs_otherwise() -> None:
    assert daily_seed(11, "2026-12-01") == daily_seed(11, "2026-12-01")
    seeds = {daily_seed(g, d) for g in (11, 12) for d in ("2026-12-01", "2026-12-02")}
    assert len(seeds) == 4 and all(0 <= s < 2**62 for s in seeds)


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
