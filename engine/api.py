"""The one small interface every game implements, and the plain types it speaks.

A game is rules without memory: a `Game` object turns options + seat count + seed into a state and
answers questions about states. The state is a pydantic model (JSON in, JSON out), so the bot can
store it and a replay of the recorded actions from the seed reproduces it exactly.

Ideas taken from OpenSpiel (legal actions per player, explicit returns, one conformance test for all
games) and boardgame.io (player views and a redacted log computed per viewer).

The records a game hands out (seats, events, phrases, results) live in `engine.records`, what an
action is and how it is said in `engine.actions`; this module re-exports them, so `engine.api`
stays the one place to import from.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from engine.actions import ActionLike as ActionLike
from engine.actions import IllegalAction as IllegalAction
from engine.actions import NamedLabels as NamedLabels
from engine.actions import SaidTogether as SaidTogether
from engine.actions import StepGroups as StepGroups
from engine.actions import action_label as action_label
from engine.actions import action_steps as action_steps
from engine.actions import first_step_groups as first_step_groups
from engine.actions import labels_and_steps as labels_and_steps
from engine.actions import said_together as said_together
from engine.records import Event as Event
from engine.records import FieldValue as FieldValue
from engine.records import Phrase as Phrase
from engine.records import Result as Result
from engine.records import ScoreLine as ScoreLine
from engine.records import Seat as Seat
from engine.records import SeatResult as SeatResult
from engine.records import Viewer as Viewer
from engine.records import default_seat_name as default_seat_name
from engine.records import events_json as events_json
from engine.records import fill as fill
from engine.records import points_word as points_word

StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=ActionLike)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


@runtime_checkable
class Game(Protocol[StateT, ActionT, OptionsT]):
    """The rules of one game. Stateless: every method takes the state it works on.

    `apply` mutates the state in place (fast enough for search and benchmarks); callers that need
    the old state keep a copy (`copy_state`). `apply` checks legality itself and raises
    `IllegalAction` without touching the state.

    Optional methods, read through the module-level helpers that supply their defaults:
    `decision_kind(state, seat)` ("turn" or "reply"), `only_pass(state, seat)` (a reply window the
    seat's hand has nothing to play in), `timeout_action(state, seat)` (the move made
    when the seat's clock runs out; None: a computer player chooses), `turn_key(state)` (which
    turn, a clocked stretch of play, the seats to move are in), `interjections(state, seat)`
    (what a seat not to move may do unasked) and `standing_result(state)` (the scores as they
    stand, for a game stopped early; every registered game has it).
    """

    #: Registry key and storage name, e.g. "cabbagehead". Never changes once games are stored.
    name: str
    #: Human title, e.g. "Mr. Cabbagehead's Garden".
    title: str
    min_seats: int
    max_seats: int
    options_model: type[OptionsT]
    state_model: type[StateT]
    #: Every `Event.kind` the game emits (the conformance suite checks each event against it).
    event_kinds: frozenset[str]

    def seat_name(self, seat: Seat) -> str:
        """How the game's own text names a seat ("Seat 1", "Player 1"): `Event.text`, labels and
        `Result.summary` use it; templates leave the seat as a placeholder instead."""
        ...

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


#: What kind of decision a seat faces: its own "turn", or a "reply": a short out-of-turn window
#: (an objection to another seat's play) that the bot gives its own, shorter clock.
DecisionKind = Literal["turn", "reply"]

#: The reply window's clock when the options do not set one (`reply_seconds`).
DEFAULT_REPLY_SECONDS = 30.0


def decision_kind(game: AnyGame, state: BaseModel, seat: Seat) -> DecisionKind:
    """The kind of decision `seat` (one of `to_move(state)`) faces: `game.decision_kind(state,
    seat)` where the game defines it, else "turn". A game with reply windows may put a decision
    before several seats at once: `to_move` lists every seat that still has to answer, and a seat
    leaves it once it has answered."""
    method = getattr(game, "decision_kind", None)
    if method is None:
        return "turn"
    kind: DecisionKind = method(state, seat)
    return kind


def timeout_action(game: AnyGame, state: BaseModel, seat: Seat) -> ActionLike | None:
    """The move made for `seat` when its clock runs out: `game.timeout_action(state, seat)` where
    the game defines it, else None (the bot lets a computer player choose). When not None it is
    one of `legal_actions(state, seat)`; a reply window's is its "pass"."""
    method = getattr(game, "timeout_action", None)
    if method is None:
        return None
    action: ActionLike | None = method(state, seat)
    return action


