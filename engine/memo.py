"""Memos for pure functions of small immutable keys: the words, records and scores the bot asks
for again on every version of a game, made once and looked up after (issue 31)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """`make(key)` made once per key: a dict, so a value already made costs one look-up. Its memory
    is bounded: past `limit` keys it starts afresh (the keys in use are made again, once).

    `make` None: each value is made by its caller, from more than the key holds, and kept with
    `keep` (a kept view, made from the state); `memo[key]` of a key never kept is a `KeyError`."""

    def __init__(self, make: Callable[[K], V] | None, limit: int) -> None:
        super().__init__()
        self._make = make
        self._limit = limit

    def __missing__(self, key: K) -> V:
        if self._make is None:
            raise KeyError(key)
        return self.keep(key, self._make(key))

    def keep(self, key: K, value: V) -> V:
        """Remember `value` for `key` (made by the caller, from more than the key holds)."""
        if len(self) >= self._limit:
            self.clear()
        self[key] = value
        return value
