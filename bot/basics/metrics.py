"""Optional Prometheus metrics (`METRICS_PORT`): what the bot does, for its owner's dashboards.

`Metrics` owns its own `CollectorRegistry` (never prometheus_client's global one), so tests and
several bots in one process do not clash, and serves it at `/metrics` from a small aiohttp server
inside the bot's own event loop (`serve`). With metrics off, every hook is `NULL_METRICS`, whose
methods do nothing: the call sites cost a method call and nothing more.

The series (documented in the README, "Watching the bot"):

- `garden_club_interactions_total{kind, outcome}`: every command (`kind` is its name after a slash,
  such as "/play cabbagehead" or "/hand") and every click on a component (`kind`: lobby, hand,
  choice, menu, rules, pause, back), by outcome: ok, refused (the player's answer: not your turn,
  …) or error (the player was told something went wrong, or the answer came too late);
- `garden_club_interaction_seconds{kind}`: how long its handler ran (histogram);
- `garden_club_games_in_progress`: games being played now (read from the database at each scrape);
- `garden_club_moves_total{game, by}`: moves stored, by a person, a computer, or for a timed-out
  turn (`timeout`);
- `garden_club_picture_budget_ms`: CPU milliseconds left in the picture budget (negative: overdrawn);
- `garden_club_pictures_drawn_total`: pictures drawn;
- `garden_club_db_transaction_seconds`: how long each committed database transaction took
  (histogram; waiting for the connection is not counted);
- `garden_club_errors_total{where}`: failures, by where: command, component, publish (showing a
  game in Discord), subscriber (what follows a shown move: a computer's turn, a clock).
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

import discord
from aiohttp import web
from discord import app_commands
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.basics.refusals import Refusal
from engine.registry import all_games

log = logging.getLogger(__name__)


class PictureBudget(Protocol):
    """What the metrics read of the picture budget (bot/picture_service/budget.py), named here so
    the metrics import nothing above them."""

    @property
    def drawn(self) -> int: ...
    def level(self) -> float: ...


#: Where `serve` listens unless told (METRICS_HOST, bot/operations/settings.py): this machine only.
DEFAULT_HOST = "127.0.0.1"

OK, REFUSED, ERROR = "ok", "refused", "error"
OUTCOMES = (OK, REFUSED, ERROR)
#: Who stores a move (`garden_club_moves_total{by}`), and where failures are counted (`{where}`).
MOVERS = ("person", "computer", "timeout")
WHERES = ("command", "component", "publish", "subscriber")

#: A component's kind, from the second part of its custom id (`gc:<kind>:…`, `bot/ui/ids.py`).
COMPONENT_KINDS = {
    "lobby": "lobby",
    "hand": "hand",
    "c": "choice",
    "s": "menu",
    "rules": "rules",
    "pause": "pause",
    "back": "back",
    "again": "again",
    "text": "text",
    "replay": "replay",
    "history": "history",
}

#: Seconds: most answers take milliseconds; a slow disk or Discord stretches some to seconds.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Seconds: a transaction is well under a millisecond on a quiet disk.
TRANSACTION_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0, 5.0)

#: Where `CommandTree.interaction_check` notes when a command's handler started (`interaction.extras`).
STARTED = "garden_club.started"


def component_kind(custom_id: str) -> str:
    """ "gc:c:12:0:3:a1" -> "choice"; "other" for an id of no known kind."""
    parts = custom_id.split(":", 2)
    return COMPONENT_KINDS.get(parts[1], "other") if len(parts) > 2 else "other"


def outcome_of(error: BaseException) -> str:
    """REFUSED for the player's answers (refusals and failed checks, as `bot.handlers.errors` answers
    them), else ERROR (an apology, or an answer too late)."""
    original: BaseException = error
    while True:
        if isinstance(original, app_commands.CommandInvokeError):
            cause: BaseException | None = original.original
        elif isinstance(original, app_commands.TransformerError):
            cause = original.__cause__
        else:
            break
        if cause is None or cause is original:
            break
        original = cause
    if isinstance(original, Refusal | app_commands.CheckFailure):
        return REFUSED
    return ERROR


class NullMetrics:
    """Metrics off: every hook does nothing."""

    enabled = False

    def interaction(self, kind: str, outcome: str, seconds: float | None = None) -> None:
        """One command or click handled, with its outcome and how long its handler ran."""

    def move(self, game: str, by: str) -> None:
        """One move stored; `by`: person, computer or timeout."""

    def transaction(self, seconds: float) -> None:
        """One database transaction committed in `seconds`, its wait for the connection included."""

    def error(self, where: str) -> None:
        """One failure (`where`: command, component, publish, subscriber)."""

    def command_started(self, interaction: discord.Interaction[Any]) -> None:
        """A command's handler starts (its latency is measured from here)."""

    def known_commands(self, kinds: Iterable[str]) -> None:
        """The commands registered (`/play cabbagehead`, …): their series start at 0."""

    def command_done(self, interaction: discord.Interaction[Any], error: BaseException | None = None) -> None:
        """A command's handler finished (`error`: what it raised, answered by the central handler)."""


