"""The explorer's whole-games mode (issue 32) chooses what carries games to their end: no command
that ends, leaves or pauses a game, no control that cancels or leaves a lobby, no second game of a
kind, no clock jump of a lobby's life or a day, and `/play` with the shortest options the synced
command tree offers. Its long runs are `benchmarks/explore.py --whole-games`, not CI's."""

from __future__ import annotations

import random

from bot.basics.clock import ManualClock
from bot.play.lobby import DEFAULT_LOBBY_TTL
from tests.explorer.commands import command_node, random_invocation, shortest
from tests.explorer.explorer import STEPS, Explorer
from tests.explorer.whole_explorer import WholeGamesExplorer
from tests.explorer.whole_games import (
    KINDS,
    LEFT_OUT,
    WAITS,
    WHOLE_JUMPS,
    WHOLE_STEPS,
    all_finished,
    allowed,
    finished_by_kind,
)
from tests.fake_discord import BotRunner, FakeDiscord


def _explorer(fake: FakeDiscord, runner: BotRunner, *, whole: bool) -> Explorer:
    kind = WholeGamesExplorer if whole else Explorer
    return kind(fake, runner, ManualClock(), random.Random(5), [fake.alice, fake.bob], [fake.general])


async def test_whole_games_commands_never_end_leave_pause_or_open_a_game(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """500 commands drawn in whole-games mode from the tree the bot synced hold no /end, /leave,
    /pause or /play; the ordinary mode's 500 do (so the draw is what keeps them out)."""
    await garden_bot.start()
    explorer = _explorer(fake_discord, garden_bot, whole=True)
    whole = {explorer._draw_command().command for _ in range(500)}
    explorer = _explorer(fake_discord, garden_bot, whole=False)
    ordinary = {explorer._draw_command().command for _ in range(500)}
    assert not {c.split()[0] for c in whole} & set(LEFT_OUT), whole
    assert {"end", "leave"} <= {c.split()[0] for c in ordinary}, ordinary
    assert len(whole) > 10, whole  # the rest of the tree is still drawn


async def test_a_whole_game_is_opened_with_the_shortest_options_the_command_offers(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Garden Party at most 3 rounds, its short game and 5 s replies; Sabotage a season of 3
    rounds: the least each `/play` option allows, and every value one the tree allows."""
    await garden_bot.start()
    rng = random.Random(3)
    for _ in range(20):
        for sub in KINDS:
            drawn = random_invocation(
                fake_discord, rng, [fake_discord.alice], [], command_name="play", subcommand=sub
            )
            invocation = shortest(fake_discord, drawn)
            assert invocation.command == f"play {sub}"
            given = invocation.options
            if sub == "garden-party":
                assert (given["season_rounds"], given["short_game"], given["reply_seconds"]) == (3, True, 5)
            if sub == "sabotage":
                assert given["season_rounds"] == 3
            for option in command_node(fake_discord, invocation).get("options") or []:
                value = given.get(option["name"])
                if value is None or not isinstance(value, int | str) or isinstance(value, bool):
                    continue
                if option.get("choices"):
                    assert value in [c["value"] for c in option["choices"]], (option["name"], value)
                elif "min_value" in option:
                    assert option["min_value"] <= value <= option["max_value"], (option["name"], value)


def test_whole_games_steps_and_clock_jumps() -> None:
    """The same kinds of step as the ordinary mix (bar /play's own), mostly playing on; clock
    jumps and waits shorter than a lobby's life, so no lobby expires and no day turns."""
    weights = dict(WHOLE_STEPS)
    assert {"restart", "kill", "forged", "old_message", "click_anything"} <= set(weights)
    assert set(weights) - {"play_on", "start_game"} <= {name for name, _ in STEPS}
    assert weights["play_on"] > sum(weights.values()) / 2
    assert all(hasattr(WholeGamesExplorer, f"_{name}") for name in weights)
    assert (WholeGamesExplorer.STEP_MIX, WholeGamesExplorer.CLOCK_JUMPS) == (WHOLE_STEPS, WHOLE_JUMPS)
    assert max(WHOLE_JUMPS + WAITS) < DEFAULT_LOBBY_TTL / 10


def test_whole_games_people_never_cancel_leave_or_open_a_second_game_of_a_kind() -> None:
    """No lobby cancelled or left; Play again only under a game whose kind has none going."""
    games = {1: ("garden_party", "finished"), 2: ("sabotage", "finished"), 3: ("sabotage", "active")}
    assert not allowed("gc:lobby:4:cancel", games)
    assert not allowed("gc:lobby:4:leave", games)
    assert allowed("gc:lobby:4:join", games) and allowed("gc:lobby:4:start", games)
    assert allowed("gc:again:1", games)
    assert not allowed("gc:again:2", games)
    assert allowed("gc:c:3:0:5:a1", games) and allowed("gc:hand:3", games)


def test_only_games_played_to_their_end_count() -> None:
    rows = [
        ("cabbagehead", "finished", "completed"),
        ("sabotage", "finished", "ended"),
        ("sabotage", "active", None),
        ("garden_party", "finished", "completed"),
        ("objection", "finished", "completed"),
    ]
    counts = finished_by_kind(rows)
    assert counts == {"cabbagehead": 1, "garden_party": 1, "sabotage": 0, "objection": 1}
    assert not all_finished(counts)
    assert all_finished(finished_by_kind([*rows, ("sabotage", "finished", "completed")]))
