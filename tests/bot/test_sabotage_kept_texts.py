"""Garden Sabotage's texts written once for the views the engine keeps (issue 31): the table and
a hand read exactly as they would written anew, in every language, for every seat, at every step
of a game; and a kept text is never handed to another view."""

from __future__ import annotations

import pytest

from bot.basics.words import Words, words_for
from bot.presenters.kept_texts import KeptTexts
from bot.presenters.sabotage import PRESENTER
from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageState
from engine.sabotage.views import SabotageView, progress_made, seat_view_made
from tests.engine.sabotage.helpers import random_game

NAMES = ["Zoë", "Ulf", "Ines", "Bo"]


def unkept(state: SabotageState, view: SabotageView) -> SabotageView:
    """`view` with new objects for every seat and progress hint: none has a kept text."""
    seats = [seat_view_made(seat, player) for seat, player in enumerate(state.players)]
    hints = []
    if view.viewer is not None:
        mine = state.players[view.viewer]
        hints = [progress_made(o, n + 1, plot) for o in mine.objectives for n, plot in enumerate(mine.plots)]
    return view.model_copy(update={"seats": seats, "my_progress": hints})


@pytest.mark.parametrize(
    ("seats", "words"), [(2, words_for("en")), (3, words_for("fr")), (4, words_for("x-pseudo"))]
)
def test_the_table_and_every_hand_read_as_written_anew(seats: int, words: Words) -> None:
    names = NAMES[:seats]
    for state in random_game(seats, seats, 200, bird_variant=True):
        board = GAME.view(state, None)
        assert PRESENTER.board_text_for(board, names, words) == PRESENTER.board_text_for(
            unkept(state, board), names, words
        )
        for seat in range(seats):
            hand = GAME.view(state, seat)
            assert PRESENTER.hand_text_for(hand, seat, names, words) == PRESENTER.hand_text_for(
                unkept(state, hand), seat, names, words
            )


def test_a_kept_text_belongs_to_its_view_and_its_details_only() -> None:
    texts: KeptTexts[list[int]] = KeptTexts(limit=2)
    view, twin = [1], [1]
    texts.keep(view, "en", "one")
    assert texts.get(view, "en") == "one"
    assert texts.get(twin, "en") is None  # an equal view is another view
    assert texts.get(view, "fr") is None
    texts.keep(twin, "en", "un")
    texts.keep([2], "en", "two")  # past the limit: started afresh
    assert texts.get(view, "en") is None and texts.get(twin, "en") is None
