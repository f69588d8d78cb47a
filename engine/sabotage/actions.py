"""Every action of Garden Sabotage as a small frozen record, made once and reused.

The set of possible actions is finite (259, the 21 house-plant answers included), so each is built
once at import with its label and steps, and `legal_actions` only picks from these tables: no
object is created per step, which keeps random play fast (OpenSpiel's idea of one action table
with a pair of conversion functions).
Plots are 0-based inside (`plot=0`) and 1-based in labels ("plot 1").
`encoding` writes them to the action log and reads them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.sabotage.cards import (
    BAD_BUG_KINDS,
    BIRD,
    BUG_KINDS,
    GOOD_BUG_KINDS,
    OBJECTIVE_IDS,
    OBJECTIVES,
    PLANT_KINDS,
    PLOTS,
    ROW_BUGS,
    ROW_PLANTS,
    a_or_an,
    the,
)
from engine.text import N_, N_plural

MAX_SEATS = 4


def seat_name(seat: int) -> str:
    """How labels and log lines name a seat; the bot may substitute display names."""
    return N_("Player {number}").format(number=seat + 1)


@dataclass(frozen=True, slots=True)
class _Base:
    label: str = field(compare=False, repr=False)
    steps: tuple[str, ...] = field(compare=False, repr=False)

    def label_for(self, names: Sequence[str]) -> str:
        """The label with display names (`engine.api.action_label`); only sabotage names a seat."""
        return self.label

    def steps_for(self, names: Sequence[str]) -> tuple[str, ...]:
        return self.steps


@dataclass(frozen=True, slots=True)
class DrawPlant(_Base):
    """Draw a Plant: from the deck (`slot` None) or the `kind` lying in face-up row slot `slot`.

    The kind is part of the action, so a stale button ("Take the Tomato") is refused once the row
    has changed instead of taking a different card."""

    slot: int | None = None
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class PlantCard(_Base):
    """Plant a Plant of kind `kind` from your hand on your plot `plot`."""

    kind: str = ""
    plot: int = 0


@dataclass(frozen=True, slots=True)
class DrawBug(_Base):
    """Draw a Bug: from the deck (`slot` None) or the `kind` lying in face-up row slot `slot`."""

    slot: int | None = None
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Sabotage(_Base):
    """Put a Bad Bug of kind `bug` from your hand on plot `plot` of seat `target`."""

    bug: str = ""
    target: int = 0
    plot: int = 0

    def label_for(self, names: Sequence[str]) -> str:
        """ "Sabotage Bob's plot 1 with an Aphid": unique for distinct names, as `label` is."""
        return _sabotage_words(self.bug, _named(names, self.target), self.plot)[2]

    def steps_for(self, names: Sequence[str]) -> tuple[str, ...]:
        first, second, _ = _sabotage_words(self.bug, _named(names, self.target), self.plot)
        return (first, second)


@dataclass(frozen=True, slots=True)
class PlayGoodBug(_Base):
    """Put a Good Bug of kind `bug` from your hand on your plot `plot`."""

    bug: str = ""
    plot: int = 0


@dataclass(frozen=True, slots=True)
class Sweep(_Base):
    """Discard the face-up Plant row and turn up four new ones."""


@dataclass(frozen=True, slots=True)
class Pesticide(_Base):
    """Kill the Bad Bug on your plot `plot`."""

    plot: int = 0


@dataclass(frozen=True, slots=True)
class ReleaseBird(_Base):
    """Bird variant: play the Bird from your hand; it eats every Bad Bug in your garden."""


@dataclass(frozen=True, slots=True)
class DrawObjective(_Base):
    """Draw a Garden Objective (only with fewer than 2 in hand)."""


@dataclass(frozen=True, slots=True)
class ExchangeObjective(_Base):
    """Discard objective `objective` from your hand and draw a new one."""

    objective: str = ""


@dataclass(frozen=True, slots=True)
class CompleteObjective(_Base):
    """Complete objective `objective` with the cards on your plot `plot` (costs no action)."""

    objective: str = ""
    plot: int = 0


@dataclass(frozen=True, slots=True)
class AnswerHousePlants(_Base):
    """Ruling 18: before the first turn, say how many house plants you own (`count`;
    `MOST_HOUSE_PLANTS` stands for that many or more)."""

    count: int = 0


@dataclass(frozen=True, slots=True)
class EndTurn(_Base):
    """End your turn now, giving up any actions left."""


SabotageAction = (
    DrawPlant
    | PlantCard
    | DrawBug
    | Sabotage
    | PlayGoodBug
    | Sweep
    | Pesticide
    | ReleaseBird
    | DrawObjective
    | ExchangeObjective
    | CompleteObjective
    | AnswerHousePlants
    | EndTurn
)


def _one(label: str) -> tuple[str, tuple[str, ...]]:
    return label, (label,)


def _two(first: str, second: str, label: str) -> tuple[str, tuple[str, ...]]:
    return label, (first, second)


# Every label and step is a static template (`N_`) filled with `.format`, so that the bot finds it
# in its catalogs and says it in the player's language (bot/presenters/engine_words.py); a card is
# named with its article ("a Tomato", "the Tomato"), itself an entry of the catalogs.


def _plot(plot: int) -> str:
    return N_("Plot {plot}").format(plot=plot + 1)


def _named(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else seat_name(seat)


def _sabotage_words(bug: str, target: str, plot: int) -> tuple[str, str, str]:
    """A sabotage's (first step, second step, label), the target named `target`."""
    return (
        N_("Sabotage with {bug}").format(bug=a_or_an(bug)),
        N_("{target}'s plot {plot}").format(target=target, plot=plot + 1),
        N_("Sabotage {target}'s plot {plot} with {bug}").format(
            target=target, plot=plot + 1, bug=a_or_an(bug)
        ),
    )


