"""Moves: load the position, check who may play what, let the engine apply it, store it once.

A move is: the game's lock → its position → checks (seat, version, turn, offered) → `Game.apply` →
one transaction (state + action + events, guarded by the version) → a `MoveOutcome`. Holding the
lock for the whole of it makes double and simultaneous clicks safe: the second finds a newer
version, made by its own seat's move, and is refused as outdated. A click on an earlier version
after others' moves is played when its choice still means the same thing (`bot.play.earlier`).
Publishing is not done here: the caller asks the publisher.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Hashable
from dataclasses import dataclass, replace

from bot.basics.metrics import NULL_METRICS, NullMetrics
from bot.basics.refusals import (
    GAME_OVER,
    NOT_A_PLAYER,
    NOT_OFFERED,
    NOT_STARTED,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    Outdated,
    Refusal,
)
from bot.basics.words import N_
from bot.game.position import STOOD_IN, Position
from bot.game.registry import computer_strengths
from bot.game.session import GameSession
from bot.game.sessions import Sessions
from bot.play.earlier import earlier_position, index_now, meaning, moved_since
from bot.play.game_log import game_ended
from bot.presenters.engine_words import EngineRefusal
from bot.records.results import result_record, tally_of
from bot.storage import ActionRecord, SeatRecord, StaleVersion
from engine.ai import choose_move, move_seed
from engine.api import (
    Event,
    IllegalAction,
    decision_kind,
    dump_state,
    events_json,
    load_state,
    timeout_action,
)
from engine.rng import Rng

log = logging.getLogger(__name__)

#: A computer player's move never takes longer than this (seconds); past it, a random legal move.
COMPUTER_DEADLINE = 2.0
#: Turns in a row whose time ran out before a computer takes the seat for good.
TIMEOUTS_BEFORE_HANDOVER = 3
#: A timed-out turn is finished for the seat within this many actions (a guard, never reached).
MAX_ACTIONS_PER_TURN = 50


def timed_out_event(seat: int, name: str) -> Event:
    """The log line of a turn played for its seat because its time ran out. It names the person
    whose time it was (`name`, a value), not whoever holds the seat when it is read: after the
    third such turn that is "<name> (computer standing in)" (issue 27 item 7). The seat stays
    in `seats` for the count of timeouts (bot/records/results.py)."""
    template = N_("Time ran out for {name}; the computer played for them.")
    return Event(
        kind="timeout",
        text=template.format(name=name),
        seats={"player": seat},
        fields={"name": name},
        template=template,
    )


def counted_timeout(seats: list[SeatRecord], seat: int, strength: str) -> list[SeatRecord]:
    """The seats after one more timed-out turn of `seat`: at the limit, a computer of `strength`
    stands in for the player, who can take the seat back ("I'm back")."""
    changed = [s.model_copy() for s in seats]
    player = changed[seat]
    player.timeouts += 1
    if player.timeouts >= TIMEOUTS_BEFORE_HANDOVER and player.user_id is not None:
        changed[seat] = SeatRecord(
            name=STOOD_IN.format(player=player.name),
            computer=strength,
            away_user_id=player.user_id,
            away_name=player.name,
            handed_over=True,
        )
    return changed


@dataclass
class MoveOutcome:
    """What one accepted move did: the game after it and its events."""

    position: Position
    seat: int
    label: str
    events: list[Event]
    #: The game's version right after this move.
    version: int

    @property
    def finished(self) -> bool:
        return self.position.record.status == "finished"


class Moves:
    """Applies moves to the games held by `sessions`."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.store = sessions.store
        #: Counts each stored move (bot/basics/metrics.py; does nothing unless METRICS_PORT is set).
        self.metrics: NullMetrics = NULL_METRICS

    def check_seat(self, position: Position, user_id: int, seat: int) -> None:
        """Refuse unless `user_id` holds `seat` of a game in progress."""
        record = position.record
        if record.status == "lobby":
            raise Refusal(NOT_STARTED)
        if not record.is_open:
            raise Refusal(GAME_OVER)
        if record.seat_of(user_id) is None:
            raise Refusal(NOT_A_PLAYER)
        if not 0 <= seat < len(record.seats) or record.seats[seat].user_id != user_id:
            raise Refusal(NOT_YOUR_SEAT)

    async def play(self, game_id: int, user_id: int, *, seat: int, version: int, index: int) -> MoveOutcome:
        """Play action number `index` of `seat`'s legal actions at `version`, for `user_id`."""
        session = self.sessions.session(game_id)
        async with session.lock:
            position = await self.sessions.position(game_id)
            if version > position.version:
                # A click on a version this process never made: another process sharing the
                # database (a rolling restart, a misconfigured shard) moved the game on. Read it again.
                session.drop_position()
                position = await self.sessions.position(game_id)
            self.check_seat(position, user_id, seat)
            if version != position.version:
                index = await self.carried_forward(session, position, seat, version, index)
            if seat not in position.to_move() and not position.may_act_unasked(seat):
                raise Refusal(NOT_YOUR_TURN)
            if not 0 <= index < len(position.legal_actions(seat)):
                raise Refusal(NOT_OFFERED)
            return await self._apply(session, position, seat, index)

    async def carried_forward(
        self, session: GameSession, position: Position, seat: int, version: int, index: int
    ) -> int:
        """The number now of `seat`'s choice `index` at the earlier `version`, when it is still on
        offer and means the same thing (`bot.play.earlier`); else the click is outdated. A version this
        process never made was read again by the caller: one still ahead of the store is not real."""
        if version > position.version or await moved_since(self.store, position.game_id, seat, version):
            raise Outdated()
        earlier = await earlier_position(self.store, session, position, version)
        if earlier is None:
            raise Outdated()
        then = meaning(earlier, seat, index)
        if then is None:
            raise Refusal(NOT_OFFERED)
        now = index_now(position, seat, then)
        if now is None:
            raise Outdated()
        return now

    async def play_computer(
        self, game_id: int, *, version: int, not_before: float | None = None
    ) -> MoveOutcome | None:
        """Let the computer seat to move at `version` play (None if the game moved on meanwhile).

        The player thinks in a worker thread, on its own copy of the state, seeded by the game's
        seed and version, so a restart replays the same choice. It gets `COMPUTER_DEADLINE`
        seconds; past that a seeded random legal move is played instead. The move is applied no
        earlier than `not_before` (event-loop time), so how long a computer seems to think does
        not reveal its cards."""
        session = self.sessions.session(game_id)
        # The computer thinks and pauses without the game's lock (it works on its own copy of
        # the position), so a person's click meanwhile is answered at once; the lock is taken
        # only to check that the game is still where it thought, and to play.
        position = await self.sessions.position(game_id)
        if not position.is_active or position.version != version:
            return None
        seat = position.computer_to_move()
        if seat is None:
            return None
        choice = await self._computer_choice(position, seat, position.record.seats[seat].computer or "random")
        if not_before is not None:
            await asyncio.sleep(max(0.0, not_before - asyncio.get_running_loop().time()))
        async with session.lock:
            now = await self.sessions.position(game_id)
            if not now.is_active or now.version != version or now.computer_to_move() != seat:
                return None  # someone moved meanwhile: the next version gets its own turn
            return await self._apply(session, now, seat, choice)

    async def _computer_choice(self, position: Position, seat: int, strength: str) -> int:
        """The index of the action a computer player of `strength` takes for `seat` now."""
        record = position.record
        if strength not in computer_strengths(record.game):
            strength = "random"  # a test game's only player (a server's stand-in names another)
        seed = move_seed(record.seed, record.version, seat)
        assert position.state is not None
        state = load_state(position.game, dump_state(position.state))
        actions = list(position.legal_actions(seat))
        try:
            # `asyncio.timeout`, not `wait_for`, whose Python 3.11 form can swallow a cancellation
            # (a shutdown) that lands as the thread finishes.
            async with asyncio.timeout(COMPUTER_DEADLINE):
                action = await asyncio.to_thread(choose_move, position.game, state, seat, strength, seed)  # type: ignore[arg-type]
        except TimeoutError:
            log.warning("Computer move in game %s took too long; playing a random move.", record.id)
            action = actions[Rng.from_seed(seed).below(len(actions))]
        return [a.label for a in actions].index(action.label)

    async def play_for_timeout(
        self, game_id: int, seat: int, strength: str, *, turn: Hashable | None
    ) -> list[MoveOutcome]:
        """Time ran out for `seat` in the turn `turn` (the engine's `turn_key` when its clock
        started): its pending decision is made for it — the engine's default (a reply window's
        pass) or a computer player's choice — for the rest of that turn, with a log line saying
        so; a next turn of the same seat (a new key) is left to the seat, with a clock of its own.
        The seat's run of timed-out turns grows by one; at `TIMEOUTS_BEFORE_HANDOVER` a computer
        takes the seat until the player says they are back. Nothing if the seat is not to move in
        that turn any more (the player moved in time)."""
        session = self.sessions.session(game_id)
        outcomes: list[MoveOutcome] = []
        async with session.lock:
            for _ in range(MAX_ACTIONS_PER_TURN):
                position = await self.sessions.position(game_id)
                if not position.is_active or seat not in position.to_move() or position.record.paused_at:
                    break
                if position.turn_key() != turn:
                    break  # that turn is over: the seat's next one is its own
                record = position.record
                if record.seats[seat].user_id is None:
                    break  # a computer plays this seat now: its own turns follow
                assert position.state is not None
                default = timeout_action(position.game, position.state, seat)
                if default is not None:
                    index = [a.label for a in position.legal_actions(seat)].index(default.label)
                else:
                    index = await self._computer_choice(position, seat, strength)
                seats, note = None, []
                # Only whole turns are said and count towards the stand-in. A reply window let
                # pass is neither: its answers are secret, and a lapse naming the seat would say
                # what it answered (issue 27 item 4).
                if not outcomes and decision_kind(position.game, position.state, seat) == "turn":
                    note = [timed_out_event(seat, record.seats[seat].name)]
                    seats = counted_timeout(record.seats, seat, strength)
                played = await self._apply(
                    session, position, seat, index, extra=note, seats=seats, by_person=False, timeout=True
                )
                outcomes.append(played)
                if seats is not None and seats[seat].user_id is None:
                    break  # handed over: the computer plays the rest as its own
        return outcomes

    async def _apply(
        self,
        session: GameSession,
        position: Position,
        seat: int,
        index: int,
        *,
        extra: list[Event] | None = None,
        seats: list[SeatRecord] | None = None,
        by_person: bool | None = None,
        timeout: bool = False,
    ) -> MoveOutcome:
        """Apply legal action `index` of `seat` and store it (the caller holds the game's lock).

        `extra`: the platform's own events logged before the engine's (a timeout's note);
        `seats`: the seats changed with this move; `by_person`: whether the seat's player made it
        (default: a person's seat did); `timeout`: played because the seat's time ran out. A
        person's move resets their run of timeouts."""
        record = position.record
        assert position.state is not None
        action = position.legal_actions(seat)[index]
        label = position.labels_and_steps(seat)[0][index]
        version = record.version
        if by_person is None:
            by_person = record.seats[seat].user_id is not None
        if by_person and record.seats[seat].timeouts:
            seats = [s.model_copy() for s in record.seats]
            seats[seat].timeouts = 0
        try:
            events = [*(extra or []), *position.game.apply(position.state, seat, action)]
            finished = position.game.is_terminal(position.state)
            state_text = dump_state(position.state)
            # Written once, straight to the JSON text stored (pydantic's own writer).
            events_text = events_json(events)
            encoded = position.game.encode_action(action)
            tally = session.tally_after(version, seat, events, len(record.seats))
            result = None
            if finished:
                if tally is None:  # not kept in this process: the whole log, once
                    this_move = ActionRecord(record.id, version + 1, seat, encoded, json.loads(events_text))
                    tally = tally_of(len(record.seats), [*await self.store.actions(record.id), this_move])
                result = result_record(
                    replace(record, seats=list(seats if seats is not None else record.seats)),
                    position.game,
                    position.state,
                    tally,
                    outcome="completed",
                    finished_at=self.store.now(),
                    end_reason="completed",
                )
            new_version = await self.store.record_move(
                record.id,
                expected_version=version,
                seat=seat,
                action=encoded,
                events=events_text,
                state=state_text,
                finished=finished,
                by_person=by_person,
                seats=seats,
                result=result,
            )
        except BaseException as error:
            # The in-memory state may be ahead of the database now: reload it next time.
            session.drop_position()
            if isinstance(error, IllegalAction):
                raise EngineRefusal(error.message, record.game) from None
            if isinstance(error, StaleVersion):
                raise Outdated() from None
            raise
        if finished:
            # No click on an earlier version of a finished game is played (`check_seat`), and its
            # session may wait seconds for the final picture (bot/picture_service/service.py).
            session.earlier_states.clear()
        elif record.state is not None:
            session.keep_earlier(version, record.state)  # what a click on a hand drawn then meant
        record.version = new_version
        record.state = state_text
        if seats is not None:
            record.seats = seats
        session.note_events(new_version, events)
        session.tally = tally
        session.last_move = (new_version, seat if by_person else None)
        if finished:
            record.status = "finished"
            record.end_reason = "completed"
            game_ended(record.id, record.game, "finished")
        self.metrics.move(record.game, "timeout" if timeout else "person" if by_person else "computer")
        return MoveOutcome(position=position, seat=seat, label=label, events=events, version=new_version)
