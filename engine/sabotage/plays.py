"""The moves that work the garden: planting, and playing Bad Bugs, Good Bugs, Sweeps,
Pesticides and Birds (rulings 13-17).
"""

from __future__ import annotations

from engine.api import Event, FieldValue, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.cards import (
    BAD_BUG_KINDS,
    GOOD_BUG_KINDS,
    PLANT_KIND_OF,
    PLOTS,
    ROW_PLANTS,
    a_or_an,
    bug_kind,
    is_bird,
    the,
)
from engine.sabotage.drawing import refill_row
from engine.sabotage.state import PlayerState, SabotageState
from engine.sabotage.wording import say
from engine.text import N_, lit

# Every line and refusal is a static template (`N_`) over the event's fields, so that the bot finds
# it in its catalogs (bot/presenters/engine_words.py); a card is named with its article in a field
# of its own ("a_bug": "an Aphid"), itself an entry of the catalogs.
_OWN_PLOTS = N_("Your Garden Board has plots 1 and 2 only.")
#: A sabotage, by what its Bad Bug found to eat.
_SABOTAGED = (
    N_("{actor} sabotaged {target}'s plot {plot} with {a_bug}: it ate {target}'s {eaten}."),
    N_("{actor} sabotaged {target}'s plot {plot} with {a_bug}: there was nothing to eat."),
)


def _plant(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.PlantCard)
    player = state.players[seat]
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction(_OWN_PLOTS)
    card = next((c for c in player.plants if PLANT_KIND_OF[c] == action.kind), None)
    if card is None:
        raise IllegalAction(N_("You have no {card} in your hand.").format(card=action.kind))
    player.plants.remove(card)
    player.plots[action.plot].plants.append(card)
    fields: dict[str, FieldValue] = {"card": action.kind, "plot": action.plot + 1}
    fields["a_card"] = a_or_an(action.kind)
    return [
        say("plant", N_("{actor} planted {a_card} on plot {plot}."), seats={"actor": seat}, fields=fields)
    ]


def _take_bug(player: PlayerState, kind: str) -> str:
    card = next((c for c in player.bugs if bug_kind(c) == kind), None)
    if card is None:
        raise IllegalAction(N_("You have no {card} in your hand.").format(card=kind))
    return card


def eat(state: SabotageState, owner: int, plot_index: int, role: str) -> tuple[str | None, str]:
    """A Bad Bug eats the most recently planted Plant of its plot (ruling 3): the kind eaten (None:
    nothing), and the words for it as a template naming the owner by `role` (English only: the
    events' templates say it as a whole, `_SABOTAGED` and the bites')."""
    plot = state.players[owner].plots[plot_index]
    if not plot.plants:
        return None, "there was nothing to eat"
    eaten = plot.plants.pop()
    state.plant_discard.append(eaten)
    kind = PLANT_KIND_OF[eaten]
    return kind, f"it ate {{{role}}}'s {lit(kind)}"


def _sabotage(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.Sabotage)
    if action.bug not in BAD_BUG_KINDS:
        raise IllegalAction(N_("{bug} is not a Bad Bug: only Bad Bugs can sabotage.").format(bug=action.bug))
    if action.target == seat:
        raise IllegalAction(N_("You cannot put a Bad Bug on your own Garden Board."))
    if not 0 <= action.target < state.seats:
        raise IllegalAction(N_("There is no such player at this table."))
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction(N_("A Garden Board has plots 1 and 2 only."))
    plot = state.players[action.target].plots[action.plot]
    if plot.bad_bug is not None:
        raise IllegalAction(N_("That plot already has a Bad Bug: only one Bad Bug per plot."))
    player = state.players[seat]
    card = _take_bug(player, action.bug)
    if not plot.plants:
        raise IllegalAction(N_("That plot has no Plant to eat: a sabotage needs a Plant there (ruling 16)."))
    player.bugs.remove(card)
    plot.bad_bug = card
    eaten, _ate = eat(state, action.target, action.plot, "target")
    fields: dict[str, FieldValue] = {"bug": action.bug, "plot": action.plot + 1, "eaten": eaten}
    fields["a_bug"] = a_or_an(action.bug)
    template = _SABOTAGED[0] if eaten is not None else _SABOTAGED[1]
    return [say("sabotage", template, seats={"actor": seat, "target": action.target}, fields=fields)]


