"""How `benchmarks/side_by_side.py` reads its rounds: the figures issue 31's targets are read from.

At 20 games flat out one run's CPU a click moves by a fifth from the next on this machine
(docs/performance.md), so from three rounds on each range is printed with its median: the
figure a sitting is read by, where a range says only how far the runs strayed.
"""

from __future__ import annotations

from benchmarks.side_by_side import span


def test_one_value_or_equal_values_print_once() -> None:
    assert span([1.234], 2) == "1.23"
    assert span([1.231, 1.229], 2) == "1.23"


def test_two_rounds_print_their_range_without_a_median() -> None:
    assert span([1.62, 1.35], 2) == "1.35–1.62"


def test_three_rounds_or_more_print_the_range_and_its_median() -> None:
    assert span([1.62, 1.35, 1.41], 2) == "1.35–1.62 med 1.41"
    assert span([0.9, 0.6, 0.7, 0.8], 2) == "0.60–0.90 med 0.75"
