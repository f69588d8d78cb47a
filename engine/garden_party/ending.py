"""The end of the game (ruling 18): whether the position meets the end condition (`check_end`,
checked after every action), and the round of end-of-game cards that follows.
"""

from __future__ import annotations

from engine.garden_party import counted, growth
from engine.garden_party.common import Log, seats_after, under_deck
from engine.garden_party.state import GardenPartyState


def check_end(state: GardenPartyState, log: Log) -> bool:
    """Rules II and VII: the game ends as soon as a greenhouse holds nine flowering plants (seven
    in the short game), whichever way the last one came (grown, or returned by a lost duel: ruling
    8). The one check of the end: `rules.apply` makes it after every action, and the turn's flow
    before it moves on to anything new (the next duel, the next turn, what follows a card), so
    nothing is played past the end (ruling 18). Returns whether the game is ending (or ended)."""
    if state.ended_by is not None:
        return True
    seat = growth.completed(state)
    if seat is None:
        return False
    state.ended_by = seat
    flowering = growth.flowers(state, seat)
    log.add(
        "garden_complete",
        counted.garden_complete(flowering),
        seats={"gardener": seat},
        fields={"count": flowering},
    )
    return True


def begin_end(state: GardenPartyState, log: Log) -> None:
    """Rules VII: everyone may now play end-of-game (pink) cards, starting with the gardener who
    completed the greenhouse (or the first player), then clockwise (ruling 19). Whatever was
    under way stops: the duels still to come are not fought, cards being drawn go under their deck."""
    first = state.ended_by if state.ended_by is not None else state.first_seat
    state.turn.number += 1
    state.end_order = [s for s in [first, *seats_after(state, first)] if state.players[s].hand]
    state.pending = None
    state.window = None
    state.bidders = []
    state.payers = []
    if state.duel is not None:
        state.duel_deck.append(state.duel.card)
    state.duel = None
    state.duels = []
    for card in state.drawn:
        under_deck(state, card)
    state.drawn = []
    next_end_card(state, log)


def next_end_card(state: GardenPartyState, log: Log) -> None:
    while state.end_order and not state.players[state.end_order[0]].hand:
        state.end_order.pop(0)  # spent its last cards cancelling: nothing left to play
    if state.end_order:
        state.phase = "end"
        return
    state.phase = "over"
    log.add("game_over", "The Countess counts the points.")


def finish_end_cards(state: GardenPartyState, log: Log) -> None:
    state.end_order.pop(0)
    next_end_card(state, log)
