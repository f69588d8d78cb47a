"""A game in progress besides its moves: ended early (`end`), retired or abandoned, a leaving
player's seat handed to a computer and taken back ("I'm back"), and the result and fresh record
those endings share.

Split from lobby.py (issue 30), whose `Lobbies` takes these as a base: what happens to a game once
it runs is a part of its own beside opening, seating and starting it. Each change happens under the
game's session lock, like every seat change.
"""

from __future__ import annotations

from bot.basics.refusals import NOT_OFFERED, NOT_YOUR_RETURN, Refusal
from bot.basics.words import N_
from bot.game.position import STANDING_IN, Position
from bot.game.registry import computer_strengths
from bot.game.sessions import Sessions
from bot.play.game_log import game_ended
from bot.play.seats import Note, SeatChange, computer_name
from bot.records.results import result_record, tally_of
from bot.storage import GameRecord, Outcome, ResultRecord, SeatRecord, Store
from bot.ui.levels import level
from engine.api import retired
from engine.registry import get_game

#: Why a lobby or game ended whose channel or thread someone deleted (`InPlay.channel_gone`).
CHANNEL_GONE = N_("its channel was deleted")


class InPlay:
    """What `Lobbies` does to games in progress; it sets `sessions` and `store`."""

    sessions: Sessions
    store: Store

    async def _hand_seat_to_computer(self, record: GameRecord, seat: int, strength: str) -> SeatChange:
        """Give a leaving player's seat to a computer player; the stored seats say who it replaced."""
        if strength not in computer_strengths(record.game):
            raise Refusal(
                "{game} has no {level} computer player.",
                game=get_game(record.game).title,
                level=level(strength),
            )
        name = record.seats[seat].name
        number = sum(1 for s in record.seats if s.computer is not None) + 1
        seats = [s.model_copy() for s in record.seats]
        seats[seat] = SeatRecord(
            name=STANDING_IN.format(computer=computer_name(strength, number), player=name),
            computer=strength,
            replaced_user_id=record.seats[seat].user_id,
            replaced_name=name,
        )
        await self.store.set_game_seats(record.id, seats)
        notes = [
            Note(
                "{player} left; {computer} takes their seat and the game goes on.",
                player=name,
                computer=seats[seat].name.split(",")[0],
            )
        ]
        if record.host_id == record.seats[seat].user_id:
            new_host = next(s for s in seats if s.user_id is not None)
            await self.store.set_host(record.id, int(new_host.user_id or 0))
            notes.append(Note("{player} is the host now.", player=new_host.name))
        session = self.sessions.session(record.id)
        session.position = None  # the seats changed: read them again
        return SeatChange(await self.sessions.position(record.id), notes=notes)

    async def end(
        self, game_id: int, user_id: int, *, can_manage: bool, name: str, lobby_only: bool = False
    ) -> SeatChange:
        """Cancel a lobby or end a game early: its host, or a member who can manage the channel.
        `lobby_only`: the host panel's "Cancel lobby", which never ends a game that started since
        the panel was opened (`/end` does; found by the explorer: an old panel's click ended a
        game in progress, which nobody then showed as ended)."""
        async with self.sessions.session(game_id).lock:
            record = await self.store.get(game_id)
            if record is None or not record.is_open:
                raise Refusal("That game is already over.")
            if lobby_only and record.status != "lobby":
                raise Refusal("That game has already started.")
            if user_id != record.host_id and not can_manage:
                raise Refusal("Only the host, or someone who can manage this channel, can end this game.")
            what = "lobby" if record.status == "lobby" else "game"
            reason = f"{name} ended the {what}"
            result = await self._result(record, "ended", reason) if record.status == "active" else None
            closed = await self.store.close_game(game_id, "cancelled", reason, result)
            if closed and record.status == "active":
                game_ended(game_id, record.game, "ended early", reason)
            if record.status == "lobby":
                return await self._closed(game_id, [Note("{player} ended the lobby.", player=name)])
            return await self._closed(game_id, [Note("{player} ended the game.", player=name)])

    async def channel_gone(self, channel_id: int, game_id: int | None = None) -> int | None:
        """The lobby or game in progress of a channel or thread someone deleted, ended there and
        then: nobody can see it, click it or be shown its end any more. A game that had started
        gets the result of one ended early, as `/end` gives it; its end is marked shown (there is
        nowhere to show it, after a restart too). `game_id`: a game whose showing met Discord's
        "Unknown Channel", which may have ended before its channel went (its last pass under way):
        it is as shown as it can be, and let go of too. The game's id, if one was let go of."""
        position = await self.sessions.in_channel(channel_id)
        if position is not None:
            game_id = position.game_id
        if game_id is None:
            return None
        async with self.sessions.session(game_id).lock:
            record = await self.store.get(game_id)
            if record is None or record.channel_id != channel_id:
                self.sessions.forget(game_id)
                return None
            if record.is_open:
                active = record.status == "active"
                result = await self._result(record, "ended", CHANNEL_GONE) if active else None
                if await self.store.close_game(game_id, "cancelled", CHANNEL_GONE, result):
                    game_ended(game_id, record.game, "cancelled", CHANNEL_GONE)
            await self.store.mark_published(game_id, record.version)
            for kind in ("turn", "announcement"):  # gone with their channel: none to delete
                await self.store.replace_notices(game_id, [], kind)
        self.sessions.forget(game_id)
        return game_id

    async def retire(self, record: GameRecord) -> bool:
        """End a stored game in progress these rules can no longer play on (`engine.api.retired`:
        made with an earlier edition of its cards), saying why, with no result: it was not played
        to an end, and scoring it with today's cards would count other cards. Whether it ended."""
        async with self.sessions.session(record.id).lock:
            position = Position(record)
            reason = None if position.state is None else retired(position.game, position.state)
            if reason is None:
                return False
            closed = await self.store.close_game(record.id, "cancelled", reason, None)
            self.sessions.session(record.id).position = None
            if closed:
                game_ended(record.id, record.game, "retired", reason)
            return closed

    async def abandon(self, game_id: int, days: int) -> None:
        """End a game nobody has moved in for `days` days, scored as it stands."""
        async with self.sessions.session(game_id).lock:
            reason = f"abandoned: no move for {days} days"
            record = await self.store.get(game_id)
            result = None
            if record is not None and record.status == "active":
                result = await self._result(record, "abandoned", reason)
            closed = await self.store.close_game(game_id, "finished", reason, result)
            self.sessions.session(game_id).position = None
            if closed and record is not None:
                game_ended(game_id, record.game, "abandoned", reason)

    async def take_back(self, game_id: int, user_id: int, seat: int) -> SeatChange:
        """ "I'm back": a player takes back the seat a computer stood in for (the game goes on)."""
        async with self.sessions.session(game_id).lock:
            record = await self.store.get(game_id)
            if record is None or record.status != "active":
                raise Refusal("That game is already over.")
            held = record.seats[seat] if 0 <= seat < len(record.seats) else None
            if held is not None and held.user_id == user_id:
                raise Refusal("You have your seat back already.")
            if held is None or held.away_user_id is None:
                raise Refusal(NOT_OFFERED)
            if held.away_user_id != user_id:
                raise Refusal(NOT_YOUR_RETURN, name=held.away_name or "its player")
            seats = [s.model_copy() for s in record.seats]
            name = seats[seat].away_name or "You"
            # The game remembers it was handed over (it is not rated: bot/records/results.py).
            seats[seat] = SeatRecord(name=name, user_id=user_id, handed_over=True)
            await self.store.set_game_seats(game_id, seats)
            self.sessions.session(game_id).position = None
            return SeatChange(
                await self.sessions.position(game_id),
                notes=[Note("{player} is back and plays again.", player=name)],
            )

    async def _result(self, record: GameRecord, outcome: Outcome, reason: str) -> ResultRecord:
        """The result of a game in progress ending now for `reason` (scored if abandoned)."""
        position = Position(record)
        actions = await self.store.actions(record.id)
        return result_record(
            record,
            position.game,
            position.state,
            tally_of(len(record.seats), actions),
            outcome=outcome,
            finished_at=self.store.now(),
            end_reason=reason,
        )

    async def _closed(self, game_id: int, notes: list[Note]) -> SeatChange:
        """A game or lobby just closed: its fresh record (its session's position no longer holds)."""
        session = self.sessions.session(game_id)
        record = await self.store.get(game_id)
        assert record is not None
        position = Position(record)
        session.position = None
        return SeatChange(position, closed=True, notes=notes)
