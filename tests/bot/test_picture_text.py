"""Every text every picture draws, checked from the drawing's own record (`canvas.recording`):

- contrast at least 4.5:1 (WCAG AA) against the colour behind it;
- readable on a phone: its font at least `MIN_READABLE_PX` tall once the picture is shown
  `PHONE_WIDTH` pixels wide (`MIN_FONT` at the picture's own width);
- whole: never run past the edge of what it is drawn on, and still showing once the picture is
  finished (nothing drawn later covers it);
- cards never overlap, so every card's name and "x2" count badge is whole and visible.

Checked on sample positions of every game with pictures (bot/pictures/samples.py): boards and
every seat's own picture, early, busy and finished games. A finished Garden Party is drawn twice:
from its view as the engine gives it, and with the count (`result`) the final board reads once the
view carries it (issue 20, "Pictures and words").
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PIL import Image

from bot.pictures import cabbagehead as cabbagehead_pictures
from bot.pictures import canvas as cv
from bot.pictures import garden_party as garden_party_pictures
from bot.pictures import sabotage as sabotage_pictures
from bot.pictures.samples import POSITIONS, played
from bot.pictures.text import ALT_MAX, grouped_by_name
from engine.sabotage.views import CardView

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"]
MODULES: dict[str, Any] = {
    "cabbagehead": cabbagehead_pictures,
    "sabotage": sabotage_pictures,
    "garden_party": garden_party_pictures,
}


def _seats(view: Any) -> int:
    return len(view.gardens) if hasattr(view, "gardens") else len(view.seats)


def _pictures() -> list[tuple[str, str, Any, int | None]]:
    """(id, game, view, seat or None for the board) for every sample position and seat."""
    out: list[tuple[str, str, Any, int | None]] = []
    for label, game_name, seats, seed, moves, options in POSITIONS:
        game, state = played(game_name, seats, seed, moves, **options)
        out.append((f"{label}: board", game_name, game.view(state, None), None))
        if game_name == "garden_party" and game.is_terminal(state):
            counted = game.view(state, None).model_copy(update={"result": game.result(state)})
            out.append((f"{label}: board with the count", game_name, counted, None))
        for seat in range(seats):
            out.append((f"{label}: seat {seat + 1}", game_name, game.view(state, seat), seat))
    return out


PICTURES = _pictures()


def _draw(game_name: str, view: Any, seat: int | None) -> tuple[Image.Image, cv.Recording]:
    module = MODULES[game_name]
    names = NAMES[: _seats(view)]
    with cv.recording() as record:
        image = module.board_image(view, names) if seat is None else module.hand_image(view, seat, names)
    return image, record


@pytest.fixture(scope="module")
def drawn() -> dict[str, tuple[str, Any, int | None, Image.Image, cv.Recording]]:
    return {key: (game, view, seat, *_draw(game, view, seat)) for key, game, view, seat in PICTURES}


IDS = [key for key, *_ in PICTURES]


def test_contrast_is_wcag_s_formula() -> None:
    assert cv.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert cv.contrast(cv.PAPER, cv.PAPER) == pytest.approx(1)
    assert cv.contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_the_smallest_font_is_readable_at_phone_width() -> None:
    assert cv.MIN_FONT * cv.PHONE_WIDTH / cv.WIDTH >= cv.MIN_READABLE_PX >= 8.5


@pytest.mark.parametrize("key", IDS)
def test_every_text_has_at_least_4_5_to_1_contrast(key: str, drawn: dict[str, Any]) -> None:
    *_, record = drawn[key]
    assert record.texts, "the recording saw the texts"
    poor = [
        (t.text, t.fill, t.background, round(cv.contrast(t.fill, t.background), 2))
        for t in record.texts
        if t.background is None or cv.contrast(t.fill, t.background) < cv.MIN_CONTRAST
    ]
    assert not poor


@pytest.mark.parametrize("key", IDS)
def test_every_text_is_readable_when_the_picture_is_shown_360_px_wide(
    key: str, drawn: dict[str, Any]
) -> None:
    *_, image, record = drawn[key]
    scale = cv.PHONE_WIDTH / image.width
    small = sorted({(t.size * scale, t.text) for t in record.texts if t.size * scale < cv.MIN_READABLE_PX})
    assert not small


@pytest.mark.parametrize("key", IDS)
def test_every_text_is_whole_and_still_shows_in_the_finished_picture(key: str, drawn: dict[str, Any]) -> None:
    *_, image, record = drawn[key]
    rgb = image.convert("RGB")
    hidden = []
    for t in record.texts:
        assert not t.cut, f"{t.text!r} runs past the edge of what it is drawn on"
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, t.text
        mask = cv._text_mask(t.text, t.size, t.bold)
        inked = [i for i, m in enumerate(mask.tobytes()) if m == 255]
        if not inked:
            continue
        pixels = cv.pixels(rgb.crop(t.box))
        showing = sum(1 for i in inked if pixels[i] == t.fill)
        if showing < 0.9 * len(inked):
            hidden.append(t.text)
    assert not hidden, "drawn over by something drawn later"


def _overlap(a: cv.Box, b: cv.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("key", IDS)
def test_no_card_overlaps_another_and_each_shows_its_whole_name_and_count(
    key: str, drawn: dict[str, Any]
) -> None:
    *_, record = drawn[key]
    named = [c for c in record.cards if c.place in ("hand", "row", "chip") or c.place == "garden"]
    for i, a in enumerate(named):
        for b in named[i + 1 :]:
            assert not _overlap(a.box, b.box), (a, b)
    for card in named:
        inside = [t for t in record.texts if _overlap(t.box, card.box)]
        for t in inside:
            x0, y0, x1, y1 = t.box
            assert card.box[0] <= x0 and card.box[1] <= y0 and x1 <= card.box[2] and y1 <= card.box[3]
        name = " ".join(t.text for t in inside if t.tag == "name")
        if card.place != "garden" or name:
            assert name == card.name, f"{card.name} shows {name!r}"
        if card.count > 1:
            assert [t.text for t in inside if t.tag == "count"] == [f"x{card.count}"]


def test_sabotage_hand_shows_every_bug_and_plant_with_its_count() -> None:
    """The review's hand ("Aph", "Be", "Cate", "Lacew"; hidden x2 / x3): a crowded hand keeps every
    card on its own place with its whole name and its count."""
    game, state = played("sabotage", 4, 9, 260, bird_variant=True)
    for seat in range(4):
        view = game.view(state, seat)
        _, record = _draw("sabotage", view, seat)
        hand = [c for c in record.cards if c.place == "hand"]
        expected = grouped_by_name(view.my_plants) + grouped_by_name(view.my_bugs)
        assert [(c.name, c.count) for c in hand] == [(card.name, n) for card, n in expected]


def test_a_hand_of_every_bug_and_plant_kind_wraps_without_overlap() -> None:
    game, state = played("sabotage", 2, 1, 10)
    view = game.view(state, 0)
    plants = ["Carrot", "Tomato", "Bean", "Lettuce", "Pumpkin", "Sunflower", "Strawberry", "Onion", "Radish"]
    bugs = ["Aphid", "Bee", "Caterpillar", "Lacewing", "Ladybug", "Slug"]
    view = view.model_copy(
        update={
            "my_plants": [CardView(id=f"plant-{k}-{i}", name=k) for k in plants for i in range(2)],
            "my_bugs": [CardView(id=f"bug-{k}-{i}", name=k) for k in bugs for i in range(3)],
        }
    )
    _, record = _draw("sabotage", view, 0)
    hand = [c for c in record.cards if c.place == "hand"]
    assert [c.name for c in hand] == plants + sorted(bugs, key=bugs.index)
    for i, a in enumerate(hand):
        assert all(not _overlap(a.box, b.box) for b in hand[i + 1 :])
        inside = [t for t in record.texts if _overlap(t.box, a.box)]
        assert " ".join(t.text for t in inside if t.tag == "name") == a.name
        assert [t.text for t in inside if t.tag == "count"] == [f"x{a.count}"]


FINISHED_BOARDS = [k for k in IDS if "finished" in k and k.endswith(("board", "board with the count"))]


@pytest.mark.parametrize("key", FINISHED_BOARDS)
def test_a_finished_board_shows_the_final_board_and_leaves_the_result_to_the_final_message(
    key: str, drawn: dict[str, Any]
) -> None:
    """Issue 27 item 9: the end was said five to seven times, twice on the picture (its band's
    "X wins" and a ranking panel with a crown) and again in its alt text. The end is said once,
    with the ranking, in the final message (the table's headline says the game is over): the
    finished board has no band, and nothing drawn or described names a winner or the end."""
    game_name, view, _, _, record = drawn[key]
    assert not [t.text for t in record.texts if t.tag in ("ranking", "title", "now")], "no band, no ranking"
    words = [t.text for t in record.texts]
    alt = MODULES[game_name].board_description(view, NAMES[: _seats(view)])
    assert alt.startswith(f"{MODULES[game_name].TITLE}, the final board."), alt[:120]
    for said in [*words, alt]:
        assert not re.search(
            r"\bwins?\b|share the win|Final ranking|Ranking:|ribbon|game over", said, re.I
        ), said


@pytest.mark.parametrize("key", [k for k in IDS if k.startswith("cabbagehead")])
def test_ruling_24_margin_letters_numbers_and_slot_names_are_readable(
    key: str, drawn: dict[str, Any]
) -> None:
    """Ruling 24: every garden's margins carry its column letters and row numbers (the view's, in
    order), and the legal empty slots their names; each is checked like every text: 4.5:1 contrast,
    readable 360 px wide, whole (the general tests above cover them too: this names them)."""
    _, view, seat, image, record = drawn[key]
    gardens = view.gardens if seat is None else [g for g in view.gardens if g.seat == seat]
    margins = [t for t in record.texts if t.tag == "margin"]
    assert [t.text for t in margins] == [
        part for g in gardens for part in [*g.column_letters, *(str(n) for n in g.row_numbers)]
    ]
    slots = [t for t in record.texts if t.tag == "slot"]
    assert sorted(t.text for t in slots) == sorted(name for g in gardens for name in g.legal_slots)
    scale = cv.PHONE_WIDTH / image.width
    for t in margins + slots:
        assert t.background is not None and cv.contrast(t.fill, t.background) >= cv.MIN_CONTRAST, t
        assert t.size * scale >= cv.MIN_READABLE_PX and not t.cut, t


@pytest.mark.parametrize("key", IDS)
def test_alt_text_stays_within_discord_s_limit(key: str, drawn: dict[str, Any]) -> None:
    game_name, view, seat, *_ = drawn[key]
    module = MODULES[game_name]
    names = NAMES[: _seats(view)]
    words = (
        module.board_description(view, names) if seat is None else module.hand_description(view, seat, names)
    )
    assert 0 < len(words) <= ALT_MAX


def test_recording_costs_nothing_outside_a_recording() -> None:
    game, state = played("sabotage", 2, 1, 10)
    with cv.recording() as record:
        pass
    sabotage_pictures.board_image(game.view(state, None), NAMES[:2])
    assert record.texts == [] and record.cards == []
