"""How the game log names things: seats, counts and cards (never by their hidden markers)."""

from __future__ import annotations

from engine.cabbagehead.deck import Vegetable


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def sentence(text: str) -> str:
    """`text` with one full stop at the end (names such as 'Pomme-Frites, Esq.' bring their own)."""
    return text if text.endswith(".") else text + "."


def describe(card: Vegetable) -> str:
    """'Carrot no. 11': a visible card as the log names it (never its marker)."""
    return f"{card.name} no. {card.vegetable_number}"
