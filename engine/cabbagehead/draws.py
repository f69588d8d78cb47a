"""The game's seeded generator, run on a plain object for speed.

`engine.rng.Rng` is a pydantic model, so every draw pays for a validated attribute write. Shuffling
the deck and revealing tokens make a hundred draws a game; `LocalRng` runs the very same methods
of `Rng` (borrowed, not copied) on a slotted object and hands the final state back, so the
sequence of numbers, the saved state and every replay are exactly what `Rng` itself would give.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar, cast

from engine.rng import Rng

T = TypeVar("T")


class LocalRng:
    """`Rng`'s algorithm on a plain object: copy the state in, draw, write it back with `store`."""

    __slots__ = ("state",)

    def __init__(self, rng: Rng) -> None:
        self.state = rng.state

    next_u64 = cast(Callable[[Any], int], Rng.next_u64)
    #: A uniform integer in [0, n) (the reveal's hottest call, so `Rng.below` itself, unwrapped).
    below = cast(Callable[[Any, int], int], Rng.below)
    _shuffle = cast(Callable[[Any, MutableSequence[Any]], None], Rng.shuffle)
    _sample = cast(Callable[[Any, Sequence[Any], int], list[Any]], Rng.sample)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return cast(list[T], self._sample(items, k))

    def store(self, rng: Rng) -> None:
        rng.state = self.state
