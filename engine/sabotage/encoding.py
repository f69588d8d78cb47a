"""Garden Sabotage's actions in and out of the action log: plain JSON data naming the action
by kind and numbers, read back to the very record of `actions`' tables.
"""

from __future__ import annotations

from typing import Any

from engine.sabotage.actions import (
    COMPLETE,
    DRAW_BUG_DECK,
    DRAW_BUG_ROW,
    DRAW_OBJECTIVE,
    DRAW_PLANT_DECK,
    DRAW_PLANT_ROW,
    END_TURN,
    EXCHANGE,
    GOOD_BUG,
    HOUSE_PLANTS,
    PESTICIDE,
    PLANT,
    RELEASE_BIRD,
    SABOTAGE,
    SWEEP,
    AnswerHousePlants,
    CompleteObjective,
    DrawBug,
    DrawObjective,
    DrawPlant,
    EndTurn,
    ExchangeObjective,
    Pesticide,
    PlantCard,
    PlayGoodBug,
    ReleaseBird,
    Sabotage,
    SabotageAction,
    Sweep,
)


def encode_action(action: SabotageAction) -> dict[str, Any]:
    """The action as JSON-ready data for the action log."""
    match action:
        case DrawPlant(slot=slot, kind=kind):
            return {"type": "draw_plant", "slot": slot, "kind": kind}
        case PlantCard(kind=kind, plot=plot):
            return {"type": "plant", "kind": kind, "plot": plot}
        case DrawBug(slot=slot, kind=kind):
            return {"type": "draw_bug", "slot": slot, "kind": kind}
        case Sabotage(bug=bug, target=target, plot=plot):
            return {"type": "sabotage", "bug": bug, "target": target, "plot": plot}
        case PlayGoodBug(bug=bug, plot=plot):
            return {"type": "good_bug", "bug": bug, "plot": plot}
        case Sweep():
            return {"type": "sweep"}
        case Pesticide(plot=plot):
            return {"type": "pesticide", "plot": plot}
        case ReleaseBird():
            return {"type": "bird"}
        case DrawObjective():
            return {"type": "draw_objective"}
        case ExchangeObjective(objective=objective):
            return {"type": "exchange", "objective": objective}
        case CompleteObjective(objective=objective, plot=plot):
            return {"type": "complete", "objective": objective, "plot": plot}
        case AnswerHousePlants(count=count):
            return {"type": "house_plants", "count": count}
        case EndTurn():
            return {"type": "end_turn"}
    raise ValueError(f"not a Garden Sabotage action: {action!r}")


def decode_action(data: dict[str, Any]) -> SabotageAction:
    """The action back from `encode_action`'s data; ValueError for anything else."""
    try:
        kind = data["type"]
        if kind == "draw_plant":
            if data["slot"] is None:
                return DRAW_PLANT_DECK
            return DRAW_PLANT_ROW[_index(data["slot"])][data["kind"]]
        if kind == "plant":
            return PLANT[data["kind"]][_index(data["plot"])]
        if kind == "draw_bug":
            if data["slot"] is None:
                return DRAW_BUG_DECK
            return DRAW_BUG_ROW[_index(data["slot"])][data["kind"]]
        if kind == "sabotage":
            return SABOTAGE[data["bug"]][_index(data["target"])][_index(data["plot"])]
        if kind == "good_bug":
            return GOOD_BUG[data["bug"]][_index(data["plot"])]
        if kind == "pesticide":
            return PESTICIDE[_index(data["plot"])]
        if kind == "exchange":
            return EXCHANGE[data["objective"]]
        if kind == "house_plants":
            return HOUSE_PLANTS[_index(data["count"])]
        if kind == "complete":
            return COMPLETE[data["objective"]][_index(data["plot"])]
        simple: dict[str, SabotageAction] = {
            "sweep": SWEEP,
            "bird": RELEASE_BIRD,
            "draw_objective": DRAW_OBJECTIVE,
            "end_turn": END_TURN,
        }
        return simple[kind]
    except (KeyError, IndexError, TypeError) as missing:
        raise ValueError(f"not a Garden Sabotage action: {data!r}") from missing


def _index(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError("index expected")
    return value
