"""The decisions of Mr. Cabbagehead's Garden: who is to move, the legal actions, and applying them.

A player's action is checked here and played; the automatic part of the turn that follows
(revealing tokens, drawing, the Neighbour Phase) is in rounds.py. Ruling numbers refer to
docs/rules/cabbagehead.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.api import Event, FieldValue, IllegalAction
from engine.cabbagehead.actions import (
    POSITIONS,
    CabbageheadAction,
    Pass,
    PlaceGrasshopper,
    PlaceRose,
    Plant,
    PlantChoices,
    SkipRose,
)
from engine.cabbagehead.deck import deck
from engine.cabbagehead.plot import cell_at, names_of, realign, slot_label
from engine.cabbagehead.rounds import after_reveal, end_turn, fill_row, reveal
from engine.cabbagehead.slots import can_plant_at, hopper_slots, plant_slots, rose_slots
from engine.cabbagehead.state import ROSE, CabbageheadState
from engine.cabbagehead.wording import card_fields, say
from engine.text import N_

#: What a player must do first, refusing a move of another phase (the whole sentence, so that
#: it is one entry of the catalogs).
_WRONG_PHASE = {
    "plant": N_("Not now: first plant one of the drawn cards."),
    "grasshopper": N_("Not now: first place the Grasshopper."),
    "rose": N_("Not now: first place the Rose or remove it."),
    "pass": N_("Not now: first choose the card to pass."),
}
#: The planting's log line by the card's place in the row and what it did to the Bees: static
#: templates, one per case, so each is one entry of the catalogs.
_PLANTS = {
    (0, -1): N_("{actor} plants the left {card} #{number} in {slot}, paying 1 Bee to the hive."),
    (0, 0): N_("{actor} plants the left {card} #{number} in {slot}, for free."),
    (1, 0): N_("{actor} plants the centre {card} #{number} in {slot}, for free."),
    (2, 0): N_("{actor} plants the right {card} #{number} in {slot}, for free."),
    (2, 1): N_("{actor} plants the right {card} #{number} in {slot}, taking 1 Bee from the hive."),
}
#: The wrong card named in a planting, by its place in the row.
_NOT_THAT_CARD = (
    N_("The left card is a {card}, not a {vegetable}."),
    N_("The centre card is a {card}, not a {vegetable}."),
    N_("The right card is a {card}, not a {vegetable}."),
)
#: Where a passed card lies in the receiver's row.
_PASSES = (
    N_("{actor} passes the {card} #{number} to {receiver}, on the left of their row."),
    N_("{actor} passes the {card} #{number} to {receiver}, in the centre of their row."),
    N_("{actor} passes the {card} #{number} to {receiver}, on the right of their row."),
)


@cache
def card_names() -> list[str]:
    """Each card's vegetable, by card index (made once)."""
    return [card.name for card in deck()]


def to_move(state: CabbageheadState) -> list[int]:
    return [] if state.phase == "over" else [state.active]


def plant_cost(state: CabbageheadState, pos: int) -> int | None:
    """Bees the planting gives the supply (-1, 0, +1), or None if it cannot be paid."""
    if state.ferwig_now or pos == 1:
        return 0
    if pos == 0:
        return -1 if state.gardens[state.active].bees > 0 else None
    return 1 if state.hive > 0 else None


