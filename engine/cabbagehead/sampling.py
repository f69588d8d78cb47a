"""A whole game state consistent with what one viewer sees, the hidden parts dealt at random.

For computer players that search over sampled hidden information: they may read only a seat's
view, and this turns a view back into a state the rules can play on. In Mr. Cabbagehead's Garden
only the deck order and the face-down tokens are hidden (ruling 12): the unseen Vegetables are
shuffled into the places of the deck that the piles' structure leaves them ('On Holiday' cards at
their known depths, each unseen Rose inside its own pile, cards put under the deck in the order
everyone saw), and the game's generator gets a fresh random state, so token reveals differ too.
"""

from __future__ import annotations

from engine.cabbagehead.actions import POSITIONS
from engine.cabbagehead.deck import deck
from engine.cabbagehead.plot import COLUMN_LETTERS, PLOT_COLS, PLOT_ROWS, Garden, realign
from engine.cabbagehead.state import (
    FIRST_GRASSHOPPER,
    GRASSHOPPER_TOKENS,
    HOLIDAY,
    ROSE,
    TOKENS_PER_NEIGHBOUR,
    CabbageheadOptions,
    CabbageheadState,
)
from engine.cabbagehead.view_models import CabbageheadView, GardenView
from engine.rng import Rng

_SOLO_PILE = 15
_DUO_PILES = (21, 20, 4)


def _card_index() -> dict[str, int]:
    return {card.card_id: card.index for card in deck()}


def _marker_card(marker: str) -> int:
    """'holiday2' -> HOLIDAY + 1, 'rose3' -> ROSE + 2."""
    if marker.startswith("holiday"):
        return HOLIDAY + int(marker[len("holiday") :]) - 1
    if marker.startswith("rose"):
        return ROSE + int(marker[len("rose") :]) - 1
    raise ValueError(f"unexpected removed card {marker!r}")


def _garden(view: GardenView, index: dict[str, int], hoppers: list[int]) -> Garden:
    """The garden back from its frame: the frame's top-left is the canvas' top-left (plot.py), and
    the frame's first column letter and row number give the origin (slot names, ruling 24)."""
    garden = Garden.empty(view.fixed_grid, view.bees)
    garden.planted = view.planted
    if view.column_letters and view.row_numbers:
        garden.origin_row = view.row_numbers[0] - 1
        garden.origin_col = COLUMN_LETTERS.index(view.column_letters[0])
    if not view.fixed_grid:
        # A frame 3 rows high (6 columns wide) means fixed rows (columns): ruling 4.
        garden.rows_fixed, garden.cols_fixed = view.rows == PLOT_ROWS, view.cols == PLOT_COLS
    garden.compost = [index[card.id] for card in view.compost]
    cols = garden.cols
    for slot in view.slots:
        cell = (slot.row - 1) * cols + (slot.col - 1)
        if slot.card is not None:
            garden.cells[cell] = index[slot.card.id]
        if slot.grasshopper:
            garden.hoppers[cell] = hoppers.pop(0)
        if slot.rose is not None:
            garden.roses[cell] = slot.rose - 1
    realign(garden)
    return garden


def _template(seats: int, eudora: bool) -> list[tuple[str, int]]:
    """The deck as set up, top to bottom: ("veg", pile) places and ("holiday", k) cards."""
    places: list[tuple[str, int]] = []
    if seats == 1:
        for pile in range(3):
            places += [("veg", pile)] * (_SOLO_PILE + (1 if eudora else 0))
            places.append(("holiday", pile))
    else:
        for pile, size in enumerate(_DUO_PILES):
            places += [("veg", pile)] * size
            if pile < 2:
                places.append(("holiday", pile))
    return places


