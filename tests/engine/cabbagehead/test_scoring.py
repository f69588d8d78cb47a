"""Evaluation (rulebook, 'Evaluation', the Awards of Merit, Compost, the Garden Club Prize, the
Grasshopper and Romancing Eudora scoring) and the rulings on awards (docs/rules/cabbagehead.md)."""

from __future__ import annotations

from engine.cabbagehead.scoring import evaluate, ribbon_for, score
from tests.engine.cabbagehead.helpers import CARDS, garden_from


def lines(picture: list[str], **kwargs: object) -> dict[str, int]:
    found = evaluate(garden_from(picture, **kwargs), CARDS).lines  # type: ignore[arg-type]
    return dict(found)


def total(picture: list[str], **kwargs: object) -> int:
    return evaluate(garden_from(picture, **kwargs), CARDS).total  # type: ignore[arg-type]


def awards(picture: list[str], **kwargs: object) -> list[str]:
    return evaluate(garden_from(picture, **kwargs), CARDS).awards  # type: ignore[arg-type]


def test_rulebook_example_six_carrots_one_alone_score_15() -> None:
    """'There are 6 Carrots in total, but one of them is not adjacent to another Carrot ... 15 points.'"""
    found = lines(["C C C . . C", "C C . . . .", ". . . . . ."])
    assert found["Carrots: 5 of 6 next to their own kind x 3"] == 15


def test_rulebook_example_four_lettuces_next_to_a_grasshopper_score_13() -> None:
    """'4 Lettuce cards ... 16 points ... the Lettuce cards adjacent to the Grasshopper ... 13 points.'"""
    found = lines([". L . . . .", "L L* L . .", ". . . . . ."])
    assert list(found.values()) == [13]
    assert "3 next to a Grasshopper -1 each" in next(iter(found))


def test_rulebook_example_rose_over_the_middle_two_lettuces_scores_5() -> None:
    """Romancing Eudora: 'A Rose card overlaps the middle two Lettuce cards ... a bonus of 5 points.'"""
    garden = garden_from(["L L L L . .", ". . . . . .", ". . . . . ."])
    garden.roses[1] = garden.roses[2] = 0
    found = dict(evaluate(garden, CARDS).lines)
    assert found["Roses over two Vegetables: 1 of 1 x 5"] == 5
    assert evaluate(garden, CARDS).total == 16 + 5


def test_vegetable_without_a_same_type_neighbour_scores_nothing() -> None:
    """Vegetables: only those directly left, right, above or below one of their own kind score;
    diagonals do not count."""
    assert total(["C . . . . .", ". C . . . .", ". . . . . ."]) == 0
    assert total(["C L . . . .", "L C . . . .", ". . . . . ."]) == 0


def test_grasshopper_on_an_empty_slot_costs_nothing() -> None:
    """Grasshoppers: only a card *with* a Grasshopper on it makes its neighbours worth 1 less."""
    assert total(["L * L . . .", "L . L . . .", ". . . . . ."]) == 16


def test_ruling_9_grasshopper_penalty_is_at_most_one_per_vegetable() -> None:
    """Ruling 9: a Vegetable next to two same-type cards with Grasshoppers is still only 1 less."""
    # The middle Lettuce of the top row touches both Grasshopper Lettuces: -1, not -2.
    assert total(["L* L L* . . .", ". . . . . .", ". . . . . ."]) == 3 * 4 - 1


def test_grasshopper_card_itself_is_not_reduced() -> None:
    """'The Vegetable card with the Grasshopper token is not reduced in value.'"""
    assert total(["L* L . . . .", ". . . . . .", ". . . . . ."]) == 4 + 3


def test_award_four_corners() -> None:
    """The Four Corners: 12 points when the 4 corners hold the same vegetable."""
    assert "The Four Corners" in awards(["C . . . . C", ". . . . . .", "C . . . . C"])
    assert "The Four Corners" not in awards(["C . . . . C", ". . . . . .", "C . . . . T"])


def test_ruling_5_award_avenue_needs_two_columns_of_one_type_each() -> None:
    """The Avenue (ruling 5): columns 1 and 6 each hold three of one vegetable, two different ones."""
    assert "The Avenue" in awards(["C . . . . T", "C . . . . T", "C . . . . T"])
    assert "The Avenue" not in awards(["C . . . . C", "C . . . . C", "C . . . . C"])
    assert "The Avenue" not in awards(["C . . . . T", "L . . . . T", "C . . . . T"])


def test_ruling_6_promenade_has_two_diagonal_layouts_scored_once() -> None:
    """The Promenade (ruling 6): three same-type pairs of three different vegetables stepping down
    (or up) across the plot; both layouts at once still score 14 once."""
    down = ["C C . . . .", ". . T T . .", ". . . . L L"]
    up = [". . . . L L", ". . T T . .", "C C . . . ."]
    assert dict(lines(down))["Award of Merit: The Promenade"] == 14
    assert "The Promenade" in awards(up)
    assert "The Promenade" not in awards(["C C . . . .", ". . C C . .", ". . . . L L"])
    both = ["C C . . O O", ". . T T . .", "R R . . L L"]
    assert awards(both).count("The Promenade") == 1


def test_award_monopoly_and_its_two_extra_points() -> None:
    """The Monopoly: 5+ of one type score 8; 2 more if 5 of them are adjacent to each other."""
    assert dict(lines(["C . C . C .", ". C . C . .", ". . . . . ."]))["Award of Merit: The Monopoly"] == 8
    found = lines(["C C C C C .", ". . . . . .", ". . . . . ."])
    assert found["Award of Merit: The Monopoly (5 together, +2)"] == 10
    assert len([a for a in awards(["C C C C C .", "R R R R R .", ". . . . . ."]) if "Monopoly" in a]) == 1


