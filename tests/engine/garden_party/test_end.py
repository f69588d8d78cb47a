"""Section II (object of the game) and the end of the game and its count (called VII: A compositions,
B bonuses, C the plant table), with rulings 6, 14, 16, 17, 18, 19 and 22."""

from __future__ import annotations

from typing import Any

from engine.ai import decision_for, make_player, move_seed
from engine.api import Event, plays_past_its_end
from engine.garden_party import GAME
from engine.garden_party.cards import CARD_KIND_OF
from engine.garden_party.state import GardenPartyOptions, GardenPartyState
from engine.rng import Rng
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    answer,
    begin_turn,
    codes,
    empty,
    end_turn,
    event,
    fill,
    fresh,
    kinds,
    new_game,
    pass_windows,
    plant,
    play,
    set_hand,
    settle,
    stack_duel,
    timeout_code,
)


def finished(seats: int = 3) -> GardenPartyState:
    """A game over with every pot a green seed (to be filled by the test) and no compost or show."""
    state = new_game(seats)
    all_seeds(state)
    state.phase = "over"
    return state


def totals(state: GardenPartyState) -> dict[int, int]:
    return {r.seat: r.total for r in GAME.result(state).seats}


def lines(state: GardenPartyState, seat: int) -> dict[str, int]:
    return {line.label: line.points for line in GAME.result(state).seats[seat].lines}


def pink_plays(state: GardenPartyState, seat: int) -> list[str]:
    return [CARD_KIND_OF[c.split(":")[1]] for c in codes(state, seat) if c.startswith("play:")]


def about_to_bloom(flowers: int = 8, seats: int = 3, **options: Any) -> GardenPartyState:
    """Seat 0 at home with one water token, `flowers` green flowers and a green bud in pot 8; the
    others hold no card."""
    state = new_game(seats, **options)
    all_seeds(state)
    fill(state, 0, ["green"] * flowers)
    plant(state, 0, 8, "green", "bud")
    state.players[0].water = 1
    for seat in range(seats):
        set_hand(state, seat)
    return state


# ---------------------------------------------------------------------------------------------
# II and ruling 18: the end


def test_nine_flowering_plants_at_once_end_the_game() -> None:
    """II: the game ends "when one of the players has simultaneously nine flowering plants in their
    greenhouse" (ruling 18)."""
    state = about_to_bloom()
    events = act(state, "water:8")
    assert "garden_complete" in kinds(events) and event(events, "garden_complete").fields["count"] == 9
    assert state.ended_by == 0
    assert GAME.is_terminal(state) and "game_over" in kinds(events)


def test_eight_flowers_do_not_end_the_game() -> None:
    """II: nine flowering plants, not eight."""
    state = about_to_bloom(flowers=7)
    act(state, "water:8")
    assert state.ended_by is None and state.phase == "turn"


def test_collectors_flowers_do_not_count_toward_the_nine() -> None:
    """VII and ruling 18: "nine flowering plants (not counting collector's flowers)"."""
    state = about_to_bloom(flowers=7)
    state.players[0].vases = ["professor", "marquise"]
    act(state, "water:8")
    assert state.ended_by is None and not GAME.is_terminal(state)


def test_the_turn_ends_at_once_without_a_duel() -> None:
    """Ruling 18 (and 8): the turn that completes a greenhouse ends at once, without a duel, even
    after a visit."""
    state = about_to_bloom()
    state.players[1].square = "C"
    state.turn.points = 20
    act(state, "move:G1")
    act(state, "move:G0")
    events = act(state, "water:8")
    assert state.turn.visits == [1]
    assert "duel" not in kinds(events) and GAME.is_terminal(state)


def test_a_card_that_completes_the_greenhouse_settles_first() -> None:
    """Ruling 18: "the action that made it finishes (a card being played settles first)": a
    Fertiliser blooms the ninth flower once its cancel window has passed, then the game ends."""
    state = about_to_bloom()
    set_hand(state, 0, "fertiliser")
    set_hand(state, 1, "graft", "graft")
    act(state, f"play:{state.players[0].hand[0]}:8")
    assert state.phase == "cancel" and state.ended_by is None
    events = pass_windows(state)
    assert "garden_complete" in kinds(events) and state.ended_by == 0


