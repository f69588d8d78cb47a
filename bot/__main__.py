"""`python -m bot`: the `garden-club` command (bot/cli.py), which runs the bot (bot/run.py) unless
told to run one of the owner's tools."""

from __future__ import annotations

from bot.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    main()
