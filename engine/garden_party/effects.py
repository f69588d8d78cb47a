"""What each action card does once it is not cancelled (`data/actions.json`, ruling 10), and the
sentences of a lost duel (rules IV E). Which targets a card may be played on, and how it is said
played on one, are in targets.py."""

from __future__ import annotations

from engine.garden_party import counted
from engine.garden_party.board import CENTRE
from engine.garden_party.cards import COLOURS, PLANT_KINDS, POTS, card_kind
from engine.garden_party.common import Log, under_deck, water_limit
from engine.garden_party.growth import can_grow, grow, rake_weeds
from engine.garden_party.state import GardenPartyState, Pending, Pot
from engine.garden_party.targets import seeds_of, unknown_seeds, weeds_of
from engine.text import N_, lit


def take_effect(state: GardenPartyState, pending: Pending, log: Log) -> None:
    """The card acts. Targets were checked when it was played; nothing but hands changed since."""
    seat, target = pending.seat, pending.target
    player = state.players[seat]
    kind = card_kind(pending.card).id
    turn = state.turn
    roles = {"player": seat}
    said = card_kind(pending.card).name
    if kind == "leaky_can" and target is not None:
        victim = state.players[target]
        victim.water = max(0, victim.water - 1)
        log.add(
            "water_lost", "{victim} loses a water token.", seats={"victim": target}, fields={"card": said}
        )
    elif kind == "wheelbarrow":
        turn.points += 3
        log.add("points_gained", "{player} gets 3 more movement points.", seats=roles, fields={"card": said})
    elif kind == "catapult" and target is not None:
        state.players[target].square = CENTRE
        log.add(
            "sent_to_centre",
            "{victim} lands on the central square.",
            seats={"victim": target},
            fields={"card": said},
        )
    elif kind == "hoe" and target is not None:
        rival_seat, rival_pot = divmod(target, POTS)
        rival = state.players[rival_seat]
        my_weeds, sprout = weeds_of(state, seat), rival.pots[rival_pot]
        if my_weeds and sprout is not None and sprout.stage == "sprout":
            colour = PLANT_KINDS[state.token_kinds[sprout.token]].name
            player.pots[my_weeds[0]], rival.pots[rival_pot] = sprout, player.pots[my_weeds[0]]
            log.add(
                "weed_swapped",
                N_(
                    "{player}'s weed in pot {mine} and {victim}'s {colour} sprout in pot {theirs} "
                    "change places."
                ).format(
                    player="{player}", mine="{mine}", victim="{victim}", theirs="{theirs}", colour=lit(colour)
                ),
                seats={"player": seat, "victim": rival_seat},
                fields={"mine": my_weeds[0] + 1, "theirs": rival_pot + 1, "card": said},
            )
            rake_weeds(state, rival_seat, log)
    elif kind == "tripwire":
        turn.points = max(0, turn.points - 3)
        log.add(
            "points_lost",
            "{mover} loses 3 movement points.",
            seats={"mover": turn.seat},
            fields={"card": said},
        )
    elif kind == "padlock":
        turn.padlock = True
        log.add(
            "padlocked",
            "{mover} may not enter a competitor's greenhouse this turn.",
            seats={"mover": turn.seat},
        )
    elif kind == "fertiliser" and target is not None:
        if can_grow(player.pots[target]):
            grow(state, seat, target, log, how="fertiliser")
    elif kind == "rain_shower":
        player.water = water_limit(player)
        log.add(
            "water_filled",
            counted.can_filled(player.water),
            seats=roles,
            fields={"water": player.water},
        )
    elif kind == "grow_lamp":
        turn.grow_lamp = True
        log.add("grow_lamp", "{player}'s plants grow two stages a watering this turn.", seats=roles)
    elif kind == "cold_snap":
        turn.cold_snap = True
        log.add("cold_snap", "{mover} may not water plants this turn.", seats={"mover": turn.seat})
    elif kind == "morning_dew":
        player.water = min(water_limit(player), player.water + 1)
        log.add(
            "water_taken",
            "{player} takes a water token ({water} now).",
            seats=roles,
            fields={"water": player.water},
        )
    elif kind == "seed_packet" and target is not None and player.pots[target] is None:
        state.token_kinds.append("green")
        state.packet_tokens += 1
        player.pots[target] = Pot(token=len(state.token_kinds) - 1, stage="sprout")
        log.add(
            "packet_planted",
            "{player} plants a green sprout in pot {pot}.",
            seats=roles,
            fields={"pot": target + 1},
        )
    elif kind == "botanists_eye":
        looked = unknown_seeds(state, seat)
        tokens = [(i, pot.token) for i, pot in enumerate(player.pots) if pot is not None and i in looked]
        player.known.extend(token for _, token in tokens)
        if tokens:
            seen = "; ".join(
                N_("pot {pot}: {colour}").format(pot=i + 1, colour=PLANT_KINDS[state.token_kinds[t]].name)
                for i, t in tokens
            )
            log.add(
                "seeds_seen",
                "{player} looks at their seeds.",
                seats=roles,
                fields={"pots": ", ".join(str(i + 1) for i in looked)},
                private={seat: N_("Your seeds: {seen}.").format(seen=lit(seen))},
            )
    elif kind == "graft" and target is not None:
        pot = player.pots[target]
        if pot is not None and pot.stage in ("sprout", "bud") and state.token_kinds[pot.token] != COLOURS[-1]:
            before = state.token_kinds[pot.token]
            after = COLOURS[COLOURS.index(before) + 1]
            state.token_kinds[pot.token] = after
            log.add(
                "grafted",
                "{player}'s {before} plant in pot {pot} turns {after}.",
                seats=roles,
                fields={
                    "pot": target + 1,
                    "before": PLANT_KINDS[before].name,
                    "after": PLANT_KINDS[after].name,
                },
            )
    elif kind == "seed_swap" and target is not None:
        mine, theirs = weeds_of(state, seat), seeds_of(state, target)
        if mine and theirs:
            a, b = mine[0], theirs[state.rng.below(len(theirs))]
            other = state.players[target]
            player.pots[a], other.pots[b] = other.pots[b], player.pots[a]
            log.add(
                "weed_swapped",
                "{player}'s weed in pot {mine} and {victim}'s seed in pot {theirs} change places.",
                seats={"player": seat, "victim": target},
                fields={"mine": a + 1, "theirs": b + 1},
            )
            rake_weeds(state, target, log)
    elif kind == "pollen_storm":
        turn.pollen_storm = True
        log.add(
            "pollen_storm", "{mover} may not exchange or steal plants this turn.", seats={"mover": turn.seat}
        )
    elif kind in ("alibi", "witness", "nettles") and state.duel is not None:
        duel = state.duel
        if kind == "alibi":
            duel.alibi = True
        elif kind == "witness":
            duel.witness = True
        else:
            duel.attila_bonus += 2
    elif kind == "compost":
        state.compost.append(seat)
    elif kind == "best_in_show":
        state.best_in_show.append(seat)


