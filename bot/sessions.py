"""Game sessions: one lobby or game per channel, moves applied under one lock per game.

This layer knows Discord only as numbers (user, channel and guild ids) and games only through
`engine.api.Game`, so any registered game plays here unchanged. A move is: load the stored state,
check the version the player decided on, let the engine apply it, store state + action + events in
one transaction, and hand the outcome back to the Discord layer to render.

Every refusal is a `Refusal` whose message a player can read as is.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.storage import ChannelBusy, GameRecord, SeatRecord, StaleVersion, Store
from engine.ai import STRENGTHS, choose_move, make_player, move_seed
from engine.api import (
    ActionLike,
    AnyGame,
    Event,
    IllegalAction,
    Result,
    dump_state,
    has_public_view,
    load_state,
)
from engine.registry import get_game
from engine.rng import Rng

log = logging.getLogger(__name__)

#: A lobby nobody starts is closed after this many seconds (checked by a background task).
DEFAULT_LOBBY_TTL = 30 * 60.0
#: How many recent events are kept in memory per game in progress (the board shows fewer).
RECENT_KEPT = 10
#: A computer player's move never takes longer than this (seconds); past it, a random legal move.
COMPUTER_DEADLINE = 2.0


def computer_strengths(game_name: str) -> list[str]:
    """The computer-player strengths offered for `game_name`: all three for games that have real
    computer players, none for the others (a random-only player is no one to play against)."""
    try:
        for strength in STRENGTHS:
            make_player(game_name, strength)
    except ValueError:
        return []
    return list(STRENGTHS)


def computer_name(strength: str, number: int) -> str:
    """How a computer seat is shown: "Computer 2 (greedy)". Never a Discord user."""
    return f"Computer {number} ({strength})"


class Refusal(Exception):
    """A request the platform turns down, with a short message for the person who asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Outdated(Refusal):
    """A click made on an earlier version of the game: refused, nothing applied."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(
            "That button belongs to an earlier moment of this game, so nothing was played. "
            "Use the current board (or **My hand**) to see where the game is now."
        )
        self.record = record


@dataclass
class Snapshot:
    """A stored game with its engine and decoded state, ready to render or to ask questions."""

    record: GameRecord
    game: AnyGame
    state: BaseModel | None
    #: Legal actions and views by (version, seat): computed once per position, however often drawn.
    _legal: dict[tuple[int, int], Sequence[ActionLike]] = field(default_factory=dict, repr=False)
    _views: dict[tuple[int, int | None], BaseModel] = field(default_factory=dict, repr=False)
    _labels: dict[tuple[int, int], tuple[list[str], list[tuple[str, ...]]]] = field(
        default_factory=dict, repr=False
    )
    #: Things drawn from this position (a hand's text, its log lines), by (version, what).
    _drawn: dict[tuple[int, Any], Any] = field(default_factory=dict, repr=False)

    def drawn(self, what: Any) -> Any:
        """What `remember_drawn` kept for `what` at this version, or None."""
        return self._drawn.get((self.record.version, what))

    def remember_drawn(self, what: Any, value: Any) -> Any:
        """Keep `value` for `what` until the game moves on (a hand redrawn for a picker step, a
        page or a Refresh reuses it); returns `value`."""
        key = (self.record.version, what)
        if any(version != key[0] for version, _ in self._drawn):
            self._drawn.clear()
        self._drawn[key] = value
        return value

    @property
    def options(self) -> BaseModel:
        options: BaseModel = self.game.options_model.model_validate(self.record.options)
        return options

    def to_move(self) -> list[int]:
        if self.state is None or self.record.status != "active":
            return []
        return list(self.game.to_move(self.state))

    def legal_actions(self, seat: int) -> Sequence[ActionLike]:
        if self.state is None or self.record.status != "active":
            return []
        key = (self.record.version, seat)
        found = self._legal.get(key)
        if found is None:
            if any(version != self.record.version for version, _ in self._legal):
                self._legal.clear()
            found = self._legal[key] = list(self.game.legal_actions(self.state, seat))
        return found

    def view(self, viewer: int | None) -> BaseModel | None:
        """`viewer`'s view (None: a spectator's), computed once per version."""
        if self.state is None:
            return None
        key = (self.record.version, viewer)
        found = self._views.get(key)
        if found is None:
            if any(version != self.record.version for version, _ in self._views):
                self._views.clear()
            if viewer is not None and has_public_view(self.game):
                # A seat sees what a spectator sees (the engine says so): one view serves both.
                found = self.view(None)
                assert found is not None
                found = found.model_copy(update={"viewer": viewer})
            else:
                found = self.game.view(self.state, viewer)
            self._views[key] = found
        return found

    def labels_and_steps(self, seat: int) -> tuple[list[str], list[tuple[str, ...]]]:
        """The labels and picker steps of `seat`'s legal actions, computed once per version."""
        key = (self.record.version, seat)
        found = self._labels.get(key)
        if found is None:
            if any(version != self.record.version for version, _ in self._labels):
                self._labels.clear()
            actions = self.legal_actions(seat)
            found = self._labels[key] = ([a.label for a in actions], [tuple(a.steps) for a in actions])
        return found

    def is_terminal(self) -> bool:
        return self.state is not None and self.game.is_terminal(self.state)

    def computer_to_move(self) -> int | None:
        """The computer seat that has a decision now, if any (the first, when several do)."""
        for seat in self.to_move():
            if self.record.seats[seat].computer is not None:
                return seat
        return None

    def result(self) -> Result | None:
        return self.game.result(self.state) if self.state is not None and self.is_terminal() else None


