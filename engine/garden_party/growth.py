"""How a plant grows (rules V): seed -> sprout (its colour shows; a mouldy seed rots, a weed shows)
-> bud -> flowering plant, one stage per water token or Fertiliser. Flowering plants never change."""

from __future__ import annotations

from engine.garden_party.cards import PLANT_KINDS
from engine.garden_party.common import Log
from engine.garden_party.state import GardenPartyState, Pot
from engine.text import N_

NEXT_STAGE = {"sprout": "bud", "bud": "flower"}
GROWING = ("seed", "sprout", "bud")


def can_grow(pot: Pot | None) -> bool:
    return pot is not None and pot.stage in GROWING


def flowers(state: GardenPartyState, seat: int) -> int:
    """Flowering plants in the seat's greenhouse (collector's flowers are not counted: rules VII)."""
    return sum(1 for pot in state.players[seat].pots if pot is not None and pot.stage == "flower")


def grow(state: GardenPartyState, seat: int, index: int, log: Log, *, how: str) -> None:
    """Pot `index` of `seat` grows one stage (the end of the game is checked by `ending.check_end`
    after every change, not here: a flower can arrive in other ways)."""
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
            rake_weeds(state, seat, log)
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
        N_("{gardener}'s {colour} sprout in pot {pot} buds.")
        if pot.stage == "bud"
        else N_("{gardener}'s {colour} bud in pot {pot} flowers.")
    )
    log.add(pot.stage, template, seats=roles, fields={"pot": index + 1, "colour": name, "how": how})


def completed(state: GardenPartyState) -> int | None:
    """The seat whose greenhouse holds the flowering plants that end the game (rules II and VII:
    nine, seven in the short game; collector's flowers are not counted), however they came there:
    grown, or returned by a lost duel (ruling 8). The gardener whose turn it is first, then
    clockwise; None while no greenhouse is complete."""
    wanted = state.options.flowers_to_end
    for step in range(state.seats):
        seat = (state.turn.seat + step) % state.seats
        if flowers(state, seat) >= wanted:
            return seat
    return None


def rake_weeds(state: GardenPartyState, seat: int, log: Log) -> None:
    """The Golden Rake (ruling 11): each weed of `seat`'s that shows is exchanged at once for a
    random seed of the next competitor on the left who has a seed. A weed is never discarded (V
    B: "you cannot discard them ... you must exchange them in an opponent's greenhouse"), so with
    no seed anywhere it stays."""
    player = state.players[seat]
    if "rake" not in player.golden:
        return
    for index, pot in enumerate(player.pots):
        if pot is None or pot.stage != "weed":
            continue
        victim = next(
            (
                (seat + step) % state.seats
                for step in range(1, state.seats)
                if any(
                    p is not None and p.stage == "seed"
                    for p in state.players[(seat + step) % state.seats].pots
                )
            ),
            None,
        )
        if victim is None:
            return
        rival = state.players[victim]
        seeds = [i for i, p in enumerate(rival.pots) if p is not None and p.stage == "seed"]
        there = seeds[state.rng.below(len(seeds))]
        player.pots[index], rival.pots[there] = rival.pots[there], pot
        log.add(
            "weed_raked",
            "{gardener}'s Golden Rake sends the weed in pot {pot} to {victim}'s pot {theirs}, for the seed"
            " there.",
            seats={"gardener": seat, "victim": victim},
            fields={"pot": index + 1, "theirs": there + 1},
        )
