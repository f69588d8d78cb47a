"""Views, secrets and labels (ruling 12 on what players see; rulings 3 and 24 on the frame and
slot names)."""

from __future__ import annotations

from engine.cabbagehead.actions import Pass, PlaceGrasshopper, PlaceRose, Plant
from engine.cabbagehead.plot import slot_label
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
        assert slot.label == slot_label(
            state.gardens[0], (slot.row - 1) * state.gardens[0].cols + slot.col - 1
        )
        assert slot.label == f"{garden.column_letters[slot.col - 1]}{garden.row_numbers[slot.row - 1]}"


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
            words = action.label.lower()
            assert all(step.lower() in words for step in action.steps if not step.startswith("Lie "))
        play(state, 1)


def test_ruling_24_steps_and_labels_name_the_slot_shortly() -> None:
    """Ruling 24: the picker's two steps read like ("Left Ruta Baga (pay 1 bee)", "F3"), short
    enough for Discord's buttons; the label is the sentence."""
    plant = Plant(0, "Ruta Baga", -1, 3, 6, slot="F3")
    assert plant.steps == ("Left Ruta Baga (pay 1 bee)", "F3")
    assert plant.label == "Plant the left Ruta Baga (pay 1 bee) in F3"
    assert Plant(1, "Carrot", 0, 2, 3, "Turnip", slot="C2").steps == (
        "Centre Carrot (free)",
        "C2, composting the Turnip",
    )
    assert Plant(1, "Carrot", 0, 2, 3, "Turnip", slot="C2").label == (
        "Plant the centre Carrot (free) in C2, composting the Turnip"
    )
    hopper = PlaceGrasshopper(2, 4, slot="F3")
    assert (hopper.steps, hopper.label) == (("Place the Grasshopper", "F3"), "Place the Grasshopper in F3")
    rose = PlaceRose(2, 4, slot="F3")
    assert (rose.steps, rose.label) == (("Place the Rose", "F3 and G3"), "Place the Rose over F3 and G3")


def test_ruling_24_an_action_stored_without_a_name_is_worded_by_its_frame_place() -> None:
    """Ruling 24: an action stored before slot names has none; it still has words."""
    assert Plant(1, "Carrot", 0, 2, 3).steps == ("Centre Carrot (free)", "Row 2, column 3")
    assert Plant(1, "Carrot", 0, 2, 3).label == "Plant the centre Carrot (free) in row 2, column 3"
    assert PlaceGrasshopper(2, 4).label == "Place the Grasshopper in row 2, column 4"
    assert PlaceRose(2, 4).steps == ("Place the Rose", "Row 2, columns 4 and 5")


def test_two_player_passes_are_two_short_distinct_steps() -> None:
    """The pass: what is passed and what goes under the deck, then where it lies."""
    passing = Pass(0, "Carrot", 0, 2, "Lettuce")
    assert passing.steps == (
        "Pass the Carrot, the Lettuce goes under the deck",
        "Lie on the left of their row",
    )
    assert passing.label == "Pass the Carrot, the Lettuce goes under the deck; it lies on the left"
    assert Pass(1, "Carrot", 2).steps == ("Pass the Carrot", "Lie on the right of their row")
    same = {Pass(g, "Carrot", 1, b, "Carrot").steps[0] for g, b in ((0, 2), (2, 0))}
    assert same == {
        "Pass the left Carrot, the other goes under the deck",
        "Pass the right Carrot, the other goes under the deck",
    }
    names = [card.name for card in CARDS]
    for give, bottom in ((0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)):
        for one in names:
            for other in names:
                for to in range(3):
                    action = Pass(give, one, to, bottom, other)
                    assert len(action.steps[0]) < 80 and len(action.label) <= 80


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


def test_views_kept_from_version_to_version_are_the_views_built_afresh() -> None:
    """A view shares what did not change since the last version (frame rows of slots, places of
    the drawn row, Neighbour tiles, the decision's words; issue 31): every version of games with
    Grasshoppers, Roses and both plot kinds must read exactly as the view built with nothing kept."""
    from engine.cabbagehead import view_parts
    from engine.rng import Rng

    def afresh(state: CabbageheadState) -> str:
        view_parts.forget()
        return GAME.view(state, None).model_dump_json()

    for seats, options in [(1, {"eudora": True, "grasshoppers": True}), (2, {"fixed_grid": True}), (2, {})]:
        state = new_game(seats, **options)
        chooser = Rng.from_seed(seats + len(options))
        while True:
            kept = GAME.view(state, None).model_dump_json()
            assert kept == afresh(state)
            if state.phase == "over":
                break
            seat = state.active
            GAME.apply(state, seat, chooser.choice(list(GAME.legal_actions(state, seat))))


def test_a_game_without_an_expansion_has_nowhere_its_pieces_may_go() -> None:
    """Grasshoppers and Roses come only with their expansions (rulebook, Grasshoppers; Romancing
    Eudora): without them a garden's view offers no place for one, though the garden has empty
    slots next to Vegetables and side-by-side Vegetables, where a game with them would offer one."""
    from engine.cabbagehead.slots import hopper_slots, rose_slots

    state = new_game(seed=3)
    play(state, 12)
    garden = state.gardens[0]
    assert hopper_slots(garden) and rose_slots(garden)  # room for both, were they in the game
    view = GAME.view(state, 0).gardens[0]
    assert view.grasshopper_slots == [] and view.rose_slots == []


def test_a_kept_garden_view_is_only_ever_the_view_of_the_same_garden() -> None:
    """The kept views are found by the hash of a garden's fields (issue 31); one kept for other
    fields under the same hash (a collision, forced here) is never given for this garden: its
    view is made afresh, as the view built with nothing kept."""
    from engine.cabbagehead import view_parts
    from engine.cabbagehead.garden_views import garden_fields, kept_garden_view

    state = new_game(seed=3)
    play(state, 6)
    other = new_game(seed=4)
    play(other, 9)
    garden, elsewhere = state.gardens[0], other.gardens[0]
    expansions = (state.options.grasshoppers, state.options.eudora)
    view_parts.forget()
    wrong = kept_garden_view(CARDS, 0, elsewhere, "plant", expansions)
    forged = hash(garden_fields(garden))
    memo = view_parts.views_of(CARDS).gardens
    memo[(0, "plant", expansions, forged)] = (garden_fields(elsewhere), wrong)
    memo[(0, expansions, forged)] = (garden_fields(elsewhere), wrong)
    made = kept_garden_view(CARDS, 0, garden, "plant", expansions)
    view_parts.forget()
    assert made.model_dump_json() == kept_garden_view(CARDS, 0, garden, "plant", expansions).model_dump_json()
    assert made.model_dump_json() != wrong.model_dump_json()