def _good_bug(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.PlayGoodBug)
    if action.bug not in GOOD_BUG_KINDS:
        raise IllegalAction(N_("{bug} is not a Good Bug.").format(bug=action.bug))
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction(_OWN_PLOTS)
    player = state.players[seat]
    plot = player.plots[action.plot]
    if plot.good_bug is not None:
        raise IllegalAction(N_("That plot already has a Good Bug: only one Good Bug per plot."))
    card = _take_bug(player, action.bug)
    player.bugs.remove(card)
    plot.good_bug = card
    fields: dict[str, FieldValue] = {"bug": action.bug, "plot": action.plot + 1, "a_bug": a_or_an(action.bug)}
    template = N_("{actor} put {a_bug} on their plot {plot}.")
    return [say("good_bug", template, seats={"actor": seat}, fields=fields)]


def _sweep(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    if all(card is None for card in state.plant_row):
        raise IllegalAction(N_("The Plant row is empty: there is nothing to sweep."))
    swept = [card for card in state.plant_row if card is not None]
    state.plant_discard.extend(swept)
    state.plant_row[:] = [None] * ROW_PLANTS
    events: list[Event] = []
    refill, turned = refill_row(state, "plant", events)
    old = [PLANT_KIND_OF[c] for c in swept]
    # Two lists of cards: the bot writes other languages from the fields (sabotage_log.py).
    template = f"{{actor}} swept the Plant row ({lit(', '.join(old))}) and {refill}."
    fields: dict[str, FieldValue] = {"swept": old, "turned_up": turned}
    return [say("sweep", template, seats={"actor": seat}, fields=fields), *events]


def _pesticide(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.Pesticide)
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction(_OWN_PLOTS)
    plot = state.players[seat].plots[action.plot]
    if plot.bad_bug is None:
        raise IllegalAction(N_("There is no Bad Bug on that plot."))
    killed = plot.bad_bug
    plot.bad_bug = None
    state.bug_discard.append(killed)
    template = N_("{actor} used Pesticide on plot {plot}: {the_bug} is gone.")
    fields: dict[str, FieldValue] = {"plot": action.plot + 1, "bug": bug_kind(killed)}
    fields["the_bug"] = the(bug_kind(killed))
    return [say("pesticide", template, seats={"actor": seat}, fields=fields)]


def _bird(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    if not state.options.bird_variant:
        raise IllegalAction(N_("This game is played without the Bird variant."))
    player = state.players[seat]
    bird = next((c for c in player.bugs if is_bird(c)), None)
    if bird is None:
        raise IllegalAction(N_("You have no Bird in your hand."))
    if all(plot.bad_bug is None for plot in player.plots):
        raise IllegalAction(N_("There is no Bad Bug in your garden for the Bird to eat."))
    eaten = []
    bugs: list[str] = []
    plots: list[int] = []
    for index, plot in enumerate(player.plots):
        if plot.bad_bug is not None:
            eaten.append(f"the {bug_kind(plot.bad_bug)} on plot {index + 1}")
            bugs.append(bug_kind(plot.bad_bug))
            plots.append(index + 1)
            state.bug_discard.append(plot.bad_bug)
            plot.bad_bug = None
    player.bugs.remove(bird)
    state.bug_discard.append(bird)
    # One or two Bad Bugs: the bot writes other languages from the fields (sabotage_log.py).
    template = f"{{actor}} released a Bird: it ate {lit(' and '.join(eaten))}."
    fields: dict[str, FieldValue] = {"bugs": bugs, "plots": plots}
    return [say("bird", template, seats={"actor": seat}, fields=fields)]


#: The actions this module plays (`rules.apply` hands them here).
HANDLERS = {
    A.PlantCard: _plant,
    A.Sabotage: _sabotage,
    A.PlayGoodBug: _good_bug,
    A.Sweep: _sweep,
    A.Pesticide: _pesticide,
    A.ReleaseBird: _bird,
}
