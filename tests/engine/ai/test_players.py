"""Computer players (issue 7): every strength of every game plays only legal actions, at every
seat count and option set, chooses the same action for the same seed, and decides from the seat's
view alone (two states with the same view get the same choice)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.ai import STRENGTHS, Decision, Player, choose_move, decision_for, make_player, move_seed
from engine.ai import cabbagehead as cabbagehead_ai
from engine.ai import sabotage as sabotage_ai
from engine.ai.base import Strength
from engine.api import AnyGame
from engine.cabbagehead import GAME as CABBAGEHEAD
from engine.cabbagehead.sampling import sample_state as sample_cabbagehead
from engine.rng import Rng
from engine.sabotage import GAME as SABOTAGE
from engine.sabotage.actions import CompleteObjective
from engine.sabotage.sampling import sample_state as sample_sabotage
from engine.sabotage.state import SabotageOptions, SabotageState

SAMPLERS: dict[str, Any] = {"cabbagehead": sample_cabbagehead, "sabotage": sample_sabotage}


def _accepts(game: AnyGame, options: BaseModel, seats: int) -> bool:
    try:
        game.create(options, seats, 0)
    except ValueError:
        return False
    return True


def _cases() -> list[tuple[AnyGame, BaseModel, int]]:
    """Every option set of the conformance suite at every seat count it allows; Garden Sabotage
    with the shortest season (3 rounds) so strong players' games stay quick."""
    found: list[tuple[AnyGame, BaseModel, int]] = []
    for options in CABBAGEHEAD.conformance_options():
        for seats in (1, 2):
            if _accepts(CABBAGEHEAD, options, seats):
                found.append((CABBAGEHEAD, options, seats))
    for options in SABOTAGE.conformance_options():
        short = options.model_copy(update={"season_rounds": 3})
        for seats in (2, 3, 4):
            found.append((SABOTAGE, short, seats))
    return found


def _quick_player(game: AnyGame, strength: Strength) -> Player:
    """The player of `strength`; strong with a small playout budget (the same code, fewer
    playouts) so whole games stay quick. Full budgets are exercised move by move below."""
    if strength != "strong":
        return make_player(game.name, strength)
    if game.name == "cabbagehead":
        return cabbagehead_ai.StrongPlayer(candidates=3, samples=2, duel_samples=2)
    return sabotage_ai.StrongPlayer(candidates=3, samples=2)


def _labels(legal: Any) -> set[str]:
    return {action.label for action in legal}


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    _cases(),
    ids=lambda v: getattr(v, "name", None) or (str(v) if isinstance(v, int) else ""),
)
def test_every_strength_plays_whole_games_with_legal_actions_only(
    game: AnyGame, options: BaseModel, seats: int
) -> None:
    """Seats are given the three strengths in turn, so each strength plays each seat count and
    option set; every chosen action must be one of the legal ones, and the game must end."""
    for seed in range(2 if seats == 1 else 1):
        strengths: list[Strength] = [STRENGTHS[(seat + seed + seats) % 3] for seat in range(seats)]
        if seats == 1:
            strengths = ["strong" if seed == 0 else "greedy"]
        players = [_quick_player(game, s) for s in strengths]
        state = game.create(options, seats, seed)
        moves = 0
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            decision = decision_for(game, state, seat)
            action = players[seat].choose(decision, Rng.from_seed(move_seed(seed, moves, seat)))
            assert action.label in _labels(decision.legal)
            game.apply(state, seat, action)
            moves += 1
        game.result(state)
    if seats == 1:
        # Solo: the random player too.
        state = game.create(options, 1, 7)
        while not game.is_terminal(state):
            action = choose_move(game, state, 0, "random", moves)
            game.apply(state, 0, action)
            moves += 1


def _mid_game(game: AnyGame, options: BaseModel, seats: int, seed: int, steps: int) -> BaseModel:
    """A state some random moves into a game (hands grown, decks partly drawn)."""
    state = game.create(options, seats, seed)
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[chooser.below(len(legal))])
    return state