@dataclass
class MoveOutcome:
    """What one accepted move did: the game after it, its events, and whose turn it was before."""

    snapshot: Snapshot
    seat: int
    label: str
    events: list[Event]
    to_move_before: list[int]
    finished: bool
    #: The game's version right after this move.
    version: int


@dataclass
class LobbyChange:
    """A lobby after a join, leave, start or cancel (`started` when it became a game)."""

    snapshot: Snapshot
    started: bool = False
    closed: bool = False
    notes: list[str] = field(default_factory=list)


def new_seed() -> int:
    """A fresh game seed (kept in the database, so every game can be replayed)."""
    return secrets.randbits(62)


class SessionManager:
    """Every lobby and game the bot hosts, backed by the store. One lock per game serialises moves."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = new_seed,
        lobby_ttl: float = DEFAULT_LOBBY_TTL,
    ) -> None:
        self.store = store
        self._clock = clock
        self._seed_source = seed_source
        self.lobby_ttl = lobby_ttl
        self._locks: dict[int, asyncio.Lock] = {}
        # Games in progress, as last stored: this process is the only writer, so every change
        # goes through here and the copy stays exact; a failed write drops it (reloaded next time).
        self._active: dict[int, Snapshot] = {}
        #: The last events of each game in progress (JSON dicts), for the board's log lines.
        self._recent: dict[int, list[dict[str, Any]]] = {}
        #: Turn notices posted for each game in progress: (channel id, message id).
        self._notices: dict[int, list[tuple[int, int]]] = {}
        #: Swapping a notice reads then writes; two swaps interleaved would each keep their own
        #: new notice and delete neither, leaving a stray mention nobody tracks.
        self._notices_lock = asyncio.Lock()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock of game `game_id`: held for every change to it, and for rendering that change."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _forget(self, game_id: int) -> None:
        """Drop a closed game's lock and cached copy (a later request reloads it and finds it closed)."""
        self._locks.pop(game_id, None)
        self._active.pop(game_id, None)
        self._recent.pop(game_id, None)
        self._notices.pop(game_id, None)

    # --- reading -----------------------------------------------------------------------------

    async def snapshot(self, game_id: int) -> Snapshot:
        """The game as stored (from the in-memory copy for games in progress)."""
        cached = self._active.get(game_id)
        if cached is not None:
            return cached
        record = await self.store.get(game_id)
        cached = self._active.get(game_id)
        if cached is not None:  # loaded (and perhaps moved on) by another task while we read
            return cached
        if record is None:
            raise Refusal("I can't find that game any more.")
        snap = self._snapshot(record)
        if record.status == "active":
            self._active[game_id] = snap
        return snap

    def _snapshot(self, record: GameRecord) -> Snapshot:
        game = get_game(record.game)
        state = load_state(game, record.state) if record.state is not None else None
        return Snapshot(record=record, game=game, state=state)

    async def in_channel(self, channel_id: int) -> Snapshot | None:
        """The open lobby or game in `channel_id`, if any."""
        record = await self.store.open_game_in_channel(channel_id)
        return self._snapshot(record) if record else None

    # --- lobby -------------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        options: BaseModel | dict[str, Any],
        host_id: int,
        host_name: str,
        players: int | None = None,
    ) -> LobbyChange:
        """Open a lobby with the host seated. A game for exactly one player starts at once."""
        game = get_game(game_name)
        try:
            checked = game.options_model.model_validate(
                options.model_dump() if isinstance(options, BaseModel) else options
            )
        except ValidationError as error:
            raise Refusal(f"Those options don't work for {game.title}: {error.errors()[0]['msg']}.") from None
        low, high = game.min_seats, game.max_seats
        if players is not None:
            if not low <= players <= high:
                raise Refusal(f"{game.title} is for {_seat_range(low, high)}.")
            low = high = players
        try:
            game.create(checked, low, 0)  # options the rules refuse are refused now, not at Start
        except ValueError as error:
            raise Refusal(f"Those options don't work for {game.title}: {error}") from None
        try:
            record = await self.store.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game.name,
                options=checked.model_dump(mode="json"),
                min_seats=low,
                max_seats=high,
                seed=self._seed_source(),
                host=SeatRecord(name=host_name, user_id=host_id),
                host_id=host_id,
                lobby_ttl=self.lobby_ttl,
            )
        except ChannelBusy:
            raise Refusal(
                "This channel already has a game. Finish it (or ask its host to `/end` it), "
                "or start yours in another channel or a thread."
            ) from None
        if high == 1:
            return await self.start(record.id, host_id)
        return LobbyChange(snapshot=self._snapshot(record))

    async def _open_lobby_record(self, game_id: int) -> GameRecord:
        record = await self.store.get(game_id)
        if record is None:
            raise Refusal("I can't find that game any more.")
        if record.status != "lobby":
            raise Refusal(
                "That lobby has closed." if record.status != "active" else "That game has already started."
            )
        return record

    async def join(self, game_id: int, user_id: int, name: str) -> LobbyChange:
        async with self.lock(game_id):
            record = await self._open_lobby_record(game_id)
            if record.seat_of(user_id) is not None:
                raise Refusal("You are already in this lobby.")
            if len(record.seats) >= record.max_seats:
                raise Refusal("This lobby is full.")
            record.seats.append(SeatRecord(name=name, user_id=user_id))
            await self.store.set_lobby_seats(game_id, record.seats)
            return LobbyChange(snapshot=self._snapshot(record))

    async def add_computer(self, game_id: int, user_id: int, strength: str) -> LobbyChange:
        """The host seats a computer player of `strength` in the lobby."""
        async with self.lock(game_id):
            record = await self._open_lobby_record(game_id)
            if user_id != record.host_id:
                raise Refusal("Only the host can add computer players.")
            if strength not in computer_strengths(record.game):
                raise Refusal(f"{get_game(record.game).title} has no {strength} computer player.")
            if len(record.seats) >= record.max_seats:
                raise Refusal("This lobby is full.")
            number = sum(1 for seat in record.seats if seat.computer is not None) + 1
            record.seats.append(SeatRecord(name=computer_name(strength, number), computer=strength))
            await self.store.set_lobby_seats(game_id, record.seats)
            return LobbyChange(snapshot=self._snapshot(record), notes=[f"{record.seats[-1].name} joined."])

    async def leave(self, game_id: int, user_id: int, *, computer: str | None = None) -> LobbyChange:
        """Leave a lobby (the host's leaving hands it on; the last one out closes it) or a game.

        Leaving a game in progress ends it, unless the player hands their seat to a computer player
        of strength `computer` and someone else is still playing: then the game goes on and its
        record names the computer seat as taking over from them."""
        async with self.lock(game_id):
            record = await self.store.get(game_id)
            if record is None or not record.is_open:
                raise Refusal("That game is already over.")
            seat = record.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not in this game.")
            name = record.seats[seat].name
            others = [s for i, s in enumerate(record.seats) if i != seat and s.is_person]
            if record.status == "active" and computer is not None and others:
                return await self._hand_seat_to_computer(record, seat, computer)
            if record.status == "active":
                await self.store.close_game(game_id, "cancelled", f"{name} left the game")
                self._forget(game_id)
                return LobbyChange(
                    snapshot=await self.snapshot(game_id), closed=True, notes=[f"{name} left the game."]
                )
            record.seats.pop(seat)
            if not any(s.is_person for s in record.seats):
                await self.store.close_game(game_id, "cancelled", "everyone left the lobby")
                self._forget(game_id)
                return LobbyChange(snapshot=await self.snapshot(game_id), closed=True)
            await self.store.set_lobby_seats(game_id, record.seats)
            notes = [f"{name} left."]
            if user_id == record.host_id:
                new_host = next(s for s in record.seats if s.user_id is not None)
                await self.store.set_host(game_id, int(new_host.user_id or 0))
                notes.append(f"{new_host.name} is the host now.")
            return LobbyChange(snapshot=await self.snapshot(game_id), notes=notes)

    async def start(self, game_id: int, user_id: int) -> LobbyChange:
        """Start a lobby (the host only) once its seat count is legal."""
        async with self.lock(game_id):
            record = await self._open_lobby_record(game_id)
            if user_id != record.host_id:
                raise Refusal("Only the host can start the game.")
            game = get_game(record.game)
            count = len(record.seats)
            if not record.min_seats <= count <= record.max_seats:
                raise Refusal(
                    f"{game.title} needs {_seat_range(record.min_seats, record.max_seats)} "
                    f"to start; {count} joined so far."
                )
            options = game.options_model.model_validate(record.options)
            try:
                state = game.create(options, count, record.seed)
            except ValueError as error:
                raise Refusal(f"{game.title} can't start with these options: {error}") from None
            await self.store.start_game(game_id, record.seats, dump_state(state))
            fresh = await self.store.get(game_id)
            assert fresh is not None
            snap = Snapshot(fresh, game, state)
            self._active[game_id] = snap
            self._recent[game_id] = []
            return LobbyChange(snapshot=snap, started=True)

    async def end(self, game_id: int, user_id: int, *, can_manage: bool, name: str) -> LobbyChange:
        """Cancel a lobby or end a game early: its host, or a member who can manage the channel."""
        async with self.lock(game_id):
            record = await self.store.get(game_id)
            if record is None or not record.is_open:
                raise Refusal("That game is already over.")
            if user_id != record.host_id and not can_manage:
                raise Refusal("Only the host, or someone who can manage this channel, can end this game.")
            what = "lobby" if record.status == "lobby" else "game"
            await self.store.close_game(game_id, "cancelled", f"{name} ended the {what}")
            self._forget(game_id)
            return LobbyChange(
                snapshot=await self.snapshot(game_id), closed=True, notes=[f"{name} ended the {what}."]
            )

    async def expire_lobbies(self) -> list[Snapshot]:
        """Close every lobby whose time ran out; return them (to tell their channels)."""
        closed: list[Snapshot] = []
        for record in await self.store.expired_lobbies(self._clock()):
            async with self.lock(record.id):
                if await self.store.close_game(record.id, "cancelled", "the lobby expired"):
                    closed.append(await self.snapshot(record.id))
            self._forget(record.id)
        return closed

    # --- playing -----------------------------------------------------------------------------

    async def play(self, game_id: int, user_id: int, *, seat: int, version: int, index: int) -> MoveOutcome:
        """Apply action number `index` of `seat`'s legal actions at `version`, for `user_id`.

        Refused (nothing applied) if the user does not hold the seat, the game has moved past
        `version`, or the action is no longer offered. Holding the game's lock for the whole
        load-apply-store makes double clicks and simultaneous clicks safe: the second one finds a
        newer version and is refused as outdated.
        """
        async with self.lock(game_id):
            snap = await self.snapshot(game_id)
            record = snap.record
            if record.status == "lobby":
                raise Refusal("This game hasn't started yet.")
            if not record.is_open:
                raise Refusal("This game is over.")
            if not 0 <= seat < len(record.seats) or record.seats[seat].user_id != user_id:
                if record.seat_of(user_id) is None:
                    raise Refusal("You are not playing in this game; you can watch the board.")
                raise Refusal("That button belongs to another player.")
            if version != record.version:
                raise Outdated(record)
            assert snap.state is not None
            to_move_before = snap.to_move()
            if seat not in to_move_before:
                raise Refusal("It isn't your turn yet; I'll mention you when it is.")
            return await self._apply(snap, seat, version, index)

    async def _apply(self, snap: Snapshot, seat: int, version: int, index: int) -> MoveOutcome:
        """Apply legal action `index` of `seat` and store it (the caller holds the game's lock)."""
        game_id = snap.record.id
        record = snap.record
        assert snap.state is not None
        to_move_before = snap.to_move()
        actions = list(snap.legal_actions(seat))
        if not 0 <= index < len(actions):
            raise Outdated(record)
        action = actions[index]
        try:
            events = snap.game.apply(snap.state, seat, action)
            finished = snap.game.is_terminal(snap.state)
            state_text = dump_state(snap.state)
            event_data = [e.model_dump(mode="json") for e in events]
            new_version = await self.store.record_move(
                game_id,
                expected_version=version,
                seat=seat,
                action=snap.game.encode_action(action),
                events=event_data,
                state=state_text,
                finished=finished,
            )
        except BaseException as error:
            # The in-memory state may be ahead of the database now: reload it next time.
            self._active.pop(game_id, None)
            self._recent.pop(game_id, None)
            if isinstance(error, IllegalAction):
                raise Refusal(error.message) from None
            if isinstance(error, StaleVersion):
                raise Outdated(record) from None
            raise
        record.version = new_version
        record.state = state_text
        recent = self._recent.get(game_id)
        if recent is not None:
            recent.extend(event_data)
            del recent[:-RECENT_KEPT]
        if finished:
            record.status = "finished"
            record.end_reason = "completed"
        return MoveOutcome(
            snapshot=snap,
            seat=seat,
            label=action.label,
            events=events,
            to_move_before=to_move_before,
            finished=finished,
            version=new_version,
        )

    async def _hand_seat_to_computer(self, record: GameRecord, seat: int, strength: str) -> LobbyChange:
        """Give a leaving player's seat to a computer player; the stored seats say who it replaced."""
        if strength not in computer_strengths(record.game):
            raise Refusal(f"{get_game(record.game).title} has no {strength} computer player.")
        name = record.seats[seat].name
        number = sum(1 for s in record.seats if s.computer is not None) + 1
        seats = [s.model_copy() for s in record.seats]
        seats[seat] = SeatRecord(name=f"{computer_name(strength, number)}, for {name}", computer=strength)
        await self.store.set_game_seats(record.id, seats)
        notes = [f"{name} left; {seats[seat].name.split(',')[0]} takes their seat and the game goes on."]
        if record.host_id == record.seats[seat].user_id:
            new_host = next(s for s in seats if s.user_id is not None)
            await self.store.set_host(record.id, int(new_host.user_id or 0))
            notes.append(f"{new_host.name} is the host now.")
        self._active.pop(record.id, None)
        return LobbyChange(snapshot=await self.snapshot(record.id), notes=notes)

    async def play_computer(
        self, game_id: int, *, version: int, not_before: float | None = None
    ) -> MoveOutcome | None:
        """Let the computer seat to move at `version` play (None if the game moved on meanwhile).

        The player thinks in a worker thread, on its own copy of the state (the event loop keeps
        running), seeded by the game's seed and version, so a restart replays the same choice. It
        gets `COMPUTER_DEADLINE` seconds; past that a seeded random legal move is played instead.
        The move is applied no earlier than `not_before` (event-loop time): the table's fixed pause
        covers the thinking, so how long a computer seems to think does not reveal its cards."""
        async with self.lock(game_id):
            snap = await self.snapshot(game_id)
            record = snap.record
            if record.status != "active" or record.version != version or snap.state is None:
                return None
            seat = snap.computer_to_move()
            if seat is None:
                return None
            strength = record.seats[seat].computer or "random"
            seed = move_seed(record.seed, record.version, seat)
            state = load_state(snap.game, dump_state(snap.state))
            actions = list(snap.legal_actions(seat))
            try:
                action = await asyncio.wait_for(
                    asyncio.to_thread(choose_move, snap.game, state, seat, strength, seed),  # type: ignore[arg-type]
                    COMPUTER_DEADLINE,
                )
            except TimeoutError:
                log.warning("Computer move in game %s took too long; playing a random move.", game_id)
                action = actions[Rng.from_seed(seed).below(len(actions))]
            if not_before is not None:
                await asyncio.sleep(max(0.0, not_before - asyncio.get_running_loop().time()))
            labels = [a.label for a in actions]
            return await self._apply(snap, seat, version, labels.index(action.label))

    async def set_board_message(self, game_id: int, message_id: int, posted_at: float) -> None:
        """Remember the public board message (in the store and in the cached copy)."""
        await self.store.set_board_message(game_id, message_id, posted_at)
        cached = self._active.get(game_id)
        if cached is not None:
            cached.record.board_message_id = message_id
            cached.record.board_posted_at = posted_at

    async def swap_notices(self, game_id: int, new: tuple[int, int] | None) -> list[tuple[int, int]]:
        """Record `new` as the game's only turn notice (None: no notice now); return the old ones,
        which the caller deletes from Discord. Kept in memory too, so most turns need one write."""
        async with self._notices_lock:
            old = self._notices.get(game_id)
            if old is None:
                old = await self.store.notices(game_id)
            current = [new] if new is not None else []
            if old or current:
                await self.store.replace_notices(game_id, current)
            if game_id in self._active:
                self._notices[game_id] = current
            return old

    def finished_with(self, game_id: int) -> None:
        """Forget a finished game's lock once its last rendering is done."""
        self._forget(game_id)

    def _version_in_memory(self, game_id: int) -> int | None:
        cached = self._active.get(game_id)
        return cached.record.version if cached is not None else None

    async def recent_log(self, game_id: int, viewer: int | None, limit: int) -> list[str]:
        """The last `limit` log lines as `viewer` may read them."""
        recent = self._recent.get(game_id)
        if recent is None or limit > RECENT_KEPT:
            version = self._version_in_memory(game_id)
            recent = await self.store.recent_events(game_id, max(limit, RECENT_KEPT))
            # Keep it only if no move landed while reading (that move's events could be missing).
            if version is not None and version == self._version_in_memory(game_id):
                self._recent.setdefault(game_id, recent)
        return [Event.model_validate(e).line_for(viewer) for e in recent[-limit:]] if limit else []


def _seat_range(low: int, high: int) -> str:
    if low == high:
        return f"exactly {low} player{'s' if low != 1 else ''}"
    return f"{low} to {high} players"
