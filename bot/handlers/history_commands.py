"""`/history`: the server's last games, each with **Replay**, and `/history export`; the replay viewer.

A replay is a private viewer of a finished game, rebuilt through the engine (`bot.records.replays`): the
table at any move — its picture when the picture budget has room, else its text — stepped with
First / Back / Next / Last or a jump menu, with the log lines of that move, and a way back to the
list. A player of the game may switch to their own view (their hand) at that move;
nobody sees another player's hidden cards. Only games of the server the command is used in are
listed or replayed. Everything is said in the clicker's own language (issue 32); the table's
headline, a hand and the moves' log lines are the presenters' and the engine's words, shown as
they come.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.basics.refusals import GAME_GONE, Refusal
from bot.basics.words import N_, Words, words_for
from bot.game.position import Position, seat_name
from bot.game.registry import presenter
from bot.handlers import replies
from bot.handlers.table import Table
from bot.picture_service import as_file
from bot.pictures.image import RenderedImage
from bot.publish.render import ranking
from bot.publish.table_look import TableLook
from bot.publish.table_texts import headline
from bot.records import daily
from bot.records.end_reasons import end_words
from bot.records.replays import REPLAYABLE, Replay, ReplayCache, export, rebuild
from bot.ui.choices import clip
from bot.ui.ids import HistoryId, ReplayId, ReplayMenuId
from bot.ui.items import button, row
from bot.ui.layout import GREEN, TEXT_MAX, container, fit_texts, gallery, layout, separator, text

#: Games per /history page.
HISTORY_PAGE = 8
#: The jump menu offers this many moves around the one shown (Discord: 25 options a menu).
JUMP_OPTIONS = 25
NOT_REPLAYABLE = N_("That game isn't over yet, so it can't be replayed.")
ELSEWHERE = N_("That game was played on another server.")
DAILY_NOT_YET = N_(
    "That is today's daily garden: its replay opens to everyone when the day ends (00:00 UTC)."
)
NO_REPLAY = N_("That game's moves no longer replay with today's rules, so it can't be shown.")
NO_MOVES = N_("That game ended before its first move, so there is nothing to replay.")
BACK_TO_LIST = N_("Back to the list")
ONLY_YOU = N_("Only you can see this")


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
        words = words_for(str(interaction.locale))
        layout = replay_layout(replay, clicked.move, seat, words, own=own, picture=picture)
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
        words = words_for(str(interaction.locale))
        records = await self.table.store.finished_games(guild, HISTORY_PAGE + 1, before)
        more, records = len(records) > HISTORY_PAGE, records[:HISTORY_PAGE]
        if not records and before == 0:
            nothing = words.text("No game has finished on this server yet.")
            await replies.send(interaction, private=True, content=nothing)
            return
        lines, buttons = [], []
        for record in records:
            position = Position(record)
            # Seats by name, a computer's stored English name said in the reader's language (the
            # explorer's seed 149 found "Computer 1 (Hard), for Dave" under a pseudo-locale list).
            names = ", ".join(seat_name(seat, words) for seat in record.seats)
            result = position.result() if record.status == "finished" else None
            places = ranking(position) if result is not None else []
            said = (
                " · ".join(f"{position.names[r.seat]} {words.number(r.total)}" for _place, r in places)
                if places
                else end_words(record.end_reason, words, record.game)
            )
            title = position.game.title
            if record.daily is not None and record.daily_scored:
                title = words.text("{title} · daily garden", title=title)
            elif record.daily is not None:
                title = words.text("{title} · daily garden, practice", title=title)
            when = f"<t:{int(record.updated_at)}:d>"  # Discord writes the date in the reader's language
            lines.append(f"**#{record.id}** {title} · {when} · {names} — {said}")
            label = words.text("Replay #{game}", game=record.id)
            buttons.append(button(ReplayId(record.id, 0, "b").text(), label))
        heading = "## " + words.text("Last games on this server")
        inside: list[dict[str, Any]] = [text(clip(heading + "\n" + "\n".join(lines), TEXT_MAX))]
        inside.append(separator())
        inside += [row(buttons[i : i + 4]) for i in range(0, len(buttons), 4)]
        nav = []
        if before > 0:
            nav.append(button(HistoryId(0).text(), words.text("⏮ Newest"), discord.ButtonStyle.secondary))
        if more and records:
            older = words.text("Older ▶")
            nav.append(button(HistoryId(records[-1].id).text(), older, discord.ButtonStyle.secondary))
        if nav:
            inside.append(row(nav))
        only_you = "-# " + words.text(ONLY_YOU)
        shown = layout([container(inside, GREEN), text(only_you)])
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
        words = words_for(str(interaction.locale))
        # Words for a player, not a path in the bot's source (issue 27 item 10).
        said = words.text(
            "Game #{game}, {title}, as a file: its options, its seed and every move in order. "
            "To watch it move by move here, use `/{history} {replay}`.",
            game=game_id,
            title=replay.game.title,
            history=words.text("history"),
            replay=words.text("replay"),
        )
        await replies.send(interaction, private=True, content=said, files=[file])


def replay_layout(
    replay: Replay,
    move: int,
    seat: int | None,
    words: Words,
    *,
    own: bool,
    picture: RenderedImage | None = None,
) -> discord.ui.LayoutView:
    """The viewer at `move`, in `words`: the table then — `picture` (the board's picture at that
    move) with the table's headline, or without one the table's text — or, `own`, the viewer's own
    view; the move's log lines as the viewer may read them, and the buttons, with one back to the
    list. The headline, the hand and the log lines are the presenter's and the engine's words."""
    last = replay.moves
    move = min(max(move, 0), last)
    position = replay.position(move)
    record = replay.record
    top = "\n".join(
        [
            "## " + words.text("Replay — {title} · game #{game}", title=replay.game.title, game=record.id),
            words.text("Move {move} of {last}", move=words.number(move), last=words.number(last)),
        ]
    )
    said = replay.lines(move, seat, words)
    if said:
        moved = words.text("**This move:**") + "\n" + "\n".join(f"• {line}" for line in said)
    else:
        moved = words.text("**The start.**")
    if own and seat is not None:
        view = position.view(seat)
        shows = presenter(record.game)
        body = shows.hand_text_for(view, seat, position.names, words) if view is not None else ""
    else:
        alt = picture.description if picture is not None else None
        body = headline(
            position, TableLook(picture_alt=alt), with_picture=picture is not None, says_result=True
        )
    parts = fit_texts([top, body, moved, "-# " + words.text("Only you can see this replay")], stretch=1)
    inside: list[dict[str, Any]] = [text(parts[0]), text(parts[2]), text(parts[1])]
    if picture is not None and not own:
        inside.append(gallery(picture.filename, picture.description))
    inside.append(separator())
    steps = [
        (words.text("⏮ First"), 0, "f"),
        (words.text("◀ Back"), move - 1, "p"),
        (words.text("Next ▶"), move + 1, "n"),
        (words.text("Last ⏭"), last, "l"),
    ]
    mode = "h" if own else "b"
    buttons = []
    for label, target, tag in steps:
        custom_id = ReplayId(record.id, max(0, min(target, last)), mode, tag).text()
        found = button(custom_id, label, discord.ButtonStyle.secondary)
        found["disabled"] = not 0 <= target <= last or target == move
        buttons.append(found)
    inside.append(row(buttons))
    below = [button(HistoryId(0).text(), words.text(BACK_TO_LIST), discord.ButtonStyle.secondary)]
    if seat is not None:
        other = "b" if own else "h"
        label = words.text("The table") if own else words.text("My view")
        below.insert(0, button(ReplayId(record.id, move, other).text(), label, discord.ButtonStyle.primary))
    inside.append(row(below))
    first = min(max(move - JUMP_OPTIONS // 2, 0), max(last + 1 - JUMP_OPTIONS, 0))
    options = []
    for number in range(first, min(first + JUMP_OPTIONS, last + 1)):
        lines = replay.lines(number, None, words)
        line = lines[0] if lines else words.text("The start")
        option = f"{words.number(number)}. {line}"  # the move's first log line, in the reader's words
        options.append({"label": clip(option, 100), "value": str(number), "default": number == move})
    if len(options) > 1:
        inside.append(
            row(
                [
                    {
                        "type": discord.ComponentType.string_select.value,
                        "custom_id": ReplayMenuId(record.id).text(),
                        "placeholder": words.text("Jump to a move"),
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
        with replies.on_time(interaction, private=True):
            await history.recent(interaction)

    @group.command(name="replay", description="Step through a finished game, move by move (only you see it).")
    @app_commands.describe(game="The game's number (#12 in its footer).")
    async def history_replay(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1, 10**12]
    ) -> None:
        with replies.on_time(interaction, private=True):
            await history.show(interaction, ReplayId(game, 0, "b"))

    @group.command(
        name="export", description="A finished game as a file: options, seed and moves, to replay."
    )
    @app_commands.describe(game="The game's number (#12 in its footer).")
    async def history_export(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1, 10**12]
    ) -> None:
        with replies.on_time(interaction, private=True):
            await history.export(interaction, game)

    tree.add_command(group)
