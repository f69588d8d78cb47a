"""The Garden Sabotage game object registered as "sabotage": the engine interface, delegating to
the rules, views and scoring modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.api import Event, IllegalAction, Result, Viewer
from engine.rng import Rng
from engine.sabotage import rules, sampling, scoring, setup
from engine.sabotage.actions import SabotageAction, seat_name
from engine.sabotage.encoding import decode_action, encode_action
from engine.sabotage.state import SabotageOptions, SabotageState
from engine.sabotage.views import SabotageView, view
from engine.text import N_


class SabotageGame:
    """Garden Sabotage (2-4 players): plant, sabotage, complete objectives. See docs/rules/sabotage.md."""

    name = "sabotage"
    title = "Garden Sabotage"
    min_seats = 2
    max_seats = 4
    options_model = SabotageOptions
    state_model = SabotageState
    event_kinds = rules.EVENT_KINDS
    #: Where `/play` and the registry list the game.
    menu_position = 3

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def create(self, options: SabotageOptions, seats: int, seed: int) -> SabotageState:
        return setup.create(options, seats, seed)

    def to_move(self, state: SabotageState) -> list[int]:
        if state.ended is not None:
            return []
        if rules.asking_house_plants(state):
            return [rules.seat_to_answer(state)]
        return [state.turn]

    def legal_actions(self, state: SabotageState, seat: int) -> Sequence[SabotageAction]:
        return rules.legal_actions(state, seat)

    def apply(self, state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def view(self, state: SabotageState, viewer: Viewer) -> SabotageView:
        return view(state, viewer)

    def is_terminal(self, state: SabotageState) -> bool:
        return state.ended is not None

    def result(self, state: SabotageState) -> Result:
        if state.ended is None:
            raise IllegalAction(N_("The game is not over yet."))
        return scoring.result(state)

    def standing_result(self, state: SabotageState) -> Result:
        """The scores as they stand (a game stopped before its end): `result` once it is over."""
        if state.ended is not None:
            return scoring.result(state)
        return scoring.standing_result(state)

    def encode_action(self, action: SabotageAction) -> dict[str, Any]:
        return encode_action(action)

    def decode_action(self, data: dict[str, Any]) -> SabotageAction:
        return decode_action(data)

    def secrets(self, state: SabotageState) -> dict[Viewer, set[str]]:
        """Each hand is its owner's; deck contents and face-down objective discards are nobody's."""
        hidden: dict[Viewer, set[str]] = {
            seat: {*p.plants, *p.bugs, *p.objectives} for seat, p in enumerate(state.players)
        }
        hidden[None] = {*state.plant_deck, *state.bug_deck, *state.objective_deck, *state.objective_discard}
        return hidden

    def rounds_played(self, state: SabotageState) -> int:
        """Rounds begun so far (the last one may have ended early by the final-round rule)."""
        return state.round

    def conformance_options(self) -> list[SabotageOptions]:
        """The option sets the conformance suite plays: Bird variant off and on, random and explicit
        first seat. (House-plant counts depend on the seat count, so their tests are separate.)"""
        return [
            SabotageOptions(),
            SabotageOptions(bird_variant=True, first_seat=1),
            SabotageOptions(ask_house_plants=True, season_rounds=5),
        ]

    def conformance_twin(self, state: SabotageState, seat: int, seed: int) -> SabotageState | None:
        """A copy of `state` that differs only in `seat`'s hidden cards, for the conformance suite's
        leak checks (`sampling.twin_state`); the swap depends on the seed and the position."""
        mixed = (seed * 1_000_003 + state.turns_taken) * 7 + 4 * seat + state.actions_left
        return sampling.twin_state(state, seat, Rng.from_seed(mixed))


GAME = SabotageGame()
