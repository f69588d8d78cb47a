"""Custom ids read strictly: every id a click carries parsed into its typed value (bot/ui/ids.py),
or None.

Split from ids.py (issue 30), which writes them: a modified client can send any id, so the reading
is a part of its own, with its bounds (no number beyond what SQLite or Discord can hold) and its
grammar (choices: bot.ui.choices).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from bot.storage.records import MAX_ID
from bot.ui.ids import (
    ALL_GAMES,
    CHOICE,
    LOBBY_MENUS,
    LOBBY_OPS,
    MAX_MENU,
    MAX_PAGE,
    MAX_SEAT,
    MAX_VERSION,
    PREFIX,
    REPLAY_MODES,
    REPLAY_TAGS,
    SET_KEY,
    SHARE_KINDS,
    AgainId,
    BackId,
    ChoiceId,
    ComponentId,
    DailyBoardId,
    HandId,
    HistoryId,
    LeaderboardId,
    LeaderboardMenuId,
    LobbyId,
    MenuId,
    PauseId,
    ReplayId,
    ReplayMenuId,
    RulesId,
    RulesMenuId,
    ShareId,
    TextId,
)

_NUMBER = re.compile(r"0|[1-9]\d{0,18}")
_STRENGTH = re.compile(r"[a-z]{1,16}")
_GAME_NAME = re.compile(r"[a-z0-9_]{1,40}")

#: The ids that name nothing but a game.
_ONE_GAME: dict[str, Callable[[int], ComponentId]]
_ONE_GAME = {"hand": HandId, "pause": PauseId, "again": AgainId, "replay": ReplayMenuId, "text": TextId}


def _number(text: str, high: int) -> int | None:
    if not _NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if value <= high else None


def page_number(text: str) -> int | None:
    """A rules page number as the page picker's values write it, or None."""
    return _number(text, MAX_PAGE)


def move_number(text: str) -> int | None:
    """A move number as the replay viewer's jump menu writes it, or None."""
    return _number(text, MAX_VERSION)


def _game_id(text: str) -> int | None:
    value = _number(text, MAX_ID)
    return value if value else None


def parse(custom_id: str) -> ComponentId | None:
    """The component `custom_id` names, or None if it is not exactly one of ours."""
    if not custom_id.startswith(PREFIX) or len(custom_id) > 100:
        return None
    kind, _, rest = custom_id[len(PREFIX) :].partition(":")
    parts = rest.split(":")
    if kind == "lobby" and len(parts) == 2:
        game_id, op = _game_id(parts[0]), parts[1]
        strength = op.removeprefix("add-")
        valid = (
            op in LOBBY_OPS
            or op in LOBBY_MENUS
            or (op.startswith("add-") and _STRENGTH.fullmatch(strength) is not None)
        )
        return LobbyId(game_id, op) if game_id is not None and valid else None
    if kind in _ONE_GAME and len(parts) == 1:
        game_id = _game_id(parts[0])
        return _ONE_GAME[kind](game_id) if game_id is not None else None
    if kind in ("c", "s") and len(parts) == 4:
        game_id, seat, version = (
            _game_id(parts[0]),
            _number(parts[1], MAX_SEAT),
            _number(parts[2], MAX_VERSION),
        )
        if game_id is None or seat is None or version is None:
            return None
        if kind == "c":
            return ChoiceId(game_id, seat, version, parts[3]) if CHOICE.fullmatch(parts[3]) else None
        number = _number(parts[3], MAX_MENU)
        return MenuId(game_id, seat, version, number) if number is not None else None
    if kind == "replay" and len(parts) in (3, 4):
        game_id, move = _game_id(parts[0]), _number(parts[1], MAX_VERSION)
        tag = parts[3] if len(parts) == 4 else ""
        if game_id is None or move is None or parts[2] not in REPLAY_MODES:
            return None
        return ReplayId(game_id, move, parts[2], tag) if tag == "" or tag in REPLAY_TAGS else None
    if kind == "history" and len(parts) == 1:
        before = _number(parts[0], MAX_ID)
        return HistoryId(before) if before is not None else None
    if kind == "back" and len(parts) == 2:
        game_id, seat = _game_id(parts[0]), _number(parts[1], MAX_SEAT)
        return BackId(game_id, seat) if game_id is not None and seat is not None else None
    if kind == "rules" and len(parts) == 2:
        page = _number(parts[1], MAX_PAGE)
        return RulesId(parts[0], page) if _GAME_NAME.fullmatch(parts[0]) and page is not None else None
    if kind == "rules" and len(parts) == 1:
        return RulesMenuId(parts[0]) if _GAME_NAME.fullmatch(parts[0]) else None
    if kind == "share" and len(parts) == 3 and parts[0] in SHARE_KINDS:
        user_id = _game_id(parts[1])  # a Discord id: a positive number SQLite can hold
        if user_id is None or not (parts[2] == ALL_GAMES or _GAME_NAME.fullmatch(parts[2])):
            return None
        return ShareId(user_id, None if parts[2] == ALL_GAMES else parts[2])
    if kind == "lb" and len(parts) in (2, 3) and _GAME_NAME.fullmatch(parts[0]):
        page = _number(parts[1], MAX_PAGE)
        key = parts[2] if len(parts) == 3 else None
        if page is None or (key is not None and not SET_KEY.fullmatch(key)):
            return None
        return LeaderboardId(parts[0], page, key)
    if kind == "lb" and len(parts) == 1:
        return LeaderboardMenuId(parts[0]) if _GAME_NAME.fullmatch(parts[0]) else None
    if kind == "daily" and len(parts) in (1, 2) and parts[1:] in ([], ["best"]):
        day = _number(parts[0], date.max.toordinal())
        return DailyBoardId(date.fromordinal(day).isoformat(), len(parts) == 2) if day else None
    return None
