"""Garden Party's log lines that count something, each a plural template (`N_plural`) picked by
its number, so that the catalogs say "1 point" and French "0 plante" (docs/bot.md, "Languages").

Some numbers are never 0 or 1 here (a roll of 4 to 9, a season of 3 rounds or more), but a
language's plural forms are its own (some word 5 unlike 4), so each is the catalogs' to agree with.
"""

from __future__ import annotations

from engine.text import N_plural


def rolled(points: int) -> str:
    """A turn's roll and the movement points it gives."""
    return N_plural(
        "{gardener} rolls {die}: {points} movement point.",
        "{gardener} rolls {die}: {points} movement points.",
        points,
    )


def season_over(rounds: int) -> str:
    """The last round played and no greenhouse complete (ruling 21)."""
    return N_plural(
        "The Countess closes the tournament after {rounds} round.",
        "The Countess closes the tournament after {rounds} rounds.",
        rounds,
    )


def can_filled(water: int) -> str:
    """A Rain Shower fills the watering can."""
    return N_plural(
        "{player} fills the watering can ({water} token).",
        "{player} fills the watering can ({water} tokens).",
        water,
    )


def plants_returned(returned: int) -> str:
    """A lost duel: the plants taken from the greenhouse that go back (0, 1 or more)."""
    return N_plural(
        "{returned} of the plants taken from {owner} goes back to its pot.",
        "{returned} of the plants taken from {owner} go back to their pots.",
        returned,
    )


def garden_complete(count: int) -> str:
    """A greenhouse complete: the game ends."""
    return N_plural(
        "{gardener} has {count} flowering plant: the game ends.",
        "{gardener} has {count} flowering plants: the game ends.",
        count,
    )
