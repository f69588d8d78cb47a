"""Garden Party's actions: one small frozen record, its code (what the action log stores) and the
words a player reads.

An action is equal to another with the same code, so `decode(encode(a)) == a` even though the
decoded copy has no label: `rules.apply` looks the code up among the legal actions. Labels name
gardeners, squares, pots and the player's own cards, never a seat, so one label reads right
whatever the players are called.

Codes: `gardener:<id>`, `move:<square>`, `water_take`, `draw:<talent>`, `keep:<card>`,
`water:<pot>`, `collect:<seat>`, `swap:<my pot>:<their pot>`, `steal:<their pot>:<my pot>`,
`play:<card>[:<target>]`, `end`, window answers `yes` / `no`, `withdraw`,
`pay:<talent>`, `face` (no card in a duel), `finish` (no more cards at the end), `roll` (the
turn's roll) and `attila` (the greenhouse owner rolls for Attila in a duel).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.api import IllegalAction
from engine.text import N_


@dataclass(frozen=True, slots=True)
class Action:
    code: str
    label: str = field(default="", compare=False)
    steps: tuple[str, ...] = field(default=(), compare=False)


def action(code: str, label: str, *steps: str) -> Action:
    """An action whose picker steps are `steps` (default: the label alone)."""
    return Action(code, label, steps or (label,))


def encode(act: Action) -> str:
    return act.code


def decode(code: str) -> Action:
    if not isinstance(code, str) or not code or len(code) > 64:
        raise IllegalAction("That is not a Garden Party move.")
    return Action(code, code, (code,))


#: The answers of a reply window: the same for every seat, whatever it holds (the docs' rule).
ORANGE_YES = action("yes", N_("Play an orange card"))
ORANGE_NO = action("no", N_("Let the turn go on"))
CANCEL_YES = action("yes", N_("Cancel it (two cards of one talent)"))
CANCEL_NO = action("no", N_("Let it happen"))
WITHDRAW = action("withdraw", N_("Withdraw (keep my cards)"))
END_TURN = action("end", N_("End my turn"))
ROLL = action("roll", N_("Roll the die"))
ROLL_FOR_ATTILA = action("attila", N_("Roll for Attila"))
FACE_ATTILA = action("face", N_("Play no card"))
FINISH = action("finish", N_("Play no more cards"))
