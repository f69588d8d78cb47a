"""The game's options and its whole state, hidden parts included (players only ever get views).

Cards are small integers: 0-44 index the Vegetable deck data, `HOLIDAY + k` are the 'On Holiday'
cards and `ROSE + k` the Romancing Eudora Roses. Tokens are 0-23 for the four Neighbours in play
(six each, tile by tile) and 24-27 for the Grasshoppers.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr

from engine.cabbagehead.plot import Garden
from engine.records import Result
from engine.rng import Rng
from engine.state_model import StateModel

HOLIDAY = 100
ROSE = 200
TOKENS_PER_NEIGHBOUR = 6
GRASSHOPPER_TOKENS = 4
FIRST_GRASSHOPPER = 4 * TOKENS_PER_NEIGHBOUR

NeighbourSet = Literal["original", "new", "random", "chosen"]
Phase = Literal["plant", "grasshopper", "rose", "pass", "over"]


class CabbageheadOptions(BaseModel):
    """How to play: which Neighbours, which expansions, the fixed grid, who starts (2 players).

    Field descriptions are written for players (the bot can show them next to each option).
    """

    neighbour_set: NeighbourSet = Field(
        default="original",
        description="original: the four Original Neighbours; new: 4 of the 6 New Neighbours at random; "
        "random: 4 of all 10 at random; chosen: the 4 you name",
    )
    chosen: list[str] = Field(
        default_factory=list, description="with 'chosen': four Neighbours, by name (e.g. Lord Carrotbody)"
    )
    grasshoppers: bool = Field(default=False, description="play with the Grasshoppers expansion")
    eudora: bool = Field(default=False, description="play with Romancing Eudora (one player only)")
    fixed_grid: bool = Field(default=False, description="harder: the 6 x 3 plot is fixed from the start")
    first_seat: int | None = Field(
        default=None,
        ge=0,
        le=1,
        description="two players: the seat that starts, 0 or 1 (empty: drawn at random)",
    )


def is_holiday(card: int) -> bool:
    return HOLIDAY <= card < ROSE


def is_rose(card: int) -> bool:
    return card >= ROSE


def is_grasshopper(token: int) -> bool:
    return token >= FIRST_GRASSHOPPER


class CabbageheadState(StateModel):
    """Everything about one game. Lists are mutated in place by `apply` (see engine.api)."""

    options: CabbageheadOptions
    seats: int
    rng: Rng
    #: Keys of the four Neighbours in play, in tile order.
    neighbours: list[str]
    #: The draw pile, top card LAST.
    deck: list[int]
    #: Cards in the deck everyone saw go there (two players put cards under the deck face up).
    known_in_deck: list[int] = Field(default_factory=list)
    #: The drawn row: left, centre, right (-1: no card there).
    row: list[int] = Field(default_factory=lambda: [-1, -1, -1])
    #: Two players: the card passed to the next player and its place in their row.
    passed: int = -1
    passed_to: int = -1
    #: Where the card passed in lies in the current row (-1: none).
    passed_in_at: int = -1
    gardens: list[Garden]
    hive: int
    bees_removed: int = 0
    #: Face-down Neighbour (and Grasshopper) tokens.
    pool: list[int]
    #: Revealed tokens on each Neighbour tile, in tile order.
    tiles: list[list[int]] = Field(default_factory=lambda: [list[int]() for _ in range(4)])
    #: Revealed Grasshoppers that found no slot: they wait beside the tiles until the reshuffle.
    set_aside: list[int] = Field(default_factory=list)
    #: Grasshoppers revealed this turn and still to be placed, in order.
    hoppers_waiting: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    #: Cards out of the game: 'On Holiday' cards once revealed, Roses not placed.
    removed: list[int] = Field(default_factory=list)
    round: int = 1
    first: int = 0
    active: int = 0
    #: Turns completed (each turn plants one card).
    turns: int = 0
    phase: Phase = "plant"
    #: Where the Rose waiting for a decision lies in the row.
    rose_at: int = -1
    #: Turns still to be drawn under the Ferwig-Radishers' visit.
    ferwig_turns: int = 0
    #: Whether this turn's row was cut by the Ferwig-Radishers (plant for free).
    ferwig_now: bool = False
    #: The Neighbour who visited at each Neighbour Phase so far ("" when nobody did).
    visits: list[str] = Field(default_factory=list)
    #: The result worked out when the game ended (not stored: a loaded game works it out again).
    #: A finished game never changes, and the evaluation is a tenth of a solo game's work.
    _result: Result | None = PrivateAttr(default=None)


_STATE_LISTS = (
    "neighbours",
    "deck",
    "known_in_deck",
    "row",
    "pool",
    "set_aside",
    "hoppers_waiting",
    "discard",
    "removed",
    "visits",
)
_GARDEN_LISTS = ("cells", "hoppers", "roses", "box", "compost")


def copy_game_state(state: CabbageheadState) -> CabbageheadState:
    """An independent copy, several times faster than `model_copy(deep=True)` (for search).

    Every mutable part is copied; `options` is shared, since nothing ever changes it.
    """
    new = state.model_copy()
    fields = new.__dict__
    for name in _STATE_LISTS:
        fields[name] = fields[name][:]
    fields["tiles"] = [tile[:] for tile in state.tiles]
    fields["rng"] = state.rng.model_copy()
    gardens = []
    for garden in state.gardens:
        twin = garden.model_copy()
        for name in _GARDEN_LISTS:
            twin.__dict__[name] = twin.__dict__[name][:]
        gardens.append(twin)
    fields["gardens"] = gardens
    return new
