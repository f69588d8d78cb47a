"""What a player sees: everything on the table, nothing face down (ruling 12).

The bot and the image renderer build the whole screen from this view plus the legal actions, so it
carries every planted card with its numbers and slot, the open slots under the same labels the
actions use, Grasshoppers, Roses, Bees, the tokens on each Neighbour tile, the drawn row, the card
passed in, the discard pile and the Compost. It never holds the deck order or a face-down token.
The view's models are in view_models.py; this module builds them from a state.
"""

from __future__ import annotations

from engine.api import Phrase, Viewer
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead import rules
from engine.cabbagehead.actions import POSITIONS
from engine.cabbagehead.deck import Vegetable, deck
from engine.cabbagehead.plot import Garden, frame_names, frame_size, names_of, plot_box
from engine.cabbagehead.scoring import rose_pairs, score, vegetable_types
from engine.cabbagehead.slots import hopper_slots, open_slots, rose_slots
from engine.cabbagehead.state import HOLIDAY, ROSE, CabbageheadState, is_holiday, is_rose
from engine.cabbagehead.view_models import (
    CabbageheadView,
    CardView,
    GardenView,
    NeighbourView,
    RoseView,
    RowPlaceView,
    SlotView,
)
from engine.cabbagehead.wording import seat_name
from engine.memo import Memo
from engine.text import N_
from engine.trusted import trusted


def card_marker(cards: tuple[Vegetable, ...], card: int) -> str:
    """The public id of any card: 'veg17' (Vegetable number 17), 'holiday2', 'rose1'."""
    if is_rose(card):
        return f"rose{card - ROSE + 1}"
    if is_holiday(card):
        return f"holiday{card - HOLIDAY + 1}"
    return cards[card].card_id


def token_marker(token: int) -> str:
    return f"token{token}"


#: What a card of the row costs, as the view says it.
_COSTS = {-1: N_("pay 1 bee"), 0: N_("free"), 1: N_("gain 1 bee")}
_DECISIONS = {
    "plant": N_("plant one of the drawn cards"),
    "grasshopper": N_("place the Grasshopper next to a Vegetable"),
    "rose": N_("place the Rose over two side-by-side Vegetables, or remove it"),
    "pass": N_("pass one card to the opponent and put the other under the deck"),
}


def card_view(cards: tuple[Vegetable, ...], card: int) -> CardView:
    return _views_of(cards).cards[card]


SlotKey = tuple[int, int, str, int, bool, int | None, bool, bool]
#: A place of the drawn row: (position, card or -1, bees it gives or None, passed in).
PlaceKey = tuple[int, int, int | None, bool]


