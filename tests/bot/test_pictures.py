"""Board pictures (issue 8): real PNGs of the right size, drawn from views only, cached by version.

The hidden-information tests build two states that differ only in what the viewer may not see
(deck order, face-down tokens, other players' hands) and check that the pictures are identical
byte for byte: rulings 12 (cabbagehead) and 17 (sabotage) of docs/rules, and Garden Party's hands
and face-down seeds (ruling 23 of docs/rules/garden-party.md; issue 20, "Pictures and words").
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from PIL import Image

from bot.picture_service.cache import PictureCache, PictureKey
from bot.picture_service.drawing import board_summary, render_board, render_hand
from bot.pictures import RenderedImage
from bot.pictures import cabbagehead as cabbagehead_pictures
from bot.pictures import canvas as cv
from bot.pictures import garden_party as garden_party_pictures
from bot.pictures.canvas import WIDTH, printable
from bot.pictures.garden_party_art import colour_word
from bot.pictures.samples import played
from bot.pictures.text import ALT_MAX
from bot.publish.snapshots import kinds
from engine.cabbagehead.state import is_holiday, is_rose
from engine.garden_party.cards import card_kind, talent_of
from engine.garden_party.state import GardenPartyState
from engine.rng import Rng
from engine.sabotage import GAME as SABOTAGE

PNG_LIMIT = 300 * 1024


def _open(image: RenderedImage) -> Image.Image:
    picture = Image.open(io.BytesIO(image.png))
    picture.load()
    return picture


@pytest.mark.parametrize("kind", list(kinds()))
def test_every_board_kind_is_a_png_of_the_picture_width_under_300_kb_with_alt_text(kind: str) -> None:
    image = kinds()[kind]()
    picture = _open(image)
    assert picture.format == "PNG"
    assert picture.size == (image.width, image.height) == (WIDTH, picture.height)
    # A hand of a card or two is a short picture; a board never is. A six-gardener board with
    # status lines readable at phone width (issue 27 item 14) is about 1,900 px tall.
    assert (300 if kind.endswith("-hand") else 500) <= image.height <= 2000
    assert len(image.png) < PNG_LIMIT
    assert 40 <= len(image.description) <= ALT_MAX


BUSY = [
    ("cabbagehead", 2, 11, 3, {"grasshoppers": True}),  # two bare floating plots: 5 x 11 frames
    ("cabbagehead", 2, 4, 89, {"grasshoppers": True, "neighbour_set": "random"}),
    ("cabbagehead", 1, 2, 60, {"eudora": True, "grasshoppers": True}),
    ("sabotage", 4, 9, 400, {"bird_variant": True}),
    ("sabotage", 2, 1, 900, {}),
    ("garden_party", 3, 2, 130, {}),  # seeds, sprouts, buds, flowers, a weed and an empty pot
    ("garden_party", 6, 2, 600, {}),  # six greenhouses, every stage, a seat that looked at seeds
    ("garden_party", 6, 2, 5000, {}),  # finished
]


@pytest.mark.parametrize(("game_name", "seats", "seed", "moves", "options"), BUSY)
def test_busy_and_finished_games_stay_within_the_limits(
    game_name: str, seats: int, seed: int, moves: int, options: dict[str, Any]
) -> None:
    """Late, crowded and finished games: still under 300 KB, alt text within Discord's 1024."""
    game, state = played(game_name, seats, seed, moves, **options)
    board = render_board(
        game_name, game.view(state, None), ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"][:seats]
    )
    hand = render_hand(game_name, game.view(state, seats - 1), seats - 1)
    for image in (board, hand):
        assert _open(image).width == WIDTH
        assert len(image.png) < PNG_LIMIT
        assert 0 < len(image.description) <= ALT_MAX


@pytest.mark.parametrize(("game_name", "seats"), [("cabbagehead", 1), ("cabbagehead", 2), ("sabotage", 3)])
def test_the_picture_changes_when_the_state_changes(game_name: str, seats: int) -> None:
    game, state = played(game_name, seats, 5, 6)
    before = render_board(game_name, game.view(state, None))
    seat = game.to_move(state)[0]
    action = next(a for a in game.legal_actions(state, seat) if a.label != "End turn")
    game.apply(state, seat, action)
    after = render_board(game_name, game.view(state, None))
    assert after.png != before.png
    assert after.description != before.description


