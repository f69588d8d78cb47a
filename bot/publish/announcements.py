"""What a publishing pass reads of a game's announcements: the one standing in the channel, and
the lines the moves since the last shown version announce. Split from publisher.py."""

from __future__ import annotations

from bot.game.position import Position
from bot.game.registry import presenter
from bot.game.session import GameSession, MessageRef
from bot.presenters.engine_words import event_line
from bot.storage import Store
from engine.api import Event

#: Kinds of the platform's own events (not the engine's) that get a message of their own.
PLATFORM_ANNOUNCED = frozenset({"timeout"})


async def standing_announcement(store: Store, session: GameSession) -> MessageRef | None:
    """The game's announcement standing in the channel (from memory, else from the store). Read
    from the store, what it told comes too: a process killed after posting it, before its moves
    were marked shown, does not tell them again (`announcement_lines`)."""
    if not session.announcement_loaded:
        stored = await store.announced(session.game_id)
        session.announcement_loaded = True
        if stored is not None and session.announcement is None:
            channel_id, message_id, version = stored
            session.announcement = MessageRef(channel_id, message_id)
            if session.shown.announced_version is None:
                session.shown.announced_version = version
    return session.announcement


async def announcement_lines(store: Store, position: Position, session: GameSession) -> list[str]:
    """What the moves since the last published version announce (chosen by the presenter)."""
    # Events already announced (a plan cut short after its announcement) are not told again.
    since = max(session.shown.version, session.shown.announced_version or -1)
    if session.shown.version < 0:  # a new process: what was published before was told then
        since = max(since, position.record.published_version)
    if since >= position.version:
        return []
    events = session.events_since(since)
    if events is None:
        rows = await store.actions(position.game_id, since_version=max(since, 0))
        namer = position.game.seat_name
        events = [Event.stored(event, namer) for row in rows for event in row.events]
    # The platform's own news first: a turn the computer played because time ran out.
    words, names = position.words, position.names
    ours = [f"⏰ {event_line(words, e, None, names)}" for e in events if e.kind in PLATFORM_ANNOUNCED]
    return ours + presenter(position.record.game).announcements_for(events, names, words)
