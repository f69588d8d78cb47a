"""The Mr. Cabbagehead's Garden game object registered as "cabbagehead": the engine interface,
delegating to the setup, rules, views and outcome modules.

The flow runs every automatic step (drawing, revealing tokens, the Neighbour Phase; rounds.py)
until some seat has a decision: plant a card (`plant`), place a Grasshopper (`grasshopper`), place
or drop a Rose (`rose`), or, with two players, choose the card to pass and the one to put under
the deck (`pass`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from engine.api import Event, Result, Viewer
from engine.cabbagehead import rules, setup
from engine.cabbagehead.actions import CabbageheadAction, decode, encode
from engine.cabbagehead.deck import Vegetable, deck
from engine.cabbagehead.outcome import final_result, standing_result
from engine.cabbagehead.state import CabbageheadOptions, CabbageheadState, copy_game_state
from engine.cabbagehead.view_models import CabbageheadView
from engine.cabbagehead.view_parts import card_marker, token_marker
from engine.cabbagehead.views import build_view
from engine.cabbagehead.wording import EVENT_KINDS, seat_name


class CabbageheadGame:
    """The rules object registered as "cabbagehead". See docs/rules/cabbagehead.md."""

    name = "cabbagehead"
    title = "Mr. Cabbagehead's Garden"
    min_seats = 1
    max_seats = 2
    options_model = CabbageheadOptions
    state_model = CabbageheadState
    event_kinds = EVENT_KINDS
    #: Where `/play` and the registry list the game.
    menu_position = 2
    #: Everything is on the table (ruling 12): a seat's view is the spectator's, named for the seat.
    public_view = True

    def __init__(self) -> None:
        self.cards: tuple[Vegetable, ...] = deck()
        self.names = rules.card_names()

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def create(self, options: CabbageheadOptions, seats: int, seed: int) -> CabbageheadState:
        return setup.create(options, seats, seed)

    def is_terminal(self, state: CabbageheadState) -> bool:
        return state.phase == "over"

    def to_move(self, state: CabbageheadState) -> list[int]:
        return rules.to_move(state)

    def copy_state(self, state: CabbageheadState) -> CabbageheadState:
        """A fast independent copy for computer players' search (same as engine.api.copy_state)."""
        return copy_game_state(state)

    def rounds_played(self, state: CabbageheadState) -> int:
        return state.round

    def plant_cost(self, state: CabbageheadState, pos: int) -> int | None:
        """Bees the planting gives the supply (-1, 0, +1), or None if it cannot be paid."""
        return rules.plant_cost(state, pos)

    def legal_actions(self, state: CabbageheadState, seat: int) -> Sequence[CabbageheadAction]:
        return rules.legal_actions(state, seat)

    def apply(self, state: CabbageheadState, seat: int, action: CabbageheadAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def result(self, state: CabbageheadState) -> Result:
        return state._result or final_result(state)

    def standing_result(self, state: CabbageheadState) -> Result:
        """The gardens as they stand (a game stopped before its end): `result` once it is over."""
        return final_result(state) if state.phase == "over" else standing_result(state)

    def view(self, state: CabbageheadState, viewer: Viewer) -> CabbageheadView:
        return build_view(state, viewer)

    def encode_action(self, action: CabbageheadAction) -> dict[str, Any]:
        return encode(action)

    def decode_action(self, data: dict[str, Any]) -> CabbageheadAction:
        return decode(data)

    def secrets(self, state: CabbageheadState) -> dict[Viewer, set[str]]:
        """Cards face down in the deck (not those seen going under it) and face-down tokens."""
        known = set(state.known_in_deck)
        hidden = {card_marker(self.cards, c) for c in state.deck if c not in known}
        hidden |= {token_marker(t) for t in state.pool}
        return {None: hidden}

    def conformance_options(self) -> list[BaseModel]:
        """Option sets the conformance suite plays; it plays each only at the seat counts `create`
        accepts, so the Romancing Eudora sets (one player only) are played solo."""
        return [
            CabbageheadOptions(),
            CabbageheadOptions(neighbour_set="new", grasshoppers=True),
            CabbageheadOptions(neighbour_set="random", fixed_grid=True),
            CabbageheadOptions(
                neighbour_set="chosen",
                chosen=["ferwig", "bernard", "peapod", "pomme_frites"],
                grasshoppers=True,
                first_seat=1,
            ),
            CabbageheadOptions(
                neighbour_set="chosen",
                chosen=["callahan", "leafygreens", "ferwig", "pomme_frites"],
                grasshoppers=True,
                fixed_grid=True,
            ),
            CabbageheadOptions(eudora=True),
            CabbageheadOptions(neighbour_set="new", eudora=True, grasshoppers=True, fixed_grid=True),
        ]


GAME = CabbageheadGame()
