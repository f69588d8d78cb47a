"""Mr. Cabbagehead's Garden (1-2 players, every Neighbour, Grasshoppers, Romancing Eudora).

Rules as implemented, with every ruling: docs/rules/cabbagehead.md.
"""

from engine.cabbagehead.game import GAME, CabbageheadGame

__all__ = ["GAME", "CabbageheadGame"]
