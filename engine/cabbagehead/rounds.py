"""The automatic part of a turn and of a round: drawing the row (with Roses and the
Ferwig-Radishers), revealing tokens, waiting for Grasshoppers, the Neighbour Phase and the end.

Each step runs until some seat has a decision to make, then sets `state.phase` and returns; the
player's action (game.py) resumes the flow.
"""

from __future__ import annotations

from engine.api import Event, FieldValue
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.actions import POSITIONS
from engine.cabbagehead.deck import deck
from engine.cabbagehead.draws import LocalRng
from engine.cabbagehead.outcome import final_result
from engine.cabbagehead.plot import EMPTY, Garden, is_taken, realign, slot_label, slot_names
from engine.cabbagehead.slots import hopper_slots, rose_slots
from engine.cabbagehead.state import (
    HOLIDAY,
    ROSE,
    TOKENS_PER_NEIGHBOUR,
    CabbageheadState,
    is_grasshopper,
    is_holiday,
)
from engine.cabbagehead.wording import card_fields, describe, plural, say, sentence
from engine.text import lit

TURNS_PER_PLAYER = 15


def start_turn(state: CabbageheadState, ev: list[Event]) -> None:
    """Begin the next turn: end a round when its 'On Holiday' card shows, else draw the row."""
    while True:
        if state.seats == 2 and state.turns == 2 * TURNS_PER_PLAYER:
            ev.append(
                say(
                    "round_end",
                    "Both gardens hold {plantings} plantings: the last Neighbour Phase.",
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

    def shown() -> str:
        return f"{{actor}}'s row: {lit(', '.join(f'{POSITIONS[p]} {describe(drawn[p])}' for p in range(3)))}."

    ev.append(
        say(
            "draw",
            shown,
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
            where = "the discard pile"
        else:
            state.deck.insert(0, card)
            state.known_in_deck.append(card)
            where = "the bottom of the deck"
        ev.append(
            say(
                "ferwig",
                f"The Ferwig-Radishers take the {lit(describe(cards[card]))} "
                f"to {where}; one of the other two is planted for free.",
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
    """Reveal as many random face-down tokens as the card's Neighbour number."""
    veg = deck()[card]
    pool = state.pool
    found: list[str] = []
    rng = LocalRng(state.rng)
    for _ in range(veg.neighbour_number):
        if not pool:
            found.append("(no face-down tokens left)")
            break
        i = rng.below(len(pool))
        token = pool[i]
        pool[i] = pool[-1]
        pool.pop()
        if is_grasshopper(token):
            state.hoppers_waiting.append(token)
            found.append("a Grasshopper")
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


def neighbour_phase(state: CabbageheadState, ev: list[Event], *, final: bool) -> None:
    """The Neighbour with the most tokens visits every garden (a tie: nobody); tokens go back."""
    counts = [len(tile) for tile in state.tiles]
    most = max(counts)
    if most == 0 or counts.count(most) > 1:
        state.visits.append("")
        ev.append(say("no_visit", "No single Neighbour has the most tokens: nobody visits."))
    else:
        key = state.neighbours[counts.index(most)]
        neighbour = nb.BY_KEY[key]
        state.visits.append(neighbour.name)
        ev.append(
            say(
                "visit",
                lit(f"{neighbour.name} visits ({plural(most, 'token')})."),
                fields={"neighbour": key, "tokens": most},
            )
        )
        for seat, garden in enumerate(state.gardens):
            template, fields, renamed = visit(state, key, seat, garden, final)
            ev.append(
                say("visit_effect", template, seats={"owner": seat}, fields={"neighbour": key, **fields})
            )
            if renamed is not None:
                ev.append(renaming(state, seat, garden, renamed))
        if key == "ferwig" and not final:
            # The next draw (with two players: each player's next draw) loses a card.
            state.ferwig_turns = state.seats
    for tile in state.tiles:
        state.pool.extend(tile)
        tile.clear()
    state.pool.extend(state.set_aside)
    state.set_aside.clear()


def visit(
    state: CabbageheadState, key: str, seat: int, garden: Garden, final: bool
) -> tuple[str, dict[str, FieldValue], tuple[int, int] | None]:
    """What the visiting Neighbour `key` does to seat `seat`'s garden: the log line as a template
    naming the seat {owner}, its fields (`effect` says which sort of effect it had), and how far the
    garden's slot names moved if they had to be re-based afterwards (ruling 24; None: they stay).
    The log line names slots as they were named before the visit."""
    whose = "{owner}'s garden" if state.seats == 2 else "The garden"
    name = lit(nb.BY_KEY[key].name)
    if key == "bernard":
        taken = garden.bees
        garden.bees = 0
        state.bees_removed += taken
        return (
            f"{whose}: Bernard Betteravé takes {plural(taken, 'Bee')} from the supply out of the game.",
            {"effect": "bees", "bees": taken},
            None,
        )
    if key == "ferwig":
        if final:
            return (
                f"{whose}: no cards are drawn any more, so the Ferwig-Radishers have no effect.",
                {"effect": "nothing"},
                None,
            )
        if state.seats == 2:
            return (
                f"{whose}: the Ferwig-Radishers will take a card from {{owner}}'s next draw.",
                {"effect": "next_draw"},
                None,
            )
        return (
            f"{whose}: the Ferwig-Radishers will take a card from the next draw.",
            {"effect": "next_draw"},
            None,
        )
    if key == "pomme_frites":
        moves = [
            (slot_label(garden, a), slot_label(garden, b), deck()[garden.cells[b]])
            for a, b in nb.pomme_frites_moves(garden)
        ]
        hoppers_before = [t for t in garden.hoppers if t >= 0]
        renamed = realign(garden)
        state.set_aside.extend(t for t in hoppers_before if t not in garden.hoppers)  # ruling 4
        if not moves:
            return f"{whose}: Pomme-Frites finds no lone Vegetable to move.", {"effect": "nothing"}, renamed
        said = "; ".join(f"the {describe(c)} from {a} to {b}" for a, b, c in moves)
        return (
            f"{whose}: Pomme-Frites moves {lit(said)}.",
            {
                "effect": "moves",
                "cards": [c.name for _, _, c in moves],
                "from": [a for a, _, _ in moves],
                "to": [b for _, b, _ in moves],
            },
            renamed,
        )
    cell = nb.victim(key, garden, deck())
    if cell is None:
        return f"{whose}: nothing here to take.", {"effect": "nothing"}, None
    card = garden.cells[cell]
    label = slot_label(garden, cell)
    garden.cells[cell] = EMPTY
    state.discard.append(card)
    hoppers_before = [t for t in garden.hoppers if t >= 0]
    renamed = realign(garden)
    state.set_aside.extend(t for t in hoppers_before if t not in garden.hoppers)  # ruling 4
    taken_card = deck()[card]
    return (
        f"{whose}: {name} takes the {lit(describe(taken_card))} from {lit(label)}.",
        {"effect": "takes", **card_fields(taken_card), "slot": label},
        renamed,
    )


def _moved_words(count: int, noun: str, forward: str, back: str) -> str:
    """'3 columns right', '1 row down'."""
    return f"{plural(abs(count), noun)} {forward if count > 0 else back}"


def renaming(state: CabbageheadState, seat: int, garden: Garden, moved: tuple[int, int]) -> Event:
    """The log line for a garden whose slot names were re-based after a visit (ruling 24): how far
    every name moved, with the first card (Grasshopper, Rose) in reading order as the example."""
    rows, cols = moved
    steps = " and ".join(
        _moved_words(count, noun, forward, back)
        for count, noun, forward, back in ((cols, "column", "right", "left"), (rows, "row", "down", "up"))
        if count
    )
    size = garden.rows * garden.cols
    cell = next((i for i in range(size) if is_taken(garden, i)), -1)
    whose = "{owner}'s garden" if state.seats == 2 else "The garden"
    fields: dict[str, FieldValue] = {"rows": rows, "cols": cols}
    example = ""
    if cell >= 0:
        before = slot_names(garden.origin_row - rows, garden.origin_col - cols, garden.rows, garden.cols)
        fields["example_from"], fields["example_to"] = before[cell], slot_label(garden, cell)
        example = f": {before[cell]} is now {slot_label(garden, cell)}"
    return say(
        "renamed",
        f"{whose}: its slot names move {steps}, so that every slot of the plot's room still has a "
        f"name (columns A to Z, rows from 1){lit(example)}.",
        seats={"owner": seat},
        fields=fields,
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