POSITIONS: list[tuple[AnyGame, BaseModel, int, int]] = [
    (CABBAGEHEAD, CABBAGEHEAD.options_model(), 1, 9),
    (CABBAGEHEAD, CABBAGEHEAD.options_model(grasshoppers=True), 2, 14),
    (SABOTAGE, SabotageOptions(), 2, 25),
    (SABOTAGE, SabotageOptions(bird_variant=True), 3, 40),
]


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize(
    ("game", "options", "seats", "steps"),
    POSITIONS,
    ids=lambda v: getattr(v, "name", None) or (str(v) if isinstance(v, int) else ""),
)
def test_same_view_different_hidden_cards_same_choice(
    game: AnyGame, options: BaseModel, seats: int, steps: int, strength: Strength
) -> None:
    """The player never sees hidden information: a second state dealt from the same view (other
    hands, another deck order) gets exactly the same choice for the same seed."""
    state = _mid_game(game, options, seats, 3, steps)
    seat = game.to_move(state)[0]
    view = game.view(state, seat)
    other = SAMPLERS[game.name](view, Rng.from_seed(99))
    assert game.view(other, seat) == view
    assert other != state, "the second state should hide different cards"
    player = make_player(game.name, strength)
    for seed in (1, 2):
        first = player.choose(decision_for(game, state, seat), Rng.from_seed(seed))
        second = player.choose(decision_for(game, other, seat), Rng.from_seed(seed))
        assert first == second


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize(
    ("game", "options", "seats", "steps"),
    POSITIONS,
    ids=lambda v: getattr(v, "name", None) or (str(v) if isinstance(v, int) else ""),
)
def test_same_seed_same_choice(
    game: AnyGame, options: BaseModel, seats: int, steps: int, strength: Strength
) -> None:
    """Deterministic per seed: `choose_move` twice with one seed gives one action (a restarted
    bot replays a computer's turn identically)."""
    state = _mid_game(game, options, seats, 5, steps)
    seat = game.to_move(state)[0]
    before = state.model_dump_json()
    first = choose_move(game, state, seat, strength, 1234)
    assert choose_move(game, state, seat, strength, 1234) == first
    assert state.model_dump_json() == before, "choosing must not touch the game state"


def test_a_decision_carries_the_view_and_legal_actions_but_no_state() -> None:
    """By construction the player is handed only the seat, its view and its legal actions."""
    assert set(Decision.__slots__) == {"seat", "view", "legal"}
    state = SABOTAGE.create(SabotageOptions(), 2, 1)
    seat = SABOTAGE.to_move(state)[0]
    decision = decision_for(SABOTAGE, state, seat)
    assert decision.view == SABOTAGE.view(state, seat)
    other_hand = state.players[1 - seat].plants
    assert not set(other_hand) & set(decision.view.model_dump_json().split('"'))


def _ready_position(seeds: range = range(40)) -> tuple[SabotageState, int, set[str], int]:
    """A mid-game Sabotage position whose seat to move can complete an objective now: the state,
    the seat, the objectives it can complete and the seed."""
    for seed in seeds:
        state = _mid_game(SABOTAGE, SabotageOptions(), 2, seed, 60)
        assert isinstance(state, SabotageState)
        if SABOTAGE.is_terminal(state):
            continue
        seat = SABOTAGE.to_move(state)[0]
        ready = {a.objective for a in SABOTAGE.legal_actions(state, seat) if isinstance(a, CompleteObjective)}
        if ready:
            return state, seat, ready, seed
    pytest.skip("no ready objective in the sampled positions")


def _completed_in_the_turn(strength: Strength, seeds: range = range(40)) -> tuple[set[str], set[str]]:
    """Play the ready position's seat with `strength` until its turn ends: (ready, completed)."""
    state, seat, ready, seed = _ready_position(seeds)
    played = state.model_copy(deep=True)
    turns = played.turns_taken
    while played.turns_taken == turns and not SABOTAGE.is_terminal(played):
        SABOTAGE.apply(played, seat, choose_move(SABOTAGE, played, seat, strength, seed))
    return ready, {c.objective for c in played.players[seat].completed}


def test_strong_completes_a_ready_objective_before_its_turn_ends() -> None:
    """A ready objective is completed (draft, "Completing Objectives"): completing costs no action
    and the turn waits after its third action (ruling 12), so it may come after other actions."""
    ready, completed = _completed_in_the_turn("strong")
    assert ready & completed


@pytest.mark.xfail(
    strict=True,
    reason="engine/ai/sabotage.py own_value rates a ready objective held (points x 0.9 + 0.4) above "
    "the same objective completed when it is worth 4 points or less, so greedy ends its turn instead",
)
def test_greedy_completes_a_ready_objective_before_its_turn_ends() -> None:
    # From seed 37: its ready objective (Caesar Salad, 3 points) shows the defect; the first ready
    # position (seed 16 since ruling 16 changed which sabotages are legal) holds a 2-point one
    # that greedy happens to complete.
    ready, completed = _completed_in_the_turn("greedy", range(37, 80))
    assert ready & completed


def test_greedy_cabbagehead_prefers_the_planting_that_scores_now() -> None:
    """Greedy's evaluation is the Garden Club's score now (plus Bees): with a card of a planted type
    in the row it plants it next to its twin when that scores."""
    from engine.ai.cabbagehead import garden_value, immediate_values

    state = _mid_game(CABBAGEHEAD, CABBAGEHEAD.options_model(), 1, 2, 6)
    legal = CABBAGEHEAD.legal_actions(state, 0)
    values = immediate_values(state, legal)
    chosen = choose_move(CABBAGEHEAD, state, 0, "greedy", 3)
    assert values[list(legal).index(chosen)] == max(values)
    assert max(values) >= garden_value(state.gardens[0]) - 1


def test_unknown_strength_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown strength"):
        make_player("sabotage", "genius")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only random"):
        make_player("secret_number", "strong")
