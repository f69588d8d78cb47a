"""A whole game state consistent with what one viewer sees, hidden cards dealt at random.

For computer players that search over sampled hidden information (determinized Monte Carlo,
ISMCTS): they may read only a seat's view, and this turns a view back into a state the rules can
play on. Every card the viewer cannot see (other hands, deck order, face-down objective
discards) is shuffled among the places that hide cards, in the right numbers.
"""

from __future__ import annotations

from engine.rng import Rng
from engine.sabotage.cards import BIRD_IDS, BUG_IDS, KIND_OF, OBJECTIVE_IDS, PLANT_IDS, ROW_PLANTS
from engine.sabotage.state import Completed, PlayerState, Plot, SabotageOptions, SabotageState
from engine.sabotage.views import CardView, SabotageView


def _ids(cards: list[CardView] | list[CardView | None]) -> list[str]:
    return [c.id for c in cards if c is not None]


def _deal(pool: list[str], n: int) -> list[str]:
    dealt = pool[len(pool) - n :] if n else []
    del pool[len(pool) - n :]
    return dealt


def sample_state(view: SabotageView, rng: Rng) -> SabotageState:
    """A state whose view for `view.viewer` is exactly `view`; the unseen cards are random."""
    seen: set[str] = set()
    plots: list[list[Plot]] = []
    completed: list[list[Completed]] = []
    for seat in view.seats:
        seat_plots = []
        for plot in seat.plots:
            good = plot.good_bug.id if plot.good_bug else None
            bad = plot.bad_bug.id if plot.bad_bug else None
            seat_plots.append(Plot(plants=_ids(plot.plants), good_bug=good, bad_bug=bad))
            seen.update(_ids(plot.plants))
            seen.update(card for card in (good, bad) if card)
        plots.append(seat_plots)
        done = []
        for entry in seat.completed:
            bug = entry.good_bug.id if entry.good_bug else None
            done.append(Completed(objective=entry.objective.id, good_bug=bug))
            seen.update(card for card in (entry.objective.id, bug) if card)
        completed.append(done)
    mine = (_ids(view.my_plants), _ids(view.my_bugs), [o.id for o in view.my_objectives])
    for cards in (
        _ids(view.plant_row),
        _ids(view.bug_row),
        _ids(view.plant_discard),
        _ids(view.bug_discard),
        *mine,
    ):
        seen.update(cards)

    bugs = BUG_IDS + (BIRD_IDS if view.bird_variant else [])
    pools = [[c for c in deck if c not in seen] for deck in (PLANT_IDS, bugs, OBJECTIVE_IDS)]
    for pool in pools:
        rng.shuffle(pool)
    plant_pool, bug_pool, objective_pool = pools

    players = []
    for seat in view.seats:
        if seat.seat == view.viewer:
            hand = PlayerState(plants=mine[0], bugs=mine[1], objectives=mine[2])
        else:
            hand = PlayerState(
                plants=_deal(plant_pool, seat.plants_in_hand),
                bugs=_deal(bug_pool, seat.bugs_in_hand),
                objectives=_deal(objective_pool, seat.objectives_in_hand),
            )
        hand.plots = plots[seat.seat]
        hand.completed = completed[seat.seat]
        players.append(hand)
    objective_discard = _deal(objective_pool, view.objective_discard_size)
    if (len(plant_pool), len(bug_pool), len(objective_pool)) != (
        view.plant_deck_size,
        view.bug_deck_size,
        view.objective_deck_size,
    ):
        raise ValueError("the view's counts do not add up to the decks")
    return SabotageState(
        options=SabotageOptions(
            bird_variant=view.bird_variant, first_seat=view.first_seat, season_rounds=view.season_rounds
        ),
        seats=len(view.seats),
        rng=Rng(state=rng.next_u64()),
        plant_deck=plant_pool,
        plant_discard=_ids(view.plant_discard),
        plant_row=[c.id if c else None for c in view.plant_row],
        bug_deck=bug_pool,
        bug_discard=_ids(view.bug_discard),
        bug_row=[c.id if c else None for c in view.bug_row],
        objective_deck=objective_pool,
        objective_discard=objective_discard,
        players=players,
        first_seat=view.first_seat,
        first_seat_reason=view.first_seat_reason,
        first_seat_phrase=view.first_seat_phrase,
        turn=view.turn if view.turn is not None else 0,
        actions_left=view.actions_left,
        round=view.round,
        turns_taken=view.turns_taken,
        final_round_by=view.final_round_by,
        ended=view.end_reason,
        house_plant_answers=list(view.house_plant_answers) if view.house_plant_answers is not None else None,
    )


#: How many top cards of the Plant and Bug decks one move may turn face up (a sweep refills the
#: whole Plant row); a twin state leaves them where they are.
_TOP_CARDS_AT_RISK = ROW_PLANTS


def twin_state(state: SabotageState, seat: int, rng: Rng) -> SabotageState | None:
    """A copy of `state` that differs only in `seat`'s hidden cards, for the conformance suite's
    leak checks. Its Objectives are dealt again with cards nobody can see (the Objective deck below
    its top card, and the face-down discards while the deck is not empty); on a coin toss, every
    Plant of one kind in its hand, and every Bug of one kind, is swapped for deck cards of kinds it
    does not hold, taken below the top few cards (none that one move could turn face up). No card
    that anyone could draw or see in the next move changes place, every count stays the same, and
    a kind the seat holds in both states is the same cards, so a move legal in both plays the same
    card. None when nothing could be swapped."""
    twin = state.model_copy(deep=True)
    player = twin.players[seat]
    objectives = twin.objective_deck
    below_top = objectives[:-1]
    # The face-down discards become the deck only once the deck is empty (ruling 4).
    hiding = [below_top, twin.objective_discard] if objectives else []
    changed = _deal_again(player.objectives, hiding, rng)
    objectives[:-1] = below_top
    if rng.below(2):
        for hand, deck in ((player.plants, twin.plant_deck), (player.bugs, twin.bug_deck)):
            changed = _swap_a_kind(hand, deck, rng) or changed
    return twin if changed else None


def _deal_again(hand: list[str], hiding: list[list[str]], rng: Rng) -> bool:
    """Deal `hand` and the piles in `hiding` again from their cards together, each keeping its size;
    whether the hand changed."""
    if not hand or not any(hiding):
        return False
    pool = hand + [card for pile in hiding for card in pile]
    rng.shuffle(pool)
    before = sorted(hand)
    hand[:] = _deal(pool, len(hand))
    for pile in hiding:
        pile[:] = _deal(pool, len(pile))
    return sorted(hand) != before


def _swap_a_kind(hand: list[str], deck: list[str], rng: Rng) -> bool:
    """Swap every card of one kind in `hand` (chosen at random) for cards of kinds the hand does
    not hold, from `deck` below its top cards, each taking the other's place; whether it did."""
    held = sorted({KIND_OF[card] for card in hand})
    if not held:
        return False
    kind = rng.choice(held)
    below_top = range(len(deck) - _TOP_CARDS_AT_RISK)
    others = [i for i in below_top if KIND_OF[deck[i]] not in held]
    mine = [i for i, card in enumerate(hand) if KIND_OF[card] == kind]
    if len(others) < len(mine):
        return False
    for at, there in zip(mine, rng.sample(others, len(mine)), strict=True):
        hand[at], deck[there] = deck[there], hand[at]
    return True
