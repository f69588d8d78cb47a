"""`/history`: the server's last games, each with **Replay**, and `/history export`; the replay viewer.

A replay is a private viewer of a finished game, rebuilt through the engine (`bot.records.replays`): the
table at any move — its picture when the picture budget has room, else its text — stepped with
First / Back / Next / Last or a jump menu, with the log lines of that move, and a way back to the
list. A player of the game may switch to their own view (their hand) at that move;
nobody sees another player's hidden cards. Only games of the server the command is used in are
listed or replayed.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import GAME_GONE, Refusal
from bot.game.position import Position
from bot.game.registry import presenter
from bot.handlers import replies
from bot.handlers.table import Table
from bot.picture_service import as_file
from bot.pictures.image import RenderedImage
from bot.publish.render import ranking
from bot.publish.table_layout import TableLook, headline
from bot.records import daily
from bot.records.replays import REPLAYABLE, Replay, ReplayCache, export, rebuild
from bot.ui.choices import clip
from bot.ui.ids import HistoryId, ReplayId, ReplayMenuId
from bot.ui.items import button, row
from bot.ui.layout import GREEN, TEXT_MAX, container, fit_texts, gallery, layout, separator, text

#: Games per /history page.
HISTORY_PAGE = 8
#: The jump menu offers this many moves around the one shown (Discord: 25 options a menu).
JUMP_OPTIONS = 25
NOT_REPLAYABLE = "That game isn't over yet, so it can't be replayed."
ELSEWHERE = "That game was played on another server."
DAILY_NOT_YET = "That is today's daily garden: its replay opens to everyone when the day ends (00:00 UTC)."
NO_REPLAY = "That game's moves no longer replay with today's rules, so it can't be shown."
NO_MOVES = "That game ended before its first move, so there is nothing to replay."
BACK_TO_LIST = "Back to the list"


class HistoryCommands:
    """The server's finished games, their replays and exports."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.replays = ReplayCache()

    async def _replay(self, interaction: discord.Interaction[Any], game_id: int) -> Replay:
        record = await self.table.store.get(game_id)
        if record is None:
            raise Refusal(GAME_GONE)
        if record.guild_id != interaction.guild_id:
            raise Refusal(ELSEWHERE)
        if record.status not in REPLAYABLE:
            raise Refusal(NOT_REPLAYABLE)
        if daily.hidden(record, self.table.clock()) and record.seat_of(interaction.user.id) is None:
            raise Refusal(DAILY_NOT_YET)
        kept = self.replays.get(game_id)
        if kept is not None and kept.record.version == record.version:
            return kept
        try:
            built = rebuild(record, await self.table.store.actions(game_id))
        except ValueError:
            raise Refusal(NO_REPLAY) from None
        return self.replays.keep(built)

    async def show(self, interaction: discord.Interaction[Any], clicked: ReplayId) -> None:
        """**Replay** (a new private viewer) or a step in one (the viewer redrawn)."""
        replay = await self._replay(interaction, clicked.game_id)
        if replay.moves == 0:
            raise Refusal(NO_MOVES)
        seat = replay.record.seat_of(interaction.user.id)
        own = clicked.mode == "h" and seat is not None
        picture = None if own else await self.table.pictures.replay(replay.position(clicked.move))
        layout = replay_layout(replay, clicked.move, seat, own=own, picture=picture)
        files = [as_file(picture)] if picture is not None else []
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await replies.update(interaction, view=layout, attachments=files)
        else:
            await replies.send(interaction, private=True, view=layout, files=files)

    async def jump(self, interaction: discord.Interaction[Any], menu: ReplayMenuId, move: int) -> None:
        await self.show(interaction, ReplayId(menu.game_id, move, "b"))

    async def recent(self, interaction: discord.Interaction[Any], before: int = 0) -> None:
        """`/history list` (and its Newest / Older): the server's finished games, newest first,
        older than game `before` (0: from the newest)."""
        guild = interaction.guild_id or 0
        records = await self.table.store.finished_games(guild, HISTORY_PAGE + 1, before)
        more, records = len(records) > HISTORY_PAGE, records[:HISTORY_PAGE]
        if not records and before == 0:
            await replies.send(interaction, private=True, content="No game has finished on this server yet.")
            return
        lines, buttons = [], []
        for record in records:
            position = Position(record)
            names = ", ".join(seat.name for seat in record.seats)
            result = position.result() if record.status == "finished" else None
            places = ranking(position) if result is not None else []
            said = (
                " · ".join(f"{position.names[r.seat]} {r.total}" for _place, r in places)
                if places
                else (record.end_reason or "ended early")
            )
            when = f"<t:{int(record.updated_at)}:d>"
            practice = "" if record.daily_scored else ", practice"
            kind = "" if record.daily is None else f" · daily garden{practice}"
            lines.append(f"**#{record.id}** {position.game.title}{kind} · {when} · {names} — {said}")
            buttons.append(button(ReplayId(record.id, 0, "b").text(), f"Replay #{record.id}"))
        inside: list[dict[str, Any]] = [
            text(clip("## Last games on this server\n" + "\n".join(lines), TEXT_MAX))
        ]
        inside.append(separator())
        inside += [row(buttons[i : i + 4]) for i in range(0, len(buttons), 4)]
        nav = []
        if before > 0:
            nav.append(button(HistoryId(0).text(), "⏮ Newest", discord.ButtonStyle.secondary))
        if more and records:
            nav.append(button(HistoryId(records[-1].id).text(), "Older ▶", discord.ButtonStyle.secondary))
        if nav:
            inside.append(row(nav))
        shown = layout([container(inside, GREEN), text("-# Only you can see this")])
        message = interaction.message
        if (
            interaction.type is discord.InteractionType.component
            and message is not None
            and message.flags.ephemeral
        ):  # a page turn, or back from a replay: its picture goes
            await replies.update(interaction, view=shown, attachments=[])
        else:
            await replies.send(interaction, private=True, view=shown)

    async def export(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """`/history export`: the game as a JSON file (options, seats, seed, moves, result)."""
        replay = await self._replay(interaction, game_id)
        actions = await self.table.store.actions(game_id)
        data = json.dumps(export(replay.record, actions, replay), indent=1, ensure_ascii=False)
        file = discord.File(io.BytesIO(data.encode("utf-8")), filename=f"garden-club-game-{game_id}.json")
        await replies.send(
            interaction,
            private=True,
            # Words for a player, not a path in the bot's source (issue 27 item 10).
            content=(
                f"Game #{game_id}, {replay.game.title}, as a file: its options, its seed and every "
                f"move in order. To watch it move by move here, use `/history replay`."
            ),
            files=[file],
        )


def replay_layout(
    replay: Replay, move: int, seat: int | None, *, own: bool, picture: RenderedImage | None = None
) -> discord.ui.LayoutView:
    """The viewer at `move`: the table then — `picture` (the board's picture at that move) with the
    table's headline, or without one the table's text — or, `own`, the viewer's own view; the
    move's log lines as the viewer may read them, and the buttons, with one back to the list."""
    last = replay.moves
    move = min(max(move, 0), last)
    position = replay.position(move)
    record = replay.record
    top = f"## Replay — {replay.game.title} · game #{record.id}\nMove {move} of {last}"
    said = replay.lines(move, seat)
    moved = ("**This move:**\n" + "\n".join(f"• {line}" for line in said)) if said else "**The start.**"
    if own and seat is not None:
        view = position.view(seat)
        body = presenter(record.game).hand_text(view, seat, position.names) if view is not None else ""
    else:
        alt = picture.description if picture is not None else None
        body = headline(
            position, TableLook(picture_alt=alt), with_picture=picture is not None, says_result=True
        )
    parts = fit_texts([top, body, moved, "-# Only you can see this replay"], stretch=1)
    inside: list[dict[str, Any]] = [text(parts[0]), text(parts[2]), text(parts[1])]
    if picture is not None and not own:
        inside.append(gallery(picture.filename, picture.description))
    inside.append(separator())
    steps = [("⏮ First", 0, "f"), ("◀ Back", move - 1, "p"), ("Next ▶", move + 1, "n"), ("Last ⏭", last, "l")]
    mode = "h" if own else "b"
    buttons = []
    for label, target, tag in steps:
        custom_id = ReplayId(record.id, max(0, min(target, last)), mode, tag).text()
        found = button(custom_id, label, discord.ButtonStyle.secondary)
        found["disabled"] = not 0 <= target <= last or target == move
        buttons.append(found)
    inside.append(row(buttons))
    below = [button(HistoryId(0).text(), BACK_TO_LIST, discord.ButtonStyle.secondary)]
    if seat is not None:
        other = "b" if own else "h"
        label = "The table" if own else "My view"
        below.insert(0, button(ReplayId(record.id, move, other).text(), label, discord.ButtonStyle.primary))
    inside.append(row(below))
    first = min(max(move - JUMP_OPTIONS // 2, 0), max(last + 1 - JUMP_OPTIONS, 0))
    options = []
    for number in range(first, min(first + JUMP_OPTIONS, last + 1)):
        line = (replay.lines(number, None) or ["The start"])[0]
        options.append(
            {"label": clip(f"{number}. {line}", 100), "value": str(number), "default": number == move}
        )
    if len(options) > 1:
        inside.append(
            row(
                [
                    {
                        "type": discord.ComponentType.string_select.value,
                        "custom_id": ReplayMenuId(record.id).text(),
                        "placeholder": "Jump to a move",
                        "min_values": 1,
                        "max_values": 1,
                        "options": options,
                    }
                ]
            )
        )
    return layout([container(inside, GREEN), text(parts[3])])


def register_history_commands(tree: app_commands.CommandTree[Any], history: HistoryCommands) -> None:
    """`/history list` and `/history export` (guild only: a server's own games)."""
    group = app_commands.Group(
        name="history", description="This server's finished games: replays and exports.", guild_only=True
    )

    @group.command(name="list", description="The last games on this server, each with a Replay button.")
    async def history_list(interaction: discord.Interaction[Any]) -> None:
        async with replies.on_time(interaction, private=True):
            await history.recent(interaction)

    @group.command(name="replay", description="Step through a finished game, move by move (only you see it).")
    @app_commands.describe(game="The game's number (#12 in its footer).")
    async def history_replay(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1, 10**12]
    ) -> None:
        async with replies.on_time(interaction, private=True):
            await history.show(interaction, ReplayId(game, 0, "b"))

    @group.command(
        name="export", description="A finished game as a file: options, seed and moves, to replay."
    )
    @app_commands.describe(game="The game's number (#12 in its footer).")
    async def history_export(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1, 10**12]
    ) -> None:
        async with replies.on_time(interaction, private=True):
            await history.export(interaction, game)

    tree.add_command(group)
