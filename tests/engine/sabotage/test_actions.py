"""The actions of a turn (draft, "On Your Turn" and each action's paragraph)."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction, dump_state
from engine.sabotage import actions as A
from engine.sabotage.cards import PLANT_KIND_OF, card_name
from engine.sabotage.game import GAME
from tests.engine.conformance import json_leaves
from tests.engine.sabotage.helpers import give, labels, new_game, objective, play, plot_kinds, set_plot


def test_a_turn_is_three_actions_in_any_order_with_repeats_then_passes_clockwise() -> None:
    state = new_game(3)
    for left in (3, 2, 1):
        assert state.turn == 0 and state.actions_left == left
        play(state, "Draw a Plant from the deck")
    assert state.turn == 0 and state.actions_left == 0 and labels(state, 0) == ["End turn"]  # ruling 12
    assert play(state, "End turn") == ["Player 1 ended their turn.", "Round 1: Player 2's turn."]
    assert state.turn == 1 and state.actions_left == 3
    assert len(state.players[0].plants) == 6


def test_draw_plant_from_the_deck_is_secret_in_the_public_log() -> None:
    state = new_game()
    top = state.plant_deck[-1]
    events = GAME.apply(state, 0, A.DRAW_PLANT_DECK)
    assert events[-1].text == "Player 1 drew a Plant from the deck."
    assert PLANT_KIND_OF[top] in events[-1].private[0]
    assert PLANT_KIND_OF[top] not in events[-1].text
    assert state.players[0].plants[-1] == top


def test_draw_plant_from_the_row_refills_the_gap_from_the_deck() -> None:
    state = new_game()
    taken, top = state.plant_row[2], state.plant_deck[-1]
    assert taken is not None
    action = A.DRAW_PLANT_ROW[2][card_name(taken)]
    assert action.label == f"Take the {card_name(taken)} from the Plant row (slot 3)"
    assert action.steps == ("Take a Plant from the row", f"{card_name(taken)} (slot 3)")
    lines = play(state, action.label)
    assert taken in state.players[0].plants and state.plant_row[2] == top
    assert lines[0] == (
        f"Player 1 took {A.a_or_an(card_name(taken))} from the Plant row; "
        f"turned up {A.a_or_an(card_name(top))}."
    )


def test_hands_have_no_limit_on_plants_and_bugs() -> None:
    state = new_game()
    for _ in range(5):
        for label in ("Draw a Plant from the deck", "Draw a Bug from the deck", "Draw a Plant from the deck"):
            play(state, label)
        play(state, "End turn")  # Player 1, after the third action (ruling 12)
        play(state, "End turn")  # Player 2, at once
    assert len(state.players[0].plants) == 3 + 10 and len(state.players[0].bugs) == 1 + 5


def test_plant_a_plant_on_either_plot_of_your_board() -> None:
    state = new_game()
    give(state, 0, plants=["Tomato", "Tomato", "Carrot"])
    assert {"Plant a Tomato on plot 1", "Plant a Tomato on plot 2", "Plant a Carrot on plot 1"} <= set(
        labels(state, 0)
    )
    play(state, "Plant a Tomato on plot 2")
    play(state, "Plant a Carrot on plot 2")
    assert plot_kinds(state, 0, 1) == ["Tomato", "Carrot"]
    assert [PLANT_KIND_OF[c] for c in state.players[0].plants] == ["Tomato"]


def test_plant_actions_are_offered_once_per_kind_so_labels_stay_unique() -> None:
    state = new_game()
    give(state, 0, plants=["Bean", "Bean", "Bean"])
    assert labels(state, 0).count("Plant a Bean on plot 1") == 1


def test_draw_bug_from_the_deck_or_the_row() -> None:
    state = new_game()
    top = state.bug_deck[-1]
    events = GAME.apply(state, 0, A.DRAW_BUG_DECK)
    assert events[-1].text == "Player 1 drew a Bug from the deck." and card_name(top) in events[-1].private[0]
    row_card = state.bug_row[1]
    assert row_card is not None
    play(state, f"Take the {card_name(row_card)} from the Bug row (slot 2)")
    assert row_card in state.players[0].bugs and state.bug_row[1] is not None


def test_a_stale_take_from_the_row_is_refused_once_the_row_has_changed() -> None:
    """An old button names the card it was for: it never takes a different one."""
    state = new_game()
    first = state.plant_row[0]
    assert first is not None
    stale = A.DRAW_PLANT_ROW[0][card_name(first)]
    state.plant_row[0], state.plant_deck[-1] = state.plant_deck[-1], first
    while card_name(state.plant_row[0] or "") == card_name(first):
        state.plant_row[0], state.plant_deck[0] = state.plant_deck[0], state.plant_row[0] or ""
    before = dump_state(state)
    with pytest.raises(IllegalAction, match="The Plant row has changed: slot 1 now shows"):
        GAME.apply(state, 0, stale)
    assert dump_state(state) == before


def test_ruling_3_sabotage_puts_a_bad_bug_on_another_players_plot_and_it_eats_at_once() -> None:
    """Ruling 3: it eats the most recently planted Plant of that plot."""
    state = new_game()
    give(state, 0, bugs=["Aphid"])
    set_plot(state, 1, 0, plants=["Carrot", "Tomato"])
    action = next(
        a for a in GAME.legal_actions(state, 0) if a.label == "Sabotage Player 2's plot 1 with an Aphid"
    )
    assert action.steps == ("Sabotage with an Aphid", "Player 2's plot 1")
    lines = [e.text for e in GAME.apply(state, 0, action)]
    assert lines[0] == "Player 1 sabotaged Player 2's plot 1 with an Aphid: it ate Player 2's Tomato."
    assert plot_kinds(state, 1, 0) == ["Carrot"]
    assert card_name(state.players[1].plots[0].bad_bug or "") == "Aphid"
    assert card_name(state.plant_discard[-1]) == "Tomato"
    assert not state.players[0].bugs


def test_ruling_3_a_bad_bug_bites_at_the_start_of_each_of_the_victims_turns() -> None:
    state = new_game()
    set_plot(state, 1, 1, plants=["Bean", "Lettuce", "Carrot"], bad="Slug")
    lines = play(state, "End turn")
    assert "The Slug on Player 2's plot 2 bites: it ate Player 2's Carrot." in lines
    assert plot_kinds(state, 1, 1) == ["Bean", "Lettuce"]
    play(state, "End turn")
    play(state, "End turn")
    assert plot_kinds(state, 1, 1) == ["Bean"]


def test_ruling_16_a_sabotage_needs_a_plant_to_eat() -> None:
    """Ruling 16 (issue 27 item 11): an empty plot is never offered as a sabotage target (it wasted
    the action and was announced publicly); a forged one is refused and changes nothing."""
    state = new_game()
    give(state, 0, bugs=["Caterpillar"])
    set_plot(state, 1, 0, plants=["Bean"])
    offered = [a.label for a in GAME.legal_actions(state, 0) if isinstance(a, A.Sabotage)]
    assert offered == ["Sabotage Player 2's plot 1 with a Caterpillar"]
    before = dump_state(state)
    with pytest.raises(IllegalAction, match="no Plant to eat"):
        GAME.apply(state, 0, A.SABOTAGE["Caterpillar"][1][1])
    assert dump_state(state) == before


def test_ruling_16_a_bad_bug_stays_on_the_plot_it_emptied_and_eats_what_is_planted_later() -> None:
    state = new_game()
    give(state, 0, bugs=["Caterpillar"])
    set_plot(state, 1, 1, plants=["Bean"])
    lines = play(state, "Sabotage Player 2's plot 2 with a Caterpillar")
    assert lines[0].endswith("it ate Player 2's Bean.")
    lines = play(state, "End turn")
    assert "The Caterpillar on Player 2's plot 2 bites: there was nothing to eat." in lines
    give(state, 1, plants=["Tomato"])
    play(state, "Plant a Tomato on plot 2")
    play(state, "End turn")
    lines = play(state, "End turn")
    assert "The Caterpillar on Player 2's plot 2 bites: it ate Player 2's Tomato." in lines


def test_a_bad_bug_is_never_placed_on_your_own_board() -> None:
    state = new_game(3)
    give(state, 0, bugs=["Aphid"])
    for seat in range(3):
        for plot in range(2):
            set_plot(state, seat, plot, plants=["Tomato"])
    sabotages = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Sabotage)]
    assert {a.target for a in sabotages} == {1, 2} and len(sabotages) == 4
    with pytest.raises(IllegalAction, match="your own Garden Board"):
        GAME.apply(state, 0, A.SABOTAGE["Aphid"][0][0])


def test_only_one_bad_bug_per_plot() -> None:
    state = new_game()
    give(state, 0, bugs=["Aphid"])
    set_plot(state, 1, 0, bad="Slug")
    assert "Sabotage Player 2's plot 1 with an Aphid" not in labels(state, 0)
    before = dump_state(state)
    with pytest.raises(IllegalAction, match="only one Bad Bug per plot"):
        GAME.apply(state, 0, A.SABOTAGE["Aphid"][1][0])
    assert dump_state(state) == before


def test_a_good_bug_goes_only_on_your_own_plot_one_per_plot_beside_a_bad_bug() -> None:
    state = new_game()
    give(state, 0, bugs=["Ladybug", "Bee"])
    set_plot(state, 0, 0, good="Lacewing", bad="Aphid")
    good = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.PlayGoodBug)]
    assert {a.label for a in good} == {"Play a Ladybug on plot 2", "Play a Bee on plot 2"}
    play(state, "Play a Bee on plot 2")
    assert card_name(state.players[0].plots[1].good_bug or "") == "Bee"
    with pytest.raises(IllegalAction, match="only one Good Bug per plot"):
        GAME.apply(state, 0, A.GOOD_BUG["Ladybug"][0])
    # Good Bugs cannot sabotage: no action puts one on another player's board.
    assert not any(isinstance(a, A.Sabotage) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="not a Bad Bug"):
        GAME.apply(state, 0, A.Sabotage("x", ("x",), bug="Ladybug", target=1, plot=0))


def test_sweep_discards_the_four_face_up_plants_for_four_new_ones() -> None:
    state = new_game()
    old = list(state.plant_row)
    new = state.plant_deck[-4:][::-1]
    play(state, "Sweep the Plant row")
    assert state.plant_row == new
    assert state.plant_discard[-4:] == old


def test_the_bug_row_cannot_be_swept() -> None:
    state = new_game()
    bugs = list(state.bug_row)
    play(state, "Sweep the Plant row")
    assert state.bug_row == bugs
    assert [a for a in GAME.legal_actions(state, 0) if "Sweep" in a.label] == [A.SWEEP]


def test_ruling_6_pesticide_is_an_action_that_kills_a_bad_bug_on_your_own_plot() -> None:
    state = new_game()
    set_plot(state, 0, 1, plants=["Bean"], bad="Aphid")
    set_plot(state, 1, 0, bad="Slug")
    pesticides = [a.label for a in GAME.legal_actions(state, 0) if isinstance(a, A.Pesticide)]
    assert pesticides == ["Use Pesticide on plot 2"]
    lines = play(state, "Use Pesticide on plot 2")
    assert lines == ["Player 1 used Pesticide on plot 2: the Aphid is gone."]
    assert state.players[0].plots[1].bad_bug is None and card_name(state.bug_discard[-1]) == "Aphid"
    assert state.actions_left == 2
    with pytest.raises(IllegalAction, match="no Bad Bug"):
        GAME.apply(state, 0, A.PESTICIDE[1])


def test_draw_an_objective_only_while_holding_fewer_than_two() -> None:
    state = new_game()
    play(state, "Draw an Objective")
    assert len(state.players[0].objectives) == 2
    assert "Draw an Objective" not in labels(state, 0)
    with pytest.raises(IllegalAction, match="2 Objectives"):
        GAME.apply(state, 0, A.DRAW_OBJECTIVE)


def test_ruling_8_exchanging_an_objective_is_one_action_and_the_old_card_lies_face_down() -> None:
    state = new_game()
    give(state, 0, objectives=["Salad Bowl", "Jam Garden"])
    new = state.objective_deck[-1]
    events = GAME.apply(state, 0, A.EXCHANGE[objective("Jam Garden")])
    assert state.actions_left == 2
    assert state.players[0].objectives == [objective("Salad Bowl"), new]
    assert state.objective_discard == [objective("Jam Garden")]
    assert events[-1].text == "Player 1 exchanged an Objective for a new one."
    assert "Jam Garden" in events[-1].private[0]
    assert GAME.view(state, 1).objective_discard_size == 1
    assert "Jam Garden" not in GAME.view(state, 1).model_dump_json()


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing() -> None:
    state = new_game()
    give(state, 0, plants=["Tomato"], bugs=[], objectives=["Salad Bowl"])
    before = dump_state(state)
    refusals = {
        A.PLANT["Carrot"][0]: "no Carrot",
        A.SABOTAGE["Aphid"][1][0]: "no Aphid",
        A.GOOD_BUG["Bee"][0]: "no Bee",
        A.PESTICIDE[0]: "no Bad Bug",
        A.RELEASE_BIRD: "without the Bird",
        A.COMPLETE[objective("Salad Bowl")][0]: "does not show everything",
        A.EXCHANGE[objective("Jam Garden")]: "not in your hand",
    }
    for action, reason in refusals.items():
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="Player 1's turn"):
        GAME.apply(state, 1, A.DRAW_PLANT_DECK)
    assert dump_state(state) == before


def test_ruling_2_all_eight_listed_actions_are_actions_and_each_costs_one() -> None:
    """The draft says "The 7 Actions" but lists eight: every one of them is an action."""
    state = new_game(2, seed=3)
    give(state, 0, plants=["Tomato"], bugs=["Aphid", "Ladybug"], objectives=["Salad Bowl"])
    set_plot(state, 0, 1, bad="Slug")
    set_plot(state, 1, 0, plants=["Carrot"])
    one_of_each = [
        "Draw a Plant from the deck",
        "Plant a Tomato on plot 1",
        "Draw a Bug from the deck",
        "Sabotage Player 2's plot 1 with an Aphid",
        "Play a Ladybug on plot 1",
        "Sweep the Plant row",
        "Use Pesticide on plot 2",
        "Draw an Objective",
    ]
    assert set(one_of_each) <= set(labels(state, 0))
    for label in one_of_each:
        snapshot = state.model_copy(deep=True)
        play(snapshot, label)
        assert snapshot.actions_left == 2, label


def test_ruling_17_a_view_shows_the_public_table_and_only_the_viewers_own_hand() -> None:
    state = new_game(3)
    give(state, 1, plants=["Strawberry", "Bean"], bugs=["Slug"], objectives=["Jam Garden"])
    set_plot(state, 2, 0, plants=["Carrot"], good="Bee")
    mine = GAME.view(state, 1)
    assert [c.name for c in mine.my_plants] == ["Bean", "Strawberry"]
    assert [c.name for c in mine.my_bugs] == ["Slug"] and mine.my_objectives[0].name == "Jam Garden"
    other = GAME.view(state, 0)
    hidden = {*state.players[1].plants, *state.players[1].bugs, *state.players[1].objectives}
    assert not hidden & set(json_leaves(other.model_dump(mode="json")))
    assert (
        other.seats[1].plants_in_hand,
        other.seats[1].bugs_in_hand,
        other.seats[1].objectives_in_hand,
    ) == (
        2,
        1,
        1,
    )
    assert other.seats[2].plots[0].plants[0].name == "Carrot" and other.seats[2].plots[0].good_bug
    assert other.plant_deck_size == len(state.plant_deck) and other.turn == 0 and other.actions_left == 3
    assert [c.id for c in other.plant_row] == state.plant_row
    spectator = GAME.view(state, None)
    assert spectator.my_plants == [] and spectator.my_objectives == []


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "fly"},
        {"type": "plant", "kind": "Rose", "plot": 0},
        {"type": "plant", "kind": "Tomato", "plot": 2},
        {"type": "plant", "kind": "Tomato", "plot": True},
        {"type": "draw_plant", "slot": 4, "kind": "Tomato"},
        {"type": "sabotage", "bug": "Ladybug", "target": 1, "plot": 0},
        {"type": "complete", "objective": "obj99", "plot": 0},
    ],
)
def test_a_recorded_action_that_is_no_sabotage_move_is_refused_on_decoding(data: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="not a Garden Sabotage action"):
        GAME.decode_action(data)


def test_the_result_exists_only_once_the_game_is_over() -> None:
    with pytest.raises(IllegalAction, match="not over"):
        GAME.result(new_game())
