"""Views built without validation (engine/trusted.py) are exactly the views validation would build.

A view is what every board, hand and picture is drawn from. Built from the checked state without
validating it again, it must still hold every field in field order with its field's type (the
JSON the bot stores and sends reads as before), and own its lists: a view drawn for one version
must not change when the game moves on.
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel, PrivateAttr

from engine.registry import get_game
from engine.rng import Rng
from engine.trusted import trusted

#: The games whose views are built with `trusted`.
GAMES = ["cabbagehead", "sabotage"]


def assert_as_validated(view: BaseModel) -> None:
    """`view` equals the same data validated: same fields, order, types and values."""
    again = type(view).model_validate(view.model_dump())
    assert view.model_dump() == again.model_dump()
    assert view.model_dump_json() == again.model_dump_json()
    assert list(view.model_dump()) == list(type(view).model_fields)


@pytest.mark.parametrize("name", GAMES)
def test_views_read_as_validated_and_stay_as_drawn(name: str) -> None:
    game = get_game(name)
    for options in game.conformance_options()[:2]:
        for seats in sorted({game.min_seats, game.max_seats}):
            state = game.create(options, seats, 7)
            chooser = Rng.from_seed(7)
            drawn: list[tuple[BaseModel, str]] = []
            while not game.is_terminal(state):
                for viewer in [None, *range(seats)]:
                    view = game.view(state, viewer)
                    assert_as_validated(view)
                    drawn.append((view, view.model_dump_json()))
                seat = chooser.choice(game.to_move(state))
                game.apply(state, seat, chooser.choice(list(game.legal_actions(state, seat))))
            assert_as_validated(game.view(state, None))
            assert all(view.model_dump_json() == text for view, text in drawn)


def test_trusted_refuses_a_model_it_cannot_fill() -> None:
    """A model with private attributes needs them set up: `trusted` says so rather than leave
    them missing."""

    class Secretive(BaseModel):
        shown: int
        _hidden: int = PrivateAttr(default=0)

    with pytest.raises(TypeError):
        trusted(Secretive, {"shown": 1})