def _shuffle_unseen(items: list[Any], keep: Any, rng: Rng) -> list[Any]:
    """`items` with the entries `keep` rejects shuffled among their own places."""
    places = [i for i, item in enumerate(items) if not keep(item)]
    moved = [items[i] for i in places]
    rng.shuffle(moved)
    out = list(items)
    for i, item in zip(places, moved, strict=True):
        out[i] = item
    return out


def test_ruling_12_cabbagehead_pictures_are_the_same_whatever_the_deck_order_and_face_down_tokens() -> None:
    game, state = played("cabbagehead", 2, 8, 20, grasshoppers=True)
    twin = game.copy_state(state)
    rng = Rng.from_seed(99)
    known = set(state.known_in_deck)
    twin.deck = _shuffle_unseen(state.deck, lambda c: is_holiday(c) or is_rose(c) or c in known, rng)
    twin.pool = list(reversed(state.pool))
    assert twin.deck != state.deck and twin.pool != state.pool
    assert (
        render_board("cabbagehead", game.view(state, None)).png
        == render_board("cabbagehead", game.view(twin, None)).png
    )
    for seat in (0, 1):
        assert (
            render_hand("cabbagehead", game.view(state, seat), seat).png
            == render_hand("cabbagehead", game.view(twin, seat), seat).png
        )


def _swap_hand(state: Any, seat: int) -> None:
    """Give `seat` other cards from the decks (same counts), so only hidden information changes."""
    player = state.players[seat]
    for hand, deck in ((player.plants, state.plant_deck), (player.objectives, state.objective_deck)):
        n = min(len(hand), len(deck))
        hand[:n], deck[:n] = deck[:n], hand[:n]
    state.bug_deck.reverse()
    state.plant_deck.reverse()


def test_ruling_17_sabotage_public_picture_ignores_hands_and_decks_and_a_hand_shows_only_its_owner() -> None:
    game, state = played("sabotage", 3, 4, 40)
    twin = state.model_copy(deep=True)
    _swap_hand(twin, 1)
    hand = (state.players[1].plants, state.players[1].objectives)
    assert (twin.players[1].plants, twin.players[1].objectives) != hand
    board = render_board("sabotage", game.view(state, None))
    assert board.png == render_board("sabotage", game.view(twin, None)).png
    assert board.description == render_board("sabotage", game.view(twin, None)).description
    # Seat 0's own picture does not change when seat 1's hidden hand does...
    assert (
        render_hand("sabotage", game.view(state, 0), 0).png
        == render_hand("sabotage", game.view(twin, 0), 0).png
    )
    # ...while seat 1's picture shows seat 1's hand.
    assert (
        render_hand("sabotage", game.view(state, 1), 1).png
        != render_hand("sabotage", game.view(twin, 1), 1).png
    )


def _hidden_twin(state: GardenPartyState, seed: int, keep: int | None = None) -> GardenPartyState:
    """`state` with every hand but `keep`'s swapped, card for card, for deck cards of the same
    talent from deep in the deck (none of them drawn in one move), and the seeds nobody has looked
    at dealt again among their pots: only what nobody (or only the other seats) may see differs."""
    twin = state.model_copy(deep=True)
    rng = Rng.from_seed(seed)
    for seat, player in enumerate(twin.players):
        if seat == keep:
            continue
        for i, card in enumerate(player.hand):
            deck = twin.decks[talent_of(card)]
            depth = rng.below(len(deck) - 12) + 12 if len(deck) > 12 else None
            if depth is not None:
                player.hand[i], deck[depth] = deck[depth], card
    known = {t for p in twin.players for t in p.known}
    unseen = [
        pot.token
        for p in twin.players
        for pot in p.pots
        if pot and pot.stage == "seed" and pot.token not in known
    ]
    kinds = [twin.token_kinds[t] for t in unseen]
    rng.shuffle(kinds)
    for token, kind in zip(unseen, kinds, strict=True):
        twin.token_kinds[token] = kind
    return twin


PARTY = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"]


