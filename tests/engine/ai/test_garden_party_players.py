"""Garden Party's computer players (engine/ai/garden_party.py, docs/ai.md): they choose only legal
actions at every kind of decision, the same action for the same decision and seed, the same action
for two states that look the same from their seat, and they meet the tournament bars: Hard ahead
of Medium, Medium ahead of Easy (random), one seat against three, every seat in turn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import get_args

import pytest

from engine.ai import STRENGTHS, choose_move, decision_for, make_player, move_seed, strengths_for
from engine.ai import garden_party as players
from engine.ai.base import Strength
from engine.ai.garden_party_sampling import can_sample, sample_state, unseen_tokens
from engine.garden_party import GAME
from engine.garden_party.sampling import twin_state
from engine.garden_party.state import GardenPartyOptions, GardenPartyState, Phase
from engine.rng import Rng

#: Every phase a decision can come in (engine/garden_party/state.py, `Phase`, but "over").
PHASES = set(get_args(Phase)) - {"over"}
SEASON = GardenPartyOptions(season_rounds=12)


def positions(seed: int, seats: int, options: GardenPartyOptions = SEASON) -> Iterator[GardenPartyState]:
    """Every decision of a game played three moves in four by the players (strengths in turn
    round the table), a random legal move otherwise, so odd positions come up too."""
    state = GAME.create(options, seats, seed)
    chooser = Rng.from_seed(seed)
    moves = 0
    while not GAME.is_terminal(state):
        yield state
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if chooser.below(4):
            strength = STRENGTHS[(seat + seed) % len(STRENGTHS)]
            action = choose_move(GAME, state, seat, strength, move_seed(seed, moves, seat))
        else:
            action = legal[chooser.below(len(legal))]
        GAME.apply(state, seat, action)
        moves += 1


def test_the_table_offers_all_three_strengths() -> None:
    assert strengths_for("garden_party") == list(STRENGTHS)
    assert isinstance(make_player("garden_party", "greedy"), players.GreedyPlayer)
    assert isinstance(make_player("garden_party", "strong"), players.StrongPlayer)


def test_every_kind_of_decision_gets_a_legal_action() -> None:
    """At every decision of random positions, at every seat count, both players choose one of
    the legal actions; and every phase a decision can come in comes up."""
    seen: Counter[str] = Counter()
    for seats in (3, 4, 5, 6):
        for seed in range(2):
            for state in positions(seed + 10 * seats, seats):
                seat = GAME.to_move(state)[0]
                decision = decision_for(GAME, state, seat)
                codes = {a.code for a in decision.legal}
                for strength in ("greedy", "strong"):
                    action = make_player("garden_party", strength).choose(decision, Rng.from_seed(seed))
                    assert action.code in codes, (state.phase, action.code)
                seen[state.phase] += 1
    assert set(seen) == PHASES, PHASES - set(seen)


def sampled_positions(count: int) -> list[GardenPartyState]:
    """Turn decisions of the gardener to move, some way into games (plants grown, cards held)."""
    found: list[GardenPartyState] = []
    for seed in range(count):
        for i, state in enumerate(positions(100 + seed, 3 + seed % 4)):
            seat = GAME.to_move(state)[0]
            ready = i > 60 + 37 * seed and can_sample(GAME.view(state, seat), seat)
            if ready and len(GAME.legal_actions(state, seat)) > 2:
                found.append(GardenPartyState.model_validate_json(state.model_dump_json()))
                break
    return found


@pytest.mark.parametrize("strength", ["greedy", "strong"])
def test_same_decision_same_seed_same_action_and_the_state_untouched(strength: Strength) -> None:
    for state in sampled_positions(6):
        seat = GAME.to_move(state)[0]
        before = state.model_dump_json()
        first = choose_move(GAME, state, seat, strength, 77)
        assert choose_move(GAME, state, seat, strength, 77) == first
        assert state.model_dump_json() == before, "choosing must not touch the game state"


@pytest.mark.parametrize("strength", ["greedy", "strong"])
def test_two_states_with_the_same_view_get_the_same_choice(strength: Strength) -> None:
    """The players read the view alone: a state dealt again from the view (other seeds in the
    unseen pots, other hands, other deck orders), or one where another seat's hand is swapped for
    deck cards, gets the same choice."""
    player = make_player("garden_party", strength)
    for state in sampled_positions(8):
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        legal = [a.code for a in GAME.legal_actions(state, seat)]
        others = [sample_state(view, legal, Rng.from_seed(k)) for k in (1, 2)]
        twin = twin_state(state, (seat + 1) % state.seats, 5)
        if twin is not None:
            others.append(twin)
        for other in others:
            assert GAME.view(other, seat) == view
            assert other.model_dump() != state.model_dump()
            for seed in (3, 4):
                mine = player.choose(decision_for(GAME, state, seat), Rng.from_seed(seed))
                theirs = player.choose(decision_for(GAME, other, seat), Rng.from_seed(seed))
                assert mine == theirs


def test_a_sampled_state_shows_the_seat_its_view_and_offers_its_actions() -> None:
    """The sampler's promise at every turn decision of whole games: the same view, the same legal
    actions; and the unseen seeds it deals are exactly the unseen tokens until a Graft changes a
    shown plant's colour (the view does not say what it was)."""
    checked = 0
    for seed in range(3):
        grafted = False
        state = GAME.create(SEASON, 4 + seed % 3, 200 + seed)
        chooser = Rng.from_seed(seed)
        moves = 0
        while not GAME.is_terminal(state):
            seat = GAME.to_move(state)[0]
            decision = decision_for(GAME, state, seat)
            view = GAME.view(state, seat)
            if can_sample(view, seat):
                codes = sorted(a.code for a in decision.legal)
                dealt = sample_state(view, codes, Rng.from_seed(moves))
                assert GAME.view(dealt, seat) == view
                assert sorted(a.code for a in GAME.legal_actions(dealt, seat)) == codes
                checked += 1
            known = set(state.players[seat].known)
            truth = Counter(
                state.token_kinds[p.token]
                for player in state.players
                for p in player.pots
                if p is not None and p.stage == "seed" and p.token not in known
            )
            if not grafted:
                assert unseen_tokens(view) == truth
            strength = STRENGTHS[1 + moves % 2]
            action = make_player("garden_party", strength).choose(decision, Rng.from_seed(moves))
            if chooser.below(5) == 0:
                action = decision.legal[chooser.below(len(decision.legal))]
            grafted |= any(e.kind == "grafted" for e in GAME.apply(state, seat, action))
            moves += 1
    assert checked > 300


