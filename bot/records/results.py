"""A game's result as it is kept, built from the game as it ended, and the rule for ratings.

Built once, by whoever ends the game (the finishing move in `bot/play/moves.py`, a `/leave` in
`bot/play/lobby.py`, an `/end` or abandonment in `bot/play/in_play.py`), and stored in the
transaction that ends it. Pure: the game's record, its final state and its action log in, a
`ResultRecord` out.

**Which games count for ratings** (`rating_rule`, documented in docs/bot.md):
a game is rated when it was played out on a server, by two or more people and no computer,
and was not decided mostly by timeouts: no seat was ever handed to a computer (three timed-out
turns in a row, or a player who left with `computer:`), and no seat had more than half of its
turns played because its time ran out. Solo games rank best gardens instead; cancelled and
abandoned games are recorded but not rated. A practice daily garden (bot/records/daily.py) counts
nowhere: not rated, not in /stats, not among the best gardens.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import BaseModel

from bot.basics.words import N_, Words
from bot.game.move_tally import MoveTally
from bot.storage import ActionRecord, GameRecord, Outcome, ResultRecord, ResultSeat, SeatRecord
from engine.api import AnyGame, Result, SeatResult, standing_result

#: Option fields that change nothing a garden can score (who starts): left out of option sets.
NOT_IN_OPTION_SET = frozenset({"first_seat", "first_player"})
#: Why a practice daily garden is not rated (nor counted anywhere else).
PRACTICE = N_("a practice daily garden counts nowhere")
#: Why a game did not count, when it names players: stored as the template, each name written in
#: when the reason is said (`unrated_text`), so the reason reads in every language.
TAKEN_OVER = N_("a computer took over {names}'s seat")
MOSTLY_TIMED_OUT = N_("most of {names}'s turns timed out")
TWO_SEATS = N_("one person held two seats")
#: A game stored without a reason (before reasons were kept).
NO_REASON = N_("it did not count")


def ranked(result: Result) -> list[tuple[int, SeatResult]]:
    """The seats in their final order with their places: by points, and among equal points the
    winners first (a tie-break the game decided; the summary says which). Equal points and equal
    standing share a place."""
    ordered = sorted(result.seats, key=lambda r: (-r.total, r.seat not in result.winners, r.seat))
    places: list[tuple[int, SeatResult]] = []
    for index, seat_result in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = (
            previous is not None
            and previous.total == seat_result.total
            and ((previous.seat in result.winners) == (seat_result.seat in result.winners))
        )
        places.append((places[-1][0] if same else index + 1, seat_result))
    return places


def option_set(game: AnyGame, options: dict[str, object]) -> str:
    """The options that shape what can be scored, as canonical JSON: defaults filled in (a game
    stored before an option existed compares with one that left it at its default), who starts
    left out."""
    try:
        model: BaseModel = game.options_model.model_validate(options)
        data = model.model_dump(mode="json")
    except ValueError:
        data = dict(options)
    return json.dumps({k: v for k, v in data.items() if k not in NOT_IN_OPTION_SET}, sort_keys=True)


def tally_of(seats: int, actions: Sequence[ActionRecord]) -> MoveTally:
    """What a result counts of a whole log (`MoveTally`): each seat's turns (runs of its
    consecutive moves: Garden Sabotage's three actions are one turn) and how many of them the
    platform played because time ran out (its "timeout" events)."""
    return MoveTally.of(seats, ((action.seat, action.events) for action in actions))


def seat_person(seat: SeatRecord) -> tuple[int | None, str, bool]:
    """Who a seat stands for at the end: the person (also one a computer took over from), the
    name to show, and whether a computer took it over."""
    if seat.user_id is not None:
        return seat.user_id, seat.name, bool(seat.handed_over)
    if seat.away_user_id is not None:
        return seat.away_user_id, seat.away_name or seat.name, True
    if seat.replaced_user_id is not None:
        return seat.replaced_user_id, seat.replaced_name or seat.name, True
    return None, seat.name, False


def rating_rule(result: ResultRecord) -> str | None:
    """Why `result` does not count for ratings, in a few words for the final message; None: it counts."""
    if result.practice:
        return PRACTICE
    if result.status == "cancelled":
        return N_("it was ended before its end")
    if result.outcome == "abandoned":
        return N_("it was abandoned")
    if result.solo:
        return N_("solo games rank best gardens instead")
    if result.guild_id is None:
        return N_("it was not played on a server")
    if any(seat.user_id is None for seat in result.seats):
        return N_("a computer played in it")
    if _taken_over(result):
        return TAKEN_OVER
    if _mostly_timed_out(result):
        return MOSTLY_TIMED_OUT
    users = [seat.user_id for seat in result.seats]
    if len(set(users)) != len(users):
        return TWO_SEATS
    return None


def _taken_over(result: ResultRecord) -> list[str]:
    return [seat.name for seat in result.seats if seat.taken_over]


def _mostly_timed_out(result: ResultRecord) -> list[str]:
    return [seat.name for seat in result.seats if seat.timeouts * 2 > seat.turns]


def unrated_text(result: ResultRecord, words: Words) -> str:
    """Why `result` did not count, in `words`: its stored reason with the players it names
    written in. A reason stored before reasons were templates is its English, said as it is."""
    reason = result.unrated_reason or NO_REASON
    if reason == TAKEN_OVER:
        return words.text(reason, names=", ".join(_taken_over(result)))
    if reason == MOSTLY_TIMED_OUT:
        return words.text(reason, names=", ".join(_mostly_timed_out(result)))
    return words.text(reason)


def result_record(
    record: GameRecord,
    game: AnyGame,
    state: BaseModel | None,
    tally: MoveTally,
    *,
    outcome: Outcome,
    finished_at: float,
    end_reason: str | None = None,
) -> ResultRecord:
    """The result of `record`'s game as it ends now with `state`, `tally` counting its whole log
    (`tally_of`, or the one a session kept as the game was played): scored when it was played
    out or abandoned (scored as it stands), without points when it was cancelled (`/end`, `/leave`)."""
    cancelled = outcome in ("ended", "left")
    result: Result | None = None
    if state is not None and not cancelled:
        result = game.result(state) if game.is_terminal(state) else standing_result(game, state)
    places = {seat_result.seat: place for place, seat_result in ranked(result)} if result else {}
    scores = {seat_result.seat: seat_result for seat_result in result.seats} if result else {}
    turns, timeouts = tally.turns, tally.timeouts
    seats: list[ResultSeat] = []
    names: list[str] = []
    for index, seat in enumerate(record.seats):
        user_id, name, taken_over = seat_person(seat)
        names.append(name)
        score = scores.get(index)
        seats.append(
            ResultSeat(
                seat=index,
                name=name,
                user_id=user_id,
                computer=seat.computer if user_id is None else None,
                taken_over=taken_over,
                points=score.total if score else None,
                lines=[(line.label, line.points) for line in score.lines] if score else [],
                place=places.get(index),
                award=score.award if score else None,
                turns=turns[index],
                timeouts=timeouts[index],
            )
        )
    stored = ResultRecord(
        game_id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        game=record.game,
        options=record.options,
        option_set=option_set(game, record.options),
        status="cancelled" if cancelled else "finished",
        outcome=outcome,
        end_reason=end_reason if end_reason is not None else record.end_reason,
        seats=seats,
        winners=list(result.winners) if result else [],
        summary=result.summary_for(names) if result else None,
        started_at=record.created_at,
        finished_at=finished_at,
        moves=tally.moves,
        timeouts=sum(timeouts),
        practice=record.daily is not None and not record.daily_scored,
    )
    reason = rating_rule(stored)
    return stored.model_copy(update={"rated": reason is None, "unrated_reason": reason})
