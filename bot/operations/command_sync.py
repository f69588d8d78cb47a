"""Sync application commands only when they changed, so restarts do not hammer Discord's API.

The hash of the command payloads is kept in the database (`meta` table) per target; a restart with
the same commands syncs nothing. With `SYNC_GUILD_ID`, commands go to that one guild (instant while
developing).
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.basics.words import catalogs_digest
from bot.operations.start_refusal import StartRefused

log = logging.getLogger(__name__)

#: Discord's error code for a guild the bot cannot reach: it is not in that server.
MISSING_ACCESS = 50001


def not_in_guild(guild_id: int) -> str:
    """The one line for a SYNC_GUILD_ID server the bot is not in (Discord answers 403)."""
    return (
        f"the bot is not in the server SYNC_GUILD_ID={guild_id} (Discord answers Missing Access; also "
        "when it was invited without the applications.commands scope): invite it there with the link "
        "the README gives ('Set up a Discord bot'), or leave SYNC_GUILD_ID empty to sync commands "
        "globally."
    )


class HashKeeper(Protocol):
    """Where the last synced hash is remembered (the store's small settings table)."""

    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...


def command_payload_hash(tree: app_commands.CommandTree[Any], guild: discord.Object | None) -> str:
    """A stable hash of what a sync would send: the English tree and the catalogs its
    translations come from (a changed translation is synced, issue 32)."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps(sorted(payload, key=lambda c: str(c.get("name"))), sort_keys=True, default=str)
    text += catalogs_digest()
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], keeper: HashKeeper, guild_id: int | None
) -> bool:
    """Sync the tree (to `guild_id`, else globally) if it changed since the last sync."""
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    # Keyed by application too: the same database used with another bot application (a new
    # token) must still sync that application's commands.
    scope = f"guild:{guild_id}" if guild_id else "global"
    key = f"command-sync:application:{tree.client.application_id}:{scope}"
    digest = command_payload_hash(tree, guild)
    if await keeper.get_meta(key) == digest:
        log.info("Application commands unchanged since the last sync (%s); not syncing.", key)
        return False
    try:
        synced = await tree.sync(guild=guild)
    except discord.Forbidden as error:
        if guild_id is None or error.code != MISSING_ACCESS:
            raise
        raise StartRefused(not_in_guild(guild_id)) from None
    await keeper.set_meta(key, digest)
    log.info("Synced %d application commands (%s).", len(synced), key)
    return True
