"""Shards across processes (issue 21): SHARD_COUNT / SHARD_IDS read and checked like every other
setting (one clear line, never a traceback), which guilds a process handles, and each process's
share of Discord's global rate limit of 50 REST requests a second."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.app import GardenClubBot, ShardedGardenClubBot
from bot.basics.shards import ShardPlan, describe_shard_ids, parse_shard_ids, shard_of
from bot.operations.rest_limit import RequestWindow, counts_against_global_limit
from bot.operations.settings import Settings, load_settings_or_exit

SHARD_SETTINGS = ["SHARD_COUNT", "SHARD_IDS", "REST_PROXY", "DISCORD_API_BASE", "DISCORD_TOKEN"]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SHARD_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")


def settings(**env: str) -> Settings:
    return Settings(_env_file=None, **env)  # type: ignore[arg-type]


def test_a_guild_belongs_to_the_shard_discord_sends_it_to() -> None:
    assert shard_of(41771983423143937, 1) == 0
    assert shard_of((7 << 22) | 12345, 4) == 3
    assert shard_of((8 << 22) | 99, 4) == 0
    assert shard_of(None, 4) == 0, "a direct message is shard 0's"


@pytest.mark.parametrize(
    ("text", "count", "ids"),
    [
        ("0-3", 4, (0, 1, 2, 3)),
        ("0,2,5", 6, (0, 2, 5)),
        ("0-1,4", 5, (0, 1, 4)),
        (" 4 , 0 - 1 ", 5, (0, 1, 4)),
        ("3", 4, (3,)),
    ],
)
def test_shard_ids_are_ranges_lists_or_both(text: str, count: int, ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(text, count) == ids


def test_shard_ids_read_back_in_the_settings_notation() -> None:
    assert describe_shard_ids((0, 1, 2, 5)) == "0-2,5"
    assert describe_shard_ids((3,)) == "3"
    assert ShardPlan(4, (0, 1)).describe() == "shards 0-1 of 4"
    assert ShardPlan().describe() == "unsharded"


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"SHARD_IDS": "0-1"}, "Setting SHARD_IDS is not valid (needs SHARD_COUNT too"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0-2"}, "shard 2 is not below SHARD_COUNT=2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1,1"}, "shard 1 is given twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1-3"}, "shard 1 is given twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "the range '3-1' runs backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "zero"}, "'zero' is not a shard id"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "'' is not a shard id"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "'-1' is not a shard id"),
        ({"SHARD_COUNT": "0"}, "Setting SHARD_COUNT is not valid"),
        ({"SHARD_COUNT": "two"}, "Setting SHARD_COUNT is not valid"),
        ({"REST_PROXY": "true"}, "Setting REST_PROXY is not valid (needs DISCORD_API_BASE"),
        (
            {"REST_PROXY": "perhaps", "DISCORD_API_BASE": "http://proxy:8080/api/v10"},
            "REST_PROXY is not valid",
        ),
    ],
)
def test_bad_shard_settings_stop_the_bot_with_one_line(
    env: dict[str, str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        load_settings_or_exit(env_file=None)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "set " in err, "the line says how to fix it"


def test_without_shard_settings_the_bot_runs_unsharded_as_always() -> None:
    plain = settings()
    plan = plain.shard_plan
    assert not plan.sharded and plan.owns_everything and plan.runs_shard_zero
    assert plan.owns_guild(12345 << 22) and plan.owns_guild(None)
    assert plain.rest_requests_per_second is None, "no limiter of its own"


def test_a_process_handles_exactly_its_shards_guilds() -> None:
    plan = settings(SHARD_COUNT="4", SHARD_IDS="1,3").shard_plan
    assert plan.ids == (1, 3) and not plan.owns_everything and not plan.runs_shard_zero
    assert [plan.owns_guild((n << 22) | 7) for n in range(8)] == [False, True, False, True] * 2
    assert not plan.owns_guild(None), "DMs are shard 0's"
    everything = settings(SHARD_COUNT="4").shard_plan
    assert everything.ids == (0, 1, 2, 3) and everything.owns_everything, "SHARD_COUNT alone: all shards here"


@pytest.mark.parametrize(
    ("count", "ids", "share"),
    [("2", "0", 25), ("2", "1", 25), ("3", "0", 16), ("3", "1-2", 33), ("4", "0-3", 50), ("64", "5", 1)],
)
def test_each_process_keeps_to_its_share_of_the_global_limit(count: str, ids: str, share: int) -> None:
    """floor(50 k / n), at least 1: whatever the split, the processes together stay within 50."""
    assert settings(SHARD_COUNT=count, SHARD_IDS=ids).rest_requests_per_second == share


def test_shares_of_all_processes_never_add_up_past_fifty() -> None:
    for count in range(1, 60):
        for processes in (1, 2, 3, 5):
            groups = [tuple(range(count))[i::processes] for i in range(min(processes, count))]
            assert sum(ShardPlan(count, group).rest_share() for group in groups) <= 50, (count, processes)


def test_behind_a_shared_rest_proxy_no_process_limits_itself() -> None:
    proxied = settings(
        SHARD_COUNT="2", SHARD_IDS="0", REST_PROXY="true", DISCORD_API_BASE="http://proxy:8080/api/v10"
    )
    assert proxied.rest_requests_per_second is None


async def test_the_bot_is_sharded_only_when_the_settings_say_so() -> None:
    plain = GardenClubBot(settings())
    sharded = GardenClubBot(settings(SHARD_COUNT="4", SHARD_IDS="2-3"))
    try:
        assert type(plain) is GardenClubBot and plain.shard_count is None and plain.rest_window is None
        assert isinstance(sharded, ShardedGardenClubBot)
        assert sharded.shard_count == 4 and sharded.shard_ids == [2, 3]
        assert sharded.rest_window is not None and sharded.rest_window.per_second == 25
        assert sharded.http.http_trace is not None, "every REST request passes the window"
    finally:
        await plain.close()


class FakeTime:
    """A clock for the window: `sleep` moves it on."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


