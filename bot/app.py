"""The bot object: opens its resources in `setup_hook`, registers persistent components and commands.

Components are routed by their custom id (`bot.handlers.router`, listening from the first event on), so
every button ever posted, before a restart too, keeps working.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.basics import clicks, gateway_frames, rest_session
from bot.basics.callbacks import InteractionCallbacks
from bot.basics.channel_messages import ChannelMessages
from bot.basics.clock import Clock, SystemClock
from bot.basics.command_words import CommandWords
from bot.basics.metrics import (
    NULL_METRICS,
    CommandTree,
    Metrics,
    NullMetrics,
    command_kinds,
    metrics_port_refusal,
)
from bot.basics.shards import ShardPlan
from bot.handlers.clock_commands import ClockCommands
from bot.handlers.commands import register_commands
from bot.handlers.daily_commands import DailyGardens
from bot.handlers.hands import Hands
from bot.handlers.history_commands import HistoryCommands, register_history_commands
from bot.handlers.lobbies import LobbyHandlers
from bot.handlers.router import Router
from bot.handlers.server_events import listen_to_servers
from bot.handlers.stats_commands import StatsCommands
from bot.handlers.table import Table
from bot.handlers.table_commands import TableCommands
from bot.operations.claim import Claim, claim_database
from bot.operations.command_sync import sync_if_changed
from bot.operations.endpoints import check_gateway, discover_gateway, use_gateway
from bot.operations.health import Heartbeat, health_path
from bot.operations.permissions import invite_url
from bot.operations.rest_limit import RequestWindow, limiting_trace, window_turn
from bot.operations.settings import Settings
from bot.operations.start_refusal import StartRefused
from bot.picture_service import PictureBudget
from bot.play.lobby import DEFAULT_LOBBY_TTL
from bot.publish.pacing import PUBLISH_EVERY
from bot.storage import PUBLISHED_FLUSH_SECONDS, Store
from bot.storage.backups import Backups
from bot.storage.reach import DatabaseProblem, reason, safe

log = logging.getLogger(__name__)


class GardenClubBot(commands.Bot):
    """Garden Club. Needs no privileged intents: everything arrives as interactions.

    With SHARD_COUNT set, `GardenClubBot(settings)` makes a `ShardedGardenClubBot` (discord.py's
    `AutoShardedBot`, given the settings' `shard_count` and `shard_ids`); without, a plain
    `commands.Bot` with one gateway connection, exactly as before shards existed (issue 21).
    Everything else is the same code.
    """

    store: Store
    table: Table
    router: Router

    def __new__(cls, settings: Settings, *_args: Any, **_options: Any) -> GardenClubBot:
        if cls is GardenClubBot and settings.shard_plan.sharded:
            cls = ShardedGardenClubBot
        return super().__new__(cls)

    def _get_state(self, **options: Any) -> Any:
        """discord.py's connection state, a click's interaction parsed without its message
        (bot/basics/clicks.py: about a tenth of a click's work on a table, issue 31)."""
        state = super()._get_state(**options)
        clicks.install(state)
        return state

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        lobby_ttl: float = DEFAULT_LOBBY_TTL,
        expiry_check_seconds: float = 30.0,
    ) -> None:
        # Garden Club has no voice: the warnings about voice libraries would only puzzle an owner.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        #: The shards this process runs (bot/basics/shards.py): it handles only their guilds.
        self.shard_plan: ShardPlan = settings.shard_plan
        options: dict[str, Any] = {}
        if self.shard_plan.sharded:
            options["shard_count"] = self.shard_plan.shard_count
            options["shard_ids"] = list(self.shard_plan.ids)
        per_second = settings.rest_requests_per_second
        #: This process's share of Discord's global REST limit (bot/operations/rest_limit.py; None: no limit
        #: of its own, unsharded or behind a shared REST proxy).
        self.rest_window = RequestWindow(per_second) if per_second is not None else None
        if self.rest_window is not None:
            options["http_trace"] = limiting_trace(self.rest_window)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # Everything arrives as interactions: no member list, no message cache to keep.
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            max_messages=None,
            tree_cls=CommandTree,
            **options,
        )
        self.settings = settings
        #: A click's answers (an edit of its message, a private hand, an open hand's redraw), written
        #: and sent by the bot itself (bot/basics/callbacks.py).
        self.callbacks = InteractionCallbacks(settings.api_base)
        #: A game's public messages edited, posted and deleted by the bot itself, Discord's rate
        #: limits kept (bot/basics/channel_messages.py; None until `setup_hook`: discord.py's path).
        self.channel_messages: ChannelMessages | None = None
        #: Prometheus metrics (METRICS_PORT; `NULL_METRICS`, doing nothing, when off), served on
        #: `metrics_host` (tests: 127.0.0.1).
        self.metrics: NullMetrics = Metrics() if settings.metrics_port is not None else NULL_METRICS
        self.metrics_host = settings.metrics_host
        #: The heartbeat file `garden-club health` reads (bot/operations/health.py).
        self.heartbeat: Heartbeat | None = None
        self._heartbeat_task: asyncio.Task[None] | None = None
        self._lobby_ttl = lobby_ttl
        self._expiry_check_seconds = expiry_check_seconds
        self._expiry_task: asyncio.Task[None] | None = None
        self._catch_up_task: asyncio.Task[None] | None = None
        self._invite_logged = False
        self._deadlines_task: asyncio.Task[None] | None = None
        #: The bot's time: every timestamp and deadline (tests give a `ManualClock` they move by hand).
        self.timer: Clock = clock if clock is not None else SystemClock()
        self._pictures_task: asyncio.Task[None] | None = None
        #: This process's hold on its database while it runs (bot/operations/claim.py): a second unsharded bot
        #: refuses to start, and `garden-club restore` refuses. `python -m bot` claims it before
        #: logging in; otherwise `setup_hook` does.
        self.claim: Claim | None = None
        #: Open the gateway once before discord.py connects (bot/operations/endpoints.py; `python -m bot`).
        self.check_gateway_at_start = False
        self._backup_task: asyncio.Task[None] | None = None
        #: How long a move's "published" mark may wait to be written with others (tests lengthen it).
        self.published_flush_seconds = PUBLISHED_FLUSH_SECONDS
        #: The shortest time between two background publishing passes of a game (tests shorten it).
        self.publish_every = PUBLISH_EVERY

    async def setup_hook(self) -> None:
        # discord.py's REST requests over connections of our own (bot/basics/rest_session.py); its
        # session exists now (`login` made it), and every interaction parsed from now on takes it.
        window = self.rest_window
        turn = None if window is None else window_turn(window)
        kept = rest_session.install(self.http, discord.http.Route.BASE, turn)
        if kept is not None and self.http.token:
            # A game's messages edited, posted and deleted by the bot itself (bot/basics/channel_messages.py).
            self.channel_messages = ChannelMessages(
                kept.connections, discord.http.Route.BASE, self.http.token, self.http.user_agent, turn
            )
        # The gateway's frames parsed from their bytes (bot/basics/gateway_frames.py).
        gateway_frames.install()
        if self.settings.discord_gateway_url:
            use_gateway(str(self.settings.discord_gateway_url))
        elif self.settings.api_base:
            use_gateway(await discover_gateway(self.http))
        if self.check_gateway_at_start:
            await check_gateway()
        if self.claim is None:
            self.claim = await claim_database(self.settings)
        try:
            self.store = await Store.open(
                self.settings.database,
                clock=self.timer.now,
                published_flush_seconds=self.published_flush_seconds,
            )
        except (OSError, TimeoutError) as error:  # PostgreSQL went away since the claim reached it
            if not self.settings.uses_postgres:
                raise
            where = safe(self.settings.database)
            raise DatabaseProblem(f"could not open the database {where} ({reason(error)}).") from None
        self.table = Table(
            self,
            self.store,
            clock=self.timer.now,
            picture_budget=PictureBudget(self.settings.picture_budget_ms),
            lobby_ttl=self._lobby_ttl,
            timer=self.timer,
            shards=self.shard_plan,
        )
        self.table.publisher.publish_every = self.publish_every
        hands, lobbies, commands = Hands(self.table), LobbyHandlers(self.table), TableCommands(self.table)
        self.table.publisher.subscribers.append(hands.on_published)
        self.table.publisher.enders.append(hands.on_published)  # open hands show the end
        clocks, stats = ClockCommands(self.table), StatsCommands(self.table)
        self.router = Router(self.table, hands, lobbies, commands, clocks, stats)
        history = self.router.history = HistoryCommands(self.table)
        daily_gardens = self.router.daily = DailyGardens(self.table, history)
        self.add_listener(self.router.on_interaction, "on_interaction")
        listen_to_servers(self, self.table)
        await self._watch()
        register_commands(
            self.tree,
            lobbies,
            hands,
            commands,
            clocks,
            test_games=self.settings.test_games,
            stats=stats,
            daily_gardens=daily_gardens,
        )
        register_history_commands(self.tree, history)
        await self.tree.set_translator(CommandWords())  # synced in French too (issue 32)
        self.metrics.known_commands(command_kinds(self.tree))
        if self.shard_plan.sharded:
            log.info(
                "Running %s; REST requests: %s.",
                self.shard_plan.describe(),
                f"at most {self.rest_window.per_second} a second (this process's share of Discord's 50)"
                if self.rest_window is not None
                else "limited by the shared REST proxy (REST_PROXY)",
            )
        if self.shard_plan.runs_shard_zero:
            await sync_if_changed(self.tree, self.store, self.settings.sync_guild_id)
        else:
            log.info("Application commands are synced by the process running shard 0; not syncing.")
        self._expiry_task = asyncio.create_task(
            commands.run_expiry(self._expiry_check_seconds), name="garden-club-lobby-expiry"
        )
        self._catch_up_task = asyncio.create_task(self.table.catch_up(), name="garden-club-catch-up")
        assert self.table.scheduler is not None
        self._deadlines_task = asyncio.create_task(self.table.scheduler.run(), name="garden-club-deadlines")
        self._pictures_task = asyncio.create_task(
            self.table.pictures.serve_waiting(
                self.table.publisher.redraw_picture, self.table.publisher.show_unpictured
            ),
            name="garden-club-waiting-pictures",
        )
        #: Online backups of the database (`take()` one now); on a schedule unless BACKUP_EVERY=off.
        self.backups = Backups(self.settings.sqlite_file, keep=self.settings.backup_keep, clock=self.timer)
        self.backups.on_damaged = self._database_damaged
        #: With shards, one process backs up the shared database: shard 0's.
        #: PostgreSQL is backed up by its own tools (pg_dump), not by the bot.
        if (
            self.settings.backup_seconds is not None
            and self.shard_plan.runs_shard_zero
            and not self.settings.uses_postgres
        ):
            self._backup_task = asyncio.create_task(
                self.backups.run(self.settings.backup_seconds), name="garden-club-backups"
            )

    async def close(self) -> None:
        await self._stop_watching()
        for task in (
            self._expiry_task,
            self._catch_up_task,
            self._deadlines_task,
            self._pictures_task,
            self._backup_task,
        ):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if hasattr(self, "table"):
            await self.table.drain()
        await super().close()
        await self.callbacks.close()
        if hasattr(self, "store"):
            await self.store.close()
        if self.claim is not None:
            await self.claim.release()
            self.claim = None

    def _database_damaged(self, line: str) -> None:
        """A backup found the database damaged: `garden-club health` says so from now on."""
        if self.heartbeat is not None:
            self.heartbeat.mark_damaged(line)

    async def _watch(self) -> None:
        """Start the heartbeat (bot/operations/health.py) and, with METRICS_PORT set, the metrics
        (bot/basics/metrics.py)."""
        self.heartbeat = Heartbeat(self, self.store, health_path(self.settings.sqlite_file), self.timer)
        heartbeat = self.heartbeat

        async def connection_changed(*_: object) -> None:
            heartbeat.poke()

        for event in ("on_ready", "on_resumed", "on_disconnect"):
            self.add_listener(connection_changed, event)
        self._heartbeat_task = asyncio.create_task(heartbeat.run(), name="garden-club-heartbeat")
        metrics = self.metrics
        if not isinstance(metrics, Metrics) or self.settings.metrics_port is None:
            return
        self.store.on_transaction = metrics.transaction
        self.table.moves.metrics = metrics
        self.table.publisher.metrics = metrics
        self.router.metrics = metrics
        mine = self.shard_plan.store_filter
        metrics.count_games = lambda: self.store.count_games("active", mine)
        metrics.picture_budget = self.table.pictures.budget

        async def command_completed(interaction: discord.Interaction[Any], *_: object) -> None:
            metrics.command_done(interaction)

        self.add_listener(command_completed, "on_app_command_completion")
        try:
            await metrics.serve(self.settings.metrics_port, self.metrics_host)
        except OSError as error:  # taken, privileged, or an address not of this machine: refused
            raise StartRefused(
                metrics_port_refusal(self.metrics_host, self.settings.metrics_port, error)
            ) from None

    async def _stop_watching(self) -> None:
        """Stop the heartbeat (its file then says the bot stopped) and the metrics server."""
        task, self._heartbeat_task = self._heartbeat_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if self.heartbeat is not None:
                self.heartbeat.stopped()
        if isinstance(self.metrics, Metrics):
            await self.metrics.stop()

    async def on_ready(self) -> None:
        user_id = self.user.id if self.user else None
        servers = len(self.guilds)
        log.info("Logged in as %s (id %s) in %s.", self.user, user_id, servers_word(servers))
        application_id = self.application_id or user_id
        if application_id is not None and not self._invite_logged:
            self._invite_logged = True
            log.info("Invite Garden Club to a server with: %s", invite_url(application_id))


def servers_word(count: int) -> str:
    """ "1 server", "3 servers": the start-up line reads as an owner would write it."""
    return f"{count} server" if count == 1 else f"{count} servers"


class ShardedGardenClubBot(GardenClubBot, commands.AutoShardedBot):
    """Garden Club running `shard_ids` of `shard_count` shards (SHARD_COUNT, SHARD_IDS): one
    gateway session per shard; made by `GardenClubBot(settings)` when the settings shard."""
