"""The question that settles the first seat (ruling 18): who owns the most house plants,
asked in seat order before the first turn.
"""

from __future__ import annotations

from engine.api import Event, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction, seat_name
from engine.sabotage.cards import (
    ACTIONS_PER_TURN,
)
from engine.sabotage.state import SabotageState
from engine.sabotage.turns import turn_event
from engine.sabotage.wording import say
from engine.text import N_, N_plural


def owned(count: int) -> str:
    """A player's answer, its plural by house plants; the largest answer means "this many or
    more" (English says "1 or more house plants" as it says "20", a language may not)."""
    if count == A.MOST_HOUSE_PLANTS:
        return N_plural(
            "{actor} owns {count} or more house plants.", "{actor} owns {count} or more house plants.", count
        )
    return N_plural("{actor} owns {count} house plant.", "{actor} owns {count} house plants.", count)


def asking_house_plants(state: SabotageState) -> bool:
    """Ruling 18: the table is still asking who owns the most house plants."""
    answers = state.house_plant_answers
    return answers is not None and None in answers


def seat_to_answer(state: SabotageState) -> int:
    """Ruling 18: the table is asked in seat order, one player at a time."""
    assert state.house_plant_answers is not None
    return state.house_plant_answers.index(None)


def answer_house_plants(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    """Ruling 18: record one seat's answer; the last answer settles who goes first."""
    from engine.sabotage.setup import render_reason, settle_first_seat

    answers = state.house_plant_answers
    assert answers is not None
    if not isinstance(action, A.AnswerHousePlants):
        raise IllegalAction(
            N_("First everyone says how many house plants they own; then the first turn begins.")
        )
    if not 0 <= seat < len(answers):
        raise IllegalAction(N_("There is no such player at this table."))
    if answers[seat] is not None:
        raise IllegalAction(N_("You have already said how many house plants you own."))
    if seat != answers.index(None):
        raise IllegalAction(
            N_("{player} answers first; then it is your turn to say.").format(
                player=seat_name(answers.index(None))
            )
        )
    if not 0 <= action.count <= A.MOST_HOUSE_PLANTS:
        raise IllegalAction(N_("Say a number from 0 to {most}.").format(most=A.MOST_HOUSE_PLANTS))
    answers[seat] = action.count
    events = [
        say(
            "house_plants",
            owned(action.count),
            seats={"actor": seat},
            fields={"count": action.count, "or_more": action.count == A.MOST_HOUSE_PLANTS},
        )
    ]
    if None not in answers:
        first, reason = settle_first_seat(state)
        state.first_seat, state.turn = first, first
        state.first_seat_reason, state.first_seat_phrase = render_reason(reason), reason
        state.actions_left = ACTIONS_PER_TURN
        events.append(say("first_player", reason.template, seats=reason.seats, fields=reason.values))
        events.append(turn_event(state, first))
    return events