def undo_visit(state: GardenPartyState, owner: int, log: Log) -> None:
    """A lost duel: the plants taken from `owner`'s greenhouse go back to their places, the last
    first; a move whose plants have since changed places (or rotted) stays as it is (ruling 8)."""
    snooper = state.turn.seat
    me, them = state.players[snooper], state.players[owner]
    returned = 0
    for move in reversed([m for m in state.turn.moves if m.owner == owner]):
        here, there = me.pots[move.mine], them.pots[move.theirs]
        if here is None or here.token != move.their_token:
            continue
        if move.my_token is None:
            if there is not None:
                continue
            them.pots[move.theirs], me.pots[move.mine] = here, None
        else:
            if there is None or there.token != move.my_token:
                continue
            them.pots[move.theirs], me.pots[move.mine] = here, there
        returned += 1
    state.turn.moves = [m for m in state.turn.moves if m.owner != owner]
    rake_weeds(state, owner, log)
    rake_weeds(state, snooper, log)
    log.add(
        "plants_returned",
        counted.plants_returned(returned),
        seats={"owner": owner},
        fields={"returned": returned},
    )


def sentence(state: GardenPartyState, snooper: int, owner: int, log: Log) -> None:
    """The owner draws one of the snooper's cards at random and discards it unseen; with no card,
    the sentence waits until the snooper holds one (rules IV E)."""
    player = state.players[snooper]
    if not player.hand:
        player.owed += 1
        log.add(
            "sentence_postponed",
            "{snooper} holds no card to lose: the duel's sentence waits until they hold one.",
            seats={"snooper": snooper},
        )
        return
    lost = player.hand.pop(state.rng.below(len(player.hand)))
    under_deck(state, lost)
    log.add(
        "sentence",
        "{owner} draws a card at random from {snooper}'s hand and discards it unseen.",
        seats={"owner": owner, "snooper": snooper},
    )
