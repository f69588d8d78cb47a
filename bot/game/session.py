"""`GameSession`: everything the bot keeps in memory about one live game, in one object.

The database holds the game; the session holds what is worth not asking it again — the current
position, its last events, the turn notices standing in the channel, what the board message
shows — and the game's two locks. One session per game, made by `Sessions` on first use and
closed when the game is over and fully shown (Red-DiscordBot's trivia session is the model for
that lifecycle). Nothing here talks to Discord.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field, fields
from typing import Any

from bot.game.move_tally import TIMEOUT_KIND, MoveTally
from bot.game.position import Position
from engine.api import Event

#: How many recent events a session keeps for the board's log lines.
RECENT_KEPT = 10
#: How many events a session keeps at most while their moves wait to be shown: a publishing pass
#: announces the moves since the last one shown, and a game played faster than its pace
#: (bot/publish/pacing.py) makes several between two passes (issue 31). Past this, they are read
#: from the store.
UNSHOWN_KEPT = 256
#: How many earlier states a session keeps, to read clicks made on them (`bot.play.earlier`).
EARLIER_KEPT = 16


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A message the bot posted: where it is, and what it was for."""

    channel_id: int
    message_id: int


@dataclass
class Shown:
    """What Discord shows of the game, as far as this process knows (reloaded after a restart)."""

    #: The last version fully published (board, notices, announcements, final scores).
    version: int = -1
    #: The seats that were to move at that version (None: unknown, after a restart), and the turn
    #: they were in (`Position.turn_key`).
    to_move: list[int] | None = None
    turn_key: Hashable | None = None
    #: The latest turn keys each seat was to move in at a published version (`Facts.told_keys`;
    #: a few are enough: a turn, and the windows in it).
    told_keys: dict[int, deque[Hashable]] = field(default_factory=dict)
    #: The version (and status) the board message's text shows, and the version its picture shows.
    board_version: int | None = None
    board_status: str | None = None
    picture: Any = None
    #: The versions whose turn notice and announcement were posted (so a retry never repeats one).
    notice_version: int | None = None
    announced_version: int | None = None
    result_posted: bool = False
    #: How the table message was last drawn (a `bot.publish.table_look.TableLook`; None: unknown).
    look: Any = None


@dataclass(frozen=True, slots=True)
class TableClick:
    """A move clicked on the table, not yet answered: its answer is the table redrawn at the new
    version (one callback, issue 31), which the publisher's board step sends in place of an edit.

    The handler made it (`bot.handlers.table_clicks`); the publisher needs only these two calls, so it
    knows nothing of interactions."""

    #: The board message the click was made on, and the version the move made.
    message_id: int
    version: int
    #: Update the clicked message with these fields (what an edit of the board would send).
    answer: Callable[..., Awaitable[None]]
    #: Answer with nothing to show (a deferred update): the board is shown some other way.
    release: Callable[[], Awaitable[None]]
    #: When it was handed over (`time.monotonic()`): a click waiting longer is not answered by the
    #: redraw, whose upload could carry it past Discord's 3 seconds; it is released instead.
    at: float = 0.0


#: How long a table click may wait for its redraw to answer it.
CLICK_ANSWER_WITHIN = 1.0


