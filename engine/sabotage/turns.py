"""The turn cycle: ending a turn, passing it clockwise, the end of the game after the final
round or the season (ruling 5), and the Bad Bugs that bite at the start of a turn.
"""

from __future__ import annotations

from engine.api import Event
from engine.sabotage.cards import (
    ACTIONS_PER_TURN,
    bug_kind,
    the,
)
from engine.sabotage.plays import eat
from engine.sabotage.state import SabotageState
from engine.sabotage.wording import say
from engine.text import N_, N_plural

#: A Bad Bug's bite at the start of its victim's turn, by what it found to eat (static templates,
#: so that the bot finds them in its catalogs; `the_bug` is "The Aphid", an entry of its own).
_BITES = (
    N_("{the_bug} on {owner}'s plot {plot} bites: it ate {owner}'s {eaten}."),
    N_("{the_bug} on {owner}'s plot {plot} bites: there was nothing to eat."),
)


def end_turn_event(state: SabotageState, seat: int) -> Event:
    left = max(state.actions_left, 0)
    who, given_up = {"actor": seat}, {"given_up": left}
    if left <= 0:
        return say("end_turn", N_("{actor} ended their turn."), seats=who, fields=given_up)
    template = N_plural(
        "{actor} ended their turn early, giving up {given_up} action.",
        "{actor} ended their turn early, giving up {given_up} actions.",
        left,
    )
    return say("end_turn", template, seats=who, fields=given_up)


def end_turn(state: SabotageState, events: list[Event]) -> None:
    """Pass the turn clockwise; end the game after the final round or the season (ruling 5);
    the next player's Bad Bugs bite at the start of their turn (draft, "Sabotage")."""
    state.turns_taken += 1
    nxt = (state.turn + 1) % state.seats
    if state.final_round_by is not None and nxt == state.final_round_by:
        state.ended = "final_round"
        events.append(say("game_over", N_("The final round is over."), fields={"reason": "final_round"}))
        return
    if nxt == state.first_seat:
        if state.final_round_by is None and state.round >= state.options.season_rounds:
            state.ended = "season"
            events.append(
                say(
                    "game_over",
                    N_("Round {round} is over and the season with it: the game ends."),
                    fields={"reason": "season", "round": state.round},
                )
            )
            return
        state.round += 1
    state.turn = nxt
    state.actions_left = ACTIONS_PER_TURN
    events.append(turn_event(state, nxt))
    for index, plot in enumerate(state.players[nxt].plots):
        if plot.bad_bug is not None:
            eaten, _ate = eat(state, nxt, index, "owner")
            bug = bug_kind(plot.bad_bug)
            events.append(
                say(
                    "bite",
                    _BITES[0] if eaten is not None else _BITES[1],
                    seats={"owner": nxt},
                    fields={"bug": bug, "plot": index + 1, "eaten": eaten, "the_bug": the(bug, up=True)},
                )
            )


def turn_event(state: SabotageState, seat: int) -> Event:
    return say(
        "turn", N_("Round {round}: {player}'s turn."), seats={"player": seat}, fields={"round": state.round}
    )
