"""Objection!'s records: its options, actions, the reply window, the whole state and one
viewer's view, and the scores they add up to (the rules: the package's docstring).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.rng import Rng

#: Every kind of event Objection! emits.
EVENT_KINDS = frozenset({"play", "answer", "cancelled", "scored", "end"})

#: The cards, numbered 1 to 24; a card scores its number.
DECK_SIZE = 24
#: What one objection costs the objector (rule 4).
OBJECTION_COST = 2


def seat_name(seat: int) -> str:
    """How the game's text names a seat."""
    return f"Seat {seat + 1}"


def card_id(value: int) -> str:
    """The marker of card `value` ("card7"): what a leak of that card would contain."""
    return f"card{value}"


class ObjectionOptions(BaseModel):
    """Options: how many cards each seat plays, and the reply window's clock in seconds."""

    turns_each: int = Field(default=2, ge=1, le=5)
    reply_seconds: int = Field(default=30, ge=5, le=120)


class Play(BaseModel):
    """Play a card from your hand (rule 2)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["play"] = "play"
    card: int

    @property
    def label(self) -> str:
        return f"Play the {self.card}"

    @property
    def steps(self) -> tuple[str, ...]:
        return (self.label,)


class Reply(BaseModel):
    """Answer a reply window (rule 3): object, or let the play happen (the pass)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["reply"] = "reply"
    objects: bool

    @property
    def label(self) -> str:
        return "Object" if self.objects else "Let it happen"

    @property
    def steps(self) -> tuple[str, ...]:
        return (self.label,)


ObjectionAction = Annotated[Play | Reply, Field(discriminator="kind")]
ACTIONS: TypeAdapter[Play | Reply] = TypeAdapter(ObjectionAction)

#: The two answers of a reply window, in the order they are offered; the second is the pass.
OBJECT = Reply(objects=True)
LET_IT_HAPPEN = Reply(objects=False)


class Window(BaseModel):
    """A play waiting for the other seats' answers (rule 3)."""

    player: int
    card: int
    #: Seats that still have to answer, in seat order.
    waiting: list[int]
    #: Seats that objected so far (secret until the window closes).
    objectors: list[int] = Field(default_factory=list)


class ObjectionState(BaseModel):
    """The whole game, hidden parts included (only views are shown to players)."""

    options: ObjectionOptions
    rng: Rng
    seats: int
    #: Cards set aside unseen (rule 1).
    unused: list[int]
    hands: list[list[int]]
    #: Cards each seat scored, in the order played.
    scored: list[list[int]]
    #: How many times each seat objected.
    objections: list[int]
    #: Cards cancelled by an objection.
    discard: list[int] = Field(default_factory=list)
    turn: int = 0
    turns_taken: int = 0
    window: Window | None = None


class ObjectionView(BaseModel):
    """One viewer's view: scores, the table, who still has to answer, and their own hand only."""

    viewer: int | None
    scores: list[int]
    scored: list[list[int]]
    objections: list[int]
    discard: list[int]
    turn: int | None
    turns_left: int
    #: The card waiting for answers, its player, and the seats that have not answered yet.
    on_table: int | None
    played_by: int | None
    waiting: list[int]
    #: Whether this viewer has a reply window open.
    replying: bool
    my_cards: list[str]
    my_values: list[int]


def scores(state: ObjectionState) -> list[int]:
    """Each seat's points now (rule 4): cards scored, less 2 for each objection."""
    return [sum(state.scored[s]) - OBJECTION_COST * state.objections[s] for s in range(state.seats)]
