"""Objection!: a tiny game for 2 to 4 seats with out-of-turn replies, built to test reply windows.

Rules.
1. The deck holds 24 cards numbered 1 to 24. Each seat is dealt `turns_each` + 1 cards face down;
   the rest are set aside unseen.
2. Seats take turns, seat 1 first. On your turn you play one card from your hand face up ("Play
   the 17"), offering to score its number.
3. Then every other seat may object, all at once: each is offered "Object" and "Let it happen",
   whatever its hand holds. Answers are given in secret and revealed together once every seat has
   answered. A seat whose reply clock runs out lets it happen.
4. Each objection costs the objector 2 points. If at least one seat objected, the card is
   discarded and scores nothing; otherwise it scores its number for the seat that played it.
5. After each seat has played `turns_each` cards, the most points wins (equal points: a shared win).
   Scores may go below zero.

The reply window (rule 3) is the engine's decision kind "reply": several seats are to move at
once, each leaves `to_move` when it answers, and its timeout move is "Let it happen". A turn's
timeout move is None: the bot lets a computer player choose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.api import (
    DecisionKind,
    Event,
    IllegalAction,
    Phrase,
    Result,
    ScoreLine,
    SeatResult,
    Viewer,
    points_word,
)
from engine.rng import Rng
from engine.text import event, join_roles, phrase, render, standing_phrase

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
_ACTIONS: TypeAdapter[Play | Reply] = TypeAdapter(ObjectionAction)

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


class ObjectionGame:
    """The rules object registered as "objection"."""

    name = "objection"
    title = "Objection!"
    min_seats = 2
    max_seats = 4
    options_model = ObjectionOptions
    state_model = ObjectionState
    event_kinds = EVENT_KINDS
    menu_position = 5

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def create(self, options: ObjectionOptions, seats: int, seed: int) -> ObjectionState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError("Objection! is for 2 to 4 players.")
        rng = Rng.from_seed(seed)
        deck = list(range(1, DECK_SIZE + 1))
        rng.shuffle(deck)
        size = options.turns_each + 1
        hands = [sorted(deck[s * size : (s + 1) * size]) for s in range(seats)]
        return ObjectionState(
            options=options,
            rng=rng,
            seats=seats,
            unused=deck[seats * size :],
            hands=hands,
            scored=[[] for _ in range(seats)],
            objections=[0] * seats,
        )

    def _total_turns(self, state: ObjectionState) -> int:
        return state.seats * state.options.turns_each

    def is_terminal(self, state: ObjectionState) -> bool:
        return state.window is None and state.turns_taken >= self._total_turns(state)

    def to_move(self, state: ObjectionState) -> list[int]:
        if state.window is not None:
            return list(state.window.waiting)
        return [] if self.is_terminal(state) else [state.turn]

    def decision_kind(self, state: ObjectionState, seat: int) -> DecisionKind:
        """ "reply" for a seat with a window open (rule 3), else "turn"."""
        return "reply" if state.window is not None and seat in state.window.waiting else "turn"

    def timeout_action(self, state: ObjectionState, seat: int) -> Reply | None:
        """In a reply window the pass, "Let it happen" (rule 3); on a turn None."""
        return LET_IT_HAPPEN if self.decision_kind(state, seat) == "reply" else None

    def legal_actions(self, state: ObjectionState, seat: int) -> Sequence[Play | Reply]:
        if seat not in self.to_move(state):
            return []
        if state.window is not None:
            return [OBJECT, LET_IT_HAPPEN]
        return [Play(card=c) for c in state.hands[seat]]

    def apply(self, state: ObjectionState, seat: int, action: Play | Reply) -> list[Event]:
        if self.is_terminal(state):
            raise IllegalAction("The game is over.")
        if seat not in self.to_move(state):
            raise IllegalAction("It is not your turn.")
        if state.window is not None:
            if not isinstance(action, Reply):
                raise IllegalAction("Answer the play first: object or let it happen.")
            return self._answer(state, state.window, seat, action)
        if not isinstance(action, Play):
            raise IllegalAction("There is nothing to answer: play a card.")
        if action.card not in state.hands[seat]:
            raise IllegalAction("You do not hold that card.")
        state.hands[seat].remove(action.card)
        waiting = [s for s in range(state.seats) if s != seat]
        state.window = Window(player=seat, card=action.card, waiting=waiting)
        return [
            event(
                "play",
                "{player} played the {card}: anyone may object.",
                seat_name,
                seats={"player": seat},
                fields={"card": action.card},
            )
        ]

    def _answer(self, state: ObjectionState, window: Window, seat: int, action: Reply) -> list[Event]:
        window.waiting.remove(seat)
        if action.objects:
            window.objectors.append(seat)
        answer = "You objected." if action.objects else "You let it happen."
        events = [
            event("answer", "{seat} answered.", seat_name, seats={"seat": seat}, private={seat: answer})
        ]
        if not window.waiting:
            events.append(self._resolve(state, window))
            if self.is_terminal(state):
                ending = self.result(state).summary_phrase
                assert ending is not None
                events.append(
                    event("end", ending.template, seat_name, seats=ending.seats, fields=ending.values)
                )
        return events

    def _resolve(self, state: ObjectionState, window: Window) -> Event:
        """Rule 4: the objections are paid; one is enough to cancel the card."""
        objectors = sorted(window.objectors)
        for objector in objectors:
            state.objections[objector] += 1
        state.window = None
        state.turns_taken += 1
        state.turn = (window.player + 1) % state.seats
        if objectors:
            state.discard.append(window.card)
            roles = {f"objector{i + 1}": s for i, s in enumerate(objectors)}
            return event(
                "cancelled",
                f"{join_roles(list(roles))} objected: {{player}}'s {{card}} is discarded.",
                seat_name,
                seats={"player": window.player, **roles},
                fields={"card": window.card, "objections": len(objectors)},
            )
        state.scored[window.player].append(window.card)
        return event(
            "scored",
            "Nobody objected: {player} scores the {card}.",
            seat_name,
            seats={"player": window.player},
            fields={"card": window.card},
        )

    def view(self, state: ObjectionState, viewer: Viewer) -> ObjectionView:
        window = state.window
        own = sorted(state.hands[viewer]) if viewer is not None else []
        return ObjectionView(
            viewer=viewer,
            scores=scores(state),
            scored=[list(cards) for cards in state.scored],
            objections=list(state.objections),
            discard=list(state.discard),
            turn=None if self.is_terminal(state) else state.turn,
            turns_left=self._total_turns(state) - state.turns_taken,
            on_table=window.card if window else None,
            played_by=window.player if window else None,
            waiting=list(window.waiting) if window else [],
            replying=window is not None and viewer in window.waiting,
            my_cards=[card_id(c) for c in own],
            my_values=own,
        )

    def _counted(self, state: ObjectionState) -> tuple[list[SeatResult], list[int], int]:
        """Every seat's points with its breakdown, the leaders and their points."""
        results = []
        for seat in range(state.seats):
            cards = state.scored[seat]
            lines = [ScoreLine(label=f"Cards scored ({len(cards)})", points=sum(cards))]
            if state.objections[seat]:
                count = state.objections[seat]
                lines.append(
                    ScoreLine(
                        label=f"Objections ({count} x {OBJECTION_COST})", points=-OBJECTION_COST * count
                    )
                )
            results.append(SeatResult(seat=seat, total=sum(line.points for line in lines), lines=lines))
        best = max(r.total for r in results)
        return results, [r.seat for r in results if r.total == best], best

    def result(self, state: ObjectionState) -> Result:
        """Rule 5: the most points wins; equal points share the win."""
        seats, winners, best = self._counted(state)
        roles = {f"winner{i + 1}": s for i, s in enumerate(winners)}
        if len(winners) > 1:
            ending = phrase(
                f"{join_roles(list(roles))} share the win with {{points}} points.", seats=roles, points=best
            )
        else:
            ending = phrase(
                f"{{winner1}} wins with {{points}} {points_word(best)}.", seats=roles, points=best
            )
        return self._result(seats, winners, ending)

    def standing_result(self, state: ObjectionState) -> Result:
        """The points as they stand, for a game stopped before its end (a card waiting for answers
        scores nothing yet); `result` once the game is over."""
        if self.is_terminal(state):
            return self.result(state)
        seats, leaders, best = self._counted(state)
        return self._result(seats, leaders, standing_phrase(leaders, best, seats=state.seats))

    def _result(self, seats: list[SeatResult], winners: list[int], ending: Phrase) -> Result:
        summary = render(ending.template, ending.seats, ending.values, seat_name)
        return Result(seats=seats, winners=winners, summary=summary, summary_phrase=ending)

    def encode_action(self, action: Play | Reply) -> dict[str, Any]:
        return action.model_dump()

    def decode_action(self, data: dict[str, Any]) -> Play | Reply:
        return _ACTIONS.validate_python(data)

    def secrets(self, state: ObjectionState) -> dict[Viewer, set[str]]:
        """Each hand is its owner's; the cards set aside are nobody's."""
        hidden: dict[Viewer, set[str]] = {
            seat: {card_id(c) for c in hand} for seat, hand in enumerate(state.hands)
        }
        hidden[None] = {card_id(c) for c in state.unused}
        return hidden

    def conformance_options(self) -> list[ObjectionOptions]:
        """The option sets the conformance suite plays: the default, the shortest and the longest."""
        return [
            ObjectionOptions(),
            ObjectionOptions(turns_each=1, reply_seconds=5),
            ObjectionOptions(turns_each=5),
        ]

    def conformance_twin(self, state: ObjectionState, seat: int, seed: int) -> ObjectionState | None:
        """A copy of `state` that differs only in `seat`'s hidden cards: its hand swapped, card for
        card, with cards set aside (None when none are set aside). The conformance suite checks that
        a reply window offers the same answers in both."""
        if not state.unused or not state.hands[seat]:
            return None
        twin = state.model_copy(deep=True)
        pool = twin.hands[seat] + twin.unused
        Rng.from_seed(seed).shuffle(pool)
        size = len(twin.hands[seat])
        twin.hands[seat] = sorted(pool[:size])
        twin.unused = pool[size:]
        return twin


GAME = ObjectionGame()
