"""Our bot with its own work taken out: what a click costs with our table's size alone (issue 31).

    python benchmarks/side_by_side.py --subjects peer,floor,cabbagehead

The real bot (`python -m bot`), changed in one place: once it has answered its first
`RECORDED` table clicks as it always does, every later click on a table choice is answered with
one of those recorded tables in turn, without looking at the game (no engine, no storage, no
drawing, no publishing). What is left is what any discord.py bot pays for our messages: the
gateway event with the clicked table parsed by discord.py (its text and its dozens of
components), the click routed, the answer (a table of the same size) sent as one request.

Against the peer (a bare Connect Four, seven buttons) in the same sitting, this says how much of
our CPU per interaction the size of what we show costs, and so how much is left for our own work
under a target such as issue 31's 1.2 × the peer's. The load driver keeps clicking the choices the
replayed tables show; its moves and interactions per move mean nothing (no move is made).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.handlers import replies, router  # noqa: E402
from bot.ui.id_parsing import parse  # noqa: E402
from bot.ui.ids import ChoiceId, MenuId  # noqa: E402
from bot.ui.layout import MEDIA_GALLERY, layout, payload  # noqa: E402

#: Table answers recorded from the real bot before the replay begins (within the driver's warm-up).
RECORDED = 40
#: This script, as the benchmarks start it in place of `python -m bot`.
SCRIPT = str(Path(__file__).resolve())


def without_pictures(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`tree` without its media galleries: a replayed table is sent without the picture's upload,
    and a gallery naming an attachment the message does not have is refused."""
    kept = []
    for component in tree:
        if component["type"] == MEDIA_GALLERY:
            continue
        inner = component.get("components")
        kept.append(component | {"components": without_pictures(inner)} if inner else component)
    return kept


def offers_choices(tree: list[dict[str, Any]]) -> bool:
    """Whether a table's tree has a choice of the game on it (a button or menu routed as a choice)."""
    waiting = list(tree)
    while waiting:
        component = waiting.pop()
        custom_id = component.get("custom_id")
        if custom_id and isinstance(parse(custom_id), ChoiceId | MenuId):
            return True
        waiting += component.get("components") or []
    return False


def take_out_own_work() -> None:
    """Record the first table answers, then answer every table choice with them in turn."""
    recorded: list[list[dict[str, Any]]] = []
    answered = 0
    real_update = replies.update
    real_route = router.Router._route

    async def recording_update(interaction: Any, **fields: Any) -> None:
        view = fields.get("view")
        if len(recorded) < RECORDED and view is not None and not fields.keys() - {"view", "embed"}:
            tree = without_pictures(payload(view))
            if offers_choices(tree):  # a finished game's table would leave its player nothing to click
                recorded.append(tree)
        await real_update(interaction, **fields)

    async def replaying_route(
        self: router.Router, interaction: Any, custom_id: str, data: dict[str, Any]
    ) -> None:
        nonlocal answered
        if len(recorded) < RECORDED or not isinstance(parse(custom_id), ChoiceId | MenuId):
            await real_route(self, interaction, custom_id, data)
            return
        answered += 1
        await real_update(interaction, view=layout(recorded[answered % len(recorded)]))

    replies.update = recording_update
    router.Router._route = replaying_route  # type: ignore[method-assign]


def main() -> None:
    take_out_own_work()
    sys.argv = ["bot"]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
