"""The explorer in whole-games mode (issue 32; the mode's choices are in
`tests/explorer/whole_games.py`): its people play the games going to their end."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import ClassVar

from tests.explorer.commands import Invocation, random_invocation, shortest
from tests.explorer.controls import Control, controls, is_choice, last_change
from tests.explorer.explorer import Explorer
from tests.explorer.whole_games import (
    KINDS,
    LEFT_OUT,
    WAITS,
    WHOLE_JUMPS,
    WHOLE_STEPS,
    all_finished,
    allowed,
    going,
)
from tests.fake_discord import FakeMessage, FakeUser


@dataclass
class WholeGamesExplorer(Explorer):
    """Mostly playing on in the games going; a game opened only for a kind with none going; no
    end, leave, cancel or long clock jump; done once each garden kind was played to its end."""

    STEP_MIX: ClassVar[tuple[tuple[str, int], ...]] = WHOLE_STEPS
    CLOCK_JUMPS: ClassVar[tuple[int, ...]] = WHOLE_JUMPS
    #: The stored games (id: (game, status)) as the step began: what its people may press.
    _games: dict[int, tuple[str, str]] = field(default_factory=dict)

    def _before_step(self) -> None:
        self._games = {int(i): (g, s) for i, g, s in self._rows("SELECT id, game, status FROM games")}

    def _done(self) -> bool:
        return all_finished(self.finished())

    def _offered(self, message: FakeMessage) -> list[Control]:
        """No control that cancels or leaves a lobby, or opens a second game of a kind."""
        return [c for c in controls(message) if allowed(c.custom_id, self._games)]

    def _draw_command(self) -> Invocation:
        """Nothing that ends, leaves or pauses, and no `/play` (games are opened by their own step)."""
        return random_invocation(self.fake, self.rng, self.users, self._game_ids(), leave_out=LEFT_OUT)

    async def _start_somewhere(self) -> None:
        await self._start_game()

    async def _start_game(self) -> None:
        """`/play` a garden kind with no game going, with the options that keep it short, in a
        channel with no open game (if there is one)."""
        idle = [sub for sub, kind in KINDS.items() if kind not in going(self._games)]
        if not idle:
            return
        invocation = shortest(
            self.fake,
            random_invocation(
                self.fake, self.rng, self.users, [], command_name="play", subcommand=self.rng.choice(idle)
            ),
        )
        free = [c for c in self._all_channels() if not self._open_games_in(c.id)]
        await self._command(invocation, self.rng.choice(free) if free else None)

    async def _play_on(self) -> None:
        """A person seated at a game in progress plays on: a choice on their newest hand or the
        live table, else My hand (followed a step or two); with no game in progress, a lobby is
        filled or a game opened."""
        await self.settle()
        active = self._rows("SELECT id, seats FROM games WHERE status = 'active'")
        if not active:
            lobbies = any(status == "lobby" for _, status in self._games.values())
            await (self._fill_lobby() if lobbies else self._start_game())
            return
        game_id, stored = self.rng.choice(active)
        seats = [int(seat.get("user_id") or 0) for seat in json.loads(stored)]
        people = [u for u in self.users if u.id in seats]
        self.rng.shuffle(people)
        for user in people:
            offered = self._choices_for(user, int(game_id), seats)
            if offered:
                message, control = self.rng.choice(offered)
                await self._follow(user, await self._use(user, message, control, checked=True))
                return
        messages = self._game_messages(int(game_id))
        tables = [m for m in messages if m.ephemeral_to is None]
        if not people or not tables:
            return
        table = max(tables, key=last_change)
        self._note(f"no choice for the people of game {game_id}: {table.text()[:120]!r}")
        # Nobody's newest hand offers a choice (a hand without choices is not redrawn when they
        # come): each looks at their hand until one can choose; if none can, everyone waits (a
        # reply window only some are asked in closes with its clock).
        hand = next((c for c in controls(table) if c.custom_id == f"gc:hand:{game_id}"), None)
        for user in people:
            interaction = None if hand is None else await self._use(user, table, hand, checked=True)
            answer = interaction.original if interaction is not None else None
            if answer is not None and any(is_choice(c.custom_id) for c in controls(answer)):
                await self._follow(user, interaction)
                return
        await self._time(self.rng.choice(WAITS))

    def _choices_for(
        self, user: FakeUser, game_id: int, seats: list[int]
    ) -> list[tuple[FakeMessage, Control]]:
        """The choices `user` may make in game `game_id`: on their newest hand there, and on its
        newest table those of their own seat."""
        messages = self._game_messages(game_id)
        hands = [m for m in messages if m.ephemeral_to == user.id and any(map(is_choice, m.custom_ids()))]
        tables = [m for m in messages if m.ephemeral_to is None and any(map(is_choice, m.custom_ids()))]
        found = []
        for message in [max(hands, key=last_change)] if hands else []:
            found += [(message, c) for c in controls(message) if is_choice(c.custom_id)]
        for message in [max(tables, key=last_change)] if tables else []:
            for control in controls(message):
                seat = int(control.custom_id.split(":")[3]) if is_choice(control.custom_id) else -1
                if 0 <= seat < len(seats) and seats[seat] == user.id:
                    found.append((message, control))
        return found

    def _game_messages(self, game_id: int) -> list[FakeMessage]:
        """Messages up whose controls belong to game `game_id` (hands, tables)."""
        mine = re.compile(rf"^gc:(c|s|hand|text|back):{game_id}(:|$)")
        return [
            m
            for m in self.fake.messages.values()
            if not m.deleted and any(mine.match(c) for c in m.custom_ids())
        ]
