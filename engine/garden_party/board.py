"""The Countess's estate (rules III B): a star of paths around the central square.

Each seat's arm runs greenhouse "G<s>" - lawn "L<s>" - pavement "P<s>" - central square "C", one
movement point a step. The hedges leave no other way: greenhouse to greenhouse goes through the
central square (six steps). Only the seats' arms are in play (the board's other arms lead nowhere
anyone needs to go: ruling 3).
"""

from __future__ import annotations

from functools import cache

CENTRE = "C"
#: Steps from the central square along an arm.
_DEPTH = {"P": 1, "L": 2, "G": 3}


def greenhouse(seat: int) -> str:
    return f"G{seat}"


def lawn(seat: int) -> str:
    return f"L{seat}"


def arm_of(square: str) -> int | None:
    """The seat whose arm holds `square` (None: the central square)."""
    return None if square == CENTRE else int(square[1:])


def depth(square: str) -> int:
    return 0 if square == CENTRE else _DEPTH[square[0]]


@cache
def distance(a: str, b: str) -> int:
    """Movement points from `a` to `b` (the one path between them)."""
    if a == b:
        return 0
    if arm_of(a) is not None and arm_of(a) == arm_of(b):
        return abs(depth(a) - depth(b))
    return depth(a) + depth(b)


@cache
def squares(seats: int) -> tuple[str, ...]:
    """Every square in play: the central square, then each arm from the centre outwards."""
    return (CENTRE, *(f"{kind}{seat}" for seat in range(seats) for kind in "PLG"))


def is_greenhouse(square: str) -> bool:
    return square.startswith("G")
