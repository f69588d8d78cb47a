"""The README speaks the players' words (issue 17, "Computer levels are named Easy, Medium and
Hard everywhere players see them"): owners and players read it, so a computer player is called
by its level, never by its internal id (`random`, `greedy`, `strong` stay in code)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.ui.levels import LEVELS

README = Path(__file__).resolve().parents[2] / "README.md"
#: Inline code and code blocks: the internal ids may appear there (commands, identifiers).
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def test_the_readme_names_computer_players_by_their_levels() -> None:
    prose = CODE.sub("", README.read_text(encoding="utf-8"))
    ids = [strength for strength in LEVELS if strength != "random"]
    said = re.findall(rf"\b(?:{'|'.join(ids)})\b", prose, flags=re.IGNORECASE)
    assert not said, f"the README calls computer players {said}; players read Easy, Medium, Hard"
    assert re.search(r"random,\s+greedy", prose) is None
    assert all(level in prose for level in LEVELS.values()), "each level is named"
