"""Sync application commands only when they changed, so restarts do not hammer Discord's API.

The hash of the command payloads is kept beside the database; a restart with the same commands
syncs nothing. With `SYNC_GUILD_ID`, commands go to that one guild (instant while developing).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

import discord
from discord import app_commands

log = logging.getLogger(__name__)


def command_payload_hash(tree: app_commands.CommandTree[discord.Client], guild: discord.Object | None) -> str:
    """A stable hash of what a sync would send."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps(sorted(payload, key=lambda c: str(c.get("name"))), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[discord.Client], state_file: Path, guild_id: int | None
) -> bool:
    """Sync the tree (to `guild_id`, else globally) if it changed since the last sync."""
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    target = f"guild:{guild_id}" if guild_id else "global"
    digest = command_payload_hash(tree, guild)
    known: dict[str, str] = {}
    if state_file.exists():
        try:
            known = json.loads(state_file.read_text())
        except (OSError, ValueError):
            known = {}
    if known.get(target) == digest:
        log.info("Application commands unchanged since the last sync (%s); not syncing.", target)
        return False
    synced = await tree.sync(guild=guild)
    known[target] = digest
    state_file.parent.mkdir(parents=True, exist_ok=True)
    state_file.write_text(json.dumps(known, indent=2))
    log.info("Synced %d application commands (%s).", len(synced), target)
    return True
