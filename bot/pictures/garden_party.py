"""Pictures of Garden Party, drawn from a `GardenPartyView` and nothing else (issue 20).

The board shows the estate: every gardener's arm (greenhouse, lawn, pavement) leading to the
central square, each with the figures standing there, named by the words the text board and the
move buttons use ("the Baron's lawn", "the central square"). Then each greenhouse: its nine pots as
everyone sees them (seeds face down; sprouts, buds and flowers by colour, the stage and colour also
in words; weeds; empty pots), its golden vases, water, golden objects and hand size; then the
decks. A seed's colour shows only in the hand picture of a seat that looked at it, because only
that seat's view holds it. While the game runs the picture repeats nothing the table's headline
says (whose turn, the roll, the round: issue 17); once it is over neither (the headline says so, and
the result is said once, with the ranking, in the game's final message: issue 27 item 9).

A hand picture shows the seat's cards (grouped, each with its timing colour, when it may be
played and its effect), the cards drawn to keep one, and the seat's own greenhouse with what it
knows. All text is at least `cv.MIN_FONT`; the drawings are in `garden_party_art`.

Every text, drawn or in the alt text, is said in a `Words`' language (issue 32: a hand's in its
player's, the board's in the table's), the engine's names (cards, gardeners, talents, colours,
squares) through the catalogs; a card keeps its English name for what picks its drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.basics.words import N_, Words
from bot.pictures import canvas as cv
from bot.pictures import garden_party_art as art
from bot.pictures.garden_party_estate import (
    arm_words,
    estate_section,
    greenhouse_section,
    piles_section,
    said,
    square_said,
)
from bot.pictures.text import clip_alt, grouped_by_name, seat_name, whole_sentences
from bot.presenters.base import ENGLISH_WORDS
from bot.presenters.engine_words import semicolons
from bot.presenters.garden_party_text import (
    STAGE_WORDS,
    collector_flower,
    engine_said,
    gardener_free,
    seed_words,
)
from engine.garden_party.cards import GARDENERS, TALENT_NAMES, TIMING_WHEN
from engine.garden_party.views import CardView, GardenPartyView, PotView, SeatView

TITLE = "Garden Party"
#: This module draws and describes in any language: its entry points take `words`
#: (bot/picture_service/drawing.py).
SAYS_WORDS = True
GAP = 8
Namer = Callable[[list[str], int], str]


def _free_gardeners_section(view: GardenPartyView, words: Words) -> cv.Section:
    """While gardeners are chosen: each one still free with its talents, one a line (issue 27
    item 16: what the people waiting may still get, on the picture as in Board as text)."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    lines = art.lines_within(words.text("Gardeners still free:"), x1 - x0 - 36, cv.SMALL)
    for gardener in view.gardeners_free:
        lines += art.lines_within(gardener_free(gardener, words), x1 - x0 - 36, cv.SMALL)
    height = 8 + len(lines) * cv.line_height(cv.SMALL) + 16

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        cv.text_lines(image, x0 + 12, y + 7, lines, cv.SMALL, cv.PAPER)

    return height, draw


def board_image(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> Image.Image:
    """The public board: the estate, every greenhouse, the decks."""
    sections: list[cv.Section] = []
    if view.gardeners_free:
        sections.append(_free_gardeners_section(view, words))
    sections += [estate_section(view, names, words), piles_section(view, words)]
    for seat in view.seats:
        title = seat_name(names, seat.seat)
        if seat.gardener:
            title += f" · {engine_said(words, arm_words(view, seat.seat, names))}"
        sections.append(greenhouse_section(view, seat, names, title, words=words))
    return cv.compose(sections)


# ---------------------------------------------------------------- the private picture


CARD_W = (cv.WIDTH - 2 * cv.MARGIN - 3 * GAP) // 2


def _card_faces(card: CardView, words: Words) -> tuple[str, str, str, str]:
    """A card's name, talent, timing band and effect as `words` say them."""
    return (
        engine_said(words, card.name),
        engine_said(words, TALENT_NAMES.get(card.talent, card.talent)),
        art.timing_label(card.timing, words),
        engine_said(words, card.effect),
    )


def _cards_section(title: str, cards: list[CardView], empty: str, words: Words) -> cv.Section:
    """Cards two a row, grouped by name, each whole on its own place; `title` is the heading's
    msgid, the number of cards its `{count}`."""
    x0, x1 = cv.MARGIN, cv.WIDTH - cv.MARGIN
    group = [(card, n, _card_faces(card, words)) for card, n in grouped_by_name(cards)]
    rows = [group[i : i + 2] for i in range(0, len(group), 2)]
    heights = [
        max(art.card_height(label, name, effect, CARD_W, n) for _, n, (name, _, label, effect) in row)
        for row in rows
    ]
    top = 12 + cv.line_height(cv.BODY)
    body = sum(h + GAP for h in heights) if rows else cv.line_height(cv.BODY) + 8
    height = top + body + 12

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, y: int) -> None:
        cv.panel(d, (x0, y, x1, y + height - 8), fill=cv.FELT_DARK)
        heading = words.text(title, count=len(cards))
        cv.draw_text(image, (x0 + 10, y + 6), heading, cv.BODY, cv.PAPER, bold=True)
        if not rows:
            cv.draw_text(image, (x0 + 12, y + top), empty, cv.BODY, cv.PAPER_DIM)
            return
        cy = y + top
        for row, h in zip(rows, heights, strict=True):
            for i, (card, n, (name, talent, label, effect)) in enumerate(row):
                tile = art.card_tile(name, talent, card.timing, label, effect, CARD_W, h, n)
                cv.paste_tile(image, tile, x0 + GAP + i * (CARD_W + GAP), cy, card.name, n, "hand")
            cy += h + GAP

    return height, draw


