"""The daily garden's leaderboard (`/leaderboard cabbagehead daily:True`) and how its games look
while their day runs: points only, no garden, no moves (bot/daily.py)."""

from __future__ import annotations

from typing import Any

import discord

from bot import daily, replies
from bot.refusals import Refusal
from bot.render import GREEN
from bot.table import Table
from bot.ui.choices import clip
from bot.ui.layout import TEXT_MAX, DrawnLayout, container, text

NOT_DAILY = "The daily garden is Mr. Cabbagehead's Garden: `/leaderboard cabbagehead daily:True`."


class DailyGardens:
    """Today's daily garden board of a server."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def board(self, interaction: discord.Interaction[Any], game: str) -> None:
        if game != daily.DAILY_GAME:
            raise Refusal(NOT_DAILY)
        guild = interaction.guild_id or 0
        today = daily.day_of(self.table.clock())
        rows = await self.table.store.daily_board(guild, today)
        chosen = daily.options_of(today)
        lines = [f"## Daily garden — {today} ({chosen.weekday}): {chosen.label}"]
        if not rows:
            lines.append("Nobody has planted today's garden yet: `/play cabbagehead daily:True`.")
        place = 0
        for user, name, points, award, status in rows:
            streak = daily.streak(await self.table.store.daily_days(guild, user), today)
            days = f" · {streak}-day streak" if streak > 1 else ""
            if status == "active" or points is None:
                lines.append(f"• **{name}** — planting now{days}")
                continue
            place += 1
            ribbon = f" · {award}" if award else ""
            lines.append(f"{place}. **{name}** — {points} points{ribbon}{days}")
        lines.append("")
        ends = int(daily.ends_at(today))
        lines.append(f"Only points until the day ends <t:{ends}:R>; then every garden and replay opens.")
        layout = DrawnLayout([container([text(clip("\n".join(lines), TEXT_MAX))], GREEN)])
        await replies.send(interaction, private=True, view=layout)