def returned_ninth(flowers: int = 8, **options: Any) -> tuple[GardenPartyState, list[Event]]:
    """Seat 0 visits seat 2's greenhouse, then seat 1's, where it steals a bud from a greenhouse of
    `flowers` flowering plants and brings it to flower at home with a Fertiliser; both duels are
    lost ("Attila Saw It All!"). Returns the state and the events of the turn's end."""
    state = new_game(3, points=20, **options)
    all_seeds(state)
    fill(state, 1, ["green"] * flowers)
    plant(state, 1, 8, "white", "bud")
    empty(state, 0, 8)
    state.players[1].square = state.players[2].square = "C"
    act(state, "move:G2")
    act(state, "move:G1")
    act(state, "steal:8:8")
    act(state, "move:G0")
    set_hand(state, 0, "fertiliser")
    play(state, 0, "fertiliser", 8)
    assert state.players[0].pots[8] is not None and state.players[0].pots[8].stage == "flower"
    for seat in range(3):
        set_hand(state, seat)
    stack_duel(state, "red_handed", "red_handed")
    return state, end_turn(state)


def test_a_ninth_flower_returned_by_a_lost_duel_ends_the_game() -> None:
    """II ("the game ends ... when one of the players has simultaneously nine flowering plants"),
    ruling 8 (a lost duel returns a stolen plant that flowered since, as a flower) and ruling 18:
    however the ninth flower arrives, the game ends. Seat 1's stolen bud flowers at seat 0's and
    comes back on the lost duel: seat 1 has nine, the game ends there, the other duel (seat 2's,
    entered first) is not fought, and the end-of-game cards begin with seat 1. (Found in
    self-play: play went on with nine flowers, issue 28.)"""
    state, events = returned_ninth()
    assert [e.seats["owner"] for e in events if e.kind == "duel"] == [1]
    assert kinds(events)[-3:] == ["sentence_postponed", "garden_complete", "game_over"]
    assert event(events, "garden_complete").seats == {"gardener": 1}
    assert state.ended_by == 1 and GAME.is_terminal(state)
    assert state.players[1].pots[8] is not None and state.players[1].pots[8].stage == "flower"
    assert GAME.end_condition(state) and state.duel is None and state.duels == []


def test_a_seventh_flower_returned_ends_the_short_game() -> None:
    """Ruling 20 (the short game: seven flowers) with ruling 18: the seventh, returned by a lost
    duel, ends it too."""
    state, events = returned_ninth(flowers=6, flowers_to_end=7)
    assert state.ended_by == 1 and GAME.is_terminal(state)
    assert "garden_complete" in kinds(events)


def test_the_returned_flower_leaves_the_end_cards_to_play() -> None:
    """Ruling 19: once a returned flower ends the game, the end-of-game cards are played, starting
    with the gardener whose greenhouse is complete (seat 1), then clockwise."""
    state = new_game(3, points=20)
    all_seeds(state)
    fill(state, 1, ["green"] * 8)
    plant(state, 1, 8, "white", "bud")
    empty(state, 0, 8)
    state.players[1].square = "C"
    act(state, "move:G1")
    act(state, "steal:8:8")
    act(state, "move:G0")
    set_hand(state, 0, "fertiliser")
    play(state, 0, "fertiliser", 8)
    set_hand(state, 0, "best_in_show")
    set_hand(state, 1, "best_in_show")
    set_hand(state, 2)
    stack_duel(state, "red_handed")
    act(state, "end")
    settle(state)
    assert state.phase == "end" and state.end_order[0] == 1 and state.ended_by == 1


def test_the_conformance_check_sees_a_game_played_past_its_end() -> None:
    """The conformance suite's end check (`plays_past_its_end`) reads the end from the pots, not
    from the flow: a turn going on beside a complete greenhouse is caught; the end-of-game cards
    (ruling 19) and a finished game are not."""
    state = new_game(3)
    fill(state, 2, ["green"] * 9)
    assert GAME.end_condition(state) and plays_past_its_end(GAME, state)
    state.phase = "end"
    assert not plays_past_its_end(GAME, state)
    state.phase = "over"
    assert not plays_past_its_end(GAME, state)


