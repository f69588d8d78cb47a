"""One INFO line when a game ends, and how: an owner reading the log sees games come and go
(finished, abandoned, ended early, left, retired) and how many resumed after a restart, without
a debugger. The reason is the stored end reason; nothing secret is in it."""

from __future__ import annotations

import logging

log = logging.getLogger("bot.games")


def game_ended(game_id: int, game: str, how: str, reason: str | None = None) -> None:
    """ "Game 12 (sabotage) ended: abandoned (no move for 14 days)." """
    why = f" ({reason})" if reason and reason != how else ""
    log.info("Game %s (%s) ended: %s%s.", game_id, game, how, why)


def games_resumed(count: int) -> None:
    """After a restart: how many games in progress this process picked up again (its shards' only)."""
    log.info("Resumed %d %s in progress at start.", count, "game" if count == 1 else "games")
