"""Property tests: seeded random legal play (3-6 players, every option) never breaks Garden Party's
invariants, checked at every step:

- every greenhouse has exactly nine pots (I); nobody holds more water than their can (3, or 5 with
  the Golden Watering Can: ruling 24), more than two golden objects (IV D), more than three vases, or
  their own flower (ruling 6), and no gardener's flowers are taken more than twice (I);
- tokens are conserved: every plant token id is in exactly one pot or among the discarded tokens,
  Seed Packet sprouts counted (V A, ruling 26); cards are conserved: each action card is in exactly
  one hand, deck, draw, pending card or the chance cards set aside (IV B, IV C), each golden object
  and duel card in one place (ruling 12);
- a flowering plant never moves or changes once it flowered (V D), except for a lost duel's
  return of a plant that grew (ruling 8);
- a hidden seed never shows in another seat's view (ruling 23), and the generic leak checks hold.

The policies: "random" (any legal action) and "grower" (a player who fetches water, waters, draws,
visits and plays cards, so games reach the flowers and the end). Scoring has its own property: the
count matches an independent reading of section VII.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import dump_state, load_state, replay
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.board import CENTRE
from engine.garden_party.cards import COLOURS, DUEL_KIND_OF, GOLDEN_IDS, PLANT_KINDS
from engine.garden_party.state import GardenPartyOptions, GardenPartyState, Pot
from engine.rng import Rng
from tests.engine.conformance import (
    assert_events_are_structured,
    assert_no_leak_in_events,
    assert_no_leak_in_view,
)
from tests.engine.garden_party.helpers import all_action_cards, card_places, new_game, token_places

STEP_BUDGET = 6_000
#: Views and generic leak checks every few steps (they are most of the time).
VIEW_EVERY = 5


def golden_objects(state: GardenPartyState, seat: int) -> list[str]:
    return [GOLDEN_IDS.get(g, g) for g in state.players[seat].golden]


def check_invariants(state: GardenPartyState) -> None:
    seats = state.seats
    for seat, player in enumerate(state.players):
        assert len(player.pots) == 9, f"seat {seat} has {len(player.pots)} pots"
        limit = 5 if "can" in golden_objects(state, seat) else 3
        assert 0 <= player.water <= limit, f"seat {seat} holds {player.water} water"
        assert len(player.golden) <= 2
        assert len(player.vases) <= 3
        assert player.gardener not in player.vases
        assert 0 <= player.flowers_left <= 2
    taken = Counter(g for p in state.players for g in p.vases)
    for player in state.players:
        if player.gardener:
            assert taken[player.gardener] + player.flowers_left == 2
    assert len(state.token_kinds) == 9 * seats + state.packet_tokens
    places = token_places(state)
    assert set(places) == set(range(len(state.token_kinds))), "a plant token is missing or extra"
    assert set(places.values()) == {1}, f"tokens in two places: {[t for t, n in places.items() if n > 1]}"
    for player in state.players:
        for pot in player.pots:
            if pot is not None:
                kind = state.token_kinds[pot.token]
                if pot.stage in ("sprout", "bud", "flower"):
                    assert kind in COLOURS
                if pot.stage == "weed":
                    assert kind == "weed"
    cards = card_places(state)
    assert set(cards) == all_action_cards(), "an action card is missing or extra"
    assert set(cards.values()) == {1}, f"cards in two places: {[c for c, n in cards.items() if n > 1]}"
    golden = [*state.golden_deck, *(g for p in state.players for g in p.golden)]
    assert sorted(GOLDEN_IDS.get(g, g) for g in golden) == sorted(GOLDEN_IDS.values())
    duels = [*state.duel_deck, *([state.duel.card] if state.duel else [])]
    assert sorted(duels) == sorted(DUEL_KIND_OF)


def flowers_by_token(state: GardenPartyState) -> dict[int, tuple[int, int, str]]:
    return {
        pot.token: (seat, index, state.token_kinds[pot.token])
        for seat, player in enumerate(state.players)
        for index, pot in enumerate(player.pots)
        if pot is not None and pot.stage == "flower"
    }


def check_flowers(before: dict[int, tuple[int, int, str]], state: GardenPartyState, returned: bool) -> None:
    """Every flower of `before` is still a flower of the same colour, in the same pot (a lost duel
    may return a plant that grew to its owner: ruling 8)."""
    now = flowers_by_token(state)
    for token, (seat, index, kind) in before.items():
        assert token in now, f"flower {token} is gone or changed stage"
        assert now[token][2] == kind, f"flower {token} changed colour"
        if not returned:
            assert now[token][:2] == (seat, index), f"flower {token} moved"


def check_hidden_seeds(state: GardenPartyState) -> None:
    """Ruling 23: a seed shows only to a seat that looked at it; once the count is made every seed
    is turned over (ruling 14)."""
    if state.phase == "over":
        return
    for viewer in [*range(state.seats), None]:
        view = GAME.view(state, viewer)
        known = set(state.players[viewer].known) if viewer is not None else set()
        for seat, seat_view in enumerate(view.seats):
            for pot, pot_view in zip(state.players[seat].pots, seat_view.pots, strict=True):
                if pot is not None and pot.stage == "seed" and pot.token not in known:
                    assert pot_view.kind is None and pot_view.colour is None, "a hidden seed shows"


def grower(state: GardenPartyState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A purposeful player: water first, then draws, visits, flowers and cards; goes where water or
    plants call it; ends its turn now and then."""
    if state.phase != "turn":
        return rng.choice(legal)
    by_code = {a.code: a for a in legal}
    player = state.players[seat]
    useful = [a for a in legal if a.code.startswith(("water:", "collect", "swap", "steal", "draw"))]
    if useful and rng.below(4):
        return rng.choice(useful)
    if "water_take" in by_code and rng.below(4):
        return by_code["water_take"]
    plays = [a for a in legal if a.code.startswith("play")]
    if plays and rng.below(3) == 0:
        return rng.choice(plays)
    moves = [a for a in legal if a.code.startswith("move")]
    if moves and rng.below(5):
        want = f"G{seat}" if player.water else CENTRE
        if rng.below(3) and f"move:{want}" in by_code:
            return by_code[f"move:{want}"]
        return rng.choice(moves)
    return by_code["end"] if rng.below(2) else rng.choice(legal)


