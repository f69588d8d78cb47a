"""The whole game of Garden Party as pydantic models (JSON in, JSON out), hidden parts included.

Only `view` shows any of it to players. Cards are ids (see `cards.py`); decks are lists whose first
item is the top card ("placed under its deck" appends). Plant tokens are ids into `token_kinds`; a
pot shows its token's kind only from the sprout stage on (or to a seat that looked at the seed).
Squares are "C" (the central square) and "G<seat>", "L<seat>", "P<seat>": the greenhouse, lawn and
pavement in front of each seat's greenhouse (rules III B).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr, model_validator

from engine.rng import Rng
from engine.state_model import StateModel

Stage = Literal["seed", "sprout", "bud", "flower", "weed"]
#: The edition of the rules and decks this engine plays (issue 28). 1: before issue 28 (decks of 28
#: action cards and 2 chance cards, numbered so; the Hoe, Golden Rake and Seed Swap took weeds out of
#: play; water by turn order for everyone). 2: the text's game (30 action cards a talent, so every
#: card id from the fifth Wheelbarrow on names another card than it did in edition 1).
RULESET = 2
#: Every option a stored game's options held before `ruleset` existed: a stored dump is told from
#: options built in code by having them all.
_STORED_KEYS = frozenset(
    {"flowers_to_end", "standard_die", "choose_gardeners", "reply_seconds", "season_rounds"}
)

Phase = Literal[
    "gardener", "roll", "orange", "bid", "turn", "keep", "cancel", "pay", "duel", "attila", "end", "over"
]


class GardenPartyOptions(BaseModel):
    """Table options: the flowers that end the game (9, the text's rule; 7, a shorter game for
    Discord, ruling 20), a standard six-sided die plus 3 instead of the 4-9 die (the same odds; only
    the wording differs), whether seats choose their gardeners (else they are dealt at random), and
    the reply window's clock; and the balancing start, a variant off by default (ruling 31)."""

    flowers_to_end: int = Field(default=9, ge=7, le=9)
    standard_die: bool = False
    choose_gardeners: bool = True
    reply_seconds: int = Field(default=30, ge=5, le=120)
    #: The tournament closes after this many rounds if no greenhouse is complete (ruling 21).
    season_rounds: int = Field(default=40, ge=3, le=99)
    #: The balancing start, a variant (ruling 31): later gardeners in turn order start with water
    #: (`data/setup.json`). Off, the text's game: everyone starts with none.
    balanced_start: bool = False
    #: The rules edition the game was made with (`RULESET`). A game stored before this field gets
    #: 1 if its options lack `balanced_start` too (stored before issue 28's decks), else 2 (issue
    #: 28's decks, stored while they were briefly on main). The engine plays only `RULESET`:
    #: `create` refuses an older edition, so an old game's replay is refused with a clear reason
    #: instead of replaying other cards (its card ids name other cards now).
    ruleset: int = Field(default=RULESET, ge=1, le=RULESET)

    @model_validator(mode="before")
    @classmethod
    def _stored_before_rulesets(cls, data: object) -> object:
        if isinstance(data, dict) and "ruleset" not in data and data.keys() >= _STORED_KEYS:
            return {**data, "ruleset": 2 if "balanced_start" in data else 1}
        return data


class Pot(StateModel):
    """A planted pot: the token and how far it has grown ("weed": a weed that has shown)."""

    token: int
    stage: Stage = "seed"


class Player(StateModel):
    """One seat: its gardener and figure, watering can, hand, golden objects and greenhouse."""

    gardener: str = ""
    square: str = ""
    water: int = 0
    hand: list[str] = Field(default_factory=list)
    #: Golden object ids ("clover", "gloves"…; `data/golden_objects.json`), public once found.
    golden: list[str] = Field(default_factory=list)
    #: Gardener ids whose collector's flowers stand in this seat's golden vases.
    vases: list[str] = Field(default_factory=list)
    #: This gardener's own collector's flowers not yet taken by a rival (rules I: two copies).
    flowers_left: int = 2
    pots: list[Pot | None] = Field(default_factory=list)
    #: Seed tokens this seat has looked at (Botanist's Eye): it sees their kind wherever they are.
    known: list[int] = Field(default_factory=list)
    #: A caught snooper may not enter this seat's greenhouse during its next turn (rules III D 2).
    banned_from: int | None = None
    #: Cards a lost duel still owes: discarded at random as soon as the seat holds one (rules IV E).
    owed: int = 0
    #: The turn number in which this seat last played an action card (one a turn, rules III C).
    played_in_turn: int = -1
    cards_played: int = 0


