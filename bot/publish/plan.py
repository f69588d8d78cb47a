"""What to change in Discord to show a game's latest version: a pure decision on plain data.

The publisher gathers `Facts` (where the game stands, what Discord shows of it, what the picture
service can give) and `plan` returns the steps, in the order they are carried out: the board,
the announcement, the turn notice, the deletions, the final scores. Nothing here touches Discord
or the clock, so each decision is tested on plain data (tests/bot/test_publish_plan.py).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bot.game.session import MessageRef
from bot.picture_service.service import PictureChoice

#: Discord throttles edits of messages older than an hour (error 30046); re-post boards before that.
BOARD_MAX_AGE = 55 * 60.0


@dataclass(frozen=True)
class Facts:
    """Everything the decision needs, as plain data."""

    version: int
    status: str
    #: Each seat's Discord user, None for a computer seat.
    seat_users: Sequence[int | None]
    to_move: Sequence[int]
    #: The last version published, and who was to move then (None: unknown, after a restart).
    shown_version: int
    shown_to_move: Sequence[int] | None
    #: The person who made the latest move, or started the game (not pinged about it), if known.
    actor: int | None
    board_message_id: int | None
    #: Seconds since the board message was posted (None: unknown).
    board_age: float | None
    #: The versions whose notice and announcement were already posted, and the final scores.
    notice_version: int | None = None
    #: This version was fully shown before the bot restarted: its turn notices stand already.
    told_before: bool = False
    announced_version: int | None = None
    result_posted: bool = False
    standing_notices: Sequence[MessageRef] = ()
    standing_announcement: MessageRef | None = None
    #: Public lines worth a message of their own, from the moves since `shown_version`.
    announcement: Sequence[str] = ()
    #: What the board's picture does: a new picture, keep the one shown, or none.
    picture: PictureChoice = "none"
    #: The versions the board message's text and picture show now (None: unknown or stale).
    board_version: int | None = None
    board_status: str | None = None
    picture_version: int | None = None
    #: The table says the final picture and the ranking follow (shown), and they still do (now).
    board_result_to_come: bool = False
    result_to_come: bool = False
    #: The turn the seats to move are in now and were in at `shown_version` (the engine's
    #: `turn_key`): when it changed, a seat still to move begins a new turn.
    turn_key: Hashable | None = None
    shown_turn_key: Hashable | None = None
    #: The latest turn keys each seat was to move in at a published version (told of it, or its
    #: player made the move): a seat back in one of those turns after a reply window in it
    #: (Garden Party's turn, a cancellation in the middle, which the seat may answer too) is not
    #: pinged again.
    told_keys: Mapping[int, Collection[Hashable]] = field(default_factory=dict)
    #: The seats to move whose decision is a reply window, not a turn: nobody is pinged for one
    #: (issue 27 item 4); their open hands and the table's headline show it.
    replying: Collection[int] = ()


@dataclass(frozen=True)
class BoardStep:
    """Edit the board message in place, post a new one (then delete the old), or leave it."""

    action: Literal["edit", "post", "none"]
    message_id: int | None
    picture: PictureChoice


@dataclass(frozen=True)
class Plan:
    """The changes to make, in order. Empty parts mean nothing to do."""

    board: BoardStep
    #: Post this announcement (then delete the standing one).
    announcement: tuple[str, ...] = ()
    #: Post a turn notice mentioning these users (then delete the standing notices).
    notify: tuple[int, ...] = ()
    #: The seats whose turn begins at this version (their clocks start).
    new_turns: tuple[int, ...] = ()
    #: Delete these messages once the posts above are made.
    delete: tuple[MessageRef, ...] = ()
    post_result: bool = False
    #: The game is over: once carried out, its session can close.
    closing: bool = False
    notes: list[str] = field(default_factory=list)


def board_step(facts: Facts) -> BoardStep:
    """Edit the board while it is young enough; re-post it before Discord throttles its edits;
    leave it alone when it already shows this version (a game's start: its first message)."""
    shows_it = (
        facts.board_version == facts.version
        and facts.board_status == facts.status
        and facts.board_message_id is not None
    )
    # The picture changes: a new one, or none where the board shows one (a final board that waited
    # too long for its picture: PictureService.board).
    new_picture = facts.picture == "new" and facts.picture_version != facts.version
    picture_goes = facts.picture == "none" and facts.picture_version is not None
    # The ranking the table said would follow comes now (or without its picture): redrawn, even
    # when it showed no picture to take away.
    result_came = facts.board_result_to_come and not facts.result_to_come
    if shows_it and not (new_picture or picture_goes or result_came):
        return BoardStep("none", facts.board_message_id, facts.picture)
    fresh = facts.board_age is not None and facts.board_age < BOARD_MAX_AGE
    if facts.board_message_id is not None and fresh:
        return BoardStep("edit", facts.board_message_id, facts.picture)
    # A new message has no older picture to keep.
    picture: PictureChoice = "none" if facts.picture == "keep" else facts.picture
    return BoardStep("post", facts.board_message_id, picture)


def still_to_move(facts: Facts) -> set[int]:
    """The seats whose turn goes on from the last published version: to move then, in the same
    turn (a new turn key begins a turn for every seat to move, even one that stays)."""
    if facts.turn_key != facts.shown_turn_key:
        return set()
    return set(facts.shown_to_move or ())


def users_to_notify(facts: Facts) -> tuple[int, ...]:
    """Each person whose turn begins since the last published version, except the one who just
    moved, those back in a turn they were already told of (the same turn key) and those asked in
    a reply window (not a turn: their open hand and the table's headline show it)."""
    before = still_to_move(facts)
    actor = facts.actor
    users: list[int] = []
    for seat in facts.to_move:
        user = facts.seat_users[seat] if 0 <= seat < len(facts.seat_users) else None
        if seat in before or seat in facts.replying or user is None or user == actor or user in users:
            continue
        if facts.turn_key is not None and facts.turn_key in facts.told_keys.get(seat, ()):
            continue
        users.append(user)
    return tuple(users)


def plan(facts: Facts) -> Plan:
    """The steps that bring Discord to `facts.version`."""
    board = board_step(facts)
    active = facts.status == "active"
    delete: list[MessageRef] = []
    announcement: tuple[str, ...] = ()
    if facts.announcement and facts.announced_version != facts.version and facts.status != "cancelled":
        announcement = tuple(facts.announcement)
        if facts.standing_announcement is not None:
            delete.append(facts.standing_announcement)
    notify: tuple[int, ...] = ()
    new_turns: tuple[int, ...] = ()
    if active and facts.notice_version != facts.version:
        before = still_to_move(facts)
        new_turns = tuple(seat for seat in facts.to_move if seat not in before)
        notify = () if facts.told_before else users_to_notify(facts)
        humans_to_move = any(
            0 <= s < len(facts.seat_users) and facts.seat_users[s] is not None for s in facts.to_move
        )
        # A notice stands while the seats it told are still deciding, and through a reply window
        # in their turn (nobody is told of a window); a seat newly to move in a turn (told now,
        # or back in a turn it was told of, after a window) replaces it.
        shown = facts.shown_to_move
        key = facts.turn_key
        turns = {
            seat
            for seat in facts.to_move
            if seat not in facts.replying and not (key is not None and key in facts.told_keys.get(seat, ()))
        }
        newcomers = shown is not None and not turns <= set(shown)
        if notify or newcomers or not humans_to_move:
            delete.extend(facts.standing_notices)
    if not active:
        delete.extend(facts.standing_notices)
    post_result = facts.status == "finished" and not facts.result_posted
    return Plan(
        board=board,
        announcement=announcement,
        notify=notify,
        new_turns=new_turns,
        delete=tuple(dict.fromkeys(delete)),
        post_result=post_result,
        closing=not active,
    )
