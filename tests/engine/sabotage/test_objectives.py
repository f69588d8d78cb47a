"""Completing Garden Objectives (draft, "Completing Objectives"; rulings 7, 12 and 13)."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.cards import card_name
from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageState
from tests.engine.sabotage.helpers import give, labels, new_game, objective, play, plot_kinds, set_plot


def test_ruling_13_completing_costs_no_action_and_discards_only_the_required_cards() -> None:
    """Ruling 13: extra plants on the plot stay; the required copies go to the discard pile."""
    state = new_game()
    give(state, 0, objectives=["Salad Bowl"])
    set_plot(state, 0, 1, plants=["Lettuce", "Carrot", "Tomato", "Tomato"])
    assert "Complete Salad Bowl on plot 2" in labels(state, 0)
    assert "Complete Salad Bowl on plot 1" not in labels(state, 0)
    lines = play(state, "Complete Salad Bowl on plot 2")
    assert lines == [
        "Player 1 completed Salad Bowl (2 pts: Lettuce, Tomato) on plot 2. Objectives completed: 1."
    ]
    assert state.actions_left == 3
    assert plot_kinds(state, 0, 1) == ["Carrot", "Tomato"]
    assert [card_name(c) for c in state.plant_discard[-2:]] == ["Lettuce", "Tomato"]
    assert [c.objective for c in state.players[0].completed] == [objective("Salad Bowl")]
    assert not state.players[0].objectives


def test_an_objective_cannot_be_completed_with_a_bad_bug_on_the_plot() -> None:
    state = new_game()
    give(state, 0, objectives=["Carrot Rows"])
    set_plot(state, 0, 0, plants=["Carrot", "Carrot"], bad="Aphid")
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.CompleteObjective)]
    with pytest.raises(IllegalAction, match="Pesticide first"):
        GAME.apply(state, 0, A.COMPLETE[objective("Carrot Rows")][0])
    play(state, "Use Pesticide on plot 1")
    assert "Complete Carrot Rows on plot 1" in labels(state, 0)


def test_all_required_cards_must_be_on_one_plot() -> None:
    state = new_game()
    give(state, 0, objectives=["Salad Bowl"])
    set_plot(state, 0, 0, plants=["Lettuce"])
    set_plot(state, 0, 1, plants=["Tomato"])
    assert not any(label.startswith("Complete") for label in labels(state, 0))


def test_ruling_7_an_objective_that_shows_a_bug_needs_that_good_bug_on_the_plot() -> None:
    state = new_game()
    give(state, 0, objectives=["Ladybug Lettuce"])
    set_plot(state, 0, 0, plants=["Lettuce", "Lettuce"], good="Bee")
    assert "Complete Ladybug Lettuce on plot 1" not in labels(state, 0)
    set_plot(state, 0, 0, plants=["Lettuce", "Lettuce"], good="Ladybug")
    play(state, "Complete Ladybug Lettuce on plot 1")
    done = state.players[0].completed[0]
    assert card_name(done.good_bug or "") == "Ladybug" and state.players[0].plots[0].good_bug is None


def test_ruling_7_a_good_bug_on_the_plot_leaves_with_the_objective_and_adds_two_points() -> None:
    state = new_game()
    give(state, 0, objectives=["Carrot Rows"])
    set_plot(state, 0, 1, plants=["Carrot", "Carrot"], good="Lacewing")
    lines = play(state, "Complete Carrot Rows on plot 2")
    assert "with a Lacewing for +2" in lines[0]
    assert state.players[0].plots[1].good_bug is None
    assert GAME.view(state, 1).seats[0].score == 2 + 2


def test_several_objectives_may_be_completed_in_one_turn() -> None:
    state = new_game()
    give(state, 0, objectives=["Carrot Rows", "Bean Teepee"])
    set_plot(state, 0, 0, plants=["Carrot", "Carrot"])
    set_plot(state, 0, 1, plants=["Bean", "Bean"])
    play(state, "Complete Carrot Rows on plot 1")
    play(state, "Complete Bean Teepee on plot 2")
    assert len(state.players[0].completed) == 2 and state.turn == 0 and state.actions_left == 3


def _after_three_actions(held: list[str]) -> tuple[SabotageState, list[str]]:
    """Player 1 holds the objectives `held` and a Bean, with a Bean on plot 1, and plays three
    actions, planting the Bean last: the state and the public log lines of the last action."""
    state = new_game()
    give(state, 0, plants=["Bean"], objectives=held)
    set_plot(state, 0, 0, plants=["Bean"])
    play(state, "Draw a Plant from the deck")
    play(state, "Draw a Plant from the deck")
    return state, play(state, "Plant a Bean on plot 1")


def test_ruling_12_after_the_third_action_the_turn_waits_whatever_the_objectives_in_hand() -> None:
    """Ruling 12: with no actions left the turn waits for the player while they hold an Objective,
    whether or not it can be completed; the table sees the same either way."""
    ready, ready_lines = _after_three_actions(["Bean Teepee"])
    not_ready, not_ready_lines = _after_three_actions(["Strawberry Patch"])
    for state in (ready, not_ready):
        assert GAME.to_move(state) == [0] and state.actions_left == 0
        with pytest.raises(IllegalAction, match="no actions left"):
            GAME.apply(state, 0, A.DRAW_PLANT_DECK)
    assert labels(ready, 0) == ["Complete Bean Teepee on plot 1", "End turn"]
    assert labels(not_ready, 0) == ["End turn"]
    assert ready_lines == not_ready_lines == ["Player 1 planted a Bean on plot 1."]
    for viewer in (None, 1):
        assert GAME.view(ready, viewer) == GAME.view(not_ready, viewer)
    assert play(not_ready, "End turn")[0] == "Player 1 ended their turn."
    assert not_ready.turn == 1
    play(ready, "Complete Bean Teepee on plot 1")
    assert ready.turn == 1  # no Objective left in hand: nothing to wait for


def test_ruling_12_a_completion_with_no_actions_left_waits_while_an_objective_is_held() -> None:
    """Ruling 12: after completing one of two objectives with no actions left, the turn still waits
    for "End turn", though the other cannot be completed: whether it could is hidden."""
    state, _ = _after_three_actions(["Bean Teepee", "Strawberry Patch"])
    play(state, "Complete Bean Teepee on plot 1")
    assert state.turn == 0 and state.actions_left == 0 and labels(state, 0) == ["End turn"]
    assert play(state, "End turn") == ["Player 1 ended their turn.", "Round 1: Player 2's turn."]


def test_ruling_12_with_no_objective_in_hand_the_turn_ends_by_itself() -> None:
    """Ruling 12: everyone sees how many Objectives a player holds; with none there is nothing to
    complete, and the turn passes after the third action."""
    state, lines = _after_three_actions([])
    assert lines == ["Player 1 planted a Bean on plot 1.", "Round 1: Player 2's turn."]
    assert state.turn == 1 and state.actions_left == 3


def test_ruling_12_a_turn_may_be_ended_early() -> None:
    state = new_game()
    play(state, "Draw a Plant from the deck")
    lines = play(state, "End turn")
    assert lines[0] == "Player 1 ended their turn early, giving up 2 actions."
    assert state.turn == 1 and state.actions_left == 3


def test_the_view_tells_a_player_how_close_each_objective_is_on_each_plot() -> None:
    state = new_game()
    give(state, 0, objectives=["Ladybug Border"])
    set_plot(state, 0, 0, plants=["Carrot", "Lettuce"], bad="Slug")
    set_plot(state, 0, 1, plants=["Carrot", "Carrot", "Lettuce"], good="Ladybug")
    progress = {p.plot_number: p for p in GAME.view(state, 0).my_progress}
    assert progress[1].missing_plants == {"Carrot": 1} and progress[1].missing_bug == "Ladybug"
    assert progress[1].blocked_by_bad_bug and not progress[1].ready
    assert progress[2].ready and progress[2].missing_plants == {} and not progress[2].blocked_by_good_bug
    set_plot(state, 0, 1, plants=["Carrot"], good="Bee")
    progress = {p.plot_number: p for p in GAME.view(state, 0).my_progress}
    assert progress[2].blocked_by_good_bug and progress[2].missing_bug == "Ladybug"
    assert not progress[1].blocked_by_good_bug
    assert {p.objective for p in GAME.view(state, 1).my_progress} == set(state.players[1].objectives)
    assert GAME.view(state, None).my_progress == []
