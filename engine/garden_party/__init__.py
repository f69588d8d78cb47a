"""Garden Party (3-6 players): gardeners move around the Countess's estate on a 4-9 die, fetch water
at the central square, grow seeds into flowers in their greenhouses, snoop in each other's
greenhouses to exchange and steal plants, duel Attila Von Salt, collect each other's collector's
flowers, and play action cards in and out of turn. The first greenhouse with nine flowering plants
ends the game. The rules as implemented, with every designed card and ruling:
docs/rules/garden-party.md.
"""

from engine.garden_party.game import GAME

__all__ = ["GAME"]
