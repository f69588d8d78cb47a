"""The Mr. Cabbagehead's Garden presenter: options from /play, grids, and nothing face down shown.

Rules are the engine's; these tests check only what the bot writes (issue 5, "Playing").
"""

from __future__ import annotations

import random
import re

import pytest

from bot.game.sessions import Refusal
from bot.presenters.cabbagehead import PRESENTER, build_options
from bot.presenters.cabbagehead_text import garden_grid, open_words
from engine.cabbagehead import GAME
from engine.cabbagehead.state import CabbageheadOptions


def test_play_options_map_to_the_engine_options() -> None:
    options = build_options(2, "chosen", True, False, True, "guest", ["ferwig", "bernard", "peapod", "mayor"])
    assert options == CabbageheadOptions(
        neighbour_set="chosen",
        chosen=["ferwig", "bernard", "peapod", "mayor"],
        grasshoppers=True,
        fixed_grid=True,
        first_seat=1,
    )
    assert build_options(1, "new", False, True, False, "host", []).first_seat is None  # solo: no first player


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        ((2, "original", False, True, False, "random", []), "solo expansion"),
        (
            (1, "chosen", False, False, False, "random", ["ferwig", "ferwig", "mayor", "sallie"]),
            "four different",
        ),
        ((1, "original", False, False, False, "random", ["ferwig"]), "only with"),
    ],
)
def test_mixes_the_command_cannot_express_are_refused_kindly(args: tuple, reason: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(Refusal, match=reason):
        build_options(*args)


def test_ruling_24_the_garden_text_names_slots_as_the_actions_and_the_picture_do() -> None:
    """Ruling 24: the text form is a line per planted row ("Row 3: F3 Carrot 17 · ..."), then the
    slots the owner may choose now, each named as the view (so the picture and the picker) names
    it; short lines, no code-block grid."""
    state = GAME.create(CabbageheadOptions(), 1, 3)
    bare = garden_grid(GAME.view(state, 0).gardens[0])
    assert "```" not in bare and "Open: F3" in bare.splitlines()
    rng = random.Random(3)
    for _ in range(8):
        GAME.apply(state, 0, rng.choice(list(GAME.legal_actions(state, 0))))
    garden = GAME.view(state, 0).gardens[0]
    text = garden_grid(garden)
    lines = text.splitlines()
    assert all(len(line) <= 400 for line in lines)
    for slot in garden.slots:
        if slot.card is not None:
            row = f"Row {garden.row_numbers[slot.row - 1]}: "
            line = next(line for line in lines if line.startswith(row))
            assert f"{slot.label} {slot.card.vegetable} #{slot.card.vegetable_number}" in line
    opened = next(line for line in lines if line.startswith("Open: "))
    assert opened == open_words(garden.legal_slots)
    offered = {a.steps[1] for a in GAME.legal_actions(state, 0)}
    assert set(garden.legal_slots) <= offered


def test_the_garden_text_stays_short_on_a_busy_two_player_board() -> None:
    """Both gardens and everything else of a late two-player board fit one Discord message."""
    state = GAME.create(CabbageheadOptions(grasshoppers=True, neighbour_set="random"), 2, 5)
    rng = random.Random(5)
    longest = 0
    while not GAME.is_terminal(state):
        longest = max(longest, len(PRESENTER.board_text(GAME.view(state, None), ["Ann", "Bob"])))
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    assert longest < 2500


def hidden_texts(state: object) -> set[str]:
    known = set(state.known_in_deck)  # type: ignore[attr-defined]
    texts: set[str] = set()
    for card in state.deck:  # type: ignore[attr-defined]
        if card in known or card >= len(GAME.cards):
            continue
        texts.add(card_name_of(card))
    return texts


def card_name_of(card: int) -> str:
    """The one way a card is named ("Carrot #28"), ending where its number does."""
    veg = GAME.cards[card]
    return f"{veg.name} #{veg.vegetable_number}"


def written(name: str, text: str) -> bool:
    return re.search(re.escape(name) + r"(?!\d)", text) is not None


@pytest.mark.parametrize("seats", [1, 2])
def test_no_face_down_card_is_ever_written_on_a_board_or_a_hand(seats: int) -> None:
    """Whole random games with every expansion: no card still face down in the deck appears in the
    board text (spectator view) or any seat's hand text (its own view)."""
    options = CabbageheadOptions(grasshoppers=True, eudora=seats == 1, neighbour_set="random")
    rng = random.Random(seats)
    names = ["Alice", "Bob"][:seats]
    for seed in range(3):
        state = GAME.create(options, seats, seed)
        while not GAME.is_terminal(state):
            hidden = hidden_texts(state)
            texts = [PRESENTER.board_text(GAME.view(state, None), names) + " "]
            texts += [PRESENTER.hand_text(GAME.view(state, s), s, names) + " " for s in range(seats)]
            for text in texts:
                assert not [h for h in hidden if written(h, text)], "a face-down card was written"
            seat = GAME.to_move(state)[0]
            actions = list(GAME.legal_actions(state, seat))
            GAME.apply(state, seat, rng.choice(actions))


def test_the_lobby_names_the_options_in_the_rulebook_words() -> None:
    chosen = build_options(2, "chosen", True, False, True, "guest", ["ferwig", "bernard", "peapod", "mayor"])
    assert PRESENTER.options_text(chosen.model_dump(mode="json")) == (
        "Neighbours: The Ferwig-Radishers, Bernard Betteravé, Duke & Duchess Peapod, The Mayor of Onion Town"
        " · Grasshoppers · fixed grid · the other player starts"
    )
    solo = build_options(1, "original", False, True, False, "random", [])
    assert PRESENTER.options_text(solo.model_dump(mode="json")) == "Original Neighbours · Romancing Eudora"


def test_the_decision_names_the_seat_to_move_from_the_views_fields() -> None:
    """Ruling 12: everything is public; whose decision it is comes from `to_move` and the task
    from `decision_task` (the presenter never splits the engine's sentence)."""
    state = GAME.create(CabbageheadOptions(first_seat=1), 2, 4)
    view = GAME.view(state, None)
    assert view.decision_phrase is not None and view.decision_phrase.render(["Ann", "Bob"]) == (
        "Bob: plant one of the drawn cards."
    )
    assert PRESENTER.board_text(view, ["Ann", "Bob"]).startswith(
        "Round 1 · turn 1 · Bob: plant one of the drawn cards."
    )
