"""Replays of finished games, rebuilt through the engine: a game is its options, seed and moves.

A replay never reads a stored position: it creates the game from its options, seat count and
seed, and applies the stored moves one by one (`engine.api.replay`), so it shows exactly what
happened. What it shows is what was public at each move (the spectator view and the public log),
plus, to a player of the game, that player's own view and private lines; other players' hidden
cards stay hidden. The export holds everything needed to replay a game with the engine alone
(docs/replays.md).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from bot.basics.words import Words
from bot.game.position import Position, seat_name
from bot.game.registry import presenter
from bot.presenters.engine_words import event_line
from bot.storage.records import ActionRecord, GameRecord
from engine.api import AnyGame, Event, dump_state, load_state, standing_result
from engine.registry import get_game

#: What `export` writes, so a reader knows the file's shape.
EXPORT_FORMAT = "garden-club-game/1"
#: Replays rebuilt lately, by game (a viewer steps through one game click after click).
KEPT_REPLAYS = 8
#: Statuses whose games can be replayed: over, one way or another.
REPLAYABLE = frozenset({"finished", "cancelled"})


@dataclass(frozen=True)
class Replay:
    """A finished game rebuilt: its state after every move (as JSON, index = move number) and
    each move's events (index = move number, 1-based: move 0 is the start)."""

    record: GameRecord
    game: AnyGame
    states: tuple[str, ...]
    events: tuple[tuple[Event, ...], ...]

    @property
    def moves(self) -> int:
        return len(self.states) - 1

    def position(self, move: int) -> Position:
        """The game as it stood after `move` moves, as a `Position` (the last one as it ended)."""
        move = min(max(move, 0), self.moves)
        status = self.record.status if move == self.moves else "active"
        record = replace(self.record, version=move, status=status, state=None, paused_at=None)
        return Position(record, self.game, load_state(self.game, self.states[move]))

    def lines(self, move: int, viewer: int | None, words: Words) -> list[str]:
        """The log lines of move `move` as `viewer` (a seat, or None: anyone) may read them, in
        `words`' language where the game's engine texts are in the catalogs (no default: the
        jump menu's lines once fell back to English)."""
        if not 0 < move <= self.moves:
            return []
        names = [seat_name(seat, words) for seat in self.record.seats]  # a computer's in `words`'
        writers, game = presenter(self.record.game).line_writers, self.record.game
        return [event_line(words, event, viewer, names, writers, game) for event in self.events[move]]


def rebuild(record: GameRecord, actions: list[ActionRecord]) -> Replay:
    """The replay of `record` from its options, seed and `actions` (ValueError if they no longer
    replay: an action the engine refuses, e.g. a log from before a rules change)."""
    game = get_game(record.game)
    options = game.options_model.model_validate(record.options)
    state = game.create(options, len(record.seats), record.seed)
    states: list[str] = [dump_state(state)]
    events: list[tuple[Event, ...]] = [()]
    for action in sorted(actions, key=lambda a: a.version):
        try:
            made = game.apply(state, action.seat, game.decode_action(action.action))
        except Exception as problem:  # the engine refused a stored move: this log no longer replays
            raise ValueError(f"move {action.version} no longer replays: {problem}") from problem
        states.append(dump_state(state))
        events.append(tuple(made))
    return Replay(record, game, tuple(states), tuple(events))


class ReplayCache:
    """The last few replays rebuilt, so stepping through one game does not rebuild it each click."""

    def __init__(self, size: int = KEPT_REPLAYS) -> None:
        self._kept: OrderedDict[int, Replay] = OrderedDict()
        self._size = size

    def get(self, game_id: int) -> Replay | None:
        found = self._kept.get(game_id)
        if found is not None:
            self._kept.move_to_end(game_id)
        return found

    def keep(self, replay: Replay) -> Replay:
        self._kept[replay.record.id] = replay
        self._kept.move_to_end(replay.record.id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return replay


def export(record: GameRecord, actions: list[ActionRecord], replay: Replay) -> dict[str, Any]:
    """The game as a JSON object: options, seats, seed, moves and result (docs/replays.md)."""
    last = replay.position(replay.moves)
    result = standing_result(last.game, last.state) if last.state is not None else None
    return {
        "format": EXPORT_FORMAT,
        "id": record.id,
        "game": record.game,
        "title": replay.game.title,
        "options": record.options,
        "seats": [
            {"name": seat.name, "computer": seat.computer, "person": seat.user_id is not None}
            for seat in record.seats
        ],
        "seed": record.seed,
        "status": record.status,
        "end_reason": record.end_reason,
        "moves": [
            {"version": a.version, "seat": a.seat, "action": a.action}
            for a in sorted(actions, key=lambda a: a.version)
        ],
        "result": result.model_dump(mode="json") if result is not None else None,
    }
