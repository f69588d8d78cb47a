"""A stored game at one version, with what the bot asks of it computed once per version.

Legal actions, views, action labels and the text drawn from them are pure functions of the
position, and a board, a hand and every picker page ask for the same ones: `Position` keeps them
until the game moves on (`advance`), so each is computed once per move however often it is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.basics.words import ENGLISH, N_, Words, words_for
from bot.storage import GameRecord, SeatRecord
from bot.ui.choices import Groups, group_by_first_step
from bot.ui.levels import level
from engine.api import (
    ActionLike,
    AnyGame,
    Result,
    decision_kind,
    first_step_groups,
    has_public_view,
    interjections,
    labels_and_steps,
    load_state,
    only_pass,
    said_together,
    standing_result,
    turn_key,
)
from engine.registry import get_game

T = TypeVar("T")

#: How a computer seat is named ("Computer 2 (Medium)"), and one standing in for a player who
#: left or whose time ran out ("Computer 2 (Medium), for Alice"). Stored in English.
COMPUTER_NAME = N_("Computer {number} ({level})")
STANDING_IN = N_("{computer}, for {player}")
#: The seat of a player whose time ran out three turns in a row, a computer playing it until they
#: are back (bot/play/moves.py). Stored in English.
STOOD_IN = N_("{player} (computer standing in)")
_STORED_COMPUTER = re.compile(r"^Computer (\d+) \([^()]*\)(?:, for (.+))?$")


def seat_name(seat: SeatRecord, words: Words) -> str:
    """A seat's name in `words`' language: a computer's stored English name said again in it."""
    away = seat.away_name
    if seat.computer is not None and away is not None and seat.name == STOOD_IN.format(player=away):
        return words.text(STOOD_IN, player=away)
    found = _STORED_COMPUTER.match(seat.name) if seat.computer is not None else None
    if found is None or seat.computer is None:
        return seat.name
    computer = words.text(COMPUTER_NAME, number=found.group(1), level=level(seat.computer, words))
    player = found.group(2)
    return computer if player is None else words.text(STANDING_IN, computer=computer, player=player)


