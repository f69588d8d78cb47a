"""The Neighbour Phase and the ten Neighbours (rulebook, 'The Neighbour Phase', 'The Neighbours')."""

from __future__ import annotations

import pytest

from engine.api import Event, dump_state, load_state
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.actions import Plant
from engine.cabbagehead.plot import bounding_box, frame_size, realign, slot_label
from engine.cabbagehead.state import CabbageheadState
from engine.cabbagehead.visits import neighbour_phase
from tests.engine.cabbagehead.helpers import CARDS, GAME, cards_of, garden_from, new_game, picture_of


def taken(key: str, picture: list[str], fixed: bool = True) -> str | None:
    """What Neighbour `key` takes: 'Carrot 11' style, or None."""
    garden = garden_from(picture, fixed=fixed)
    cell = nb.victim(key, garden, CARDS)
    if cell is None:
        return None
    card = CARDS[garden.cells[cell]]
    return f"{card.name} {card.vegetable_number}"


def number(name: str, nth: int = 0) -> int:
    return CARDS[cards_of(name)[nth]].vegetable_number


def test_lord_carrotbody_takes_highest_vegetable_next_to_a_carrot() -> None:
    """Lord Carrotbody: the highest-numbered Vegetable adjacent to a Carrot."""
    # The Ruta Baga (highest number overall) is not next to the Carrot; the Turnip and Lettuce are.
    picture = ["T C L . U .", ". . . . . .", ". . . . . ."]
    best = max(number("Turnip"), number("Lettuce"))
    assert taken("carrotbody", picture) in {f"Turnip {best}", f"Lettuce {best}"}


def test_ruling_10_carrotbody_never_counts_a_carrot_beside_a_carrot() -> None:
    """Ruling 10: 'adjacent to a Carrot' means another kind of Vegetable beside a Carrot; with only
    Carrots beside Carrots he takes the highest-numbered Vegetable in the garden."""
    picture = ["C C . . U U", ". . . . . .", ". . . . . ."]
    assert max(number("Carrot", 1), number("Ruta Baga", 1)) == number("Ruta Baga", 1)
    assert taken("carrotbody", picture) == f"Ruta Baga {number('Ruta Baga', 1)}"


def test_lord_carrotbody_without_carrots_takes_the_highest_number() -> None:
    """Lord Carrotbody: no Carrots in the garden: the highest-numbered Vegetable."""
    best = max(("Lettuce", "Turnip"), key=number)
    assert taken("carrotbody", ["T . L . . .", ". . . . . .", ". . . . . ."]) == f"{best} {number(best)}"


def test_mayor_of_onion_town_takes_turnip_salsify_or_radish_else_nothing() -> None:
    """The Mayor: the highest-numbered Turnip, Salsify or Radish; none of them, no effect."""
    picture = ["T S R U . .", ". . . . . .", ". . . . . ."]
    best = max(("Turnip", "Salsify", "Radish"), key=number)
    assert taken("mayor", picture) == f"{best} {number(best)}"
    assert taken("mayor", ["C L U . . .", ". . . . . .", ". . . . . ."]) is None


def test_sallie_takes_the_lowest_vegetable_number() -> None:
    """Sallie Tommy-Oughtoos: the lowest Vegetable number."""
    picture = ["C L U . . .", ". . . . . .", ". . . . . ."]
    lowest = min(("Carrot", "Lettuce", "Ruta Baga"), key=number)
    assert taken("sallie", picture) == f"{lowest} {number(lowest)}"


def test_horace_takes_from_the_type_you_have_most_of() -> None:
    """Horace Savoy-Brassica: highest-numbered of the most numerous type."""
    picture = ["R R R U U .", ". . . . . .", ". . . . . ."]
    assert taken("horace", picture) == f"Radish {number('Radish', 2)}"


def test_horace_breaks_a_tie_by_the_highest_point_value() -> None:
    """Horace: 'If there is a tie for the most, he will take one with the highest point value.'"""
    picture = ["R R U U . .", ". . . . . .", ". . . . . ."]
    assert taken("horace", picture) == f"Ruta Baga {number('Ruta Baga', 1)}"


