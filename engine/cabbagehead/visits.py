"""The Neighbour Phase: the Neighbour with the most tokens visits, what the visit does to each
garden, and the log line when a garden's slot names move afterwards (ruling 24).

Split from rounds.py (issue 30): the flow of turns and rounds calls `neighbour_phase` at a round's
end; what a Neighbour does is a part of its own.
"""

from __future__ import annotations

from engine.api import Event, FieldValue
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.deck import deck
from engine.cabbagehead.plot import EMPTY, Garden, is_taken, realign, slot_label, slot_names
from engine.cabbagehead.state import CabbageheadState
from engine.cabbagehead.wording import card_fields, describe, plural, say
from engine.text import N_, N_plural, lit

#: Whose garden a visit's line is about (two players: the owner's; solo: "The garden"), in the two
#: lines that list things and so are written, not static templates: the bot writes them in other
#: languages from their fields.
_WHOSE = {True: "{owner}'s garden", False: "The garden"}


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
                N_plural("{name} visits ({tokens} token).", "{name} visits ({tokens} tokens).", most),
                fields={"neighbour": key, "tokens": most, "name": neighbour.name},
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
    two = state.seats == 2
    name = nb.BY_KEY[key].name
    if key == "bernard":
        taken = garden.bees
        garden.bees = 0
        state.bees_removed += taken
        said = (
            N_plural(
                "{owner}'s garden: Bernard Betteravé takes {bees} Bee from the supply out of the game.",
                "{owner}'s garden: Bernard Betteravé takes {bees} Bees from the supply out of the game.",
                taken,
            )
            if two
            else N_plural(
                "The garden: Bernard Betteravé takes {bees} Bee from the supply out of the game.",
                "The garden: Bernard Betteravé takes {bees} Bees from the supply out of the game.",
                taken,
            )
        )
        return said, {"effect": "bees", "bees": taken}, None
    if key == "ferwig":
        if final:
            said = (
                N_("{owner}'s garden: no cards are drawn any more, so the Ferwig-Radishers have no effect.")
                if two
                else N_("The garden: no cards are drawn any more, so the Ferwig-Radishers have no effect.")
            )
            return said, {"effect": "nothing"}, None
        if two:
            said = N_("{owner}'s garden: the Ferwig-Radishers will take a card from {owner}'s next draw.")
            return said, {"effect": "next_draw"}, None
        return (
            N_("The garden: the Ferwig-Radishers will take a card from the next draw."),
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
            said = (
                N_("{owner}'s garden: Pomme-Frites finds no lone Vegetable to move.")
                if two
                else N_("The garden: Pomme-Frites finds no lone Vegetable to move.")
            )
            return said, {"effect": "nothing"}, renamed
        # A list of moves, as long as it is: no static template; the bot writes it in other
        # languages from the fields.
        listed = "; ".join(f"the {describe(c)} from {a} to {b}" for a, b, c in moves)
        return (
            f"{_WHOSE[two]}: Pomme-Frites moves {lit(listed)}.",
            {
                "effect": "moves",
                "cards": [c.name for _, _, c in moves],
                "from": [a for a, _, _ in moves],
                "to": [b for _, b, _ in moves],
                "numbers": [c.vegetable_number for _, _, c in moves],
            },
            renamed,
        )
    cell = nb.victim(key, garden, deck())
    if cell is None:
        said = (
            N_("{owner}'s garden: nothing here to take.") if two else N_("The garden: nothing here to take.")
        )
        return said, {"effect": "nothing"}, None
    card = garden.cells[cell]
    label = slot_label(garden, cell)
    garden.cells[cell] = EMPTY
    state.discard.append(card)
    hoppers_before = [t for t in garden.hoppers if t >= 0]
    renamed = realign(garden)
    state.set_aside.extend(t for t in hoppers_before if t not in garden.hoppers)  # ruling 4
    taken_card = deck()[card]
    said = (
        N_("{owner}'s garden: {name} takes the {card} #{number} from {slot}.")
        if two
        else N_("The garden: {name} takes the {card} #{number} from {slot}.")
    )
    return said, {"effect": "takes", **card_fields(taken_card), "slot": label, "name": name}, renamed


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
    whose = _WHOSE[state.seats == 2]
    fields: dict[str, FieldValue] = {"rows": rows, "cols": cols}
    example = ""
    if cell >= 0:
        before = slot_names(garden.origin_row - rows, garden.origin_col - cols, garden.rows, garden.cols)
        fields["example_from"], fields["example_to"] = before[cell], slot_label(garden, cell)
        example = f": {before[cell]} is now {slot_label(garden, cell)}"
    # Its steps and example vary, so it is no static template: the bot writes it in other
    # languages from the fields.
    told = (
        f"{whose}: its slot names move {steps}, so that every slot of the plot's room still has a "
        f"name (columns A to Z, rows from 1){lit(example)}."
    )
    return say("renamed", told, seats={"owner": seat}, fields=fields)
