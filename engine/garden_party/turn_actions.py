"""What the gardener to move may do in a turn (rules III B and D): move, take water and draw at the
central square, water in their own greenhouse, take a collector's flower, exchange and steal in a
competitor's greenhouse, play a blue card, end the turn; and keeping one of the cards drawn.

This module says what is legal and how the table words squares and pots; `turn_play` plays
the chosen action.
"""

from __future__ import annotations

from engine.garden_party.actions import END_TURN, Action, action
from engine.garden_party.board import CENTRE, arm_of, distance, greenhouse, is_greenhouse, squares
from engine.garden_party.cards import (
    CARD_KIND_OF,
    CARD_KINDS,
    COLLECTOR_COST,
    GARDENERS,
    PLANT_KINDS,
    TALENT_NAMES,
    TALENTS,
    VASES,
    VISIT_CAPACITY,
    card_kind,
)
from engine.garden_party.common import (
    count_talent,
    gardener_short,
    possessive,
    seats_after,
    water_limit,
)
from engine.garden_party.growth import GROWING
from engine.garden_party.state import GardenPartyState, Pot
from engine.garden_party.targets import played_label, target_step, targets
from engine.text import N_, N_plural

# The words of the actions are static templates (`N_`, `N_plural`) filled with `.format`, so that
# the bot finds each label and step in its catalogs and says it in the player's language.

#: How much of a visit's capacity a plant uses (ruling 7): a bud is worth two seeds or sprouts.
WEIGHT = {"seed": 1, "sprout": 1, "weed": 1, "bud": 2}
#: Stages that may be exchanged for one another (a weed passes as a sprout, as in the example).
SWAP_CLASS = {"seed": "seed", "sprout": "sprout", "weed": "sprout", "bud": "bud"}


_PLACES = {"G": N_("{whose} greenhouse"), "L": N_("{whose} lawn"), "P": N_("{whose} pavement")}
_SQUARE_NAMES: dict[tuple[str, str], str] = {}
CENTRAL_SQUARE = N_("the central square")
#: What everyone sees of a pot, by stage ("seed", "Violet sprout").
STAGE_WORDS = {
    "seed": N_("seed"),
    "weed": N_("weed"),
    "sprout": N_("{colour} sprout"),
    "bud": N_("{colour} bud"),
    "flower": N_("{colour} flower"),
}


def square_name(state: GardenPartyState, square: str) -> str:
    """ "the central square", "the Baron's lawn" (remembered: asked for at every step)."""
    if square == CENTRE:
        return CENTRAL_SQUARE
    owner = arm_of(square)
    assert owner is not None
    key = (square, state.players[owner].gardener)
    name = _SQUARE_NAMES.get(key)
    if name is None:
        whose = possessive(gardener_short(state, owner))
        name = _SQUARE_NAMES[key] = _PLACES[square[0]].format(whose=whose)
    return name


def pot_words(state: GardenPartyState, pot: Pot) -> str:
    """ "seed", "Violet sprout", "weed": what everyone sees of a pot."""
    return STAGE_WORDS[pot.stage].format(colour=PLANT_KINDS[state.token_kinds[pot.token]].name)


def _draw_label(talent: str, count: int) -> str:
    """ "Draw 2 Herbanology cards, keep one": a turn's draw at the central square."""
    return N_plural(
        "Draw {count} {talent} card, keep one", "Draw {count} {talent} cards, keep one", count
    ).format(count=count, talent=TALENT_NAMES[talent])


def may_enter(state: GardenPartyState, seat: int, square: str) -> bool:
    """Rules III B: never a greenhouse whose owner is in it; a caught snooper stays out for a turn;
    a Padlock keeps the gardener out of every competitor's greenhouse this turn."""
    if not is_greenhouse(square):
        return True
    owner = arm_of(square)
    if owner == seat:
        return True
    assert owner is not None
    player = state.players[seat]
    return not (state.players[owner].square == square or player.banned_from == owner or state.turn.padlock)


def legal_turn_actions(state: GardenPartyState, seat: int) -> list[Action]:
    player = state.players[seat]
    turn = state.turn
    found: list[Action] = []
    here = player.square
    points = turn.points
    if points:
        for square in squares(state.seats):
            cost = distance(here, square)
            if 0 < cost <= points and may_enter(state, seat, square):
                found.append(_move_action(state, square, cost))
    if here == CENTRE:
        if points and player.water < water_limit(player):
            label = N_("Take a water token (1 movement point; {held} held)").format(held=player.water)
            found.append(action("water_take", label))
        if not turn.drew:
            gardener = GARDENERS[player.gardener]
            bell = 1 if "bell" in player.golden else 0
            for talent in TALENTS:
                count = gardener.talents[talent] + bell
                found.append(action(f"draw:{talent}", _draw_label(talent, count)))
    if here == greenhouse(seat) and player.water and not turn.cold_snap:
        for i, pot in enumerate(player.pots):
            if pot is not None and pot.stage in GROWING and not turn.watered.get(i, 0):
                plant = pot_words(state, pot)
                words = N_("Pot {pot} ({plant})").format(pot=i + 1, plant=plant)
                label = N_("Water pot {pot} ({plant})").format(pot=i + 1, plant=plant)
                found.append(Action(f"water:{i}", label, (N_("Water a plant"), words)))
    if len(player.vases) < VASES:
        found += _collect_actions(state, seat)
    if is_greenhouse(here) and here != greenhouse(seat):
        found += _visit_actions(state, seat)
    if player.played_in_turn != turn.number:
        seen: set[str] = set()
        for card in player.hand:
            kind = CARD_KIND_OF[card]
            if kind not in seen and CARD_KINDS[kind].timing == "blue":
                seen.add(kind)
                found += _play_actions(state, seat, card)
    found.append(END_TURN)
    return found


