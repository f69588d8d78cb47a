"""Custom ids: written here, read strictly in bot/ui/id_parsing.py, both against this grammar.

Every id the bot puts on a component is built here, and every id a click carries is parsed
(bot/ui/id_parsing.py) into one of these typed values, or refused: a modified client can send any
id, so nothing is trusted because it looks like ours. Numbers are bounded (no id beyond what SQLite
or Discord can hold), choices follow their grammar exactly (bot.ui.choices), and anything else is
`None`.

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
from dataclasses import dataclass
from datetime import date

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
        return choice_prefix(self.game_id, self.seat, self.version) + self.choice


def choice_prefix(game_id: int, seat: int, version: int) -> str:
    """What the id of every choice of `seat` at `version` starts with (`ChoiceId.text` is it and
    the choice): a page's buttons are named from it, made once, not an id object per button."""
    return f"gc:c:{game_id}:{seat}:{version}:"


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
