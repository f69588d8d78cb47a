"""Games that start from a prepared position, played on by clicks through the fake Discord.

A test that needs an exact position (a tie at the end, a hand that can or cannot complete an
objective, a plot about to lose its edge) builds the engine state with the engine tests' helpers,
then opens and starts the game as a person would (`/play`, Join, Start). Only the deal changes: the
game's seed picks the prepared state instead of a shuffle (`Game.create` is wrapped for the test),
and everything after it — every click, move, picture and message — is the bot's ordinary path.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.registry import get_game
from tests.fake_discord import BotRunner


def prepare(
    monkeypatch: pytest.MonkeyPatch,
    runner: BotRunner,
    game_name: str,
    states: dict[int, Callable[[], Any]],
) -> None:
    """The next games are dealt the seeds of `states`, in order (then seeds 1000, 1001…), and a
    game of `game_name` dealt seed `s` starts at `states[s]()` (any other seed, such as the
    lobby's check of its options, deals as usual)."""
    game = get_game(game_name)
    original = game.create
    seeds: Iterator[int] = itertools.chain(list(states), itertools.count(1000))

    def create(options: Any, seats: int, seed: int) -> Any:
        make = states.get(seed)
        if make is None:
            return original(options, seats, seed)
        state = copy.deepcopy(make())
        assert state.seats == seats, f"prepared for {state.seats} seats, started with {seats}"
        return state

    monkeypatch.setattr(game, "create", create)
    runner.bot.table.lobbies._seed_source = lambda: next(seeds)
