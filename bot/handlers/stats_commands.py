"""`/stats`, its "Share in channel" button, and `/leaderboard` with its pages and option-set menu.

Everything here reads: the stored results and ratings of the server the command is used in
(`bot/storage/standings.py`), shown by `bot/records/standings.py`. Answers are private (only the one who
asked sees them, in their own language) until they press **Share in channel**, which posts them in
the server's language. A click is refused, privately and
briefly, unless it comes from the private message that carries it (the router checks the
component is on the message; here, that the message is ephemeral), names a game we host and,
for a page, a page that exists.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.basics.refusals import Refusal
from bot.basics.words import N_, Words, words_for
from bot.game.registry import entries
from bot.handlers import replies
from bot.handlers.table import Table
from bot.records import daily
from bot.records.standings import (
    PAGE_SIZE,
    gardens_page,
    option_set_words,
    pages,
    ratings_page,
    set_key,
    stats_embed,
)
from bot.ui.items import leaderboard_view, share_view
from engine.registry import get_game

#: Where the commands work: a server's records are its own.
NOT_ON_A_SERVER = N_("Stats and leaderboards belong to a server: use this in one of its channels.")
UNKNOWN_GAME = N_("I don't know that game.")
NO_SUCH_OPTIONS = N_("Nobody played solo with those options here, so there is nothing to show.")
NO_SOLO = N_("That game has no solo games to rank.")
NOT_HERE = N_(
    "That button doesn't belong here, so nothing happened. Ask again with `/stats` or `/leaderboard`."
)
NO_RATINGS = N_("That game is played alone: its leaderboard is the best gardens (`solo: True`).")


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise Refusal(NOT_ON_A_SERVER)
    return interaction.guild_id


def _known(game: str | None) -> str | None:
    """`game` if it is one we host (None stays None: every game)."""
    if game is not None and game not in entries():
        raise Refusal(UNKNOWN_GAME)
    return game


class StatsCommands:
    """The commands and clicks about a server's records."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def _stats(self, guild_id: int, user_id: int, game: str | None, words: Words) -> discord.Embed:
        store = self.table.store
        tallies = await store.tallies(guild_id, user_id, game)
        ratings = {}
        for tally in tallies:
            if not tally.solo and tally.game not in ratings:
                found = await store.rating(guild_id, tally.game, user_id)
                if found is not None:
                    ratings[tally.game] = found
        recent = await store.recent(guild_id, user_id, game)
        embed = stats_embed(user_id, game, tallies, ratings, recent, words)
        if game in (None, daily.DAILY_GAME):
            days = await store.daily_days(guild_id, user_id)
            if days:
                today = daily.day_of(self.table.clock())
                in_a_row = daily.streak(days, today)
                played = words.plural("{n} scored day", "{n} scored days", len(days))
                value = words.text(
                    "{played}; streak: {in_a_row} in a row", played=played, in_a_row=words.number(in_a_row)
                )
                embed.add_field(name=words.text("Daily garden"), value=value, inline=False)
        return embed

    async def stats(self, interaction: discord.Interaction[Any], user_id: int, game: str | None) -> None:
        """`/stats [user] [game]`: privately, with **Share in channel**."""
        guild_id, game = _guild(interaction), _known(game)
        words = words_for(str(interaction.locale))
        embed = await self._stats(guild_id, user_id, game, words)
        await replies.send(interaction, private=True, embed=embed, view=share_view(user_id, game, words))

    async def share(self, interaction: discord.Interaction[Any], user_id: int, game: str | None) -> None:
        """**Share in channel**: the same stats, freshly read, for everyone in the channel."""
        guild_id, game = _guild(interaction), _known(game)
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            raise Refusal(NOT_HERE)
        # A post for everyone: the server's language (the lead moves it to the server's setting).
        words = words_for(str(interaction.guild_locale) if interaction.guild_locale is not None else None)
        embed = await self._stats(guild_id, user_id, game, words)
        name = getattr(interaction.user, "display_name", interaction.user.name)
        embed.set_footer(text=words.text("Shared by {name}", name=name))
        await replies.send(
            interaction, private=False, embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        *,
        solo: bool,
        page: int = 0,
        key: str | None = None,
    ) -> None:
        """`/leaderboard <game>` and its pages: the server's ratings, or (solo) its best gardens
        under one option set (the most played, unless `key` names another). Private."""
        guild_id = _guild(interaction)
        if _known(game) is None:
            raise Refusal(UNKNOWN_GAME)
        definition = get_game(game)
        store = self.table.store
        words = words_for(str(interaction.locale))
        if solo or key is not None:
            if definition.min_seats > 1:
                raise Refusal(NO_SOLO)
            played = await store.option_sets(guild_id, game)
            keys = {set_key(option_set): (option_set, count) for option_set, count in played}
            if key is not None and key not in keys:
                raise Refusal(NO_SUCH_OPTIONS)
            chosen, total = keys[key] if key is not None else (played[0] if played else ("{}", 0))
            page = self._page(page, total)
            rows = await store.best_gardens(guild_id, game, chosen, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
            names = await store.names([row.game_id for row in rows])
            embed = gardens_page(game, chosen, rows, names, page, total, words)
            sets = [(set_key(s), option_set_words(game, s, words)) for s, _ in played]
            shown_set = set_key(chosen) if played else None
            view = leaderboard_view(game, page, pages(total), words, shown_set, sets)
        else:
            if definition.max_seats < 2:
                raise Refusal(NO_RATINGS)
            total = await store.count_rated(guild_id, game)
            page = self._page(page, total)
            # From the top: a place depends on the ratings above it (ties share one).
            rows_rated = await store.leaderboard(guild_id, game, offset=0, limit=(page + 1) * PAGE_SIZE)
            embed = ratings_page(game, rows_rated, page, total, words)
            view = leaderboard_view(game, page, pages(total), words)
        message = interaction.message
        if interaction.type is discord.InteractionType.component:
            if message is None or not message.flags.ephemeral:
                raise Refusal(NOT_HERE)
            await replies.update(interaction, embed=embed, view=view)  # None: no buttons left
        elif view is not None:
            await replies.send(interaction, private=True, embed=embed, view=view)
        else:
            await replies.send(interaction, private=True, embed=embed)

    @staticmethod
    def _page(page: int, total: int) -> int:
        """A page that exists (a page past the end, from an old button, shows the last)."""
        return min(max(page, 0), pages(total) - 1)