class Move(StateModel):
    """A plant moved by an exchange or a theft this turn, so a lost duel can put it back."""

    owner: int
    mine: int
    theirs: int
    my_token: int | None
    their_token: int


class Turn(StateModel):
    """What the seat to move has done and may still do this turn."""

    seat: int = 0
    number: int = 0
    roll: int = 0
    points: int = 0
    drew: bool = False
    collected: bool = False
    #: Pot index -> waterings this turn (once each, twice under a Grow Lamp).
    watered: dict[int, int] = Field(default_factory=dict)
    gloves_used: bool = False
    grow_lamp: bool = False
    cold_snap: bool = False
    padlock: bool = False
    pollen_storm: bool = False
    #: Greenhouses (by owner seat) entered this turn, in order: each gives a duel (rules IV E).
    visits: list[int] = Field(default_factory=list)
    #: Owner seat -> how much of the visit's capacity was used (ruling 7).
    taken: dict[int, int] = Field(default_factory=dict)
    moves: list[Move] = Field(default_factory=list)


class Pending(StateModel):
    """An action card on its way to taking effect: played, perhaps cancelled and re-cancelled."""

    seat: int
    card: str
    target: int | None = None
    #: Seats that cancelled (and re-cancelled), in order: the card acts when this count is even.
    cancels: list[int] = Field(default_factory=list)
    #: The phase play returns to once the card is settled.
    resume: Phase = "turn"


class Window(StateModel):
    """A reply window: every listed seat answers in secret; answers are read once all are in."""

    kind: Literal["orange", "cancel"]
    seats: list[int]
    answers: dict[int, bool] = Field(default_factory=dict)


class Duel(StateModel):
    """The duel with Attila after a visit to `owner`'s greenhouse (rules IV E)."""

    owner: int
    card: str
    #: Who decides next about mauve cards: "snooper", "owner", then the die decides.
    step: Literal["snooper", "owner", "judged"] = "snooper"
    forced: Literal["win", "lose"] | None = None
    alibi: bool = False
    witness: bool = False
    attila_bonus: int = 0


class GardenPartyState(StateModel):
    options: GardenPartyOptions = Field(default_factory=GardenPartyOptions)
    seats: int = 3
    rng: Rng = Field(default_factory=Rng)
    phase: Phase = "gardener"
    players: list[Player] = Field(default_factory=list)
    #: Token id -> kind ("green", "weed", "mouldy"): hidden while the token is a seed.
    token_kinds: list[str] = Field(default_factory=list)
    #: Token ids out of play: mouldy seeds that rotted (a weed is never discarded: V B; games stored
    #: before issue 28 may hold weeds pulled out by the old Hoe and Golden Rake).
    discarded_tokens: list[int] = Field(default_factory=list)
    #: Green sprouts planted by Seed Packets (new tokens; counted by the conservation check).
    packet_tokens: int = 0
    decks: dict[str, list[str]] = Field(default_factory=dict)
    chance_set_aside: list[str] = Field(default_factory=list)
    #: The golden object cards still face down ("gold1"…), their order hidden.
    golden_deck: list[str] = Field(default_factory=list)
    duel_deck: list[str] = Field(default_factory=list)
    first_seat: int = 0
    round: int = 0
    turn: Turn = Field(default_factory=Turn)
    #: The cards drawn at the central square, waiting for the one kept (phase "keep").
    drawn: list[str] = Field(default_factory=list)
    pending: Pending | None = None
    window: Window | None = None
    #: Seats that answered a window "yes", in the order they decide (phase "bid" / "pay").
    bidders: list[int] = Field(default_factory=list)
    payers: list[int] = Field(default_factory=list)
    duels: list[int] = Field(default_factory=list)
    duel: Duel | None = None
    #: The seat whose flowers ended the game, and the end-of-game card round (phase "end").
    ended_by: int | None = None
    end_order: list[int] = Field(default_factory=list)
    compost: list[int] = Field(default_factory=list)
    best_in_show: list[int] = Field(default_factory=list)
    actions_taken: int = 0
    cancel_chains: int = 0
    #: The last legal actions computed, keyed by (this object, actions taken, seat): `apply`
    #: checks a move against them without building them again. Never saved or copied along.
    _legal_cache: tuple[tuple[int, int, int], dict[str, object]] | None = PrivateAttr(default=None)