def legal_actions(state: CabbageheadState, seat: int) -> Sequence[CabbageheadAction]:
    if state.phase == "over" or seat != state.active:
        return []
    garden = state.gardens[seat]
    cols = garden.cols
    cards = deck()
    if state.phase == "plant":
        slots = plant_slots(garden, card_names())
        heads = []
        for pos in range(3):
            card = state.row[pos]
            if card >= 0:
                bees = plant_cost(state, pos)
                if bees is not None:
                    heads.append((pos, cards[card].name, bees))
        return PlantChoices(heads, slots)
    if state.phase == "grasshopper":
        slot = names_of(garden)
        return [
            PlaceGrasshopper(i // cols + 1, i % cols + 1, "grasshopper", slot[i])
            for i in hopper_slots(garden)
        ]
    if state.phase == "rose":
        slot = names_of(garden)
        places = [PlaceRose(i // cols + 1, i % cols + 1, "rose", slot[i]) for i in rose_slots(garden)]
        return [*places, SkipRose()]
    left = [p for p in range(3) if state.row[p] >= 0]
    names = [cards[state.row[p]].name if state.row[p] >= 0 else "" for p in range(3)]
    if len(left) == 1:
        return [Pass(left[0], names[left[0]], to) for to in range(3)]
    return [
        Pass(give, names[give], to, bottom, names[bottom])
        for give in left
        for bottom in left
        if bottom != give
        for to in range(3)
    ]


def apply(state: CabbageheadState, seat: int, action: CabbageheadAction) -> list[Event]:
    """Check `action` for `seat` and play it, then run the turn on to the next decision."""
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if seat != state.active:
        raise IllegalAction("It is not your turn.")
    ev: list[Event] = []
    if isinstance(action, Plant):
        _plant(state, action, ev)
    elif isinstance(action, PlaceGrasshopper):
        _place_grasshopper(state, action, ev)
    elif isinstance(action, PlaceRose | SkipRose):
        _rose(state, action, ev)
    elif isinstance(action, Pass):
        _pass(state, action, ev)
    else:
        raise IllegalAction("That is not a move in Mr. Cabbagehead's Garden.")
    return ev


def _wrong_phase(state: CabbageheadState) -> IllegalAction:
    return IllegalAction(_WRONG_PHASE[state.phase])


def _plant(state: CabbageheadState, action: Plant, ev: list[Event]) -> None:
    if state.phase != "plant":
        raise _wrong_phase(state)
    cards = deck()
    pos = action.position
    if not 0 <= pos <= 2 or state.row[pos] < 0:
        raise IllegalAction("There is no card in that place of the row.")
    card = state.row[pos]
    veg = cards[card]
    if veg.name != action.vegetable:
        raise IllegalAction(_NOT_THAT_CARD[pos].format(card=veg.name, vegetable=action.vegetable))
    bees = plant_cost(state, pos)
    if bees is None:
        raise IllegalAction(
            N_("You have no Bee to pay for the left card.")
            if pos == 0
            else N_("The Beehive is empty, so the right card cannot be chosen.")
        )
    if bees != action.bees:
        raise IllegalAction("That card's Bee cost has changed; choose again.")
    garden = state.gardens[state.active]
    cell = cell_at(garden, action.row, action.col)
    if cell < 0 or not can_plant_at(garden, cell):
        raise IllegalAction("That slot is outside the 6 x 3 garden plot.")
    old = garden.cells[cell]
    if action.replaces != (cards[old].name if old >= 0 else ""):
        raise IllegalAction("That slot has changed; choose again.")
    name = slot_label(garden, cell)
    who = {"actor": state.active}
    if old >= 0:
        garden.compost.append(old)
        ev.append(
            say(
                "compost",
                "{actor} sends the {card} #{number} to the Compost (-2 at the end).",
                seats=who,
                fields=card_fields(cards[old]),
            )
        )
    garden.cells[cell] = card
    garden.planted += 1
    state.row[pos] = -1
    if bees < 0:
        garden.bees -= 1
        state.hive += 1
    elif bees > 0:
        garden.bees += 1
        state.hive -= 1
    ev.append(
        say(
            "plant",
            _PLANTS[pos, bees],
            seats=who,
            fields={
                **card_fields(veg),
                "position": POSITIONS[pos],
                "row": action.row,
                "col": action.col,
                "slot": name,
                "bees": bees,
            },
        )
    )
    stranded: list[str] = []
    hoppers_before = [t for t in garden.hoppers if t >= 0] if max(garden.hoppers) >= 0 else []
    realign(garden, cell, stranded)
    if stranded:
        # A stranded Grasshopper is not lost: it waits beside the tiles with those that found no
        # slot, and goes back among the face-down tokens at the Neighbour Phase (rulings 4 and 9).
        state.set_aside.extend(t for t in hoppers_before if t not in garden.hoppers)
    for slot in stranded:
        ev.append(
            say(
                "grasshopper_gone",
                "The Grasshopper in {slot} is left outside {actor}'s plot: it waits by the tiles.",
                seats=who,
                fields={"slot": slot},
            )
        )
    rest = [c for c in state.row if c >= 0]
    if rest:
        reveal(state, max(rest, key=lambda c: cards[c].vegetable_number), ev)
    if state.seats == 1:
        state.discard.extend(rest)
        state.row[:] = [-1, -1, -1]
    after_reveal(state, ev)


def _place_grasshopper(state: CabbageheadState, action: PlaceGrasshopper, ev: list[Event]) -> None:
    if state.phase != "grasshopper":
        raise _wrong_phase(state)
    garden = state.gardens[state.active]
    cell = cell_at(garden, action.row, action.col)
    if cell not in hopper_slots(garden):
        raise IllegalAction("A Grasshopper goes on an empty slot directly next to a Vegetable.")
    token = state.hoppers_waiting.pop(0)
    garden.hoppers[cell] = token
    name = slot_label(garden, cell)
    ev.append(
        say(
            "grasshopper",
            "{actor} places a Grasshopper in {slot}.",
            seats={"actor": state.active},
            fields={"row": action.row, "col": action.col, "slot": name},
        )
    )
    # A slot holding only a Grasshopper is empty: the plot's box and fence stay as they were (ruling 4).
    after_reveal(state, ev)


def _rose(state: CabbageheadState, action: PlaceRose | SkipRose, ev: list[Event]) -> None:
    if state.phase != "rose":
        raise _wrong_phase(state)
    garden = state.gardens[state.active]
    rose = state.row[state.rose_at]
    who = {"actor": state.active}
    if isinstance(action, PlaceRose):
        cell = cell_at(garden, action.row, action.col)
        if cell not in rose_slots(garden):
            raise IllegalAction("A Rose must lie over two side-by-side Vegetables not already under a Rose.")
        garden.roses[cell] = garden.roses[cell + 1] = rose - ROSE
        left = slot_label(garden, cell)
        right = slot_label(garden, cell + 1)
        template = N_(
            "{actor} lays the Rose over {slots[0]} and {slots[1]}. Another card is drawn in its place."
        )
        fields: dict[str, FieldValue] = {
            "rose": rose - ROSE + 1,
            "row": action.row,
            "col": action.col,
            "slots": [left, right],
        }
        ev.append(say("rose_placed", template, seats=who, fields=fields))
    else:
        state.removed.append(rose)
        template = N_("{actor} removes the Rose from the game. Another card is drawn in its place.")
        ev.append(say("rose_removed", template, seats=who, fields={"rose": rose - ROSE + 1}))
    state.row[state.rose_at] = -1
    state.rose_at = -1
    fill_row(state, ev)


def _pass(state: CabbageheadState, action: Pass, ev: list[Event]) -> None:
    if state.phase != "pass":
        raise _wrong_phase(state)
    cards = deck()
    row = state.row
    left = [p for p in range(3) if row[p] >= 0]
    wanted_bottom = -1 if len(left) == 1 else next((p for p in left if p != action.give), -1)
    if (
        action.give not in left
        or action.bottom != wanted_bottom
        or not 0 <= action.to <= 2
        or cards[row[action.give]].name != action.vegetable
        or (action.bottom >= 0 and cards[row[action.bottom]].name != action.bottom_vegetable)
    ):
        raise IllegalAction("Pass one of the two cards left and put the other under the deck.")
    who = {"actor": state.active}
    if action.bottom >= 0:
        card = row[action.bottom]
        state.deck.insert(0, card)
        state.known_in_deck.append(card)
        ev.append(
            say(
                "bottom",
                "{actor} puts the {card} #{number} at the bottom of the deck.",
                seats=who,
                fields=card_fields(cards[card]),
            )
        )
    state.passed = row[action.give]
    state.passed_to = action.to
    ev.append(
        say(
            "pass",
            _PASSES[action.to],
            seats={"actor": state.active, "receiver": 1 - state.active},
            fields={**card_fields(cards[state.passed]), "to": POSITIONS[action.to]},
        )
    )
    state.row = [-1, -1, -1]
    state.passed_in_at = -1
    end_turn(state, ev)
