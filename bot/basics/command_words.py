"""The slash commands in each player's language (issue 32): discord.py asks this Translator for
every command, option and choice name and description when it syncs, and sends what it finds as
`name_localizations` and `description_localizations`.

Strings are looked up by their English text (discord.py wraps every plain string in a
`locale_str`), so commands are written in English as before. Only the languages Discord knows are
synced; the pseudo-locale is for the texts the bot writes, never for the tree.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.basics.words import ENGLISH, LANGUAGES, resolve, words_for


class CommandWords(app_commands.Translator):
    """Finds a command tree string in the catalog of the locale discord.py asks for."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = resolve(locale.value)
        if language == ENGLISH or language not in LANGUAGES:
            return None
        return words_for(language).translated(string.message)
