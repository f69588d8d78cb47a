"""Hidden information in Garden Party situations (ruling 23, with rulings 7, 15, 27 and 28): no seed's
face, no card in a hand and no card in a deck shows in another seat's view or in the log lines it
reads. The conformance suite checks the generic markers at random; these build the situations where
a leak would be easiest (tests/engine/conformance.py has the generic checks used here too)."""

from __future__ import annotations

import re

from engine.api import Event
from engine.garden_party import GAME
from engine.garden_party.cards import CARD_KIND_OF, CARD_KINDS
from engine.garden_party.state import GardenPartyState
from tests.engine.conformance import assert_no_leak_in_events, assert_no_leak_in_view
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    answer,
    begin_turn,
    codes,
    empty,
    end_turn,
    event,
    new_game,
    pass_windows,
    plant,
    play,
    public_texts,
    set_hand,
    stack_deck,
    stack_duel,
)


def view_text(state: GardenPartyState, viewer: int | None) -> str:
    return GAME.view(state, viewer).model_dump_json()


def words(text: str) -> set[str]:
    return set(re.findall(r"[\w'-]+", text))


def assert_unseen(
    state: GardenPartyState,
    events: list[Event],
    secrets: list[str],
    viewers: list[int | None],
) -> None:
    """No `secrets` (card ids, card names, colour names) in the views or log lines of `viewers`, and
    the generic checks of the conformance suite hold."""
    for viewer in viewers:
        seen = view_text(state, viewer)
        lines = " ".join(public_texts(events, viewer))
        for secret in secrets:
            assert secret not in seen, f"the view of {viewer} shows {secret!r}"
            assert secret not in lines, f"a log line for {viewer} shows {secret!r}: {lines}"
    for viewer in [*range(state.seats), None]:
        assert_no_leak_in_view(GAME, state, viewer)
    assert_no_leak_in_events(GAME, state, events, state.seats)


def card_names(cards: list[str]) -> list[str]:
    return [CARD_KINDS[CARD_KIND_OF[c]].name for c in cards]


def quiet_estate(seats: int = 3) -> GardenPartyState:
    """Every pot a green seed; nobody but seat 0 holds cards."""
    state = new_game(seats, points=9)
    all_seeds(state)
    for seat in range(1, seats):
        set_hand(state, seat)
    return state


def test_a_stolen_seed_stays_hidden_from_everyone() -> None:
    """Rulings 7 and 23: a seed moved by a theft shows its face to nobody, thief and owner included."""
    state = quiet_estate()
    plant(state, 1, 4, "violet")
    empty(state, 0, 8)
    state.players[1].square = "C"
    events = act(state, "move:G1")
    events += act(state, "steal:4:8")
    assert event(events, "stolen").fields["taken"] == "seed"
    assert_unseen(state, events, ["violet", "Violet"], [None, 0, 1, 2])
    assert GAME.view(state, 0).seats[0].pots[8].kind is None


def test_an_exchanged_seed_stays_hidden_and_so_does_the_one_given() -> None:
    """Rulings 7 and 23: both seeds of an exchange stay face down for every viewer."""
    state = quiet_estate()
    plant(state, 1, 2, "violet")
    plant(state, 0, 5, "white")
    state.players[1].square = "C"
    events = act(state, "move:G1")
    events += act(state, "swap:5:2")
    events += end_turn(state)
    assert_unseen(state, events, ["violet", "Violet", "white", "White"], [None, 0, 1, 2])


def test_a_seed_swap_names_the_pots_not_the_seed() -> None:
    """Ruling 28 and 30: Seed Swap's seed is chosen at random; the pots are announced, the seed's
    face stays hidden."""
    state = quiet_estate()
    set_hand(state, 0, "seed_swap")
    for pot in range(9):
        plant(state, 0, pot, "violet")
        plant(state, 2, pot, "white")
    plant(state, 0, 4, "weed", "weed")
    events = play(state, 0, "seed_swap", 2)
    swapped = event(events, "weed_swapped")
    assert set(swapped.fields) == {"mine", "theirs"}
    assert_unseen(state, events, ["violet", "Violet", "white", "White"], [None, 0, 1, 2])


def test_botanists_eye_shows_the_seed_to_its_owner_only_even_after_it_is_stolen() -> None:
    """Ruling 28 and 23: the seed looked at shows to its owner alone, wherever it goes: the thief who
    takes it, the others and spectators never see it."""
    state = quiet_estate()
    set_hand(state, 0, "botanists_eye")
    plant(state, 0, 6, "violet")
    events = play(state, 0, "botanists_eye")
    assert "Violet" in event(events, "seeds_seen").line_for(0)
    assert_unseen(state, events, ["violet", "Violet"], [None, 1, 2])
    assert '"violet"' in view_text(state, 0)
    begin_turn(state, 1)
    state.players[0].square = "C"
    empty(state, 1, 0)
    more = act(state, "move:G0")
    more += act(state, "steal:6:0")
    stack_duel(state, "nothing_seen")
    more += end_turn(state)
    assert_unseen(state, more, ["violet", "Violet"], [None, 1, 2])
    assert GAME.view(state, 0).seats[1].pots[0].kind == "violet"


