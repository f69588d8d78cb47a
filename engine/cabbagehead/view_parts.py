"""The parts of Mr. Cabbagehead's views made once and shared (issue 31): each card's view, each
slot's and each place of the drawn row's as they stand, each Neighbour tile's with its tokens, the
decision's words. A version's view is mostly what the one before showed, and no one changes a
view, so `views.py` and `garden_views.py` build each version from these rather than afresh
(`forget` empties them: tests compare with views built from nothing kept).
"""

from __future__ import annotations

from engine.api import Phrase
from engine.cabbagehead import neighbours as nb
from engine.cabbagehead.actions import POSITIONS
from engine.cabbagehead.deck import Vegetable
from engine.cabbagehead.state import HOLIDAY, ROSE, is_holiday, is_rose
from engine.cabbagehead.view_models import CardView, GardenView, NeighbourView, RowPlaceView, SlotView
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
COSTS = {-1: N_("pay 1 bee"), 0: N_("free"), 1: N_("gain 1 bee")}
DECISIONS = {
    "plant": N_("plant one of the drawn cards"),
    "grasshopper": N_("place the Grasshopper next to a Vegetable"),
    "rose": N_("place the Rose over two side-by-side Vegetables, or remove it"),
    "pass": N_("pass one card to the opponent and put the other under the deck"),
}


SlotKey = tuple[int, int, str, int, bool, int | None, bool, bool]
#: A place of the drawn row: (position, card or -1, bees it gives or None, passed in).
PlaceKey = tuple[int, int, int | None, bool]


class DeckViews:
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
        #: By (seat, decision, the hash of the garden's every field), each view with the fields it
        #: was made from: a move changes one garden at most, and the others' views (their scores
        #: among them) stay as they were (`kept_garden_view`). Also by (seat, that hash): the last
        #: view made of the garden, whatever the decision.
        self.gardens: Memo[tuple[object, ...], tuple[tuple[object, ...], GardenView]] = Memo(None, 512)
        #: A frame row's slot views, by what decides them (`garden_view`).
        self.slot_rows: Memo[tuple[int, ...], list[SlotView]] = Memo(None, 4096)
        #: The drawn row's places (`PlaceKey`): a move changes one or two of the three.
        self.places: Memo[PlaceKey, RowPlaceView] = Memo(self._place, 1024)

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
                "cost": COSTS[bees if bees is not None else pos - 1],
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
NEIGHBOURS: Memo[tuple[str, tuple[int, ...]], NeighbourView] = Memo(_neighbour, 1024)


def _decision(phase: str, active: int, seats: int) -> tuple[Phrase, str]:
    """The decision to make as a phrase over its seat, and as the view's text (default names)."""
    task = DECISIONS.get(phase)
    decision = (
        Phrase(template=N_("The game is over."))
        if task is None
        else Phrase(template=N_("{seat}: {task}."), seats={"seat": active}, values={"task": task})
    )
    return decision, decision.render([seat_name(s) for s in range(seats)])


#: The decision's phrase and text by (phase, seat deciding, seats): a handful a game, validated
#: once each rather than on every version (views are never changed, so they share them).
DECISION_WORDS: Memo[tuple[str, int, int], tuple[Phrase, str]] = Memo(lambda key: _decision(*key), 256)


#: The views of each deck (a deck is a tuple built once per game object).
_DECK_VIEWS: dict[int, DeckViews] = {}


def views_of(cards: tuple[Vegetable, ...]) -> DeckViews:
    known = _DECK_VIEWS.get(id(cards))
    if known is None or known.deck is not cards:
        known = _DECK_VIEWS[id(cards)] = DeckViews(cards)
    return known


def forget() -> None:
    """Empty every shared part (the next view is built from nothing kept)."""
    _DECK_VIEWS.clear()
    NEIGHBOURS.clear()
    DECISION_WORDS.clear()