class _DeckViews:
    """The views that depend on nothing but the deck and a few numbers, made once and shared by
    every view (no one changes a view): each card's, and each slot's as it stands (most of a
    garden's slots are the same from one version to the next)."""

    def __init__(self, cards: tuple[Vegetable, ...]) -> None:
        self.deck = cards
        self.cards = [
            CardView(
                id=v.card_id,
                vegetable=v.name,
                plural=v.plural,
                points=v.points,
                type_count=v.type_count,
                vegetable_number=v.vegetable_number,
                neighbour_number=v.neighbour_number,
            )
            for v in cards
        ]
        #: By (row, col, label, card or -1, grasshopper, rose, open, in plot).
        self.slots: Memo[SlotKey, SlotView] = Memo(self._slot, 4096)
        #: By (seat, decision, the garden's every field): a move changes one garden at most, and
        #: the others' views (their scores among them) stay as they were (`_garden_view`).
        #: Also by (seat, the garden's every field): the last view made of it, whatever the decision.
        self.gardens: Memo[tuple[object, ...], GardenView] = Memo(self._no_garden, 512)
        #: A frame row's slot views, by what decides them (`garden_view`).
        self.slot_rows: Memo[tuple[int, ...], list[SlotView]] = Memo(self._no_row, 4096)
        #: The drawn row's places (`PlaceKey`): a move changes one or two of the three.
        self.places: Memo[PlaceKey, RowPlaceView] = Memo(self._place, 1024)

    def _no_garden(self, key: tuple[object, ...]) -> GardenView:
        raise KeyError(key)  # made by `_garden_view`, which holds the garden

    def _no_row(self, key: tuple[int, ...]) -> list[SlotView]:
        raise KeyError(key)  # made by `garden_view`, which holds the garden

    def _slot(self, key: SlotKey) -> SlotView:
        row, col, label, card, grasshopper, rose, is_open, in_plot = key
        return trusted(
            SlotView,
            {
                "row": row,
                "col": col,
                "label": label,
                "card": self.cards[card] if card >= 0 else None,
                "grasshopper": grasshopper,
                "rose": rose,
                "open": is_open,
                "in_plot": in_plot,
            },
        )

    def _place(self, key: PlaceKey) -> RowPlaceView:
        pos, card, bees, passed_in = key
        rose = card >= 0 and is_rose(card)
        return trusted(
            RowPlaceView,
            {
                "position": POSITIONS[pos],
                "card": self.cards[card] if card >= 0 and not rose else None,
                "rose": card_marker(self.deck, card) if rose else None,
                "cost": _COSTS[bees if bees is not None else pos - 1],
                "affordable": bees is not None,
                "passed_in": passed_in,
            },
        )


def _neighbour(key: tuple[str, tuple[int, ...]]) -> NeighbourView:
    tile, tokens = key
    found = nb.BY_KEY[tile]
    return trusted(
        NeighbourView,
        {
            "key": tile,
            "name": found.name,
            "expansion": found.expansion,
            "text": found.text,
            "tokens": [token_marker(t) for t in tokens],
            "count": len(tokens),
        },
    )


#: Each Neighbour tile's view by (tile, its tokens): a tile's tokens change a few times a game,
#: so the view of a version shares them with the one before (no one changes a view).
_NEIGHBOURS: Memo[tuple[str, tuple[int, ...]], NeighbourView] = Memo(_neighbour, 1024)


def _decision(phase: str, active: int, seats: int) -> tuple[Phrase, str]:
    """The decision to make as a phrase over its seat, and as the view's text (default names)."""
    task = _DECISIONS.get(phase)
    decision = (
        Phrase(template=N_("The game is over."))
        if task is None
        else Phrase(template=N_("{seat}: {task}."), seats={"seat": active}, values={"task": task})
    )
    return decision, decision.render([seat_name(s) for s in range(seats)])


#: The decision's phrase and text by (phase, seat deciding, seats): a handful a game, validated
#: once each rather than on every version (views are never changed, so they share them).
_DECISION_WORDS: Memo[tuple[str, int, int], tuple[Phrase, str]] = Memo(lambda key: _decision(*key), 256)


#: The views of each deck (a deck is a tuple built once per game object).
_DECK_VIEWS: dict[int, _DeckViews] = {}


def _views_of(cards: tuple[Vegetable, ...]) -> _DeckViews:
    known = _DECK_VIEWS.get(id(cards))
    if known is None or known.deck is not cards:
        known = _DECK_VIEWS[id(cards)] = _DeckViews(cards)
    return known


def _rose_words(names: tuple[str, ...], cell: int) -> str:
    """'F3 and G3': a place for a Rose, as the PlaceRose action names it."""
    return f"{names[cell]} and {names[cell + 1]}"


def _garden_view(cards: tuple[Vegetable, ...], seat: int, garden: Garden, choosing: str) -> GardenView:
    """`garden_view`, the same again while the garden stays as it was (keyed by its every field)."""
    memo = _views_of(cards).gardens
    fields = tuple([tuple(v) if type(v) is list else v for v in garden.__dict__.values()])
    key = (seat, choosing, fields)
    known = memo.get(key)
    if known is None:
        # The same garden seen with another decision (two players: a turn passed from one to the
        # other, whose gardens stayed as they were): everything but its legal slots stands.
        seen = memo.get((seat, fields))
        known = garden_view(cards, seat, garden, choosing) if seen is None else _deciding(seen, choosing)
        memo.keep((seat, fields), known)
        memo.keep(key, known)
    return known


