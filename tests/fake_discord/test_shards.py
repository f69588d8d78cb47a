"""The fake Discord's shards (issue 21, "Tests and figures": the fake learns shards): IDENTIFY with
`shard: [id, count]` opens one gateway session per shard, each gets only its guilds (Discord's
`(guild_id >> 22) % count`), guild events and interactions go to their guild's shard, DMs to shard
0, `GET /gateway/bot` recommends a shard count, and an unsharded client gets everything as before.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import aiohttp

from bot.app import GardenClubBot, ShardedGardenClubBot
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.checks import OpenApiSpec
from tests.fake_discord.gateway import HELLO, IDENTIFY, INVALID_SHARD
from tests.fake_discord.model import FakeGuild, shard_of, snowflake_on_shard


def two_shard_guilds(fake: FakeDiscord) -> tuple[FakeGuild, FakeGuild]:
    """A server on shard 0 and one on shard 1, of 2."""
    return fake.add_guild("Shard Zero Garden", shard=(0, 2)), fake.add_guild("Shard One Garden", shard=(1, 2))


def no_identify_wait(bot: GardenClubBot) -> None:
    """discord.py waits 5 s between one process's shards' IDENTIFYs (Discord's max_concurrency 1):
    the fake has no such limit."""

    async def at_once(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    bot.before_identify_hook = at_once  # type: ignore[method-assign]


def test_snowflakes_land_on_the_shard_asked_for() -> None:
    for count in (1, 2, 3, 16):
        for shard in range(count):
            guild_id = snowflake_on_shard(shard, count)
            assert shard_of(guild_id, count) == shard
            assert guild_id >> 22 > 0
    assert shard_of(None, 4) == 0, "a DM belongs to shard 0"
    assert snowflake_on_shard(1, 2) != snowflake_on_shard(1, 2), "ids stay unique"


async def test_one_process_running_two_shards_gets_one_session_per_shard(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    zero, one = two_shard_guilds(fake)
    garden_bot.extra_settings = {"shard_count": 2}
    garden_bot.before_start.append(no_identify_wait)
    bot = await garden_bot.start()
    assert isinstance(bot, ShardedGardenClubBot)
    identified = sorted(p["shard"] for p in fake.gateway.stats.identify_payloads)
    assert identified == [[0, 2], [1, 2]]
    for shard, guild in ((0, zero), (1, one)):
        session = fake.gateway.shard_session(shard)
        assert session is not None and session.live
        [ready] = [e["d"] for e in session.events if e["t"] == "READY"]
        listed = {int(g["id"]) for g in ready["guilds"]}
        assert guild.id in listed and all(shard_of(g, 2) == shard for g in listed)
        created = {int(e["d"]["id"]) for e in session.events if e["t"] == "GUILD_CREATE"}
        assert created == listed
    assert {g.id for g in bot.guilds} == set(fake.guilds), "the process sees both shards' servers"
    for guild, shard in ((zero, 0), (one, 1)):
        asked = await fake.slash(fake.alice, fake.channel_named("general", guild), "help")
        assert asked.shard == shard, "an interaction goes to its guild's shard"
        await fake.response_message(asked)
    dm = await fake.slash(fake.alice, fake.dm_channel(fake.alice), "help")
    assert dm.shard == 0, "direct messages go to shard 0"
    await fake.response_message(dm)


async def test_two_processes_each_get_only_their_shards_guilds_and_events(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    zero, one = two_shard_guilds(fake)
    first = BotRunner(fake, tmp_path / "data", shard_count=2, shard_ids="0")
    second = BotRunner(fake, tmp_path / "data", shard_count=2, shard_ids="1")
    try:
        bot_zero, bot_one = await first.start(), await second.start()
        assert {g.id for g in bot_zero.guilds} == {g for g in fake.guilds if shard_of(g, 2) == 0}
        assert {g.id for g in bot_one.guilds} == {g for g in fake.guilds if shard_of(g, 2) == 1}
        seen: dict[int, list[int]] = {0: [], 1: []}
        for shard, bot in ((0, bot_zero), (1, bot_one)):
            bot.add_listener(functools.partial(_note, seen[shard]), "on_interaction")
        for guild, shard in ((zero, 0), (one, 1)):
            asked = await fake.slash(fake.bob, fake.channel_named("general", guild), "help")
            assert asked.shard == shard
            await fake.response_message(asked)
            assert seen[shard] == [asked.id] and seen[1 - shard] == []
            seen[shard].clear()
        await second.stop()
        lost = await fake.slash(fake.bob, fake.channel_named("general", one), "help")
        assert lost.shard == 1 and seen[0] == [], "shard 1's events never reach shard 0's process"
        await second.start()
        assert fake.gateway.stats.resumes == 0, "a new process identifies afresh"
        assert lost.response is None, "an interaction sent while its shard was down is lost, as on Discord"
        again = await fake.slash(fake.bob, fake.channel_named("general", one), "help")
        await fake.response_message(again)
    finally:
        await second.stop()
        await first.stop()


async def _note(into: list[int], interaction: Any) -> None:
    into.append(int(interaction.id))


async def test_an_unsharded_client_gets_every_guild_in_one_session(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    fake = fake_discord
    zero, one = two_shard_guilds(fake)
    bot = await garden_bot.start()
    assert not isinstance(bot, ShardedGardenClubBot)
    [identify] = fake.gateway.stats.identify_payloads
    assert "shard" not in identify
    assert {g.id for g in bot.guilds} == set(fake.guilds)
    for guild in (zero, one):
        asked = await fake.slash(fake.alice, fake.channel_named("general", guild), "help")
        assert asked.shard is None
        await fake.response_message(asked)


async def test_an_identify_with_an_impossible_shard_is_closed_with_4010(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    for shard in ([2, 2], [0, 0], [-1, 2], [0]):
        async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
            hello = json.loads((await ws.receive()).data)
            assert hello["op"] == HELLO
            identify = {"token": fake.token, "intents": 1, "properties": {}, "shard": shard}
            await ws.send_str(json.dumps({"op": IDENTIFY, "d": identify}))
            await ws.receive()
            assert ws.close_code == INVALID_SHARD, shard


async def test_gateway_bot_recommends_the_fakes_shard_count(
    fake_discord: FakeDiscord, discord_openapi: OpenApiSpec | None
) -> None:
    fake = fake_discord
    fake.recommended_shards = 3
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{fake.api_base}/gateway/bot", headers=headers) as got,
    ):
        answer = await got.json()
    assert answer["shards"] == 3 and answer["url"] == fake.gateway_url
    if discord_openapi is not None:  # absent on a fresh clone: the limit checks still ran
        assert discord_openapi.validate_response("GET", "/gateway/bot", 200, answer) == []
