"""Fair deals anyone can check: a game's seed is sealed when it starts and shown when it ends.

The first table shows the seal: the first `SEAL_DIGITS` hex digits of the SHA-256 of
"<game id>:<seed>" (the commitment), once and briefly (issue 27 items 9 and 10: not a SHA-256 line
on every move). The seed itself stays secret while the game is played (it fixes every shuffle, so
knowing it would reveal the deck). When the game is over the seed is said once, in the final
message, and anyone can check that its SHA-256 starts with the seal, then replay the game with the
engine from its options, seed and moves (docs/fair-deals.md). Seeds have 62 random bits
(`bot.play.lobby.new_seed`) and the seal keeps 64 bits of the hash: finding another seed with the same
seal is as far out of reach as guessing the seed.
"""

from __future__ import annotations

import hashlib

from bot.basics.words import Words


def sealed_text(game_id: int, seed: int) -> str:
    """What is hashed: the game id and the seed, as decimal numbers joined by a colon."""
    return f"{game_id}:{seed}"


def commitment(game_id: int, seed: int) -> str:
    """The SHA-256 (hex) of `sealed_text`: shown on the table from the start."""
    return hashlib.sha256(sealed_text(game_id, seed).encode("ascii")).hexdigest()


#: How many hex digits of the commitment the seal shows (64 bits: more than the seed has).
SEAL_DIGITS = 16


def seal(game_id: int, seed: int) -> str:
    """The seal: the start of the commitment."""
    return commitment(game_id, seed)[:SEAL_DIGITS]


def sealed_line(game_id: int, seed: int, words: Words) -> str:
    """The first table's short line."""
    return words.text("Fair deal: sealed `{seal}`", seal=seal(game_id, seed))


def revealed_line(game_id: int, seed: int, words: Words) -> str:
    """The line once the game is over: the seed, and how to check it against the seal."""
    return words.text(
        "Seed `{seed}`: the SHA-256 of `{hashed}` starts `{seal}`, the seal on the first table.",
        seed=seed,
        hashed=sealed_text(game_id, seed),
        seal=seal(game_id, seed),
    )
