"""A start-up the bot refuses, with the one line that tells the owner what to fix.

Raised from inside the running bot (`setup_hook`: the metrics port, the SYNC_GUILD_ID server),
where only the owner's fix is known; `bot.run.run_bot` prints the line and exits 2, as for
a bad setting, never with a traceback.
"""

from __future__ import annotations


class StartRefused(Exception):
    """The bot cannot start as configured; `str(error)` is the owner's one line."""
