"""Random slash commands, drawn from the command tree the bot synced: every command, subcommand
and option the Discord client would offer, with values it would allow (choices, ranges)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tests.fake_discord import FakeDiscord, FakeUser

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


@dataclass(frozen=True)
class Invocation:
    """One slash command as a person types it: `/name sub` with its options."""

    command: str
    options: dict[str, Any]
    manage_guild: bool = False

    def __str__(self) -> str:
        given = " ".join(f"{k}:{getattr(v, 'name', v)}" for k, v in self.options.items())
        return f"/{self.command} {given}".strip()


def _value(option: dict[str, Any], rng: random.Random, users: list[FakeUser], game_ids: list[int]) -> Any:
    """A value the client would accept for `option` (a game number: mostly one that exists)."""
    choices = option.get("choices") or []
    if choices:
        return rng.choice(choices)["value"]
    kind = option["type"]
    if kind == BOOLEAN:
        return rng.random() < 0.5
    if kind == USER:
        return rng.choice(users)
    if kind in (INTEGER, NUMBER):
        low = int(option.get("min_value", 0) or 0)
        high = int(option.get("max_value", low + 100) or low + 100)
        if option["name"] == "game" and game_ids and rng.random() < 0.8:
            return rng.choice(game_ids)
        return rng.randint(low, min(high, low + 200))
    if kind == STRING:
        if option["name"] == "day":
            return rng.choice(["yesterday", "2026-12-01", "2099-01-01", "not a day", "today"])
        return rng.choice(["", "x", "🌱", "garden"])
    return None


#: The platform's own small test games, drawn less often than the three garden games.
TEST_GAMES = ("secret-numbers", "objection")


def random_invocation(
    fake: FakeDiscord,
    rng: random.Random,
    users: list[FakeUser],
    game_ids: list[int],
    *,
    command_name: str | None = None,
    subcommand: str | None = None,
    leave_out: tuple[str, ...] = (),
) -> Invocation:
    """A random command of the synced tree (global commands; `command_name`: that one, and
    `subcommand` its subcommand; none of `leave_out`), with random allowed options."""
    commands = [
        c for c in fake.global_commands if command_name in (None, c["name"]) and c["name"] not in leave_out
    ]
    command = rng.choice(commands)
    words = [command["name"]]
    node = command
    while True:
        subs = [o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if subcommand is not None and len(words) == 1:
            subs = [o for o in subs if o["name"] == subcommand]
        if not subs:
            break
        node = rng.choices(subs, [1 if o["name"] in TEST_GAMES else 4 for o in subs])[0]
        words.append(node["name"])
    options: dict[str, Any] = {}
    for option in node.get("options") or []:
        if option.get("required") or rng.random() < 0.35:
            value = _value(option, rng, users, game_ids)
            if value is not None:
                options[option["name"]] = value
    manage = command.get("default_member_permissions") is not None
    return Invocation(" ".join(words), options, manage_guild=manage)


#: `/play` options that keep a game short, and the end of their range that does: Garden Party's
#: and Garden Sabotage's most rounds and Garden Party's reply window at their least, its short game.
SHORTER: dict[str, str] = {"season_rounds": "least", "reply_seconds": "least", "short_game": "true"}


def command_node(fake: FakeDiscord, invocation: Invocation) -> dict[str, Any]:
    """The synced definition of the (sub)command `invocation` calls."""
    node: dict[str, Any] = next(c for c in fake.global_commands if c["name"] == invocation.command.split()[0])
    for word in invocation.command.split()[1:]:
        node = next(o for o in node.get("options") or [] if o["name"] == word)
    return node


def shortest(fake: FakeDiscord, invocation: Invocation) -> Invocation:
    """`invocation` with the options of `SHORTER` its command offers set to the shortest game,
    at values the synced tree offers (its least value or choice; never a value of our own)."""
    options = dict(invocation.options)
    for option in command_node(fake, invocation).get("options") or []:
        end = SHORTER.get(option["name"])
        if end is None:
            continue
        if option["type"] == BOOLEAN:
            options[option["name"]] = end == "true"
        elif option.get("choices"):
            options[option["name"]] = min(c["value"] for c in option["choices"])
        elif "min_value" in option:
            options[option["name"]] = option["min_value"]
    return Invocation(invocation.command, options, invocation.manage_guild)
