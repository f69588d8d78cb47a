"""Fair deals anyone can check: a game's seed is sealed when it starts and shown when it ends.

At the start the table shows the SHA-256 of "<game id>:<seed>" (the commitment); the seed itself
stays secret while the game is played (it fixes every shuffle, so knowing it would reveal the
deck). When the game is over the seed is revealed, and anyone can check that it hashes to the
commitment shown from the first move, then replay the game with the engine from its options, seed
and moves (docs/fair-deals.md). Seeds have 62 random bits (`bot.lobby.new_seed`): far too many to
find from the commitment by trying them.
"""

from __future__ import annotations

import hashlib


def sealed_text(game_id: int, seed: int) -> str:
    """What is hashed: the game id and the seed, as decimal numbers joined by a colon."""
    return f"{game_id}:{seed}"


def commitment(game_id: int, seed: int) -> str:
    """The SHA-256 (hex) of `sealed_text`: shown on the table from the start."""
    return hashlib.sha256(sealed_text(game_id, seed).encode("ascii")).hexdigest()


def sealed_line(game_id: int, seed: int) -> str:
    """The table's line while the game is played."""
    return f"Deal sealed: SHA-256 `{commitment(game_id, seed)}`"


def revealed_line(game_id: int, seed: int) -> str:
    """The line once the game is over: the seed, and how to check it against the seal."""
    return (
        f"Deal: seed `{seed}`; SHA-256 of `{sealed_text(game_id, seed)}` is "
        f"`{commitment(game_id, seed)}`, the seal shown since the start."
    )
