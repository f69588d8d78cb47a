"""Mr. Cabbagehead's Garden (1-2 players, every Neighbour, Grasshoppers, Romancing Eudora).

Rules as implemented, with every ruling: docs/rules/cabbagehead.md.
"""

from engine.cabbagehead.actions import CabbageheadAction, Pass, PlaceGrasshopper, PlaceRose, Plant, SkipRose
from engine.cabbagehead.game import GAME, CabbageheadGame
from engine.cabbagehead.state import CabbageheadOptions, CabbageheadState
from engine.cabbagehead.view_models import CabbageheadView

__all__ = [
    "GAME",
    "CabbageheadAction",
    "CabbageheadGame",
    "CabbageheadOptions",
    "CabbageheadState",
    "CabbageheadView",
    "Pass",
    "PlaceGrasshopper",
    "PlaceRose",
    "Plant",
    "SkipRose",
]
