"""Ratings: the openskill package's Plackett-Luce model, and the number players see.

A rating is openskill's (mu, sigma): the skill the model believes in and how unsure it is. We
never hand-write the update: `rate` asks openskill, with the places a game's ranking gives
(ties share a place), so our numbers are exactly the package's own. Players see one number, the
ordinal mu - 3 sigma (a skill the player very likely has at least), scaled so a newcomer reads
1000 and a game's swing reads in tens: `shown`.

Which games count (`bot/records/results.py`, `rating_rule`) is decided elsewhere; this module only rates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The one model every rating uses (openskill's defaults: mu 25, sigma 25/3).
MODEL = PlackettLuce()

#: The shown number: 1000 + 40 x ordinal (a newcomer's ordinal is 0).
SHOWN_BASE = 1000
SHOWN_SCALE = 40


@dataclass(frozen=True)
class Rating:
    """One person's rating in one game on one server."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """openskill's conservative estimate, mu - 3 sigma: what leaderboards sort by."""
        return self.mu - 3 * self.sigma


def initial() -> Rating:
    """The rating of someone who has played no rated game yet (openskill's default)."""
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma)


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Each player's rating after one game, in the same order: `places[i]` is player i's place
    (1 = best; equal places are a tie). Every player is a team of one."""
    if len(before) != len(places) or len(before) < 2:
        raise ValueError("a rated game needs two or more players, each with a place")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(team[0].mu, team[0].sigma) for team in after]


def shown(rating: Rating) -> int:
    """The rating as players read it: 1000 for a newcomer, higher is better."""
    return round(SHOWN_BASE + SHOWN_SCALE * rating.ordinal)
