"""How players read a computer player's strength (the stored strengths are the engine's names)."""

from __future__ import annotations

from bot.basics.words import N_, Words

#: How players read a computer player's strength.
LEVELS: dict[str, str] = {"random": N_("Easy"), "greedy": N_("Medium"), "strong": N_("Hard")}


def level(strength: str, words: Words | None = None) -> str:
    """ "greedy" -> "Medium": the name players see (in `words`' language when given)."""
    name = LEVELS.get(strength, strength)
    return words.text(name) if words is not None and strength in LEVELS else name
