"""bot/basics/metrics.py on plain data: the series' names, what each hook counts, and metrics off."""

from __future__ import annotations

from discord import app_commands
from prometheus_client.parser import text_string_to_metric_families

from bot.basics.metrics import (
    ERROR,
    NULL_METRICS,
    OK,
    REFUSED,
    Metrics,
    NullMetrics,
    component_kind,
    metrics_of,
    outcome_of,
)
from bot.basics.refusals import NOT_YOUR_TURN, Refusal
from bot.picture_service import PictureBudget

SERIES = {
    "garden_club_interactions": "counter",
    "garden_club_interaction_seconds": "histogram",
    "garden_club_games_in_progress": "gauge",
    "garden_club_moves": "counter",
    "garden_club_picture_budget_ms": "gauge",
    "garden_club_pictures_drawn": "counter",
    "garden_club_db_transaction_seconds": "histogram",
    "garden_club_errors": "counter",
}


async def samples(metrics: Metrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by name and labels."""
    text = (await metrics.scrape()).decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def test_every_documented_series_is_there_with_its_type() -> None:
    metrics = Metrics()
    text = (await metrics.scrape()).decode()
    families = {family.name: family.type for family in text_string_to_metric_families(text)}
    # prometheus_client adds a `*_created` gauge (when each series began) beside some series.
    assert {name: kind for name, kind in families.items() if not name.endswith("_created")} == SERIES


async def test_the_hooks_count_what_they_say() -> None:
    metrics = Metrics()
    metrics.interaction("choice", OK, 0.004)
    metrics.interaction("choice", OK, 0.006)
    metrics.interaction("hand", REFUSED, 0.001)
    metrics.interaction("/play cabbagehead", ERROR, 0.5)
    metrics.interaction("lobby", ERROR, 0.2)
    metrics.move("secret_number", "person")
    metrics.move("secret_number", "person")
    metrics.move("secret_number", "timeout")
    metrics.transaction(0.0003)
    metrics.error("publish")
    budget = PictureBudget(15)
    budget.begin()
    budget.spend(7.0)
    metrics.picture_budget = budget

    async def three() -> int:
        return 3

    metrics.count_games = three
    found = await samples(metrics)
    assert found["garden_club_interactions_total", (("kind", "choice"), ("outcome", "ok"))] == 2
    assert found["garden_club_interactions_total", (("kind", "hand"), ("outcome", "refused"))] == 1
    assert found["garden_club_interaction_seconds_count", (("kind", "choice"),)] == 2
    assert abs(found["garden_club_interaction_seconds_sum", (("kind", "choice"),)] - 0.01) < 1e-9
    assert found["garden_club_moves_total", (("by", "person"), ("game", "secret_number"))] == 2
    assert found["garden_club_moves_total", (("by", "timeout"), ("game", "secret_number"))] == 1
    assert found["garden_club_db_transaction_seconds_count", ()] == 1
    # An interaction that failed is an error where it happened; publishing counts its own.
    assert found["garden_club_errors_total", (("where", "command"),)] == 1
    assert found["garden_club_errors_total", (("where", "component"),)] == 1
    assert found["garden_club_errors_total", (("where", "publish"),)] == 1
    assert found["garden_club_games_in_progress", ()] == 3
    assert found["garden_club_pictures_drawn_total", ()] == 1
    assert 0 < found["garden_club_picture_budget_ms", ()] <= budget.burst_ms


async def test_each_bot_has_its_own_registry() -> None:
    first, second = Metrics(), Metrics()
    first.move("secret_number", "computer")
    found = await samples(second)
    # Every series starts at 0 (issue 29 item 7): the other bot's move is not counted here.
    key = ("garden_club_moves_total", (("by", "computer"), ("game", "secret_number")))
    assert found[key] == 0 and (await samples(first))[key] == 1


async def test_a_failed_count_keeps_the_last_value() -> None:
    metrics = Metrics()

    async def broken() -> int:
        raise OSError("disk gone")

    metrics.count_games = broken
    metrics.games_in_progress = 5
    assert (await samples(metrics))["garden_club_games_in_progress", ()] == 5


def test_component_kinds_come_from_the_custom_id() -> None:
    assert component_kind("gc:c:12:0:3:a1") == "choice"
    assert component_kind("gc:s:12:0:3:0") == "menu"
    assert component_kind("gc:hand:12") == "hand"
    assert component_kind("gc:lobby:12:join") == "lobby"
    assert component_kind("gc:rules:cabbagehead:2") == "rules"
    assert component_kind("gc:nonsense:1") == "other"
    assert component_kind("gc:") == "other"


def test_refusals_and_failed_checks_are_refused_anything_else_an_error() -> None:
    assert outcome_of(Refusal(NOT_YOUR_TURN)) == REFUSED
    assert outcome_of(app_commands.NoPrivateMessage()) == REFUSED
    assert outcome_of(RuntimeError("bug")) == ERROR


def test_metrics_off_do_nothing_and_cost_nothing_to_ask_for() -> None:
    class Client:
        pass

    assert metrics_of(Client()) is NULL_METRICS
    assert not NULL_METRICS.enabled
    NULL_METRICS.interaction("choice", OK, 0.1)
    NULL_METRICS.move("secret_number", "person")
    NULL_METRICS.transaction(0.1)
    NULL_METRICS.error("publish")
    with_metrics = Client()
    metrics = Metrics()
    with_metrics.metrics = metrics  # type: ignore[attr-defined]
    assert metrics_of(with_metrics) is metrics
    assert isinstance(metrics, NullMetrics)
