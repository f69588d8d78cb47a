"""Pictures read on a phone as players meet them (issue 27 item 14): a row card's notes stay on
the picture, two computers on Garden Party's estate can be told apart, and a greenhouse's status
lines are readable at phone width (360 px)."""

from __future__ import annotations

from bot.pictures import cabbagehead as cabbagehead_pictures
from bot.pictures import canvas as cv
from bot.pictures import garden_party as garden_party_pictures
from bot.pictures.samples import played


def x_height_on_a_phone(size: int) -> float:
    """How tall a lower-case "x" of font `size` shows once the picture is shown 360 px wide."""
    _left, top, _right, bottom = cv.font(size).getbbox("x")
    return (bottom - top) * cv.PHONE_WIDTH / cv.WIDTH


def test_a_card_passed_in_that_cannot_be_afforded_says_both_on_the_picture() -> None:
    """Two players: the left card of the row passed in by the opponent and too dear for the
    planter. "passed in · can't afford" was wider than the card and ran off the left edge: each
    note now has its own line under the card, inside the picture."""
    game, state = played("cabbagehead", 2, 3, 31, grasshoppers=True)
    view = game.view(state, None)
    row = [place.model_copy(update={"passed_in": True, "affordable": False}) for place in view.row]
    with cv.recording() as record:
        image = cabbagehead_pictures.board_image(view.model_copy(update={"row": row}), ["Ann", "Bob"])
    notes = [t for t in record.texts if t.tag == "note"]
    assert sorted({t.text for t in notes}) == ["can't afford", "passed in"]
    for note in notes:
        x0, _y0, x1, _y1 = note.box
        assert x0 >= 0 and x1 <= image.width and not note.cut, note


def test_two_computers_on_the_estate_are_told_apart() -> None:
    """Six gardeners, five of them computers named as the lobby names them: "Computer 2 (Medium)"
    and "Computer 3 (Medium)" were both cut to "Comp…"; every seat's name on the estate (its
    greenhouse's owner and its figure) now differs from every other seat's."""
    names = ["Ann", *(f"Computer {n} (Medium)" for n in range(1, 6))]
    game, state = played("garden_party", 6, 2, 600)
    with cv.recording() as record:
        garden_party_pictures.board_image(game.view(state, None), names)
    for tag in ("owner", "figure"):
        shown = [t.text for t in record.texts if t.tag == tag]
        assert shown and len(set(shown)) == len(shown), (tag, shown)
        assert all("Comp" not in text or any(d in text for d in "12345") for text in shown), shown


def test_a_greenhouse_s_status_lines_are_readable_at_phone_width() -> None:
    """Water, cards in hand and holdings are read at a glance while playing: their letters are at
    least 6 px tall on a 360 px phone (small print's were about 5)."""
    game, state = played("garden_party", 4, 2, 300)
    with cv.recording() as record:
        garden_party_pictures.board_image(game.view(state, None), ["Ann", "Bob", "Cleo", "Dev"])
    status = [t for t in record.texts if t.tag == "status"]
    assert len({t.text for t in status}) >= 4, "every greenhouse's status line"
    assert min(x_height_on_a_phone(t.size) for t in status) >= cv.STATUS_XHEIGHT_PX
    assert x_height_on_a_phone(cv.SMALL) < cv.STATUS_XHEIGHT_PX, "small print would not do"