def _deciding(view: GardenView, choosing: str) -> GardenView:
    """`view` with the legal slots of `choosing` (as `garden_view` has them: the open slots while
    planting, the Grasshopper slots while placing one, none otherwise)."""
    legal = (
        view.open_slots
        if choosing == "plant"
        else view.grasshopper_slots
        if choosing == "grasshopper"
        else []
    )
    return trusted(GardenView, {**view.__dict__, "legal_slots": list(legal)})


def _row_slots(
    slot_views: Memo[SlotKey, SlotView],
    names: tuple[str, ...],
    garden: Garden,
    r: int,
    cols: int,
    opened: set[int],
    box: tuple[int, int, int, int] | None,
) -> list[SlotView]:
    """The views of the frame's row `r` (from 0), its `cols` slots left to right."""
    cells, hoppers, under_roses = garden.cells, garden.hoppers, garden.roses
    top, bottom, left, right = box if box is not None else (1, 0, 1, 0)  # no box: nothing in the plot
    row, start = r + 1, r * garden.cols
    found = []
    for c in range(cols):
        i, col = start + c, c + 1
        rose = under_roses[i]
        found.append(
            slot_views[
                row,
                col,
                names[i],
                cells[i] if cells[i] >= 0 else -1,
                hoppers[i] >= 0,
                rose + 1 if rose >= 0 else None,
                i in opened,
                top < row <= bottom + 1 and left < col <= right + 1,
            ]
        )
    return found


def garden_view(cards: tuple[Vegetable, ...], seat: int, garden: Garden, choosing: str = "") -> GardenView:
    """The garden's view; `choosing` is the decision its owner makes now ("plant", "grasshopper",
    ...; "" when they make none), for `legal_slots`. Built from the checked state without
    validating it again (engine/trusted.py): every field in field order, no list the state holds."""
    rows, cols = frame_size(garden)
    names = names_of(garden)
    letters, numbers = frame_names(garden)
    views = _views_of(cards)
    card_views, slot_views = views.cards, views.slots
    ordered = open_slots(garden)
    opened = set(ordered)
    hoppers_at = hopper_slots(garden)
    box = plot_box(garden)
    cells, hoppers, under_roses = garden.cells, garden.hoppers, garden.roses
    top, bottom, left, right = box if box is not None else (1, 0, 1, 0)  # no box: nothing in the plot
    canvas = garden.cols
    # A bare floating plot offers its middle slot only (`open_slots`); in any other garden a
    # frame slot is open exactly when it is empty, so a row's views follow from its cells alone.
    bare = not garden.fixed and not garden.box
    slot_rows = views.slot_rows
    slots: list[SlotView] = []
    for r in range(rows):
        start = r * canvas
        end = start + cols
        if bare:
            slots += _row_slots(slot_views, names, garden, r, cols, opened, box)
            continue
        # A move changes one row of a garden, seldom more: the others' views are looked up by
        # what decides them (the row, its names, the plot's box, its cells, Grasshoppers, Roses).
        key = (
            r,
            cols,
            canvas,
            garden.origin_row,
            garden.origin_col,
            top,
            bottom,
            left,
            right,
            *cells[start:end],
            *hoppers[start:end],
            *under_roses[start:end],
        )
        known = slot_rows.get(key)
        if known is None:
            known = slot_rows.keep(key, _row_slots(slot_views, names, garden, r, cols, opened, box))
        slots += known
    roses = []
    for a, b in rose_pairs(garden):
        r, c = divmod(a, garden.cols)
        roses.append(
            trusted(
                RoseView,
                {
                    "id": f"rose{garden.roses[a] + 1}",
                    "row": r + 1,
                    "col": c + 1,
                    "blooming": garden.cells[a] >= 0 and garden.cells[b] >= 0,
                    "slots": [names[a], names[b]],
                },
            )
        )
    legal = ordered if choosing == "plant" else hoppers_at if choosing == "grasshopper" else []
    return trusted(
        GardenView,
        {
            "seat": seat,
            "fixed_grid": garden.fixed,
            "plot_fixed": garden.fixed or (rows, cols) == (3, 6),
            "rows": rows,
            "cols": cols,
            "column_letters": letters,
            "row_numbers": numbers,
            "slots": slots,
            # (`open_slots` and `hopper_slots` are in reading order already: no sort.)
            "open_slots": [names[i] for i in ordered],
            "grasshopper_slots": [names[i] for i in hoppers_at],
            "rose_slots": [_rose_words(names, i) for i in rose_slots(garden)],
            "legal_slots": [names[i] for i in legal],
            "roses": roses,
            "compost": [card_views[c] for c in garden.compost],
            "bees": garden.bees,
            "planted": garden.planted,
            "vegetable_types": vegetable_types(garden, cards),
            "score_now": score(garden, cards),
        },
    )


