"""Playing a turn action once it is checked legal (rules III B and D): moving, water, the
draw and the card kept, watering, a collector's flower, a visit's exchanges and thefts.
"""

from __future__ import annotations

from engine.api import FieldValue, IllegalAction
from engine.garden_party import flow
from engine.garden_party.actions import Action, action
from engine.garden_party.board import arm_of, distance, is_greenhouse
from engine.garden_party.cards import (
    COLLECTOR_COST,
    GARDENERS,
    GOLDEN_IDS,
    GOLDEN_LIMIT,
    GOLDEN_OBJECTS,
    TALENT_NAMES,
    card_kind,
    is_chance,
)
from engine.garden_party.common import (
    Log,
    gain_card,
    oldest_of_talent,
    under_deck,
)
from engine.garden_party.growth import can_grow, grow, rake_weeds
from engine.garden_party.state import GardenPartyState, Move
from engine.garden_party.turn_actions import WEIGHT, pot_words, square_name, unique_by_kind
from engine.text import N_, N_plural, lit


def apply_turn_action(state: GardenPartyState, seat: int, act: Action, log: Log) -> None:
    player = state.players[seat]
    turn = state.turn
    head, _, rest = act.code.partition(":")
    roles = {"gardener": seat}
    if head == "end":
        flow.end_turn(state, log)
    elif head == "move":
        square = rest
        cost = distance(player.square, square)
        turn.points -= cost
        player.square = square
        log.add(
            "moved",
            N_("{gardener} goes to {square}.").format(
                gardener="{gardener}", square=lit(square_name(state, square))
            ),
            seats=roles,
            fields={"square": square, "cost": cost},
        )
        owner = arm_of(square)
        if is_greenhouse(square) and owner is not None:
            if owner == seat:
                flow.catch_snoopers(state, seat, log)
            elif owner not in turn.visits:
                turn.visits.append(owner)
    elif head == "water_take":
        turn.points -= 1
        player.water += 1
        log.add(
            "water_taken",
            "{gardener} takes a water token ({water} now).",
            seats=roles,
            fields={"water": player.water},
        )
    elif head == "draw":
        draw(state, seat, rest, log)
    elif head == "water":
        index = int(rest)
        player.water -= 1
        turn.watered[index] = turn.watered.get(index, 0) + 1
        log.add("watered", "{gardener} waters pot {pot}.", seats=roles, fields={"pot": index + 1})
        grow(state, seat, index, log, how="water")
        if turn.grow_lamp and can_grow(player.pots[index]):
            grow(state, seat, index, log, how="lamp")
        if "gloves" in player.golden and not turn.gloves_used:
            turn.gloves_used = True
            if can_grow(player.pots[index]):
                grow(state, seat, index, log, how="gloves")
        flow.resume(state, "turn", log)
    elif head == "collect":
        collect(state, seat, int(rest), log)
    elif head in ("swap", "steal"):
        visit_move(state, seat, head, rest, log)
    elif head == "play":
        card, _, target = rest.partition(":")
        flow.play_card(state, seat, card, int(target) if target else None, "turn", log)
    else:
        raise IllegalAction("That is not a move of this turn.")


def draw(state: GardenPartyState, seat: int, talent: str, log: Log) -> None:
    """Rules III D 1 and IV C: draw by talent; a chance card brings a golden object instead of the
    cards drawn with it; with two golden objects a chance card goes back and is replaced."""
    player = state.players[seat]
    state.turn.drew = True
    deck = state.decks[talent]
    count = GARDENERS[player.gardener].talents[talent] + (1 if "bell" in player.golden else 0)
    drawn = [deck.pop(0) for _ in range(min(count, len(deck)))]
    can_take = len(player.golden) < GOLDEN_LIMIT and bool(state.golden_deck)
    if not can_take:
        tries = len(deck)
        while any(is_chance(c) for c in drawn) and tries:
            tries -= 1
            for i, card in enumerate(drawn):
                if is_chance(card) and deck:
                    deck.append(card)
                    drawn[i] = deck.pop(0)
    log.add(
        "drew",
        N_plural(
            "{gardener} draws {count} {talent} card.", "{gardener} draws {count} {talent} cards.", len(drawn)
        ).format(gardener="{gardener}", count="{count}", talent=TALENT_NAMES[talent]),
        seats={"gardener": seat},
        fields={"count": len(drawn), "talent": talent},
    )
    chances = [c for c in drawn if is_chance(c)]
    if chances and can_take:
        kept = chances[0]
        state.chance_set_aside.append(kept)
        for card in drawn:
            if card != kept:
                deck.append(card)
        found = GOLDEN_OBJECTS[GOLDEN_IDS[state.golden_deck.pop(0)]]
        player.golden.append(found.id)
        log.add(
            "golden_object",
            N_("{gardener} draws a chance card and finds a golden object: the {name}. {effect}").format(
                gardener="{gardener}", name=lit(found.name), effect=lit(found.effect)
            ),
            seats={"gardener": seat},
            fields={"object": found.id},
        )
        if found.id == "rake":
            rake_weeds(state, seat, log)
        return
    if len(drawn) == 1:
        keep(state, seat, drawn[0], [], log)
        return
    if not drawn:
        return
    state.drawn = drawn
    state.phase = "keep"


