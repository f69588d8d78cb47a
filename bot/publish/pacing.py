"""The pace of a game's background publishing (issue 31).

Moves that come quicker than `PUBLISH_EVERY` (a burst of computer moves, a reply window closed at
once, a game played flat out) are shown together at the latest version, as Discord shows a
message edited twice in a moment: a table edit or turn notice replaced within a fifth of a second
is nothing a player sees change ("nothing is sent that the player cannot see change"). A move
after a pause is shown at once, and a click waiting for a pass to answer it never waits for the
pace (`GameSession.hurry`). Discord takes a channel's edits and posts about five in five seconds,
so at a person's pace the pace never binds.
"""

from __future__ import annotations

import asyncio
import contextlib

from bot.game.session import GameSession

#: The shortest time between the starts of two background passes of one game (seconds).
PUBLISH_EVERY = 0.2


def pass_begins(session: GameSession) -> None:
    """Note that a publishing pass of the game begins now (the event loop's clock)."""
    session.last_pass_at = asyncio.get_running_loop().time()


async def wait_for_turn(session: GameSession, every: float) -> None:
    """Wait until `every` seconds have passed since the game's last pass began, unless a table
    click waits for this pass to answer it (`GameSession.hurry` ends the wait at once)."""
    last = session.last_pass_at
    if last is None or session.table_click is not None:
        return
    rest = last + every - asyncio.get_running_loop().time()
    if rest <= 0:
        return
    session.hurry.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(session.hurry.wait(), rest)
