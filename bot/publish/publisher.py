"""The publisher: shows each game's latest version in Discord, in the background, until it is shown.

`request(game_id)` returns at once: the game's publishing task (one per game) gathers the facts,
asks `plan` what to change, and has `DiscordSide` carry it out. Moves made meanwhile are shown
together at the latest version. When Discord fails, the task waits (0.5 s, doubling to a minute)
and tries again, however long it takes; a player's answer never waits for any of it. Once a
version is fully shown it is marked published in the store and every subscriber is told (the
computer players, later the clocks). Subscribers never call back in: they make moves, which
request publishing like any other move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from bot.basics.metrics import NULL_METRICS, NullMetrics
from bot.game.position import Position
from bot.game.session import GameSession
from bot.game.sessions import Sessions
from bot.picture_service import BoardPicture, PictureService
from bot.publish.announcements import announcement_lines, standing_announcement
from bot.publish.discord_side import DiscordSide, PublishLater
from bot.publish.pacing import PUBLISH_EVERY, pass_begins, wait_for_turn
from bot.publish.plan import Facts, plan
from bot.publish.refused import Refusals
from bot.publish.table_texts import TABLE_LOG_LINES
from bot.records import daily
from bot.storage import GameRecord

log = logging.getLogger(__name__)

#: How many of its latest turn keys a seat's "told" list keeps (`Shown.told_keys`): a turn and
#: the reply windows in it.
TOLD_KEYS_KEPT = 4

#: Waits between tries while Discord fails: doubling from the first, never longer than the last.
FIRST_RETRY = 0.5
LONGEST_RETRY = 60.0

#: Told each time a game in progress is fully shown at a version.
Subscriber = Callable[[Position, GameSession], Awaitable[None]]
#: Starts the clocks of seats about to be told it is their turn; when each must decide by.
TurnEnds = Callable[[Position, Sequence[int]], Awaitable[dict[int, float]]]


class Publisher:
    """One background publishing task per game that has something to show."""

    def __init__(
        self,
        sessions: Sessions,
        discord_side: DiscordSide,
        pictures: PictureService,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.sessions = sessions
        self.store = sessions.store
        self.discord = discord_side
        self.pictures = pictures
        self._clock = clock
        self.subscribers: list[Subscriber] = []
        #: Told once a game that ended is fully shown, before its session closes (the open hands
        #: are redrawn to the final state: issue 27 item 8).
        self.enders: list[Subscriber] = []
        #: The clocks' hook (None: no clocks): `turn_ends(position, seats, fresh=...)`.
        self.turn_ends: Callable[..., Awaitable[dict[int, float]]] | None = None
        #: Discord's refusals that are not ours (a missing permission, a deleted channel...).
        self.refusals = Refusals(sessions, pictures, discord_side.reopen_thread)
        self.first_retry = FIRST_RETRY
        self.publish_every = PUBLISH_EVERY
        #: Counts failures (bot/basics/metrics.py; does nothing unless METRICS_PORT is set).
        self.metrics: NullMetrics = NULL_METRICS

    def request(self, game_id: int, *, picture: bool = False) -> None:
        """Show the game's latest version (`picture`: with a fresh picture, whatever the budget)."""
        session = self.sessions.session(game_id)
        session.dirty = True
        session.picture_due = session.picture_due or picture
        if session.table_click is not None:
            session.hurry.set()  # the pass that answers it goes now, not at its turn
        self._start(session)

    def reshow(self, game_id: int, *, tell_again: bool = False) -> None:
        """Something the version does not tell changed (a seat's player, a pause): redraw the board
        and, with `tell_again`, tell whoever is to move again (their notice and its clock)."""
        session = self.sessions.session(game_id)
        session.redraw_board = True
        session.tell_again = session.tell_again or tell_again
        self.request(game_id)

    def _start(self, session: GameSession, *, after: float = 0.0) -> None:
        """The game's publishing task, unless one runs (it sees `dirty`); `after`: seconds it
        waits first (a retry)."""
        task = session.publish_task
        if task is None or task.done():
            session.publish_task = asyncio.get_running_loop().create_task(
                self._run(session, after), name=f"garden-club-publish-{session.game_id}"
            )

    async def show_now(self, game_id: int) -> None:
        """`request`, with the first pass made by the calling task when no publishing task runs:
        a move clicked on the table, whose answer is that pass's redrawn table (one call per
        click). A task of its own first waits its turn behind everything already waiting on the
        event loop: at 20 games played flat out that is the other games' clicks, one more wait
        than a picker step's answer has. What comes after the pass (a move that landed
        meanwhile, Discord failing) goes on in the background, as `request` does it."""
        session = self.sessions.session(game_id)
        running = session.publish_task
        current = asyncio.current_task()
        if session.closed or current is None or (running is not None and not running.done()):
            self.request(game_id)
            return
        session.publish_task = current  # a `request` meanwhile leaves the rest to this pass
        session.dirty = False
        try:
            shown = await self._pass(session)
        finally:
            if session.publish_task is current:
                session.publish_task = None
        if not shown:  # Discord failed: try again in the background, after the first wait
            session.dirty = True
            self._start(session, after=self.first_retry)
        elif session.dirty and not session.closed:
            self._start(session)
        else:
            await session.release_click()  # a click the board step did not answer

    async def redraw_picture(self, game_id: int) -> None:
        """The picture budget has room again: show this waiting board's latest picture."""
        session = self.sessions.session(game_id)
        if session.closed:
            return
        self.request(game_id, picture=True)
        task = session.publish_task
        if task is not None:
            await asyncio.shield(task)

    def show_unpictured(self, game_id: int) -> bool:
        """A finished game's final picture waited too long: show its end without it. False: the
        game is no longer live (a forgotten game was shown to its end)."""
        session = self.sessions.find(game_id)
        if session is None or session.closed:
            return False
        self.request(game_id)
        return True

    async def _run(self, session: GameSession, after: float = 0.0) -> None:
        wait = self.first_retry
        if after:
            await asyncio.sleep(after)
            wait = min(after * 2, LONGEST_RETRY)
        while True:
            while session.dirty and not session.closed:
                await wait_for_turn(session, self.publish_every)
                if session.closed:
                    break
                session.dirty = False
                if await self._pass(session):
                    wait = self.first_retry
                    continue
                session.dirty = True
                await asyncio.sleep(wait)
                wait = min(wait * 2, LONGEST_RETRY)
            # A click the board step did not answer (nothing changed on it, or it was posted anew).
            await session.release_click()
            # A request made during that answer found this task running and left it to this task.
            if not session.dirty or session.closed:
                return

    async def _pass(self, session: GameSession) -> bool:
        """One publishing pass; False: Discord failed, try again later (the waiting click is
        answered now, its table comes later). Any other failure is logged, not retried."""
        pass_begins(session)
        try:
            async with session.publishing:
                await self._publish(session)
        except PublishLater as error:
            await session.release_click()
            log.warning(
                "Discord failed while showing game %s (%s); trying again soon.", session.game_id, error
            )
            return False
        except asyncio.CancelledError:
            raise
        except Exception as error:
            verdict = await self.refusals.verdict(error, session.game_id)
            if verdict == "again":  # a thread unarchived: the pass is made again soon
                await session.release_click()
                return False
            if verdict == "ours":
                log.exception("Could not show game %s in Discord.", session.game_id)
                self.metrics.error("publish")
        return True

    async def _publish(self, session: GameSession) -> None:
        if session.redraw_board:  # taken before the position is read: a change after it asks again
            session.redraw_board = False
            session.shown.board_version = None
        if session.tell_again:
            session.tell_again = False
            session.shown.to_move = None
            session.shown.notice_version = None
        position = await self.sessions.position(session.game_id)
        record = position.record
        if record.state is None:
            return  # a lobby: its message is the interaction's own
        if daily.hidden(record, self._clock()):  # a daily garden's day runs: its table shows no garden
            picture = BoardPicture()
        else:
            picture = await self.pictures.board(position, session, must=session.picture_due)
        session.picture_due = False
        # Read first: from the store, it says which moves the standing announcement told.
        announced = await standing_announcement(self.store, session)
        facts = Facts(
            version=record.version,
            status=record.status,
            seat_users=[seat.user_id for seat in record.seats],
            to_move=position.to_move(),
            shown_version=session.shown.version,
            shown_to_move=session.shown.to_move,
            actor=await self._actor(position, session),
            board_message_id=record.board_message_id,
            board_age=self._clock() - record.board_posted_at if record.board_posted_at is not None else None,
            notice_version=session.shown.notice_version,
            # A new process showing again what the last one had shown (a fresh picture after a
            # restart, or a move shown just before a crash, not yet marked): the notices posted
            # then still stand, nobody is told twice.
            told_before=session.shown.version < 0 and await self._told_before(record),
            announced_version=session.shown.announced_version,
            result_posted=session.shown.result_posted,
            standing_notices=await self.sessions.notices(session),
            standing_announcement=announced,
            announcement=await announcement_lines(self.store, position, session),
            picture=picture.choice,
            board_version=session.shown.board_version,
            board_status=session.shown.board_status,
            picture_version=session.shown.picture,
            board_result_to_come=session.shown.look is not None and session.shown.look.result_to_come,
            result_to_come=picture.final_to_come,
            turn_key=position.turn_key(),
            shown_turn_key=session.shown.turn_key,
            told_keys={seat: tuple(keys) for seat, keys in session.shown.told_keys.items()},
            replying=[seat for seat in position.to_move() if position.in_window(seat)],
        )
        steps = plan(facts)
        lines = await self.sessions.log_lines(position, None, TABLE_LOG_LINES, position.words)
        if record.version != facts.version:  # a move landed meanwhile: show the latest instead
            session.dirty = True
            return
        ends = await self._turn_ends(position, facts, steps.new_turns)
        # A finished game shown before its final picture is drawn (the budget spent): the result
        # follows with the picture (or the text board, if it waits too long: PictureService.board)
        # in a later pass, which alone marks it published.
        final_to_come = steps.closing and picture.final_to_come
        now = replace(steps, post_result=False) if final_to_come else steps
        await self.discord.carry_out(now, position, session, lines, picture, facts.version, ends)
        first = session.shown.version < 0  # a start, or the catch-up after a restart: rare, at once
        session.shown.version = facts.version
        session.shown.to_move = list(facts.to_move)
        session.shown.turn_key = facts.turn_key
        for seat in facts.to_move:
            told = session.shown.told_keys.setdefault(seat, deque(maxlen=TOLD_KEYS_KEPT))
            if facts.turn_key not in told:
                told.append(facts.turn_key)
        if final_to_come:
            # Not marked published: a restart before the next pass shows the end again, picture
            # and result, instead of leaving the board "updating" for good. The picture queue
            # asks for that pass (`redraw_picture`, or `show_unpictured` when it waited too long).
            return
        if first:
            await self.store.mark_published(session.game_id, facts.version)
        else:
            self.store.note_published(session.game_id, facts.version)
        if steps.closing:  # the game is over and shown: nothing more to keep
            log.info(
                "Game %s ended (%s): %s in channel %s (server %s), players: %s; %s moves in %.0f minutes.",
                record.id,
                record.end_reason or record.status,
                position.game.title,
                record.channel_id,
                record.guild_id,
                ", ".join(position.names),
                record.version,
                max(0.0, self._clock() - record.created_at) / 60,
            )
            await self._tell(self.enders, position, session)
            self.pictures.forget(session.game_id)
            self.sessions.forget(session.game_id)
            return
        await self._tell(self.subscribers, position, session)

    async def _tell(self, subscribers: list[Subscriber], position: Position, session: GameSession) -> None:
        """Tell each of `subscribers` the game is shown at `position`; one failing stops no other."""
        for subscriber in subscribers:
            try:
                await subscriber(position, session)
            except Exception:
                log.exception("A subscriber failed on game %s.", session.game_id)
                self.metrics.error("subscriber")

    async def _turn_ends(
        self, position: Position, facts: Facts, new_turns: Sequence[int]
    ) -> dict[int, float]:
        """Start the clocks of the seats whose turn begins: when each must decide by (none: no
        clock to show)."""
        if not new_turns or self.turn_ends is None:
            return {}
        return await self.turn_ends(position, new_turns, fresh=facts.shown_to_move is not None)

    async def _told_before(self, record: GameRecord) -> bool:
        """Whether the turn of `record`'s version was told before this process showed the game:
        its move marked shown, or (a crash between the notice and the mark, which is written a
        moment later) the standing turn notice stored as telling this version."""
        if record.published_version >= record.version:
            return True
        return await self.store.told_turn(record.id) == record.version

    async def _actor(self, position: Position, session: GameSession) -> int | None:
        """Who made the game's latest move, or the host for its start (not pinged about it). A move
        made because a seat's time ran out was made by nobody: a new turn of that seat pings it."""
        record = position.record
        if record.version == 0:
            return record.host_id
        if session.last_move is not None and session.last_move[0] == record.version:
            seat: int | None = session.last_move[1]
        else:
            last = await self.store.actions(position.game_id, since_version=record.version - 1)
            seat = last[-1].seat if last else None
        return record.seats[seat].user_id if seat is not None and 0 <= seat < len(record.seats) else None

    async def drain(self, timeout: float = 5.0) -> None:
        """Let publishing in progress finish (a little), before the bot closes."""
        tasks = [s.publish_task for s in self.sessions.live() if s.publish_task and not s.publish_task.done()]
        if tasks:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout)
        for session in self.sessions.live():
            task = session.publish_task
            if task is not None and not task.done():
                task.cancel()
