"""Mr. Cabbagehead's Garden's words: a garden, the drawn row, the supply, the Neighbours and
whose decision it is, each written from the engine's view.

Split from cabbagehead.py (issue 30), which keeps the presenter and the `/play` options; as with
Garden Party's garden_party_text.py, the texts are a part of their own. A garden is written as
short lines a phone shows without wrapping and a screen reader reads in order: one line per row
that holds something ("Row 3: F3 Carrot 17 · G3 Lettuce 39 (Rose)"), then the slots its owner may
choose now ("Open: E3, H3"; counted when there are many: "Open: 54 slots, A1 to K5"). Slots are
named as the picture, the log and the move picker name them
("F3": column letter, row number; ruling 24 of docs/rules/cabbagehead.md).

Every text is said in a `Words`' language (issue 32): the table's in the server's, a hand's in its
player's; a card's vegetable and what a card costs come from the engine's English, looked up in
the catalogs (bot/presenters/engine_words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bot.basics.words import N_, Words, words_for
from bot.presenters.engine_words import value
from bot.presenters.kept_texts import KeptTexts
from engine.cabbagehead.view_models import (
    CabbageheadView,
    CardView,
    GardenView,
    NeighbourView,
    RowPlaceView,
    SlotView,
)

#: The words of a text nobody asked in another language (English).
ENGLISH = words_for(None)

R = TypeVar("R")

#: The places of the drawn row, as the view names them.
PLACE_WORDS = {"left": N_("Left"), "centre": N_("Centre"), "right": N_("Right")}


def vegetable(card: CardView, words: Words = ENGLISH) -> str:
    """A card's vegetable in `words`' language ("Carotte")."""
    said = value(words, card.vegetable)
    return said if isinstance(said, str) else card.vegetable


def card_name(card: CardView, words: Words = ENGLISH) -> str:
    """'Carrot #28': a card's number is spelt this one way wherever players see it, in the log, the
    texts, the pictures and their alt text (issue 27 item 10)."""
    return f"{vegetable(card, words)} #{card.vegetable_number}"


def card_long(card: CardView, words: Words = ENGLISH) -> str:
    return words.text(
        "{card} ({points} pts, {count} in the deck)",
        card=card_name(card, words),
        points=card.points,
        count=card.type_count,
    )


#: Texts written for a view record, by the record and language: a garden's slots, one slot, a
#: place of the drawn row, a Neighbour tile. The engine shares a record between versions while
#: what it shows stays the same (engine/cabbagehead/views.py), and a position's board and its hand
#: show the same garden (a seat's view shares the spectator's, ruling 12), so each is written once.
_WRITTEN: KeptTexts[object] = KeptTexts()


def _written(record: R, words: Words, write: Callable[[R, Words], str]) -> str:
    """`write(record, words)`, once while `record` is kept (`_WRITTEN`)."""
    kept = _WRITTEN.get(record, words.language)
    return kept if kept is not None else _WRITTEN.keep(record, words.language, write(record, words))


def garden_grid(garden: GardenView, words: Words = ENGLISH) -> str:
    """The garden's slots in words: a line per row that holds something, then the open slots."""
    return _written(garden, words, _draw_grid)


def slot_words(slot: SlotView, words: Words = ENGLISH) -> str:
    """'F3 Carrot #17 (Grasshopper, Rose)', 'E3 empty (Grasshopper)': one slot of the garden."""
    marks = []
    if slot.grasshopper:
        marks.append(words.text("Grasshopper"))
    if slot.rose is not None:
        marks.append(words.text("Rose"))
    what = card_name(slot.card, words) if slot.card is not None else words.text("empty")
    return f"{slot.label} {what}" + (f" ({', '.join(marks)})" if marks else "")


def _draw_grid(garden: GardenView, words: Words) -> str:
    rows: dict[int, list[str]] = {}
    for slot in garden.slots:
        if slot.card is not None or slot.grasshopper or slot.rose is not None:
            rows.setdefault(slot.row, []).append(_written(slot, words, slot_words))
    lines = []
    for row, items in sorted(rows.items()):
        number = garden.row_numbers[row - 1] if row <= len(garden.row_numbers) else row
        lines.append(words.text("Row {row}: {slots}", row=number, slots=" · ".join(items)))
    if not rows:
        lines.append(words.text("Nothing planted yet."))
    if garden.legal_slots:
        lines.append(open_words(garden.legal_slots, words))
    if garden.column_letters and garden.row_numbers:
        letters, numbers = garden.column_letters, garden.row_numbers
        room = {"first": letters[0], "last": letters[-1], "top": numbers[0], "bottom": numbers[-1]}
        lines.append(
            words.text("Room: columns {first}–{last}, rows {top}–{bottom} (the whole plot)", **room)
            if garden.plot_fixed
            else words.text("Room: columns {first}–{last}, rows {top}–{bottom}", **room)
        )
    return "\n".join(lines)


