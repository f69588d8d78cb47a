"""Property tests over seeds, options and random legal play (issue 3, 'Tests'): no error, every
card always in exactly one place, Bees conserved, the plot never beyond 6 x 3, 15 plantings each,
JSON round-trip and replay exact, and refusals exactly for what legal_actions does not offer."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import IllegalAction, copy_state, dump_state, load_state, replay
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.actions import Plant
from engine.cabbagehead.plot import PLOT_COLS, PLOT_ROWS, bounding_box, frame_size
from engine.cabbagehead.state import CabbageheadOptions, CabbageheadState
from engine.rng import Rng
from tests.engine.cabbagehead.helpers import GAME, all_cards, bees_in_play, expected_cards
from tests.engine.conformance import play_random_game

KEYS = [n.key for n in nb.NEIGHBOURS]


@st.composite
def game_setups(draw: st.DrawFn, seats: int) -> tuple[CabbageheadOptions, int]:
    neighbour_set = draw(st.sampled_from(["original", "new", "random", "chosen"]))
    chosen = draw(st.permutations(KEYS))[:4] if neighbour_set == "chosen" else []
    options = CabbageheadOptions(
        neighbour_set=neighbour_set,
        chosen=chosen,
        grasshoppers=draw(st.booleans()),
        eudora=draw(st.booleans()) if seats == 1 else False,
        fixed_grid=draw(st.booleans()),
        first_seat=draw(st.sampled_from([None, 0, 1])),
    )
    return options, draw(st.integers(min_value=0, max_value=2**63))


def check_invariants(state: CabbageheadState) -> None:
    assert all_cards(state) == expected_cards(state)
    assert bees_in_play(state) == 6
    assert set(state.known_in_deck) <= set(state.deck)
    assert state.hive >= 0 and all(g.bees >= 0 for g in state.gardens)
    for garden in state.gardens:
        box = bounding_box(garden)
        if not garden.fixed:
            assert garden.box == (list(box) if box else [])
        if box:
            assert box[1] - box[0] < PLOT_ROWS and box[3] - box[2] < PLOT_COLS
            frame_rows, frame_cols = frame_size(garden)
            assert box[0] >= 0 and box[1] < frame_rows and box[2] >= 0 and box[3] < frame_cols
        assert garden.planted <= 15


def fixed_frames(state: CabbageheadState) -> list[tuple[bool, bool]]:
    """For each floating garden, whether its frame has the plot's 3 rows and its 6 columns."""
    return [
        (frame_size(g)[0] == PLOT_ROWS, frame_size(g)[1] == PLOT_COLS) for g in state.gardens if not g.fixed
    ]


def play_checked(options: CabbageheadOptions, seats: int, seed: int) -> int:
    """Play one random game through every check; return how many times a Neighbour (or
    Pomme-Frites) emptied an edge of a plot whose rows or columns were fixed (ruling 4)."""
    state = GAME.create(options, seats, seed)
    chooser = Rng.from_seed(seed ^ 0xC0FFEE)
    moves: list[tuple[int, dict[str, Any]]] = []
    step = 0
    edges_emptied = 0
    while not GAME.is_terminal(state):
        check_invariants(state)
        frames = fixed_frames(state)
        seat = state.active
        actions = list(GAME.legal_actions(state, seat))
        action = chooser.choice(actions)
        if step % 7 == 0:
            text = dump_state(state)
            assert dump_state(load_state(GAME, text)) == text
            for twin in (copy_state(GAME, state), GAME.copy_state(state)):
                assert twin == state
                GAME.apply(twin, seat, action)
                assert dump_state(state) == text  # the copy is independent
        if step % 5 == 0 and isinstance(action, Plant):
            # A slot one step off the legal set is refused (and changes nothing).
            for bad in (action._replace(row=action.row + 9), action._replace(vegetable="Mandrake")):
                if bad not in actions:
                    before = dump_state(state)
                    try:
                        GAME.apply(state, seat, bad)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{bad} was accepted")
                    assert dump_state(state) == before
        moves.append((seat, GAME.encode_action(action)))
        GAME.apply(state, seat, action)
        step += 1
        # Ruling 4: rows and columns once fixed stay fixed, whatever a Neighbour takes.
        for (rows, cols), (rows_now, cols_now) in zip(frames, fixed_frames(state), strict=True):
            assert (rows <= rows_now) and (cols <= cols_now), "a fixed plot floated again"
        for garden in state.gardens:
            box = bounding_box(garden)
            if not garden.fixed and box is not None:
                spans = (box[1] - box[0] + 1 == PLOT_ROWS, box[3] - box[2] + 1 == PLOT_COLS)
                edges_emptied += (garden.rows_fixed and not spans[0]) + (garden.cols_fixed and not spans[1])
    check_invariants(state)
    assert [g.planted for g in state.gardens] == [15] * seats
    result = GAME.result(state)
    for seat_result in result.seats:
        assert seat_result.total == sum(line.points for line in seat_result.lines)
    replayed, _ = replay(GAME, options, seats, seed, moves)
    assert dump_state(replayed) == dump_state(state)
    return edges_emptied


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups(seats=1))
def test_solo_random_legal_play_keeps_every_invariant(setup: tuple[CabbageheadOptions, int]) -> None:
    options, seed = setup
    play_checked(options, 1, seed)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups(seats=2))
def test_two_player_random_legal_play_keeps_every_invariant(setup: tuple[CabbageheadOptions, int]) -> None:
    options, seed = setup
    play_checked(options, 2, seed)


def test_romancing_eudora_passes_the_conformance_checks_solo() -> None:
    """Romancing Eudora is one-player only, so the shared conformance suite (which plays every option
    set with 1 and 2 seats) cannot include it: its checks run here, solo."""
    for seed in range(8):
        options = CabbageheadOptions(
            eudora=True, grasshoppers=seed % 2 == 0, fixed_grid=seed % 3 == 0, neighbour_set="random"
        )
        play_random_game(GAME, options, 1, seed)


def test_ruling_4_random_games_empty_edges_of_fixed_plots_and_they_stay_fixed() -> None:
    """Ruling 4 in play: random games reach plots whose fixed rows or columns lost their edge card,
    and `play_checked` finds no frame that floated again."""
    emptied = sum(
        play_checked(CabbageheadOptions(neighbour_set="random"), seats, seed)
        for seed in range(6)
        for seats in (1, 2)
    )
    assert emptied > 0
