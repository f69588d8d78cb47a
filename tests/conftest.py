"""Shared fixtures: the fake Discord and the bot runner (see tests/fake_discord/README.md)."""

from tests.databases import database, postgres_cluster, pytest_terminal_summary  # noqa: F401
from tests.fake_discord.fixtures import (  # noqa: F401  (fixtures are found by name)
    discord_openapi,
    fake_discord,
    garden_bot,
    restore_discord_endpoints,
    running_bot,
)