def test_award_mixed_plot() -> None:
    """The Mixed Plot: each row has exactly 3 types, each type in only one row: 30 points."""
    plot = ["C C T T L L", "R R O O B B", "S S P P U U"]
    assert dict(lines(plot))["Award of Merit: The Mixed Plot"] == 30
    assert "The Mixed Plot" not in awards(["C C T T L L", "R R O O B B", "S S P P U C"])
    assert "The Mixed Plot" not in awards(["C C T T L L", "R R O O C C", "S S P P U U"])


def test_ruling_5_mixed_plot_needs_three_planted_rows() -> None:
    """Ruling 5: a plot with an empty row (or a floating plot only 2 rows high) has a row with no
    types, so it cannot have 'exactly 3 types' in each row."""
    assert "The Mixed Plot" not in awards(["C C T T L L", "R R O O B B", ". . . . . ."])
    assert "The Mixed Plot" not in awards(["C C T T L L", "R R O O B B"], fixed=False)


def test_award_bees_knees() -> None:
    """The Bee's Knees: all 6 Bees in the supply at the end: 6 points."""
    assert "The Bee's Knees" in awards(["C . . . . .", ". . . . . .", ". . . . . ."], bees=6)
    assert "The Bee's Knees" not in awards(["C . . . . .", ". . . . . .", ". . . . . ."], bees=5)


def test_award_bounty_once() -> None:
    """The Bounty: 6 different vegetables in one row: 12 points, only once."""
    found = lines(["C T L R O B", "C T L R O B", ". . . . . ."])
    assert found["Award of Merit: The Bounty"] == 12
    assert awards(["C T L R O B", "C T L R O B", ". . . . . ."]).count("The Bounty") == 1
    assert "The Bounty" not in awards(["C T L R O C", ". . . . . .", ". . . . . ."])


def test_ruling_5_floating_plot_narrower_than_six_columns_earns_no_corner_or_avenue_award() -> None:
    """Ruling 5: until a floating plot spans 6 columns and 3 rows its corners and columns 1 and 6
    are not fixed, so The Four Corners, The Avenue and The Promenade cannot be earned."""
    assert "The Four Corners" not in awards(["C . . . C", ". . . . .", "C . . . C"], fixed=False)
    assert "The Four Corners" in awards(["C . . . . C", ". . . . . .", "C . . . . C"], fixed=False)


def test_compost_costs_two_each() -> None:
    """Compost: 2 points are subtracted for each card under Eudora."""
    garden = garden_from(["C C . . . .", ". . . . . .", ". . . . . ."])
    garden.compost = [CARDS[0].index, CARDS[1].index]
    found = dict(evaluate(garden, CARDS).lines)
    assert found["Compost: 2 cards x -2"] == -4
    assert evaluate(garden, CARDS).total == 6 - 4


def test_rose_not_over_two_vegetables_scores_nothing() -> None:
    """Romancing Eudora: 'any Rose that is not overlapping two Vegetables is removed'."""
    garden = garden_from(["L . . . . .", ". . . . . .", ". . . . . ."])
    garden.roses[0] = garden.roses[1] = 0
    assert dict(evaluate(garden, CARDS).lines)["Roses over two Vegetables: 0 of 1 x 5"] == 0


def test_garden_club_prize_ribbons() -> None:
    """The Garden Club Prize: 0-40 nothing, 41-60 White, 61-80 Yellow, 81-100 Red, 101+ Blue."""
    assert [ribbon_for(p) for p in (-6, 0, 40, 41, 60, 61, 80, 81, 100, 101, 180)] == [
        None,
        None,
        None,
        "White Ribbon",
        "White Ribbon",
        "Yellow Ribbon",
        "Yellow Ribbon",
        "Red Ribbon",
        "Red Ribbon",
        "Blue Ribbon",
        "Blue Ribbon",
    ]


def test_full_breakdown_adds_up_and_names_every_part() -> None:
    """The result is a breakdown a player can read line by line, summing to the total."""
    garden = garden_from(["C C T T L L", "R R O O B B", "S S P P U U"], bees=6)
    garden.compost = [0]
    evaluation = evaluate(garden, CARDS)
    assert evaluation.total == sum(points for _, points in evaluation.lines)
    assert evaluation.awards == ["The Promenade", "The Mixed Plot", "The Bee's Knees"]
    veg = sum(points for label, points in evaluation.lines if "next to their own kind" in label)
    expected_veg = sum(2 * p for p in (3, 3, 4, 2, 4, 5, 4, 6, 6))
    assert veg == expected_veg
    assert evaluation.total == expected_veg + 14 + 30 + 6 - 2


def test_the_score_every_view_shows_is_the_evaluation_s_total() -> None:
    """A garden's view shows `score` (its lines left unwritten): the same total as the breakdown
    read at the end, with Grasshoppers, Roses, Compost and awards in play."""
    with_everything = garden_from(["C C* T T L L", "R R O O B B", "S S P P U U"], bees=6)
    with_everything.compost = [0, 1]
    with_everything.roses[0] = with_everything.roses[1] = 0
    gardens = [
        with_everything,
        garden_from([". L . . . .", "L L* L . .", ". . . . . ."]),
        garden_from(["C C C . . C", "C C . . . .", ". . . . . ."]),
        garden_from([". . . . . .", ". . . . . .", ". . . . . ."]),
    ]
    for garden in gardens:
        assert score(garden, CARDS) == evaluate(garden, CARDS).total  # type: ignore[arg-type]
