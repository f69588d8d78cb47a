"""A turn's plantings said all at once: their labels and picker steps, each card's words and each
slot's joined when read (`PlantChoices.labels_and_steps`, actions.py).

A floating plot offers a hundred and more plantings a turn, the cards of the drawn row in every
slot, and the table's picker reads a few of their words: the cards' (its first page) and one
card's slots (the second). So neither the labels nor the steps are written out one planting at a
time: both are sequences over the cards' words and the slots' words, and the steps say their
groups (the plantings of one card) without being read one by one (issue 31).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from engine.api import StepGroups


def card_and_slot(index: int, cards: int, slots: int, what: str) -> tuple[int, int]:
    """Where `index` (from the end when negative) falls in a turn's plantings, laid out card by
    card with `slots` slots each: (card, slot); `IndexError` past either end."""
    size = cards * slots
    if index < 0:
        index += size
    if not 0 <= index < size:
        raise IndexError(f"{what} index out of range")
    return divmod(index, slots)


class JoinedLabels(Sequence[str]):
    """The labels of every card in every slot, in that order (card by card), each its card's
    words and its slot's joined when it is read."""

    __slots__ = ("_cards", "_places")

    def __init__(self, cards: list[str], places: list[str]) -> None:
        self._cards = cards
        self._places = places

    def __len__(self) -> int:
        return len(self._cards) * len(self._places)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        card, place = card_and_slot(index, len(self._cards), len(self._places), "label")
        return self._cards[card] + self._places[place]

    def __iter__(self) -> Iterator[str]:
        return iter([card + place for card in self._cards for place in self._places])


class JoinedSteps(Sequence[tuple[str, ...]]):
    """The picker steps of every card in every slot, in that order: (the card's words, the slot's),
    made when read; and the plantings that share a card, as ranges (`first_step_groups`)."""

    __slots__ = ("_cards", "_places", "_size", "_slots")

    def __init__(self, cards: list[str], places: list[str]) -> None:
        self._cards = cards
        self._places = places
        self._slots = len(places)
        self._size = len(cards) * self._slots

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> tuple[str, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[str, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[str, ...] | list[tuple[str, ...]]:
        if type(index) is int and 0 <= index < self._size:  # the picker's way: a card's slots
            card, place = divmod(index, self._slots)
            return self._cards[card], self._places[place]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        card, place = card_and_slot(index, len(self._cards), self._slots, "step")
        return self._cards[card], self._places[place]

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return iter([(card, place) for card in self._cards for place in self._places])

    def first_step_groups(self) -> StepGroups | None:
        """The plantings grouped by their first step, in order: a card's, each a range of its
        slots (`engine.actions.first_step_groups`). None when two cards say the same words, which
        a group by words would join (never: a card's words name its place in the row)."""
        cards, slots = self._cards, self._slots
        if not slots:
            return []
        if len(set(cards)) != len(cards):
            return None
        return [(card, range(n * slots, (n + 1) * slots)) for n, card in enumerate(cards)]
