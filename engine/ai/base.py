"""What a computer player is given, and how a seat's decision is built from a game state.

A player never receives the game state: `Decision` carries only the seat, that seat's view and its
legal actions. A player that wants to search asks its game's sampler to deal the unseen cards at
random (`sample_state(view, rng)`), so hidden information cannot reach it by construction (the
tests also check that two states with the same view give the same choice).

Players are deterministic: the same decision and the same seed give the same action. Budgets are
playout counts, never clocks (engine/ reads no clock).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from engine.api import AnyGame, Seat
from engine.rng import Rng

Strength = Literal["random", "greedy", "strong"]
STRENGTHS: tuple[Strength, ...] = ("random", "greedy", "strong")


@dataclass(frozen=True, slots=True)
class Decision:
    """Everything a computer player may know when it chooses: whose seat, what that seat sees, and
    the actions the rules allow it now (in the game's stable order)."""

    seat: Seat
    view: BaseModel
    legal: Sequence[Any]


class Player(Protocol):
    """A computer player: picks one of `decision.legal`, using `rng` for every random choice."""

    strength: Strength

    def choose(self, decision: Decision, rng: Rng) -> Any: ...


def decision_for(game: AnyGame, state: BaseModel, seat: Seat) -> Decision:
    """The decision `seat` faces in `state`: only its view and its legal actions leave the state."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make now")
    return Decision(seat=seat, view=game.view(state, seat), legal=legal)


def move_seed(game_seed: int, moves_so_far: int, seat: Seat) -> int:
    """The seed of a computer player's move: fixed by the game's seed and how far it has gone, so a
    replay (or a restart in the middle of a computer's turn) makes the same choice again."""
    return (game_seed * 1_000_003 + moves_so_far * 7_919 + seat * 104_729) & ((1 << 64) - 1)


class RandomPlayer:
    """Random: any legal action, uniformly (the floor every other strength must beat)."""

    strength: Strength = "random"

    def choose(self, decision: Decision, rng: Rng) -> Any:
        return decision.legal[rng.below(len(decision.legal))]
