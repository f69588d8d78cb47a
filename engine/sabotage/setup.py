"""Setting up a game of Garden Sabotage (draft, "Setup") and choosing who goes first."""

from __future__ import annotations

from engine.rng import Rng
from engine.sabotage.actions import seat_name
from engine.sabotage.cards import (
    ACTIONS_PER_TURN,
    BIRD_IDS,
    BUG_IDS,
    OBJECTIVE_IDS,
    PLANT_IDS,
    ROW_BUGS,
    ROW_PLANTS,
)
from engine.sabotage.state import PlayerState, SabotageOptions, SabotageState


def choose_first_seat(options: SabotageOptions, seats: int, rng: Rng) -> tuple[int, str]:
    """Rulings 9-10: an explicit seat; else most house plants (ties: seeded draw); else random."""
    if options.first_seat is not None:
        if options.first_seat >= seats:
            raise ValueError(
                f"{seat_name(options.first_seat)} cannot go first: there are only {seats} players."
            )
        return options.first_seat, f"{seat_name(options.first_seat)} was chosen to go first."
    if options.house_plants is not None:
        counts = options.house_plants
        if len(counts) != seats:
            raise ValueError(f"house_plants needs one count per seat ({seats}), got {len(counts)}")
        most = max(counts)
        tied = [s for s, n in enumerate(counts) if n == most]
        seat = tied[0] if len(tied) == 1 else rng.choice(tied)
        plants = "house plant" if most == 1 else "house plants"
        if len(tied) == 1:
            return seat, f"{seat_name(seat)} owns the most {plants} ({most}) and goes first."
        return seat, f"{len(tied)} players tie with {most} {plants}; a draw picked {seat_name(seat)}."
    seat = rng.below(seats)
    return seat, f"A draw picked {seat_name(seat)} to go first."


def create(options: SabotageOptions, seats: int, seed: int) -> SabotageState:
    """Setup (draft, "Setup"): shuffle the decks, turn up 4 Plants and 2 Bugs, deal 3+1+1 each."""
    if not 2 <= seats <= 4:
        raise ValueError("Garden Sabotage is for 2 to 4 players.")
    rng = Rng.from_seed(seed)
    plant_deck = list(PLANT_IDS)
    bug_deck = list(BUG_IDS) + (list(BIRD_IDS) if options.bird_variant else [])
    objective_deck = list(OBJECTIVE_IDS)
    for deck in (plant_deck, bug_deck, objective_deck):
        rng.shuffle(deck)
    plant_row: list[str | None] = [plant_deck.pop() for _ in range(ROW_PLANTS)]
    bug_row: list[str | None] = [bug_deck.pop() for _ in range(ROW_BUGS)]
    players = []
    for _ in range(seats):
        players.append(
            PlayerState(
                plants=[plant_deck.pop() for _ in range(3)],
                bugs=[bug_deck.pop()],
                objectives=[objective_deck.pop()],
            )
        )
    answers: list[int | None] | None = None
    if options.ask_house_plants:
        # Ruling 18: the first seat waits for everyone's answer (`settle_first_seat`).
        answers = [None] * seats
        first, reason = 0, "Everyone is saying how many house plants they own."
    else:
        first, reason = choose_first_seat(options, seats, rng)
    return SabotageState(
        options=options,
        seats=seats,
        rng=rng,
        plant_deck=plant_deck,
        plant_row=plant_row,
        bug_deck=bug_deck,
        bug_row=bug_row,
        objective_deck=objective_deck,
        players=players,
        first_seat=first,
        first_seat_reason=reason,
        turn=first,
        actions_left=ACTIONS_PER_TURN,
        house_plant_answers=answers,
    )


def settle_first_seat(state: SabotageState) -> tuple[int, str]:
    """Ruling 18: once every seat has answered, the most house plants goes first (ruling 9)."""
    assert state.house_plant_answers is not None
    counts = [n or 0 for n in state.house_plant_answers]
    options = state.options.model_copy(update={"ask_house_plants": False, "house_plants": counts})
    return choose_first_seat(options, state.seats, state.rng)
