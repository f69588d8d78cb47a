"""Garden Sabotage's log lines that list cards, written from their events' fields in a language
other than English (issue 32).

Every other line of the game is a static English template the catalogs translate
(bot/presenters/engine_words.py). These list as many cards as there are — the Plants a Sweep
discards and turns up, the Bad Bugs a Bird eats, the cards turned up in a row whose empty slots
fill again — so the engine writes their English itself and the bot writes the other languages
here, from the same fields, with the language's lists. A card is said with its article ("a
Tomato" → "une Tomate"), an entry of the catalogs (engine/sabotage/wording.py, `catalog_data`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.basics.words import Words
from bot.presenters.engine_words import LineWriter, listed
from engine.api import Event
from engine.sabotage.cards import a_or_an, the
from engine.sabotage.drawing import TOOK


def _named(event: Event, role: str, names: Sequence[str], words: Words) -> str:
    seat = event.seats.get(role, 0)
    return names[seat] if 0 <= seat < len(names) else words.text("Player {number}", number=seat + 1)


def _cards(found: object) -> list[str] | None:
    if not isinstance(found, list) or not all(isinstance(card, str) for card in found):
        return None
    return [str(card) for card in found]


def _turned(words: Words, cards: list[str]) -> str:
    return listed(words, [words.text(a_or_an(card)) for card in cards])


def sweep(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """ "Alice swept the Plant row (Tomato, Bean) and turned up a Carrot and a Lettuce." """
    swept, turned = _cards(event.fields.get("swept")), _cards(event.fields.get("turned_up"))
    if swept is None or turned is None:
        return None
    actor = _named(event, "actor", names, words)
    old = ", ".join(words.text(card) for card in swept)
    if not turned:
        return words.text(
            "{actor} swept the Plant row ({swept}) and the Plant deck is empty, so the slot stays empty.",
            actor=actor,
            swept=old,
        )
    return words.text(
        "{actor} swept the Plant row ({swept}) and turned up {turned}.",
        actor=actor,
        swept=old,
        turned=_turned(words, turned),
    )


def bird(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """ "Alice released a Bird: it ate the Aphid on plot 1 and the Slug on plot 2." """
    bugs, plots = _cards(event.fields.get("bugs")), event.fields.get("plots")
    if bugs is None or not isinstance(plots, list) or len(plots) != len(bugs):
        return None
    eaten = [
        words.text("{bug} on plot {plot}", bug=words.text(the(bug)), plot=plot)
        for bug, plot in zip(bugs, plots, strict=True)
    ]
    return words.text(
        "{actor} released a Bird: it ate {eaten}.",
        actor=_named(event, "actor", names, words),
        eaten=listed(words, eaten),
    )


def took(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """A card taken from a row whose slots, left empty earlier, all filled again (several cards
    turned up); a draw from a deck or one card turned up is a static template."""
    fields = event.fields
    turned = _cards(fields.get("turned_up"))
    deck = "plant" if event.kind == "draw_plant" else "bug"
    if fields.get("source") != "row" or turned is None or len(turned) <= 1 or "a_card" not in fields:
        return None
    return words.text(
        TOOK[deck][0],
        actor=_named(event, "actor", names, words),
        a_card=words.text(str(fields["a_card"])),
        a_new=_turned(words, turned),
    )


#: The lines written here, by event kind.
LINE_WRITERS: Mapping[str, LineWriter] = {"sweep": sweep, "bird": bird, "draw_plant": took, "draw_bug": took}
