"""Discord's events about servers, channels, threads and roles (everything that is not a click),
and who handles each: a channel or thread deleted, the bot removed or added back, an owner's change
that may give the bot back a permission."""

from __future__ import annotations

from discord.ext import commands

from bot.handlers.deleted_channels import DeletedChannels
from bot.handlers.owner_changes import OwnerChanges
from bot.handlers.removed_from_servers import RemovedFromServers
from bot.handlers.table import Table


def listen_to_servers(bot: commands.Bot, table: Table) -> None:
    """Have `bot` call each handler on its events."""
    DeletedChannels(table).listen(bot)
    RemovedFromServers(table).listen(bot)
    OwnerChanges(table).listen(bot)
