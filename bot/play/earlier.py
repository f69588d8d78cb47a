"""What a click made on an earlier version of a game means now (issue 27 item 3).

A hand is drawn at one version and pressed a little later; meanwhile computers and other people
may have moved (a Garden Party window answered by a computer first, a competitor's moves while a
player reaches for an orange card). The version in the click's id is a hint, not a veto: the
click is played when the choice it named then is still on offer and means the same thing now,
and refused as outdated only when it would mean something else.

"The same thing" is decided from the engine's own answers, never from game rules here: the
seat has not moved since (a second press after its own move decides on a position it has not
seen: double clicks stay safe); the same stretch of play (`turn_key`); the same kind of decision
(to move and its `decision_kind`, or unasked); and the same action (its encoding and its label).

The position at the earlier version comes from the session's memory of its last few states, or
else (after a restart) is rebuilt from the game's seed and its stored moves (`engine.api.replay`:
about 0.1 s for a six-seat Garden Party of 1,700 moves, run in a worker thread).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Hashable
from dataclasses import dataclass, replace

from bot.game.position import Position
from bot.game.session import GameSession
from bot.storage import Store
from engine.api import decision_kind, dump_state, replay


@dataclass(frozen=True)
class Meaning:
    """What one of a seat's choices at one position stands for."""

    #: The stretch of play it belongs to (the engine's `turn_key`).
    turn: Hashable | None
    #: "turn" or "reply" for a seat to move (its `decision_kind`); "unasked" for a card it may play
    #: during another's turn (`interjections`).
    kind: str
    #: The engine's encoding of the action (as JSON text), and its own label.
    action: str
    label: str


def _kind(position: Position, seat: int) -> str:
    if seat not in position.to_move():
        return "unasked"
    assert position.state is not None
    return decision_kind(position.game, position.state, seat)


def meaning(position: Position, seat: int, index: int) -> Meaning | None:
    """What choice number `index` of `seat` at `position` stands for (None: no such choice)."""
    actions = position.legal_actions(seat)
    if not 0 <= index < len(actions):
        return None
    action = actions[index]
    encoded = json.dumps(position.game.encode_action(action), sort_keys=True)
    return Meaning(position.turn_key(), _kind(position, seat), encoded, action.label)


def index_now(position: Position, seat: int, wanted: Meaning) -> int | None:
    """The number of `seat`'s choice at `position` that means `wanted` (None: none does)."""
    for index in range(len(position.legal_actions(seat))):
        if meaning(position, seat, index) == wanted:
            return index
    return None


async def moved_since(store: Store, game_id: int, seat: int, version: int) -> bool:
    """Whether `seat` made a move (its own, or one made for it) after `version`."""
    return any(record.seat == seat for record in await store.actions(game_id, since_version=version))


async def earlier_position(
    store: Store, session: GameSession, now: Position, version: int
) -> Position | None:
    """The game as it stood at `version` (an earlier version of `now`; None: not one)."""
    if not 0 <= version < now.version or now.state is None:
        return None
    text = session.earlier_states.get(version)
    record = now.record
    if text is None:
        moves = [(r.seat, r.action) for r in await store.actions(record.id) if r.version <= version]
        if len(moves) != version:
            return None  # the log does not hold that version's moves (never expected)
        # Pure work, a tenth of a second for a long six-seat game: off the event loop.
        state, _ = await asyncio.to_thread(
            replay, now.game, now.options(), len(record.seats), record.seed, moves
        )
        text = dump_state(state)
    return Position(replace(record, version=version, state=text), now.game)