def sample_state(view: CabbageheadView, rng: Rng) -> CabbageheadState:
    """A state whose view for `view.viewer` is exactly `view`; deck order and tokens are random."""
    index = _card_index()
    seen: set[int] = set()

    tiles = [[int(token[len("token") :]) for token in n.tokens] for n in view.neighbours]
    placed_hoppers = sum(1 for g in view.gardens for slot in g.slots if slot.grasshopper)
    on_tiles = sum(len(tile) for tile in tiles)
    all_tokens = (
        view.face_down_tokens
        + on_tiles
        + placed_hoppers
        + view.grasshoppers_waiting
        + view.grasshoppers_set_aside
    )
    grasshoppers = all_tokens > 4 * TOKENS_PER_NEIGHBOUR
    first_hopper = FIRST_GRASSHOPPER
    hopper_ids = list(range(first_hopper, first_hopper + GRASSHOPPER_TOKENS) if grasshoppers else [])
    gardens = [_garden(g, index, hopper_ids) for g in view.gardens]
    waiting = [hopper_ids.pop(0) for _ in range(view.grasshoppers_waiting)]
    set_aside = [hopper_ids.pop(0) for _ in range(view.grasshoppers_set_aside)]
    on_tile = {token for tile in tiles for token in tile}
    pool = [t for t in range(4 * TOKENS_PER_NEIGHBOUR) if t not in on_tile] + hopper_ids
    if len(pool) != view.face_down_tokens:
        raise ValueError("the view's tokens do not add up")
    rng.shuffle(pool)

    roses_seen: set[int] = set()
    for garden in gardens:
        seen.update(card for card in garden.cells if card >= 0)
        seen.update(garden.compost)
        roses_seen.update(ROSE + r for r in garden.roses if r >= 0)
    row = []
    for place in view.row:
        if place.card is not None:
            row.append(index[place.card.id])
        elif place.rose is not None:
            row.append(_marker_card(place.rose))
        else:
            row.append(-1)
    seen.update(card for card in row if 0 <= card < HOLIDAY)
    roses_seen.update(card for card in row if card >= ROSE)
    discard = [index[card.id] for card in view.discard]
    known = [index[card.id] for card in view.known_in_deck]
    passed = index[view.passed_card.id] if view.passed_card is not None else -1
    seen.update(discard)
    seen.update(known)
    if passed >= 0:
        seen.add(passed)
    removed = [_marker_card(marker) for marker in view.removed]
    roses_seen.update(card for card in removed if card >= ROSE)

    unseen = [card.index for card in deck() if card.index not in seen]
    total = view.deck_cards_left + len(seen) + len(removed) + len(roses_seen - set(removed))
    eudora = view.seats == 1 and total == len(deck()) + 6
    originals = view.deck_cards_left - len(known)
    template = _template(view.seats, eudora)
    places = template[len(template) - originals :] if originals else []
    veg_places = [i for i, (what, _) in enumerate(places) if what == "veg"]
    top_down: list[int] = [-1] * len(places)
    for i, (what, k) in enumerate(places):
        if what == "holiday":
            top_down[i] = HOLIDAY + k
    if eudora:
        for k in range(3):
            if ROSE + k not in roses_seen:
                in_pile = [i for i in veg_places if places[i][1] == k]
                if not in_pile:
                    raise ValueError("the view's Roses do not add up")
                spot = in_pile[rng.below(len(in_pile))]
                top_down[spot] = ROSE + k
                veg_places.remove(spot)
    if len(veg_places) != len(unseen):
        raise ValueError("the view's cards do not add up to the deck")
    rng.shuffle(unseen)
    for spot, card in zip(veg_places, unseen, strict=True):
        top_down[spot] = card
    top_down += known

    fixed = view.gardens[0].fixed_grid
    rose_at = next((p for p, place in enumerate(view.row) if place.rose is not None), -1)
    return CabbageheadState(
        options=CabbageheadOptions(
            neighbour_set="chosen",
            chosen=[n.key for n in view.neighbours],
            grasshoppers=grasshoppers,
            eudora=eudora,
            fixed_grid=fixed,
            first_seat=view.first_seat if view.seats == 2 else None,
        ),
        seats=view.seats,
        rng=Rng(state=rng.next_u64()),
        neighbours=[n.key for n in view.neighbours],
        deck=top_down[::-1],
        known_in_deck=known,
        row=row,
        passed=passed,
        passed_to=POSITIONS.index(view.passed_to) if view.passed_to is not None and passed >= 0 else -1,
        passed_in_at=next((p for p, place in enumerate(view.row) if place.passed_in), -1),
        gardens=gardens,
        hive=view.hive,
        bees_removed=view.bees_removed,
        pool=pool,
        tiles=tiles,
        set_aside=set_aside,
        hoppers_waiting=waiting,
        discard=discard,
        removed=removed,
        round=view.round,
        first=view.first_seat,
        active=view.to_move[0] if view.to_move else 0,
        turns=view.turn - 1,
        phase=view.decision,
        rose_at=rose_at if view.decision == "rose" else -1,
        ferwig_turns=view.ferwig_next_draws,
        ferwig_now=view.ferwig_this_turn,
        visits=view.visits,
    )
