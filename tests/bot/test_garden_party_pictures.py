"""Garden Party's pictures (issue 20, "Pictures and words"): the estate named as the text board and
the move buttons name it, every figure where the view puts it, every pot's stage in a word, nothing
the table's headline says while the game runs, players named and never numbered, and a hand with
its cards' timing colours and effects. Contrast, size on a phone, overlaps and alt text length are
checked for these pictures with every other game's (tests/bot/test_picture_text.py); the leak
checks are in tests/bot/test_pictures.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.pictures import canvas as cv
from bot.pictures import garden_party as pictures
from bot.pictures.garden_party_estate import arm_words, square_words
from bot.pictures.samples import POSITIONS, played
from bot.pictures.text import grouped_by_name
from bot.presenters.garden_party_text import collector_flower, where
from engine.garden_party.board import squares
from engine.garden_party.cards import TIMING_WHEN
from engine.garden_party.views import GardenPartyView

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"]
SAMPLES = [
    (label, seats, seed, moves, options)
    for label, game, seats, seed, moves, options in POSITIONS
    if game == "garden_party"
]
IDS = [label for label, *_ in SAMPLES]


def _game(seats: int, seed: int, moves: int, options: dict[str, Any]) -> tuple[Any, Any]:
    return played("garden_party", seats, seed, moves, **options)


def _board(view: GardenPartyView) -> cv.Recording:
    with cv.recording() as record:
        pictures.board_image(view, NAMES[: len(view.seats)])
    return record


def test_the_samples_show_every_stage_of_a_pot_at_three_and_six_players() -> None:
    """The picture checks see seeds, sprouts, buds, flowers, weeds and empty pots at 3 and 6 players."""
    for seats, seed, moves in ((3, 2, 130), (6, 2, 600)):
        game, state = played("garden_party", seats, seed, moves)
        stages = {pot.stage for seat in game.view(state, None).seats for pot in seat.pots}
        assert stages == {None, "seed", "sprout", "bud", "flower", "weed"}, (seats, stages)


@pytest.mark.parametrize(("label", "seats", "seed", "moves", "options"), SAMPLES, ids=IDS)
def test_squares_are_named_as_the_text_board_and_the_move_buttons_name_them(
    label: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    game, state = _game(seats, seed, moves, options)
    view = game.view(state, None)
    names = NAMES[:seats]
    for seat in view.seats:
        assert square_words(view, seat.square, names) == where(view, seat, names).replace("**", "")
        if seat.gardener:
            assert square_words(view, seat.square, names) == seat.square_name
    named = {square_words(view, square, names) for square in squares(seats)}
    for turn in game.to_move(state):
        for action in game.legal_actions(state, turn):
            found = re.match(r"Go to (.+) \(\d+ pts?\)$", action.label)
            if found:
                assert found.group(1) in named, action.label
    record = _board(view)
    assert [t.text for t in record.texts if t.tag == "arm"] == [
        f"{arm_words(view, s.seat, names)}'s" for s in view.seats
    ]
    places = [t.text for t in record.texts if t.tag == "square"]
    assert places == ["greenhouse", "lawn", "pavement"] * seats + ["central square"]


@pytest.mark.parametrize(("label", "seats", "seed", "moves", "options"), SAMPLES, ids=IDS)
def test_every_gardener_s_figure_stands_on_the_square_the_view_says(
    label: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    """Each figure is drawn once, under the place word of its square, in its arm's row."""
    game, state = _game(seats, seed, moves, options)
    view = game.view(state, None)
    record = _board(view)
    figures = [c for c in record.cards if c.place == "figure"]
    assert sorted(c.name for c in figures) == sorted(NAMES[:seats])
    labels = [t for t in record.texts if t.tag == "square"]
    arms = [t for t in record.texts if t.tag == "arm"]
    for chip in figures:
        x0, y0 = chip.box[0], chip.box[1]
        above = [t for t in labels if abs(t.box[0] - 2 - x0) <= 4 and t.box[1] < y0]
        place = max(above, key=lambda t: t.box[3])
        seat = NAMES.index(chip.name)
        if place.text == "central square":
            assert view.seats[seat].square == "C"
            continue
        arm = max((t for t in arms if t.box[1] <= place.box[1]), key=lambda t: t.box[1])
        assert f"{arm.text} {place.text}" == square_words(view, view.seats[seat].square, NAMES)


