"""The daily garden: one solo Mr. Cabbagehead's Garden deal per server per UTC day.

Everyone on a server who plays today's daily garden gets the same seed, derived from the server,
the date and a secret the bot keeps (so nobody can work out tomorrow's deal), and the same
options, a fixed rotation through the week (bot/data/daily_rotation.json).
A player's first game of the day is scored; later ones are practice. While the day runs nobody sees
another's garden or moves (the table shows only points; the garden is played in the player's own
hand); once the day is over (00:00 UTC) everything is open, replays included.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from bot.basics.refusals import Refusal
from bot.basics.words import Words
from bot.game.position import Position
from bot.storage.meta import Meta
from bot.storage.records import GameRecord
from engine.api import standing_result

ROTATION_FILE = Path(__file__).resolve().parents[1] / "data" / "daily_rotation.json"
#: The game the daily garden is played with.
DAILY_GAME = "cabbagehead"
#: The `meta` key of the bot's secret that every daily seed mixes in (made once, never shown).
SECRET_KEY = "daily_secret"


@dataclass(frozen=True)
class DailySet:
    """A weekday's options for the daily garden, and how the table names them."""

    weekday: str
    label: str
    options: dict[str, Any]


@cache
def rotation() -> tuple[DailySet, ...]:
    """The week's option sets, Monday first (the data file)."""
    data = json.loads(ROTATION_FILE.read_text(encoding="utf-8"))
    days = tuple(DailySet(d["day"], d["label"], dict(d["options"])) for d in data["days"])
    if len(days) != 7:
        raise ValueError(f"{ROTATION_FILE} must hold seven days, not {len(days)}")
    return days


def day_of(now: float) -> str:
    """The UTC date of the moment `now` (a Unix time), as "2026-12-01"."""
    return datetime.fromtimestamp(now, UTC).date().isoformat()


def ends_at(day: str) -> float:
    """When `day` is over: the next 00:00 UTC."""
    start = datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC)
    return (start + timedelta(days=1)).timestamp()


def shift(day: str, days: int) -> str:
    """The day `days` after `day` (before, if negative)."""
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def read_day(text: str, today: str) -> str | None:
    """The day `text` names: "today", "yesterday" or a date such as "2026-12-01" (None: no day)."""
    said = text.strip().lower()
    if said in ("today", "yesterday"):
        return today if said == "today" else shift(today, -1)
    if len(said) != 10:
        return None
    try:
        return date.fromisoformat(said).isoformat()
    except ValueError:
        return None


def options_of(day: str) -> DailySet:
    """The option set of `day`'s weekday."""
    return rotation()[date.fromisoformat(day).weekday()]


