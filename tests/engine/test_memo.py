"""The engine's bounded memos (engine/memo.py): made once per key, started afresh past the limit,
and, without a maker, holding only what their callers kept (the kept views, issue 31)."""

from __future__ import annotations

import pytest

from engine.memo import Memo


def test_a_memo_makes_each_key_once_and_starts_afresh_past_its_limit() -> None:
    made: list[int] = []

    def square(n: int) -> int:
        made.append(n)
        return n * n

    squares: Memo[int, int] = Memo(square, 2)
    assert (squares[3], squares[3], squares[4]) == (9, 9, 16)
    assert made == [3, 4]
    assert squares[5] == 25 and list(squares) == [5]  # the third key: started afresh


def test_a_memo_without_a_maker_holds_what_was_kept_and_nothing_else() -> None:
    kept: Memo[str, int] = Memo(None, 2)
    assert kept.get("a") is None
    with pytest.raises(KeyError):
        kept["a"]
    assert kept.keep("a", 1) == 1 and kept["a"] == 1