async def test_the_window_allows_its_share_in_any_one_second_and_no_more() -> None:
    clock = FakeTime()
    window = RequestWindow(5, now=clock.time, sleep=clock.sleep)
    sent: list[float] = []
    for _ in range(23):
        await window.take()
        sent.append(clock.now)
        clock.now += 0.01
    for index, moment in enumerate(sent):
        in_second = [t for t in sent[index:] if t < moment + 1.0]
        assert len(in_second) <= 5, f"{len(in_second)} requests within a second of {moment}"
    assert sent[4] - sent[0] < 0.1, "a burst up to the share goes at once"
    assert window.waits == 4 and sent[-1] - sent[0] < 4.2, "then one second per share, no slower"


async def test_waiting_requests_go_in_the_order_they_came() -> None:
    clock = FakeTime()
    window = RequestWindow(1, now=clock.time, sleep=clock.sleep)
    order: list[int] = []

    async def request(number: int) -> None:
        await window.take()
        order.append(number)

    await asyncio.gather(*(request(n) for n in range(5)))
    assert order == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError):
        RequestWindow(0)


def test_only_requests_with_the_bots_token_count_not_interaction_answers() -> None:
    """Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit"; discord.py
    sends interaction callbacks and follow-ups without the bot's Authorization header."""
    base = "https://discord.com/api/v10"
    bot = CIMultiDict({"Authorization": "Bot abc", "User-Agent": "DiscordBot"})
    none = CIMultiDict({"User-Agent": "DiscordBot"})
    assert counts_against_global_limit(URL(f"{base}/channels/1/messages"), bot)
    assert counts_against_global_limit(
        URL(f"{base}/channels/1/messages"), CIMultiDict({"authorization": "Bot a"})
    )
    assert not counts_against_global_limit(URL(f"{base}/interactions/1/tok/callback"), bot)
    assert not counts_against_global_limit(URL(f"{base}/interactions/1/tok/callback"), none)
    assert not counts_against_global_limit(URL(f"{base}/webhooks/1/tok/messages/@original"), none)
    assert not counts_against_global_limit(URL("wss://gateway.discord.gg/?v=10"), none)


def test_an_owner_finds_the_shard_settings_in_the_readme_and_env_example() -> None:
    root = Path(__file__).resolve().parents[2]
    readme, example = (root / "README.md").read_text(), (root / ".env.example").read_text()
    for name in ("SHARD_COUNT", "SHARD_IDS", "REST_PROXY"):
        assert f"| `{name}` |" in readme, f"{name} in the README's settings table"
        assert f"\n{name}=" in example, f"{name} in .env.example"
    assert "## Run a large instance: shards and PostgreSQL" in readme
    assert "docker compose up -d --build" in readme