#: Open slots named one by one up to this many; more are counted (the buttons and the picture
#: name them): "Open: A1, B1, … K5" was a hunt through 54 names (issue 27 item 15).
OPEN_NAMED = 6


def open_words(slots: list[str], words: Words = ENGLISH) -> str:
    """ "Open: E3, F2", or "Open: 54 slots, A1 to K5" when there are more than `OPEN_NAMED`."""
    if len(slots) <= OPEN_NAMED:
        return words.text("Open: {slots}", slots=", ".join(slots))
    return words.plural(
        "Open: {n} slot, {first} to {last}",
        "Open: {n} slots, {first} to {last}",
        len(slots),
        first=slots[0],
        last=slots[-1],
    )


def garden_text(garden: GardenView, name: str, words: Words = ENGLISH) -> str:
    facts = [
        words.text("**{name}** — score now **{score}**", name=name, score=garden.score_now),
        words.text(
            "Bees {bees} · planted {planted} · vegetable types {types}",
            bees=garden.bees,
            planted=garden.planted,
            types=garden.vegetable_types,
        ),
    ]
    if garden.roses:
        roses = [
            (
                words.text("{left} and {right} (blooming)", left=r.slots[0], right=r.slots[-1])
                if r.blooming
                else words.text("{left} and {right}", left=r.slots[0], right=r.slots[-1])
            )
            if r.slots
            else ""
            for r in garden.roses
        ]
        facts.append(words.text("Roses: {roses}", roses=", ".join(roses)))
    if garden.compost:
        facts.append(
            words.text("Compost: {cards}", cards=", ".join(card_name(c, words) for c in garden.compost))
        )
    return "\n".join(facts) + "\n" + garden_grid(garden, words)


def row_text(view: CabbageheadView, words: Words = ENGLISH) -> str:
    places = [
        _written(place, words, _place_line)
        for place in view.row
        if place.card is not None or place.rose is not None
    ]
    return "\n".join(places) or words.text("No cards drawn.")


def _place_line(place: RowPlaceView, words: Words) -> str:
    """One place of the drawn row: "Left: Carrot #28 (3 pts, 5 in the deck) — pay 1 bee"."""
    what = card_long(place.card, words) if place.card is not None else words.text("a Rose")
    extra = words.text(" — passed in") if place.passed_in else ""
    afford = "" if place.affordable else words.text(" (can't afford)")
    where = PLACE_WORDS.get(place.position)
    cost = value(words, place.cost)
    return (
        words.text(
            "{place}: {card} — {cost}",
            place=words.text(where) if where else place.position.title(),
            card=what,
            cost=cost,
        )
        + afford
        + extra
    )


def supply_text(view: CabbageheadView, words: Words = ENGLISH) -> str:
    """The piles and tokens everyone can count."""
    deck = words.text("Deck {n}", n=view.deck_cards_left)
    if view.cards_before_holiday is not None:
        deck += words.text(" ({n} before the next On Holiday)", n=view.cards_before_holiday)
    facts = [
        deck,
        words.text("Beehive {n}", n=view.hive),
        words.text("face-down tokens {n}", n=view.face_down_tokens),
    ]
    if view.bees_removed:
        facts.append(words.text("Bees out of the game {n}", n=view.bees_removed))
    if view.grasshoppers_waiting:
        facts.append(words.text("Grasshoppers waiting {n}", n=view.grasshoppers_waiting))
    if view.grasshoppers_set_aside:
        facts.append(words.text("Grasshoppers set aside {n}", n=view.grasshoppers_set_aside))
    lines = [" · ".join(facts)]
    if view.known_in_deck:
        seen = ", ".join(card_name(c, words) for c in view.known_in_deck)
        lines.append(words.text("Seen going under the deck: {cards}", cards=seen))
    if view.ferwig_this_turn or view.ferwig_next_draws:
        lines.append(
            words.plural(
                "The Ferwig-Radishers cut the next {n} draw(s).",
                "The Ferwig-Radishers cut the next {n} draw(s).",
                view.ferwig_next_draws or 1,
            )
        )
    return "\n".join(lines)


def neighbours_text(view: CabbageheadView, words: Words = ENGLISH) -> str:
    return "\n".join([_written(n, words, _neighbour_line) for n in view.neighbours])


def _neighbour_line(neighbour: NeighbourView, words: Words) -> str:
    return words.plural("{name}: {n} token", "{name}: {n} tokens", neighbour.count, name=neighbour.name)


def seat_label(seat: int, names: list[str], words: Words = ENGLISH) -> str:
    return names[seat] if 0 <= seat < len(names) else words.text("Seat {n}", n=seat + 1)


def decision_text(view: CabbageheadView, names: list[str], words: Words = ENGLISH) -> str:
    """Who is to move and what they decide, from the view's `to_move` and `decision_task`."""
    if view.game_over or view.decision_task is None:
        return words.text("The game is over.")
    who = ", ".join(seat_label(s, names, words) for s in view.to_move)
    return words.text("{who}: {task}.", who=who, task=value(words, view.decision_task))
