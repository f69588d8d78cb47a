"""The moves a player makes, as small immutable tuples (fast to build: a floating plot can offer
well over a hundred plantings at once), each with its plain-English `label` and picker `steps`.

Every field is plain data, so an action encodes to a JSON object and back exactly. An action
holds its slot as the row and column of the garden's frame (what the rules read: ruling 3) and, in
a trailing `slot` field, the slot's stable name ("F3", ruling 24) that its words use. The name is
only wording: the rules never read it, and an action stored before names (`slot` "") decodes and
plays exactly as before, worded by its row and column.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, overload

from engine.cabbagehead.plot import right_of
from engine.cabbagehead.said_together import JoinedLabels, JoinedSteps, card_and_slot
from engine.memo import Memo
from engine.text import N_

POSITIONS = ("left", "centre", "right")
#: Where a passed card lies in the receiver's row.
PLACES = ("on the left", "in the centre", "on the right")

# The words of the actions are static templates (`N_`), filled with `.format`, so that the bot
# finds each label and step in its catalogs and says it in the player's language.

#: A planting's card (its first step) and whole label, by its place in the row and its Bees.
_PLANT_CARDS = {
    (0, -1): (N_("Left {vegetable} (pay 1 bee)"), N_("Plant the left {vegetable} (pay 1 bee) in {slot}")),
    (0, 0): (N_("Left {vegetable} (free)"), N_("Plant the left {vegetable} (free) in {slot}")),
    (1, 0): (N_("Centre {vegetable} (free)"), N_("Plant the centre {vegetable} (free) in {slot}")),
    (2, 0): (N_("Right {vegetable} (free)"), N_("Plant the right {vegetable} (free) in {slot}")),
    (2, 1): (N_("Right {vegetable} (gain 1 bee)"), N_("Plant the right {vegetable} (gain 1 bee) in {slot}")),
}
# A label's slot ends it, so a label is its card's words and then its slot's (`Plant.label`).
assert all(label.endswith("{slot}") and label.count("{") == 2 for _, label in _PLANT_CARDS.values())
#: A slot with a planted card, whose card goes to the Compost.
_COMPOSTING = N_("{slot}, composting the {replaces}")
#: How a pass's first step says it, and the second step (where the card lies).
_PASS_ONE = N_("Pass the {vegetable}")
_PASS_SAME = (
    N_("Pass the left {vegetable}, the other goes under the deck"),
    N_("Pass the centre {vegetable}, the other goes under the deck"),
    N_("Pass the right {vegetable}, the other goes under the deck"),
)
_PASS_OTHER = N_("Pass the {vegetable}, the {bottom} goes under the deck")
_LIES = (
    N_("Lie on the left of their row"),
    N_("Lie in the centre of their row"),
    N_("Lie on the right of their row"),
)
_PASS_LABELS = (
    N_("{passing}; it lies on the left"),
    N_("{passing}; it lies in the centre"),
    N_("{passing}; it lies on the right"),
)


def _slot_words(slot: str, row: int, col: int, *, up: bool = False) -> str:
    """The slot's name ("F3"); an action stored before names has only its frame row and column."""
    if slot:
        return slot
    return (N_("Row {row}, column {col}") if up else N_("row {row}, column {col}")).format(row=row, col=col)


class Plant(NamedTuple):
    """Plant the card at `position` of the drawn row into the slot (`row`, `col`) of the frame.

    `bees` is what it does to the planter's supply (-1, 0, +1); `replaces` names the card sent to
    the Compost when planting on top of one ("" when the slot is empty); `slot` is the slot's name
    for the words (ruling 24).
    """

    position: int
    vegetable: str
    bees: int
    row: int
    col: int
    replaces: str = ""
    kind: str = "plant"
    slot: str = ""

    # The card is the first three fields, the slot the rest (as `PlantChoices` joins them).
    @property
    def steps(self) -> tuple[str, ...]:
        return _CARD_WORDS[self[:3]][0], _PLACE_WORDS[self[3:]][1]

    @property
    def label(self) -> str:
        return _CARD_WORDS[self[:3]][1] + _PLACE_WORDS[self[3:]][0]