@pytest.mark.parametrize(("seats", "seed", "moves"), [(3, 2, 130), (6, 2, 150), (6, 2, 500), (5, 4, 150)])
def test_issue_20_garden_party_board_shows_no_hidden_seed_face_or_hand_card(
    seats: int, seed: int, moves: int
) -> None:
    """Issue 20, "Pictures and words" (and ruling 23): the board picture is drawn from the public
    view, so no seed face nobody has seen and no card in a hand reaches its texts or its alt text:
    with every hand swapped and the unseen seeds dealt again, the picture and its words are the
    same byte for byte; no card name is drawn; a seed's pot says "seed" and no colour. A seat's
    own picture shows the seeds it looked at, and does not change with the others' hidden cards."""
    game, state = played("garden_party", seats, seed, moves)
    twin = _hidden_twin(state, seed)
    hands = {card for p in state.players for card in p.hand} | {c for p in twin.players for c in p.hand}
    assert [p.hand for p in twin.players] != [p.hand for p in state.players]
    assert twin.token_kinds != state.token_kinds
    names = PARTY[:seats]
    board = render_board("garden_party", game.view(state, None), names)
    assert board.png == render_board("garden_party", game.view(twin, None), names).png
    assert board.description == render_board("garden_party", game.view(twin, None), names).description
    card_names = {card_kind(card).name for card in hands}
    view = game.view(state, None)
    with cv.recording() as record:
        garden_party_pictures.board_image(view, names)
    drawn = {t.text for t in record.texts}
    assert not drawn & card_names
    assert not any(name in board.description for name in card_names)
    seeds = sum(1 for seat in view.seats for pot in seat.pots if pot.stage == "seed")
    assert [t.text for t in record.texts if t.tag == "stage"].count("seed") == seeds
    colours = [t.text for t in record.texts if t.tag == "colour"]
    shown = [
        pot.colour for seat in view.seats for pot in seat.pots if pot.stage not in (None, "seed", "weed")
    ]
    assert colours == shown
    for seat in range(seats):
        mine = render_hand("garden_party", game.view(state, seat), seat, names)
        others_differ = game.view(_hidden_twin(state, seed, keep=seat), seat)
        assert mine.png == render_hand("garden_party", others_differ, seat, names).png
        assert mine.description == render_hand("garden_party", others_differ, seat, names).description
        own = game.view(state, seat).seats[seat]
        with cv.recording() as record:
            garden_party_pictures.hand_image(game.view(state, seat), seat, names)
        known = [p.colour for p in own.pots if p.stage == "seed" and p.colour]
        seen = [t.text for t in record.texts if t.tag == "colour"]
        # Each word whole, never cut short ("Mouldy", not "Mould…", for a mouldy seed looked at).
        assert seen == [colour_word(p.colour) for p in own.pots if p.stage not in (None, "weed") and p.colour]
        assert all(colour_word(colour) in seen for colour in known)


def test_each_player_gets_their_own_hand_picture() -> None:
    game, state = played("sabotage", 3, 4, 40)
    pictures = {render_hand("sabotage", game.view(state, seat), seat).png for seat in range(3)}
    assert len(pictures) == 3
    for seat in range(3):
        words = render_hand("sabotage", game.view(state, seat), seat).description
        assert "Your hand" in words


def test_ruling_24_only_the_legal_empty_slots_are_named_as_the_move_picker_names_them() -> None:
    """Ruling 24: the picture names ("F1") exactly the empty slots the player may choose now (the
    view's `legal_slots`), by the names the picker offers; no other empty slot carries text. When
    more than 24 may be chosen (a floating plot's second card: 54), none is written in: the
    margins name them, and the one card planted is not crowded out (issue 27 item 14)."""
    for seed, moves, named_in_slots in ((3, 4, True), (5, 1, False)):
        game, state = played("cabbagehead", 1, seed, moves)
        view = game.view(state, None)
        garden = view.gardens[0]
        picked = {a.steps[1] for a in game.legal_actions(state, 0)}
        assert garden.legal_slots and set(garden.legal_slots) <= picked
        assert set(garden.legal_slots) == set(garden.open_slots) == {s.label for s in garden.slots if s.open}
        assert (len(garden.legal_slots) <= cabbagehead_pictures.NAMED_SLOTS_MAX) is named_in_slots
        with cv.recording() as record:
            cabbagehead_pictures.hand_image(view, 0, ["Ann"])
        named = [t.text for t in record.texts if t.tag == "slot"]
        assert sorted(named) == (sorted(garden.legal_slots) if named_in_slots else [])


