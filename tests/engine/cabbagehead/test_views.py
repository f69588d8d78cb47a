"""Views, secrets and labels (ruling 12 on what players see; ruling 3 on slot names)."""

from __future__ import annotations

from engine.cabbagehead.actions import PlaceGrasshopper, Plant
from engine.cabbagehead.state import CabbageheadState
from tests.engine.cabbagehead.helpers import CARDS, GAME, new_game
from tests.engine.conformance import json_leaves


def play(state: CabbageheadState, steps: int) -> None:
    for _ in range(steps):
        if state.phase == "over":
            return
        seat = state.active
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])


def test_ruling_12_view_hides_deck_order_and_face_down_tokens() -> None:
    """Ruling 12: the view never holds the deck's cards or the face-down tokens, only their counts."""
    state = new_game(grasshoppers=True)
    play(state, 4)
    secrets = GAME.secrets(state)
    assert set(secrets) == {None}
    assert {CARDS[c].card_id for c in state.deck if c < 45} <= secrets[None]
    assert {f"token{t}" for t in state.pool} <= secrets[None]
    for viewer in (0, None):
        view = GAME.view(state, viewer)
        assert not secrets[None] & set(json_leaves(view.model_dump(mode="json")))
        assert view.deck_cards_left == len(state.deck) and view.face_down_tokens == len(state.pool)


def test_ruling_12_view_shows_everything_a_player_may_inspect() -> None:
    """Ruling 12: discard pile and Compost in order, revealed tokens on each tile, Bees, the row."""
    state = new_game(fixed_grid=True)
    play(state, 4)
    view = GAME.view(state, 0)
    assert [c.id for c in view.discard] == [CARDS[c].card_id for c in state.discard]
    assert [c.id for c in view.gardens[0].compost] == [CARDS[c].card_id for c in state.gardens[0].compost]
    assert [n.count for n in view.neighbours] == [len(t) for t in state.tiles]
    assert [n.tokens for n in view.neighbours] == [[f"token{t}" for t in tile] for tile in state.tiles]
    assert (view.hive, view.gardens[0].bees) == (state.hive, state.gardens[0].bees)
    assert [p.card.id if p.card else None for p in view.row] == [CARDS[c].card_id for c in state.row]
    assert view.round == state.round and view.decision == "plant" and view.to_move == [0]
    # Four plantings made and the fifth row drawn: all 15 cards of the pile are out.
    assert view.cards_before_holiday == 0 and view.deck_cards_left == 48 - 15


def test_planted_cards_carry_their_numbers_and_slot() -> None:
    """The view gives every planted card's vegetable, points, numbers and slot label."""
    state = new_game()
    play(state, 3)
    garden = GAME.view(state, 0).gardens[0]
    planted = [s for s in garden.slots if s.card]
    assert len(planted) == 3
    for slot in planted:
        card = slot.card
        assert card is not None
        source = next(c for c in CARDS if c.card_id == card.id)
        assert (card.vegetable, card.points, card.vegetable_number, card.neighbour_number) == (
            source.name,
            source.points,
            source.vegetable_number,
            source.neighbour_number,
        )
        assert slot.label == f"Row {slot.row}, column {slot.col}"


def test_ruling_3_open_slots_in_the_view_are_the_slots_the_actions_name() -> None:
    """Ruling 3: the view's open slots and the plant actions use the same labels."""
    for fixed in (False, True):
        state = new_game(fixed_grid=fixed, seed=6)
        for _ in range(6):
            view = GAME.view(state, 0).gardens[0]
            plants = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant)]
            empty = {a.steps[1] for a in plants if not a.replaces}
            assert empty == set(view.open_slots) == {s.label for s in view.slots if s.open}
            play(state, 1)


def test_grasshopper_slots_in_the_view_match_the_actions() -> None:
    """The view lists where a Grasshopper may go with the labels the actions use."""
    state = new_game(grasshoppers=True, seed=2)
    play(state, 2)
    state.pool = [24, 25]
    play(state, 1)
    assert state.phase == "grasshopper"
    view = GAME.view(state, 0)
    actions = GAME.legal_actions(state, 0)
    offered = {a.steps[1] for a in actions if isinstance(a, PlaceGrasshopper)}
    assert offered == set(view.gardens[0].grasshopper_slots)
    assert view.decision == "grasshopper" and view.grasshoppers_waiting >= 1


def test_two_player_view_shows_both_gardens_the_passed_card_and_known_deck_cards() -> None:
    """Two players: both gardens, the card passed in and the cards put under the deck are public."""
    state = new_game(2, first_seat=0)
    play(state, 2)  # plant, then pass
    view = GAME.view(state, 1)
    assert len(view.gardens) == 2 and view.gardens[0].planted == 1
    assert [c.id for c in view.known_in_deck] == [CARDS[state.deck[0]].card_id]
    assert any(p.passed_in for p in view.row) and view.decision == "plant" and view.to_move == [1]
    assert GAME.view(state, 0).model_dump() == {**view.model_dump(), "viewer": 0}


def test_labels_are_unique_and_steps_join_into_the_label() -> None:
    """Every action has a label unique among the seat's actions, and steps for two-step pickers."""
    state = new_game(2, grasshoppers=True, seed=11)
    for _ in range(40):
        if state.phase == "over":
            break
        actions = GAME.legal_actions(state, state.active)
        labels = [a.label for a in actions]
        assert len(labels) == len(set(labels))
        for action in actions:
            assert 1 <= len(action.steps) <= 2 and all(action.steps)
            assert action.label.startswith(action.steps[0])
        play(state, 1)


def test_issue_example_steps_for_a_plant() -> None:
    """The picker's two steps read like ("Plant the centre Carrot (free)", "Row 2, column 3")."""
    assert Plant(1, "Carrot", 0, 2, 3).steps == ("Plant the centre Carrot (free)", "Row 2, column 3")
    assert Plant(1, "Carrot", 0, 2, 3).label == "Plant the centre Carrot (free) in row 2, column 3"
    assert Plant(0, "Carrot", -1, 2, 3, "Turnip").steps == (
        "Plant the left Carrot (pay 1 bee)",
        "Row 2, column 3 (compost the Turnip)",
    )


def test_plantings_sequence_behaves_like_a_list() -> None:
    """legal_actions' plantings are built on demand but behave as a list of actions (ruling-free
    interface promise: index, slice, iterate, len, membership, equality)."""
    state = new_game(seed=5)
    play(state, 2)
    actions = GAME.legal_actions(state, 0)
    as_list = list(actions)
    assert len(actions) == len(as_list) > 0
    assert actions[0] == as_list[0] and actions[-1] == as_list[-1] and actions[1:4] == as_list[1:4]
    assert actions == as_list and all(a in actions for a in as_list)
    assert Plant(0, "Mandrake", -1, 1, 1) not in actions
    assert actions.index(as_list[3]) == 3