class Position:
    """One game as stored (record + decoded state) and the per-version answers drawn from it."""

    def __init__(self, record: GameRecord, game: AnyGame | None = None, state: BaseModel | None = None):
        self.record = record
        self.game: AnyGame = game if game is not None else get_game(record.game)
        if state is None and record.state is not None:
            state = load_state(self.game, record.state)
        self.state = state
        self._memo: dict[Any, Any] = {}
        self._words: Words | None = None
        self._memo_version = record.version
        #: `to_move` at the version it was asked.
        self._to_move: tuple[int, list[int]] | None = None

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def words(self) -> Words:
        """The words of the game's public messages (the table, notices, the final scores): the
        language fixed when it opened (issue 32), English for a game stored before."""
        if self._words is None:
            self._words = words_for(self.record.language)
        return self._words

    @property
    def names(self) -> list[str]:
        """Each seat's display name, in seat order: a person's own, a computer's in the game's
        language ("Computer 2 (Medium)" is stored in English: `seat_name`)."""
        if self.record.language in (None, ENGLISH):
            return [seat.name for seat in self.record.seats]
        return self.memo(("names",), lambda: [seat_name(seat, self.words) for seat in self.record.seats])

    @property
    def is_active(self) -> bool:
        return self.record.status == "active" and self.state is not None

    def memo(self, key: Any, compute: Callable[[], T]) -> T:
        """`compute()` once per version for `key`. (Seats never change under a position: a
        change of seats reloads the game into a new `Position`.)"""
        if self._memo_version != self.record.version:
            self._memo.clear()
            self._memo_version = self.record.version
        try:
            value: T = self._memo[key]
        except KeyError:
            value = self._memo[key] = compute()
        return value

    def options(self) -> BaseModel:
        options: BaseModel = self.game.options_model.model_validate(self.record.options)
        return options

    def to_move(self) -> list[int]:
        # Kept apart from `memo` (the same once a version): a click and its table ask it about
        # ten times, and the generic memo's call, closure and key cost more than the answer.
        record, state = self.record, self.state
        if record.status != "active" or state is None:
            return []
        known = self._to_move
        if known is not None and known[0] == record.version:
            return known[1]
        found = list(self.game.to_move(state))
        self._to_move = (record.version, found)
        return found

    def turn_key(self) -> Hashable | None:
        """Which turn the seats to move are in (`engine.api.turn_key`; None once the game is over
        or when the game marks no turns: then a turn lasts while its seat stays to move)."""
        if not self.is_active:
            return None
        state = self.state
        assert state is not None
        return self.memo("turn_key", lambda: turn_key(self.game, state))

    def legal_actions(self, seat: int) -> Sequence[ActionLike]:
        """What `seat` may do now, the choices its hand shows: its decision's legal actions when it
        is to move, else what the game lets it play unasked (`engine.api.interjections`, Garden
        Party's orange cards during another's moves). Clocks and computer players look only at
        `to_move`, so nothing waits on a seat that may play unasked."""
        state = self.state
        if not self.is_active or state is None:
            return []

        def compute() -> Sequence[ActionLike]:
            if seat in self.to_move():
                found = self.game.legal_actions(state, seat)
                # Kept as the engine made it when it says its labels at once (`labels_and_steps`).
                return found if said_together(found) is not None else list(found)
            return list(interjections(self.game, state, seat))

        return self.memo(("legal", seat), compute)

    def may_act_unasked(self, seat: int) -> bool:
        """Whether `seat`, not to move, has something it may play unasked now."""
        return seat not in self.to_move() and bool(self.legal_actions(seat))

    def in_window(self, seat: int) -> bool:
        """Whether `seat` is to answer a reply window now (an out-of-turn decision, not a turn)."""
        state = self.state
        if seat not in self.to_move() or state is None:
            return False
        return self.memo(("reply", seat), lambda: decision_kind(self.game, state, seat) == "reply")

    def only_pass(self, seat: int) -> bool:
        """Whether `seat` is in a reply window its hand has nothing to play in
        (`engine.api.only_pass`): it is not asked; its window's clock passes for it."""
        state = self.state
        if not self.in_window(seat) or state is None:
            return False
        return self.memo(("only_pass", seat), lambda: only_pass(self.game, state, seat))

    def view(self, viewer: int | None) -> BaseModel | None:
        """`viewer`'s view (None: a spectator's)."""
        if self.state is None:
            return None
        return self.memo(("view", viewer), lambda: self._compute_view(viewer))

    def _compute_view(self, viewer: int | None) -> BaseModel:
        assert self.state is not None
        if viewer is not None and has_public_view(self.game):
            # A seat sees what a spectator sees (the engine says so): one view serves both.
            spectator = self.view(None)
            assert spectator is not None
            return spectator.model_copy(update={"viewer": viewer})
        return self.game.view(self.state, viewer)

    def labels_and_steps(self, seat: int) -> tuple[Sequence[str], Sequence[tuple[str, ...]]]:
        """The labels and picker steps of `seat`'s legal actions, with the players' names."""

        return self.memo(("labels", seat), lambda: labels_and_steps(self.legal_actions(seat), self.names))

    def step_groups(self, seat: int) -> Groups:
        """`seat`'s legal actions grouped by their first picker step (bot/ui/choices.py): as the
        engine says them when it can (a turn's plantings: a card's slots, a range), else found by
        reading every step."""

        def compute() -> Groups:
            steps = self.labels_and_steps(seat)[1]
            said = first_step_groups(steps)
            return said if said is not None else group_by_first_step(steps)

        return self.memo(("groups", seat), compute)

    def is_terminal(self) -> bool:
        return self.state is not None and self.game.is_terminal(self.state)

    def computer_to_move(self) -> int | None:
        """The computer seat that has a decision now, if any (the first, when several do)."""
        for seat in self.to_move():
            if self.record.seats[seat].computer is not None:
                return seat
        return None

    def result(self) -> Result | None:
        """The final result; for a game stopped early and scored (abandoned), the scores as they
        stood; None while it goes on or when it was ended without scores."""
        state = self.state
        if state is None:
            return None
        if self.is_terminal():
            return self.memo("result", lambda: self.game.result(state))
        if self.record.status == "finished":
            return self.memo("result", lambda: standing_result(self.game, state))
        return None