def test_ruling_24_the_margins_are_the_views_column_letters_and_row_numbers() -> None:
    """Ruling 24: each garden's frame is drawn with its column letters above and its row numbers to
    its left, exactly the view's, in order (a floating plot's frame, then a fixed plot)."""
    for seats, seed, moves, options in (
        (2, 11, 3, {"grasshoppers": True}),
        (2, 3, 31, {"grasshoppers": True}),
    ):
        game, state = played("cabbagehead", seats, seed, moves, **options)
        view = game.view(state, None)
        with cv.recording() as record:
            cabbagehead_pictures.board_image(view, ["Ann", "Bob"])
        margins = [t for t in record.texts if t.tag == "margin"]
        expected: list[str] = []
        for garden in view.gardens:
            expected += garden.column_letters + [str(n) for n in garden.row_numbers]
        assert [t.text for t in margins] == expected
        # Letters left to right on one line; numbers top to bottom in one column.
        first = view.gardens[0]
        letters = margins[: len(first.column_letters)]
        numbers = margins[len(first.column_letters) : len(first.column_letters) + len(first.row_numbers)]
        assert len({t.box[1] for t in letters}) == 1 and [t.box[0] for t in letters] == sorted(
            t.box[0] for t in letters
        )
        assert len({t.box[2] for t in numbers}) == 1 and [t.box[1] for t in numbers] == sorted(
            t.box[1] for t in numbers
        )


def test_a_name_keeps_its_accents_on_the_picture_and_its_emoji_in_the_alt_text() -> None:
    """The pictures' font draws accented letters (issue 32: "Amélie", not "Amelie"), Greek and
    Cyrillic (players' names: "Юля" was drawn "???"), but no emoji, which the picture leaves out
    and the alt text and summary keep; a letter it lacks is drawn plain where it can be (Romanian
    "ș"), else as "?" (scripts it does not carry, such as Arabic)."""
    assert printable("Amélie — 🌻 Bob") == "Amélie — Bob"
    assert printable("Ștefan") == "Stefan" and printable("علي") == "???"
    assert printable("Юля") == "Юля" and printable("Ёжик") == "Ёжик" and printable("Αλέξης") == "Αλέξης"
    game, state = played("cabbagehead", 2, 2, 5)
    with cv.recording() as record:
        cabbagehead_pictures.board_image(game.view(state, None), ["Amélie 🌻", "Bob"])
    drawn = " ".join(t.text for t in record.texts)
    assert "Amélie" in drawn and "Amelie" not in drawn and "🌻" not in drawn
    with cv.recording() as record:
        cabbagehead_pictures.board_image(game.view(state, None), ["Юля", "Αλέξης"])
    drawn = " ".join(t.text for t in record.texts)
    assert "Юля" in drawn and "Αλέξης" in drawn and "?" not in drawn
    image = render_board("cabbagehead", game.view(state, None), ["Amélie 🌻", "Bob"])
    assert "Amélie 🌻" in image.description
    assert "Amélie 🌻" in board_summary("cabbagehead", game.view(state, None), ["Amélie 🌻", "Bob"])


def test_the_summary_and_alt_text_name_seats_by_display_name_even_where_the_font_cannot() -> None:
    """The summary is message text (any character shows): it names every seat as given, so no
    reader has to rewrite "Seat N" / "Player N" in it; only the picture falls back."""
    for game_name, seats in (("cabbagehead", 2), ("sabotage", 3), ("garden_party", 3)):
        game, state = played(game_name, seats, 3, 10)
        names = ["🌻🌻", "Bob", "Cleo"][:seats]
        view = game.view(state, None)
        line = board_summary(game_name, view, names)
        assert "🌻🌻" in line and "Seat 1" not in line and "Player 1" not in line
        assert "🌻🌻" in render_board(game_name, view, names).description


def test_the_decision_line_reads_the_views_task_not_its_wording() -> None:
    game, state = played("cabbagehead", 2, 2, 5)
    view = game.view(state, None)
    line = board_summary("cabbagehead", view, ["Ann", "Bob"])
    assert f"Now: {['Ann', 'Bob'][view.to_move[0]]} to {view.decision_task}." in line


def test_summary_names_scores_and_whose_move_it_is() -> None:
    game, state = played("sabotage", 2, 3, 10)
    line = board_summary("sabotage", game.view(state, None), ["Ann", "Bob"])
    assert "Ann" in line and "Bob" in line and "pts" in line and "Now:" in line
    game, state = played("cabbagehead", 2, 3, 10)
    line = board_summary("cabbagehead", game.view(state, None), ["Ann", "Bob"])
    assert "Ann" in line and "Round" in line


def _picture(tag: str) -> RenderedImage:
    return RenderedImage(tag.encode(), tag, 1, 1)


def test_cache_never_draws_the_same_key_twice() -> None:
    cache = PictureCache(max_items=4)
    drawn: list[str] = []

    def draw() -> RenderedImage:
        drawn.append("x")
        return _picture("x")

    key = PictureKey(1, 7, None)
    assert cache.get_sync(key, draw) is cache.get_sync(key, draw)
    assert drawn == ["x"] and cache.renders == 1
    cache.get_sync(PictureKey(1, 8, None), draw)
    cache.get_sync(PictureKey(1, 8, 0), draw)
    assert cache.renders == 3


