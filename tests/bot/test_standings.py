"""`/stats` and `/leaderboard` on plain data (issue 18): their ids parse strictly, their texts,
and every query they make is answered from an index."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.basics.ratings import Rating, shown
from bot.basics.words import words_for
from bot.records.standings import PAGE_SIZE, ordinal, pages, set_key, tally_line
from bot.storage import Store
from bot.storage.standings import GameTally
from bot.ui.id_parsing import parse
from bot.ui.ids import LeaderboardId, LeaderboardMenuId, ShareId
from bot.ui.items import leaderboard_view, share_view


def test_share_and_leaderboard_ids_round_trip() -> None:
    for component in (
        ShareId(123, None),
        ShareId(2**63 - 1, "cabbagehead"),
        LeaderboardId("sabotage", 0),
        LeaderboardId("cabbagehead", 999, set_key("{}")),
        LeaderboardMenuId("cabbagehead"),
    ):
        assert parse(component.text()) == component
        assert len(component.text()) <= 100


@pytest.mark.parametrize(
    "custom_id",
    [
        "gc:share:stats:0:all",
        "gc:share:stats:-1:all",
        "gc:share:stats:012:all",
        "gc:share:stats:9223372036854775808:all",
        "gc:share:stats:12",
        "gc:share:stats:12:all:x",
        "gc:share:stats:12:Cabbagehead",
        "gc:share:board:12:all",
        "gc:lb:sabotage:1000",
        "gc:lb:sabotage:01",
        "gc:lb:sabotage:0:ABCDEF0123",
        "gc:lb:sabotage:0:0123",
        "gc:lb:sabotage:0:0123456789:x",
        "gc:lb:Sabotage:0",
        "gc:lb:",
    ],
)
def test_nonsense_share_and_leaderboard_ids_are_not_ours(custom_id: str) -> None:
    assert parse(custom_id) is None


def test_the_words_of_stats() -> None:
    english = words_for("en")
    assert [ordinal(n, english) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]  # fmt: skip
    duel = GameTally("sabotage", False, 4, 1, 52.25, 70, 0)
    assert tally_line(duel, (Rating(25.0, 25 / 3), 4), english) == (
        "**Garden Sabotage**: 4 games, 1 won (25%), average 52.2 points, best 70; rating 1000 (4 rated)"
    )
    solo = GameTally("cabbagehead", True, 1, 0, 61.0, 61, 1)
    assert tally_line(solo, None, english) == (
        "**Mr. Cabbagehead's Garden (solo)**: 1 garden, best garden 61 points, average 61.0, ribbons earned 1"
    )
    poor = GameTally("cabbagehead", True, 2, 0, 1.0, 1, 0)
    assert "2 gardens, best garden 1 point, average 1.0" in tally_line(poor, None, english)
    assert "meilleur jardin 1 point," in tally_line(poor, None, words_for("fr"))
    assert shown(Rating(30.0, 2.0)) == 1000 + 40 * 24


def test_pages_and_their_buttons_stay_within_discords_limits() -> None:
    english = words_for("en")
    assert pages(0) == 1 and pages(PAGE_SIZE) == 1 and pages(PAGE_SIZE + 1) == 2
    assert leaderboard_view("sabotage", 0, 1, english) is None
    middle = leaderboard_view("sabotage", 1, 3, english)
    assert middle is not None
    [buttons] = middle.to_components()  # type: ignore[attr-defined]
    assert [b["label"] for b in buttons["components"]] == ["◀ Previous", "Next ▶"]
    sets = [(set_key(str(n)), f"set {n}") for n in range(40)]
    with_menu = leaderboard_view("cabbagehead", 0, 2, english, sets[0][0], sets)
    assert with_menu is not None
    menu, _ = with_menu.to_components()  # type: ignore[attr-defined]
    assert len(menu["components"][0]["options"]) == 25
    assert share_view(5, None, english) is not None


async def test_stats_and_leaderboard_queries_use_their_indexes(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    await store.close()
    queries = {
        "tallies": (
            "SELECT game, solo, COUNT(*) FROM result_players WHERE guild_id = 1 AND user_id = 2 "
            "AND counted = 1 GROUP BY game, solo",
            "result_players_by_user",
        ),
        "recent": (
            "SELECT game_id FROM result_players WHERE guild_id = 1 AND user_id = 2 AND game = 'x' "
            "AND counted = 1 ORDER BY finished_at DESC, game_id DESC LIMIT 5",
            "result_players_by_user",
        ),
        "leaderboard": (
            "SELECT user_id FROM ratings WHERE guild_id = 1 AND game = 'x' "
            "ORDER BY ordinal DESC, user_id LIMIT 10 OFFSET 0",
            "ratings_leaderboard",
        ),
        "gardens": (
            "SELECT game_id FROM result_players WHERE guild_id = 1 AND game = 'x' AND option_set = '{}' "
            "AND solo = 1 AND counted = 1 AND points IS NOT NULL ORDER BY points DESC, game_id LIMIT 10",
            "result_players_best_gardens",
        ),
    }
    async with aiosqlite.connect(tmp_path / "g.sqlite3") as db:
        for name, (query, index) in queries.items():
            async with db.execute(f"EXPLAIN QUERY PLAN {query}") as cur:
                plan = " ".join(str(row[3]) for row in await cur.fetchall())
            assert index in plan, f"{name}: {plan}"