def test_the_card_a_snooper_loses_is_named_to_the_owner_only() -> None:
    """III D 2 and ruling 23: the card taken at random from a caught snooper is the owner's to know:
    the public line says a card was taken, not which."""
    state = quiet_estate()
    set_hand(state, 0)
    (card,) = set_hand(state, 1, "graft")
    state.players[0].square = "C"
    state.players[1].square = "G0"
    events = act(state, "move:G0")
    assert state.players[0].hand == [card]
    caught = event(events, "snooper_caught")
    assert "Graft" in caught.line_for(0)
    assert_unseen(state, events, [card, "Graft"], [None, 1, 2])


def test_a_card_kept_from_a_draw_and_the_ones_sent_back_stay_hidden() -> None:
    """III D 1, ruling 27 and 23: the card kept is the drawer's; the cards put back under the deck
    are nobody's, the drawer's view included once kept."""
    state = quiet_estate()
    set_hand(state, 0)
    state.players[0].square = "C"
    drawn = stack_deck(state, "plantanology", "graft", "witness", "seed_packet")
    events = act(state, "draw:plantanology")
    assert_unseen(state, events, [*drawn, *card_names(drawn)], [None, 1, 2])
    assert all(c in view_text(state, 0) for c in drawn)
    events += act(state, f"keep:{drawn[1]}")
    assert "Witness" in event(events, "kept").line_for(0)
    assert_unseen(state, events, [*drawn, *card_names(drawn)], [None, 1, 2])
    assert drawn[0] not in view_text(state, 0) and drawn[2] not in view_text(state, 0)


def test_a_cancellation_payment_shows_only_its_talent() -> None:
    """Ruling 15: a cancellation's two cards are discarded face down: the talent shows, the faces do
    not."""
    state = quiet_estate()
    (barrow,) = set_hand(state, 0, "wheelbarrow")
    paid = set_hand(state, 1, "graft", "seed_packet", "catapult")
    events = act(state, f"play:{barrow}")
    events += answer(state, yes=[1])
    events += act(state, "pay:plantanology", 1)
    events += pass_windows(state)
    assert event(events, "cancel").fields["talent"] == "Plantanology"
    assert_unseen(state, events, [*paid, "Graft", "Seed Packet", "Catapult"], [None, 0, 2])


def test_a_collectors_flower_payment_shows_only_its_talent() -> None:
    """Ruling 15: a collector's flower's three cards are discarded face down under their deck."""
    state = new_game(3, gardeners=["countess", "baron", "duchess"])
    for seat in (1, 2):
        set_hand(state, seat)
    paid = set_hand(state, 0, "fertiliser", "rain_shower", "compost")
    state.players[0].square = state.players[1].square = "C"
    events = act(state, "collect:1")
    assert_unseen(state, events, [*paid, "Fertiliser", "Rain Shower", "Compost"], [None, 1, 2])


def test_the_card_lost_in_a_duel_is_discarded_unseen() -> None:
    """IV E: the owner "draws one of your cards at random and discards it (without looking at it)":
    nobody but the loser may know which."""
    state = quiet_estate()
    set_hand(state, 0, "graft")
    state.players[1].square = "C"
    act(state, "move:G1")
    stack_duel(state, "red_handed")
    events = end_turn(state)
    assert "sentence" in [e.kind for e in events]
    lost = state.decks["plantanology"][-1]
    assert CARD_KIND_OF[lost] == "graft"
    assert_unseen(state, events, [lost, "Graft"], [None, 1, 2])


def test_hands_show_only_their_size_to_others() -> None:
    """Ruling 23: "Hands are held face on: only their size is public; the decks show one total"."""
    state = new_game(4)
    for viewer in (None, 1, 2, 3):
        view = GAME.view(state, viewer)
        assert view.seats[0].cards_in_hand == 3
        for card in state.players[0].hand:
            assert card not in view_text(state, viewer)
    assert [c.id for c in GAME.view(state, 0).hand] == state.players[0].hand
    assert GAME.view(state, None).cards_in_decks == sum(len(d) for d in state.decks.values())
    deck_ids = {c for d in state.decks.values() for c in d}
    for viewer in (None, 0, 1):
        assert not deck_ids & words(view_text(state, viewer))


def test_a_reply_window_offers_the_same_answers_whatever_the_hand() -> None:
    """Ruling 13 and 23: a window reveals nothing: every seat asked gets the same answers, whether it
    holds an orange card or not."""
    state = quiet_estate(seats=4)
    set_hand(state, 1, "graft")
    set_hand(state, 2, "tripwire")  # an orange card ...
    set_hand(state, 3, "alibi", "compost")  # ... and none
    set_hand(state, 0)
    act(state, "end")
    act(state, "roll")
    asked = GAME.to_move(state)
    assert sorted(asked) == [2, 3]
    offered = {seat: [(a.code, a.label, a.steps) for a in GAME.legal_actions(state, seat)] for seat in asked}
    assert len(set(map(tuple, offered.values()))) == 1
    assert codes(state, asked[0]) == ["no", "yes"]


def test_everything_revealed_stays_in_the_public_view() -> None:
    """Ruling 23: "Everything revealed stays in the public view": a sprout's colour and a shown weed
    stay shown wherever they go; an emptied pot shows empty."""
    state = quiet_estate()
    plant(state, 1, 2, "violet", "sprout")
    plant(state, 0, 3, "weed", "weed")
    empty(state, 1, 7)
    state.players[1].square = "C"
    act(state, "move:G1")
    act(state, "swap:3:2")
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view.seats[0].pots[3].colour == "Violet"
        assert view.seats[1].pots[2].kind == "weed" and view.seats[1].pots[2].stage == "weed"
        assert view.seats[1].pots[7].stage is None
