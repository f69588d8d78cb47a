"""Words a player reads that skipped the catalogs (issue 32): in the pseudo-locale every catalog
text is wrapped in ⟦…⟧, so whatever is left once the marked spans, the names and Discord's own
markup are taken out is English that no catalog entry said."""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Discord markup a player never reads as words: mentions, timestamps, custom emoji, links.
_MARKUP = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)\d*[^>]*>|https?://\S+|\b[\w-]+\.(?:png|json)\b")
_WORD = re.compile(r"[^\W\d_]{2,}")
#: Left bare on purpose: a Discord option value typed as is (`daily:True`).
ALWAYS_ALLOWED = frozenset({"True", "False"})


def without_marked(text: str) -> str:
    """`text` with every ⟦…⟧ span taken out (spans nest: a field filled in a marked text)."""
    out, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def unmarked_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of `text` outside ⟦…⟧ marks, other than `allowed` ones (players' names, game
    titles, proper names the rules keep as printed)."""
    bare = _MARKUP.sub(" ", without_marked(text))
    for name in sorted(allowed, key=len, reverse=True):  # "Alice Smith" before "Alice"
        bare = bare.replace(name, " ")
    return [word for word in _WORD.findall(bare) if word not in ALWAYS_ALLOWED]


def proper_names() -> frozenset[str]:
    """Names every language prints as they are (docs/bot.md, "Languages"): the games' titles and
    the Tedious Neighbours' names."""
    from engine.cabbagehead.neighbours import NEIGHBOURS
    from engine.registry import all_games

    return frozenset(game.title for game in all_games().values()) | {n.name for n in NEIGHBOURS}