@dataclass
class GameSession:
    """One live game in the bot: its locks, position cache, notices, and what its board shows."""

    game_id: int
    #: Held for every change to the game (moves, seats, ending): moves are applied one at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Held for each write of the lobby message, which becomes the game's table when it starts: a
    #: lobby edit racing a start must not reach the table (bot.handlers.table.Table.lobby_message).
    lobby_message: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Held while the game's messages are being changed in Discord (publishing, `/board`).
    publishing: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The game as last stored (None until loaded, or after a failed write: reload it).
    position: Position | None = None
    #: The last events with the version that made them, oldest first (None: unknown): every
    #: event of the versions after `recent_from`.
    recent: list[tuple[int, Event]] | None = None
    recent_from: int = -1
    #: Turn notices and the announcement standing in the channel (None: unknown, ask the store).
    notices: list[MessageRef] | None = None
    announcement: MessageRef | None = None
    announcement_loaded: bool = False
    #: (version, seat) of the latest move applied in this process; the seat is None when no person
    #: made it (a computer's move, or one made because the seat's time ran out).
    last_move: tuple[int, int | None] | None = None
    shown: Shown = field(default_factory=Shown)
    #: What the game's result counts of its log, at the move it was last kept for (None: not
    #: known in this process, the log is read once the game ends).
    tally: MoveTally | None = None
    #: Each seat's open hand, as the last interaction that showed it (`bot.handlers.hands.OpenHand`).
    open_hands: dict[int, Any] = field(default_factory=dict)
    #: The game's state text at each of its last few versions before this one (version -> text):
    #: what a click made on a hand drawn then meant (`bot.play.earlier`; history, so never stale).
    earlier_states: dict[int, str] = field(default_factory=dict)
    #: The computer's pending turn, if one is waiting or thinking.
    computer_turn: asyncio.Task[None] | None = None
    #: The game's abandoned-game check is armed (once per process), and the seats whose turn
    #: clocks may be running (their rows go when they are no longer to move), each with the turn
    #: key its clock was started or kept for (a timeout plays only that turn).
    clock_armed: bool = False
    clocked_seats: dict[int, Hashable | None] = field(default_factory=dict)
    #: No pictures for this game (the channel refused an attachment).
    text_only: bool = False
    #: Publishing: something changed since the last publish began, and the board's picture is due
    #: whatever the budget; the background task that publishes.
    dirty: bool = False
    picture_due: bool = False
    publish_task: asyncio.Task[None] | None = None
    #: Something no version number tells changed (a seat's player, a pause): the next publishing
    #: pass redraws the board, and (`tell_again`) tells the seats to move again
    #: (`Publisher.reshow`). Flags, not `shown` itself, so that a pass already under way, which
    #: drew the game as it was, cannot mark it shown again when it ends.
    redraw_board: bool = False
    tell_again: bool = False
    #: A table click waiting for the publisher to answer it with the redrawn table.
    table_click: TableClick | None = None
    #: When the game's last publishing pass began (the event loop's clock; None: none yet), and
    #: the signal that ends a background pass's wait for its turn at once (`bot.publish.pacing`): a
    #: table click is waiting for that pass to answer it.
    last_pass_at: float | None = None
    hurry: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    def know_recent(self, events: list[tuple[int, Event]], complete_after: int) -> None:
        """The game's last events are `events`: every one of the versions after `complete_after`."""
        self.recent = events
        self.recent_from = complete_after

    def note_events(self, version: int, events: list[Event]) -> None:
        """Keep a move's events (only while the recent list is known): the last `RECENT_KEPT` for
        the log lines, and those of the moves not shown yet (`UNSHOWN_KEPT` at most) for the
        next publishing pass's announcement (`events_since`). Whole versions are let go."""
        recent = self.recent
        if recent is None:
            return
        recent.extend((version, event) for event in events)
        excess = len(recent) - RECENT_KEPT
        if excess <= 0:
            return
        shown = max(self.shown.version, self.shown.announced_version or -1)
        cut = 0
        while cut < excess and (recent[cut][0] <= shown or len(recent) - cut > UNSHOWN_KEPT):
            cut += 1
        # A version cut in two keeps its events: what is kept holds whole versions.
        while 0 < cut < len(recent) and recent[cut][0] == recent[cut - 1][0]:
            cut -= 1
        if cut:
            self.recent_from = max(self.recent_from, recent[cut - 1][0])
            del recent[:cut]

    def tally_after(self, version: int, seat: int, events: list[Event], seats: int) -> MoveTally | None:
        """The game's tally after a move by `seat` on `version` (a game's version counts its moves);
        None when this process does not know the tally before it (a restart since the start)."""
        tally = MoveTally.start(seats) if version == 0 else self.tally
        if tally is None or tally.moves != version:
            return None
        return tally.after(seat, [e.seats.get("player") for e in events if e.kind == TIMEOUT_KIND])

    def keep_earlier(self, version: int, state: str) -> None:
        """Remember the state a move was made on (the oldest kept is forgotten past `EARLIER_KEPT`)."""
        self.earlier_states[version] = state
        for old in sorted(self.earlier_states)[:-EARLIER_KEPT]:
            del self.earlier_states[old]

    def events_since(self, version: int) -> list[Event] | None:
        """The kept events of moves after `version`, or None if some of them are not kept."""
        if self.recent is None or version < self.recent_from:
            return None
        return [event for made, event in self.recent if made > version]

    def take_click(self, message_id: int, version: int, now: float) -> TableClick | None:
        """The waiting table click that an edit of `message_id` at `version` answers (it is
        handed over: nobody else answers it); none if it has waited too long (`now`: monotonic)."""
        click = self.table_click
        if click is None or click.message_id != message_id or click.version > version:
            return None
        if now - click.at > CLICK_ANSWER_WITHIN:
            return None
        self.table_click = None
        return click

    async def release_click(self) -> None:
        """Answer the waiting table click with nothing to show (its board was shown otherwise)."""
        click, self.table_click = self.table_click, None
        if click is not None:
            await click.release()

    def is_blank(self) -> bool:
        """Whether this holds nothing a new session would not: none of its locks held, every other
        field as made (a session made only to read a game that has ended)."""
        if self.lock.locked() or self.lobby_message.locked() or self.publishing.locked():
            return False
        fresh = GameSession(self.game_id)
        return all(getattr(self, name) == getattr(fresh, name) for name in _COMPARED)

    def drop_position(self) -> None:
        """The database may differ from memory (a failed write): reload on next use."""
        self.position = None
        self.recent = None
        self.recent_from = -1
        self.earlier_states = {}

    def close(self) -> None:
        """The game is over and shown: stop its computer turn and let go of what it holds."""
        self.closed = True
        task = self.computer_turn
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        self.computer_turn = None
        self.position = None
        self.recent = None
        self.recent_from = -1


#: The fields `GameSession.is_blank` compares with a new session's (not its id, nor its locks).
_COMPARED = tuple(
    f.name
    for f in fields(GameSession)
    if f.name not in {"game_id", "lock", "lobby_message", "publishing", "last_pass_at", "hurry"}
)
