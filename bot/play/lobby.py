"""Lobbies and seats: open, join, leave, add a computer player, start, end, expire.

Each change is checked, stored and returned as a `SeatChange` for the Discord side to show. A
change to a game's seats or status happens under its session's lock, so it never interleaves
with a move. Knows Discord only as numbers. What happens to a game once it runs (ended early,
retired, abandoned, a seat handed over and back) is in in_play.py, the base of `Lobbies`.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.basics.refusals import GAME_GONE, NOT_OFFERED, NOT_PLAYING_TO_LEAVE, Refusal
from bot.basics.words import N_, counted
from bot.game.position import Position
from bot.game.registry import computer_strengths
from bot.game.sessions import Sessions
from bot.play.game_log import game_ended
from bot.play.in_play import InPlay
from bot.play.seats import Note, SeatChange, computer_name, seat_range
from bot.records.daily import todays_deal
from bot.records.server_settings import CLOCK_SECONDS
from bot.storage import ChannelBusy, GameRecord, SeatRecord
from bot.ui.levels import level
from engine.api import dump_state
from engine.registry import get_game

log = logging.getLogger(__name__)

#: A lobby nobody starts is closed after this many seconds (checked by a background task).
DEFAULT_LOBBY_TTL = 30 * 60.0


def new_seed() -> int:
    """A fresh game seed (kept in the database, so every game can be replayed)."""
    return secrets.randbits(62)


#: `/play` refused because the channel has a game people can see.
CHANNEL_TAKEN = N_(
    "This channel already has a game. Finish it (or ask its host to `/end` it), "
    "or start yours in another channel or a thread."
)
#: Seconds a stored game may wait for its first message before `/play` may drop it.
UNSEEN_GRACE = 15.0
UNSEEN_REASON = N_("its message was never posted")
#: Why a lobby whose message a moderator deleted was dropped (`Lobbies.drop_lobby`).
DELETED_REASON = N_("its message was deleted")


class ChannelTaken(Refusal):
    """`/play` refused because the channel has a lobby or a game in progress: `game_id`, which
    the Discord side may find nobody can see any more (bot/handlers/busy_channels.py)."""

    def __init__(self, game_id: int | None) -> None:
        super().__init__(CHANNEL_TAKEN)
        self.game_id = game_id


def unseen(record: GameRecord) -> bool:
    """Whether nobody can see a game: a lobby without its message, or a game without its table
    that nobody has moved in."""
    if record.status == "lobby":
        return record.lobby_message_id is None
    return record.status == "active" and record.board_message_id is None and record.version == 0


class Lobbies(InPlay):
    """Opening and seating games, backed by the store through the sessions."""

    def __init__(
        self,
        sessions: Sessions,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = new_seed,
        lobby_ttl: float = DEFAULT_LOBBY_TTL,
    ) -> None:
        self.sessions = sessions
        self.store = sessions.store
        self._clock = clock
        self._seed_source = seed_source
        self.lobby_ttl = lobby_ttl
        #: Whether this process handles a guild's games (bot/basics/shards.py; every guild, unsharded):
        #: `expire` closes only those lobbies, another process closes the rest.
        self.owns_guild: Callable[[int | None], bool] = lambda _guild_id: True

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        options: BaseModel | dict[str, Any],
        host_id: int,
        host_name: str,
        players: int | None = None,
        clock: str | None = None,
        stand_in: str | None = None,
        daily: bool = False,
        language: str | None = None,
    ) -> SeatChange:
        """Open a lobby with the host seated, with its clock preset and the strength that plays
        timed-out turns. A game for exactly one player starts at once. `daily`: today's daily
        garden of the server (bot/records/daily.py): its seed and options, not the ones given.
        `language`: what its public messages are written in (None: English)."""
        game = get_game(game_name)
        deal = await todays_deal(self.store, game_name, guild_id, self._clock()) if daily else None
        if deal is not None:
            options, players = deal.options, 1
        try:
            checked = game.options_model.model_validate(
                options.model_dump() if isinstance(options, BaseModel) else options
            )
        except ValidationError as error:
            raise Refusal(
                "Those options don't work for {game}: {why}", game=game.title, why=error.errors()[0]["msg"]
            ) from None
        low, high = game.min_seats, game.max_seats
        if players is not None:
            if not low <= players <= high:
                raise Refusal("{game} is for {seats}.", game=game.title, seats=seat_range(low, high))
            low = high = players
        seed = deal.seed if deal is not None else self._seed_source()
        try:
            # Options the rules refuse are refused now, not at Start. A game for exactly one
            # player is made with its own seed: it starts at once, with this very state.
            made = game.create(checked, low, seed if high == 1 else 0)
        except ValueError as error:
            raise Refusal("Those options don't work for {game}: {why}", game=game.title, why=error) from None
        fields: dict[str, Any] = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "game": game.name,
            "options": checked.model_dump(mode="json"),
            "min_seats": low,
            "max_seats": high,
            "seed": seed,
            "host": SeatRecord(name=host_name, user_id=host_id),
            "host_id": host_id,
            "lobby_ttl": self.lobby_ttl,
            "daily": deal.day if deal is not None else None,
            "language": language,
        }
        try:
            record = await self.store.create_lobby(**fields)
        except ChannelBusy as busy:
            # A game nobody can see (its message was never posted: the bot stopped, or Discord
            # failed, between storing it and answering) never keeps a channel from a new one.
            if busy.game_id is None or not await self.drop_if_unseen(busy.game_id, grace=UNSEEN_GRACE):
                raise ChannelTaken(busy.game_id) from None
            try:
                record = await self.store.create_lobby(**fields)
            except ChannelBusy as still_busy:
                raise ChannelTaken(still_busy.game_id) from None
        if clock is not None or stand_in is not None:
            await self.store.set_clock(record.id, clock, stand_in)
            record.clock, record.stand_in = clock, stand_in
        if high == 1:
            return await self.start(record.id, host_id, made=made)
        return SeatChange(Position(record))

    async def drop_if_unseen(self, game_id: int, *, grace: float) -> bool:
        """Cancel a lobby, or a game nobody has moved in, whose message was never posted and that
        is older than `grace` seconds (a message is posted within moments of storing it); True if
        it was dropped. Such a game exists only when the bot stopped, or Discord failed, between
        storing it and answering."""
        return await self._drop(game_id, UNSEEN_REASON, lambda record: self._unseen_for(record, grace))

    async def drop_lobby(self, game_id: int, reason: str = DELETED_REASON) -> bool:
        """Cancel a lobby nobody can see or join any more, for `reason`: its message deleted by a
        moderator (Discord says it is gone), which must not keep the channel from a new game, or
        the bot removed from its server. True if dropped."""
        return await self._drop(game_id, reason, lambda record: record.status == "lobby")

    def _unseen_for(self, record: GameRecord, seconds: float) -> bool:
        """Whether nobody has seen `record` (`unseen`) for `seconds` since it was stored."""
        return unseen(record) and self._clock() - record.created_at >= seconds

    async def _drop(self, game_id: int, reason: str, droppable: Callable[[GameRecord], bool]) -> bool:
        """Cancel `game_id` for `reason` if, read under its lock, it is still `droppable`."""
        async with self.sessions.session(game_id).lock:
            record = await self.store.get(game_id)
            if record is None or not droppable(record):
                return False
            dropped = await self.store.close_game(game_id, "cancelled", reason)
        self.sessions.forget(game_id)
        if dropped:
            log.info("Game %s in channel %s dropped: %s.", game_id, record.channel_id, reason)
        return dropped

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self.store.get(game_id)
        if record is None:
            raise Refusal(GAME_GONE)
        if record.status != "lobby":
            if record.status == "active":
                raise Refusal("That game has already started.")
            raise Refusal("That lobby has closed.")
        return record

    async def join(self, game_id: int, user_id: int, name: str) -> SeatChange:
        async with self.sessions.session(game_id).lock:
            record = await self._lobby(game_id)
            if record.seat_of(user_id) is not None:
                raise Refusal("You are already in this lobby.")
            if len(record.seats) >= record.max_seats:
                raise Refusal("This lobby is full.")
            record.seats.append(SeatRecord(name=name, user_id=user_id))
            await self.store.set_lobby_seats(game_id, record.seats)
            return SeatChange(Position(record))

    async def add_computer(self, game_id: int, user_id: int, strength: str) -> SeatChange:
        """The host seats a computer player of `strength` in the lobby."""
        async with self.sessions.session(game_id).lock:
            record = await self._lobby(game_id)
            if user_id != record.host_id:
                raise Refusal("Only the host can add computer players.")
            if strength not in computer_strengths(record.game):
                raise Refusal(
                    "{game} has no {level} computer player.",
                    game=get_game(record.game).title,
                    level=level(strength),
                )
            if len(record.seats) >= record.max_seats:
                raise Refusal("This lobby is full.")
            number = sum(1 for seat in record.seats if seat.computer is not None) + 1
            record.seats.append(SeatRecord(name=computer_name(strength, number), computer=strength))
            await self.store.set_lobby_seats(game_id, record.seats)
            return SeatChange(
                Position(record), notes=[Note("{player} joined.", player=record.seats[-1].name)]
            )

    async def set_clock(
        self, game_id: int, user_id: int, *, clock: str | None = None, stand_in: str | None = None
    ) -> SeatChange:
        """The host changes the lobby's clock preset or the strength that plays timed-out turns."""
        async with self.sessions.session(game_id).lock:
            record = await self._lobby(game_id)
            if user_id != record.host_id:
                raise Refusal("Only the host can change the clock.")
            if clock is not None and clock not in CLOCK_SECONDS:
                raise Refusal(NOT_OFFERED)
            if stand_in is not None and stand_in not in computer_strengths(record.game):
                raise Refusal(NOT_OFFERED)
            record.clock = clock if clock is not None else record.clock
            record.stand_in = stand_in if stand_in is not None else record.stand_in
            await self.store.set_clock(game_id, record.clock, record.stand_in)
            return SeatChange(Position(record))

    async def start(self, game_id: int, user_id: int, *, made: BaseModel | None = None) -> SeatChange:
        """Start a lobby (the host only) once its seat count is legal. `made`: the game's state
        already created for exactly its options, seats and seed (a one-player game started by
        `open`), not made a second time."""
        session = self.sessions.session(game_id)
        async with session.lock:
            record = await self._lobby(game_id)
            if user_id != record.host_id:
                raise Refusal("Only the host can start the game.")
            game = get_game(record.game)
            count = len(record.seats)
            if not record.min_seats <= count <= record.max_seats:
                raise Refusal(
                    "{game} needs {seats} to start; {joined} so far.",
                    game=game.title,
                    seats=seat_range(record.min_seats, record.max_seats),
                    joined=counted("{n} joined", "{n} joined", count),
                )
            try:
                if made is not None:
                    state = made
                else:
                    state = game.create(game.options_model.model_validate(record.options), count, record.seed)
            except ValueError as error:
                raise Refusal(
                    "{game} can't start with these options: {why}", game=game.title, why=error
                ) from None
            await self.store.start_game(game_id, record.seats, dump_state(state))
            fresh = await self.store.get(game_id)
            assert fresh is not None
            position = Position(fresh, game, state)
            session.position = position
            session.know_recent([], -1)
            log.info(
                "Game %s started: %s in channel %s (server %s), players: %s.",
                game_id,
                game.title,
                fresh.channel_id,
                fresh.guild_id,
                ", ".join(seat.name for seat in fresh.seats),
            )
            return SeatChange(position, started=True)

    async def leave(self, game_id: int, user_id: int, *, computer: str | None = None) -> SeatChange:
        """Leave a lobby (the host's leaving hands it on; the last one out closes it) or a game.

        Leaving a game in progress ends it, unless the player hands their seat to a computer player
        of strength `computer` and someone else is still playing: then the game goes on and its
        record names the computer seat as taking over from them."""
        session = self.sessions.session(game_id)
        async with session.lock:
            record = await self.store.get(game_id)
            if record is None or not record.is_open:
                raise Refusal("That game is already over.")
            seat = record.seat_of(user_id)
            if seat is None:
                raise Refusal(NOT_PLAYING_TO_LEAVE)
            name = record.seats[seat].name
            others = [s for i, s in enumerate(record.seats) if i != seat and s.is_person]
            if record.status == "active" and computer is not None and others:
                return await self._hand_seat_to_computer(record, seat, computer)
            if record.status == "active":
                reason = f"{name} left the game"
                result = await self._result(record, "left", reason)
                if await self.store.close_game(game_id, "cancelled", reason, result):
                    game_ended(game_id, record.game, "left", reason)
                return await self._closed(game_id, [Note("{player} left the game.", player=name)])
            record.seats.pop(seat)
            if not any(s.is_person for s in record.seats):
                await self.store.close_game(game_id, "cancelled", N_("everyone left the lobby"))
                return await self._closed(game_id, [])
            await self.store.set_lobby_seats(game_id, record.seats)
            notes = [Note("{player} left.", player=name)]
            if user_id == record.host_id:
                new_host = next(s for s in record.seats if s.user_id is not None)
                await self.store.set_host(game_id, int(new_host.user_id or 0))
                notes.append(Note("{player} is the host now.", player=new_host.name))
            fresh = await self.store.get(game_id)
            assert fresh is not None
            return SeatChange(Position(fresh), notes=notes)

    async def expire(self) -> list[Position]:
        """Close every lobby of this process's guilds whose time ran out; return them (to tell
        their channels)."""
        closed: list[Position] = []
        for record in await self.store.expired_lobbies(self._clock()):
            if not self.owns_guild(record.guild_id):
                continue
            async with self.sessions.session(record.id).lock:
                if await self.store.close_game(record.id, "cancelled", N_("the lobby expired")):
                    closed.append((await self._closed(record.id, [])).position)
            self.sessions.forget(record.id)
        return closed
