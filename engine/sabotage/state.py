"""The whole game of Garden Sabotage as pydantic models (JSON in, JSON out), hidden parts included.

Only `view` shows any of it to players. Cards are kept as ids (see `cards.py`); piles are lists
whose last item is the top card.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from engine.api import Phrase
from engine.rng import Rng
from engine.state_model import StateModel


class SabotageOptions(BaseModel):
    """Table options. The first player: an explicit seat, else each seat's house-plant count
    (most goes first, the draft's rule), else a seeded random seat (rulings 9 and 10)."""

    bird_variant: bool = False
    #: Ask every player "how many house plants do you own?" at the table before the first turn
    #: (ruling 18): one seat after another answers as a pending decision; most goes first.
    ask_house_plants: bool = False
    first_seat: int | None = Field(default=None, ge=0, le=3)
    house_plants: list[int] | None = None
    #: The season: the game ends after this many rounds at the latest (ruling 5).
    season_rounds: int = Field(default=30, ge=3, le=60)

    @model_validator(mode="after")
    def _house_plants_are_counts(self) -> SabotageOptions:
        if self.house_plants is not None and any(n < 0 for n in self.house_plants):
            raise ValueError("house plant counts cannot be negative")
        if self.ask_house_plants and (self.first_seat is not None or self.house_plants is not None):
            raise ValueError("ask for house plants, or give the first seat or the counts: not both")
        return self


class Plot(StateModel):
    """One plot of a Garden Board: planted cards (oldest first) and at most one bug of each sort."""

    plants: list[str] = Field(default_factory=list)
    good_bug: str | None = None
    bad_bug: str | None = None


class Completed(StateModel):
    """A completed objective, with the Good Bug stacked under it (if any)."""

    objective: str
    good_bug: str | None = None


class PlayerState(StateModel):
    """One seat: the secret hand (plants, bugs, objectives) and the public garden and score pile."""

    plants: list[str] = Field(default_factory=list)
    bugs: list[str] = Field(default_factory=list)
    objectives: list[str] = Field(default_factory=list)
    plots: list[Plot] = Field(default_factory=lambda: [Plot(), Plot()])
    completed: list[Completed] = Field(default_factory=list)


class SabotageState(StateModel):
    """Everything, decks included. Piles: last item is the top card."""

    options: SabotageOptions
    seats: int
    rng: Rng
    plant_deck: list[str]
    plant_discard: list[str] = Field(default_factory=list)
    plant_row: list[str | None]
    bug_deck: list[str]
    bug_discard: list[str] = Field(default_factory=list)
    bug_row: list[str | None]
    objective_deck: list[str]
    #: Exchanged objectives lie face down: nobody may look at them (ruling 8).
    objective_discard: list[str] = Field(default_factory=list)
    players: list[PlayerState]
    first_seat: int
    #: How the first seat was chosen, in words ("Player 2 owns the most house plants (7).").
    first_seat_reason: str
    #: The same reason as a phrase over the seat it names (None in games stored before phrases:
    #: `setup.first_seat_phrase` works it out again from the options and answers).
    first_seat_phrase: Phrase | None = None
    turn: int
    actions_left: int
    #: Rounds are counted from 1; a round ends when the turn comes back to the first seat.
    round: int = 1
    turns_taken: int = 0
    #: The seat whose 7th objective triggered the final round (None until then).
    final_round_by: int | None = None
    #: Ruling 18: each seat's answer to "how many house plants do you own?" while they are being
    #: asked (None: not answered yet); None when the option is off.
    house_plant_answers: list[int | None] | None = None
    #: Set when the game is over: why, in words.
    ended: str | None = None
