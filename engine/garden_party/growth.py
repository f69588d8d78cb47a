"""How a plant grows (rules V): seed -> sprout (its colour shows; a mouldy seed rots, a weed shows)
-> bud -> flowering plant, one stage per water token or Fertiliser. Flowering plants never change."""

from __future__ import annotations

from engine.garden_party.cards import PLANT_KINDS
from engine.garden_party.common import Log
from engine.garden_party.state import GardenPartyState, Pot

NEXT_STAGE = {"sprout": "bud", "bud": "flower"}
GROWING = ("seed", "sprout", "bud")


def can_grow(pot: Pot | None) -> bool:
    return pot is not None and pot.stage in GROWING


def flowers(state: GardenPartyState, seat: int) -> int:
    """Flowering plants in the seat's greenhouse (collector's flowers are not counted: rules VII)."""
    return sum(1 for pot in state.players[seat].pots if pot is not None and pot.stage == "flower")


def grow(state: GardenPartyState, seat: int, index: int, log: Log, *, how: str) -> None:
    """Pot `index` of `seat` grows one stage; the game's end is noted when the flowers are in."""
    player = state.players[seat]
    pot = player.pots[index]
    assert pot is not None and pot.stage in GROWING
    kind = state.token_kinds[pot.token]
    name = PLANT_KINDS[kind].name
    roles = {"gardener": seat}
    if pot.stage == "seed":
        if kind == "mouldy":
            player.pots[index] = None
            state.discarded_tokens.append(pot.token)
            log.add(
                "rot",
                "{gardener}'s seed in pot {pot} was mouldy: it rots, and the pot is empty.",
                seats=roles,
                fields={"pot": index + 1, "how": how},
            )
            return
        if kind == "weed":
            pot.stage = "weed"
            log.add(
                "weed",
                "{gardener}'s seed in pot {pot} is a weed!",
                seats=roles,
                fields={"pot": index + 1, "how": how},
            )
            pull_weeds_if_raked(state, seat, log)
            return
        pot.stage = "sprout"
        log.add(
            "sprout",
            "{gardener}'s seed in pot {pot} sprouts: {colour}.",
            seats=roles,
            fields={"pot": index + 1, "colour": name, "how": how},
        )
        return
    pot.stage = "bud" if pot.stage == "sprout" else "flower"
    template = (
        "{gardener}'s {colour} sprout in pot {pot} buds."
        if pot.stage == "bud"
        else "{gardener}'s {colour} bud in pot {pot} flowers."
    )
    log.add(pot.stage, template, seats=roles, fields={"pot": index + 1, "colour": name, "how": how})
    if (
        pot.stage == "flower"
        and state.ended_by is None
        and flowers(state, seat) >= state.options.flowers_to_end
    ):
        state.ended_by = seat
        log.add(
            "garden_complete",
            "{gardener} has {count} flowering plants: the game ends.",
            seats=roles,
            fields={"count": flowers(state, seat)},
        )


def pull_weeds_if_raked(state: GardenPartyState, seat: int, log: Log) -> None:
    """The Golden Rake pulls every weed that shows (its pot is left empty)."""
    player = state.players[seat]
    if "rake" not in player.golden:
        return
    for index, pot in enumerate(player.pots):
        if pot is not None and pot.stage == "weed":
            player.pots[index] = None
            state.discarded_tokens.append(pot.token)
            log.add(
                "weed_pulled",
                "{gardener}'s Golden Rake pulls out the weed in pot {pot}.",
                seats={"gardener": seat},
                fields={"pot": index + 1},
            )