def play_checked(options: GardenPartyOptions, seats: int, seed: int, policy: str) -> GardenPartyState:
    state = GAME.create(options, seats, seed)
    chooser = Rng.from_seed(seed ^ 0x6A7D)
    moves = []
    for step in range(STEP_BUDGET):
        if GAME.is_terminal(state):
            break
        check_invariants(state)
        flowers = flowers_by_token(state)
        to_move = GAME.to_move(state)
        assert to_move
        seat = chooser.choice(to_move)
        legal = list(GAME.legal_actions(state, seat))
        assert legal
        action = grower(state, seat, legal, chooser) if policy == "grower" else chooser.choice(legal)
        events = GAME.apply(state, seat, action)
        moves.append((seat, GAME.encode_action(action)))
        check_flowers(flowers, state, returned=any(e.kind == "plants_returned" for e in events))
        if step % VIEW_EVERY == 0:
            check_hidden_seeds(state)
            assert_no_leak_in_events(GAME, state, events, seats)
            assert_events_are_structured(GAME, state, events, seats)
            for viewer in [*range(seats), None]:
                assert_no_leak_in_view(GAME, state, viewer)
    else:
        raise AssertionError(f"no end after {STEP_BUDGET} steps")
    check_invariants(state)
    text = dump_state(state)
    assert dump_state(load_state(GAME, text)) == text
    replayed, _ = replay(GAME, options, seats, seed, moves)
    assert dump_state(replayed) == text
    result = GAME.result(state)
    assert all(r.total == sum(line.points for line in r.lines) for r in result.seats)
    assert state.round <= options.season_rounds
    return state


