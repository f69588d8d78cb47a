"""A local fake Discord (REST + gateway) for running the real discord.py bot in tests."""

from tests.fake_discord.fake import FakeDiscord
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.model import FakeChannel, FakeInteraction, FakeMessage, FakeUser

__all__ = ["BotRunner", "FakeChannel", "FakeDiscord", "FakeInteraction", "FakeMessage", "FakeUser"]
