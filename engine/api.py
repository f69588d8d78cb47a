"""The one small interface every game implements, and the plain types it speaks.

A game is rules without memory: a `Game` object turns options + seat count + seed into a state and
answers questions about states. The state is a pydantic model (JSON in, JSON out), so the bot can
store it and a replay of the recorded actions from the seed reproduces it exactly.

Ideas taken from OpenSpiel (legal actions per player, explicit returns, one conformance test for all
games) and boardgame.io (player views and a redacted log computed per viewer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, Field

#: A seat is a 0-based index into the game's players; `None` means a spectator (no seat).
Seat = int
Viewer = int | None


class IllegalAction(Exception):
    """Raised by `Game.apply` for a move the rules refuse; `message` is shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Event(BaseModel):
    """Something that happened, as the game log tells it.

    `text` is what everyone may read. `private` holds a fuller line for the seats allowed to see
    more (for example the card a player drew). Hidden information goes only in `private`.
    """

    kind: str
    text: str
    private: dict[int, str] = Field(default_factory=dict)

    def line_for(self, viewer: Viewer) -> str:
        """The log line `viewer` may read."""
        if viewer is not None and viewer in self.private:
            return self.private[viewer]
        return self.text


class ScoreLine(BaseModel):
    """One line of a score breakdown: "Carrots (5 adjacent x 3): 15"."""

    label: str
    points: int


class SeatResult(BaseModel):
    """A seat's final score with the breakdown a player can read line by line."""

    seat: int
    total: int
    lines: list[ScoreLine]
    #: A title the rules award, e.g. "Blue Ribbon" (None where the game has none).
    award: str | None = None


class Result(BaseModel):
    """The end of a game: every seat's score and who won (several seats on a shared win)."""

    seats: list[SeatResult]
    winners: list[int]
    #: One plain-English sentence: "Ned wins on the vegetable-type tie-break."
    summary: str


class ActionLike(Protocol):
    """What the platform needs of an action: a label a player understands.

    Labels are unique among one seat's legal actions. `steps` splits the label for pickers that
    offer a choice in two steps (first the card, then the slot); a one-step action returns
    `(label,)`.
    """

    @property
    def label(self) -> str: ...

    @property
    def steps(self) -> tuple[str, ...]: ...


StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=ActionLike)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


@runtime_checkable
class Game(Protocol[StateT, ActionT, OptionsT]):
    """The rules of one game. Stateless: every method takes the state it works on.

    `apply` mutates the state in place (fast enough for search and benchmarks); callers that need
    the old state keep a copy (`copy_state`). `apply` checks legality itself and raises
    `IllegalAction` without touching the state.
    """

    #: Registry key and storage name, e.g. "cabbagehead". Never changes once games are stored.
    name: str
    #: Human title, e.g. "Mr. Cabbagehead's Garden".
    title: str
    min_seats: int
    max_seats: int
    options_model: type[OptionsT]
    state_model: type[StateT]

    def create(self, options: OptionsT, seats: int, seed: int) -> StateT:
        """A new game, set up and ready for its first decision."""
        ...

    def to_move(self, state: StateT) -> list[Seat]:
        """The seats that have a decision to make now (empty once the game is over)."""
        ...

    def legal_actions(self, state: StateT, seat: Seat) -> Sequence[ActionT]:
        """Every action `seat` may take now, in a stable order; empty if it is not to move."""
        ...

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> list[Event]:
        """Play `action` for `seat`, returning what happened; raise `IllegalAction` if refused."""
        ...

    def view(self, state: StateT, viewer: Viewer) -> BaseModel:
        """What `viewer` may see (`None`: a spectator). Nothing hidden from them is in it."""
        ...

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over."""
        ...

    def result(self, state: StateT) -> Result:
        """Final scores with breakdowns; only valid once `is_terminal` is true."""
        ...

    def encode_action(self, action: ActionT) -> dict[str, Any]:
        """The action as JSON-ready data, for the action log."""
        ...

    def decode_action(self, data: dict[str, Any]) -> ActionT:
        """The action back from `encode_action`'s data."""
        ...

    def secrets(self, state: StateT) -> dict[Viewer, set[str]]:
        """Markers of hidden information, by who alone may know it (`None`: nobody).

        Markers are strings a view or a log line would contain if it leaked the information
        (card ids such as "veg17"). The conformance suite checks that no other viewer's view
        (as a JSON leaf value) or log line (as a word) ever contains one.
        """
        ...


AnyGame = Game[Any, Any, Any]


def has_public_view(game: AnyGame) -> bool:
    """Whether no seat ever sees more than a spectator: a game may declare `public_view = True`
    when `view(state, seat)` is always `view(state, None)` with its `viewer` field set to `seat`
    (the conformance suite checks it). Then one view per position serves every viewer."""
    return bool(getattr(game, "public_view", False))


def dump_state(state: BaseModel) -> str:
    """A state as JSON text, exactly restorable with `load_state`."""
    return state.model_dump_json()


def load_state(game: AnyGame, text: str) -> BaseModel:
    """A state back from `dump_state`'s JSON text."""
    state: BaseModel = game.state_model.model_validate_json(text)
    return state


def copy_state(game: AnyGame, state: StateT) -> StateT:
    """An independent deep copy of a state (for search, previews and undo-free retries)."""
    return state.model_copy(deep=True)


def replay(
    game: AnyGame,
    options: BaseModel,
    seats: int,
    seed: int,
    moves: Sequence[tuple[Seat, dict[str, Any]]],
) -> tuple[BaseModel, list[Event]]:
    """Rebuild a game from options + seed + its recorded (seat, encoded action) log."""
    state = game.create(options, seats, seed)
    events: list[Event] = []
    for seat, data in moves:
        events.extend(game.apply(state, seat, game.decode_action(data)))
    return state, events
