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
    PLACES,
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
from engine.cabbagehead.wording import card_fields, describe, say
from engine.text import lit

_WANTED = {
    "plant": "plant one of the drawn cards",
    "grasshopper": "place the Grasshopper",
    "rose": "place the Rose or remove it",
    "pass": "choose the card to pass",
}
_COSTS = {-1: "paying 1 Bee to the hive", 0: "for free", 1: "taking 1 Bee from the hive"}


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
    return IllegalAction(f"Not now: first {_WANTED[state.phase]}.")


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
        raise IllegalAction(f"The {POSITIONS[pos]} card is a {veg.name}, not a {action.vegetable}.")
    bees = plant_cost(state, pos)
    if bees is None:
        raise IllegalAction(
            "You have no Bee to pay for the left card."
            if pos == 0
            else "The Beehive is empty, so the right card cannot be chosen."
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
        composted = cards[old]
        ev.append(
            say(
                "compost",
                lambda: f"{{actor}} sends the {lit(describe(composted))} to the Compost (-2 at the end).",
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
            lambda: (
                f"{{actor}} plants the {POSITIONS[pos]} {lit(describe(veg))} in {lit(name)}, {_COSTS[bees]}."
            ),
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
                f"The Grasshopper in {lit(slot)} is left outside {{actor}}'s plot: it waits by the tiles.",
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
            f"{{actor}} places a Grasshopper in {lit(name)}.",
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
    again = " Another card is drawn in its place."
    if isinstance(action, PlaceRose):
        cell = cell_at(garden, action.row, action.col)
        if cell not in rose_slots(garden):
            raise IllegalAction("A Rose must lie over two side-by-side Vegetables not already under a Rose.")
        garden.roses[cell] = garden.roses[cell + 1] = rose - ROSE
        left = slot_label(garden, cell)
        right = slot_label(garden, cell + 1)
        template = f"{{actor}} lays the Rose over {lit(left)} and {lit(right)}.{again}"
        fields: dict[str, FieldValue] = {
            "rose": rose - ROSE + 1,
            "row": action.row,
            "col": action.col,
            "slots": [left, right],
        }
        ev.append(say("rose_placed", template, seats=who, fields=fields))
    else:
        state.removed.append(rose)
        template = f"{{actor}} removes the Rose from the game.{again}"
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
                f"{{actor}} puts the {lit(describe(cards[card]))} at the bottom of the deck.",
                seats=who,
                fields=card_fields(cards[card]),
            )
        )
    state.passed = row[action.give]
    state.passed_to = action.to
    ev.append(
        say(
            "pass",
            f"{{actor}} passes the {lit(describe(cards[state.passed]))} to "
            f"{{receiver}}, {PLACES[action.to]} of their row.",
            seats={"actor": state.active, "receiver": 1 - state.active},
            fields={**card_fields(cards[state.passed]), "to": POSITIONS[action.to]},
        )
    )
    state.row = [-1, -1, -1]
    state.passed_in_at = -1
    end_turn(state, ev)