def test_ruling_11_horace_tie_in_points_goes_to_the_highest_vegetable_number() -> None:
    """Ruling 11: types tied in count and in points: the highest Vegetable number among them."""
    picture = ["C C T T . .", ". . . . . .", ". . . . . ."]
    best = max(number("Carrot", 1), number("Turnip", 1))
    assert taken("horace", picture) in {f"Carrot {best}", f"Turnip {best}"}


def test_peapod_take_the_highest_vegetable_number() -> None:
    """Duke & Duchess Peapod: the highest Vegetable number."""
    picture = ["C L . . . .", ". . . . . .", ". . . . . ."]
    best = max(("Carrot", "Lettuce"), key=number)
    assert taken("peapod", picture) == f"{best} {number(best)}"


def test_callahan_takes_the_highest_lonely_type_else_nothing() -> None:
    """Callahan O'Corncob: the highest-numbered Vegetable that is the only one of its type."""
    picture = ["C C L . U .", ". . . . . .", ". . . . . ."]
    best = max(("Lettuce", "Ruta Baga"), key=number)
    assert taken("callahan", picture) == f"{best} {number(best)}"
    assert taken("callahan", ["C C L L . .", ". . . . . .", ". . . . . ."]) is None


def test_widow_leafygreens_takes_lettuce_pumpkin_or_ruta_baga_else_nothing() -> None:
    """The Widow Leafygreens: the highest-numbered Lettuce, Pumpkin or Ruta Baga; none, no effect."""
    picture = ["L P U C . .", ". . . . . .", ". . . . . ."]
    best = max(("Lettuce", "Pumpkin", "Ruta Baga"), key=number)
    assert taken("leafygreens", picture) == f"{best} {number(best)}"
    assert taken("leafygreens", ["C T R . . .", ". . . . . .", ". . . . . ."]) is None


def test_pomme_frites_moves_lone_vegetables_in_reading_order() -> None:
    """Pomme-Frites: each lone Vegetable, first found row by row, goes to the first empty slot of
    row 1 (then 2, then 3) next to another Vegetable."""
    garden = garden_from([". . C C . .", ". . . . . L", "U . . . . ."])
    moves = nb.pomme_frites_moves(garden)
    # The Lettuce (row 2) is found first and goes beside the Carrots; the Ruta Baga then goes
    # beside the Lettuce.
    assert len(moves) == 2
    assert picture_of(garden) == ["U L C C . .", ". . . . . .", ". . . . . ."]


def test_ruling_8_pomme_frites_skips_a_vegetable_no_longer_lone() -> None:
    """Ruling 8: the lone Vegetables are listed first; one that an earlier move gave a neighbour
    stays where it is. A lone Vegetable with nowhere to go stays too."""
    garden = garden_from([". . . . . .", "L . . . . .", ". . U . . ."])
    nb.pomme_frites_moves(garden)
    # The Lettuce moves first, to the first slot next to a Vegetable (above the Ruta Baga);
    # the Ruta Baga then has a neighbour and stays.
    assert picture_of(garden) == [". . . . . .", ". . L . . .", ". . U . . ."]
    nothing = garden_from(["C . . . . .", ". . . . . .", ". . . . . ."])
    assert nb.pomme_frites_moves(nothing) == []


def test_ruling_8_pomme_frites_reads_rows_of_a_floating_plot_as_it_stands() -> None:
    """Ruling 8: on a floating plot, row 1 is the top row that holds something, and he only moves
    cards within the plot as it stands (it never grows)."""
    garden = garden_from(["C . T T", ". . . ."], fixed=False)
    assert picture_of(garden)[2] == ". . C . T T . ."
    nb.pomme_frites_moves(garden)
    realign(garden)
    # The Carrot had room further out too, but he fills the gap inside the plot as it stands.
    assert picture_of(garden)[2] == ". . . C T T . . ."


def run_phase(state: CabbageheadState, tokens: list[int], final: bool = False) -> list[Event]:
    """Put `tokens[i]` revealed tokens on tile i and run the Neighbour Phase."""
    for tile, count in enumerate(tokens):
        state.tiles[tile] = list(range(tile * 6, tile * 6 + count))
        state.pool = [t for t in state.pool if t not in state.tiles[tile]]
    events: list[Event] = []
    neighbour_phase(state, events, final=final)
    return events


