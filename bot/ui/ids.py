"""Custom ids: written and read in one place, strictly.

Every id the bot puts on a component is built here, and every id a click carries is parsed here
into a typed value, or refused: a modified client can send any id, so nothing is trusted because
it looks like ours. Numbers are bounded (no id beyond what SQLite or Discord can hold), choices
follow their grammar exactly (bot.ui.choices), and anything else is `None`.

  gc:lobby:<game>:<join|leave|start|host>                   lobby buttons (host: "Host options")
  gc:lobby:<game>:<cancel|add-<strength>>                   the host's private panel's buttons
  gc:lobby:<game>:<clock|stand-in>                          its menus (values: a preset, a strength)
  gc:hand:<game>                                            "My hand" on a board, "Refresh" in a hand
  gc:c:<game>:<seat>:<version>:<choice>                     a choice button in a hand
  gc:s:<game>:<seat>:<version>:<n>                          choice menu n in a hand (values: choices)
  gc:rules:<game name>:<page>                               rules pages: Previous / Next
  gc:rules:<game name>                                      the rules' page picker (values: page numbers)
  gc:pause:<game>                                           "Agree to pause" under a pause request
  gc:back:<game>:<seat>                                     "I'm back" under a computer's stand-in
  gc:again:<game>                                           "Play again" under a game's final scores
  gc:text:<game>                                            "Board as text" under a board's picture
  gc:replay:<game>:<move>:<b|h>[:<f|p|n|l>]                 "Replay", and the replay viewer's buttons
  gc:replay:<game>                                          the replay viewer's jump menu (values: moves)
  gc:history:<before>                                       /history's Newest / Older (0: the newest)
  gc:share:stats:<user>:<game name|all>                     "Share in channel" under private /stats
  gc:lb:<game name>:<page>                                  leaderboard pages (ratings): ◀ / ▶
  gc:lb:<game name>:<page>:<set key>                        best solo gardens pages, one option set
  gc:lb:<game name>                                         best gardens' option-set menu (values: set keys)
  gc:daily:<day number>[:best]                              a day's daily garden board, or its best's replay
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from bot.storage.records import MAX_ID

PREFIX = "gc:"
MAX_SEAT = 99
MAX_VERSION = 10**9
MAX_MENU = 9
MAX_PAGE = 999

LOBBY_OPS = ("join", "leave", "start", "cancel", "host")
#: Lobby menus (the host's): the game's clock, and the computer that plays timed-out turns.
LOBBY_MENUS = ("clock", "stand-in")
#: A choice code: play action i, open page p of group j, or top-level page p.
CHOICE = re.compile(r"a(?:0|[1-9]\d{0,3})|g(?:0|[1-9]\d{0,3})\.(?:0|[1-9]\d{0,3})|p(?:0|[1-9]\d{0,3})")
_NUMBER = re.compile(r"0|[1-9]\d{0,18}")
_STRENGTH = re.compile(r"[a-z]{1,16}")
_GAME_NAME = re.compile(r"[a-z0-9_]{1,40}")
#: An option set's key (bot.records.standings.set_key): ten lowercase hex digits.
SET_KEY = re.compile(r"[0-9a-f]{10}")
#: What "Share in channel" may share.
SHARE_KINDS = ("stats",)
ALL_GAMES = "all"


@dataclass(frozen=True)
class LobbyId:
    game_id: int
    op: str  # join, leave, start, host, cancel, add-<strength>, clock or stand-in

    def text(self) -> str:
        return f"gc:lobby:{self.game_id}:{self.op}"


@dataclass(frozen=True)
class HandId:
    game_id: int

    def text(self) -> str:
        return f"gc:hand:{self.game_id}"


@dataclass(frozen=True)
class ChoiceId:
    game_id: int
    seat: int
    version: int
    choice: str
    #: The menu it was chosen in (`MenuId.number`); None: a button.
    menu: int | None = None

    def text(self) -> str:
        return f"gc:c:{self.game_id}:{self.seat}:{self.version}:{self.choice}"


@dataclass(frozen=True)
class MenuId:
    game_id: int
    seat: int
    version: int
    number: int

    def text(self) -> str:
        return f"gc:s:{self.game_id}:{self.seat}:{self.version}:{self.number}"


@dataclass(frozen=True)
class RulesId:
    game: str
    page: int

    def text(self) -> str:
        return f"gc:rules:{self.game}:{self.page}"


@dataclass(frozen=True)
class RulesMenuId:
    """The rules' page picker; its option values are page numbers (`page_number`)."""

    game: str

    def text(self) -> str:
        return f"gc:rules:{self.game}"


