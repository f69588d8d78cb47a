"""Property tests over random games (issue 4, "Tests"): 2-4 players, Bird variant on and off.

Random legal play never errors and always ends; every card is always in exactly one place; no plot
ever holds two Bad or two Good Bugs; objective hands never exceed 2; no view or log line shows a
viewer another player's hidden card; JSON round-trip and replay are exact.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import dump_state, load_state, replay
from engine.rng import Rng
from engine.sabotage import actions as A
from engine.sabotage.cards import OBJECTIVE_HAND_LIMIT, OBJECTIVES, card_name, is_bad_bug, is_good_bug
from engine.sabotage.game import GAME
from engine.sabotage.rules import plot_kinds
from engine.sabotage.state import SabotageOptions, SabotageState
from tests.engine.conformance import assert_no_leak_in_events, assert_no_leak_in_view
from tests.engine.sabotage.helpers import all_cards, card_places

STEP_BUDGET = 20_000


def check_invariants(state: SabotageState) -> None:
    places = card_places(state)
    assert set(places) == all_cards(state), "a card is missing or extra"
    assert set(places.values()) == {1}, f"cards in two places: {[c for c, n in places.items() if n > 1]}"
    for player in state.players:
        assert len(player.objectives) <= OBJECTIVE_HAND_LIMIT
        assert len(player.plots) == 2
        for plot in player.plots:
            assert plot.bad_bug is None or is_bad_bug(plot.bad_bug)
            assert plot.good_bug is None or is_good_bug(plot.good_bug)
    assert len(state.plant_row) == 4 and len(state.bug_row) == 2


def builder_choice(state: SabotageState, legal: list[A.SabotageAction], rng: Rng) -> A.SabotageAction:
    """A player who works at its objectives (objective k on plot k), so games reach the final round."""
    me = state.players[state.turn]
    wanted = {A.DRAW_OBJECTIVE, A.DRAW_PLANT_DECK}
    for plot, oid in enumerate(me.objectives):
        have = plot_kinds(me.plots[plot])
        for kind, count in OBJECTIVES[oid].plants:
            if have[kind] < count:
                wanted.add(A.PLANT[kind][plot])
                wanted.update(
                    A.DRAW_PLANT_ROW[i][kind]
                    for i, c in enumerate(state.plant_row)
                    if c and card_name(c) == kind
                )
        if OBJECTIVES[oid].bug:
            wanted.add(A.GOOD_BUG[OBJECTIVES[oid].bug][plot])
    wanted.update(A.PESTICIDE)
    first = [a for a in legal if isinstance(a, A.CompleteObjective)] or [a for a in legal if a in wanted]
    return rng.choice(first) if first and rng.below(5) else rng.choice(legal)


def play_checked(options: SabotageOptions, seats: int, seed: int, policy: str) -> SabotageState:
    """One random game, checked at every step: "random" picks any legal action, "eager" completes
    objectives when it can, "builder" works at its objectives."""
    state = GAME.create(options, seats, seed)
    chooser = Rng.from_seed(seed ^ 0xBEE)
    moves = []
    for _ in range(STEP_BUDGET):
        if GAME.is_terminal(state):
            break
        check_invariants(state)
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        assert all(not GAME.legal_actions(state, other) for other in range(seats) if other != seat)
        completes = [a for a in legal if isinstance(a, A.CompleteObjective)]
        if policy == "builder":
            action = builder_choice(state, list(legal), chooser)
        elif policy == "eager" and completes:
            action = chooser.choice(completes)
        else:
            action = chooser.choice(legal)
        events = GAME.apply(state, seat, action)
        moves.append((seat, GAME.encode_action(action)))
        assert_no_leak_in_events(GAME, state, events, seats)
        if len(moves) % 7 == 0:
            for viewer in [*range(seats), None]:
                assert_no_leak_in_view(GAME, state, viewer)
            text = dump_state(state)
            assert dump_state(load_state(GAME, text)) == text
    else:
        raise AssertionError(f"no end after {STEP_BUDGET} steps")
    check_invariants(state)
    assert state.round <= options.season_rounds + 1
    replayed, _ = replay(GAME, options, seats, seed, moves)
    assert dump_state(replayed) == dump_state(state)
    result = GAME.result(state)
    assert all(r.total == sum(line.points for line in r.lines) for r in result.seats)
    return state


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=2, max_value=4),
    bird=st.booleans(),
    policy=st.sampled_from(["random", "eager", "builder"]),
    season=st.integers(min_value=3, max_value=30),
)
def test_random_play_keeps_every_invariant_and_always_ends(
    seed: int, seats: int, bird: bool, policy: str, season: int
) -> None:
    options = SabotageOptions(bird_variant=bird, season_rounds=season)
    play_checked(options, seats, seed, policy)


def test_builders_reach_the_final_round_through_every_check() -> None:
    """The 7-objective ending happens in checked play too, not only in hand-built positions."""
    endings = {play_checked(SabotageOptions(), 2 + seed % 3, seed, "builder").ended for seed in range(6)}
    assert "final_round" in endings


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_actions_round_trip_through_json_and_labels_are_unique(seed: int, seats: int) -> None:
    state = GAME.create(SabotageOptions(bird_variant=True), seats, seed)
    chooser = Rng.from_seed(seed)
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state, state.turn)
        labels = [a.label for a in legal]
        assert len(set(labels)) == len(labels)
        for action in legal:
            assert GAME.decode_action(GAME.encode_action(action)) == action
            assert action.steps == (action.label,) or len(action.steps) == 2
        GAME.apply(state, state.turn, chooser.choice(legal))