options_strategy = st.builds(
    GardenPartyOptions,
    flowers_to_end=st.sampled_from([7, 9]),
    standard_die=st.booleans(),
    choose_gardeners=st.booleans(),
    season_rounds=st.integers(min_value=3, max_value=8),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=3, max_value=6),
    options=options_strategy,
    policy=st.sampled_from(["random", "grower"]),
)
def test_random_play_keeps_every_invariant(
    seed: int, seats: int, options: GardenPartyOptions, policy: str
) -> None:
    """I, III, IV, V and rulings 6, 8, 12, 23, 24, 26: random legal play keeps every invariant."""
    play_checked(options, seats, seed, policy)


def test_growers_reach_the_end_of_the_game_through_every_check() -> None:
    """II and ruling 18: checked play reaches a completed greenhouse (the short game), not only the
    tournament's close."""
    ended = [
        play_checked(GardenPartyOptions(flowers_to_end=7, season_rounds=30), 3, seed, "grower").ended_by
        for seed in range(2)
    ]
    assert any(seat is not None for seat in ended)


# ---------------------------------------------------------------------------------------------
# VII: the count against an independent reading


def expected_total(state: GardenPartyState, seat: int) -> int:
    """VII A-C, read afresh: colours' points, every line of the compositions' table the greenhouse
    holds (ruling 22), 5 a collector's flower, -10 a weed (shown or not)."""
    pots = [p for p in state.players[seat].pots if p is not None]
    flowers = [state.token_kinds[p.token] for p in pots if p.stage == "flower"]
    total = sum(PLANT_KINDS[k].points for k in flowers)
    if flowers:
        alike = max(Counter(flowers).values())
        total += (6 if alike >= 7 else 0) + (4 if alike >= 5 else 0)
        distinct = len(set(flowers))
        total += (6 if distinct >= 7 else 0) + (4 if distinct >= 5 else 0)
    total += 5 * len(state.players[seat].vases)
    total -= 10 * sum(1 for p in pots if state.token_kinds[p.token] == "weed")
    return total


pot_strategy = st.one_of(
    st.none(),
    st.tuples(st.sampled_from(COLOURS), st.sampled_from(["seed", "sprout", "bud", "flower"])),
    st.tuples(st.just("weed"), st.sampled_from(["seed", "weed"])),
    st.tuples(st.just("mouldy"), st.just("seed")),
)


@settings(max_examples=150, deadline=None)
@given(
    greenhouses=st.lists(st.lists(pot_strategy, min_size=9, max_size=9), min_size=3, max_size=3),
    vases=st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=3),
)
def test_the_count_follows_section_seven(
    greenhouses: list[list[tuple[str, str] | None]], vases: list[int]
) -> None:
    """VII A-C and rulings 6, 14, 22: any greenhouses count as the rulebook's table says, and each
    breakdown adds up to its total."""
    state = new_game(3)
    others = ["duchess", "philipus", "baron"]
    for seat, pots in enumerate(greenhouses):
        player = state.players[seat]
        for index, spec in enumerate(pots):
            token = seat * 9 + index
            if spec is None:
                player.pots[index] = None
                continue
            kind, stage = spec
            state.token_kinds[token] = kind
            player.pots[index] = Pot(token=token, stage=stage)
        player.vases = others[: vases[seat]]
    state.phase = "over"
    result = GAME.result(state)
    for seat_result in result.seats:
        assert seat_result.total == expected_total(state, seat_result.seat)
        assert seat_result.total == sum(line.points for line in seat_result.lines)
    best = max(r.total for r in result.seats)
    assert set(result.winners) <= {r.seat for r in result.seats if r.total == best}