@pytest.mark.parametrize(("label", "seats", "seed", "moves", "options"), SAMPLES, ids=IDS)
def test_every_pot_says_its_stage_in_a_word_and_its_colour_once_it_shows(
    label: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    """The stage is read without colour: a word on every pot (and a drawing of its own)."""
    game, state = _game(seats, seed, moves, options)
    view = game.view(state, None)
    record = _board(view)
    words = {
        "seed": "seed",
        "sprout": "sprout",
        "bud": "bud",
        "flower": "flower",
        "weed": "Weed",
        None: "empty",
    }
    assert [t.text for t in record.texts if t.tag == "stage"] == [
        words[pot.stage] for seat in view.seats for pot in seat.pots
    ]
    assert [t.text for t in record.texts if t.tag == "pot"] == [
        str(pot.number) for seat in view.seats for pot in seat.pots
    ]


HEADLINE_WORDS = re.compile(
    r"\bRound \d|to play|rolled|movement points? left|Waiting for|Game over|^Garden Party$"
)


@pytest.mark.parametrize(("label", "seats", "seed", "moves", "options"), SAMPLES, ids=IDS)
def test_no_picture_repeats_the_headline(
    label: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    """Whose turn, the round, the roll and the title are the table's headline's (issue 17): the
    pictures leave them out; so does a finished board, whose end the headline says and whose
    result the final message says, once (issue 27 item 9)."""
    game, state = _game(seats, seed, moves, options)
    names = NAMES[:seats]
    views = [(game.view(state, None), None), *((game.view(state, s), s) for s in range(seats))]
    for view, seat in views:
        with cv.recording() as record:
            if seat is None:
                pictures.board_image(view, names)
            else:
                pictures.hand_image(view, seat, names)
        texts = [t.text for t in record.texts]
        assert not [t for t in texts if HEADLINE_WORDS.search(t)]
        assert not [t for t in record.texts if t.tag in ("title", "now", "ranking")]


@pytest.mark.parametrize(("label", "seats", "seed", "moves", "options"), SAMPLES, ids=IDS)
def test_players_are_named_never_numbered(
    label: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    game, state = _game(seats, seed, moves, options)
    names = NAMES[:seats]
    numbered = re.compile(r"\b(?:Player|Seat) \d")
    board = game.view(state, None)
    words = [pictures.board_description(board, names), pictures.summary(board, names)]
    words += [t.text for t in _board(board).texts]
    for seat in range(seats):
        view = game.view(state, seat)
        words.append(pictures.hand_description(view, seat, names))
        with cv.recording() as record:
            pictures.hand_image(view, seat, names)
        words += [t.text for t in record.texts]
    assert not [w for w in words if numbered.search(w)]
    assert all(name in pictures.board_description(board, names) for name in names)


def _keeping() -> tuple[Any, Any]:
    """A four-player game at the first "keep one of the cards drawn" after move 100."""
    game, state = played("garden_party", 4, 3, 100)
    for more in range(101, 400):
        if state.phase == "keep" and len(state.drawn) > 1:
            return game, state
        game, state = played("garden_party", 4, 3, more)
    raise AssertionError("no draw to keep from")


def test_a_hand_shows_its_cards_with_timing_and_effect_and_the_cards_drawn_to_keep_one() -> None:
    game, state = _keeping()
    seat = state.turn.seat
    view = game.view(state, seat)
    with cv.recording() as record:
        pictures.hand_image(view, seat, NAMES[:4])
    cards = [c for c in record.cards if c.place == "hand"]
    grouped = grouped_by_name(view.hand) + grouped_by_name(view.drawn)
    assert [(c.name, c.count) for c in cards] == [(card.name, n) for card, n in grouped]
    timing = [t.text for t in record.texts if t.tag == "timing"]
    assert timing == [
        f"{card.timing.capitalize()} · {TIMING_WHEN[card.timing]}" if card.timing else "Chance card"
        for card, _ in grouped
    ]
    for chip in cards:
        inside = [t for t in record.texts if t.tag == "effect" and chip.box[1] <= t.box[1] < chip.box[3]]
        inside = [t for t in inside if chip.box[0] <= t.box[0] < chip.box[2]]
        card = next(card for card, _ in grouped if card.name == chip.name)
        assert " ".join(t.text for t in inside) == cv.printable(card.effect)
    assert any(t.text.startswith("Drawn: keep one") for t in record.texts)
    others = game.view(state, (seat + 1) % 4)
    with cv.recording() as record:
        pictures.hand_image(others, (seat + 1) % 4, NAMES[:4])
    assert not any(t.text.startswith("Drawn") for t in record.texts), "the drawn cards are the turn's own"


def test_a_hand_shows_the_collector_s_flower_and_where_its_gardener_stands() -> None:
    game, state = played("garden_party", 6, 2, 600)
    view = game.view(state, 0)
    with cv.recording() as record:
        pictures.hand_image(view, 0, NAMES)
    texts = " ".join(t.text for t in record.texts)
    me = view.seats[0]
    assert f"your collector's flower {cv.printable(str(collector_flower(me)))}" in texts
    assert f"You are at {square_words(view, me.square, NAMES)}." in texts


def test_the_summary_names_each_greenhouse_s_flowers_by_display_name() -> None:
    game, state = played("garden_party", 3, 2, 130)
    view = game.view(state, None)
    line = pictures.summary(view, ["🌻 Ann", "Bob", "Cleo"])
    assert line.startswith(f"Round {view.round} of {view.season_rounds}")
    for name, seat in zip(["🌻 Ann", "Bob", "Cleo"], view.seats, strict=True):
        assert f"{name} {seat.flowering}/{view.flowers_to_end}" in line
