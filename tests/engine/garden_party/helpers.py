"""Helpers that set up exact Garden Party positions for rule tests.

A position is a real game (`GAME.create`) edited directly: cards are moved from the decks into a
hand (so every card stays in exactly one place), a pot's token is given the kind a test needs, and
the turn is set to a seat with a known number of movement points. Play then goes through
`GAME.legal_actions` and `GAME.apply` only, actions found by their codes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from engine.api import Event, timeout_action
from engine.garden_party import GAME
from engine.garden_party.actions import Action
from engine.garden_party.cards import CARD_KIND_OF, DECK_IDS, DUEL_KIND_OF, GOLDEN_IDS, talent_of
from engine.garden_party.state import GardenPartyOptions, GardenPartyState, Pot, Stage, Turn
from engine.rng import Rng

#: The six gardeners in a fixed order: seat 0 the Countess, seat 1 the Professor, and so on.
GARDENER_ORDER = ("countess", "professor", "marquise", "baron", "philipus", "duchess")


def new_game(
    seats: int = 3,
    seed: int = 0,
    *,
    gardeners: Iterable[str] | None = None,
    seat: int = 0,
    points: int = 9,
    **options: Any,
) -> GardenPartyState:
    """A game whose gardeners are `gardeners` (default: the Countess, the Professor, the Marquise...),
    at the start of `seat`'s turn with `points` movement points, past the orange window; every can
    empty (the text's start; a test says the water it needs)."""
    options.setdefault("choose_gardeners", False)
    state = GAME.create(GardenPartyOptions.model_validate(options), seats, seed)
    for player, gardener in zip(state.players, gardeners or GARDENER_ORDER, strict=False):
        player.gardener = gardener
        player.water = 0
    state.first_seat = 0
    begin_turn(state, seat, points)
    return state


def begin_turn(state: GardenPartyState, seat: int, points: int = 9) -> None:
    """`seat` is to move in a fresh turn (a new turn number) with `points` movement points."""
    state.window = None
    state.bidders = []
    state.payers = []
    state.pending = None
    state.duel = None
    state.duels = []
    state.phase = "turn"
    state.turn = Turn(seat=seat, number=state.turn.number + 1, roll=points, points=points)
    fresh(state)


def fresh(state: GardenPartyState) -> None:
    """Forget the legal actions cached for the state (call after editing it directly)."""
    state._legal_cache = None


def free_card(state: GardenPartyState, kind: str) -> str:
    """The id of a card of `kind` ("leaky_can", "chance_herbanology") lying in a deck (from its top)."""
    for deck in state.decks.values():
        for card in deck:
            if CARD_KIND_OF[card] == kind:
                return card
    raise AssertionError(f"no {kind} card left in the decks")


def take_card(state: GardenPartyState, card: str) -> None:
    for deck in state.decks.values():
        if card in deck:
            deck.remove(card)
            return
    raise AssertionError(f"{card} is not in a deck")


def set_hand(state: GardenPartyState, seat: int, *kinds: str) -> list[str]:
    """Replace `seat`'s hand by cards of `kinds` (oldest first); the old hand goes under the decks.
    Returns the card ids given."""
    player = state.players[seat]
    for card in player.hand:
        state.decks[talent_of(card)].append(card)
    player.hand = []
    return give(state, seat, *kinds)


def give(state: GardenPartyState, seat: int, *kinds: str) -> list[str]:
    """Add cards of `kinds` to `seat`'s hand (taken from the decks). Returns their ids."""
    given = []
    for kind in kinds:
        card = free_card(state, kind)
        take_card(state, card)
        state.players[seat].hand.append(card)
        given.append(card)
    fresh(state)
    return given


def stack_deck(state: GardenPartyState, talent: str, *kinds: str) -> list[str]:
    """Put cards of `kinds` on top of `talent`'s deck, in that order. Returns their ids."""
    cards = []
    for kind in kinds:
        card = next(c for c in state.decks[talent] if CARD_KIND_OF[c] == kind and c not in cards)
        cards.append(card)
    deck = state.decks[talent]
    for card in cards:
        deck.remove(card)
    deck[:0] = cards
    fresh(state)
    return cards


def stack_duel(state: GardenPartyState, *kinds: str) -> list[str]:
    """Put duel cards of `kinds` ("nothing_seen", "dice_contest") on top of the duel pile, in order."""
    cards: list[str] = []
    for kind in kinds:
        cards.append(next(c for c in state.duel_deck if DUEL_KIND_OF[c] == kind and c not in cards))
    for card in cards:
        state.duel_deck.remove(card)
    state.duel_deck[:0] = cards
    return cards


def golden_of(state: GardenPartyState, seat: int) -> list[str]:
    """The golden objects `seat` holds, by object id ("clover", "can")."""
    return [GOLDEN_IDS.get(g, g) for g in state.players[seat].golden]


def give_golden(state: GardenPartyState, seat: int, *objects: str) -> None:
    """Give `seat` golden objects by object id ("clover", "can"): the card leaves the golden pile
    and the object is held, as when a chance card finds it (`Player.golden` holds object ids)."""
    for obj in objects:
        gold = next(g for g in state.golden_deck if GOLDEN_IDS.get(g, g) == obj)
        state.golden_deck.remove(gold)
        state.players[seat].golden.append(obj)
    fresh(state)


def stack_golden(state: GardenPartyState, obj: str) -> None:
    """The golden object `obj` is the next one found."""
    gold = next(g for g in state.golden_deck if GOLDEN_IDS.get(g, g) == obj)
    state.golden_deck.remove(gold)
    state.golden_deck.insert(0, gold)


def plant(state: GardenPartyState, seat: int, pot: int, kind: str, stage: Stage = "seed") -> int:
    """Pot `pot` of `seat` holds a plant of `kind` ("green", "weed", "mouldy") at `stage`. A pot left
    empty gets back the token it lost. Returns the token id."""
    player = state.players[seat]
    current = player.pots[pot]
    if current is None:
        token = next(t for t in reversed(state.discarded_tokens))
        state.discarded_tokens.remove(token)
        current = player.pots[pot] = Pot(token=token)
    state.token_kinds[current.token] = kind
    current.stage = stage
    fresh(state)
    return current.token


def empty(state: GardenPartyState, seat: int, pot: int) -> int:
    """Pot `pot` of `seat` is left empty (its token goes to the discarded tokens). Returns the token."""
    current = state.players[seat].pots[pot]
    assert current is not None
    state.players[seat].pots[pot] = None
    state.discarded_tokens.append(current.token)
    fresh(state)
    return current.token


def fill(
    state: GardenPartyState, seat: int, kinds: Iterable[str], stage: Stage = "flower", start: int = 0
) -> None:
    """Pots `start`, `start` + 1, ... of `seat` hold plants of `kinds` at `stage`."""
    for offset, kind in enumerate(kinds):
        plant(state, seat, start + offset, kind, stage)


def all_seeds(state: GardenPartyState, kind: str = "green") -> None:
    """Every pot of every seat holds a seed of `kind` (a quiet estate for a test to build on)."""
    for seat in range(state.seats):
        for pot in range(len(state.players[seat].pots)):
            plant(state, seat, pot, kind)


def codes(state: GardenPartyState, seat: int | None = None) -> list[str]:
    """The codes of the legal actions of `seat` (default: the one seat to move)."""
    return [a.code for a in GAME.legal_actions(state, mover(state) if seat is None else seat)]


def mover(state: GardenPartyState) -> int:
    seats = GAME.to_move(state)
    assert len(seats) == 1, f"several seats decide now: {seats}"
    return seats[0]


def find(state: GardenPartyState, code: str, seat: int | None = None) -> Action:
    who = mover(state) if seat is None else seat
    legal = {a.code: a for a in GAME.legal_actions(state, who)}
    assert code in legal, (
        f"{code!r} is not legal for seat {who} (phase {state.phase}); legal: {sorted(legal)}"
    )
    return legal[code]


def act(state: GardenPartyState, code: str, seat: int | None = None) -> list[Event]:
    """Apply the legal action with `code` for `seat` (default: the one seat to move)."""
    who = mover(state) if seat is None else seat
    action = find(state, code, who)
    return GAME.apply(state, who, action)


def pass_windows(state: GardenPartyState) -> list[Event]:
    """Every seat asked in a reply window (orange cards, cancellations) answers no."""
    events: list[Event] = []
    while state.phase in ("orange", "cancel"):
        for seat in list(GAME.to_move(state)):
            events += act(state, "no", seat)
    return events


def answer(state: GardenPartyState, yes: Iterable[int] = ()) -> list[Event]:
    """The seats in the open window answer: `yes` ones "yes", the others "no"."""
    wanted = set(yes)
    events: list[Event] = []
    for seat in list(GAME.to_move(state)):
        events += act(state, "yes" if seat in wanted else "no", seat)
    return events


def card_in_hand(state: GardenPartyState, seat: int, kind: str) -> str:
    return next(c for c in state.players[seat].hand if CARD_KIND_OF[c] == kind)


def play(state: GardenPartyState, seat: int, kind: str, target: int | None = None) -> list[Event]:
    """`seat` plays its card of `kind` (on `target`) and nobody cancels it."""
    card = card_in_hand(state, seat, kind)
    code = f"play:{card}" + ("" if target is None else f":{target}")
    events = act(state, code, seat)
    return events + pass_windows(state)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind!r} event in {kinds(events)}"
    return found[0]


