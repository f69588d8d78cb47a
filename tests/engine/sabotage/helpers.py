"""Helpers that set up exact Garden Sabotage positions for rule tests.

Positions are made by moving real cards from wherever they are (decks first), so every card stays
in exactly one place and the conservation checks still hold in tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.api import Event
from engine.sabotage import actions as A
from engine.sabotage.cards import BIRD_IDS, BUG_IDS, OBJECTIVE_IDS, OBJECTIVES, PLANT_IDS, card_name
from engine.sabotage.game import GAME
from engine.sabotage.state import SabotageOptions, SabotageState


def new_game(seats: int = 2, seed: int = 0, **options: object) -> SabotageState:
    """A fresh game; Player 1 goes first unless `first_seat` says otherwise."""
    options.setdefault("first_seat", 0)
    return GAME.create(SabotageOptions.model_validate(options), seats, seed)


def random_game(seats: int, seed: int, moves: int, **options: object) -> Iterator[SabotageState]:
    """The state before each move of a seeded game of random legal moves, `moves` at most (fewer
    if it ends). The same state object throughout: read it before asking for the next."""
    rng = random.Random(seed)
    state = GAME.create(SabotageOptions.model_validate(options), seats, seed)
    for _ in range(moves):
        if GAME.is_terminal(state):
            return
        yield state
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))


def objective(name: str) -> str:
    """The id of the objective called `name`."""
    return next(oid for oid, o in OBJECTIVES.items() if o.name == name)


def piles(state: SabotageState) -> Iterator[tuple[str, list[str]]]:
    """Every list of cards in the state, named."""
    yield "plant deck", state.plant_deck
    yield "plant discard", state.plant_discard
    yield "bug deck", state.bug_deck
    yield "bug discard", state.bug_discard
    yield "objective deck", state.objective_deck
    yield "objective discard", state.objective_discard
    for seat, player in enumerate(state.players):
        yield f"seat {seat} plants", player.plants
        yield f"seat {seat} bugs", player.bugs
        yield f"seat {seat} objectives", player.objectives
        for index, plot in enumerate(player.plots):
            yield f"seat {seat} plot {index}", plot.plants


def card_places(state: SabotageState) -> Counter[str]:
    """How many places hold each card (every card must be in exactly one)."""
    places: Counter[str] = Counter()
    for _, pile in piles(state):
        places.update(pile)
    places.update(c for c in [*state.plant_row, *state.bug_row] if c is not None)
    for player in state.players:
        for plot in player.plots:
            places.update(c for c in (plot.good_bug, plot.bad_bug) if c is not None)
        for done in player.completed:
            places.update(c for c in (done.objective, done.good_bug) if c is not None)
    return places


def all_cards(state: SabotageState) -> set[str]:
    return {*PLANT_IDS, *BUG_IDS, *OBJECTIVE_IDS, *(BIRD_IDS if state.options.bird_variant else [])}


def _take(state: SabotageState, card: str) -> None:
    for _, pile in piles(state):
        if card in pile:
            pile.remove(card)
            return
    for row in (state.plant_row, state.bug_row):
        if card in row:
            row[row.index(card)] = None
            return
    for player in state.players:
        for plot in player.plots:
            if plot.good_bug == card:
                plot.good_bug = None
                return
            if plot.bad_bug == card:
                plot.bad_bug = None
                return
    raise AssertionError(f"{card} is nowhere to take it from")


def _free_card(state: SabotageState, name: str) -> str:
    """A card called `name` lying in a deck or discard pile."""
    for pile_name, pile in piles(state):
        if "deck" in pile_name or "discard" in pile_name:
            for card in pile:
                if card_name(card) == name:
                    return card
    raise AssertionError(f"no free {name} card")


def give(
    state: SabotageState,
    seat: int,
    *,
    plants: list[str] | None = None,
    bugs: list[str] | None = None,
    objectives: list[str] | None = None,
) -> None:
    """Replace parts of a seat's hand: kind names for plants and bugs, objective names for objectives.

    The cards it held go to the bottom of their decks."""
    player = state.players[seat]
    for old, new, deck, to_card in (
        (player.plants, plants, state.plant_deck, None),
        (player.bugs, bugs, state.bug_deck, None),
        (player.objectives, objectives, state.objective_deck, objective),
    ):
        if new is None:
            continue
        deck[:0] = old
        old.clear()
        for name in new:
            card = to_card(name) if to_card else _free_card(state, name)
            _take(state, card)
            old.append(card)


def set_plot(
    state: SabotageState,
    seat: int,
    plot: int,
    *,
    plants: list[str] | None = None,
    good: str | None = None,
    bad: str | None = None,
) -> None:
    """Lay cards on a plot (kind names, oldest first); what lay there goes back to the decks."""
    target = state.players[seat].plots[plot]
    state.plant_deck[:0] = target.plants
    target.plants.clear()
    for card in (target.good_bug, target.bad_bug):
        if card is not None:
            state.bug_deck.insert(0, card)
    target.good_bug = target.bad_bug = None
    for name in plants or []:
        card = _free_card(state, name)
        _take(state, card)
        target.plants.append(card)
    if good is not None:
        target.good_bug = _free_card(state, good)
        _take(state, target.good_bug)
    if bad is not None:
        target.bad_bug = _free_card(state, bad)
        _take(state, target.bad_bug)


def plot_kinds(state: SabotageState, seat: int, plot: int) -> list[str]:
    return [card_name(c) for c in state.players[seat].plots[plot].plants]


def labels(state: SabotageState, seat: int) -> list[str]:
    return [a.label for a in GAME.legal_actions(state, seat)]


def play_events(state: SabotageState, label: str) -> list[Event]:
    """Play the legal action labelled `label` for the seat to move; return its events."""
    seat = state.turn
    action = next((a for a in GAME.legal_actions(state, seat) if a.label == label), None)
    assert action is not None, f"{label!r} is not legal; legal: {labels(state, seat)}"
    return GAME.apply(state, seat, action)


def play(state: SabotageState, label: str) -> list[str]:
    """Play the legal action labelled `label` for the seat to move; return the public log lines."""
    return [event.text for event in play_events(state, label)]


__all__ = [
    "GAME",
    "A",
    "award",
    "card_places",
    "give",
    "labels",
    "new_game",
    "objective",
    "play",
    "play_events",
    "set_plot",
]


def award(state: SabotageState, seat: int, names: list[str], *, good_bugs: int = 0) -> None:
    """Lay objectives (by name) as completed for `seat`, the first `good_bugs` of them with a Ladybug."""
    from engine.sabotage.state import Completed

    for index, name in enumerate(names):
        card = objective(name)
        _take(state, card)
        bug = None
        if index < good_bugs:
            bug = _free_card(state, "Ladybug")
            _take(state, bug)
        state.players[seat].completed.append(Completed(objective=card, good_bug=bug))