def keep_actions(state: GardenPartyState) -> list[Action]:
    return unique_by_kind(
        [
            action(
                f"keep:{card}",
                N_("Keep {card} ({timing}: {effect})").format(
                    card=card_kind(card).name, timing=card_kind(card).timing, effect=card_kind(card).effect
                ),
            )
            for card in state.drawn
        ]
    )


def keep(state: GardenPartyState, seat: int, card: str, others: list[str], log: Log) -> None:
    """One card is kept; the others go under their deck (rules III D 1)."""
    for other in others:
        under_deck(state, other)
    state.drawn = []
    log.add(
        "kept",
        "{gardener} keeps one card.",
        seats={"gardener": seat},
        private={seat: N_("You keep {card}.").format(card=lit(card_kind(card).name))},
    )
    gain_card(state, seat, card, log)
    state.phase = "turn"


def collect(state: GardenPartyState, seat: int, other: int, log: Log) -> None:
    player, rival = state.players[seat], state.players[other]
    gardener = GARDENERS[rival.gardener]
    for card in oldest_of_talent(player, gardener.highest, COLLECTOR_COST):
        player.hand.remove(card)
        under_deck(state, card)
    rival.flowers_left -= 1
    player.vases.append(gardener.id)
    state.turn.collected = True
    log.add(
        "collector_flower",
        N_(
            "{gardener} discards three {talent} cards and takes {rival}'s collector's flower, the {flower}."
        ).format(
            gardener="{gardener}",
            talent=TALENT_NAMES[gardener.highest],
            rival="{rival}",
            flower=lit(gardener.flower),
        ),
        seats={"gardener": seat, "rival": other},
        fields={"flower": gardener.flower, "talent": gardener.highest},
    )


def visit_move(state: GardenPartyState, seat: int, head: str, rest: str, log: Log) -> None:
    player = state.players[seat]
    owner = arm_of(player.square)
    assert owner is not None
    rival = state.players[owner]
    if head == "swap":
        mine_s, theirs_s = rest.split(":")
        i, j = int(mine_s), int(theirs_s)
    else:
        theirs_s, mine_s = rest.split(":")
        i, j = int(mine_s), int(theirs_s)
    taken = rival.pots[j]
    given = player.pots[i]
    assert taken is not None
    state.turn.taken[owner] = state.turn.taken.get(owner, 0) + WEIGHT[taken.stage]
    state.turn.moves.append(
        Move(owner=owner, mine=i, theirs=j, my_token=given.token if given else None, their_token=taken.token)
    )
    player.pots[i], rival.pots[j] = taken, given
    fields: dict[str, FieldValue] = {
        "taken_pot": j + 1,
        "my_pot": i + 1,
        "taken": pot_words(state, taken),
        "given": pot_words(state, given) if given else None,
    }
    rake_weeds(state, owner, log)
    rake_weeds(state, seat, log)
    if head == "swap":
        assert given is not None
        log.add(
            "exchanged",
            "{gardener} exchanges their pot {my_pot} ({given}) for {owner}'s pot {taken_pot} ({taken}).",
            seats={"gardener": seat, "owner": owner},
            fields=fields,
        )
    else:
        log.add(
            "stolen",
            "{gardener} steals {owner}'s pot {taken_pot} ({taken}) into their pot {my_pot}.",
            seats={"gardener": seat, "owner": owner},
            fields=fields,
        )