def _cards_before_holiday(state: CabbageheadState) -> int | None:
    deck = state.deck
    for depth in range(len(deck)):
        if is_holiday(deck[-1 - depth]):
            return depth
    return None


def build_view(state: CabbageheadState, viewer: Viewer) -> CabbageheadView:
    """What `viewer` sees (everyone sees the same), built from the checked state without validating
    it again (engine/trusted.py): every field in field order, no list the state holds."""
    cards = deck()
    views = _views_of(cards)
    card_views, places = views.cards, views.places
    over = state.phase == "over"
    drawn, passed_in_at = state.row, state.passed_in_at
    row = [
        places[pos, drawn[pos], rules.plant_cost(state, pos), pos == passed_in_at and drawn[pos] >= 0]
        for pos in range(3)
    ]
    task = None if over else _DECISIONS[state.phase]
    decision, decision_text = _DECISION_WORDS[state.phase, state.active, state.seats]
    known_in_deck = state.known_in_deck
    return trusted(
        CabbageheadView,
        {
            "viewer": viewer,
            "seats": state.seats,
            "round": state.round,
            "turn": state.turns + 1,
            "game_over": over,
            "decision": state.phase,
            "decision_text": decision_text,
            "decision_task": task,
            "decision_phrase": decision,
            "to_move": rules.to_move(state),
            "first_seat": state.first,
            "row": row,
            "passed_card": card_views[state.passed] if state.passed >= 0 else None,
            "passed_to": POSITIONS[state.passed_to] if state.passed >= 0 else None,
            "hive": state.hive,
            "bees_removed": state.bees_removed,
            "neighbours": [
                _NEIGHBOURS[key, tuple(tile)] for key, tile in zip(state.neighbours, state.tiles, strict=True)
            ],
            "face_down_tokens": len(state.pool),
            "grasshoppers_waiting": len(state.hoppers_waiting),
            "grasshoppers_set_aside": len(state.set_aside),
            "deck_cards_left": len(state.deck),
            "cards_before_holiday": _cards_before_holiday(state),
            "known_in_deck": [card_views[c] for c in reversed(state.deck) if c in known_in_deck]
            if known_in_deck
            else [],
            "discard": [card_views[c] for c in state.discard],
            "removed": [card_marker(cards, c) for c in state.removed],
            "gardens": [
                _garden_view(cards, seat, g, state.phase if seat == state.active else "")
                for seat, g in enumerate(state.gardens)
            ],
            "ferwig_next_draws": state.ferwig_turns,
            "ferwig_this_turn": state.ferwig_now,
            "visits": list(state.visits),
        },
    )
