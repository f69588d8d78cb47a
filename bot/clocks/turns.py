"""Turn clocks: reminders, a computer stepping in when time runs out, pauses, abandoned games.

A seat's turn gets a clock when its turn notice is published (`turn_ends`, asked by the
publisher): a `turn` deadline row holding when it started and how long it is. The deadline
scheduler (`bot.clocks.deadline_scheduler`) wakes `fire` when a row is due: at half the time and at the
last tenth the player is reminded (in the channel, replacing the notice; by direct message if
they asked with `/notify`); at the end the turn is played for them (`Moves.play_for_timeout`), and
only that turn: a seat whose next turn follows at once (the engine's `turn_key` changes while it
stays to move) gets that turn's clock and notice afresh.
Each step is claimed in the store before it is done, so nothing fires twice, across restarts too.
A reply window (an out-of-turn decision several seats may answer at once) gets the game's short
reply clock and no reminders; its timeout is the engine's pass, which is also how a seat with
nothing to play in it passes (it is not asked; without a clock, at once).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.basics.clock import Clock
from bot.game.position import Position
from bot.game.session import GameSession
from bot.records.server_settings import CLOCK_SECONDS, ServerSettingsCache
from bot.storage import DeadlineRecord, Store
from engine.api import decision_kind, reply_seconds

if TYPE_CHECKING:
    from bot.clocks.services import TableServices

log = logging.getLogger(__name__)

#: The longest a game may stay paused before its clock starts again by itself.
LONGEST_PAUSE = 7 * 86400.0
#: When, as a share of the turn, the two reminders come.
REMINDERS = (0.5, 0.9)
TIMEOUT_STEP = len(REMINDERS)


def turn_seconds(position: Position, seat: int) -> float | None:
    """How long `seat` has for its decision now (None: no clock)."""
    record = position.record
    if position.state is None or record.seats[seat].user_id is None:
        return None
    if sum(1 for s in record.seats if s.user_id is not None) < 2:
        return None  # solo: nobody waits
    if decision_kind(position.game, position.state, seat) == "reply":
        return reply_seconds(position.game, position.options())
    return CLOCK_SECONDS.get(record.clock or "off")


class Clocks:
    """Every game's clocks, fired by the deadline scheduler."""

    def __init__(self, table: TableServices, clock: Clock, settings: ServerSettingsCache) -> None:
        self.table = table
        self.store: Store = table.store
        self.clock = clock
        self.settings = settings

    def _poke(self) -> None:
        scheduler = self.table.scheduler
        if scheduler is not None:
            scheduler.poke()

    async def turn_ends(self, position: Position, seats: Sequence[int], *, fresh: bool) -> dict[int, float]:
        """When each of `seats` (about to be told it is their turn) must decide by; starts their
        clocks. `fresh`: a new turn for them (False after a restart or a resume: a clock already
        running goes on, never reset nor extended)."""
        record = position.record
        if record.paused_at is not None:
            return {}
        # A fresh turn starts every clock anew (an upsert): the running ones are read only to go on.
        running = (
            {} if fresh else {d.seat: d for d in await self.store.deadlines_of(record.id) if d.kind == "turn"}
        )
        now = self.clock.now()
        ends: dict[int, float] = {}
        for seat in seats:
            seconds = turn_seconds(position, seat)
            if seconds is None:
                continue
            known = running.get(seat)
            session = self.table.sessions.session(record.id)
            if known is not None and not fresh:
                ends[seat] = known.started + known.seconds
                session.clocked_seats[seat] = position.turn_key()
                continue
            assert position.state is not None  # turn_seconds said it has a clock
            reminders = seconds >= 60 and decision_kind(position.game, position.state, seat) == "turn"
            step = 0 if reminders else TIMEOUT_STEP
            due = now + seconds * (REMINDERS[0] if reminders else 1.0)
            await self.store.set_deadline(DeadlineRecord(record.id, "turn", seat, due, now, seconds, step))
            ends[seat] = now + seconds
            # Noted once the row is written: a timeout read with the key plays only its turn.
            session.clocked_seats[seat] = position.turn_key()
        if ends:
            self._poke()
        return ends

    async def on_published(self, position: Position, session: GameSession) -> None:
        """A version is shown: the clocks of seats no longer to move stop; a game gets its
        abandoned-game check once."""
        record = position.record
        if not session.clock_armed:
            settings = await self.settings.of(record.guild_id)
            since = record.last_human_move_at or self.clock.now()
            due = since + settings.abandon_days * 86400.0
            if not any(d.kind == "abandon" for d in await self.store.deadlines_of(record.id)):
                await self.store.set_deadline(DeadlineRecord(record.id, "abandon", -1, due, since, 0.0))
                self._poke()
            session.clock_armed = True
        to_move = set(position.to_move())
        gone = [seat for seat in session.clocked_seats if seat not in to_move]
        if gone:
            await self.store.remove_deadlines(record.id, "turn", gone)
            for seat in gone:
                del session.clocked_seats[seat]
        await self._pass_unclocked(position)

    async def _pass_unclocked(self, position: Position) -> None:
        """A person in a reply window their hand has nothing to play in is not asked (issue 27
        item 4): their window's clock passes for them when it closes. A window without a clock
        (a person alone with computers: no other person waits, none to hide it from) passes for
        them now, or it would wait for ever for a click they are never asked for."""
        record = position.record
        if record.paused_at is not None:
            return
        for seat in position.to_move():
            if record.seats[seat].user_id is None or not position.only_pass(seat):
                continue
            if turn_seconds(position, seat) is not None:
                continue
            strength = record.stand_in or (await self.settings.of(record.guild_id)).stand_in
            outcomes = await self.table.moves.play_for_timeout(
                record.id, seat, strength, turn=position.turn_key()
            )
            if outcomes:
                self.table.publisher.request(record.id)
            return  # the next version is published and looked at in its turn

    async def fire(self, deadline: DeadlineRecord) -> None:
        """A deadline is due: do its next step (once: each step is claimed in the store first).
        A clock outlives its game (its row goes when it falls due): a session made to find that
        out is not kept (`Sessions.passing`)."""
        with self.table.sessions.passing():
            await self._fire(deadline)

    async def _fire(self, deadline: DeadlineRecord) -> None:
        if deadline.kind == "turn":
            await self._turn(deadline)
        elif deadline.kind == "pause_end":
            if await self.store.remove_if(deadline):
                await self.table.pauses.resume(deadline.game_id, by=None)
        elif deadline.kind == "abandon":
            await self._abandon(deadline)
        else:
            await self.store.remove_if(deadline)

    async def _turn(self, deadline: DeadlineRecord) -> None:
        position = await self.table.sessions.position(deadline.game_id)
        seat = deadline.seat
        if (
            not position.is_active
            or seat not in position.to_move()
            or position.record.seats[seat].user_id is None
        ):
            await self.store.remove_if(deadline)
            return
        if deadline.step < TIMEOUT_STEP:
            nxt = deadline.step + 1
            share = REMINDERS[nxt] if nxt < TIMEOUT_STEP else 1.0
            if await self.store.advance(deadline, step=nxt, due=deadline.started + deadline.seconds * share):
                user = position.record.seats[seat].user_id
                assert user is not None
                wants_dm = bool((await self.store.user_settings(user)).get("notify"))
                await self.table.discord.remind(position, user, deadline.started + deadline.seconds, wants_dm)
            return
        strength = position.record.stand_in or (await self.settings.of(position.record.guild_id)).stand_in
        # The turn this clock was started for (unknown after a restart: the turn now), read before
        # checking the row is still this clock: a new turn of the same seat replaces both.
        clocked = self.table.sessions.session(deadline.game_id).clocked_seats
        turn = clocked[seat] if seat in clocked else position.turn_key()
        if not await self._still_running(deadline):
            return  # a new turn of the seat's started a new clock meanwhile
        outcomes = await self.table.moves.play_for_timeout(deadline.game_id, seat, strength, turn=turn)
        await self.store.remove_if(deadline)
        if outcomes:
            seats = outcomes[-1].position.record.seats
            if seats[seat].away_user_id is not None and seats[seat].user_id is None:
                await self.table.discord.announce_stand_in(outcomes[-1].position, seat)
            self.table.publisher.request(deadline.game_id)

    async def _still_running(self, deadline: DeadlineRecord) -> bool:
        """Whether `deadline` (read when due) is still the seat's clock, not replaced by a newer one."""
        return any(
            d.kind == deadline.kind and d.seat == deadline.seat and d.started == deadline.started
            for d in await self.store.deadlines_of(deadline.game_id)
        )

    async def _abandon(self, deadline: DeadlineRecord) -> None:
        record = await self.store.get(deadline.game_id)
        if record is None or record.status != "active":
            await self.store.remove_if(deadline)
            return
        settings = await self.settings.of(record.guild_id)
        due = (record.last_human_move_at or record.created_at) + settings.abandon_days * 86400.0
        if due > self.clock.now():  # someone moved since: check again then
            if await self.store.remove_if(deadline):
                await self.store.set_deadline(DeadlineRecord(record.id, "abandon", -1, due, due, 0.0))
            return
        if await self.store.remove_if(deadline):
            await self.table.lobbies.abandon(record.id, settings.abandon_days)
            self.table.publisher.request(record.id)