@dataclass(frozen=True)
class PauseId:
    game_id: int

    def text(self) -> str:
        return f"gc:pause:{self.game_id}"


@dataclass(frozen=True)
class BackId:
    game_id: int
    seat: int

    def text(self) -> str:
        return f"gc:back:{self.game_id}:{self.seat}"


@dataclass(frozen=True)
class AgainId:
    game_id: int

    def text(self) -> str:
        return f"gc:again:{self.game_id}"


@dataclass(frozen=True)
class TextId:
    """ "Board as text": the complete text board, privately (for screen readers, or a phone)."""

    game_id: int

    def text(self) -> str:
        return f"gc:text:{self.game_id}"


@dataclass(frozen=True)
class ShareId:
    """ "Share in channel" under a private /stats answer: the same stats, posted for everyone."""

    user_id: int
    #: The game the stats are about (None: every game).
    game: str | None

    def text(self) -> str:
        return f"gc:share:stats:{self.user_id}:{self.game or ALL_GAMES}"


@dataclass(frozen=True)
class LeaderboardId:
    """A leaderboard page: the ratings of a game, or (with `set_key`) its best solo gardens
    under one option set."""

    game: str
    page: int
    set_key: str | None = None

    def text(self) -> str:
        tail = f":{self.set_key}" if self.set_key else ""
        return f"gc:lb:{self.game}:{self.page}{tail}"


@dataclass(frozen=True)
class LeaderboardMenuId:
    """The best gardens' option-set menu; its option values are set keys (`SET_KEY`)."""

    game: str

    def text(self) -> str:
        return f"gc:lb:{self.game}"


#: A replay viewer's modes: the table ("b"), or the viewer's own view ("h"); and its step buttons'
#: tags (First, Previous, Next, Last), which keep the ids of one message distinct.
REPLAY_MODES = ("b", "h")
REPLAY_TAGS = ("f", "p", "n", "l")


@dataclass(frozen=True)
class ReplayId:
    """ "Replay" under /history, and the replay viewer's buttons: show `move` of a finished game."""

    game_id: int
    move: int
    mode: str = "b"
    tag: str = ""

    def text(self) -> str:
        end = f":{self.tag}" if self.tag else ""
        return f"gc:replay:{self.game_id}:{self.move}:{self.mode}{end}"


@dataclass(frozen=True)
class ReplayMenuId:
    """The replay viewer's jump menu; its option values are move numbers (`page_number`)."""

    game_id: int

    def text(self) -> str:
        return f"gc:replay:{self.game_id}"


@dataclass(frozen=True)
class HistoryId:
    """/history's Newest / Older buttons: the games older than game `before` (0: the newest)."""

    before: int

    def text(self) -> str:
        return f"gc:history:{self.before}"


@dataclass(frozen=True)
class DailyBoardId:
    """A day's daily garden board, or (`best`) its best garden's replay; the id says `date.toordinal`."""

    day: str
    best: bool = False

    def text(self) -> str:
        return f"gc:daily:{date.fromisoformat(self.day).toordinal()}" + (":best" if self.best else "")


ComponentId = (
    LobbyId
    | HandId
    | ChoiceId
    | MenuId
    | RulesId
    | RulesMenuId
    | PauseId
    | BackId
    | AgainId
    | TextId
    | ShareId
    | LeaderboardId
    | LeaderboardMenuId
    | ReplayId
    | ReplayMenuId
    | HistoryId
    | DailyBoardId
)

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
