"""Whole games (issue 32): the explorer's mode in which its people play games to their end.

The ordinary mix of steps (/end, /leave, lobbies cancelled, clock jumps of a day, new lobbies
everywhere) seldom carries a Garden Party or a Garden Sabotage game to its end in a run of
minutes, so a pseudo-locale run never saw their last rounds and final scores. In this mode the
people mostly play on in the games going (a choice on their newest hand or the live table), still
click old messages and forged ids and still restart now and then, but never end, leave or cancel,
jump the clock by minutes at most, and open a game of a kind only while none of it is going, with
the options that keep it short (`commands.shortest`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: (what, weight): how often each kind of step is drawn in whole-games mode.
WHOLE_STEPS: tuple[tuple[str, int], ...] = (
    ("play_on", 56),
    ("start_game", 5),
    ("fill_lobby", 6),
    ("progress", 8),
    ("click_anything", 4),
    ("old_message", 3),
    ("command", 6),
    ("forged", 2),
    ("time", 6),
    ("restart", 1),
    ("kill", 1),
)
#: Clock jumps in whole-games mode: enough to close reply windows and run out quick turns, never
#: a lobby's half hour or a day.
WHOLE_JUMPS = (1, 1, 2, 5, 15, 30, 60, 125)
#: How long people wait when nobody at a game has a choice (a reply window some are not asked in
#: closes with its clock; Garden Party's shortest is 5 s).
WAITS = (2, 5, 5, 15, 30)
#: The three garden games: their `/play` subcommand and their stored name.
KINDS: dict[str, str] = {"cabbagehead": "cabbagehead", "garden-party": "garden_party", "sabotage": "sabotage"}
#: Commands a whole-games run leaves out: those that end, leave or stall a game (and `/play`,
#: which only `start_game` sends, for a kind with none going).
LEFT_OUT = ("end", "leave", "pause", "play")
#: Controls that end things: a lobby cancelled, a seat left.
_STOPS = re.compile(r"^gc:lobby:\d+:(cancel|leave)$")
_AGAIN = re.compile(r"^gc:again:(\d+)$")


def allowed(custom_id: str, games: dict[int, tuple[str, str]]) -> bool:
    """Whether a whole-games person presses the control `custom_id`, given the stored games (id:
    (game, status)): no lobby cancelled or left, no Play again of a kind that has a game going."""
    if _STOPS.match(custom_id):
        return False
    again = _AGAIN.match(custom_id)
    if again is None:
        return True
    kind = games.get(int(again.group(1)), ("", ""))[0]
    return kind not in going(games)


def going(games: dict[int, tuple[str, str]]) -> set[str]:
    """The kinds with a lobby or a game in progress."""
    return {game for game, status in games.values() if status in ("lobby", "active")}


def finished_by_kind(rows: Iterable[tuple[Any, ...]]) -> dict[str, int]:
    """Games played to their end (finished, end reason "completed"), by stored game name, from
    (game, status, end_reason) rows; every garden kind listed, 0 if none."""
    counts = dict.fromkeys(KINDS.values(), 0)
    for game, status, reason in rows:
        if status == "finished" and reason == "completed":
            counts[str(game)] = counts.get(str(game), 0) + 1
    return counts


def all_finished(counts: dict[str, int]) -> bool:
    """Whether each garden kind was played to its end at least once."""
    return all(counts.get(kind, 0) > 0 for kind in KINDS.values())
