"""Who a message may ping, and how a turn notice says where the turn is played."""

from __future__ import annotations

from typing import Any

import discord

from bot.game.position import Position
from bot.ui.items import HAND_LABEL
from engine.api import has_public_view


class _SnowflakeText:
    """A user reference whose id discord.py writes as text: Discord documents snowflakes in
    `allowed_mentions.users` as strings (its OpenAPI schema rejects bare integers)."""

    def __init__(self, user_id: int) -> None:
        self.id = str(user_id)


def mentions_of(user_ids: list[int]) -> discord.AllowedMentions:
    """Allowed mentions for exactly these users."""
    users: Any = [_SnowflakeText(u) for u in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def how_to_play(position: Position) -> str:
    """Where a turn is played: on the table itself in a game with nothing hidden, else in the hand."""
    words = position.words
    if has_public_view(position.game):
        return words.text("Play on the table")
    return words.text("Press **{hand}** to play", hand=words.text(HAND_LABEL))
