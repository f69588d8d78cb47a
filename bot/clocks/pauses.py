"""Pausing a game by consent: every person playing agrees, the clock stops, and it starts again
on `/resume` or by itself after the longest pause (a week). Moves are still allowed meanwhile.

A game is also held, its clock stopped the same way, while the bot is out of its server (an owner
removed it): nobody there can see or click it. It goes on when the bot is back (`hold_away`,
`back`); its abandoned-game check runs on, so a server that never takes the bot back sees it end
as abandoned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.basics.clock import Clock
from bot.basics.refusals import GAME_OVER, NOT_PLAYING_TO_PAUSE, Refusal
from bot.clocks.turns import LONGEST_PAUSE
from bot.storage import DeadlineRecord, GameRecord

#: The marker of a game held while the bot is out of its server: a deadline row that never falls
#: due (stored paused), holding when the bot left (`started`) and whether the game's players had
#: paused it already (`step` 1: that pause stays when the bot is back).
AWAY = "away"

if TYPE_CHECKING:
    from bot.clocks.services import TableServices


class PauseResult:
    """What a pause request did: `paused` once everyone agreed; else who asked, who agreed since
    (in the order they did) and who still has to, by their seats' names."""

    def __init__(
        self,
        record: GameRecord,
        paused: bool,
        waiting_for: list[str],
        asked_by: str = "",
        agreed: list[str] | None = None,
    ) -> None:
        self.record = record
        self.paused = paused
        self.waiting_for = waiting_for
        self.asked_by = asked_by
        self.agreed = agreed or []


class Pauses:
    """Pause votes, pauses and resumes, stored with the game."""

    def __init__(self, table: TableServices, clock: Clock) -> None:
        self.table = table
        self.store = table.store
        self.clock = clock

    async def _open_game(self, game_id: int, user_id: int | None) -> GameRecord:
        record = await self.store.get(game_id)
        if record is None or record.status != "active":
            raise Refusal(GAME_OVER)
        if user_id is not None and record.seat_of(user_id) is None:
            raise Refusal(NOT_PLAYING_TO_PAUSE)
        return record

    def _remember(self, record: GameRecord) -> None:
        """Keep the session's copy of the game in step with what was stored (and the board is
        to be redrawn: it says whether the game is paused)."""
        session = self.table.sessions.session(record.id)
        session.redraw_board = True  # at the next publishing pass (`Publisher.reshow`)
        position = session.position
        if position is not None:
            position.record.paused_at = record.paused_at
            position.record.pause_votes = list(record.pause_votes)

    async def ask(self, game_id: int, user_id: int) -> PauseResult:
        """`user_id` agrees to pause; the game pauses once every person playing has agreed."""
        async with self.table.sessions.session(game_id).lock:
            record = await self._open_game(game_id, user_id)
            if record.paused_at is not None:
                raise Refusal("This game is paused already. `/resume` starts the clock again.")
            # In the order given: the first vote is the request, so its message names who asked.
            votes = list(dict.fromkeys([*record.pause_votes, user_id]))
            people = [s for s in record.seats if s.user_id is not None]
            waiting = [s.name for s in people if s.user_id not in votes]
            if waiting:
                record.pause_votes = votes
                await self.store.set_pause(game_id, None, votes)
                self._remember(record)
                names = {s.user_id: s.name for s in people}
                voters = [names[v] for v in votes if v in names]
                return PauseResult(record, False, waiting, voters[0], voters[1:])
            now = self.clock.now()
            record.paused_at, record.pause_votes = now, []
            await self.store.set_pause(game_id, now, [])
            await self.store.pause_deadlines(game_id, True)
            await self.store.set_deadline(
                DeadlineRecord(game_id, "pause_end", -1, now + LONGEST_PAUSE, now, 0.0)
            )
            self._remember(record)
        if self.table.scheduler is not None:
            self.table.scheduler.poke()
        self.table.publisher.reshow(game_id)
        return PauseResult(record, True, [])

    async def resume(self, game_id: int, *, by: int | None) -> GameRecord:
        """Start a paused game's clock again (`by` a player, or None: the longest pause is over)."""
        async with self.table.sessions.session(game_id).lock:
            record = await self._open_game(game_id, by)
            if record.paused_at is None:
                raise Refusal("This game isn't paused.")
            await self._unpause(record)
        self._resumed(game_id)
        return record

    async def _unpause(self, record: GameRecord) -> None:
        shift = self.clock.now() - (record.paused_at or self.clock.now())
        await self.store.pause_deadlines(record.id, False, shift)
        await self.store.remove_deadlines(record.id, "pause_end")
        record.paused_at, record.pause_votes = None, []
        await self.store.set_pause(record.id, None, [])
        self._remember(record)

    def _resumed(self, game_id: int) -> None:
        if self.table.scheduler is not None:
            self.table.scheduler.poke()
        # Everyone to move is told again, with their clock's new end.
        self.table.publisher.reshow(game_id, tell_again=True)

    async def hold_away(self, game_id: int) -> bool:
        """The bot was removed from the server of game `game_id`, in progress: its clock stops as
        in a pause (a pause its players agreed stays, its week waiting too), marked `AWAY`.
        Nothing is shown: the bot can no longer reach the channel. Whether it was held now."""
        async with self.table.sessions.session(game_id).lock:
            record = await self.store.get(game_id)
            if record is None or record.status != "active":
                return False
            if any(d.kind == AWAY for d in await self.store.deadlines_of(game_id)):
                return False
            now = self.clock.now()
            paused_by_players = record.paused_at is not None
            if paused_by_players:
                await self.store.remove_deadlines(game_id, "pause_end")
            else:
                record.paused_at, record.pause_votes = now, []
                await self.store.set_pause(game_id, now, [])
                await self.store.pause_deadlines(game_id, True)
            away = DeadlineRecord(game_id, AWAY, -1, now, now, 0.0, step=int(paused_by_players), paused=True)
            await self.store.set_deadline(away)
            self._remember(record)
        return True

    async def back(self, game_id: int) -> bool:
        """The bot is back in the server of game `game_id`: one `hold_away` held goes on where it
        was, shown again with whoever is to move told again (a pause its players had agreed stays,
        with a week from now). Whether it was held (one that ended meanwhile lost its mark with its
        deadlines, and is shown as any game whose end was not: `unpublished_games`)."""
        async with self.table.sessions.session(game_id).lock:
            away = next((d for d in await self.store.deadlines_of(game_id) if d.kind == AWAY), None)
            record = await self.store.get(game_id)
            if away is None or record is None or record.status != "active":
                return False
            await self.store.remove_deadlines(game_id, AWAY)
            if away.step:
                now = self.clock.now()
                await self.store.set_deadline(
                    DeadlineRecord(game_id, "pause_end", -1, now + LONGEST_PAUSE, now, 0.0)
                )
                self._remember(record)
            else:
                await self._unpause(record)
        self._resumed(game_id)
        return True
