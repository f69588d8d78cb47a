"""The pictures' entry points: a game's name and a view in, a `RenderedImage` (PNG + alt text) out.

The game's pictures module is the one its entry in the registry (bot/game/registry.py) names; the
drawing itself is bot/pictures/."""

from __future__ import annotations

import threading
from types import ModuleType
from typing import Any

from bot.basics.words import ENGLISH, Words
from bot.game.registry import entries
from bot.pictures.image import RenderedImage, finished

#: One drawing at a time: Pillow's font objects are shared by every picture and not meant for
#: concurrent use (drawing is CPU-bound anyway, so nothing is lost).
_DRAWING = threading.Lock()


def _module(game_name: str) -> ModuleType:
    """The game's pictures module, as its entry in `bot.game.registry` names it (KeyError: none)."""
    found = entries().get(game_name)
    if found is None or found.pictures is None:
        raise KeyError(f"{game_name!r} has no pictures")
    return found.pictures


def supports(game_name: str) -> bool:
    """Whether `game_name` has pictures (other games keep their text-only board)."""
    try:
        _module(game_name)
    except KeyError:
        return False
    return True


def _in(module: ModuleType, words: Words | None) -> tuple[Words, ...]:
    """The words to hand a game's drawing: its pictures take them where they say `SAYS_WORDS`
    (issue 32; the others draw English)."""
    if words is None or words.language == ENGLISH or not getattr(module, "SAYS_WORDS", False):
        return ()
    return (words,)


def render_board(
    game_name: str, view: Any, names: list[str] | None = None, words: Words | None = None
) -> RenderedImage:
    """The public board, from the spectator view (`game.view(state, None)`), in `words`' language.

    `names[seat]` is each seat's display name (default "Seat N" / "Player N")."""
    module = _module(game_name)
    shown = list(names or [])
    said = _in(module, words)
    with _DRAWING:
        return finished(
            module.board_image(view, shown, *said), module.board_description(view, shown, *said), "board.png"
        )


def render_hand(
    game_name: str, view: Any, seat: int, names: list[str] | None = None, words: Words | None = None
) -> RenderedImage:
    """Seat `seat`'s private picture, from that seat's own view (`game.view(state, seat)`), in
    `words`' language."""
    module = _module(game_name)
    shown = list(names or [])
    said = _in(module, words)
    with _DRAWING:
        return finished(
            module.hand_image(view, seat, shown, *said),
            module.hand_description(view, seat, shown, *said),
            "hand.png",
        )


def board_summary(
    game_name: str, view: Any, names: list[str] | None = None, words: Words | None = None
) -> str:
    """One short line that keeps the game readable without the picture (scores, whose move)."""
    module = _module(game_name)
    text: str = module.summary(view, list(names or []), *_in(module, words))
    return text
