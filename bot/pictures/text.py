"""Words that go with the pictures: seat names and alt text within Discord's limit."""

from __future__ import annotations

from collections import Counter
from typing import Protocol, TypeVar

#: Discord's limit for an attachment's `description` (the alt text screen readers read).
ALT_MAX = 1024


def seat_name(names: list[str], seat: int, fallback: str | None = None) -> str:
    """A seat's display name, or "Seat N" when the caller gave none (or one with no letter or
    digit, such as only emoji, which the picture's font cannot draw)."""
    if 0 <= seat < len(names) and any(ch.isalnum() for ch in names[seat]):
        return names[seat].strip()
    return fallback or f"Seat {seat + 1}"


def clip_alt(parts: list[str], limit: int = ALT_MAX) -> str:
    """Sentences joined while they fit; the first always comes, cut with an ellipsis if too long."""
    out = ""
    for part in parts:
        trial = f"{out} {part}" if out else part
        if len(trial) > limit:
            if not out:
                return part[: limit - 1] + "…"
            rest = limit - len(out) - 2
            if rest > 40:
                return f"{out} {part[: rest - 1]}…"
            return out
        out = trial
    return out


def whole_sentences(parts: list[str], limit: int = ALT_MAX, *, left_out: str = "") -> str:
    """Sentences joined while they fit, none ever cut: the first ones are what matters most. When
    some are left out, `left_out` (a sentence saying where the rest is) ends the text, room kept for
    it. The first always comes (cut with an ellipsis only if it alone is too long)."""
    if len(parts[0]) > limit:
        return clip_alt(parts[:1], limit)
    out = parts[0]
    for n, part in enumerate(parts[1:], start=1):
        trial = f"{out} {part}"
        room = limit if n == len(parts) - 1 else limit - len(left_out) - 1
        if len(trial) > room:
            tail = f"{out} {left_out}" if left_out else out
            return tail if len(tail) <= limit else out
        out = trial
    return out


def plural(count: int, word: str) -> str:
    """ "1 point", "3 points", "-2 points"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class _Named(Protocol):
    @property
    def name(self) -> str: ...


NamedT = TypeVar("NamedT", bound=_Named)


def grouped_by_name(cards: list[NamedT]) -> list[tuple[NamedT, int]]:
    """Cards of one name drawn once with their count ("x2"), in the order they first come."""
    counts = Counter(c.name for c in cards)
    first: dict[str, NamedT] = {}
    for card in cards:
        first.setdefault(card.name, card)
    return [(card, counts[name]) for name, card in first.items()]
