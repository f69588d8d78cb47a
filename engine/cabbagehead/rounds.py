"""The automatic part of a turn and of a round: drawing the row (with Roses and the
Ferwig-Radishers), revealing tokens, waiting for Grasshoppers, the Neighbour Phase and the end.
What a visiting Neighbour does is in visits.py.

Each step runs until some seat has a decision to make, then sets `state.phase` and returns; the
player's action (game.py) resumes the flow.
"""

from __future__ import annotations

from engine.api import Event
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.deck import deck
from engine.cabbagehead.draws import LocalRng
from engine.cabbagehead.outcome import final_result
from engine.cabbagehead.slots import hopper_slots, rose_slots
from engine.cabbagehead.state import (
    HOLIDAY,
    ROSE,
    TOKENS_PER_NEIGHBOUR,
    CabbageheadState,
    is_grasshopper,
    is_holiday,
)
from engine.cabbagehead.visits import neighbour_phase
from engine.cabbagehead.wording import card_fields, describe, plural, say, sentence
from engine.text import N_, N_plural, lit

TURNS_PER_PLAYER = 15


def last_phase(plantings: int) -> str:
    """The two-player game's last round, its plural by plantings: always 15, but a language's plural
    forms are its own (some word 15 unlike 2), so the number is the catalogs' to agree with."""
    return N_plural(
        "Both gardens hold {plantings} planting: the last Neighbour Phase.",
        "Both gardens hold {plantings} plantings: the last Neighbour Phase.",
        plantings,
    )


def start_turn(state: CabbageheadState, ev: list[Event]) -> None:
    """Begin the next turn: end a round when its 'On Holiday' card shows, else draw the row."""
    while True:
        if state.seats == 2 and state.turns == 2 * TURNS_PER_PLAYER:
            ev.append(
                say(
                    "round_end",
                    last_phase(TURNS_PER_PLAYER),
                    fields={"plantings": TURNS_PER_PLAYER, "round": state.round},
                )
            )
            neighbour_phase(state, ev, final=True)
            finish(state, ev)
            return
        top = state.deck[-1]
        if not is_holiday(top):
            break
        state.deck.pop()
        state.removed.append(top)
        final = state.round == 3
        ev.append(
            say("holiday", "An 'On Holiday' card shows: round {round} ends.", fields={"round": state.round})
        )
        neighbour_phase(state, ev, final=final)
        if final:
            finish(state, ev)
            return
        state.round += 1
        ev.append(say("round", "Round {round} begins.", fields={"round": state.round}))
    if state.passed >= 0:
        state.row[state.passed_to] = state.passed
        state.passed_in_at = state.passed_to
        state.passed = state.passed_to = -1
    fill_row(state, ev)