def test_cache_is_bounded_and_drops_the_least_recently_used() -> None:
    cache = PictureCache(max_items=2)
    for version in range(3):
        cache.get_sync(PictureKey(1, version, None), lambda v=version: _picture(str(v)))  # type: ignore[misc]
    assert len(cache) == 2
    assert cache.peek(PictureKey(1, 0, None)) is None
    assert cache.peek(PictureKey(1, 2, None)) is not None
    cache.forget_game(1)
    assert len(cache) == 0


async def test_concurrent_requests_for_one_key_draw_once_in_a_worker_thread() -> None:
    import threading

    cache = PictureCache()
    threads: list[int] = []

    def draw() -> RenderedImage:
        threads.append(threading.get_ident())
        return _picture("board")

    key = PictureKey(3, 1, None)
    results = await asyncio.gather(*(cache.get(key, draw) for _ in range(5)))
    assert len({id(r) for r in results}) == 1
    assert cache.renders == 1 and len(threads) == 1
    assert threads[0] != threading.get_ident()


async def test_a_failed_drawing_is_not_cached_and_can_be_retried() -> None:
    cache = PictureCache()

    def broken() -> RenderedImage:
        raise ValueError("no")

    key = PictureKey(3, 2, None)
    with pytest.raises(ValueError):
        await cache.get(key, broken)
    assert (await cache.get(key, lambda: _picture("ok"))).description == "ok"


def test_the_readme_has_a_committed_snapshot_of_every_board_kind() -> None:
    """docs/images/ holds one picture per kind (`python -m bot.publish.snapshots` writes them)."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "docs" / "images"
    for kind in kinds():
        data = (folder / f"{kind}.png").read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) < PNG_LIMIT


def test_the_readme_shows_each_games_table_as_the_bot_sends_it() -> None:
    """docs/images/ holds the layout previews of both games' tables and a hand (issue 17): drawn
    from the components `bot.publish.table_layout` and `hand_layout` build, committed, and the
    README shows each."""
    from pathlib import Path

    from bot.publish.snapshots import messages

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    drawn = messages()
    assert set(drawn) == {"cabbagehead-table", "sabotage-table", "sabotage-hand-message"}
    for name, image in drawn.items():
        assert image.width == 560 and image.height > 400
        assert (root / "docs" / "images" / f"{name}.png").read_bytes().startswith(b"\x89PNG")
        assert f"docs/images/{name}.png" in readme


async def test_a_caller_that_gives_up_does_not_stop_the_drawing_others_wait_for() -> None:
    import threading

    cache = PictureCache()
    started = threading.Event()
    release = threading.Event()

    def slow() -> RenderedImage:
        started.set()
        release.wait(5)
        return _picture("slow")

    key = PictureKey(4, 1, None)
    first = asyncio.ensure_future(cache.get(key, slow))
    second = asyncio.ensure_future(cache.get(key, slow))
    await asyncio.to_thread(started.wait, 5)
    first.cancel()
    release.set()
    assert (await second).description == "slow"
    assert cache.renders == 1 and cache.peek(key) is not None


def test_a_name_the_font_cannot_draw_falls_back_to_the_seat() -> None:
    from bot.pictures.text import seat_name

    assert seat_name(["🌻🌻", "Bob"], 0) == "Seat 1"
    assert seat_name(["🌻🌻"], 0, "Player 1") == "Player 1"
    assert seat_name(["Zoë 🌻"], 0) == "Zoë 🌻"
    assert seat_name([], 2) == "Seat 3"


def test_sabotage_picture_names_who_answers_the_house_plant_question_before_the_first_turn() -> None:
    """Sabotage ruling 18: while the table is asked for house plants, nobody has a turn yet."""
    state = SABOTAGE.create(SABOTAGE.options_model(ask_house_plants=True), 3, seed=4)
    view = SABOTAGE.view(state, None)
    line = board_summary("sabotage", view, ["Ann", "Bob", "Cleo"])
    asked = SABOTAGE.to_move(state)[0]
    assert f"Now: {['Ann', 'Bob', 'Cleo'][asked]} says how many house plants they own" in line
    assert "actions left" not in line
    assert render_board("sabotage", view, ["Ann", "Bob", "Cleo"]).png
