"""The table's texts are written once a version and reused by every redraw of that version
(issue 31); what changes a table without a move must still show on the next redraw: a pause,
a game ended by the players, a new clock."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.publish.snapshots import sample_position
from bot.publish.table_layout import table_layout
from bot.publish.table_look import TableLook
from bot.ui.layout import payload


def texts(tree: Any) -> str:
    """Every text display of a drawn tree, in order."""
    if isinstance(tree, dict):
        own = [tree["content"]] if tree.get("type") == 10 else []
        return "\n".join(own + [texts(c) for c in tree.get("components", [])])
    return "\n".join(texts(item) for item in tree)


async def drawn(position: Any, look: TableLook, choice: str = "p0") -> str:
    return texts(payload(table_layout(position, look, choice=choice)))


def test_a_pause_an_early_end_and_a_clock_show_on_the_same_version_s_redraw() -> None:
    async def play() -> None:
        position, lines = sample_position("cabbagehead", 2, 5, 4)
        look = TableLook(tuple(lines[-3:]))
        version = position.version
        first = await drawn(position, look)
        assert "Paused" not in first and "Game #12 · move 4" in first
        position.record.paused_at = 1000.0  # /pause: the record changes, the version does not
        assert "⏸ **Paused**" in await drawn(position, look)
        position.record.paused_at = None
        assert await drawn(position, look) == first
        clocked = TableLook(tuple(lines[-3:]), ends=2000.0, clocked=tuple(position.to_move()))
        assert "<t:2000:R>" in await drawn(position, clocked)
        position.record.status, position.record.end_reason = "cancelled", "cancelled"
        assert "**Ended:**" in await drawn(position, look)
        assert position.version == version

    asyncio.run(play())
