"""Which targets each action card may be played on now (`targets`: none when it would do nothing,
rulings 10 and 13), and how a card played on its target is said: its label, its picker step and its
log line. Split from effects.py (issue 30), which keeps what a card does once it takes effect."""

from __future__ import annotations

from engine.garden_party.board import CENTRE
from engine.garden_party.cards import CARD_KINDS, COLOURS, POTS
from engine.garden_party.common import gardener_short, water_limit, whose
from engine.garden_party.growth import can_grow
from engine.garden_party.state import GardenPartyState
from engine.text import N_, lit

#: How a card's target is said after its name ("on the Baron", "on pot 3").
SEAT_TARGETS = {"competitor_with_water", "competitor_off_centre", "competitor_with_seed"}
#: A card played, with its target: the label, and the log line (`{player}`, `{card}` and
#: `{effect}` filled in when the line is read), one static template a kind of target.
PLAYED = {
    "none": (N_("Play {card}"), N_("{player} plays {card}: {effect}")),
    "seat": (N_("Play {card} on {gardener}"), N_("{player} plays {card} on {gardener}: {effect}")),
    "pot": (N_("Play {card} on pot {pot}"), N_("{player} plays {card} on pot {pot}: {effect}")),
    "their_pot": (
        N_("Play {card} on {whose} pot {pot}"),
        N_("{player} plays {card} on {whose} pot {pot}: {effect}"),
    ),
}


def _target(state: GardenPartyState, kind: str, target: int | None) -> tuple[str, dict[str, object]]:
    """The kind of `target` (a key of `PLAYED`) and the values its templates are filled with."""
    if target is None:
        return "none", {}
    rule = card_kind_target(kind)
    if rule in SEAT_TARGETS:
        return "seat", {"gardener": gardener_short(state, target)}
    if rule == "competitor_sprout":
        seat, pot = divmod(target, POTS)
        return "their_pot", {"whose": whose(state, seat), "pot": pot + 1}
    return "pot", {"pot": target + 1}


def target_words(state: GardenPartyState, kind: str, target: int | None) -> str:
    """ " on the Baron", " on the Baron's pot 3", " on pot 3" ("" for no target)."""
    how, values = _target(state, kind, target)
    if how == "none":
        return ""
    label = PLAYED[how][0].format(card="", **values)
    return label.removeprefix("Play ")


#: A card's target as its picker step says it (a gardener's: "On the Baron", one entry each).
TARGET_STEPS = {"pot": N_("On pot {pot}"), "their_pot": N_("On {whose} pot {pot}")}


def target_step(state: GardenPartyState, kind: str, target: int | None) -> str | None:
    """ "On the Baron", "On the Baron's pot 3", "On pot 3": the step after "Play <card>"."""
    how, values = _target(state, kind, target)
    if how == "none":
        return None
    if how == "seat":
        # "On the Baron", not str.capitalize()'s "On the baron" (issue 27 item 10); each
        # gardener's is an entry of the catalogs (bot/catalog_template.py).
        return f"On {values['gardener']}"
    return TARGET_STEPS[how].format(**values)


def played_label(state: GardenPartyState, kind: str, name: str, target: int | None) -> str:
    """ "Play Leaky Can on the Baron": the label of a card played on `target`."""
    how, values = _target(state, kind, target)
    return PLAYED[how][0].format(card=name, **values)


def played_line(state: GardenPartyState, kind: str, target: int | None, effect: str) -> str:
    """The log line's template of a card played on `target` (its effect written in)."""
    how, values = _target(state, kind, target)
    literal = {key: lit(str(value)) for key, value in values.items()}
    return PLAYED[how][1].format(player="{player}", card="{card}", effect=lit(effect), **literal)


def card_kind_target(kind: str) -> str | None:
    return CARD_KINDS[kind].target


def seeds_of(state: GardenPartyState, seat: int) -> list[int]:
    return [i for i, pot in enumerate(state.players[seat].pots) if pot is not None and pot.stage == "seed"]


def weeds_of(state: GardenPartyState, seat: int) -> list[int]:
    return [i for i, pot in enumerate(state.players[seat].pots) if pot is not None and pot.stage == "weed"]


def unknown_seeds(state: GardenPartyState, seat: int) -> list[int]:
    """The pots whose seed `seat` has not looked at (ruling 28)."""
    player = state.players[seat]
    return [
        i
        for i, pot in enumerate(player.pots)
        if pot is not None and pot.stage == "seed" and pot.token not in player.known
    ]


def targets(state: GardenPartyState, seat: int, kind: str) -> list[int | None] | None:
    """The targets card `kind` may be played on by `seat` now ([None]: no target needed; None: it
    cannot be played now, it would do nothing)."""
    player = state.players[seat]
    rule = card_kind_target(kind)
    others = [s for s in range(state.seats) if s != seat]
    pots = player.pots
    if rule == "competitor_with_water":
        return [s for s in others if state.players[s].water > 0] or None
    if rule == "competitor_off_centre":
        return [s for s in others if state.players[s].square != CENTRE] or None
    if rule == "competitor_with_seed":
        found = [s for s in others if seeds_of(state, s)] if weeds_of(state, seat) else []
        return list(found) or None
    if rule == "competitor_sprout":
        if not weeds_of(state, seat):
            return None
        sprouts = [
            s * POTS + i
            for s in others
            for i, p in enumerate(state.players[s].pots)
            if p is not None and p.stage == "sprout"
        ]
        return list(sprouts) or None
    if rule == "own_growing":
        return [i for i, p in enumerate(pots) if can_grow(p)] or None
    if rule == "own_empty":
        return [i for i, p in enumerate(pots) if p is None] or None
    if rule == "own_graftable":
        top = COLOURS[-1]
        found = [
            i
            for i, p in enumerate(pots)
            if p is not None and p.stage in ("sprout", "bud") and state.token_kinds[p.token] != top
        ]
        return list(found) or None
    # No target: the card must still be able to do something (rulings 10 and 13).
    if kind == "rain_shower" and player.water >= water_limit(player):
        return None
    if kind == "morning_dew" and player.water >= water_limit(player):
        return None
    if kind == "botanists_eye" and not unknown_seeds(state, seat):
        return None
    turn = state.turn
    idle = {
        "grow_lamp": turn.grow_lamp,
        "padlock": turn.padlock,
        "cold_snap": turn.cold_snap,
        "pollen_storm": turn.pollen_storm,
        "tripwire": turn.points == 0,
        "compost": _buds(state, seat) <= state.compost.count(seat),
        "best_in_show": _flowers_scored(state, seat) <= state.best_in_show.count(seat),
    }
    return None if idle.get(kind, False) else [None]


def _buds(state: GardenPartyState, seat: int) -> int:
    return sum(1 for p in state.players[seat].pots if p is not None and p.stage == "bud")


def _flowers_scored(state: GardenPartyState, seat: int) -> int:
    """Flowering plants, and the buds Compost will count as flowers (ruling 16)."""
    flowers = sum(1 for p in state.players[seat].pots if p is not None and p.stage == "flower")
    return flowers + min(_buds(state, seat), state.compost.count(seat))
