"""The games the bot offers: one `GameEntry` per game ties its pieces together.

An entry names the engine game, its presenter (how it looks in Discord), its pictures module
(None: a text-only board) and whether it is a test game. Adding a game to the bot is one entry
here (docs/bot.md, "Adding a game"); the engine finds the game's rules and computer players
itself (docs/engine.md). The order of `GAMES` is the order `/play` and `/rules` list them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import ModuleType

from bot.pictures import cabbagehead as cabbagehead_pictures
from bot.pictures import garden_party as garden_party_pictures
from bot.pictures import sabotage as sabotage_pictures
from bot.presenters.base import Presenter
from bot.presenters.cabbagehead import PRESENTER as CABBAGEHEAD
from bot.presenters.garden_party import PRESENTER as GARDEN_PARTY
from bot.presenters.objection import PRESENTER as OBJECTION
from bot.presenters.sabotage import PRESENTER as SABOTAGE
from bot.presenters.secret_number import PRESENTER as SECRET_NUMBERS
from engine.ai import strengths_for
from engine.api import AnyGame
from engine.registry import get_game


@dataclass(frozen=True)
class GameEntry:
    """One game as the bot offers it."""

    presenter: Presenter
    #: `bot.pictures.<game>`: board_image, hand_image, board_description, hand_description, summary.
    pictures: ModuleType | None = None
    #: A game for testing the platform, offered only where the owner enables test games.
    test_only: bool = False

    @property
    def name(self) -> str:
        return self.presenter.game_name

    @property
    def game(self) -> AnyGame:
        return get_game(self.name)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(CABBAGEHEAD, cabbagehead_pictures),
    GameEntry(SABOTAGE, sabotage_pictures),
    GameEntry(GARDEN_PARTY, garden_party_pictures),
    GameEntry(SECRET_NUMBERS, test_only=True),
    GameEntry(OBJECTION, test_only=True),
)


@cache
def entries() -> dict[str, GameEntry]:
    """Every offered game by engine name, in menu order."""
    return {entry.name: entry for entry in GAMES}


def entry(game_name: str) -> GameEntry:
    """The entry of `game_name`; KeyError if the bot does not offer it."""
    return entries()[game_name]


def presenter(game_name: str) -> Presenter:
    return entry(game_name).presenter


@cache
def computer_strengths(game_name: str) -> tuple[str, ...]:
    """The computer-player strengths offered for `game_name` (the game's own declaration in
    `engine.ai`; none for a game with no real computer players)."""
    return tuple(strengths_for(game_name))
