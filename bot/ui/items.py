"""Persistent buttons and menus: discord.py `DynamicItem`s registered at start-up, routed by custom id.

Their state lives in the custom id (game id, seat, state version, choice), not in memory, so a
button posted before a restart still works, and a click that arrives the instant a message appears
is never dropped (no view has to be registered after the send returns). Each callback hands off to
the `Table` and is guarded by the central error handler.

Custom ids (all well under Discord's 100 characters):
  gc:lobby:<game>:<join|leave|start|cancel>   lobby buttons
  gc:lobby:<game>:add-<strength>              "Add computer player" of a strength, in a lobby
  gc:hand:<game>                              "My hand" on a board (and "Refresh" in a hand)
  gc:c:<game>:<seat>:<version>:<choice>       a choice button in a hand (see bot.ui.choices)
  gc:s:<game>:<seat>:<version>:<n>            choice menu number n in a hand; values are choices
  gc:rules:<game name>:<page>                 rules pages
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, cast

import discord
from discord.ui import Button, DynamicItem, Select

from bot import replies
from bot.ui.choices import BUTTONS_PER_ROW, OPTION_LABEL_MAX, Entry, Page, clip

BUTTON_LABEL_MAX = 80


#: The answer to a click that arrives while the bot shuts down (it is back within seconds).
RESTARTING = "Garden Club is restarting. Nothing was played; try again in a few seconds."


class TableLike(Protocol):
    closing: bool

    def working(self) -> contextlib.AbstractAsyncContextManager[None]: ...
    async def lobby_action(self, interaction: discord.Interaction[Any], game_id: int, op: str) -> None: ...
    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int | None) -> None: ...
    async def choose(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, version: int, choice: str
    ) -> None: ...
    async def rules_page(self, interaction: discord.Interaction[Any], game: str, page: int) -> None: ...


def table_of(interaction: discord.Interaction[Any]) -> TableLike:
    return cast(TableLike, interaction.client.table)


async def _guarded(interaction: discord.Interaction[Any], context: str, work: Any) -> None:
    from bot.errors import answer_error, send_ephemeral

    table = table_of(interaction)
    if table.closing:
        work.close()  # never started: nothing was applied
        await send_ephemeral(interaction, RESTARTING)
        return
    async with table.working(), replies.on_time(interaction):
        try:
            await work
        except Exception as error:
            await answer_error(interaction, error, context=context)


class LobbyButton(
    DynamicItem[Button[Any]],
    template=r"gc:lobby:(?P<game>\d+):(?P<op>join|leave|start|cancel|add-random|add-greedy|add-strong)",
):
    LABELS: ClassVar[dict[str, str]] = {
        "join": "Join",
        "leave": "Leave",
        "start": "Start",
        "cancel": "Cancel",
        "add-random": "Add computer player (random)",
        "add-greedy": "Add computer player (greedy)",
        "add-strong": "Add computer player (strong)",
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, game_id: int, op: str) -> None:
        style = self.STYLES.get(op, discord.ButtonStyle.secondary)
        row = 1 if op.startswith("add-") else 0
        super().__init__(
            Button(label=self.LABELS[op], style=style, custom_id=f"gc:lobby:{game_id}:{op}", row=row)
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guarded(
            interaction,
            f"lobby {self.op} of game {self.game_id}",
            table_of(interaction).lobby_action(interaction, self.game_id, self.op),
        )


class HandButton(DynamicItem[Button[Any]], template=r"gc:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "My hand / My turn") -> None:
        super().__init__(
            Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"gc:hand:{game_id}", emoji="🃏")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guarded(
            interaction,
            f"hand of game {self.game_id}",
            table_of(interaction).show_hand(interaction, self.game_id),
        )


class ChoiceButton(
    DynamicItem[Button[Any]],
    template=r"gc:c:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<choice>[agp][0-9.]{1,12})",
):
    def __init__(
        self, game_id: int, seat: int, version: int, choice: str, label: str, nav: bool = False
    ) -> None:
        style = discord.ButtonStyle.secondary if nav else discord.ButtonStyle.primary
        super().__init__(
            Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=style,
                custom_id=f"gc:c:{game_id}:{seat}:{version}:{choice}",
            )
        )
        self.game_id, self.seat, self.version, self.choice = game_id, seat, version, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or "?"
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), match["choice"], label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guarded(
            interaction,
            f"choice {self.choice} in game {self.game_id} v{self.version}",
            table_of(interaction).choose(interaction, self.game_id, self.seat, self.version, self.choice),
        )


CHOICE_VALUE = re.compile(r"[agp][0-9.]{1,12}")


class ChoiceSelect(
    DynamicItem[Select[Any]], template=r"gc:s:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<n>\d+)"
):
    def __init__(
        self,
        game_id: int,
        seat: int,
        version: int,
        n: int,
        options: list[discord.SelectOption],
        placeholder: str = "Choose…",
    ) -> None:
        super().__init__(
            Select(
                custom_id=f"gc:s:{game_id}:{seat}:{version}:{n}",
                options=options,
                placeholder=clip(placeholder, 150),
                min_values=1,
                max_values=1,
            )
        )
        self.game_id, self.seat, self.version = game_id, seat, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        options = list(getattr(item, "options", []) or [discord.SelectOption(label="?", value="p0")])
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), int(match["n"]), options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        choice = values[0] if values else "p0"
        if not CHOICE_VALUE.fullmatch(choice):
            choice = "p0"
        await _guarded(
            interaction,
            f"menu choice {choice} in game {self.game_id} v{self.version}",
            table_of(interaction).choose(interaction, self.game_id, self.seat, self.version, choice),
        )


class RulesButton(DynamicItem[Button[Any]], template=r"gc:rules:(?P<game>[a-z0-9_]{1,40}):(?P<page>\d+)"):
    def __init__(self, game: str, page: int, label: str) -> None:
        super().__init__(
            Button(label=label, style=discord.ButtonStyle.secondary, custom_id=f"gc:rules:{game}:{page}")
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(match["game"], int(match["page"]), getattr(item, "label", None) or "Page")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guarded(
            interaction,
            f"rules {self.game} page {self.page}",
            table_of(interaction).rules_page(interaction, self.game, self.page),
        )


ALL_DYNAMIC_ITEMS = (LobbyButton, HandButton, ChoiceButton, ChoiceSelect, RulesButton)


def lobby_view(game_id: int, computer_strengths: Sequence[str] = ()) -> discord.ui.View:
    """Join, Leave, Start, Cancel; then one "Add computer player" button per strength offered."""
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(game_id, op))
    for strength in computer_strengths:
        view.add_item(LobbyButton(game_id, f"add-{strength}"))
    return view


def hand_button_view(game_id: int, *, refresh: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id, "Refresh" if refresh else "My hand / My turn"))
    return view


class DrawnView(discord.ui.View):
    """A view given directly as Discord's component rows.

    Every component in it is one of the `DynamicItem`s above, routed by custom id from start-up,
    so the view needs no live items: a hand's choices (up to four menus of 25 options) are drawn
    straight as JSON instead of as a hundred discord.py objects rendered back to JSON, which was a
    good part of a hand's CPU. Holding no items, it is never stored per message either.
    """

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._rows = rows
        # Nothing to listen for: stopped, discord.py neither stores it for the message nor (for an
        # ephemeral one) runs a 15-minute timeout task for it.
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows


def _choice_button(game_id: int, seat: int, version: int, entry: Entry, *, nav: bool) -> dict[str, Any]:
    """`ChoiceButton(...).to_component_dict()`, written out (see `DrawnView`)."""
    return {
        "type": discord.ComponentType.button.value,
        "style": (discord.ButtonStyle.secondary if nav else discord.ButtonStyle.primary).value,
        "disabled": False,
        "label": clip(entry.label, BUTTON_LABEL_MAX),
        "custom_id": f"gc:c:{game_id}:{seat}:{version}:{entry.choice}",
    }


def _row(components: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": discord.ComponentType.action_row.value, "components": components}


def choice_view(game_id: int, seat: int, version: int, page: Page) -> discord.ui.View:
    """The buttons or menus of one page of choices, with its navigation row last (as `ChoiceButton`
    and `ChoiceSelect` items would render them)."""
    rows: list[dict[str, Any]] = []
    if page.as_buttons:
        buttons = [_choice_button(game_id, seat, version, e, nav=False) for e in page.entries]
        rows += [_row(buttons[i : i + BUTTONS_PER_ROW]) for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    else:
        placeholder = clip(page.title or "Choose…", 150)
        for n, menu in enumerate(page.menus()):
            options = [
                {"label": clip(e.label, OPTION_LABEL_MAX), "value": e.choice, "default": False} for e in menu
            ]
            select = {
                "type": discord.ComponentType.string_select.value,
                "custom_id": f"gc:s:{game_id}:{seat}:{version}:{n}",
                "min_values": 1,
                "max_values": 1,
                "disabled": False,
                "required": True,
                "placeholder": placeholder,
                "options": options,
            }
            rows.append(_row([select]))
    if page.nav:
        rows.append(_row([_choice_button(game_id, seat, version, e, nav=True) for e in page.nav]))
    return DrawnView(rows)