def hand_image(
    view: GardenPartyView, seat: int, names: list[str], words: Words = ENGLISH_WORDS
) -> Image.Image:
    """A player's own picture: their cards, the cards drawn to keep one, and their greenhouse with
    the seeds they looked at, their collector's flower and golden objects."""
    sections = [_cards_section(N_("Your cards: {count}"), view.hand, words.text("no cards"), words)]
    if view.drawn:
        sections.append(_cards_section(N_("Drawn: keep one: {count}"), view.drawn, "", words))
    if 0 <= seat < len(view.seats):
        me = view.seats[seat]
        gardener = GARDENERS.get(me.gardener or "")
        title = words.text("Your greenhouse")
        if gardener:
            title += f" · {engine_said(words, gardener.short)}"
        sections.append(greenhouse_section(view, me, names, title, mine=True, words=words))
    return cv.compose(sections)


# ---------------------------------------------------------------- words


def pot_words(pot: PotView, words: Words = ENGLISH_WORDS) -> str:
    """ "seed", "seed (Red)" to the seat that looked at it, "Red sprout", "Weed", "empty"."""
    if pot.stage is None:
        return words.text("empty")
    if pot.stage == "weed":
        return engine_said(words, "Weed")
    if pot.stage == "seed":
        return seed_words(pot.colour, words)
    return engine_said(words, f"{pot.colour or '?'} {STAGE_WORDS.get(pot.stage, pot.stage)}")


def _potsgrouped_by_name(seat: SeatView, words: Words) -> str:
    counts = Counter(pot_words(p, words) for p in seat.pots)
    return ", ".join(w if n == 1 else f"{n} x {w}" for w, n in counts.items())


def _greenhouse(
    view: GardenPartyView, seat: SeatView, names: list[str], words: Words, held: list[str]
) -> str:
    """ "Alice's greenhouse (the Baron): …; …." """
    if seat.gardener:
        gardener = engine_said(words, arm_words(view, seat.seat, names, said))
        head = words.text(
            "{player}'s greenhouse ({gardener}): {held}.",
            player=said(names, seat.seat),
            gardener=gardener,
            held=semicolons(words, held),
        )
    else:
        head = words.text(
            "{player}'s greenhouse: {held}.", player=said(names, seat.seat), held=semicolons(words, held)
        )
    return head


def _held(seat: SeatView, words: Words) -> list[str]:
    held = []
    if seat.vases:
        held.append(
            words.text("vases: {flowers}", flowers=", ".join(engine_said(words, v) for v in seat.vases))
        )
    if seat.golden_objects:
        objects = ", ".join(engine_said(words, g) for g in seat.golden_objects)
        held.append(words.text("golden: {objects}", objects=objects))
    return held


def _flowering(view: GardenPartyView, seat: SeatView, words: Words) -> str:
    return words.text(
        "{flowering} of {flowers} flowering", flowering=seat.flowering, flowers=view.flowers_to_end
    )


def _seat_words(view: GardenPartyView, seat: SeatView, names: list[str], words: Words) -> str:
    held = [
        _flowering(view, seat, words),
        words.text("pots: {pots}", pots=_potsgrouped_by_name(seat, words)),
        words.text("water {water} of {limit}", water=seat.water, limit=seat.water_limit),
        words.plural("{n} card", "{n} cards", seat.cards_in_hand),
    ]
    return _greenhouse(view, seat, names, words, held + _held(seat, words))