NULL_METRICS = NullMetrics()


class _Sampled(Collector):
    """The series read when scraped: games in progress (counted at the scrape), the picture budget."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> Iterable[Metric]:
        return self._families(sample=False)

    def collect(self) -> Iterable[Metric]:
        return self._families(sample=True)

    def _families(self, *, sample: bool) -> list[Metric]:
        games = GaugeMetricFamily("garden_club_games_in_progress", "Games being played now.")
        level = GaugeMetricFamily(
            "garden_club_picture_budget_ms",
            "CPU milliseconds left in the picture budget (PICTURE_BUDGET_MS a second; negative: overdrawn).",
        )
        drawn = CounterMetricFamily("garden_club_pictures_drawn", "Board and hand pictures drawn.")
        if sample:
            games.add_metric([], float(self.metrics.games_in_progress))
            budget = self.metrics.picture_budget
            level.add_metric([], budget.level() if budget is not None else 0.0)
            drawn.add_metric([], float(budget.drawn) if budget is not None else 0.0)
        return [games, level, drawn]


class Metrics(NullMetrics):
    """The bot's Prometheus series, in a registry of their own, and the server that shows them."""

    enabled = True

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.interactions = Counter(
            "garden_club_interactions",
            "Commands and component clicks handled, by kind and outcome (ok, refused, error).",
            ["kind", "outcome"],
            registry=self.registry,
        )
        self.interaction_seconds = Histogram(
            "garden_club_interaction_seconds",
            "How long handling a command or click took, by kind (seconds).",
            ["kind"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.moves = Counter(
            "garden_club_moves",
            "Moves stored, by game and by whom (person, computer, timeout).",
            ["game", "by"],
            registry=self.registry,
        )
        self.db_transaction_seconds = Histogram(
            "garden_club_db_transaction_seconds",
            "How long each committed database transaction took (seconds).",
            buckets=TRANSACTION_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "garden_club_errors",
            "Failures, by where (command, component, publish, subscriber).",
            ["where"],
            registry=self.registry,
        )
        self._start_at_zero()
        #: Read at each scrape: set by the bot (`count_games` from the store, the picture budget).
        self.games_in_progress = 0
        self.count_games: Callable[[], Awaitable[int]] | None = None
        self.picture_budget: PictureBudget | None = None
        self.registry.register(_Sampled(self))
        self._runner: web.AppRunner | None = None
        #: The port actually listened on (`serve` with port 0 picks a free one).
        self.port: int | None = None

    def _start_at_zero(self) -> None:
        """Every series for the label values known now, at 0: an alert on `rate(errors_total[5m])`
        or on a game's moves sees a series from the first scrape, not only after the first event."""
        for where in WHERES:
            self.errors.labels(where)
        for game in all_games():
            for by in MOVERS:
                self.moves.labels(game, by)
        self.known_commands(sorted(set(COMPONENT_KINDS.values())))

    def known_commands(self, kinds: Iterable[str]) -> None:
        for kind in kinds:
            for outcome in OUTCOMES:
                self.interactions.labels(kind, outcome)

    # --- the hooks ------------------------------------------------------------------------------

    def interaction(self, kind: str, outcome: str, seconds: float | None = None) -> None:
        self.interactions.labels(kind, outcome).inc()
        if seconds is not None:
            self.interaction_seconds.labels(kind).observe(seconds)
        if outcome == ERROR:
            self.error("command" if kind.startswith("/") else "component")

    def move(self, game: str, by: str) -> None:
        self.moves.labels(game, by).inc()

    def transaction(self, seconds: float) -> None:
        self.db_transaction_seconds.observe(seconds)

    def error(self, where: str) -> None:
        self.errors.labels(where).inc()

    def command_started(self, interaction: discord.Interaction[Any]) -> None:
        interaction.extras[STARTED] = time.perf_counter()

    def command_done(self, interaction: discord.Interaction[Any], error: BaseException | None = None) -> None:
        outcome = OK if error is None else outcome_of(error)
        command = interaction.command
        kind = f"/{command.qualified_name}" if command is not None else "/unknown"
        started = interaction.extras.get(STARTED)
        seconds = time.perf_counter() - started if isinstance(started, float) else None
        self.interaction(kind, outcome, seconds)

    # --- scraping and serving -------------------------------------------------------------------

    async def refresh(self) -> None:
        """Read what is sampled from the database (before each scrape)."""
        if self.count_games is not None:
            try:
                self.games_in_progress = await self.count_games()
            except Exception:
                log.warning("Could not count the games in progress for the metrics.", exc_info=True)

    async def scrape(self) -> bytes:
        """The metrics as Prometheus reads them (text format)."""
        await self.refresh()
        return generate_latest(self.registry)

    async def _handle(self, request: web.Request) -> web.Response:
        body = await self.scrape()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def serve(self, port: int, host: str = DEFAULT_HOST) -> None:
        """Serve `/metrics` on `host:port` from this event loop, until `stop`."""
        app = web.Application()
        app.router.add_get("/metrics", self._handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        addresses = runner.addresses
        self.port = int(addresses[0][1]) if addresses else port
        log.info("Serving Prometheus metrics at http://%s:%s/metrics", host, self.port)

    async def stop(self) -> None:
        """Stop serving (the bot closes)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


class CommandTree(app_commands.CommandTree[Any]):
    """discord.py's command tree, noting when each command's handler starts (for its latency)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        metrics_of(self.client).command_started(interaction)
        return True


def metrics_of(client: object) -> NullMetrics:
    """The bot's metrics (`NULL_METRICS` when off, or for a client that has none)."""
    found = getattr(client, "metrics", None)
    return found if isinstance(found, NullMetrics) else NULL_METRICS


def command_kinds(tree: discord.app_commands.CommandTree[Any]) -> list[str]:
    """Each registered command as the metrics name it ("/play cabbagehead", "/hand")."""
    kinds: list[str] = []
    for command in tree.walk_commands():
        if isinstance(command, discord.app_commands.Command):
            kinds.append(f"/{command.qualified_name}")
    return kinds


def metrics_port_refusal(host: str, port: int, error: OSError) -> str:
    """The one line for a metrics port that cannot be opened: a bot whose metrics silently do not
    serve would look healthy while the owner's alerts see nothing."""
    why = error.strerror or str(error)
    privileged = " (ports below 1024 need root)" if port < 1024 and error.errno == errno.EACCES else ""
    return (
        f"could not serve metrics on {host}:{port} ({why}){privileged}: set METRICS_PORT to a free "
        "port such as 9108, METRICS_HOST to an address of this machine, or leave METRICS_PORT empty."
    )
