"""Garden Party's words for the bot's catalogs: what its texts carry from its data.

The engine writes English only (its templates are marked `N_` where they are made); the names its
fields and labels take from `data/` are listed here, so that the catalogs hold them too.
"""

from __future__ import annotations

from collections.abc import Iterator


def catalog_data() -> Iterator[tuple[str, str]]:
    """Garden Party's names and card texts from its data (engine/garden_party/data), and the few
    ways its texts name a gardener ("the Baron's lawn", "On the Baron"), each with a note for the
    translator (bot/catalog_template.py puts them in the catalogs)."""
    from engine.garden_party.cards import (
        CARD_KINDS,
        COMPOSITIONS,
        DUEL_CARDS,
        GARDENERS,
        GOLDEN_OBJECTS,
        PLANT_KINDS,
        TALENT_NAMES,
        TIMING_WHEN,
    )
    from engine.garden_party.common import possessive
    from engine.garden_party.rules import talents_words
    from engine.garden_party.turn_actions import STAGE_WORDS, first_up

    game = "Garden Party: "
    for talent in TALENT_NAMES.values():
        yield talent, game + "a talent"
    for timing, when in TIMING_WHEN.items():
        yield timing, game + "an action card's timing colour"
        yield when, game + "when a card of a timing colour is played"
    for card in CARD_KINDS.values():
        yield card.name, game + "an action card"
        yield card.effect, game + "an action card's effect"
    for gardener in GARDENERS.values():
        yield gardener.name, game + "a gardener (a proper name, its title in the language)"
        yield gardener.short, game + "a gardener, short"
        yield possessive(gardener.short), game + "a gardener's: the words that say a square or pot is theirs"
        yield first_up(f"on {gardener.short}"), game + "a card's target step"
        yield talents_words(gardener.talents), game + "a gardener's talents"
        yield gardener.flower, game + "a collector's flower"
    for kind in PLANT_KINDS.values():
        yield kind.name, game + "a plant token"
        if kind.colour:
            for stage in ("sprout", "bud", "flower"):
                yield STAGE_WORDS[stage].format(colour=kind.name), game + "a plant as a pot shows it"
    for composition in COMPOSITIONS:
        yield composition.name, game + "a composition"
    for found in GOLDEN_OBJECTS.values():
        yield found.name, game + "a golden object"
        yield found.effect, game + "a golden object's effect"
    for duel in DUEL_CARDS.values():
        yield duel.name, game + "a duel card"
        yield duel.text, game + "a duel card's rule"
