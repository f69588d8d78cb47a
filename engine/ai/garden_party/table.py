"""One Garden Party decision digested once: the seat's figures, its hand by kind, the legal
codes, and what an unseen seed may be; every rule of the players reads this `Table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.ai.base import Decision
from engine.ai.garden_party.sampling import GOLDEN_BY_NAME, unseen_tokens
from engine.garden_party.actions import Action
from engine.garden_party.board import greenhouse
from engine.garden_party.cards import (
    CARD_KIND_OF,
    CARD_KINDS,
    COLOURS,
    GARDENERS,
    PLANT_KINDS,
    VASES,
)
from engine.garden_party.views import GardenPartyView, SeatView

PotLike = tuple[str | None, str | None]


def kind_of_card(card: str) -> str:
    """A card id's kind ("her05" -> "fertiliser"); chance cards are "chance"."""
    kind = CARD_KIND_OF[card]
    return "chance" if kind.startswith("chance") else kind


def talent_of_card(card: str) -> str:
    return CARD_KINDS[CARD_KIND_OF[card]].talent


def points_of(kind: str | None) -> int:
    return PLANT_KINDS[kind].points if kind in COLOURS else 0


@dataclass(frozen=True, slots=True)
class SeedOdds:
    """What an unseen seed may be, by the tokens nobody has seen (`unseen_tokens`)."""

    weed: float
    mouldy: float
    colour: float
    mean_points: float


def seed_odds(view: GardenPartyView) -> SeedOdds:
    pool = unseen_tokens(view)
    total = sum(pool.values())
    if total == 0:
        return SeedOdds(0.0, 0.0, 1.0, 2.0)
    colours = sum(pool[c] for c in COLOURS)
    mean = sum(pool[c] * points_of(c) for c in COLOURS) / colours if colours else 0.0
    return SeedOdds(pool["weed"] / total, pool["mouldy"] / total, colours / total, mean)


@dataclass(frozen=True, slots=True)
class Style:
    """What tells greedy and strong apart (docs/ai.md: what else was tried and measured)."""

    #: Plan the turn's stops (`Planner`); else go round (`round_step`).
    plan: bool
    #: What filling an empty pot is worth beyond its plant (a theft into it, a Seed Packet).
    fill: float


GREEDY = Style(plan=False, fill=1.0)
STRONG = Style(plan=True, fill=3.0)


@dataclass
class Table:
    """One decision, digested: the seat's own figures, its hand by kind, the legal codes."""

    seat: int
    view: GardenPartyView
    legal: dict[str, Action]
    odds: SeedOdds
    style: Style
    me: SeatView = field(init=False)
    hand: list[str] = field(init=False)
    hand_ids: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.me = self.view.seats[self.seat]
        self.hand_ids = [c.id for c in self.view.hand]
        self.hand = [kind_of_card(c) for c in self.hand_ids]

    @property
    def rivals(self) -> list[SeatView]:
        return [s for s in self.view.seats if s.seat != self.seat]

    @property
    def home(self) -> str:
        return greenhouse(self.seat)

    @cached_property
    def golden(self) -> frozenset[str]:
        """This seat's golden objects by id ("clover", "gloves"...)."""
        return frozenset(GOLDEN_BY_NAME[name] for name in self.me.golden_objects)

    def plays(self, kind: str) -> list[str]:
        """The legal `play:` codes of a card of `kind` (one per target)."""
        return [c for c in self.legal if c.startswith("play:") and kind_of_card(c.split(":")[1]) == kind]

    def talent_count(self, talent: str) -> int:
        return sum(1 for c in self.hand_ids if talent_of_card(c) == talent)

    @cached_property
    def collect_talents(self) -> frozenset[str]:
        """Talents that pay for a collector's flower this seat could still take."""
        if len(self.me.vases) >= VASES:
            return frozenset()
        return frozenset(
            GARDENERS[r.gardener].highest for r in self.rivals if r.gardener and r.own_flowers_left > 0
        )


def table_for(decision: Decision, style: Style) -> Table:
    view = decision.view
    assert isinstance(view, GardenPartyView)
    legal = {a.code: a for a in decision.legal}
    return Table(seat=int(decision.seat), view=view, legal=legal, odds=seed_odds(view), style=style)