def unique_by_kind(found: list[Action]) -> list[Action]:
    """Two copies of a card offer one set of plays (the one held longest is played)."""
    seen: set[str] = set()
    unique: list[Action] = []
    for act in found:
        if act.label not in seen:
            seen.add(act.label)
            unique.append(act)
    return unique


def first_up(words: str) -> str:
    """`words` with a capital first letter and the rest as written ("on the Baron": "On the Baron")."""
    return words[:1].upper() + words[1:]


def _play_actions(state: GardenPartyState, seat: int, card: str) -> list[Action]:
    kind = card_kind(card)
    options = targets(state, seat, kind.id)
    if options is None:
        return []
    found = []
    for target in options:
        step = target_step(state, kind.id, target)
        code = f"play:{card}" + ("" if target is None else f":{target}")
        play = N_("Play {card}").format(card=kind.name)
        label = played_label(state, kind.id, kind.name, target)
        found.append(action(code, label, play, *([step] if step else [])))
    return found


def _collect_actions(state: GardenPartyState, seat: int) -> list[Action]:
    """Rules III D 3: on a competitor's square, pay three cards of their highest talent, for an empty
    golden vase, while the competitor has one of their two flowers left (I). As often as that
    allows: the text sets no limit a turn or a gardener (ruling 6)."""
    player = state.players[seat]
    if len(player.vases) >= VASES:
        return []
    found = []
    for other in seats_after(state, seat):
        rival = state.players[other]
        gardener = GARDENERS[rival.gardener]
        if rival.square != player.square or rival.flowers_left <= 0:
            continue
        if count_talent(player, gardener.highest) >= COLLECTOR_COST:
            label = N_("Take {whose} collector's flower (3 {talent} cards)").format(
                whose=possessive(gardener.short), talent=TALENT_NAMES[gardener.highest]
            )
            found.append(action(f"collect:{other}", label))
    return found


_MOVES: dict[tuple[str, str, int], Action] = {}


def _move_action(state: GardenPartyState, square: str, cost: int) -> Action:
    """ "Go to the Baron's lawn (2 movement points)", remembered (it is offered at almost every
    step). The cost says "movement points", as the rules do (III B): a bare "2 pts" read as
    points scored."""
    owner = arm_of(square)
    key = (square, "" if owner is None else state.players[owner].gardener, cost)
    found = _MOVES.get(key)
    if found is None:
        label = N_plural(
            "Go to {square} ({cost} movement point)", "Go to {square} ({cost} movement points)", cost
        )
        found = _MOVES[key] = action(
            f"move:{square}", label.format(square=square_name(state, square), cost=cost)
        )
    return found


#: Visit actions by what both greenhouses show: the same pots offer the same exchanges.
_VISITS: dict[tuple[object, ...], list[Action]] = {}
_VISITS_KEPT = 20_000


def _visit_actions(state: GardenPartyState, seat: int) -> list[Action]:
    """Rules III D 4: in a competitor's greenhouse, exchange or steal up to the visit's capacity."""
    player = state.players[seat]
    owner = arm_of(player.square)
    if not is_greenhouse(player.square) or owner is None or owner == seat or state.turn.pollen_storm:
        return []
    left = VISIT_CAPACITY - state.turn.taken.get(owner, 0)
    rival = state.players[owner]
    whose = possessive(gardener_short(state, owner))
    mine_shown = tuple(None if p is None else (p.stage, pot_words(state, p)) for p in player.pots)
    theirs_shown = tuple(None if p is None else (p.stage, pot_words(state, p)) for p in rival.pots)
    key = (whose, left, mine_shown, theirs_shown)
    found = _VISITS.get(key)
    if found is None:
        if len(_VISITS) >= _VISITS_KEPT:
            _VISITS.clear()
        found = _VISITS[key] = _build_visit_actions(whose, left, mine_shown, theirs_shown)
    return found


def _build_visit_actions(
    whose: str,
    left: int,
    mine_shown: tuple[tuple[str, str] | None, ...],
    theirs_shown: tuple[tuple[str, str] | None, ...],
) -> list[Action]:
    found = []
    empty = next((i for i, p in enumerate(mine_shown) if p is None), None)
    mine_by_class: dict[str, list[tuple[int, str]]] = {}
    for i, mine in enumerate(mine_shown):
        if mine is not None and mine[0] != "flower":
            yours = N_("your pot {pot} ({plant})").format(pot=i + 1, plant=mine[1])
            mine_by_class.setdefault(SWAP_CLASS[mine[0]], []).append((i, yours))
    for j, theirs in enumerate(theirs_shown):
        if theirs is None or theirs[0] == "flower" or WEIGHT[theirs[0]] > left:
            continue
        said = N_("{whose} pot {pot} ({plant})").format(whose=whose, pot=j + 1, plant=theirs[1])
        take = N_("Take {pot}").format(pot=said)
        for i, yours in mine_by_class.get(SWAP_CLASS[theirs[0]], ()):
            found.append(
                Action(
                    f"swap:{i}:{j}",
                    N_("Exchange {yours} for {theirs}").format(yours=yours, theirs=said),
                    (N_("Exchange plants"), take, N_("Give {yours}").format(yours=yours)),
                )
            )
        if empty is not None:
            steal = N_("Steal {theirs} into your pot {pot}").format(theirs=said, pot=empty + 1)
            found.append(action(f"steal:{j}:{empty}", steal, N_("Steal a plant"), take))
    return found
