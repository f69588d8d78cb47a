"""Garden Sabotage: 2-4 players plant gardens, sabotage each other's with Bad Bugs, and complete
Garden Objectives. Rules as implemented, with rulings: docs/rules/sabotage.md."""

from engine.sabotage.game import GAME, SabotageGame

__all__ = ["GAME", "SabotageGame"]
