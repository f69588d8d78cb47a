"""Prometheus metrics (METRICS_PORT) end to end: the real bot serves /metrics while a game is
played through the fake Discord, and the series count what happened."""

from __future__ import annotations

import socket

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import GardenClubBot
from bot.basics.metrics import NULL_METRICS
from bot.operations.start_refusal import StartRefused
from tests.e2e.table_driver import board, click, offered, open_hand, open_lobby, pick, wait_for_move
from tests.e2e.test_secret_numbers_table import PLAY, player_to_move
from tests.fake_discord import BotRunner, FakeDiscord

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]

DOCUMENTED = {
    "garden_club_interactions",
    "garden_club_interaction_seconds",
    "garden_club_games_in_progress",
    "garden_club_moves",
    "garden_club_picture_budget_ms",
    "garden_club_pictures_drawn",
    "garden_club_db_transaction_seconds",
    "garden_club_errors",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def scrape(port: int) -> tuple[set[str], Samples]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = await answer.text()
    families = list(text_string_to_metric_families(text))
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in families
        for sample in family.samples
    }
    return {family.name for family in families}, samples


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of `name`'s samples whose labels include `labels`."""
    return sum(
        value
        for (found, found_labels), value in samples.items()
        if found == name and set(labels.items()) <= set(found_labels)
    )


async def metrics_bot(garden_bot: BotRunner) -> tuple[GardenClubBot, int]:
    port = free_port()
    settings = garden_bot.settings()
    settings.metrics_port = port
    garden_bot.before_start.append(lambda bot: setattr(bot, "metrics_host", "127.0.0.1"))
    return await garden_bot.start(settings), port


async def test_metrics_count_a_game_played_by_clicks(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    bot, port = await metrics_bot(garden_bot)
    names, before = await scrape(port)
    assert names >= DOCUMENTED
    assert total(before, "garden_club_moves_total") == 0

    lobby = await open_lobby(fake, fake.alice, fake.general, PLAY, {"turns": 2})
    await click(fake, fake.bob, lobby, "Join")
    await click(fake, fake.alice, lobby, "Start")
    board_message = board(fake, fake.general)
    refused = await click(fake, fake.carol, board_message, "My hand / My turn")
    assert "not playing" in refused.original.text()

    moves = 0
    while "Game over" not in board_message.text():
        player = player_to_move(fake, board_message)
        hand = await open_hand(fake, player, fake.general)
        await pick(fake, player, hand, offered(hand)[0][1])
        moves += 1
        board_message = await wait_for_move(fake, fake.general, moves)
        if moves == 2:
            _, middle = await scrape(port)
            assert total(middle, "garden_club_moves_total") == 2
            assert total(middle, "garden_club_games_in_progress") == 1
    assert moves == 4

    _, after = await scrape(port)
    assert total(after, "garden_club_moves_total", game="secret_number", by="person") == moves
    assert total(after, "garden_club_moves_total") == moves
    assert total(after, "garden_club_games_in_progress") == 0
    assert total(after, "garden_club_interactions_total", kind=f"/{PLAY}", outcome="ok") == 1
    assert total(after, "garden_club_interactions_total", kind="lobby", outcome="ok") == 2
    assert total(after, "garden_club_interactions_total", kind="hand", outcome="refused") == 1
    assert total(after, "garden_club_interactions_total", kind="hand", outcome="ok") == moves
    clicks = total(after, "garden_club_interactions_total", kind="choice") + total(
        after, "garden_club_interactions_total", kind="menu"
    )
    assert clicks == moves
    assert total(after, "garden_club_interaction_seconds_count", kind="lobby") == 2
    assert total(after, "garden_club_db_transaction_seconds_count") >= moves
    assert total(after, "garden_club_errors_total") == 0
    assert total(after, "garden_club_pictures_drawn_total") == bot.table.pictures.budget.drawn


async def test_no_metrics_port_no_server_and_no_metrics(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    bot = await garden_bot.start()
    assert bot.metrics is NULL_METRICS
    assert bot.table.moves.metrics is NULL_METRICS and bot.router.metrics is NULL_METRICS
    assert bot.store.on_transaction is None


async def test_the_server_stops_with_the_bot(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    _, port = await metrics_bot(garden_bot)
    await scrape(port)
    await garden_bot.stop()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))  # free again


async def test_a_taken_port_refuses_the_start(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    """Issue 29 item 7: a bot that plays on without the metrics it was asked to serve looks healthy
    while the owner's alerts see nothing: it refuses to start instead, with one line."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        settings = garden_bot.settings()
        settings.metrics_port = int(taken.getsockname()[1])
        garden_bot.before_start.append(lambda bot: setattr(bot, "metrics_host", "127.0.0.1"))
        with pytest.raises(StartRefused) as refused:
            await garden_bot.start(settings)
    line = str(refused.value)
    assert f"127.0.0.1:{settings.metrics_port}" in line and "set METRICS_PORT to a free port" in line
    assert "\n" not in line


async def test_every_series_is_there_from_the_first_scrape(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 29 item 7: an alert on errors or moves needs the series before the first event."""
    _, port = await metrics_bot(garden_bot)
    _, samples = await scrape(port)
    for where in ("command", "component", "publish", "subscriber"):
        assert (("garden_club_errors_total", (("where", where),))) in samples, where
    for by in ("person", "computer", "timeout"):
        key = ("garden_club_moves_total", (("by", by), ("game", "cabbagehead")))
        assert samples.get(key) == 0, key
    for kind, outcome in (("/play cabbagehead", "error"), ("/hand", "ok"), ("hand", "refused")):
        key = ("garden_club_interactions_total", (("kind", kind), ("outcome", outcome)))
        assert samples.get(key) == 0, key
    assert total(samples, "garden_club_errors_total") == 0