def test_neighbour_with_most_tokens_visits_and_card_goes_to_discard() -> None:
    """The Neighbour Phase: the tile with most tokens visits; the card taken goes to the discard."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    state.gardens[0] = garden_from(["C L . . . .", ". . . . . ."], fixed=False)
    best = max(("Carrot", "Lettuce"), key=number)
    events = run_phase(state, [3, 1, 2, 0])
    assert state.visits == ["Duke & Duchess Peapod"]
    assert CARDS[state.discard[-1]].name == best
    assert any("takes the" in e.text for e in events)


def test_tied_neighbours_do_not_visit_and_tokens_go_back() -> None:
    """A tie for the most tokens: nobody visits. All tokens go back face down and are reshuffled."""
    state = new_game()
    state.gardens[0] = garden_from(["C L . . . .", ". . . . . ."], fixed=False)
    run_phase(state, [2, 2, 1, 0])
    assert state.visits == [""]
    assert state.discard == []
    assert all(tile == [] for tile in state.tiles)
    assert sorted(state.pool) == list(range(24))


def test_ruling_17_no_tokens_means_nobody_visits() -> None:
    """Ruling 17: no tokens on any tile is a tie at zero: nobody visits."""
    state = new_game()
    state.gardens[0] = garden_from(["C L . . . .", ". . . . . ."], fixed=False)
    run_phase(state, [0, 0, 0, 0])
    assert state.visits == [""]


def test_bernard_betterave_removes_the_supply_bees_from_the_game() -> None:
    """Bernard Betteravé: 'Remove any Bee tokens in the supply from the game.'"""
    state = new_game(neighbour_set="chosen", chosen=["bernard", "sallie", "mayor", "horace"])
    run_phase(state, [1, 0, 0, 0])
    assert state.gardens[0].bees == 0 and state.bees_removed == 3 and state.hive == 3


def test_ruling_14_bernard_takes_both_players_supplies() -> None:
    """Ruling 14: with two players he visits both gardens, taking each player's supply."""
    state = new_game(2, neighbour_set="chosen", chosen=["bernard", "sallie", "mayor", "horace"])
    run_phase(state, [1, 0, 0, 0])
    assert [g.bees for g in state.gardens] == [0, 0] and state.bees_removed == 4


def test_ruling_21_neighbour_taking_a_card_leaves_its_rose_and_grasshopper() -> None:
    """Ruling 21: a card taken from under a Rose or a Grasshopper leaves them on their slots; a new
    card may be planted there later, under them."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    garden = garden_from([". . . . . .", "U* C . . . ."], fixed=False)
    ruta = next(i for i, c in enumerate(garden.cells) if c >= 0 and CARDS[c].name == "Ruta Baga")
    garden.roses[ruta] = garden.roses[ruta + 1] = 0
    state.gardens[0] = garden
    run_phase(state, [1, 0, 0, 0])
    assert garden.cells[ruta] < 0 and garden.hoppers[ruta] >= 0 and garden.roses[ruta] == 0
    plants = [a for a in GAME.legal_actions(state, 0) if a.kind == "plant"]
    assert any(slot_label(garden, ruta) == a.steps[1] for a in plants)


def test_each_neighbour_visits_both_gardens_with_two_players() -> None:
    """Two players: 'the Neighbour visits both gardens, and both players may lose a card'."""
    state = new_game(2, neighbour_set="chosen", chosen=["sallie", "peapod", "mayor", "horace"])
    state.gardens[0] = garden_from(["C L . . . .", ". . . . . ."], fixed=False)
    state.gardens[1] = garden_from(["T U . . . .", ". . . . . ."], fixed=False)
    run_phase(state, [2, 0, 0, 0])
    assert len(state.discard) == 2
    assert all(sum(c >= 0 for c in g.cells) == 1 for g in state.gardens)


@pytest.mark.parametrize("key", [n.key for n in nb.NEIGHBOURS])
def test_every_neighbour_leaves_a_bare_garden_alone(key: str) -> None:
    """Every Neighbour: an empty garden loses nothing (no error either)."""
    garden = garden_from([". . . . . ."])
    assert nb.victim(key, garden, CARDS) is None
    assert nb.pomme_frites_moves(garden) == []


def test_neighbours_are_found_by_key_or_name() -> None:
    """Options name the chosen Neighbours by key or by name, ignoring case."""
    assert nb.find_neighbour("Lord Carrotbody") is nb.BY_KEY["carrotbody"]
    assert nb.find_neighbour("pomme-frites") is nb.BY_KEY["pomme_frites"]
    assert nb.find_neighbour("WIDOW") is nb.BY_KEY["leafygreens"]
    assert nb.find_neighbour("nobody at all") is None
    assert len(nb.NEIGHBOURS) == 10 and len(nb.ORIGINAL_KEYS) == 4 and len(nb.NEW_KEYS) == 6


def _plantings_stay_in(state: CabbageheadState, rows: int, cols: int) -> None:
    """Every legal planting keeps the whole garden inside the plot's fixed `rows` x `cols` (the
    canvas' first rows and columns): none opens a 7th column or a 4th row."""
    plantings = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Plant)]
    assert plantings
    for action in plantings:
        assert action.row <= rows and action.col <= cols, action
        trial = GAME.copy_state(state)
        GAME.apply(trial, 0, action)
        box = bounding_box(trial.gardens[0])
        assert box is not None and box[1] < rows and box[3] < cols, (action, box)


