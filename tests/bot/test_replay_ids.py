"""The replay viewer's and /history's custom ids are read strictly (bot/ui/id_parsing.py): exactly the
ids the bot writes parse back to what they name, anything else is None (a forged or damaged id
gets "I can't read that button")."""

from __future__ import annotations

import pytest

from bot.ui.id_parsing import move_number, parse
from bot.ui.ids import HistoryId, ReplayId, ReplayMenuId


@pytest.mark.parametrize(
    "made",
    [
        ReplayId(12, 0),
        ReplayId(12, 345, "h"),
        ReplayId(7, 3, "b", "n"),
        ReplayMenuId(9),
        HistoryId(0),
        HistoryId(4),
    ],
)
def test_every_id_the_viewer_writes_parses_back(made: object) -> None:
    assert parse(made.text()) == made  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "forged",
    [
        "gc:replay:0:1:b",  # no game 0
        "gc:replay:12:1:x",  # no such mode
        "gc:replay:12:1:b:z",  # no such step
        "gc:replay:12:-1:b",
        "gc:replay:12:01:b",  # not written so
        "gc:replay:12:1:b:n:extra",
        "gc:replay:12:99999999999:b",  # beyond any version
        "gc:history:",
        "gc:history:01",
        "gc:history:-1",
        "gc:history:a",
    ],
)
def test_anything_else_is_unreadable(forged: str) -> None:
    assert parse(forged) is None


def test_a_jump_menu_value_is_a_plain_move_number() -> None:
    assert move_number("0") == 0 and move_number("417") == 417
    assert move_number("-1") is None and move_number("1.5") is None and move_number("07") is None
