"""The per-game presentation interface: how a game looks in Discord, never how it plays.

Each game adds one module with a `Presenter`: the board text from the public (spectator) view, a
seat's hand text from that seat's own view, its `/play` subcommand with typed options, and where
its rules text lives. The platform only ever gives the board presenter `view(state, None)` and the
hand presenter the owner's view, so a presenter cannot leak what its view does not hold.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

import discord
from discord import app_commands
from pydantic import BaseModel

#: The platform's lobby opener a `/play` subcommand calls with the chosen options.
#: (interaction, game name, options, player count or None, open a thread?)
OpenLobby = Callable[[discord.Interaction[Any], str, BaseModel, int | None, bool], Awaitable[None]]

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"


class Presenter(Protocol):
    """How one game is shown. Rules stay in the engine; this only formats its views."""

    #: The engine game's registry name.
    game_name: str

    def board_text(self, view: Any, names: list[str]) -> str:
        """The public board from the spectator view; `names[seat]` is each seat's display name."""
        ...

    def hand_text(self, view: Any, seat: int, names: list[str]) -> str:
        """What seat `seat` sees privately, from its own view."""
        ...

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        """The `/play <game>` subcommand with this game's options as typed choices."""
        ...

    def rules_text(self) -> str:
        """The rules as Markdown, for `/rules`."""
        ...


class OptionsWriter(Protocol):
    """Optional presenter hook: the lobby's line about the chosen options, in the game's words."""

    def options_text(self, options: dict[str, Any]) -> str: ...


class PickerLimit(Protocol):
    """Optional presenter hook: above this many legal actions, a hand groups actions sharing a first
    step into two-step pickers (the platform's default is one menu's 25 options)."""

    flat_limit: int


class ChoiceNamer(Protocol):
    """Optional presenter hook: an action label (or picker step) as the hand shows it, e.g. with
    players' display names for the engine's seat words. Only the text changes, never the choice."""

    def choice_text(self, text: str, names: list[str]) -> str: ...


class Headliner(Protocol):
    """Optional presenter hook: the lines that stay above the picture's short summary when the board
    carries a picture (e.g. whose decision it is in the game's own words, a final-round banner)."""

    def board_headline(self, view: Any, names: list[str]) -> str: ...


class Announcer(Protocol):
    """Optional presenter hook: public events worth their own channel message (not only a log line),
    e.g. "Bob's plot 1 was sabotaged: the Rose was eaten". Given only the events' public text."""

    def announcements(self, public_lines: list[str], names: list[str]) -> list[str]: ...


def players_sections(markdown: str, title: str, drop: set[str]) -> str:
    """A rules document reduced to what players read: `title`, then every `## ` section whose
    heading does not start with one of `drop` (developer notes such as code maps)."""
    sections = markdown.split("\n## ")
    kept = [f"# {title}"]
    for section in sections[1:]:
        heading = section.split("\n", 1)[0].strip()
        if not any(heading.startswith(prefix) for prefix in drop):
            kept.append(f"## {section.strip()}")
    return "\n\n".join(kept)


def read_rules(game_name: str, fallback: str) -> str:
    """`docs/rules/<game>.md` when it exists (a source checkout), else `fallback`."""
    path = RULES_DIR / f"{game_name}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return fallback
