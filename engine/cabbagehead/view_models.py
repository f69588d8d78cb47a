"""The shape of what a player sees: the view models the bot and the pictures read.

Split from views.py (issue 30), which builds them from a state: these are the records alone, so a
reader of a view finds its fields here without the code that fills them.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.api import Phrase


class CardView(BaseModel):
    id: str
    vegetable: str
    plural: str
    points: int
    #: Cards of this type in the whole deck (printed on the card).
    type_count: int
    vegetable_number: int
    neighbour_number: int


class SlotView(BaseModel):
    """One slot of the garden's frame (see plot.py): `row` and `col` are its place in the frame
    (from 1, as the actions hold them), `label` its name ("F3", ruling 24), as every action, log
    line and picture names it."""

    row: int
    col: int
    label: str
    card: CardView | None
    grasshopper: bool
    #: Number of the Rose over this slot (1-3), if any.
    rose: int | None
    #: A card may be planted here without composting.
    open: bool
    #: Inside the garden as it stands (the box around everything in it); the other frame slots are
    #: room the floating plot may still grow into.
    in_plot: bool


class RoseView(BaseModel):
    id: str
    #: The frame row and column of its left slot.
    row: int
    col: int
    #: Over two Vegetables now (worth 5 if it stays so).
    blooming: bool
    #: The names of the two slots it covers, left first ("F3", "G3").
    slots: list[str] = Field(default_factory=list)


class GardenView(BaseModel):
    seat: int
    fixed_grid: bool
    #: Whether the floating plot has reached its full 6 x 3 (always true with the fixed grid).
    plot_fixed: bool
    rows: int
    cols: int
    #: The frame's column letters, left to right, and its row numbers, top to bottom: the names
    #: in its margins ("F3" is column F, row 3; ruling 24).
    column_letters: list[str] = Field(default_factory=list)
    row_numbers: list[int] = Field(default_factory=list)
    slots: list[SlotView]
    #: Names of the empty slots a card may be planted in without composting.
    open_slots: list[str]
    #: Names of the empty slots next to a Vegetable (where a Grasshopper may go; none in a game
    #: without the Grasshoppers, which has none).
    grasshopper_slots: list[str]
    #: Places for a Rose over two Vegetables, as PlaceRose words them ("F3 and G3"; none in a
    #: game without Romancing Eudora, which has no Roses).
    rose_slots: list[str]
    #: The empty slots the garden's owner may choose now, by name, in reading order: the open
    #: slots while they plant (a bare floating plot: its middle slot only), the Grasshopper slots
    #: while they place one; empty at every other moment (a Rose goes over planted cards; passing,
    #: the other seat's decision and the game's end choose no slot of this garden).
    legal_slots: list[str] = Field(default_factory=list)
    roses: list[RoseView]
    compost: list[CardView]
    bees: int
    planted: int
    vegetable_types: int
    #: The score if the Garden Club came now (awards included).
    score_now: int


class RowPlaceView(BaseModel):
    position: str
    card: CardView | None
    #: A Rose waits here for a decision.
    rose: str | None
    #: What planting it does to the supply: "pay 1 bee", "free", "gain 1 bee".
    cost: str
    #: Whether the planter can afford it now.
    affordable: bool
    #: Two players: this card was passed in by the opponent.
    passed_in: bool


class NeighbourView(BaseModel):
    key: str
    name: str
    expansion: str
    text: str
    tokens: list[str]
    count: int


class CabbageheadView(BaseModel):
    viewer: int | None
    seats: int
    round: int
    turn: int
    game_over: bool
    #: "plant", "grasshopper", "rose", "pass" or "over".
    decision: str
    #: The decision in words with the default seat name: "Seat 1: plant one of the drawn cards."
    decision_text: str
    #: What is to be done, naming nobody: "plant one of the drawn cards" (None once the game is over).
    decision_task: str | None = None
    #: `decision_text` as a phrase over the seat to move ({seat}), for display names.
    decision_phrase: Phrase | None = None
    to_move: list[int]
    first_seat: int
    row: list[RowPlaceView]
    #: Two players: the card waiting for the next player, and where it will lie in their row.
    passed_card: CardView | None
    passed_to: str | None
    hive: int
    bees_removed: int
    neighbours: list[NeighbourView]
    face_down_tokens: int
    grasshoppers_waiting: int
    grasshoppers_set_aside: int
    deck_cards_left: int
    #: Cards still to be drawn before the next 'On Holiday' card shows (None: no such card is left;
    #: the two-player round 3 ends after 15 plantings each). Players can count the piles, so this
    #: hides nothing.
    cards_before_holiday: int | None
    #: Cards everyone saw go under the deck (two players), in the order they will be drawn.
    known_in_deck: list[CardView]
    discard: list[CardView]
    removed: list[str]
    gardens: list[GardenView]
    ferwig_next_draws: int
    ferwig_this_turn: bool
    visits: list[str]
