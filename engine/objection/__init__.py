"""Objection!: a tiny game for 2 to 4 seats with out-of-turn replies, built to test reply windows.

Rules.
1. The deck holds 24 cards numbered 1 to 24. Each seat is dealt `turns_each` + 1 cards face down;
   the rest are set aside unseen.
2. Seats take turns, seat 1 first. On your turn you play one card from your hand face up ("Play
   the 17"), offering to score its number.
3. Then every other seat may object, all at once: each is offered "Object" and "Let it happen",
   whatever its hand holds. Answers are given in secret and revealed together once every seat has
   answered. A seat whose reply clock runs out lets it happen.
4. Each objection costs the objector 2 points. If at least one seat objected, the card is
   discarded and scores nothing; otherwise it scores its number for the seat that played it.
5. After each seat has played `turns_each` cards, the most points wins (equal points: a shared win).
   Scores may go below zero.

The reply window (rule 3) is the engine's decision kind "reply": several seats are to move at
once, each leaves `to_move` when it answers, and its timeout move is "Let it happen". A turn's
timeout move is None: the bot lets a computer player choose.

The package: `state` (options, actions, state, view, scores) and `game` (the game object).
"""

from __future__ import annotations

from engine.objection.game import GAME, ObjectionGame
from engine.objection.state import (
    DECK_SIZE,
    EVENT_KINDS,
    LET_IT_HAPPEN,
    OBJECT,
    OBJECTION_COST,
    ObjectionAction,
    ObjectionOptions,
    ObjectionState,
    ObjectionView,
    Play,
    Reply,
    Window,
    card_id,
    scores,
    seat_name,
)

__all__ = [
    "DECK_SIZE",
    "EVENT_KINDS",
    "GAME",
    "LET_IT_HAPPEN",
    "OBJECT",
    "OBJECTION_COST",
    "ObjectionAction",
    "ObjectionGame",
    "ObjectionOptions",
    "ObjectionState",
    "ObjectionView",
    "Play",
    "Reply",
    "Window",
    "card_id",
    "scores",
    "seat_name",
]