def test_self_play_stops_at_the_ninth_flower_however_it_comes() -> None:
    """II and ruling 18 in self-play: in issue 28's game (six Medium players, seed 7020) a lost duel
    returned a ninth flower at move 987 (ruling 8) and play went on. No position of the game plays
    on past its end (the conformance suite's check, `engine.api.plays_past_its_end`), and the game
    ends by a greenhouse."""
    state = GAME.create(GardenPartyOptions(), 6, 7020)
    players = [make_player(GAME.name, "greedy") for _ in range(6)]
    moves = 0
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        action = players[seat].choose(
            decision_for(GAME, state, seat), Rng.from_seed(move_seed(7020, moves, seat))
        )
        GAME.apply(state, seat, action)
        moves += 1
        assert not plays_past_its_end(GAME, state), f"play went on past the end at move {moves}"
    assert state.ended_by is not None


def test_the_most_points_win_not_the_first_to_finish() -> None:
    """II: "The aim of the game is to have the most points when the game ends"."""
    state = about_to_bloom()
    fill(state, 1, ["blue", "blue", "white"])
    act(state, "water:8")
    assert GAME.result(state).winners == [1]
    assert totals(state) == {0: 9 + 4 + 6, 1: 22, 2: 0}


def test_end_cards_start_with_the_completer_then_clockwise() -> None:
    """Ruling 19: starting with the gardener who completed the greenhouse, then clockwise, each
    gardener holding cards may play pink cards one after another, until they choose to play no
    more; a gardener left with no card is not asked."""
    state = about_to_bloom(seats=4)
    set_hand(state, 2, "compost", "best_in_show")
    plant(state, 2, 0, "red", "bud")
    plant(state, 2, 1, "red", "flower")
    set_hand(state, 3, "graft")
    set_hand(state, 1, "best_in_show")
    plant(state, 1, 0, "red", "flower")
    act(state, "water:8")
    assert state.phase == "end" and state.end_order == [1, 2, 3]
    assert GAME.to_move(state) == [1]
    assert timeout_code(state, 1) == "finish"  # ruling 13: a timed-out choice plays none
    act(state, "finish", 1)
    assert GAME.to_move(state) == [2]
    play(state, 2, "compost")
    assert GAME.to_move(state) == [2]  # no one-card limit at the end
    play(state, 2, "best_in_show")
    assert GAME.to_move(state) == [3]  # seat 2 has no card left: it is not asked (ruling 19)
    assert codes(state, 3) == ["finish"]
    events = act(state, "finish", 3)
    assert "game_over" in kinds(events) and GAME.is_terminal(state)


def test_the_completer_plays_end_cards_first() -> None:
    """Ruling 19: the gardener who completed the greenhouse starts."""
    state = about_to_bloom(seats=3)
    set_hand(state, 0, "compost")
    set_hand(state, 2, "compost")
    act(state, "water:8")
    assert state.end_order == [0, 2]


def test_end_cards_may_be_cancelled() -> None:
    """Ruling 19: each pink card is open to cancellation."""
    state = about_to_bloom()
    plant(state, 1, 0, "blue", "bud")
    set_hand(state, 1, "compost")
    set_hand(state, 2, "graft", "graft")
    act(state, "water:8")
    act(state, f"play:{state.players[1].hand[0]}", 1)
    assert state.phase == "cancel" and GAME.to_move(state) == [2]
    answer(state, yes=[2])
    act(state, "pay:plantanology", 2)
    pass_windows(state)
    while not GAME.is_terminal(state):
        act(state, "finish")
    assert state.compost == []
    assert "Blue flowers (1 x 8)" not in lines(state, 1)


# ---------------------------------------------------------------------------------------------
# VII: the count


def test_each_flowering_plant_scores_by_its_colour() -> None:
    """VII C and ruling 1: green 1, yellow 2, red 3, orange 4, violet 5, white 6, blue 8; buds,
    sprouts and seeds score nothing."""
    state = finished()
    fill(state, 0, ["green", "yellow", "red", "orange"])
    fill(state, 1, ["violet", "white", "blue"])
    plant(state, 1, 5, "blue", "bud")
    plant(state, 1, 6, "blue", "sprout")
    assert totals(state) == {0: 10, 1: 19, 2: 0}
    assert lines(state, 1) == {
        "Violet flowers (1 x 5)": 5,
        "White flowers (1 x 6)": 6,
        "Blue flowers (1 x 8)": 8,
    }