@pytest.mark.parametrize(("tokens", "left"), [([1, 0, 0, 0], "Carrot"), ([0, 1, 0, 0], "Ruta Baga")])
def test_ruling_4_fixed_columns_stay_fixed_when_a_neighbour_empties_column_1_or_6(
    tokens: list[int], left: str
) -> None:
    """Ruling 4: once columns 1 and 6 hold cards the columns are fixed for the game. Peapod takes
    the Ruta Baga (the higher number) from column 6, or Sallie the Carrot from column 1: the
    plot keeps its 6 columns, and no planting opens a 7th."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    state.gardens[0] = garden_from(["C . . . . U"], fixed=False)
    garden = state.gardens[0]
    assert frame_size(garden) == (5, 6) and garden.cols_fixed and not garden.rows_fixed
    run_phase(state, tokens)
    assert [CARDS[c].name for c in garden.cells if c >= 0] == [left]
    assert frame_size(garden) == (5, 6) and garden.cols_fixed
    view = GAME.view(state, 0).gardens[0]
    assert view.cols == 6 and {s.col for s in view.slots if s.in_plot} == set(range(1, 7))
    _plantings_stay_in(state, 5, 6)


def test_ruling_4_fixed_rows_stay_fixed_when_a_neighbour_empties_row_1_or_3() -> None:
    """Ruling 4: likewise rows 1 and 3: Peapod takes the Ruta Baga from row 3; the plot keeps its
    3 rows (the columns still float), and no planting opens a 4th row."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    state.gardens[0] = garden_from(["C", ".", "U"], fixed=False)
    garden = state.gardens[0]
    assert frame_size(garden) == (3, 11) and garden.rows_fixed and not garden.cols_fixed
    run_phase(state, [1, 0, 0, 0])
    assert [CARDS[c].name for c in garden.cells if c >= 0] == ["Carrot"]
    assert frame_size(garden) == (3, 11) and garden.rows_fixed
    _plantings_stay_in(state, 3, 11)


