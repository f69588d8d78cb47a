"""Texts written once for the views an engine keeps between versions (issue 31).

Mr. Cabbagehead's Garden and Garden Sabotage hand out the same view object (a garden, a slot, a
seat, an objective's progress on a plot) for as long as what decides it stays the same
(engine/cabbagehead/views.py, engine/sabotage/views.py): a move changes one garden or one seat,
and the table and the hands are all redrawn for it. So the words for an unchanged view are looked
up by the view itself instead of being written again for every redraw.

A view is found by its identity, which Python may give a new object once the old one is gone:
each text is kept with its view, which keeps the view alive while the text is kept and is
compared (`is`) before the text is used. Bounded like the engine's memos: past `limit` texts the
store starts afresh.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class KeptTexts(Generic[V]):
    """Texts of views of one kind, each for a view and the details its text depends on besides it
    (the reader's language, the names of the seats...)."""

    def __init__(self, limit: int = 4096) -> None:
        self._texts: dict[tuple[int, Hashable], tuple[V, str]] = {}
        self._limit = limit

    def get(self, view: V, details: Hashable) -> str | None:
        """The text kept for `view` with `details`, or None."""
        found = self._texts.get((id(view), details))
        return found[1] if found is not None and found[0] is view else None

    def keep(self, view: V, details: Hashable, text: str) -> str:
        """Remember `text` for `view` with `details`; returns `text`."""
        if len(self._texts) >= self._limit:
            self._texts.clear()
        self._texts[(id(view), details)] = (view, text)
        return text
