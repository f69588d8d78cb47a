"""What a person can press on a message: its enabled buttons and string menus, and which of them
move games on (the explorer's steps draw from these)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.fake_discord import FakeMessage


@dataclass(frozen=True)
class Control:
    """A button (options None) or a string menu (its option values, and how many it takes)."""

    custom_id: str
    label: str
    options: list[str] | None = None
    counts: tuple[int, int] = (1, 1)


def controls(message: FakeMessage) -> list[Control]:
    found = [
        Control(str(b["custom_id"]), str(b.get("label") or b.get("emoji") or ""))
        for b in message.buttons()
        if "custom_id" in b and not b.get("disabled")
    ]
    for menu in message.selects():
        options = [str(o["value"]) for o in menu.get("options", [])]
        if menu.get("type", 3) == 3 and options and not menu.get("disabled"):
            counts = (int(menu.get("min_values", 1)), int(menu.get("max_values", 1)))
            found.append(
                Control(str(menu["custom_id"]), str(menu.get("placeholder", "menu")), options, counts)
            )
    return found


def is_choice(custom_id: str) -> bool:
    return custom_id.startswith(("gc:c:", "gc:s:"))


#: Controls that move things on, by their ids (labels are in the reader's language): My hand,
#: Join, Start, Add computer, Host options, Play again, I'm back.
_PROGRESS = re.compile(r"^gc:(hand:|again:|back:|lobby:\d+:(join|start|host|add-))")


def progress_weight(control: Control) -> float:
    if is_choice(control.custom_id):
        return 6.0
    return 3.0 if _PROGRESS.match(control.custom_id) else 1.0


def last_change(message: FakeMessage) -> tuple[Any, int]:
    return (message.edited_at or message.created_at, message.id)