def test_five_flowers_of_one_colour_earn_four() -> None:
    """VII A: "5 flowering plants of identical colour earn a bonus of 4 points"."""
    state = finished()
    fill(state, 0, ["red"] * 5)
    assert totals(state)[0] == 15 + 4
    fill(state, 1, ["red"] * 4)
    assert totals(state)[1] == 12


def test_seven_flowers_of_one_colour_earn_six_and_the_four_of_five() -> None:
    """VII A ("5 flowering plants of identical colour earn a bonus of 4 points", "7 flowering plants
    of identical colours earn a bonus of 6 points") and ruling 22 (revised in issue 28: seven
    replaced five, which the text does not say): seven greens hold both lines, 4 + 6."""
    state = finished()
    fill(state, 0, ["green"] * 7)
    assert totals(state)[0] == 7 + 4 + 6
    assert lines(state, 0)["Composition: 7 flowers of one colour"] == 6
    assert lines(state, 0)["Composition: 5 flowers of one colour"] == 4


def test_five_flowers_of_different_colours_earn_four() -> None:
    """VII A: "5 flowering plants of different colours earn a bonus of 4 points"."""
    state = finished()
    fill(state, 0, ["green", "yellow", "red", "orange", "violet"])
    assert totals(state)[0] == 15 + 4
    fill(state, 1, ["green", "yellow", "red", "orange", "orange"])
    assert totals(state)[1] == 14


def test_seven_flowers_of_different_colours_earn_six_and_four() -> None:
    """VII A: "7 flowering plants of different colours earn a bonus of 6 points", and the seven hold
    five of different colours too (ruling 22): 6 + 4."""
    state = finished()
    fill(state, 0, ["green", "yellow", "red", "orange", "violet", "white", "blue"])
    assert totals(state)[0] == 29 + 6 + 4
    assert lines(state, 0)["Composition: 5 flowers of different colours"] == 4


def test_both_sorts_of_composition_count() -> None:
    """Ruling 22: "of one colour" and "of different colours" both count, a plant in both: five
    greens and four other colours make 4 + 4."""
    state = finished()
    fill(state, 0, ["green"] * 5 + ["yellow", "red", "orange", "violet"])
    assert totals(state)[0] == 5 + 14 + 4 + 4


def test_seven_alike_with_two_others_earn_both_lines_of_one_colour() -> None:
    """Ruling 22: seven greens and two others hold the lines of five and of seven of one colour
    (three colours: none of different colours), 4 + 6; with nine pots at most 10."""
    state = finished()
    fill(state, 0, ["green"] * 7 + ["yellow", "red"])
    assert totals(state)[0] == 7 + 5 + 4 + 6


def test_a_collectors_flower_earns_five() -> None:
    """VII B: "A collector's flower earns 5 points" (ruling 6: the vases hold other gardeners'
    flowers)."""
    state = finished()
    state.players[2].vases = ["countess", "professor"]
    assert totals(state)[2] == 10
    assert lines(state, 2) == {"Collector's flowers (Pomedamour Peony, Prenracine Orchid)": 10}


def test_your_own_collectors_flowers_never_score() -> None:
    """Ruling 6: "Your own two flowers never score"."""
    state = finished()
    assert state.players[0].flowers_left == 2
    assert totals(state)[0] == 0


def test_collectors_flowers_are_not_counted_in_compositions() -> None:
    """VII: "collector's flowers are not counted in the calculation of compositions" (ruling 22):
    four red flowers and a collector's flower make no five."""
    state = finished()
    fill(state, 0, ["red"] * 4)
    state.players[0].vases = ["baron"]
    assert totals(state)[0] == 12 + 5


def test_every_weed_still_in_a_pot_costs_ten_shown_or_not() -> None:
    """Ruling 14 and VII C: at the end every seed is turned over: each weed in a pot costs 10 points,
    shown or not; a mouldy seed that never showed costs nothing."""
    state = finished()
    plant(state, 0, 0, "weed", "weed")
    plant(state, 0, 1, "weed")
    plant(state, 0, 2, "mouldy")
    fill(state, 0, ["blue"], start=3)
    assert totals(state)[0] == 8 - 20
    assert lines(state, 0)["Weeds (2 x -10)"] == -20


