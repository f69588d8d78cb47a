"""A whole game state consistent with what one viewer sees, hidden cards dealt at random.

For computer players that search over sampled hidden information (determinized Monte Carlo,
ISMCTS): they may read only a seat's view, and this turns a view back into a state the rules can
play on. Every card the viewer cannot see (other hands, deck order, face-down objective
discards) is shuffled among the places that hide cards, in the right numbers.
"""

from __future__ import annotations

from engine.rng import Rng
from engine.sabotage.cards import BIRD_IDS, BUG_IDS, OBJECTIVE_IDS, PLANT_IDS
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