def test_ruling_4_a_floating_plot_that_never_spanned_its_columns_still_floats() -> None:
    """Ruling 4: only reaching columns 1 and 6 fixes the columns; a plot 5 columns wide that loses
    its edge card floats, and may grow either way again."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    state.gardens[0] = garden_from(["C . . . U"], fixed=False)
    garden = state.gardens[0]
    assert frame_size(garden) == (5, 7) and not garden.cols_fixed
    run_phase(state, [1, 0, 0, 0])
    assert frame_size(garden) == (5, 11) and not garden.cols_fixed


def test_ruling_13_ferwig_radishers_solo_take_the_highest_of_the_next_three() -> None:
    """Ruling 13: the Ferwig-Radishers remove the highest-numbered of the next three cards (to the
    discard pile); one of the other two is planted for free; the other reveals tokens."""
    state = new_game(neighbour_set="chosen", chosen=["ferwig", "sallie", "mayor", "horace"])
    run_phase(state, [1, 0, 0, 0])
    assert state.ferwig_turns == 1
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.ferwig_now and state.ferwig_turns == 0
    cut = state.discard[-1]
    assert all(CARDS[cut].vegetable_number > CARDS[c].vegetable_number for c in state.row if c >= 0)
    plants = GAME.legal_actions(state, 0)
    assert {a.bees for a in plants} == {0}  # type: ignore[union-attr]
    assert len({a.position for a in plants}) == 2  # type: ignore[union-attr]
    discard_before = len(state.discard)
    GAME.apply(state, 0, plants[0])
    assert len(state.discard) == discard_before + 1 and not state.ferwig_now


def test_ruling_13_ferwig_radishers_have_no_effect_after_the_last_round() -> None:
    """Ruling 13: at the final Neighbour Phase no cards are drawn any more: no effect."""
    state = new_game(neighbour_set="chosen", chosen=["ferwig", "sallie", "mayor", "horace"])
    events = run_phase(state, [1, 0, 0, 0], final=True)
    assert state.ferwig_turns == 0 and any("no effect" in e.text for e in events)


def test_ruling_19_revealing_stops_when_no_face_down_token_is_left() -> None:
    """Ruling 19: if fewer face-down tokens are left than the Neighbour number, all are revealed."""
    from tests.engine.cabbagehead.helpers import set_row

    state = new_game()
    radishes = cards_of("Radish")
    high = max(radishes, key=lambda c: CARDS[c].vegetable_number)
    assert CARDS[high].neighbour_number >= 2
    set_row(state, [radishes[0], cards_of("Carrot")[0], high])
    state.pool = [5]
    events = GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.position == 1))  # type: ignore[union-attr]
    assert state.tiles[0] == [5] and state.pool == []
    assert any("no face-down tokens left" in e.text for e in events)


def test_ruling_4_a_game_stored_before_the_fixed_frame_loads_fixed_if_it_spans_now() -> None:
    """Ruling 4: states stored before `rows_fixed` and `cols_fixed` load with rows (columns)
    fixed where the garden spans them now, and floating elsewhere."""
    import json

    state = new_game()
    state.gardens[0] = garden_from(["C . . . . U"], fixed=False)
    stored = json.loads(dump_state(state))
    for garden in stored["gardens"]:
        del garden["rows_fixed"], garden["cols_fixed"]
    loaded = load_state(GAME, json.dumps(stored))
    assert isinstance(loaded, CabbageheadState)
    garden = loaded.gardens[0]
    assert garden.cols_fixed and not garden.rows_fixed and frame_size(garden) == (5, 6)
    assert loaded.gardens[0].cells == state.gardens[0].cells
    run_phase(loaded, [1, 0, 0, 0])  # Peapod takes the Ruta Baga of column 6: still 6 columns
    assert frame_size(loaded.gardens[0]) == (5, 6)


def test_ruling_4_a_plot_emptied_after_its_columns_were_fixed_keeps_them() -> None:
    """Ruling 4: even a plot whose every card was taken keeps its fixed columns: a bare plot offers
    one row (the rows still float, every row is the same row) and its 6 fixed columns."""
    state = new_game(neighbour_set="chosen", chosen=["peapod", "sallie", "mayor", "horace"])
    state.gardens[0] = garden_from(["C . . . . U"], fixed=False)
    run_phase(state, [1, 0, 0, 0])
    run_phase(state, [1, 0, 0, 0])
    garden = state.gardens[0]
    assert all(c < 0 for c in garden.cells) and garden.cols_fixed
    assert frame_size(garden) == (5, 6)
    assert GAME.view(state, 0).gardens[0].open_slots == [f"{c}3" for c in "ABCDEF"]
    _plantings_stay_in(state, 5, 6)
