"""Every registered game passes the same conformance suite (DEVELOPERS.md, Architecture).

A game may offer `conformance_options()` on its game object to have several option sets played;
otherwise its default options are used. An option set that `create` refuses (ValueError) at some
seat count is played only at the seat counts it allows.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.ai import choose_move, strengths_for
from engine.api import AnyGame
from engine.registry import all_games
from engine.rng import Rng
from tests.engine.conformance import assert_refuses_out_of_turn, play_random_game

SEEDS = range(12)
#: Seeds checked at every step (views, leaks, twins, round-trips); the others are played through
#: and checked at the end (result, standing result, replay). Every-step checks are most of the
#: suite's time, and four games per option set and seat count cover them (CI stays under 15 min).
FULLY_CHECKED = 4


def option_sets(game: AnyGame) -> list[BaseModel]:
    provider = getattr(game, "conformance_options", None)
    return list(provider()) if provider else [game.options_model()]


def accepts(game: AnyGame, options: BaseModel, seats: int) -> bool:
    """Whether the rules allow these options at this seat count (e.g. a solo-only expansion)."""
    try:
        game.create(options, seats, 0)
    except ValueError:
        return False
    return True


def cases() -> list[tuple[AnyGame, BaseModel, int]]:
    found = []
    for game in all_games().values():
        for options in option_sets(game):
            for seats in range(game.min_seats, game.max_seats + 1):
                if accepts(game, options, seats):
                    found.append((game, options, seats))
    return found


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    cases(),
    ids=lambda value: getattr(value, "name", None) or (str(value) if isinstance(value, int) else "opts"),
)
def test_random_legal_play_keeps_every_promise(game: AnyGame, options: BaseModel, seats: int) -> None:
    for seed in SEEDS:
        play_random_game(game, options, seats, seed, check_every_step=seed < FULLY_CHECKED)
    assert_refuses_out_of_turn(game, options, seats, seed=1)


def purposeful(game: AnyGame, state: BaseModel, seat: int, legal: list[Any], rng: Rng) -> Any:
    """The game's Medium computer player three moves in four, a random legal move otherwise."""
    if rng.below(4) == 0:
        return rng.choice(legal)
    return choose_move(game, state, seat, "greedy", rng.next_u64())


@pytest.mark.parametrize(
    "game", [g for g in all_games().values() if strengths_for(g.name)], ids=lambda g: g.name
)
def test_purposeful_play_reaches_the_real_end_and_keeps_every_promise(game: AnyGame) -> None:
    """Random play rarely reaches a game's real end (a finished Garden Party greenhouse, a Sabotage
    season won by objectives): computer players do, and every check holds there too."""
    options = option_sets(game)[0]
    for seed in range(2):
        play_random_game(game, options, game.min_seats, seed, choose=purposeful)


def test_registry_names_are_stable_identifiers() -> None:
    for name, game in all_games().items():
        assert name == game.name and name.isidentifier()
        assert game.min_seats >= 1 and game.max_seats >= game.min_seats
