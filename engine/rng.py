"""A tiny seeded random generator whose whole state is one integer.

Games keep an `Rng` inside their pydantic state, so the generator is saved and restored with the
game and a replay from the same seed draws the same cards. SplitMix64 is used because it is small,
fast in pure Python, and its output is fixed forever (unlike library generators that may change).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from engine.state_model import StateModel

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng(StateModel):
    """SplitMix64 generator. `state` is the only field, so JSON round-trip is exact."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator seeded from any integer (negative and huge seeds are folded to 64 bits)."""
        return cls(state=seed & _MASK64)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        # `next_u64` written out: the games' hottest call, and a method call would double its cost.
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items in random order (k is capped at len(items))."""
        pool = list(items)
        k = min(k, len(pool))
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one and `salt`, without advancing this one.

        Useful for computer players, which must not disturb the game's own draws.
        """
        return Rng(state=(self.state ^ ((salt * _GOLDEN) & _MASK64)) & _MASK64)