def only_pass(game: AnyGame, state: BaseModel, seat: Seat) -> bool:
    """Whether `seat`'s decision is a reply window in which its own hand holds nothing it could
    play: every answer ends in the window's pass (Garden Party: no orange card to bid, no two cards
    of one talent to pay a cancellation). It depends on the seat's hand, so only its owner may be
    told; the bot then does not ask the seat, and its window's clock still runs to the end and
    passes for it, so the window lasts as long as for a seat that lets it lapse.
    `game.only_pass(state, seat)` where the game defines it, else False (every seat is asked)."""
    method = getattr(game, "only_pass", None)
    if method is None or decision_kind(game, state, seat) != "reply":
        return False
    return bool(method(state, seat))


def turn_key(game: AnyGame, state: BaseModel) -> Hashable | None:
    """Which turn the seats to move are in: an opaque value that changes whenever a new turn (a
    new stretch of play with its own clock) begins, even when the same seat stays to move (the
    gardener who rolls for Attila at the end of another's turn and plays next), and stays the same
    while the turn goes on (every move of a turn, every answer of a reply window). The bot gives a
    seat a new clock and notice when the key changes, and a timed-out turn is played out only up
    to the next key. It depends only on public facts (twin states share it) and survives a JSON
    round trip of the state. `game.turn_key(state)` where the game defines it, else None: one key
    for the whole game, so a seat's turn lasts as long as it stays to move."""
    method = getattr(game, "turn_key", None)
    if method is None:
        return None
    key: Hashable | None = method(state)
    return key


def interjections(game: AnyGame, state: BaseModel, seat: Seat) -> Sequence[ActionLike]:
    """What `seat`, not to move, may do now without being asked: a card the rules let a player
    play "at any time" during another's turn (Garden Party's orange cards, rules III C). No clock
    waits for it and `to_move` does not list the seat; `apply` accepts it like a legal action.
    The list depends on the seat's own hand, so only its owner may be shown it. Empty for a seat
    to move (its choices are `legal_actions`) and for games without such play (no
    `game.interjections`)."""
    method = getattr(game, "interjections", None)
    if method is None:
        return []
    actions: Sequence[ActionLike] = method(state, seat)
    return actions


def plays_past_its_end(game: AnyGame, state: BaseModel) -> bool:
    """Whether `state` goes on with ordinary play although the rules' end condition holds. A game
    may state its end condition as `game.end_condition(state)`: whether the position meets the
    rules' condition for the end, read from the position itself (Garden Party: a greenhouse holds
    its nine flowering plants), not from the flow that should have noticed it; and what the rules
    still allow once it holds as `game.closing(state)` (Garden Party's end-of-game cards; default:
    nothing). Past its end a game must be over or closing: the conformance suite checks it after
    every move. False for a game that states no end condition."""
    condition = getattr(game, "end_condition", None)
    if condition is None or not condition(state) or game.is_terminal(state):
        return False
    closing = getattr(game, "closing", None)
    return not (closing is not None and closing(state))


def retired(game: AnyGame, state: BaseModel) -> str | None:
    """Why a stored game in progress can no longer go on with these rules (a game may say so as
    `game.retired(state)`: Garden Party's games made with its decks before issue 28, whose card
    ids name other cards now), in words for its players; None: it plays on."""
    method = getattr(game, "retired", None)
    if method is None:
        return None
    reason: str | None = method(state)
    return reason


def reply_seconds(game: AnyGame, options: BaseModel) -> float:
    """The reply window's clock for a game played with `options`: `options.reply_seconds` when the
    options model has that field, else `DEFAULT_REPLY_SECONDS` (30)."""
    value = getattr(options, "reply_seconds", None)
    return DEFAULT_REPLY_SECONDS if value is None else float(value)


def standing_result(game: AnyGame, state: BaseModel) -> Result:
    """The scores as they stand, for a game that stops before its end (abandoned): every seat's
    total and breakdown as the rules would count them now, the leaders as winners and a summary
    saying the game was stopped. `game.standing_result(state)` where the game defines it (every
    registered game does), else `game.result(state)` once the game is over. On a finished game
    it has the same totals and winners as `result`."""
    method = getattr(game, "standing_result", None)
    if method is not None:
        result: Result = method(state)
        return result
    if game.is_terminal(state):
        final: Result = game.result(state)
        return final
    raise NotImplementedError(f"{game.name} cannot score a game that is not over (no standing_result)")


def dump_state(state: BaseModel) -> str:
    """A state as JSON text, exactly restorable with `load_state`."""
    return state.model_dump_json()


def load_state(game: AnyGame, text: str) -> BaseModel:
    """A state back from `dump_state`'s JSON text."""
    state: BaseModel = game.state_model.model_validate_json(text)
    return state


def copy_state(game: AnyGame, state: StateT) -> StateT:
    """An independent deep copy of a state (for search, previews and undo-free retries): a JSON
    round trip, which every game's state survives exactly (the conformance suite checks it) and
    which is several times quicker than `model_copy(deep=True)`."""
    return type(state).model_validate_json(state.model_dump_json())


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