def rig_rolls(state: GardenPartyState, *rolls: int) -> None:
    """Set the state's generator so that the next dice (4-9) show `rolls`, in order."""
    for start in range(1, 1_000_000):
        rng = Rng(state=start)
        if all(4 + rng.below(6) == wanted for wanted in rolls):
            state.rng = Rng(state=start)
            return
    raise AssertionError(f"no generator state gives {rolls}")


def stage_of(state: GardenPartyState, seat: int, pot: int) -> str | None:
    current = state.players[seat].pots[pot]
    return None if current is None else current.stage


def phase(state: GardenPartyState) -> str:
    """The state's phase, read afresh (an action may have changed it since it was last read)."""
    return str(state.phase)


def token(state: GardenPartyState, seat: int, pot: int) -> int:
    """The token in a pot that holds one."""
    found = token_at(state, seat, pot)
    assert found is not None, f"seat {seat}'s pot {pot} is empty"
    return found


def token_at(state: GardenPartyState, seat: int, pot: int) -> int | None:
    current = state.players[seat].pots[pot]
    return None if current is None else current.token


def card_places(state: GardenPartyState) -> Counter[str]:
    """How many places hold each action card: hands, decks, the cards being drawn, the card being
    played and the chance cards set aside."""
    places: Counter[str] = Counter()
    for deck in state.decks.values():
        places.update(deck)
    for player in state.players:
        places.update(player.hand)
    places.update(state.drawn)
    places.update(state.chance_set_aside)
    if state.pending is not None:
        places[state.pending.card] += 1
    return places


