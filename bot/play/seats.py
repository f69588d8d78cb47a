"""What a change of seats gives back, and how seats are named in words."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game.position import Position
from bot.ui.levels import level


@dataclass
class SeatChange:
    """A lobby or game after a join, leave, start, hand-over or end."""

    position: Position
    started: bool = False
    closed: bool = False
    notes: list[str] = field(default_factory=list)


def computer_name(strength: str, number: int) -> str:
    """How a computer seat is shown: "Computer 2 (Medium)". Never a Discord user."""
    return f"Computer {number} ({level(strength)})"


def seat_range(low: int, high: int) -> str:
    if low == high:
        return f"exactly {low} player{'s' if low != 1 else ''}"
    return f"{low} to {high} players"
