"""Mr. Cabbagehead's Garden: setup, the turn, the Neighbour Phase and the end, for 1 or 2 players.

The flow runs every automatic step (drawing, revealing tokens, the Neighbour Phase) until some seat
has a decision: plant a card (`plant`), place a Grasshopper (`grasshopper`), place or drop a Rose
(`rose`), or, with two players, choose the card to pass and the one to put under the deck (`pass`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from engine.api import Event, IllegalAction, Result, Viewer
from engine.cabbagehead import neighbours as nb
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
    decode,
    encode,
)
from engine.cabbagehead.deck import Vegetable, deck
from engine.cabbagehead.draws import LocalRng
from engine.cabbagehead.outcome import final_result
from engine.cabbagehead.plot import (
    Garden,
    can_plant_at,
    cell_at,
    hopper_slots,
    plant_slots,
    realign,
    rose_slots,
    slot_label,
)
from engine.cabbagehead.rounds import after_reveal, end_turn, fill_row, reveal, start_turn
from engine.cabbagehead.state import (
    FIRST_GRASSHOPPER,
    GRASSHOPPER_TOKENS,
    HOLIDAY,
    ROSE,
    TOKENS_PER_NEIGHBOUR,
    CabbageheadOptions,
    CabbageheadState,
    copy_game_state,
)
from engine.cabbagehead.view import CabbageheadView, build_view, card_marker, token_marker
from engine.cabbagehead.wording import describe, seat_name
from engine.rng import Rng

SOLO_BEES = 3
DUO_BEES = 2


class CabbageheadGame:
    """The rules object registered as "cabbagehead"."""

    name = "cabbagehead"
    title = "Mr. Cabbagehead's Garden"
    min_seats = 1
    max_seats = 2
    options_model = CabbageheadOptions
    state_model = CabbageheadState
    #: Everything is on the table (ruling 12): a seat's view is the spectator's, named for the seat.
    public_view = True

    def __init__(self) -> None:
        self.cards: tuple[Vegetable, ...] = deck()
        self.names = [card.name for card in self.cards]

    # ----------------------------------------------------------------- setup

    def choose_neighbours(self, options: CabbageheadOptions, rng: LocalRng) -> list[str]:
        """The four Neighbour keys for `options` (ValueError with a reason if impossible)."""
        if options.neighbour_set == "original":
            if options.chosen:
                raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
            return list(nb.ORIGINAL_KEYS)
        if options.neighbour_set == "new":
            if options.chosen:
                raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
            return sorted(rng.sample(nb.NEW_KEYS, 4), key=[n.key for n in nb.NEIGHBOURS].index)
        if options.neighbour_set == "random":
            if options.chosen:
                raise ValueError("Choose Neighbours by name only with the 'chosen' Neighbour set.")
            keys = [n.key for n in nb.NEIGHBOURS]
            return sorted(rng.sample(keys, 4), key=keys.index)
        found: list[str] = []
        for wanted in options.chosen:
            neighbour = nb.find_neighbour(wanted)
            if neighbour is None:
                names = ", ".join(n.name for n in nb.NEIGHBOURS)
                raise ValueError(f"There is no Neighbour called {wanted!r}. The Neighbours are: {names}.")
            if neighbour.key in found:
                raise ValueError(f"{neighbour.name} is chosen twice; choose 4 different Neighbours.")
            found.append(neighbour.key)
        if len(found) != 4:
            raise ValueError(f"Choose exactly 4 Neighbours (you chose {len(found)}).")
        return found

    def create(self, options: CabbageheadOptions, seats: int, seed: int) -> CabbageheadState:
        if seats not in (1, 2):
            raise ValueError("Mr. Cabbagehead's Garden is for 1 or 2 players.")
        if options.eudora and seats != 1:
            raise ValueError("Romancing Eudora is for the one-player game only.")
        seeded = Rng.from_seed(seed)
        rng = LocalRng(seeded)
        keys = self.choose_neighbours(options, rng)
        vegetables = list(range(len(self.cards)))
        rng.shuffle(vegetables)
        # Piles listed top to bottom, each ending with its 'On Holiday' card where it has one.
        if seats == 1:
            piles = [vegetables[0:15], vegetables[15:30], vegetables[30:45]]
            if options.eudora:
                for k, pile in enumerate(piles):
                    pile.append(ROSE + k)
                    rng.shuffle(pile)
            top_down = [*piles[0], HOLIDAY, *piles[1], HOLIDAY + 1, *piles[2], HOLIDAY + 2]
        else:
            top_down = [*vegetables[0:21], HOLIDAY, *vegetables[21:41], HOLIDAY + 1, *vegetables[41:45]]
        # Face-down tokens: each reveal picks one of them at random, which is what shuffling them
        # face down achieves, so the pool needs no shuffle of its own.
        tokens = list(range(4 * TOKENS_PER_NEIGHBOUR))
        if options.grasshoppers:
            tokens += list(range(FIRST_GRASSHOPPER, FIRST_GRASSHOPPER + GRASSHOPPER_TOKENS))
        bees = SOLO_BEES if seats == 1 else DUO_BEES
        first = 0
        if seats == 2:
            first = options.first_seat if options.first_seat is not None else rng.below(2)
        rng.store(seeded)
        state = CabbageheadState(
            options=options,
            seats=seats,
            rng=seeded,
            neighbours=keys,
            deck=top_down[::-1],
            gardens=[Garden.empty(options.fixed_grid, bees) for _ in range(seats)],
            hive=bees,
            pool=tokens,
            first=first,
            active=first,
        )
        start_turn(state, [])
        return state

    # ---------------------------------------------------------- questions

    def is_terminal(self, state: CabbageheadState) -> bool:
        return state.phase == "over"

    def to_move(self, state: CabbageheadState) -> list[int]:
        return [] if state.phase == "over" else [state.active]

    def copy_state(self, state: CabbageheadState) -> CabbageheadState:
        """A fast independent copy for computer players' search (same as engine.api.copy_state)."""
        return copy_game_state(state)

    def rounds_played(self, state: CabbageheadState) -> int:
        return state.round

    def plant_cost(self, state: CabbageheadState, pos: int) -> int | None:
        """Bees the planting gives the supply (-1, 0, +1), or None if it cannot be paid."""
        if state.ferwig_now or pos == 1:
            return 0
        if pos == 0:
            return -1 if state.gardens[state.active].bees > 0 else None
        return 1 if state.hive > 0 else None

    def legal_actions(self, state: CabbageheadState, seat: int) -> Sequence[CabbageheadAction]:
        if state.phase == "over" or seat != state.active:
            return []
        garden = state.gardens[seat]
        cols = garden.cols
        if state.phase == "plant":
            cards = self.cards
            slots = plant_slots(garden, self.names)
            heads = []
            for pos in range(3):
                card = state.row[pos]
                if card >= 0:
                    bees = self.plant_cost(state, pos)
                    if bees is not None:
                        heads.append((pos, cards[card].name, bees))
            return PlantChoices(heads, slots)
        if state.phase == "grasshopper":
            return [PlaceGrasshopper(i // cols + 1, i % cols + 1) for i in hopper_slots(garden)]
        if state.phase == "rose":
            return [*(PlaceRose(i // cols + 1, i % cols + 1) for i in rose_slots(garden)), SkipRose()]
        left = [p for p in range(3) if state.row[p] >= 0]
        names = [self.cards[state.row[p]].name if state.row[p] >= 0 else "" for p in range(3)]
        if len(left) == 1:
            return [Pass(left[0], names[left[0]], to) for to in range(3)]
        return [
            Pass(give, names[give], to, bottom, names[bottom])
            for give in left
            for bottom in left
            if bottom != give
            for to in range(3)
        ]

    # ---------------------------------------------------------------- apply

    def apply(self, state: CabbageheadState, seat: int, action: CabbageheadAction) -> list[Event]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != state.active:
            raise IllegalAction("It is not your turn.")
        ev: list[Event] = []
        if isinstance(action, Plant):
            self._plant(state, action, ev)
        elif isinstance(action, PlaceGrasshopper):
            self._place_grasshopper(state, action, ev)
        elif isinstance(action, PlaceRose | SkipRose):
            self._rose(state, action, ev)
        elif isinstance(action, Pass):
            self._pass(state, action, ev)
        else:
            raise IllegalAction("That is not a move in Mr. Cabbagehead's Garden.")
        return ev

    def _wrong_phase(self, state: CabbageheadState) -> IllegalAction:
        wanted = {
            "plant": "plant one of the drawn cards",
            "grasshopper": "place the Grasshopper",
            "rose": "place the Rose or remove it",
            "pass": "choose the card to pass",
        }[state.phase]
        return IllegalAction(f"Not now: first {wanted}.")

    def _plant(self, state: CabbageheadState, action: Plant, ev: list[Event]) -> None:
        if state.phase != "plant":
            raise self._wrong_phase(state)
        pos = action.position
        if not 0 <= pos <= 2 or state.row[pos] < 0:
            raise IllegalAction("There is no card in that place of the row.")
        card = state.row[pos]
        veg = self.cards[card]
        if veg.name != action.vegetable:
            raise IllegalAction(f"The {POSITIONS[pos]} card is a {veg.name}, not a {action.vegetable}.")
        bees = self.plant_cost(state, pos)
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
        if action.replaces != (self.cards[old].name if old >= 0 else ""):
            raise IllegalAction("That slot has changed; choose again.")
        label = slot_label(garden, cell).lower()
        who = seat_name(state.active)
        if old >= 0:
            garden.compost.append(old)
            ev.append(
                Event(
                    kind="compost",
                    text=f"{who} sends the {describe(self.cards[old])} to the Compost (-2 at the end).",
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
        cost = {-1: "paying 1 Bee to the hive", 0: "for free", 1: "taking 1 Bee from the hive"}[bees]
        ev.append(
            Event(kind="plant", text=f"{who} plants the {POSITIONS[pos]} {describe(veg)} in {label}, {cost}.")
        )
        realign(garden, cell)
        rest = [c for c in state.row if c >= 0]
        if rest:
            reveal(state, max(rest, key=lambda c: self.cards[c].vegetable_number), ev)
        if state.seats == 1:
            state.discard.extend(rest)
            state.row[:] = [-1, -1, -1]
        after_reveal(state, ev)

    def _place_grasshopper(self, state: CabbageheadState, action: PlaceGrasshopper, ev: list[Event]) -> None:
        if state.phase != "grasshopper":
            raise self._wrong_phase(state)
        garden = state.gardens[state.active]
        cell = cell_at(garden, action.row, action.col)
        if cell not in hopper_slots(garden):
            raise IllegalAction("A Grasshopper goes on an empty slot directly next to a Vegetable.")
        token = state.hoppers_waiting.pop(0)
        garden.hoppers[cell] = token
        ev.append(
            Event(
                kind="grasshopper",
                text=f"{seat_name(state.active)} places a Grasshopper in {slot_label(garden, cell).lower()}.",
            )
        )
        realign(garden, cell)
        after_reveal(state, ev)

    def _rose(self, state: CabbageheadState, action: PlaceRose | SkipRose, ev: list[Event]) -> None:
        if state.phase != "rose":
            raise self._wrong_phase(state)
        garden = state.gardens[state.active]
        rose = state.row[state.rose_at]
        if isinstance(action, PlaceRose):
            cell = cell_at(garden, action.row, action.col)
            if cell not in rose_slots(garden):
                raise IllegalAction(
                    "A Rose must lie over two side-by-side Vegetables not already under a Rose."
                )
            garden.roses[cell] = garden.roses[cell + 1] = rose - ROSE
            text = (
                f"{seat_name(state.active)} lays the Rose over {slot_label(garden, cell).lower()} "
                "and the card to its right."
            )
        else:
            state.removed.append(rose)
            text = f"{seat_name(state.active)} removes the Rose from the game."
        ev.append(Event(kind="rose", text=text + " Another card is drawn in its place."))
        state.row[state.rose_at] = -1
        state.rose_at = -1
        fill_row(state, ev)

    def _pass(self, state: CabbageheadState, action: Pass, ev: list[Event]) -> None:
        if state.phase != "pass":
            raise self._wrong_phase(state)
        row = state.row
        left = [p for p in range(3) if row[p] >= 0]
        wanted_bottom = -1 if len(left) == 1 else next((p for p in left if p != action.give), -1)
        if (
            action.give not in left
            or action.bottom != wanted_bottom
            or not 0 <= action.to <= 2
            or self.cards[row[action.give]].name != action.vegetable
            or (action.bottom >= 0 and self.cards[row[action.bottom]].name != action.bottom_vegetable)
        ):
            raise IllegalAction("Pass one of the two cards left and put the other under the deck.")
        who, other = seat_name(state.active), seat_name(1 - state.active)
        if action.bottom >= 0:
            card = row[action.bottom]
            state.deck.insert(0, card)
            state.known_in_deck.append(card)
            ev.append(
                Event(
                    kind="bottom",
                    text=f"{who} puts the {describe(self.cards[card])} at the bottom of the deck.",
                )
            )
        state.passed = row[action.give]
        state.passed_to = action.to
        ev.append(
            Event(
                kind="pass",
                text=f"{who} passes the {describe(self.cards[state.passed])} to "
                f"{other}, {PLACES[action.to]} of their row.",
            )
        )
        state.row = [-1, -1, -1]
        state.passed_in_at = -1
        end_turn(state, ev)

    # -------------------------------------------------------------- the end

    def result(self, state: CabbageheadState) -> Result:
        return final_result(state)

    # ------------------------------------------------- views, codec, secrets

    def view(self, state: CabbageheadState, viewer: Viewer) -> CabbageheadView:
        return build_view(self, state, viewer)

    def encode_action(self, action: CabbageheadAction) -> dict[str, Any]:
        return encode(action)

    def decode_action(self, data: dict[str, Any]) -> CabbageheadAction:
        return decode(data)

    def secrets(self, state: CabbageheadState) -> dict[Viewer, set[str]]:
        known = set(state.known_in_deck)
        hidden = {card_marker(self.cards, c) for c in state.deck if c not in known}
        hidden |= {token_marker(t) for t in state.pool}
        return {None: hidden}

    def conformance_options(self) -> list[BaseModel]:
        """Option sets the conformance suite plays; it plays each only at the seat counts `create`
        accepts, so the Romancing Eudora sets (one player only) are played solo."""
        return [
            CabbageheadOptions(),
            CabbageheadOptions(neighbour_set="new", grasshoppers=True),
            CabbageheadOptions(neighbour_set="random", fixed_grid=True),
            CabbageheadOptions(
                neighbour_set="chosen",
                chosen=["ferwig", "bernard", "peapod", "pomme_frites"],
                grasshoppers=True,
                first_seat=1,
            ),
            CabbageheadOptions(
                neighbour_set="chosen",
                chosen=["callahan", "leafygreens", "ferwig", "pomme_frites"],
                grasshoppers=True,
                fixed_grid=True,
            ),
            CabbageheadOptions(eudora=True),
            CabbageheadOptions(neighbour_set="new", eudora=True, grasshoppers=True, fixed_grid=True),
        ]


GAME = CabbageheadGame()
