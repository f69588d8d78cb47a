"""`Table`: the bot's game services, made once at start and handed to every handler.

It holds the pieces (store, sessions, moves, lobbies, publisher, pictures, computer players) and
knows how many handlers are running, so a shutdown can let them finish. The work is done by the
modules it names; this is only where they meet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable

import discord

from bot.basics.clock import Clock, SystemClock
from bot.basics.shards import ShardPlan
from bot.clocks.deadline_scheduler import DeadlineScheduler
from bot.clocks.pauses import Pauses
from bot.clocks.turns import Clocks
from bot.game.sessions import Sessions
from bot.picture_service import PictureBudget, PictureService
from bot.play.computers import ComputerPlayers
from bot.play.game_log import games_resumed
from bot.play.lobby import DEFAULT_LOBBY_TTL, Lobbies, unseen
from bot.play.moves import Moves
from bot.publish.discord_side import DiscordSide
from bot.publish.publisher import Publisher
from bot.records.backfill import backfill_results
from bot.records.server_settings import ServerSettingsCache
from bot.storage import Store
from bot.storage.records import GameRecord

log = logging.getLogger(__name__)


class Table:
    """Every service a handler needs, and the count of handlers in progress."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        picture_budget: PictureBudget | None = None,
        lobby_ttl: float = DEFAULT_LOBBY_TTL,
        seed_source: Callable[[], int] | None = None,
        timer: Clock | None = None,
        shards: ShardPlan | None = None,
    ) -> None:
        self.client = client
        self.store = store
        #: The shards this process runs: it handles only their guilds' games (bot/basics/shards.py).
        self.shards = shards if shards is not None else ShardPlan()
        self.clock = clock
        self.timer: Clock = timer if timer is not None else SystemClock()
        self.sessions = Sessions(store)
        extra = {"seed_source": seed_source} if seed_source is not None else {}
        self.lobbies = Lobbies(self.sessions, clock=clock, lobby_ttl=lobby_ttl, **extra)
        self.lobbies.owns_guild = self.shards.owns_guild
        self.moves = Moves(self.sessions)
        self.pictures = PictureService(picture_budget)
        self.server_settings = ServerSettingsCache(store)
        self.discord = DiscordSide(client, self.sessions, self.pictures, clock)
        self.publisher = Publisher(self.sessions, self.discord, self.pictures, clock)
        self.computers = ComputerPlayers(self.sessions, self.moves, self.publisher)
        self.clocks = Clocks(self, self.timer, self.server_settings)
        self.pauses = Pauses(self, self.timer)
        self.scheduler: DeadlineScheduler | None = DeadlineScheduler(
            store,
            self.timer,
            self.clocks.fire,
            shards=self.shards.store_filter,
        )
        self.publisher.turn_ends = self.clocks.turn_ends
        self.publisher.refusals.channel_gone = self.end_in_deleted_channel
        self.publisher.subscribers.append(self.clocks.on_published)
        #: Set while the bot shuts down: new clicks are answered with a "restarting" line.
        self.closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def end_in_deleted_channel(self, channel_id: int, game_id: int | None = None) -> None:
        """A channel or thread someone deleted: its lobby or game ends (`InPlay.channel_gone`),
        told by Discord's event or met when showing game `game_id` (deleted while the bot was
        away, or while showing the end of a game)."""
        game_id = await self.lobbies.channel_gone(channel_id, game_id)
        if game_id is not None:
            self.pictures.forget(game_id)

    def working(self) -> _Working:
        """Count a handler in progress while in it (`with table.working(): ...`), so a shutdown can
        let it finish (`drain`)."""
        return _Working(self)

    @contextlib.asynccontextmanager
    async def lobby_message(self, game_id: int) -> AsyncIterator[bool]:
        """Hold game `game_id`'s lobby message for one write; yields whether it still shows a lobby.
        A start turns that message into the game's table (Discord refuses an embed on it), so a
        lobby change answered after a start must leave the message alone."""
        async with self.sessions.session(game_id).lobby_message:
            record = await self.store.get(game_id)
            yield record is not None and record.state is None

    async def catch_up(self) -> None:
        """After a restart: show what was stored just before the bot stopped (a board not yet
        redrawn, a turn notice not yet posted, final scores not yet shown), queue every board of
        a game in progress for a fresh picture (which boards waited was only known in memory),
        and give every computer seat to move its turn. Then store the results of games that
        ended before results were kept (an upgraded database: `bot/records/backfill.py`). Only this
        process's shards' games: another process catches up on its own."""
        owns, began = self.shards.owns_guild, self.store.now()

        def left_before(record: GameRecord) -> bool:
            """A game this process's shards own, opened before the catch-up began: a game opened
            since (a /play in the first moments) is shown by its own answer, and posting its board
            here too, or dropping its lobby as never seen, would race that answer."""
            return owns(record.guild_id) and record.created_at <= began

        for record in await self.store.unpublished_games():
            if left_before(record):
                self.publisher.request(record.id)
        # A lobby whose message was never posted (the bot stopped between storing it and
        # answering /play) is seen by nobody and would hold its channel: it goes.
        for record in await self.store.games_by_status("lobby"):
            if left_before(record) and unseen(record):
                await self.lobbies.drop_if_unseen(record.id, grace=0.0)
        active = [r for r in await self.store.games_by_status("active") if left_before(r)]
        for record in list(active):
            # A game these rules can no longer play on (an earlier edition of its cards) ends,
            # saying why, instead of refusing every move: its channel is free again.
            if await self.lobbies.retire(record):
                active.remove(record)
                self.publisher.request(record.id)
        for record in active:
            if record.board_message_id is None:  # started, its table never posted: post it now
                self.publisher.request(record.id)
            elif self.pictures.draws_for(record.game):
                self.pictures.redraw_later(record.id)
        await self.computers.resume(active)
        games_resumed(len(active))
        try:
            await backfill_results(self.store, owns_guild=owns)
        except Exception:
            log.exception("Could not store the results of games that ended before results were kept.")

    async def drain(self, timeout: float = 5.0) -> None:
        """Refuse new clicks, stop computer turns, and let handlers and publishing in progress
        finish (a little) before the bot closes."""
        self.closing = True
        await self.computers.stop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
        await self.publisher.drain(timeout)


class _Working:
    """`Table.working`: a plain context manager (every click passes through it; a generator-based
    one cost a generator, its wrapper and two awaits each time, issue 31)."""

    __slots__ = ("_table",)

    def __init__(self, table: Table) -> None:
        self._table = table

    def __enter__(self) -> None:
        table = self._table
        table._in_flight += 1
        table._idle.clear()

    def __exit__(self, *_: object) -> None:
        table = self._table
        table._in_flight -= 1
        if table._in_flight == 0:
            table._idle.set()
