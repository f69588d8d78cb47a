"""The rules of Garden Sabotage: legal actions, applying them, and the turn cycle.

Ruling numbers refer to docs/rules/sabotage.md. Legality is checked per action kind (not by
listing every legal action) so that `apply` stays cheap; `legal_actions` and the checks share the
same small predicates (`predicates`), so they cannot disagree. `apply` checks whose turn it is and
hands each action to the module that plays it: `drawing`, `plays`, `objectives`, `house_plants`;
`turns` passes the turn on, `wording` builds the events.
"""

from __future__ import annotations

from engine.api import Event, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage import drawing, objectives, plays
from engine.sabotage.actions import SabotageAction, seat_name
from engine.sabotage.cards import (
    BAD_BUG_KINDS,
    BIRD,
    GOOD_BUG_KINDS,
    KIND_OF,
    OBJECTIVE_HAND_LIMIT,
    PLANT_KINDS,
    PLOTS,
    ROW_BUGS,
    ROW_PLANTS,
)
from engine.sabotage.house_plants import answer_house_plants, asking_house_plants, seat_to_answer
from engine.sabotage.objectives import complete
from engine.sabotage.predicates import meets, plot_kinds
from engine.sabotage.state import SabotageState
from engine.sabotage.turns import end_turn, end_turn_event
from engine.sabotage.wording import EVENT_KINDS
from engine.text import N_


def legal_actions(state: SabotageState, seat: int) -> list[SabotageAction]:
    """Every action `seat` may take now, in a stable order (ruling 12: "End turn" always last).

    Written as plain loops over prebuilt action tables: it runs once per step of every game."""
    if state.ended is not None:
        return []
    answers = state.house_plant_answers
    if answers is not None and None in answers:
        return list(A.HOUSE_PLANTS) if seat == answers.index(None) else []
    if seat != state.turn:
        return []
    player = state.players[seat]
    my_plots = player.plots
    found: list[SabotageAction] = []
    append = found.append
    if state.actions_left > 0:
        if state.plant_deck or state.plant_discard:
            append(A.DRAW_PLANT_DECK)
        plant_row = state.plant_row
        for slot in range(ROW_PLANTS):
            card = plant_row[slot]
            if card is not None:
                append(A.DRAW_PLANT_ROW[slot][KIND_OF[card]])
        if player.plants:
            in_hand = {KIND_OF[card] for card in player.plants}
            for kind in PLANT_KINDS:
                if kind in in_hand:
                    found += A.PLANT[kind]
        if state.bug_deck or state.bug_discard:
            append(A.DRAW_BUG_DECK)
        bug_row = state.bug_row
        for slot in range(ROW_BUGS):
            card = bug_row[slot]
            if card is not None:
                append(A.DRAW_BUG_ROW[slot][KIND_OF[card]])
        if player.bugs:
            bugs_in_hand = {KIND_OF[card] for card in player.bugs}
            for kind in BAD_BUG_KINDS:
                if kind in bugs_in_hand:
                    by_target = A.SABOTAGE[kind]
                    for target in range(state.seats):
                        if target != seat:
                            plots = state.players[target].plots
                            for p in range(PLOTS):
                                if plots[p].bad_bug is None and plots[p].plants:  # ruling 16
                                    append(by_target[target][p])
            for kind in GOOD_BUG_KINDS:
                if kind in bugs_in_hand:
                    for p in range(PLOTS):
                        if my_plots[p].good_bug is None:
                            append(A.GOOD_BUG[kind][p])
            if BIRD.name in bugs_in_hand and (
                my_plots[0].bad_bug is not None or my_plots[1].bad_bug is not None
            ):
                append(A.RELEASE_BIRD)
        if any(card is not None for card in plant_row):
            append(A.SWEEP)
        for p in range(PLOTS):
            if my_plots[p].bad_bug is not None:
                append(A.PESTICIDE[p])
        if state.objective_deck or state.objective_discard:
            if len(player.objectives) < OBJECTIVE_HAND_LIMIT:
                append(A.DRAW_OBJECTIVE)
            for oid in player.objectives:
                append(A.EXCHANGE[oid])
    if player.objectives:
        for p in range(PLOTS):
            plot = my_plots[p]
            if plot.bad_bug is None and plot.plants:
                kinds = plot_kinds(plot)
                for oid in player.objectives:
                    if meets(oid, plot, kinds):
                        append(A.COMPLETE[oid][p])
    append(A.END_TURN)
    return found


def apply(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    """Check `action` for `seat` and play it; IllegalAction (state untouched) if the rules refuse."""
    if state.ended is not None:
        raise IllegalAction(N_("The game is over."))
    if asking_house_plants(state):
        return answer_house_plants(state, seat, action)
    if seat != state.turn:
        raise IllegalAction(N_("It is {player}'s turn, not yours.").format(player=seat_name(state.turn)))
    if isinstance(action, A.CompleteObjective):
        events = complete(state, seat, action)
    elif isinstance(action, A.EndTurn):
        events = [end_turn_event(state, seat)]
        end_turn(state, events)
        return events
    else:
        if state.actions_left <= 0:
            raise IllegalAction(
                N_("You have no actions left this turn: complete an objective or end your turn.")
            )
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(N_("That is not a move in Garden Sabotage."))
        events = handler(state, seat, action)
        state.actions_left -= 1
    if state.actions_left <= 0 and not state.players[seat].objectives:
        # Ruling 12: with no actions left the turn waits for "End turn" while the player holds an
        # Objective, whether or not it can be completed, so the table learns nothing of the hand;
        # with no Objective in hand (a public count) there is nothing to wait for.
        end_turn(state, events)
    return events


#: Each action kind played within a turn, and the function that checks and plays it.
_HANDLERS = drawing.HANDLERS | plays.HANDLERS | objectives.HANDLERS

__all__ = ["EVENT_KINDS", "apply", "asking_house_plants", "legal_actions", "plot_kinds", "seat_to_answer"]
