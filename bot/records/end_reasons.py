"""Why a game ended, as it is stored and as players read it.

The platform stores an end's reason in English with the name written in ("Alice ended the game",
`bot/play`), which is also what the logs say; an engine may give its own (Garden Party's
retired edition, `engine.api.retired`). Shown on a table, a lobby, the final message or
`/history`, the reason is read back and said in the reader's language."""

from __future__ import annotations

import re

from bot.basics.words import N_, Words
from bot.presenters.engine_words import translate

#: How the platform words a game's end as it stores it (bot/play).
ENDED_BY = re.compile(r"(?P<name>.+) ended the (?P<what>game|lobby)")
LEFT = re.compile(r"(?P<name>.+) left the game")
ABANDONED = re.compile(r"abandoned: no move for (?P<days>\d+) days")
#: The stored statuses and reasons said as they are, in the catalogs.
PLAIN = (N_("completed"), N_("cancelled"), N_("finished"), N_("lobby"), N_("active"))


def end_words(reason: str | None, words: Words, game: str | None = None) -> str:
    """Why a game ended, in the reader's words: the platform's stored reasons are recognised and
    said again; another (an engine's own, e.g. a retired edition) read against `game`'s
    templates, else as it is."""
    if reason is None:
        return words.text("ended early")
    if found := ENDED_BY.fullmatch(reason):
        if found["what"] == "lobby":
            return words.text("{name} ended the lobby", name=found["name"])
        return words.text("{name} ended the game", name=found["name"])
    if found := LEFT.fullmatch(reason):
        return words.text("{name} left the game", name=found["name"])
    if found := ABANDONED.fullmatch(reason):
        days = int(found["days"])
        return words.plural("abandoned: no move for {n} day", "abandoned: no move for {n} days", days)
    if game is not None and reason not in PLAIN:
        return translate(words, reason, game)
    return words.text(reason)
