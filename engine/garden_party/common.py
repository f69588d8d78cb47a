"""Small helpers every part of the rules shares: the event log of one `apply`, seat names, the
watering can's size, moving cards between hands and decks, and dice."""

from __future__ import annotations

from collections.abc import Mapping

from engine.api import Event, FieldValue
from engine.garden_party.cards import (
    CARD_KIND_OF,
    DIE_HIGH,
    DIE_LOW,
    GARDENERS,
    WATER_LIMIT,
    talent_of,
)
from engine.garden_party.state import GardenPartyState, Player
from engine.text import N_, event


def seat_name(seat: int) -> str:
    """How the game's text names a seat."""
    return f"Player {seat + 1}"


class Log:
    """The events one `apply` produces, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(
        self,
        kind: str,
        template: str,
        *,
        seats: Mapping[str, int] | None = None,
        fields: Mapping[str, FieldValue] | None = None,
        private: Mapping[int, str] | None = None,
    ) -> None:
        self.events.append(event(kind, template, seat_name, seats=seats, fields=fields, private=private))


def gardener_short(state: GardenPartyState, seat: int) -> str:
    """ "the Baron" (or "Player 2's gardener" before gardeners are chosen)."""
    gardener = state.players[seat].gardener
    return GARDENERS[gardener].short if gardener else N_("{seat}'s gardener").format(seat=seat_name(seat))


def possessive(short: str) -> str:
    """ "the Baron's": how a text names what is a gardener's ("the Baron's lawn"). The bot's
    catalogs hold each gardener's (bot/catalog_template.py), so that a language puts it where its
    grammar wants it ("la pelouse du Baron")."""
    return f"{short}'s"


def whose(state: GardenPartyState, seat: int) -> str:
    """ "the Baron's" for seat `seat`'s gardener."""
    return possessive(gardener_short(state, seat))


def water_limit(player: Player) -> int:
    """Three water tokens, five with the Golden Watering Can."""
    return 5 if "can" in player.golden else WATER_LIMIT


def roll(state: GardenPartyState) -> int:
    """One roll of the 4-9 die (the same odds as a six-sided die plus 3)."""
    return DIE_LOW + state.rng.below(DIE_HIGH - DIE_LOW + 1)


def die_words(state: GardenPartyState, value: int) -> str:
    """A roll as the table saw it: "7", or "4 + 3" with a standard die (ruling 20)."""
    return f"{value - 3} + 3" if state.options.standard_die else str(value)


def under_deck(state: GardenPartyState, card: str) -> None:
    """A card played, paid or discarded goes under its deck (rules IV B)."""
    state.decks[talent_of(card)].append(card)


def oldest_of_talent(player: Player, talent: str, count: int) -> list[str]:
    """The `count` cards of `talent` held the longest (ruling 15: what a payment discards)."""
    return [c for c in player.hand if talent_of(c) == talent][:count]


def count_talent(player: Player, talent: str) -> int:
    return sum(1 for c in player.hand if talent_of(c) == talent)


def holds_kind(player: Player, kind: str) -> str | None:
    """The id of a card of `kind` in the hand (the one held the longest), or None."""
    return next((c for c in player.hand if CARD_KIND_OF[c] == kind), None)


def gain_card(state: GardenPartyState, seat: int, card: str, log: Log) -> None:
    """A card joins a hand; a duel's postponed sentence takes a card at random at once (rules IV E)."""
    player = state.players[seat]
    player.hand.append(card)
    while player.owed and player.hand:
        lost = player.hand.pop(state.rng.below(len(player.hand)))
        player.owed -= 1
        under_deck(state, lost)
        log.add(
            "sentence",
            "{loser} loses a card at random: the sentence of an earlier duel.",
            seats={"loser": seat},
        )


def seats_after(state: GardenPartyState, seat: int) -> list[int]:
    """The other seats, clockwise from `seat`'s left."""
    return [(seat + i) % state.seats for i in range(1, state.seats)]