def all_action_cards() -> set[str]:
    return {card for deck in DECK_IDS.values() for card in deck}


def token_places(state: GardenPartyState) -> Counter[int]:
    """How many places hold each plant token: the pots and the discarded tokens."""
    places: Counter[int] = Counter(state.discarded_tokens)
    for player in state.players:
        places.update(p.token for p in player.pots if p is not None)
    return places


def public_texts(events: list[Event], viewer: int | None) -> Iterator[str]:
    """Everything `viewer` reads of `events`: their log lines (default and display names) and the
    public fields."""
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
    for e in events:
        yield e.line_for(viewer)
        yield e.line_for(viewer, names)
        yield e.text
        yield str(e.fields)


def end_turn(state: GardenPartyState) -> list[Event]:
    """The seat to move ends its turn; duels are faced with no card and windows passed, up to the
    next turn's decisions (or the end of the game)."""
    events = act(state, "end")
    events += settle(state)
    return events


def settle(state: GardenPartyState) -> list[Event]:
    """Roll the turn's die and Attila's, answer every window "no" and face every duel with no
    card, until a turn (or the end) waits."""
    events: list[Event] = []
    while state.phase in ("roll", "attila", "orange", "cancel", "duel"):
        if state.phase in ("roll", "attila"):
            events += act(state, state.phase, GAME.to_move(state)[0])
        elif state.phase == "duel":
            events += act(state, "face")
        else:
            events += pass_windows(state)
    return events


def timeout_code(state: GardenPartyState, seat: int) -> str | None:
    """The code of the move made for `seat` when its clock runs out (None: a computer player
    chooses)."""
    found = timeout_action(GAME, state, seat)
    return None if found is None else str(getattr(found, "code"))  # noqa: B009 (ActionLike has no code)
