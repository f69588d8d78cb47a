"""`/pause`, `/resume`, `/notify`, `/settings`, and the "Agree to pause" and "I'm back" buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.basics.refusals import NO_GAME_HERE, WRONG_PLACE, Refusal
from bot.basics.words import N_, Words, words_for
from bot.handlers import replies
from bot.handlers.lobby_views import display_name
from bot.handlers.table import Table
from bot.play.seats import said
from bot.presenters.base import CLOCK_CHOICES
from bot.records.server_settings import LANGUAGE_NAMES, ServerSettings
from bot.ui.items import pause_view
from bot.ui.levels import level

NOT_MANAGER = N_("Only members who can manage this server can change its settings.")


#: Each clock preset as `/play` and `/settings` offer it ("Standard: 10 min").
CLOCK_NAMES = {choice.value: choice.name for choice in CLOCK_CHOICES}


def describe_settings(settings: ServerSettings, words: Words, guild_locale: str | None = None) -> str:
    """The server's defaults, one line each, in the reader's `words`; `guild_locale`: the server's
    preferred locale, which an automatic table language follows."""
    chosen = settings.table_language(guild_locale)
    table_language = LANGUAGE_NAMES.get(chosen, chosen)  # (the pseudo-locale has no name of its own)
    language = (
        words.text("automatic, the server's language: {language}", language=table_language)
        if settings.language == "auto"
        else table_language
    )
    return "\n".join(
        [
            words.text("**Clock** for new games: {clock}", clock=words.text(CLOCK_NAMES[settings.clock])),
            words.text(
                "**Computer for turns whose time ran out**: {level}",
                level=level(settings.stand_in, words).lower(),
            ),
            words.plural(
                "**Abandoned** after {n} day without a move",
                "**Abandoned** after {n} days without a move",
                settings.abandon_days,
            ),
            words.text("**Board pictures**: on")
            if settings.pictures
            else words.text("**Board pictures**: off"),
            words.text("**New games in a thread**: yes")
            if settings.threads
            else words.text("**New games in a thread**: no"),
            words.text("**Language of new tables**: {language}", language=language),
        ]
    )


def pause_request_text(asked_by: str, agreed: list[str], waiting: list[str], words: Words) -> str:
    """A pause request as it stands: who asked, who agreed since, who still has to (issue 27
    item 7: it named whoever agreed last as the one asking)."""
    asked = words.text("⏸ {player} would like to pause this game.", player=asked_by)
    since = " " + words.plural(
        "{players} agreed.", "{players} agreed.", len(agreed), players=", ".join(agreed)
    )
    if not agreed:
        since = ""
    still = words.text("Still to agree: {players}.", players=", ".join(waiting))
    return f"{asked}{since} {still}"


class ClockCommands:
    """The commands and buttons about clocks, pauses and a server's defaults."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def _game_here(self, interaction: discord.Interaction[Any]) -> int:
        position = await self.table.sessions.in_channel(interaction.channel_id or 0)
        if position is None or position.record.status != "active":
            raise Refusal(NO_GAME_HERE)
        return position.game_id

    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        """`/pause`: agree to pause this channel's game; it pauses once every player agreed."""
        await self._ask(interaction, await self._game_here(interaction), from_button=False)

    async def agree_to_pause(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        record = await self.table.store.get(game_id)
        if record is None or record.channel_id != interaction.channel_id:
            raise Refusal(WRONG_PLACE)
        await self._ask(interaction, game_id, from_button=True)

    async def _ask(self, interaction: discord.Interaction[Any], game_id: int, *, from_button: bool) -> None:
        result = await self.table.pauses.ask(game_id, interaction.user.id)
        words = (await self.table.sessions.position(game_id)).words  # a public message: the table's
        if result.paused:
            text = words.text(
                "⏸ Everyone agreed: the game is paused and its clock stopped. {resume} starts it again.",
                resume="`/resume`",
            )
            if from_button:
                await replies.update(interaction, content=text, view=None)
            else:
                await replies.send(interaction, private=False, content=text)
            return
        text = pause_request_text(result.asked_by, result.agreed, result.waiting_for, words)
        if from_button:
            await replies.update(interaction, content=text, view=pause_view(game_id, words))
        else:
            await replies.send(interaction, private=False, content=text, view=pause_view(game_id, words))

    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        """`/resume`: start a paused game's clock again (any player)."""
        game_id = await self._game_here(interaction)
        await self.table.pauses.resume(game_id, by=interaction.user.id)
        words = (await self.table.sessions.position(game_id)).words
        await replies.send(
            interaction,
            private=False,
            content=words.text(
                "▶ {player} resumed the game: the clock runs again.", player=display_name(interaction.user)
            ),
        )

    async def notify(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """`/notify`: direct-message reminders when a turn's time runs low, for this user."""
        settings = await self.table.store.user_settings(interaction.user.id)
        settings["notify"] = on
        await self.table.store.set_user_settings(interaction.user.id, settings)
        words = words_for(str(interaction.locale))
        if on:
            text = words.text("I'll also send you a direct message when your turn's time runs low.")
        else:
            text = words.text("No more direct messages from me; reminders stay in the game's channel.")
        await replies.send(interaction, private=True, content=text)

    async def settings(self, interaction: discord.Interaction[Any], changes: dict[str, Any]) -> None:
        """`/settings`: show this server's defaults, or change them (Manage Server only)."""
        perms = getattr(interaction, "permissions", None)
        if interaction.guild_id is None:
            raise Refusal("Settings belong to a server: use `/settings` in one.")
        if not (perms and perms.manage_guild):
            raise Refusal(NOT_MANAGER)
        cache = self.table.server_settings
        current = await cache.of(interaction.guild_id)
        if changes:
            current = ServerSettings.model_validate({**current.model_dump(), **changes})
            await cache.save(interaction.guild_id, current)
        words = words_for(str(interaction.locale))
        if changes:
            heading = words.text("Saved. This server's defaults now:")
        else:
            heading = words.text("This server's defaults:")
        described = describe_settings(current, words, str(interaction.guild_locale or ""))
        await replies.send(interaction, private=True, content=f"{heading}\n{described}")

    async def back(self, interaction: discord.Interaction[Any], game_id: int, seat: int) -> None:
        """ "I'm back": the player takes their seat back from the computer standing in."""
        record = await self.table.store.get(game_id)
        if record is None or record.channel_id != interaction.channel_id:
            raise Refusal(WRONG_PLACE)
        change = await self.table.lobbies.take_back(game_id, interaction.user.id, seat)
        self.table.publisher.reshow(game_id, tell_again=True)  # the seat's name changed
        await replies.update(interaction, content=said(change.notes, change.position.words), view=None)
