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
from engine.text import lit


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