def play(seed: int, strengths: list[Strength], options: GardenPartyOptions) -> list[tuple[int, int, int]]:
    """One seeded game; each seat's place key by ruling 17: points, flowering plants, vases."""
    state = GAME.create(options, len(strengths), seed)
    bots = [make_player("garden_party", s) for s in strengths]
    moves = 0
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(
            decision_for(GAME, state, seat), Rng.from_seed(move_seed(seed, moves, seat))
        )
        GAME.apply(state, seat, action)
        moves += 1
    result = GAME.result(state)
    return [
        (r.total, sum(1 for p in state.players[r.seat].pots if p is not None and p.stage == "flower"),
         len(state.players[r.seat].vases))
        for r in result.seats
    ]  # fmt: skip


def pairwise(lone: Strength, rest: Strength, deals: range, seats: int, options: GardenPartyOptions) -> float:
    """The share of head-to-head places the lone strength wins against each other seat (a tie on
    every key counts half), each deal played with the lone seat at every place in turn."""
    won = pairs = 0.0
    for seed in deals:
        for seat in range(seats):
            strengths: list[Strength] = [rest] * seats
            strengths[seat] = lone
            keys = play(seed, strengths, options)
            for other in range(seats):
                if other != seat:
                    pairs += 1
                    won += 1.0 if keys[seat] > keys[other] else 0.5 if keys[seat] == keys[other] else 0.0
    return won / pairs


def test_hard_beats_medium_in_four_player_games() -> None:
    """The issue's bar: Hard ahead of Medium in at least 60% of head-to-head places, one Hard seat
    against three Medium ones. The first 25 deals give 60.7%; over 150 deals (600 games) the
    figure is 61.6% (benchmarks/garden_party_balance.py, docs/ai.md)."""
    assert pairwise("strong", "greedy", range(1, 26), 4, GardenPartyOptions()) >= 0.60


def test_medium_beats_easy_in_four_player_games() -> None:
    """Medium against three random players wins every head-to-head place in these deals."""
    assert pairwise("greedy", "random", range(1, 4), 4, GardenPartyOptions()) >= 0.90


@pytest.mark.parametrize("strength", ["greedy", "strong"])
def test_a_weed_showing_goes_to_the_best_placed_rival_by_seed_swap(strength: Strength) -> None:
    """Ruling 30 (Seed Swap sends one of your weeds for a random seed): a player with a weed showing
    and a Seed Swap plays it at once, on the rival standing best (here the one with flowers)."""
    from tests.engine.garden_party.helpers import all_seeds, new_game, plant, set_hand

    state = new_game(3, points=9)
    all_seeds(state)
    for seat in (1, 2):
        set_hand(state, seat)
    set_hand(state, 0, "seed_swap")
    plant(state, 0, 4, "weed", "weed")
    for pot in range(3):
        plant(state, 2, pot, "blue", "flower")
    action = make_player("garden_party", strength).choose(decision_for(GAME, state, 0), Rng.from_seed(1))
    assert action.code.startswith("play:") and action.code.endswith(":2"), action.code


@pytest.mark.parametrize("strength", ["greedy", "strong"])
def test_botanists_eye_is_played_on_a_greenhouse_of_unseen_seeds(strength: Strength) -> None:
    """Ruling 30 (Botanist's Eye shows all your seeds): with nine unseen seeds it is worth more than
    holding it, so the player plays it before its turn ends."""
    from tests.engine.garden_party.helpers import new_game, set_hand

    state = new_game(3, points=0)
    for seat in (1, 2):
        set_hand(state, seat)
    (card,) = set_hand(state, 0, "botanists_eye")
    action = make_player("garden_party", strength).choose(decision_for(GAME, state, 0), Rng.from_seed(1))
    assert action.code == f"play:{card}", [a.code for a in GAME.legal_actions(state, 0)]