def daily_seed(secret: str, guild_id: int, day: str) -> int:
    """The seed of `day`'s daily garden on server `guild_id`: the same for every player there,
    another on every other server and day, and unknown to anyone without `secret` (62 bits of an
    HMAC-SHA-256 keyed with it, like a game's random seed)."""
    message = f"garden-club daily garden:{guild_id}:{day}".encode("ascii")
    digest = hmac.new(secret.encode("ascii"), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


async def server_seed(store: Meta, guild_id: int, day: str) -> int:
    """`daily_seed` with this bot's secret: 256 random bits made on first use and kept in the
    database's `meta` table (never logged, never shown)."""
    secret = await store.meta_once(SECRET_KEY, secrets.token_hex(32))
    return daily_seed(secret, guild_id, day)


@dataclass(frozen=True)
class Deal:
    """Today's daily garden of a server: its day, the weekday's options and the server's seed."""

    day: str
    options: dict[str, Any]
    seed: int


async def todays_deal(store: Meta, game_name: str, guild_id: int | None, now: float) -> Deal:
    """The daily garden dealt at `now` on server `guild_id` (refused for another game, or outside
    a server). Whether it is scored is decided as the game is stored (`Store.create_lobby`)."""
    if game_name != DAILY_GAME or guild_id is None:
        raise Refusal("The daily garden is a solo Mr. Cabbagehead's Garden, played in a server.")
    day = day_of(now)
    return Deal(day, dict(options_of(day).options), await server_seed(store, guild_id, day))


def hidden(record: GameRecord, now: float) -> bool:
    """Whether `record` is a daily garden whose day still runs: its garden and moves are shown to
    its player alone (no spoilers), and its replay opens when the day ends."""
    return record.daily is not None and now < ends_at(record.daily)


def streak(days: list[str], today: str) -> int:
    """Days in a row, up to today (or yesterday, when today's is not played yet), with a scored
    daily garden; `days`: the days played, any order."""
    played = set(days)
    current = date.fromisoformat(today)
    if current.isoformat() not in played:
        current -= timedelta(days=1)
    count = 0
    while current.isoformat() in played:
        count += 1
        current -= timedelta(days=1)
    return count


def points_of(position: Position) -> int | None:
    """The daily player's points as the game stands (or ended), from the engine's own scoring."""
    if position.state is None:
        return None
    return standing_result(position.game, position.state).seats[0].total


def hidden_headline(position: Position) -> str:
    """The table of a daily garden while its day runs: who plants, which day and options, points."""
    record, words = position.record, position.words
    assert record.daily is not None
    name = position.names[0] if position.names else "?"
    day = day_words(record.daily, words)
    if not record.daily_scored:
        day += words.text(" · practice (today's scored garden was the first)")
    points = words.plural("{n} point", "{n} points", points_of(position) or 0)
    lines = ["## " + words.text("Daily garden — {game}", game=position.game.title), day]
    ends = f"<t:{int(ends_at(record.daily))}:R>"
    if record.status == "active":
        lines.append(
            words.text(
                "**{player}** is planting today's garden: **{points}** so far.", player=name, points=points
            )
        )
        lines.append(
            words.text(
                "No spoilers: the gardens and their moves are shown when the day ends, {when}.", when=ends
            )
        )
    else:
        lines.append(words.text("🏁 **{player}**'s daily garden: **{points}**.", player=name, points=points))
        lines.append(words.text("The gardens and their replays open when the day ends, {when}.", when=ends))
    return "\n".join(lines)


def daily_command(words: Words, command: str) -> str:
    """ "`/leaderboard cabbagehead daily:True`" with the command's and option's names in `words`'
    language, as its command tree shows them (bot/basics/command_words.py)."""
    return f"`/{words.text(command)} {words.text(DAILY_GAME)} {words.text('daily')}:True`"


def day_words(day: str, words: Words) -> str:
    """ "2026-12-01 (Tuesday): New Neighbours": a day, its weekday and its options, in `words`."""
    chosen = options_of(day)
    return words.text(
        "{day} ({weekday}): {options}",
        day=day,
        weekday=words.text(chosen.weekday),
        options=words.text(chosen.label),
    )


def hidden_result(position: Position, days_in_a_row: int) -> str:
    """The final message of a daily garden whose day still runs: the points, the ribbon, the streak."""
    record, words = position.record, position.words
    result = standing_result(position.game, position.state) if position.state is not None else None
    seat = result.seats[0] if result is not None else None
    points = words.plural("{n} point", "{n} points", seat.total if seat is not None else 0)
    if seat is not None and seat.award:
        award = words.text(", ribbon: {ribbon}", ribbon=seat.award)
    else:
        award = words.text(", no ribbon")
    if record.daily_scored:
        scored = words.text("today's scored garden")
        days = " " + words.plural("Streak: {n} day in a row.", "Streak: {n} days in a row.", days_in_a_row)
    else:
        scored, days = words.text("a practice garden (it counts nowhere)"), ""
    said = words.text(
        "🏁 {player}'s daily garden of {day}: **{points}**{award} — {scored}.",
        player=position.names[0],
        day=record.daily,
        points=points,
        award=award,
        scored=scored,
    )
    board = words.text("{command} shows today's board.", command=daily_command(words, "leaderboard"))
    return f"{said}{days} {board}"