def test_a_game_stopped_early_counts_only_the_weeds_that_have_shown() -> None:
    """Ruling 14: "A game stopped early counts only the weeds that have shown (a standing result must
    not reveal a seed)"."""
    state = new_game(3)
    all_seeds(state)
    plant(state, 0, 0, "weed", "weed")
    plant(state, 0, 1, "weed")
    plant(state, 1, 1, "weed")
    standing = {r.seat: r.total for r in GAME.standing_result(state).seats}
    assert standing == {0: -10, 1: 0, 2: 0}
    assert "stopped" in GAME.standing_result(state).summary


def test_compost_makes_the_most_valuable_bud_count_as_a_flower() -> None:
    """Ruling 16 (and 10, Compost): "Each Compost makes your most valuable bud (not yet composted)
    count as a flowering plant of its colour, in the colours, the compositions and the tie-break"."""
    state = finished()
    fill(state, 0, ["green", "yellow", "red", "orange"])
    plant(state, 0, 5, "violet", "bud")
    plant(state, 0, 6, "yellow", "bud")
    state.compost = [0]
    assert totals(state)[0] == 10 + 5 + 4  # the violet bud, and five colours
    state.compost = [0, 0]
    assert totals(state)[0] == 10 + 5 + 2 + 4


def test_best_in_show_gives_three_points_to_each_flower_it_prizes() -> None:
    """Ruling 16 and 30 (and 10, Best in Show): each Best in Show gives 3 more points to your most
    valuable flower not yet prized; with no flower left to prize it adds nothing."""
    state = finished()
    fill(state, 0, ["green", "white", "blue"])
    state.best_in_show = [0]
    assert totals(state)[0] == 15 + 3
    assert lines(state, 0)["Best in Show: a Blue flower wins 3 more"] == 3
    state.best_in_show = [0, 0]
    assert totals(state)[0] == 15 + 3 + 3
    state.best_in_show = [1]
    assert totals(state)[0] == 15


def test_compost_played_at_the_end_counts() -> None:
    """Ruling 19 with 16: a Compost played in the end-of-game round counts in the count."""
    state = about_to_bloom()
    plant(state, 1, 0, "white", "bud")
    set_hand(state, 1, "compost")
    act(state, "water:8")
    play(state, 1, "compost")  # its last card: the round ends with it (ruling 19)
    assert GAME.is_terminal(state) and totals(state)[1] == 6


def test_ties_go_to_the_most_flowering_plants() -> None:
    """Ruling 17: most points; then most flowering plants (Compost included)."""
    state = finished()
    fill(state, 0, ["blue"])  # 8 points, one flower
    fill(state, 1, ["orange", "yellow", "yellow"])  # 8 points, three flowers
    fill(state, 2, ["orange", "yellow", "green"])  # 7 points, three flowers ...
    plant(state, 2, 3, "green", "bud")
    state.compost = [2]  # ... and a composted green bud: 8 points, four
    assert totals(state) == {0: 8, 1: 8, 2: 8}
    result = GAME.result(state)
    assert result.winners == [2]
    assert "wins the tie" in result.summary
    state.compost = []
    assert GAME.result(state).winners == [1]


def test_then_the_most_collectors_flowers() -> None:
    """Ruling 17: on equal points and flowering plants, the most collector's flowers win."""
    state = finished()
    fill(state, 0, ["white", "green"])
    state.players[0].vases = ["baron"]  # 7 + 5 = 12 points, two flowers, one vase
    fill(state, 1, ["blue", "orange"])  # 12 points, two flowers, no vase
    assert totals(state) == {0: 12, 1: 12, 2: 0}
    assert GAME.result(state).winners == [0]


def test_the_win_is_shared_when_everything_ties() -> None:
    """Ruling 17: "then the win is shared"."""
    state = finished()
    fill(state, 0, ["red", "green"])
    fill(state, 1, ["yellow", "yellow"])
    result = GAME.result(state)
    assert totals(state) == {0: 4, 1: 4, 2: 0}
    assert result.winners == [0, 1] and "share the win" in result.summary


