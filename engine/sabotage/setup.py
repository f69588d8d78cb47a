"""Setting up a game of Garden Sabotage (draft, "Setup") and choosing who goes first."""

from __future__ import annotations

from engine.api import Phrase
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
from engine.text import N_, phrase, render


def reason_phrase(options: SabotageOptions, counts: list[int] | None, seat: int) -> Phrase:
    """Why `seat` goes first, as a phrase over that seat (rulings 9, 10 and 18)."""
    if options.first_seat is not None:
        return phrase(N_("{first} was chosen to go first."), seats={"first": seat}, how="chosen")
    if counts:
        most = max(counts)
        tied = sum(1 for n in counts if n == most)
        # One static template per case (catalog entries); the tie's plural follows `most`, not
        # the number of players tied, so it is chosen here.
        if tied == 1:
            return phrase(
                N_("{first} owns the most house plant ({most}) and goes first.")
                if most == 1
                else N_("{first} owns the most house plants ({most}) and goes first."),
                seats={"first": seat},
                how="most_house_plants",
                most=most,
            )
        if most == 1:
            tie = N_("{tied} players tie with {most} house plant; a draw picked {first}.")
        elif most == 0:
            tie = N_("{tied} players tie with 0 house plants; a draw picked {first}.")
        else:
            tie = N_("{tied} players tie with {most} house plants; a draw picked {first}.")
        return phrase(
            tie,
            seats={"first": seat},
            how="house_plant_tie",
            most=most,
            tied=tied,
        )
    return phrase(N_("A draw picked {first} to go first."), seats={"first": seat}, how="draw")


#: While the table is still being asked (ruling 18): nobody goes first yet.
ASKING = phrase(N_("Everyone is saying how many house plants they own."), how="asking")


def first_seat_phrase(state: SabotageState) -> Phrase:
    """How the first seat was chosen (for a game stored before phrases: worked out again from the
    options and answers the state keeps)."""
    if state.first_seat_phrase is not None:
        return state.first_seat_phrase
    answers = state.house_plant_answers
    if answers is not None:
        if None in answers:
            return ASKING
        return reason_phrase(state.options, [n or 0 for n in answers], state.first_seat)
    return reason_phrase(state.options, state.options.house_plants, state.first_seat)


def choose_first_seat(options: SabotageOptions, seats: int, rng: Rng) -> tuple[int, Phrase]:
    """Rulings 9-10: an explicit seat; else most house plants (ties: seeded draw); else random."""
    if options.first_seat is not None:
        if options.first_seat >= seats:
            raise ValueError(
                f"{seat_name(options.first_seat)} cannot go first: there are only {seats} players."
            )
        return options.first_seat, reason_phrase(options, None, options.first_seat)
    if options.house_plants is not None:
        counts = options.house_plants
        if len(counts) != seats:
            raise ValueError(f"house_plants needs one count per seat ({seats}), got {len(counts)}")
        most = max(counts)
        tied = [s for s, n in enumerate(counts) if n == most]
        seat = tied[0] if len(tied) == 1 else rng.choice(tied)
        return seat, reason_phrase(options, counts, seat)
    seat = rng.below(seats)
    return seat, reason_phrase(options, None, seat)


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
        first, reason = 0, ASKING.model_copy()
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
        first_seat_reason=render_reason(reason),
        first_seat_phrase=reason,
        turn=first,
        actions_left=ACTIONS_PER_TURN,
        house_plant_answers=answers,
    )


def render_reason(reason: Phrase) -> str:
    """A reason as the state stores it, with the default seat names ("Player 2")."""
    return render(reason.template, reason.seats, reason.values, seat_name)


def settle_first_seat(state: SabotageState) -> tuple[int, Phrase]:
    """Ruling 18: once every seat has answered, the most house plants goes first (ruling 9)."""
    assert state.house_plant_answers is not None
    counts = [n or 0 for n in state.house_plant_answers]
    options = state.options.model_copy(update={"ask_house_plants": False, "house_plants": counts})
    return choose_first_seat(options, state.seats, state.rng)