def _say_card(head: tuple[int, str, int]) -> tuple[str, str]:
    """A planting's first step and its label up to the slot, which ends it (`_PLANT_CARDS`), from
    its (position, vegetable, bees)."""
    position, vegetable, bees = head
    card, label = _PLANT_CARDS[position, bees]
    return card.format(vegetable=vegetable), label.format(vegetable=vegetable, slot="")


def _say_place(tail: tuple[int, int, str, str, str]) -> tuple[str, str]:
    """Where a planting goes as its label ends, and as its second step, from its (row, col,
    replaces, kind, slot)."""
    row, col, replaces, _, slot = tail
    in_label = _slot_words(slot, row, col)
    step = _slot_words(slot, row, col, up=True)
    if replaces:
        in_label = _COMPOSTING.format(slot=in_label, replaces=replaces)
        step = _COMPOSTING.format(slot=step, replaces=replaces)
    return in_label, step


#: A turn offers every card of the row in every slot, and the table asks for the label and steps
#: of each: the words of each card and each slot are made once and joined (a slot name, say, is
#: said once for the whole game rather than once per card per move).
_CARD_WORDS: Memo[tuple[int, str, int], tuple[str, str]] = Memo(_say_card, 1024)
_PLACE_WORDS: Memo[tuple[int, int, str, str, str], tuple[str, str]] = Memo(_say_place, 8192)


class PlaceGrasshopper(NamedTuple):
    """Put the Grasshopper just revealed on the slot (`row`, `col`) of the frame, named `slot`."""

    row: int
    col: int
    kind: str = "grasshopper"
    slot: str = ""

    @property
    def steps(self) -> tuple[str, ...]:
        return (N_("Place the Grasshopper"), _slot_words(self.slot, self.row, self.col, up=True))

    @property
    def label(self) -> str:
        return N_("Place the Grasshopper in {slot}").format(slot=_slot_words(self.slot, self.row, self.col))


class PlaceRose(NamedTuple):
    """Lay the Rose just drawn over the two cards at (`row`, `col`) and (`row`, `col` + 1) of the
    frame; `slot` names the left one ("F3": the Rose covers F3 and G3)."""

    row: int
    col: int
    kind: str = "rose"
    slot: str = ""

    def _where(self, *, up: bool = False) -> str:
        if self.slot:
            return N_("{slot} and {right}").format(slot=self.slot, right=right_of(self.slot))
        where = N_("Row {row}, columns {col} and {next}") if up else N_("row {row}, columns {col} and {next}")
        return where.format(row=self.row, col=self.col, next=self.col + 1)

    @property
    def steps(self) -> tuple[str, ...]:
        return (N_("Place the Rose"), self._where(up=True))

    @property
    def label(self) -> str:
        return N_("Place the Rose over {where}").format(where=self._where())


class SkipRose(NamedTuple):
    """Leave the Rose out: it is removed from the game and another card is drawn in its place."""

    kind: str = "skip_rose"

    @property
    def steps(self) -> tuple[str, ...]:
        return (self.label,)

    @property
    def label(self) -> str:
        return N_("Remove the Rose from the game")


class Pass(NamedTuple):
    """Two players: pass the card at `give` to the opponent, to lie at position `to` of their row,
    and put the card at `bottom` under the deck (`bottom` is -1 after the Ferwig-Radishers took
    one: then only the pass remains)."""

    give: int
    vegetable: str
    to: int
    bottom: int = -1
    bottom_vegetable: str = ""
    kind: str = "pass"

    @property
    def steps(self) -> tuple[str, ...]:
        if self.bottom < 0:
            first = _PASS_ONE.format(vegetable=self.vegetable)
        elif self.vegetable == self.bottom_vegetable:
            # Two cards of one vegetable: the place of the one passed tells the choices apart.
            first = _PASS_SAME[self.give].format(vegetable=self.vegetable)
        else:
            first = _PASS_OTHER.format(vegetable=self.vegetable, bottom=self.bottom_vegetable)
        return (first, _LIES[self.to])

    @property
    def label(self) -> str:
        return _PASS_LABELS[self.to].format(passing=self.steps[0])