def test_the_breakdown_lines_add_up_to_the_total() -> None:
    """VII: each player's count is the sum of its lines (colours, compositions, collector's flowers,
    weeds, Best in Show)."""
    state = finished()
    fill(state, 0, ["green"] * 5 + ["yellow", "red", "orange", "blue"])
    state.players[0].vases = ["baron", "duchess"]
    plant(state, 1, 0, "weed", "weed")
    fill(state, 1, ["white"], start=1)
    state.best_in_show = [0, 1]
    for seat_result in GAME.result(state).seats:
        assert seat_result.total == sum(line.points for line in seat_result.lines)
    assert totals(state) == {0: 5 + 2 + 3 + 4 + 8 + 4 + 4 + 10 + 3, 1: 6 - 10 + 3, 2: 0}
    assert lines(state, 2) == {"No flowering plants": 0}


def test_the_standing_result_of_a_finished_game_is_its_result() -> None:
    """VII: once the count is made, the standing result is the result."""
    state = finished()
    fill(state, 0, ["blue"])
    plant(state, 1, 0, "weed")
    assert GAME.standing_result(state).winners == GAME.result(state).winners
    assert [r.total for r in GAME.standing_result(state).seats] == [8, -10, 0]


def test_an_empty_pot_scores_nothing() -> None:
    """V A and VII: a rotted seed leaves an empty pot, which scores nothing."""
    state = finished()
    empty(state, 0, 0)
    assert totals(state)[0] == 0


def test_the_game_ends_with_the_end_cards_done_after_a_bloom_by_water() -> None:
    """II and ruling 19: after the ninth flower, the end-of-game round comes before the count; a
    gardener with no card is skipped."""
    state = about_to_bloom()
    set_hand(state, 2, "graft")
    act(state, "water:8")
    assert state.phase == "end" and state.end_order == [2]
    act(state, "finish", 2)
    assert GAME.is_terminal(state)


def test_an_end_card_that_would_do_nothing_is_not_offered() -> None:
    """Ruling 10: "a card that would do nothing now ... is not offered": Compost with no bud, Best in
    Show with no flowering plant."""
    state = about_to_bloom()
    set_hand(state, 1, "compost", "best_in_show")
    act(state, "water:8")
    assert GAME.to_move(state) == [1]
    assert codes(state, 1) == ["finish"]
    plant(state, 1, 0, "red", "bud")
    fresh(state)
    assert [CARD_KIND_OF[c.split(":")[1]] for c in codes(state, 1) if c.startswith("play:")] == ["compost"]
    play(state, 1, "compost")  # the bud now counts as a flower: Best in Show may prize it
    assert [CARD_KIND_OF[c.split(":")[1]] for c in codes(state, 1) if c.startswith("play:")] == [
        "best_in_show"
    ]


def test_when_the_tournament_closes_the_first_player_plays_end_cards_first() -> None:
    """Ruling 19 with 21: when the tournament closed, the end-of-game cards start with the first
    player, then clockwise."""
    state = new_game(3, season_rounds=3)
    state.first_seat = 1
    state.round = 3
    set_hand(state, 0, "compost")
    set_hand(state, 1, "compost")
    set_hand(state, 2, "compost")
    begin_turn(state, 0)
    end_turn(state)
    assert state.phase == "end" and state.ended_by is None
    assert state.end_order == [1, 2, 0]


def test_once_the_count_is_made_every_seed_is_turned_over_and_the_view_carries_the_result() -> None:
    """Ruling 14 ("at the end every seed is turned over") and VII: the view of a game over shows
    every seed's kind to everyone, spectators included, and carries the count; while the game
    runs, it carries none and a seed stays face down."""
    state = finished()
    fill(state, 0, ["blue", "white"])
    plant(state, 1, 3, "weed")
    for viewer in (None, 0, 1, 2):
        seen = GAME.view(state, viewer)
        assert seen.seats[1].pots[3].kind == "weed"
        assert seen.result == GAME.result(state)
    state.phase = "turn"
    assert GAME.view(state, None).seats[1].pots[3].kind is None
    assert GAME.view(state, 0).result is None
