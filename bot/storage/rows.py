"""How games, seats and actions map to and from the columns of the `games` and `actions` tables."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.records import ActionRecord, GameRecord, SeatRecord

GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seats, min_seats, max_seats, seed, state, version, "
    "status, host_id, lobby_message_id, board_message_id, board_posted_at, created_at, updated_at, "
    "lobby_expires_at, end_reason, published_version, clock, stand_in, paused_at, pause_votes, "
    "last_human_move_at, daily, daily_scored, language"
)


def game_from_row(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        options=json.loads(row[4]),
        seats=[SeatRecord.model_validate(s) for s in json.loads(row[5])],
        min_seats=row[6],
        max_seats=row[7],
        seed=row[8],
        state=row[9],
        version=row[10],
        status=row[11],
        host_id=row[12],
        lobby_message_id=row[13],
        board_message_id=row[14],
        board_posted_at=row[15],
        created_at=row[16],
        updated_at=row[17],
        lobby_expires_at=row[18],
        end_reason=row[19],
        published_version=row[20],
        clock=row[21],
        stand_in=row[22],
        paused_at=row[23],
        pause_votes=json.loads(row[24] or "[]"),
        last_human_move_at=row[25],
        daily=row[26],
        daily_scored=bool(row[27]),
        language=row[28],
    )


def action_from_row(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        game_id=row[0],
        version=row[1],
        seat=row[2],
        action=json.loads(row[3]),
        events=json.loads(row[4]),
        created_at=row[5],
    )


def seats_json(seats: Sequence[SeatRecord]) -> str:
    return json.dumps([s.model_dump(exclude_none=True) for s in seats])
