"""The per-game presentation interface: how a game looks in Discord, never how it plays.

Each game adds one module with a `Presenter`: the board text from the public (spectator) view, a
seat's hand text from that seat's own view, its `/play` subcommand with typed options, and where
its rules text lives. The platform only ever gives the board presenter `view(state, None)` and the
hand presenter the owner's view, so a presenter cannot leak what its view does not hold. What
the presenters share is here: the clock and thread options of `/play`, the rules' reading, the
English texts of a game said in every reader's language (`TranslatedPresenter`).
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Collection, Mapping
from pathlib import Path
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.basics.words import ENGLISH as ENGLISH  # the rules' own language, for the presenters
from bot.basics.words import PSEUDO, Words, pseudo_markdown, words_for
from bot.presenters.engine_words import LineWriter
from bot.presenters.rules_pages import reflow
from bot.ui.choices import Entry
from engine.api import Event


class OpenLobby(Protocol):
    """The platform's lobby opener a `/play` subcommand calls with the chosen options: the game's
    options, a player count (None: whoever joins), whether to open a thread (None: the server's
    default) and the clock preset (None: the server's default); `daily`: today's daily garden."""

    def __call__(
        self,
        interaction: discord.Interaction[Any],
        game_name: str,
        options: BaseModel,
        players: int | None,
        thread: bool | None,
        *,
        clock: str | None = None,
        daily: bool = False,
    ) -> Awaitable[None]: ...


#: The `clock` option every two-player-or-more `/play` offers (bot.records.server_settings.CLOCK_SECONDS).
CLOCK_CHOICES = [
    app_commands.Choice(name="Off", value="off"),
    app_commands.Choice(name="Relaxed: 1 day", value="relaxed"),
    app_commands.Choice(name="Standard: 10 min", value="standard"),
    app_commands.Choice(name="Quick: 2 min", value="quick"),
]
#: Short: every game's `/play` subcommand repeats these, and Discord allows one command (`/play`
#: with all its subcommands) 4,000 characters of names, descriptions and choices in all.
CLOCK_HELP = "Time per turn (default: the server's)."
THREAD_HELP = "A thread for the game (default: the server's)."

#: The words of a text nobody asked in another language: English.
ENGLISH_WORDS = words_for(None)

#: The rules documents of a source checkout (the single source of truth: docs/rules/<game>.md).
RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
#: The same files as an installed package carries them (pyproject's data-files), so `/rules`
#: works whatever the working directory of the `garden-club` command.
INSTALLED_RULES_DIR = Path(sys.prefix) / "share" / "garden-club" / "rules"


class Presenter:
    """How one game is shown. Rules stay in the engine; this only formats its views.

    A game's presenter subclasses this and writes `board_text`, `hand_text` and `play_command`,
    and `rules_text` or the rules' title and developer sections it reads them with; the hooks
    below have defaults that suit a game with nothing special to say. A game whose texts are said
    in a reader's language subclasses `TranslatedPresenter` instead."""

    #: The engine game's registry name.
    game_name: str = ""
    #: Whether the board's own words say whose turn it is (its headline, summary and text board);
    #: if not, the table adds the platform's "Now: **Alice**".
    says_whose_turn: bool = False
    #: Above this many legal actions, a hand groups actions sharing a first step into two-step
    #: pickers (None: the platform's default, one menu's 25 options).
    flat_limit: int | None = None
    #: Whether the engine's own texts (log lines, labels and steps, refusals, results) are in the
    #: catalogs, said in each reader's language (bot/presenters/engine_words.py, issue 32).
    engine_words: bool = False
    #: The log lines, by event kind, that this game writes from their events' fields in a
    #: language other than English (lines listing a varying number of things: no static template).
    line_writers: ClassVar[Mapping[str, LineWriter]] = {}
    #: The rules for `/rules` (`rules_text`): the players' docs/rules/<rules_name>-players.md (or its
    #: translation), else the developers' <rules_name>.md under this title without these sections
    #: (`players_rules`). `rules_name` defaults to `game_name`.
    rules_name: str = ""
    rules_title: str = ""
    rules_for_developers: ClassVar[frozenset[str]] = frozenset()

    def most_choices(self, view: Any, seat: int) -> int | None:
        """The most actions `seat`'s kind of decision can offer at this view (a turn, a question,
        the end of a turn): the hand's first page is laid out for it, so the same decision keeps
        its buttons or its menu as legal actions come and go. None: lay out what is legal now."""
        return None

    def board_text(self, view: Any, names: list[str]) -> str:
        """The public board from the spectator view; `names[seat]` is each seat's display name."""
        raise NotImplementedError

    def hand_text(self, view: Any, seat: int, names: list[str]) -> str:
        """What seat `seat` sees privately, from its own view."""
        raise NotImplementedError

    def board_text_for(self, view: Any, names: list[str], words: Words) -> str:
        """`board_text` in `words`' language (default: the English, for a game not translated yet)."""
        return self.board_text(view, names)

    def hand_text_for(self, view: Any, seat: int, names: list[str], words: Words) -> str:
        """`hand_text` in `words`' language (default: the English, for a game not translated yet)."""
        return self.hand_text(view, seat, names)

    def board_headline_for(self, view: Any, names: list[str], words: Words) -> str | None:
        """`board_headline` in `words`' language (default: the English, for a game not translated yet)."""
        return self.board_headline(view, names)

    def announcements_for(self, events: list[Event], names: list[str], words: Words) -> list[str]:
        """`announcements` in `words`' language (default: the English, for a game not translated yet)."""
        return self.announcements(events, names)

    def play_command(self, open_lobby: OpenLobby) -> app_commands.Command[Any, ..., None]:
        """The `/play <game>` subcommand with this game's options as typed choices."""
        raise NotImplementedError

    def rules_text(self, language: str = ENGLISH) -> str:
        """The rules as Markdown, for `/rules`: in `language` where it has a page, else English
        (by default the players' text, else the developers' document without its developer
        sections: `rules_name`, `rules_title`, `rules_for_developers`)."""
        name = self.rules_name or self.game_name
        return players_rules(name, self.rules_title, self.rules_for_developers, language)

    def options_text(self, options: dict[str, Any]) -> str:
        """The lobby's line about the chosen options (default: "key: value" pairs)."""
        parts = []
        for key, value in options.items():
            if value is None or value == []:
                continue
            shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
            if isinstance(value, bool):
                shown = "yes" if value else "no"
            parts.append(f"{key.replace('_', ' ')}: {shown}")
        return " · ".join(parts) or "standard rules"

    def options_text_for(self, options: dict[str, Any], words: Words) -> str:
        """`options_text` in `words`' language (default: the English, for a game not translated yet)."""
        return self.options_text(options)

    def board_headline(self, view: Any, names: list[str]) -> str | None:
        """Lines kept above the picture's short summary when the board carries a picture (e.g.
        whose decision it is in the game's own words); None: the summary alone."""
        return None

    def menu_sections(
        self, title: str | None, entries: list[Entry], words: Words | None = None
    ) -> list[tuple[str, list[Entry]]] | None:
        """The menus of a page of choices too long for buttons, each with its placeholder (e.g.
        slots grouped by rows), the placeholders in `words`' language (None: English); None:
        menus of 25 in the order given (the default)."""
        return None

    def button_grid(self, entries: list[Entry]) -> list[list[Entry | None]] | None:
        """A page's choices as buttons laid out like the board they point at (rows of at most
        five; None in a cell: a place not on offer), e.g. a garden's slots; None: no such layout
        (buttons in order, or menus). The table and hand fall back to menus when the grid does not
        fit in one message."""
        return None

    def announcements(self, events: list[Event], names: list[str]) -> list[str]:
        """Public events worth a channel message of their own (chosen by kind, not by wording),
        as lines with the players' names; default none: the board's log is enough."""
        return []


class TranslatedPresenter(Presenter):
    """A game whose presenter writes its texts in a reader's language (`engine_words`): it writes
    the `*_for` texts, and each English text is its `*_for` text said in English; its
    announcements are each event's own (`announcement`)."""

    engine_words = True

    def board_text_for(self, view: Any, names: list[str], words: Words) -> str:
        raise NotImplementedError

    def hand_text_for(self, view: Any, seat: int, names: list[str], words: Words) -> str:
        raise NotImplementedError

    def board_headline_for(self, view: Any, names: list[str], words: Words) -> str | None:
        return None

    def options_text_for(self, options: dict[str, Any], words: Words) -> str:
        """The platform's "key: value" pairs (`Presenter.options_text`): no words of the game's own."""
        return Presenter.options_text(self, options)

    def announcement(self, event: Event, names: list[str], words: Words) -> str | None:
        """The channel message `event` gets of its own, in `words`' language, else None (default)."""
        return None

    def announcements_for(self, events: list[Event], names: list[str], words: Words) -> list[str]:
        lines = (self.announcement(event, names, words) for event in events)
        return [line for line in lines if line is not None]

    def board_text(self, view: Any, names: list[str]) -> str:
        return self.board_text_for(view, names, ENGLISH_WORDS)

    def hand_text(self, view: Any, seat: int, names: list[str]) -> str:
        return self.hand_text_for(view, seat, names, ENGLISH_WORDS)

    def board_headline(self, view: Any, names: list[str]) -> str | None:
        return self.board_headline_for(view, names, ENGLISH_WORDS)

    def options_text(self, options: dict[str, Any]) -> str:
        return self.options_text_for(options, ENGLISH_WORDS)

    def announcements(self, events: list[Event], names: list[str]) -> list[str]:
        return self.announcements_for(events, names, ENGLISH_WORDS)


def players_sections(markdown: str, title: str, drop: Collection[str]) -> str:
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
    """`<game>.md` from the source checkout's `docs/rules/`, else from the installed copy
    (`<sys.prefix>/share/garden-club/rules/`), else `fallback`."""
    for folder in (RULES_DIR, INSTALLED_RULES_DIR):
        try:
            return (folder / f"{game_name}.md").read_text(encoding="utf-8")
        except OSError:
            continue
    return fallback


def read_rules_in(game_name: str, language: str, fallback: str) -> str:
    """`<game>.<language>.md` (a translated page, e.g. `sabotage-players.fr.md`) where there is
    one, else the English `<game>.md` (read_rules), else `fallback`. The pseudo-locale reads the
    English made pseudo (`pseudo_markdown`)."""
    if language == PSEUDO:  # the English, marked and made longer as the pseudo-locale says it
        english = read_rules(game_name, "")
        return pseudo_markdown(reflow(english)) if english else fallback
    translated = read_rules(f"{game_name}.{language}", "") if language != ENGLISH else ""
    return translated or read_rules(game_name, fallback)


def players_rules(rules_name: str, title: str, drop: Collection[str], language: str = ENGLISH) -> str:
    """The players' text (docs/rules/<rules_name>-players.md, or its translation into `language`:
    `<rules_name>-players.<language>.md`); without it, the developers' document `<rules_name>.md`
    without its developer sections (`drop`); without that, a line saying so."""
    text = read_rules_in(f"{rules_name}-players", language, "")
    if text:
        return text
    document = read_rules(rules_name, "")
    if not document:
        return f"# {title}\n\nThe rules document is not installed."
    return players_sections(document, title, drop)


def bold(names: list[str]) -> list[str]:
    """Display names as the channel shows them in a sentence: in bold."""
    return [f"**{name}**" for name in names]
