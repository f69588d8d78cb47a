"""The `garden-club` command (also `python -m bot`): run the bot, or one of the owner's tools.

    garden-club                 run the bot (reads .env; `run` may be written out)
    garden-club restore FILE    put a backup in place of the database (the bot must be stopped)
    garden-club health          exit 0 while the running bot is connected and its database writable
    garden-club copy-database --from URL --to URL
                                copy everything to another (empty) database, then verify it

Every mistake is one line on stderr naming the setting or argument and how to fix it, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(
        prog="garden-club", description="Garden Club, a Discord bot for garden card games."
    )
    commands = found.add_subparsers(dest="command")
    run = commands.add_parser("run", help="run the bot (the default)")
    run.add_argument("--database", type=Path, help="the database file (overrides DATABASE_PATH)")
    restore = commands.add_parser("restore", help="restore a backup (the bot must be stopped)")
    restore.add_argument("file", type=Path, help="the backup file to restore")
    restore.add_argument("--database", type=Path, help="the database file (overrides DATABASE_PATH)")
    health = commands.add_parser("health", help="exit 0 while the running bot is healthy")
    health.add_argument("--database", type=Path, help="the database file (overrides DATABASE_PATH)")
    copy = commands.add_parser(
        "copy-database", help="copy everything to another, empty database (the bot must be stopped)"
    )
    copy.add_argument(
        "--from", dest="source", required=True, help="sqlite:///path, a path, or postgresql://…"
    )
    copy.add_argument("--to", dest="destination", required=True, help="postgresql://… (or sqlite:///path)")
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Console entry point (`garden-club`, `python -m bot`)."""
    arguments = parser().parse_args(sys.argv[1:] if argv is None else argv)
    command = arguments.command or "run"
    handlers: dict[str, Callable[[argparse.Namespace], None]] = {
        "run": _run,
        "restore": _restore,
        "health": _health,
        "copy-database": _copy_database,
    }
    handlers[command](arguments)


def _run(arguments: argparse.Namespace) -> None:
    from bot.run import run_bot

    run_bot(database=getattr(arguments, "database", None))


def _restore(arguments: argparse.Namespace) -> None:
    from bot.operations.restore import restore_command

    restore_command(arguments.file, database=arguments.database)


def _health(arguments: argparse.Namespace) -> None:
    from bot.operations.health import health_command

    health_command(database=arguments.database)


def _copy_database(arguments: argparse.Namespace) -> None:
    from bot.operations.copy_database import copy_database_command

    copy_database_command(arguments.source, arguments.destination)
