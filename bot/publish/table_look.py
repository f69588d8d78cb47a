"""How the living table was last drawn, besides the position itself (`TableLook`), and how it
will look with a new picture (`look_of`): kept on the game's session so that a picker step on the
table redraws it exactly as the publisher last did. Split from table_layout.py (issue 30)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.game.position import Position
from bot.picture_service import BoardPicture
from bot.records import daily


@dataclass(frozen=True)
class TableLook:
    """What the table message shows besides the position itself, kept so that a picker step on
    the table redraws it exactly as the publisher last did, with other buttons."""

    lines: tuple[str, ...] = ()
    #: The alt text of the picture on the message (None: the message has no picture).
    picture_alt: str | None = None
    #: The move an older picture shows while a new one waits for the picture budget.
    picture_move: int | None = None
    #: When the turn of the seat to move ends (its clock), if it has one.
    ends: float | None = None
    #: Who the clock is for.
    clocked: tuple[int, ...] = field(default=())
    #: A daily garden whose day runs: points only, no garden, no moves (bot/records/daily.py).
    hidden: bool = False
    #: A finished game whose final picture, and the result with it, are still to come
    #: (`BoardPicture.final_to_come`).
    result_to_come: bool = False


def look_of(
    position: Position,
    lines: list[str],
    picture: BoardPicture,
    before: TableLook | None,
    ends: Mapping[int, float] | None = None,
    *,
    now: float = 0.0,
) -> TableLook:
    """How the table will look with `picture`: a new one, the one the message keeps (as `before`
    showed it), or none; `ends`: when each seat whose turn begins must decide by (none: the clock
    `before` showed, if the same seats are still to move); `now`: the time, for a daily garden
    whose day still runs (shown without spoilers)."""
    if daily.hidden(position.record, now):
        return TableLook(hidden=True)
    if picture.new is not None:
        alt: str | None = picture.new.description
    elif picture.kept_move is not None:
        alt = before.picture_alt if before is not None and before.picture_alt is not None else ""
    else:
        alt = None
    if ends:
        return TableLook(tuple(lines), alt, picture.kept_move, min(ends.values()), tuple(sorted(ends)))
    to_move = tuple(position.to_move())
    if before is not None and before.clocked and to_move and set(to_move) <= set(before.clocked):
        # The same seats still to move, or some of them (a reply window's seats answering one by
        # one): their clocks run on, so the table keeps showing when time runs out.
        return TableLook(tuple(lines), alt, picture.kept_move, before.ends, to_move)
    return TableLook(tuple(lines), alt, picture.kept_move, result_to_come=picture.final_to_come)