def fill_row(state: CabbageheadState, ev: list[Event]) -> None:
    """Draw into every empty place of the row, stopping for a Rose that can be placed."""
    row = state.row
    garden = state.gardens[state.active]
    pile = state.deck
    for pos in range(3):
        while row[pos] < 0:
            if HOLIDAY <= pile[-1] < ROSE and row == [-1, -1, -1]:
                # A Rose was the last card of its set (ruling 7): the round ends now.
                start_turn(state, ev)
                return
            card = pile.pop()
            if state.known_in_deck and card in state.known_in_deck:
                state.known_in_deck.remove(card)
            if card >= ROSE:
                if rose_slots(garden):
                    row[pos] = card
                    state.rose_at = pos
                    state.phase = "rose"
                    ev.append(
                        say(
                            "rose_drawn",
                            "{actor} drew a Rose.",
                            seats={"actor": state.active},
                            fields={"rose": card - ROSE + 1},
                        )
                    )
                    return
                state.removed.append(card)
                ev.append(
                    say(
                        "rose_lost",
                        "A Rose was drawn but no two Vegetables stand side "
                        "by side for it: it leaves the game and another card is drawn.",
                        seats={"actor": state.active},
                        fields={"rose": card - ROSE + 1},
                    )
                )
                continue
            if card >= HOLIDAY:
                raise RuntimeError("an 'On Holiday' card was drawn in the middle of a turn")
            row[pos] = card
    cards = deck()
    drawn = [cards[card] for card in row]

    ev.append(
        say(
            "draw",
            "{actor}'s row: left {cards[0]} #{numbers[0]}, centre {cards[1]} #{numbers[1]}, "
            "right {cards[2]} #{numbers[2]}.",
            seats={"actor": state.active},
            fields={
                "cards": [veg.name for veg in drawn],
                "numbers": [veg.vegetable_number for veg in drawn],
            },
        )
    )
    if state.ferwig_now != (state.ferwig_turns > 0):
        state.ferwig_now = not state.ferwig_now
    if state.ferwig_now:
        state.ferwig_turns -= 1
        pos = max(range(3), key=lambda p: cards[row[p]].vegetable_number)
        card = row[pos]
        row[pos] = -1
        if state.seats == 1:
            state.discard.append(card)
            told = N_(
                "The Ferwig-Radishers take the {card} #{number} to the discard pile; "
                "one of the other two is planted for free."
            )
        else:
            state.deck.insert(0, card)
            state.known_in_deck.append(card)
            told = N_(
                "The Ferwig-Radishers take the {card} #{number} to the bottom of the deck; "
                "one of the other two is planted for free."
            )
        ev.append(
            say(
                "ferwig",
                told,
                seats={"actor": state.active},
                fields={**card_fields(cards[card]), "to": "discard" if state.seats == 1 else "bottom"},
            )
        )
    if state.phase != "plant":
        state.phase = "plant"


def after_reveal(state: CabbageheadState, ev: list[Event]) -> None:
    """Place revealed Grasshoppers (a decision each), then pass (2 players) or end the turn."""
    garden = state.gardens[state.active]
    while state.hoppers_waiting:
        if hopper_slots(garden):
            state.phase = "grasshopper"
            return
        state.set_aside.append(state.hoppers_waiting.pop(0))
        ev.append(
            say(
                "grasshopper_waits",
                "A Grasshopper finds no empty slot next to a Vegetable and waits beside the tiles.",
                seats={"actor": state.active},
            )
        )
    if state.seats == 2:
        state.phase = "pass"
        return
    end_turn(state, ev)


def end_turn(state: CabbageheadState, ev: list[Event]) -> None:
    state.turns += 1
    if state.seats == 2:
        state.active = 1 - state.active
    start_turn(state, ev)


def reveal(state: CabbageheadState, card: int, ev: list[Event]) -> None:
    """Reveal as many random face-down tokens as the card's Neighbour number.

    Its line lists what was found, as many things as tokens, so it is no static template: the bot
    writes it in other languages from the fields (`found`: Neighbours' names, "a Grasshopper")."""
    veg = deck()[card]
    pool = state.pool
    found: list[str] = []
    rng = LocalRng(state.rng)
    for _ in range(veg.neighbour_number):
        if not pool:
            found.append(N_("(no face-down tokens left)"))
            break
        i = rng.below(len(pool))
        token = pool[i]
        pool[i] = pool[-1]
        pool.pop()
        if is_grasshopper(token):
            state.hoppers_waiting.append(token)
            found.append(N_("a Grasshopper"))
        else:
            tile = token // TOKENS_PER_NEIGHBOUR
            state.tiles[tile].append(token)
            found.append(nb.BY_KEY[state.neighbours[tile]].name)
    rng.store(state.rng)

    def told() -> str:
        what = ", ".join(found) if found else "nothing"
        tokens = plural(veg.neighbour_number, "Neighbour token")
        return lit(sentence(f"The {describe(veg)} reveals {tokens}: {what}"))

    ev.append(
        say(
            "reveal",
            told,
            fields={**card_fields(veg), "tokens": veg.neighbour_number, "found": found},
        )
    )


def finish(state: CabbageheadState, ev: list[Event]) -> None:
    state.phase = "over"
    state.row = [-1, -1, -1]
    result = state._result = final_result(state)
    ending = result.summary_phrase
    assert ending is not None
    ev.append(
        say("end", ending.template, seats=ending.seats, fields={**ending.values, "winners": result.winners})
    )
