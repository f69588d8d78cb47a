"""Mr. Cabbagehead's Garden's words: a garden, the drawn row, the supply, the Neighbours and
whose decision it is, each written from the engine's view.

Split from cabbagehead.py (issue 30), which keeps the presenter and the `/play` options; as with
Garden Party's garden_party_text.py, the texts are a part of their own. A garden is written as
short lines a phone shows without wrapping and a screen reader reads in order: one line per row
that holds something ("Row 3: F3 Carrot 17 · G3 Lettuce 39 (Rose)"), then the slots its owner may
choose now ("Open: E3, H3"; counted when there are many: "Open: 54 slots, A1 to K5"). Slots are
named as the picture, the log and the move picker name them
("F3": column letter, row number; ruling 24 of docs/rules/cabbagehead.md).
"""

from __future__ import annotations

from engine.cabbagehead.view_models import CabbageheadView, CardView, GardenView, SlotView


def card_name(card: CardView) -> str:
    """'Carrot #28': a card's number is spelt this one way wherever players see it, in the log, the
    texts, the pictures and their alt text (issue 27 item 10)."""
    return f"{card.vegetable} #{card.vegetable_number}"


def card_long(card: CardView) -> str:
    return f"{card_name(card)} ({card.points} pts, {card.type_count} in the deck)"


#: Garden texts written lately, by garden view: a position's board and its hand show the same
#: garden (a seat's view shares the spectator's, ruling 12), so each is written once. Keeping the
#: view itself keeps its id from being reused while it is a key.
_GRIDS: dict[int, tuple[GardenView, str]] = {}
_GRIDS_KEPT = 256


def garden_grid(garden: GardenView) -> str:
    """The garden's slots in words: a line per row that holds something, then the open slots."""
    known = _GRIDS.get(id(garden))
    if known is not None and known[0] is garden:
        return known[1]
    if len(_GRIDS) >= _GRIDS_KEPT:
        _GRIDS.clear()
    text = _draw_grid(garden)
    _GRIDS[id(garden)] = (garden, text)
    return text


def slot_words(slot: SlotView) -> str:
    """'F3 Carrot #17 (Grasshopper, Rose)', 'E3 empty (Grasshopper)': one slot of the garden."""
    marks = []
    if slot.grasshopper:
        marks.append("Grasshopper")
    if slot.rose is not None:
        marks.append("Rose")
    what = card_name(slot.card) if slot.card is not None else "empty"
    return f"{slot.label} {what}" + (f" ({', '.join(marks)})" if marks else "")


def _draw_grid(garden: GardenView) -> str:
    rows: dict[int, list[str]] = {}
    for slot in garden.slots:
        if slot.card is not None or slot.grasshopper or slot.rose is not None:
            rows.setdefault(slot.row, []).append(slot_words(slot))
    lines = []
    for row, items in sorted(rows.items()):
        number = garden.row_numbers[row - 1] if row <= len(garden.row_numbers) else row
        lines.append(f"Row {number}: " + " · ".join(items))
    if not rows:
        lines.append("Nothing planted yet.")
    if garden.legal_slots:
        lines.append(open_words(garden.legal_slots))
    if garden.column_letters and garden.row_numbers:
        letters, numbers = garden.column_letters, garden.row_numbers
        lines.append(
            f"Room: columns {letters[0]}–{letters[-1]}, rows {numbers[0]}–{numbers[-1]}"
            + (" (the whole plot)" if garden.plot_fixed else "")
        )
    return "\n".join(lines)


#: Open slots named one by one up to this many; more are counted (the buttons and the picture
#: name them): "Open: A1, B1, … K5" was a hunt through 54 names (issue 27 item 15).
OPEN_NAMED = 6


def open_words(slots: list[str]) -> str:
    """ "Open: E3, F2", or "Open: 54 slots, A1 to K5" when there are more than `OPEN_NAMED`."""
    if len(slots) <= OPEN_NAMED:
        return "Open: " + ", ".join(slots)
    return f"Open: {len(slots)} slots, {slots[0]} to {slots[-1]}"


def garden_text(garden: GardenView, name: str) -> str:
    facts = [
        f"**{name}** — score now **{garden.score_now}**",
        f"Bees {garden.bees} · planted {garden.planted} · vegetable types {garden.vegetable_types}",
    ]
    if garden.roses:
        facts.append(
            "Roses: "
            + ", ".join(" and ".join(r.slots) + (" (blooming)" if r.blooming else "") for r in garden.roses)
        )
    if garden.compost:
        facts.append("Compost: " + ", ".join(card_name(c) for c in garden.compost))
    return "\n".join(facts) + "\n" + garden_grid(garden)


def row_text(view: CabbageheadView) -> str:
    places = []
    for place in view.row:
        if place.card is not None:
            what = card_long(place.card)
        elif place.rose is not None:
            what = "a Rose"
        else:
            continue
        extra = " — passed in" if place.passed_in else ""
        afford = "" if place.affordable else " (can't afford)"
        places.append(f"{place.position.title()}: {what} — {place.cost}{afford}{extra}")
    return "\n".join(places) or "No cards drawn."


def supply_text(view: CabbageheadView) -> str:
    """The piles and tokens everyone can count."""
    deck = f"Deck {view.deck_cards_left}"
    if view.cards_before_holiday is not None:
        deck += f" ({view.cards_before_holiday} before the next On Holiday)"
    facts = [deck, f"Beehive {view.hive}", f"face-down tokens {view.face_down_tokens}"]
    if view.bees_removed:
        facts.append(f"Bees out of the game {view.bees_removed}")
    if view.grasshoppers_waiting:
        facts.append(f"Grasshoppers waiting {view.grasshoppers_waiting}")
    if view.grasshoppers_set_aside:
        facts.append(f"Grasshoppers set aside {view.grasshoppers_set_aside}")
    lines = [" · ".join(facts)]
    if view.known_in_deck:
        lines.append("Seen going under the deck: " + ", ".join(card_name(c) for c in view.known_in_deck))
    if view.ferwig_this_turn or view.ferwig_next_draws:
        lines.append(f"The Ferwig-Radishers cut the next {view.ferwig_next_draws or 1} draw(s).")
    return "\n".join(lines)


def neighbours_text(view: CabbageheadView) -> str:
    return "\n".join(f"{n.name}: {n.count} token{'s' if n.count != 1 else ''}" for n in view.neighbours)


def seat_label(seat: int, names: list[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def decision_text(view: CabbageheadView, names: list[str]) -> str:
    """Who is to move and what they decide, from the view's `to_move` and `decision_task`."""
    if view.game_over or view.decision_task is None:
        return "The game is over."
    who = ", ".join(seat_label(s, names) for s in view.to_move)
    return f"{who}: {view.decision_task}."
