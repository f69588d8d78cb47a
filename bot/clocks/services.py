"""What the clocks use of the table's services, named here so the clocks import nothing above them.

`Table` (bot/handlers/table.py) makes the clocks and hands itself over; it has every one of these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.clocks.deadline_scheduler import DeadlineScheduler
    from bot.clocks.pauses import Pauses
    from bot.game.sessions import Sessions
    from bot.play.lobby import Lobbies
    from bot.play.moves import Moves
    from bot.publish.discord_side import DiscordSide
    from bot.publish.publisher import Publisher
    from bot.storage import Store


class TableServices(Protocol):
    """The services a clock reads, sets going or plays through."""

    @property
    def store(self) -> Store: ...
    @property
    def sessions(self) -> Sessions: ...
    @property
    def moves(self) -> Moves: ...
    @property
    def lobbies(self) -> Lobbies: ...
    @property
    def publisher(self) -> Publisher: ...
    @property
    def discord(self) -> DiscordSide: ...
    @property
    def pauses(self) -> Pauses: ...
    @property
    def scheduler(self) -> DeadlineScheduler | None: ...
