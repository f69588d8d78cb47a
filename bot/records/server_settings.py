"""A server's defaults for its games (`/settings`), stored per guild, kept in memory once read.

The environment keeps the process-wide settings (`bot.operations.settings`); these are what a server's
members with Manage Server choose for their own games: the clock, the computer that plays a
turn whose time ran out, when a silent game counts as abandoned, pictures, threads, the language
of the tables.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from bot.basics.words import N_, resolve
from bot.storage import Store

ClockName = Literal["off", "relaxed", "standard", "quick"]
#: Seconds per turn of each clock preset (None: no clock).
CLOCK_SECONDS: dict[str, float | None] = {"off": None, "relaxed": 86400.0, "standard": 600.0, "quick": 120.0}
CLOCK_WORDS: dict[str, str] = {
    "off": N_("no clock"),
    "relaxed": N_("a day per turn"),
    "standard": N_("10 minutes per turn"),
    "quick": N_("2 minutes per turn"),
}
#: Each clock preset's name as the lobby shows it ("Clock: standard (10 minutes per turn)").
CLOCK_PRESETS: dict[str, str] = {
    "off": N_("off"),
    "relaxed": N_("relaxed"),
    "standard": N_("standard"),
    "quick": N_("quick"),
}
#: How /settings names each table language (a language's own name, as Discord's menus do).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français"}


class ServerSettings(BaseModel):
    """One server's defaults."""

    clock: ClockName = "standard"
    #: The computer player's strength for turns whose time ran out.
    stand_in: Literal["random", "greedy", "strong"] = "greedy"
    #: A game with no move by a person for this many days ends as abandoned.
    abandon_days: int = Field(default=14, ge=1, le=365)
    pictures: bool = True
    threads: bool = False
    #: The language of new games' public messages (the table, notices, the final scores):
    #: "auto" is the server's own preferred locale (Discord's `guild_locale`), else English.
    language: Literal["auto", "en", "fr"] = "auto"

    def table_language(self, guild_locale: str | None) -> str:
        """The language a new game's public messages are written in (issue 32): the one chosen
        here, or the server's preferred locale where a catalog speaks it, else English."""
        return resolve(guild_locale) if self.language == "auto" else self.language


class ServerSettingsCache:
    """Servers' settings, read from the store once per server and kept (written through)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: dict[int, ServerSettings] = {}

    async def of(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        found = self._known.get(guild_id)
        if found is None:
            try:
                found = ServerSettings.model_validate(await self.store.guild_settings(guild_id))
            except ValidationError:
                found = ServerSettings()  # a document from a newer version: the defaults
            self._known[guild_id] = found
        return found

    async def save(self, guild_id: int, settings: ServerSettings) -> None:
        await self.store.set_guild_settings(guild_id, settings.model_dump())
        self._known[guild_id] = settings
