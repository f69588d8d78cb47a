"""Secret Numbers: a tiny two-seat game with hidden cards, built in to prove the platform.

Rules. Nine cards numbered 1 to 9 are shuffled; each seat is dealt one face down. Seats take turns,
seat 1 first. On your turn you guess whether your opponent's card is higher or lower than yours;
a right guess scores a point. Then you show your card, discard it, and draw a new one in secret.
After each seat has had `turns_each` turns, the most points wins (equal points: a shared win).

It exercises everything a real game needs from the platform (hidden hands, private log lines,
a deck, turns, a result) in a few lines, so the conformance suite and the bot can be tested
before the real games exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.api import Event, IllegalAction, Result, ScoreLine, SeatResult, Viewer, points_word
from engine.rng import Rng
from engine.text import event, phrase, render, standing_phrase

#: Every kind of event Secret Numbers emits.
EVENT_KINDS = frozenset({"guess", "draw", "end"})


def seat_name(seat: int) -> str:
    """How the game's text names a seat."""
    return f"Seat {seat + 1}"


def card_id(value: int) -> str:
    """The marker of card `value` ("c7"): what a leak of that card would contain."""
    return f"c{value}"


class SecretNumberOptions(BaseModel):
    """Options: how many turns each seat takes."""

    turns_each: int = Field(default=3, ge=1, le=4)


class Guess(BaseModel):
    """Guess that the opponent's card is higher (or lower) than yours."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["guess"] = "guess"
    higher: bool

    @property
    def label(self) -> str:
        return "Guess higher" if self.higher else "Guess lower"

    @property
    def steps(self) -> tuple[str, ...]:
        return (self.label,)


class SecretNumberState(BaseModel):
    """The whole game, hidden parts included (only views are shown to players)."""

    options: SecretNumberOptions
    rng: Rng
    deck: list[int]
    hands: list[int]
    discard: list[int] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=lambda: [0, 0])
    turn: int = 0
    turns_taken: int = 0


class SecretNumberView(BaseModel):
    """One viewer's view: scores, the discard pile, whose turn, and their own card only."""

    viewer: int | None
    scores: list[int]
    discard: list[str]
    deck_size: int
    to_move: int | None
    turns_left: int
    my_card: str | None
    my_value: int | None


class SecretNumberGame:
    """The rules object registered as "secret_number"."""

    name = "secret_number"
    title = "Secret Numbers"
    min_seats = 2
    max_seats = 2
    options_model = SecretNumberOptions
    state_model = SecretNumberState
    event_kinds = EVENT_KINDS
    menu_position = 1

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def create(self, options: SecretNumberOptions, seats: int, seed: int) -> SecretNumberState:
        if seats != 2:
            raise ValueError("Secret Numbers is for exactly 2 players.")
        rng = Rng.from_seed(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        hands = [deck.pop(), deck.pop()]
        return SecretNumberState(options=options, rng=rng, deck=deck, hands=hands)

    def _total_turns(self, state: SecretNumberState) -> int:
        return 2 * state.options.turns_each

    def is_terminal(self, state: SecretNumberState) -> bool:
        return state.turns_taken >= self._total_turns(state)

    def to_move(self, state: SecretNumberState) -> list[int]:
        return [] if self.is_terminal(state) else [state.turn]

    def legal_actions(self, state: SecretNumberState, seat: int) -> Sequence[Guess]:
        if seat not in self.to_move(state):
            return []
        return [Guess(higher=True), Guess(higher=False)]

    def apply(self, state: SecretNumberState, seat: int, action: Guess) -> list[Event]:
        if self.is_terminal(state):
            raise IllegalAction("The game is over.")
        if seat != state.turn:
            raise IllegalAction("It is not your turn.")
        if not isinstance(action, Guess):
            raise IllegalAction("That is not a move in Secret Numbers.")
        mine, theirs = state.hands[seat], state.hands[1 - seat]
        right = (theirs > mine) if action.higher else (theirs < mine)
        if right:
            state.scores[seat] += 1
        word = "higher" if action.higher else "lower"
        events = [
            event(
                "guess",
                f"{{guesser}} guessed {word}: {'right' if right else 'wrong'}. They showed a {{shown}}.",
                seat_name,
                seats={"guesser": seat},
                fields={"higher": action.higher, "right": right, "shown": mine},
            )
        ]
        state.discard.append(mine)
        if state.deck:
            drawn = state.deck.pop()
            state.hands[seat] = drawn
            events.append(
                event(
                    "draw",
                    "{drawer} drew a new card.",
                    seat_name,
                    seats={"drawer": seat},
                    private={seat: f"You drew the {drawn} ({card_id(drawn)})."},
                )
            )
        state.turns_taken += 1
        state.turn = 1 - seat
        if self.is_terminal(state):
            result = self.result(state)
            ending = result.summary_phrase
            assert ending is not None
            events.append(event("end", ending.template, seat_name, seats=ending.seats, fields=ending.values))
        return events

    def view(self, state: SecretNumberState, viewer: Viewer) -> SecretNumberView:
        own = state.hands[viewer] if viewer is not None else None
        return SecretNumberView(
            viewer=viewer,
            scores=list(state.scores),
            discard=[card_id(v) for v in state.discard],
            deck_size=len(state.deck),
            to_move=None if self.is_terminal(state) else state.turn,
            turns_left=self._total_turns(state) - state.turns_taken,
            my_card=card_id(own) if own is not None else None,
            my_value=own,
        )

    def result(self, state: SecretNumberState) -> Result:
        best = max(state.scores)
        winners = [s for s, points in enumerate(state.scores) if points == best]
        if len(winners) == 2:
            ending = phrase("A shared win.")
        else:
            ending = phrase(
                f"{{winner}} wins with {{points}} {points_word(best)}.",
                seats={"winner": winners[0]},
                points=best,
            )
        return Result(
            seats=[
                SeatResult(seat=s, total=p, lines=[ScoreLine(label="Right guesses", points=p)])
                for s, p in enumerate(state.scores)
            ],
            winners=winners,
            summary=render(ending.template, ending.seats, ending.values, seat_name),
            summary_phrase=ending,
        )

    def standing_result(self, state: SecretNumberState) -> Result:
        """The points as they stand (a game stopped before its end): the leaders win. Once the
        game is over this is `result`."""
        counted = self.result(state)
        if self.is_terminal(state):
            return counted
        ending = standing_phrase(counted.winners, max(state.scores), seats=2)
        return counted.model_copy(
            update={
                "summary": render(ending.template, ending.seats, ending.values, seat_name),
                "summary_phrase": ending,
            }
        )

    def encode_action(self, action: Guess) -> dict[str, Any]:
        return action.model_dump()

    def decode_action(self, data: dict[str, Any]) -> Guess:
        return Guess.model_validate(data)

    def secrets(self, state: SecretNumberState) -> dict[Viewer, set[str]]:
        hidden: dict[Viewer, set[str]] = {seat: {card_id(v)} for seat, v in enumerate(state.hands)}
        hidden[None] = {card_id(v) for v in state.deck}
        return hidden


GAME = SecretNumberGame()