def _estate_words(view: GardenPartyView, names: list[str], words: Words) -> str:
    where = [
        words.text(
            "{player} at {square}",
            player=said(names, s.seat),
            square=square_said(view, s.square, names, words),
        )
        for s in view.seats
    ]
    return words.text("Where the gardeners stand: {where}.", where=semicolons(words, where))


def _piles_words(view: GardenPartyView, words: Words) -> str:
    gone = ", ".join(engine_said(words, plant) for plant in view.discarded_plants) or words.text("nothing")
    return words.text(
        "Decks: {cards}, {duels}, {golden} golden objects face down; out of play: {gone}.",
        cards=words.plural("{n} action card", "{n} action cards", view.cards_in_decks),
        duels=words.plural("{n} duel card", "{n} duel cards", view.duel_cards),
        golden=view.golden_objects_left,
        gone=gone,
    )


def _final_seat_words(view: GardenPartyView, seat: SeatView, names: list[str], words: Words) -> str:
    """A greenhouse at the end, in the few words that explain its points."""
    return _greenhouse(view, seat, names, words, [_flowering(view, seat, words), *_held(seat, words)])


#: Ends a final alt text that had no room for every greenhouse.
MORE_AS_TEXT = N_("The rest: Board as text.")


def final_description(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    """The final board's alt text: that the game is over and this is its final board (the result
    is in the final message, issue 27 item 9), then each greenhouse in short, each sentence whole;
    what does not fit is left out and said to be in Board as text, never cut mid-way (item 16)."""
    parts = [words.text("{game}, the final board.", game=TITLE)]
    parts += [_final_seat_words(view, seat, names, words) for seat in view.seats]
    return whole_sentences(parts, left_out=words.text(MORE_AS_TEXT))


def board_description(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    """Alt text for the board picture: the picture in words (within Discord's 1024 characters)."""
    if view.phase == "over":
        return final_description(view, names, words)
    parts = [words.text("{game} board.", game=TITLE)]
    if view.gardeners_free:
        free = semicolons(words, [gardener_free(g, words) for g in view.gardeners_free])
        parts.append(words.text("Gardeners still free: {gardeners}.", gardeners=free))
    parts.append(_estate_words(view, names, words))
    parts += [_seat_words(view, s, names, words) for s in view.seats]
    parts.append(_piles_words(view, words))
    return clip_alt(parts)


def _card_words(card: CardView, count: int, words: Words) -> str:
    if card.timing in TIMING_WHEN:
        when = words.text(
            "{timing}, {when}",
            timing=engine_said(words, card.timing or ""),
            when=engine_said(words, TIMING_WHEN[card.timing or ""]),
        )
    else:
        when = words.text("chance card")
    effect = engine_said(words, card.effect).rstrip(".")
    said_card = words.text(
        "{card} ({when}): {effect}", card=engine_said(words, card.name), when=when, effect=effect
    )
    return said_card if count == 1 else f"{count} x {said_card}"


def hand_description(view: GardenPartyView, seat: int, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    parts = [words.text("Your hand, {player}.", player=said(names, seat))]
    cards = semicolons(words, [_card_words(c, n, words) for c, n in grouped_by_name(view.hand)])
    parts.append(words.text("Your cards: {cards}.", cards=cards or words.text("none")))
    if view.drawn:
        drawn = semicolons(words, [_card_words(c, n, words) for c, n in grouped_by_name(view.drawn)])
        parts.append(words.text("Drawn, keep one: {cards}.", cards=drawn))
    if 0 <= seat < len(view.seats):
        me = view.seats[seat]
        pots = ", ".join(f"{p.number} {pot_words(p, words)}" for p in me.pots)
        parts.append(
            words.text(
                "Your greenhouse: {flowering} of {flowers} flowering; pots {pots}.",
                flowering=me.flowering,
                flowers=view.flowers_to_end,
                pots=pots,
            )
        )
        flower = collector_flower(me)
        if flower:
            parts.append(
                words.text(
                    "Your collector's flower: {flower}, {left} left to take.",
                    flower=engine_said(words, flower),
                    left=me.own_flowers_left,
                )
            )
        parts.append(
            words.text(
                "You are at {square}, water {water} of {limit}.",
                square=square_said(view, me.square, names, words),
                water=me.water,
                limit=me.water_limit,
            )
        )
    return clip_alt(parts)


def summary(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    """One short line for the message text: the round (or the end) and each greenhouse's flowers."""
    flowering = ", ".join(f"{said(names, s.seat)} {s.flowering}/{view.flowers_to_end}" for s in view.seats)
    if view.phase == "over":
        return words.text("The final board · flowering: {flowering}", flowering=flowering)
    return words.text(
        "Round {round} of {rounds} · flowering: {flowering}",
        round=view.round,
        rounds=view.season_rounds,
        flowering=flowering,
    )
