"""How players read a computer player's strength (the stored strengths are the engine's names)."""

from __future__ import annotations

#: How players read a computer player's strength.
LEVELS: dict[str, str] = {"random": "Easy", "greedy": "Medium", "strong": "Hard"}


def level(strength: str) -> str:
    """ "greedy" -> "Medium": the name players see."""
    return LEVELS.get(strength, strength)