CabbageheadAction = Plant | PlaceGrasshopper | PlaceRose | SkipRose | Pass


class PlantChoices(Sequence[Plant]):
    """Every (card, slot) planting of one turn, as a sequence built on demand.

    A floating plot can offer more than 150 plantings and a turn usually uses one of them, so the
    actions are made when asked for (by index or by iterating), from a snapshot of the cards
    (`heads`: position, vegetable, bees) and the slots (row, column, card composted, "plant", slot
    name): later changes to the game state do not change the sequence. `in` ignores the slot
    name (it is only wording): a planting stored without one is in it if its slot is.
    """

    __slots__ = ("_heads", "_places", "_slots")

    def __init__(
        self, heads: list[tuple[int, str, int]], slots: list[tuple[int, int, str, str, str]]
    ) -> None:
        self._heads = heads
        self._slots = slots
        self._places: frozenset[tuple[int, int, str, str]] | None = None

    def __len__(self) -> int:
        return len(self._heads) * len(self._slots)

    def labels_and_steps(self) -> tuple[Sequence[str], Sequence[tuple[str, ...]]]:
        """Every planting's label and steps, in order (`engine.api.SaidTogether`): each card's
        words and each slot's looked up once, as `Plant.label` and `Plant.steps` say them one
        planting at a time (the table asks for all of them on every move), and joined when read
        (said_together.py): of a turn's hundred-odd labels the table's picker reads one or two, and
        of its steps one card's."""
        cards = [_CARD_WORDS[head] for head in self._heads]
        places = [_PLACE_WORDS[slot] for slot in self._slots]
        labels = JoinedLabels([label for _, label in cards], [place for place, _ in places])
        return labels, JoinedSteps([card for card, _ in cards], [step for _, step in places])

    @overload
    def __getitem__(self, index: int) -> Plant: ...

    @overload
    def __getitem__(self, index: slice) -> list[Plant]: ...

    def __getitem__(self, index: int | slice) -> Plant | list[Plant]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        head, slot = card_and_slot(index, len(self._heads), len(self._slots), "planting")
        return tuple.__new__(Plant, self._heads[head] + self._slots[slot])

    def __iter__(self) -> Iterator[Plant]:
        new = tuple.__new__
        for head in self._heads:
            for slot in self._slots:
                yield new(Plant, head + slot)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Plant) or action[:3] not in self._heads:
            return False
        if self._places is None:
            self._places = frozenset(slot[:4] for slot in self._slots)
        return action[3:7] in self._places

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PlantChoices({list(self)!r})"


_KINDS: dict[str, type[Plant] | type[PlaceGrasshopper] | type[PlaceRose] | type[SkipRose] | type[Pass]] = {
    "plant": Plant,
    "grasshopper": PlaceGrasshopper,
    "rose": PlaceRose,
    "skip_rose": SkipRose,
    "pass": Pass,
}


_NUMBER_FIELDS = frozenset({"position", "bees", "row", "col", "give", "to", "bottom"})


def encode(action: CabbageheadAction) -> dict[str, Any]:
    """The action as a JSON object (its fields by name)."""
    return dict(action._asdict())


def decode(data: dict[str, Any]) -> CabbageheadAction:
    """The action back from `encode`; ValueError for anything that is not one."""
    kind = data.get("kind")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"not a Mr. Cabbagehead's Garden action: {data!r}")
    try:
        action = cls(**data)
    except TypeError as problem:
        raise ValueError(f"malformed {kind} action: {data!r}") from problem
    for name, value in zip(action._fields, action, strict=True):
        expected = int if name in _NUMBER_FIELDS else str
        if not isinstance(value, expected) or isinstance(value, bool):
            raise ValueError(f"malformed {kind} action: {data!r}")
    return action