DRAW_PLANT_DECK = DrawPlant(*_one(N_("Draw a Plant from the deck")), slot=None)
DRAW_PLANT_ROW = [
    {
        kind: DrawPlant(
            *_two(
                N_("Take a Plant from the row"),
                N_("{card} (slot {slot})").format(card=kind, slot=i + 1),
                N_("Take {card} from the Plant row (slot {slot})").format(card=the(kind), slot=i + 1),
            ),
            slot=i,
            kind=kind,
        )
        for kind in PLANT_KINDS
    }
    for i in range(ROW_PLANTS)
]
PLANT = {
    kind: [
        PlantCard(
            *_two(
                N_("Plant {card}").format(card=a_or_an(kind)),
                _plot(p),
                N_("Plant {card} on plot {plot}").format(card=a_or_an(kind), plot=p + 1),
            ),
            kind=kind,
            plot=p,
        )
        for p in range(PLOTS)
    ]
    for kind in PLANT_KINDS
}
DRAW_BUG_DECK = DrawBug(*_one(N_("Draw a Bug from the deck")), slot=None)
DRAW_BUG_ROW = [
    {
        kind: DrawBug(
            *_two(
                N_("Take a Bug from the row"),
                N_("{card} (slot {slot})").format(card=kind, slot=i + 1),
                N_("Take {card} from the Bug row (slot {slot})").format(card=the(kind), slot=i + 1),
            ),
            slot=i,
            kind=kind,
        )
        for kind in [*BUG_KINDS, BIRD.name]
    }
    for i in range(ROW_BUGS)
]
SABOTAGE = {
    bug: [
        [
            Sabotage(
                *_two(*_sabotage_words(bug, seat_name(t), p)),
                bug=bug,
                target=t,
                plot=p,
            )
            for p in range(PLOTS)
        ]
        for t in range(MAX_SEATS)
    ]
    for bug in BAD_BUG_KINDS
}
GOOD_BUG = {
    bug: [
        PlayGoodBug(
            *_two(
                N_("Play {bug}").format(bug=a_or_an(bug)),
                _plot(p),
                N_("Play {bug} on plot {plot}").format(bug=a_or_an(bug), plot=p + 1),
            ),
            bug=bug,
            plot=p,
        )
        for p in range(PLOTS)
    ]
    for bug in GOOD_BUG_KINDS
}
SWEEP = Sweep(*_one(N_("Sweep the Plant row")))
PESTICIDE = [
    Pesticide(
        *_two(N_("Use Pesticide"), _plot(p), N_("Use Pesticide on plot {plot}").format(plot=p + 1)), plot=p
    )
    for p in range(PLOTS)
]
RELEASE_BIRD = ReleaseBird(*_one(N_("Release the Bird")))
DRAW_OBJECTIVE = DrawObjective(*_one(N_("Draw an Objective")))
EXCHANGE = {
    oid: ExchangeObjective(
        *_two(
            N_("Exchange an Objective"),
            OBJECTIVES[oid].name,
            N_("Exchange {objective}").format(objective=OBJECTIVES[oid].name),
        ),
        objective=oid,
    )
    for oid in OBJECTIVE_IDS
}
COMPLETE = {
    oid: [
        CompleteObjective(
            *_two(
                N_("Complete {objective}").format(objective=OBJECTIVES[oid].name),
                _plot(p),
                N_("Complete {objective} on plot {plot}").format(objective=OBJECTIVES[oid].name, plot=p + 1),
            ),
            objective=oid,
            plot=p,
        )
        for p in range(PLOTS)
    ]
    for oid in OBJECTIVE_IDS
}
END_TURN = EndTurn(*_one(N_("End turn")))
#: The largest house-plant answer offered; it means "this many or more" (ruling 18).
MOST_HOUSE_PLANTS = 20


def house_plants_label(count: int) -> str:
    """An answer's label, its plural by house plants (the largest answer: "this many or more")."""
    if count == 0:
        return N_("I own no house plants")
    if count == MOST_HOUSE_PLANTS:
        template = N_plural("I own {count} or more house plants", "I own {count} or more house plants", count)
    else:
        template = N_plural("I own {count} house plant", "I own {count} house plants", count)
    return template.format(count=count)


HOUSE_PLANTS = [
    AnswerHousePlants(*_one(house_plants_label(n)), count=n) for n in range(MOST_HOUSE_PLANTS + 1)
]
