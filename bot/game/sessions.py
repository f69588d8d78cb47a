"""`Sessions`: the live `GameSession` of every game this process touches, loaded from the store.

This is the only place that creates or forgets a session, and the only cache of positions: a
game in progress is read from the database once, then kept up to date by the moves applied
through `bot.play.moves` (this process is its only writer). Knows Discord only as numbers.

A session made while a click or a clock is handled and left holding nothing (a click on an old
message of a game that has ended, whose session the publisher forgot with its last pass; a turn
clock falling due after its game ended) is not kept after it: it would stay for the life of the
process, since only the publisher forgets sessions and it has nothing more to show (`passing`).
"""

from __future__ import annotations

import weakref
from contextvars import ContextVar, Token

from bot.basics.refusals import GAME_GONE, Refusal
from bot.basics.words import ENGLISH, Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.game.session import RECENT_KEPT, GameSession, MessageRef
from bot.presenters.engine_words import event_line
from bot.storage import Store
from bot.storage.records import MAX_ID
from engine.api import Event

#: The games whose sessions were made (or taken back from `_passing`) in the click or clock being
#: handled.
_MADE: ContextVar[list[int] | None] = ContextVar("sessions_made", default=None)


class Sessions:
    """Every live game session, by game id."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: dict[int, GameSession] = {}
        #: Sessions let go of after the click that made them (`passing`), while something still
        #: holds them: asked for again meanwhile, the same one is taken back (one set of locks).
        self._passing: weakref.WeakValueDictionary[int, GameSession] = weakref.WeakValueDictionary()

    def session(self, game_id: int) -> GameSession:
        """The session of `game_id` (made on first use; it loads its position lazily)."""
        found = self._live.get(game_id)
        if found is None:
            found = self._passing.pop(game_id, None) or GameSession(game_id)
            self._live[game_id] = found
            made = _MADE.get()
            if made is not None:
                made.append(game_id)
        return found

    def passing(self) -> _Passing:
        """Around a click's or a clock's handling (`with sessions.passing(): ...`): the sessions
        it made that hold nothing when it is done (`GameSession.is_blank`) are not kept. One that
        something still holds stays reachable until let go of (`_passing`), so it is never
        doubled."""
        return _Passing(self)

    def _let_go(self, made: list[int]) -> None:
        for game_id in made:
            found = self._live.get(game_id)
            if found is not None and found.is_blank():
                del self._live[game_id]
                self._passing[game_id] = found

    def find(self, game_id: int) -> GameSession | None:
        """The live session of `game_id`, if it has one (none is made)."""
        return self._live.get(game_id)

    def live(self) -> list[GameSession]:
        return list(self._live.values())

    def forget(self, game_id: int) -> None:
        """Close and drop a game's session (a later request makes a new one from the store)."""
        found = self._live.pop(game_id, None) or self._passing.pop(game_id, None)
        if found is not None:
            found.close()

    async def position(self, game_id: int) -> Position:
        """The game as stored: kept in its session while in progress, read afresh otherwise."""
        if not 0 < game_id <= MAX_ID:
            raise Refusal(GAME_GONE)
        session = self.session(game_id)
        if session.position is not None:
            return session.position
        record = await self.store.get(game_id)
        if session.position is not None:  # loaded (and perhaps moved on) by another task meanwhile
            return session.position
        if record is None:
            self._live.pop(game_id, None)
            raise Refusal(GAME_GONE)
        position = Position(record)
        if record.status == "active":
            session.position = position
        return position

    async def in_channel(self, channel_id: int) -> Position | None:
        """The open lobby or game in `channel_id`, if any."""
        record = await self.store.open_game_in_channel(channel_id)
        if record is None:
            return None
        if record.status == "active":
            return await self.position(record.id)
        return Position(record)

    async def recent_events(self, session: GameSession, position: Position) -> list[tuple[int, Event]]:
        """The game's last events with their versions (read from the store once, then kept)."""
        if session.recent is not None:
            return session.recent
        version = session.position.version if session.position is not None else None
        rows = await self.store.actions_tail(session.game_id, RECENT_KEPT)
        namer = position.game.seat_name
        events = [(row.version, Event.stored(event, namer)) for row in rows for event in row.events]
        # Every event of the versions read, and of all before when the tail reaches the game's start;
        # the first version kept may be cut short by the limit on events.
        complete_after = -1 if len(rows) < RECENT_KEPT else rows[0].version - 1
        events = events[-RECENT_KEPT:]
        if events and len(events) == RECENT_KEPT:
            complete_after = max(complete_after, events[0][0])
        # Keep them only if no move landed while reading (its events could be missing).
        current = session.position.version if session.position is not None else None
        if version is not None and version == current and session.recent is None:
            session.know_recent(events, complete_after)
        return events

    async def log_lines(self, position: Position, viewer: int | None, limit: int, words: Words) -> list[str]:
        """The last `limit` log lines as `viewer` may read them, with the players' names, in
        `words`' language where the game's engine texts are in the catalogs. The language has no
        default: a public table says `position.words`, a private answer the reader's (a table
        posted again by `/board` once fell back to English)."""
        session = self.session(position.game_id)
        events = await self.recent_events(session, position)
        names = position.names
        shows = presenter(position.record.game)
        if words.language == ENGLISH or not shows.engine_words:
            return position.memo(
                ("log", viewer, limit),
                lambda: [e.line_for(viewer, names) for _, e in events[-limit:]] if limit else [],
            )
        writers, game = shows.line_writers, position.record.game
        return position.memo(
            ("log", viewer, limit, words.language),
            lambda: (
                [event_line(words, e, viewer, names, writers, game) for _, e in events[-limit:]]
                if limit
                else []
            ),
        )

    async def notices(self, session: GameSession) -> list[MessageRef]:
        """The game's turn notices still standing (from memory, else from the store)."""
        if session.notices is None:
            stored = await self.store.notices(session.game_id)
            if session.notices is None:
                session.notices = [MessageRef(channel, message) for channel, message in stored]
        return list(session.notices)

    async def set_notices(
        self, session: GameSession, current: list[MessageRef], *, version: int | None = None
    ) -> None:
        """Record `current` as the game's only standing notices (the others are being deleted);
        `version`: the game's version whose turn they tell, when they were posted for one."""
        before = await self.notices(session)
        if before or current:
            await self.store.replace_notices(
                session.game_id, [(m.channel_id, m.message_id) for m in current], version=version
            )
        session.notices = list(current)


class _Passing:
    """`Sessions.passing`: a plain context manager (every click passes through it)."""

    __slots__ = ("_made", "_sessions", "_token")

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions
        self._made: list[int] = []
        self._token: Token[list[int] | None] | None = None

    def __enter__(self) -> None:
        self._token = _MADE.set(self._made)

    def __exit__(self, *_: object) -> None:
        if self._token is not None:
            _MADE.reset(self._token)
        if self._made:
            self._sessions._let_go(self._made)
