"""The daily garden's boards (`/leaderboard cabbagehead daily:True [day]`, and the board's buttons)
and the replay of a day's best garden (bot/records/daily.py).

While a day runs its board shows points only; once it is over (00:00 UTC) it shows each garden's
game number, and its **Replay the best garden** opens the best garden's replay (`bot.records.replays`)
to anyone on the server. That button is on the board of the day that runs too: pressed before
the day ends it is refused, privately and briefly; the same button works once the day is over.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import discord

from bot.basics.refusals import Refusal
from bot.basics.words import N_, Words, words_for
from bot.handlers import replies
from bot.handlers.history_commands import HistoryCommands
from bot.handlers.stats_commands import NOT_HERE
from bot.handlers.table import Table
from bot.records import daily
from bot.storage.history import DailyRow
from bot.ui.choices import clip
from bot.ui.ids import DailyBoardId, ReplayId
from bot.ui.items import button, row
from bot.ui.layout import GREEN, TEXT_MAX, container, layout, separator, text

NOT_DAILY = N_("The daily garden is Mr. Cabbagehead's Garden: `/leaderboard cabbagehead daily:True`.")
NO_DAY = N_("Give the day as 2026-12-01 (a UTC date), `today` or `yesterday`.")
NOT_YET = N_("That day hasn't come yet: its garden is dealt at 00:00 UTC.")
DAY_RUNS = N_("That day is still running: its best garden's replay opens to everyone when the day ends.")
NO_BEST = N_("Nobody finished a scored daily garden that day, so there is no replay to show.")
#: The label of the button that replays a day's best garden (while the day runs: refused).
REPLAY_BEST = N_("Replay the best garden")


class DailyGardens:
    """A server's daily garden boards, today's and past days'."""

    def __init__(self, table: Table, history: HistoryCommands | None = None) -> None:
        self.table = table
        #: The replay viewer the best garden's replay opens in.
        self.history = history

    def _day(self, day: str | None) -> tuple[str, str]:
        """The day asked for (None: today) and today; refused for no day or a day to come."""
        today = daily.day_of(self.table.clock())
        chosen = daily.read_day(day, today) if day is not None else today
        if chosen is None:
            raise Refusal(NO_DAY)
        if chosen > today:
            raise Refusal(NOT_YET)
        return chosen, today

    async def board(self, interaction: discord.Interaction[Any], game: str, day: str | None = None) -> None:
        """`/leaderboard cabbagehead daily:True [day]`: a day's board, privately."""
        if game != daily.DAILY_GAME:
            raise Refusal(NOT_DAILY)
        chosen, today = self._day(day)
        layout = await self._layout(
            interaction.guild_id or 0, chosen, today, words_for(str(interaction.locale))
        )
        await replies.send(interaction, private=True, view=layout)

    async def clicked(self, interaction: discord.Interaction[Any], clicked: DailyBoardId) -> None:
        """A day button (the board of that day, in place) or **Replay the best garden**."""
        chosen, today = self._day(clicked.day)
        guild = interaction.guild_id or 0
        if clicked.best:
            await self._replay_best(interaction, guild, chosen)
            return
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            raise Refusal(NOT_HERE)
        await replies.update(
            interaction, view=await self._layout(guild, chosen, today, words_for(str(interaction.locale)))
        )

    async def _replay_best(self, interaction: discord.Interaction[Any], guild: int, day: str) -> None:
        if self.table.clock() < daily.ends_at(day):
            raise Refusal(DAY_RUNS)
        best = _best(await self.table.store.daily_board(guild, day))
        if best is None or self.history is None:
            raise Refusal(NO_BEST)
        await self.history.show(interaction, ReplayId(best.game_id, 0, "b"))

    async def _layout(self, guild: int, day: str, today: str, words: Words) -> discord.ui.LayoutView:
        rows = await self.table.store.daily_board(guild, day)
        over = day < today
        lines = ["## " + words.text("Daily garden — {day}", day=daily.day_words(day, words))]
        if not rows and day != today:
            lines.append(words.text("Nobody planted that day's garden here."))
        elif not rows:
            play = daily.daily_command(words, "play")
            lines.append(words.text("Nobody has planted today's garden yet: {command}.", command=play))
        place = 0
        for found in rows:
            streak = daily.streak(await self.table.store.daily_days(guild, found.user_id), today)
            days = " · " + words.plural("{n}-day streak", "{n}-day streak", streak) if streak > 1 else ""
            number = " · " + words.text("game #{game}", game=found.game_id) if over else ""
            if found.status == "active" or found.points is None:
                doing = words.text("planting now") if found.status == "active" else words.text("ended early")
                lines.append(f"• **{found.name}** — {doing}{number}{days}")
                continue
            place += 1
            ribbon = f" · {found.award}" if found.award else ""
            points = words.plural("{n} point", "{n} points", found.points)
            lines.append(f"{place}. **{found.name}** — {points}{ribbon}{number}{days}")
        lines.append("")
        if over:
            replay = f"`/{words.text('history')} {words.text('replay')}`"
            lines.append(
                words.text("The day is over: every garden and replay is open ({command}).", command=replay)
            )
        else:
            ends = f"<t:{int(daily.ends_at(day))}:R>"
            lines.append(
                words.text(
                    "Only points until the day ends {when}; then every garden and replay opens.", when=ends
                )
            )
        buttons = []
        if day > date.min.isoformat():
            buttons.append(
                button(DailyBoardId(daily.shift(day, -1)).text(), f"◀ {daily.shift(day, -1)}", _GREY)
            )
        if day < today:
            buttons.append(
                button(DailyBoardId(daily.shift(day, 1)).text(), f"{daily.shift(day, 1)} ▶", _GREY)
            )
        if _best(rows) is not None:
            label = words.text(REPLAY_BEST) if over else words.text("Replay the best garden (after the day)")
            buttons.append(button(DailyBoardId(day, best=True).text(), label))
        inside: list[dict[str, Any]] = [text(clip("\n".join(lines), TEXT_MAX))]
        if buttons:
            inside += [separator(), row(buttons)]
        return layout([container(inside, GREEN)])


_GREY = discord.ButtonStyle.secondary


def _best(rows: list[DailyRow]) -> DailyRow | None:
    """The day's best garden: the first (most points, the earlier among equals) that finished."""
    return next((r for r in rows if r.status == "finished" and r.points is not None), None)
