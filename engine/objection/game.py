"""The game object of Objection!: dealing, the turn and its reply window, applying a move,
views, the result (the rules: the package's docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from engine.objection.state import (
    ACTIONS,
    DECK_SIZE,
    EVENT_KINDS,
    LET_IT_HAPPEN,
    OBJECT,
    OBJECTION_COST,
    ObjectionOptions,
    ObjectionState,
    ObjectionView,
    Play,
    Reply,
    Window,
    card_id,
    scores,
    seat_name,
)
from engine.rng import Rng
from engine.text import event, join_roles, phrase, render, standing_phrase


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
                f"{join_roles(list(roles))} share the win with {{points}} {points_word(best)}.",
                seats=roles,
                points=best,
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
        return ACTIONS.validate_python(data)

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
