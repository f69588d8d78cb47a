"""Every click on a Garden Club component, routed by its custom id to the handler it names.

A click is trusted for nothing but what Discord itself guarantees (who clicked, on which message
in which channel): its id must parse exactly (`bot.ui.ids`), the component must be on the message
it was clicked on, and a menu's value must be exactly one of the options that menu shows. Anything
else gets a short private refusal, and nothing changes. Every answer goes through `bot.handlers.replies`
(deferred if slow) and every failure through the central handler (`bot.handlers.errors`).
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.basics.clicks import component_on, let_go, views_listen
from bot.basics.metrics import NULL_METRICS, OK, REFUSED, NullMetrics, component_kind, outcome_of
from bot.basics.refusals import NOT_OFFERED, UNREADABLE, WRONG_PLACE, Refusal
from bot.basics.words import N_
from bot.handlers import replies
from bot.handlers.clock_commands import ClockCommands
from bot.handlers.daily_commands import DailyGardens
from bot.handlers.errors import answer_error, send_ephemeral
from bot.handlers.hands import Hands
from bot.handlers.history_commands import HistoryCommands
from bot.handlers.lobbies import LobbyHandlers
from bot.handlers.stats_commands import StatsCommands
from bot.handlers.table import Table
from bot.handlers.table_commands import TableCommands
from bot.ui.id_parsing import move_number, page_number, parse
from bot.ui.ids import (
    CHOICE,
    LOBBY_MENUS,
    PREFIX,
    SET_KEY,
    AgainId,
    BackId,
    ChoiceId,
    DailyBoardId,
    HandId,
    HistoryId,
    LeaderboardId,
    LeaderboardMenuId,
    LobbyId,
    MenuId,
    PauseId,
    ReplayId,
    ReplayMenuId,
    RulesId,
    RulesMenuId,
    ShareId,
    TextId,
)

#: The answer to a click that arrives while the bot shuts down (it is back within seconds).
RESTARTING = N_("Garden Club is restarting. Nothing was played; try again in a few seconds.")


class Router:
    """Routes component interactions to the hands, lobby and table handlers."""

    def __init__(
        self,
        table: Table,
        hands: Hands,
        lobbies: LobbyHandlers,
        commands: TableCommands,
        clocks: ClockCommands,
        stats: StatsCommands | None = None,
    ) -> None:
        self.table = table
        self.stats = stats or StatsCommands(table)
        #: /history and the replay viewer (set by the bot once made).
        self.history: HistoryCommands | None = None
        #: The daily garden's boards (set by the bot once made).
        self.daily: DailyGardens | None = None
        self.hands = hands
        self.lobbies = lobbies
        self.commands = commands
        self.clocks = clocks
        #: Counts and times each click (bot/basics/metrics.py; does nothing unless METRICS_PORT is set).
        self.metrics: NullMetrics = NULL_METRICS

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py's `on_interaction`: take the components whose ids are ours."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(PREFIX):
            if views_listen(interaction._state):
                return  # a view of discord.py's own (a test's probe) answers its clicks itself
            # Every component the bot sends is routed here (none has a callback of its own), so an
            # id without our prefix is forged or damaged: it still gets its private answer.
            await send_ephemeral(interaction, UNREADABLE)
            self.metrics.interaction(component_kind(custom_id), REFUSED)
            return
        if self.table.closing:
            await send_ephemeral(interaction, RESTARTING)
            self.metrics.interaction(component_kind(custom_id), REFUSED)
            return
        started, outcome = time.perf_counter(), OK
        with self.table.working(), self.table.sessions.passing(), replies.on_time(interaction):
            try:
                await self._route(interaction, custom_id, data)
            except Exception as error:
                outcome = outcome_of(error)
                await answer_error(interaction, error, context=f"component {custom_id[:100]!r}")
        let_go(interaction)
        if self.metrics.enabled:
            self.metrics.interaction(component_kind(custom_id), outcome, time.perf_counter() - started)

    async def _route(
        self, interaction: discord.Interaction[Any], custom_id: str, data: dict[str, Any]
    ) -> None:
        clicked = parse(custom_id)
        if clicked is None:
            raise Refusal(UNREADABLE)
        component = component_on(interaction, custom_id)
        if component is None:
            raise Refusal(WRONG_PLACE)
        if isinstance(clicked, LobbyId):
            value = self._menu_value(component, data) if clicked.op in LOBBY_MENUS else None
            await self.lobbies.button(interaction, clicked, value)
        elif isinstance(clicked, HandId):
            await self.hands.show(interaction, clicked.game_id)
        elif isinstance(clicked, ChoiceId):
            await self.hands.choose(interaction, clicked)
        elif isinstance(clicked, MenuId):
            await self.hands.choose(interaction, self._menu_choice(clicked, component, data))
        elif isinstance(clicked, RulesId):
            await self.commands.rules_page(interaction, clicked.game, clicked.page)
        elif isinstance(clicked, RulesMenuId):
            page = page_number(self._menu_value(component, data))
            if page is None:
                raise Refusal(NOT_OFFERED)
            await self.commands.rules_page(interaction, clicked.game, page)
        elif isinstance(clicked, PauseId):
            await self.clocks.agree_to_pause(interaction, clicked.game_id)
        elif isinstance(clicked, BackId):
            await self.clocks.back(interaction, clicked.game_id, clicked.seat)
        elif isinstance(clicked, AgainId):
            await self.lobbies.play_again(interaction, clicked.game_id)
        elif isinstance(clicked, TextId):
            await self.commands.board_as_text(interaction, clicked.game_id)
        elif isinstance(clicked, ReplayId | ReplayMenuId | HistoryId):
            await self._history(interaction, clicked, component, data)
        elif isinstance(clicked, ShareId):
            await self.stats.share(interaction, clicked.user_id, clicked.game)
        elif isinstance(clicked, LeaderboardId):
            await self.stats.leaderboard(
                interaction, clicked.game, solo=False, page=clicked.page, key=clicked.set_key
            )
        elif isinstance(clicked, DailyBoardId):
            if self.daily is None:
                raise Refusal(UNREADABLE)
            await self.daily.clicked(interaction, clicked)
        elif isinstance(clicked, LeaderboardMenuId):
            key = self._menu_value(component, data)
            if not SET_KEY.fullmatch(key):
                raise Refusal(NOT_OFFERED)
            await self.stats.leaderboard(interaction, clicked.game, solo=True, key=key)

    async def _history(
        self,
        interaction: discord.Interaction[Any],
        clicked: ReplayId | ReplayMenuId | HistoryId,
        component: dict[str, Any],
        data: dict[str, Any],
    ) -> None:
        if self.history is None:
            raise Refusal(UNREADABLE)
        if isinstance(clicked, ReplayId):
            await self.history.show(interaction, clicked)
        elif isinstance(clicked, ReplayMenuId):
            move = move_number(self._menu_value(component, data))
            if move is None:
                raise Refusal(NOT_OFFERED)
            await self.history.jump(interaction, clicked, move)
        else:
            await self.history.recent(interaction, clicked.before)

    @staticmethod
    def _menu_value(component: dict[str, Any], data: dict[str, Any]) -> str:
        """The one value chosen in a menu, if it is exactly one of the options the menu shows."""
        values = data.get("values")
        offered = {str(option.get("value")) for option in component.get("options") or []}
        if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str):
            raise Refusal(NOT_OFFERED)
        if values[0] not in offered:
            raise Refusal(NOT_OFFERED)
        return values[0]

    def _menu_choice(self, menu: MenuId, component: dict[str, Any], data: dict[str, Any]) -> ChoiceId:
        """A hand's menu choice: exactly one offered value, which is a choice code."""
        value = self._menu_value(component, data)
        if not CHOICE.fullmatch(value):
            raise Refusal(NOT_OFFERED)
        return ChoiceId(menu.game_id, menu.seat, menu.version, value, menu=menu.number)
