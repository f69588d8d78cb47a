"""The result's words count as players do (issue 27 item 9's final message read "1 points")."""

from engine.api import points_word


def test_one_point_is_singular_and_every_other_count_plural() -> None:
    assert [f"{n} {points_word(n)}" for n in (1, -1, 0, 2, -12)] == [
        "1 point",
        "-1 point",
        "0 points",
        "2 points",
        "-12 points",
    ]
