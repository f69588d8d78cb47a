"""The Cabbagehead players themselves: greedy keeps the best immediate value, strong plays a
shortlist out to the end on sampled states (the package's doc).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.ai.cabbagehead.plans import MIXED_PLOT, PAIRS, Plan
from engine.ai.cabbagehead.playout import final_value, planting_gains, play_out
from engine.ai.cabbagehead.values import immediate_values
from engine.cabbagehead.game import GAME
from engine.cabbagehead.sampling import sample_state
from engine.cabbagehead.state import CabbageheadState, copy_game_state
from engine.cabbagehead.view_models import CabbageheadView
from engine.rng import Rng


class GreedyPlayer:
    """Greedy: the legal action with the best immediate value (`immediate_values`)."""

    strength: Strength = "greedy"

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        assert isinstance(view, CabbageheadView)
        state = sample_state(view, rng)
        values = immediate_values(state, legal)
        return legal[max(range(len(legal)), key=values.__getitem__)]


class StrongPlayer:
    """Strong: determinized Monte Carlo to the end of the game (module doc). Budget: at most
    `candidates x samples` playouts per decision (`duel_samples` with two players). Solo, the
    playouts follow `plan` (The Mixed Plot, then The Avenue); the duel plays the `PAIRS` plan."""

    strength: Strength = "strong"

    def __init__(
        self, candidates: int = 12, samples: int = 17, duel_samples: int = 9, plan: Plan = MIXED_PLOT
    ) -> None:
        self.candidates = candidates
        self.samples = samples
        #: Two-player playouts are twice as long (both gardens, and the passes): about half the
        #: samples keep a move's time the same. 17 and 9 (12 and 6 before issue 31's faster engine)
        #: spend the think time the old engine spent on 12 and 6 (docs/ai.md).
        self.duel_samples = duel_samples
        self.plan = plan

    def shortlist(self, state: CabbageheadState, legal: Sequence[Any], plan: Plan = PAIRS) -> list[int]:
        """The `candidates` most promising legal actions: plantings by the plan's quick gain
        (`planting_gains`, so the playout policy's own choice is always in), others by greedy's
        immediate value."""
        if state.phase == "plant":
            index = {action: i for i, action in enumerate(legal)}
            ranked = sorted(planting_gains(state, plan), key=lambda pair: -pair[0])
            return [index[action] for _, action in ranked[: self.candidates]]
        values = immediate_values(state, legal)
        return sorted(range(len(legal)), key=lambda i: -values[i])[: self.candidates]

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        assert isinstance(view, CabbageheadView)
        solo = view.seats == 1
        samples = self.samples if solo else self.duel_samples
        plan = self.plan if solo else PAIRS
        states = [sample_state(view, rng) for _ in range(samples)]
        shortlist = self.shortlist(states[0], legal, plan)
        best_index, best_total = shortlist[0], float("-inf")
        for index in shortlist:
            total = 0.0
            for state in states:
                twin = copy_game_state(state)
                GAME.apply(twin, decision.seat, legal[index])
                play_out(twin, plan)
                total += final_value(twin, decision.seat)
            if total > best_total:
                best_index, best_total = index, total
        return legal[best_index]


#: The game these players play (engine.ai finds them by it) and the players by strength ("random"
#: is every game's own: engine.ai.base.RandomPlayer).
GAME_NAME = "cabbagehead"
PLAYERS: dict[Strength, Callable[[], Player]] = {"greedy": GreedyPlayer, "strong": StrongPlayer}
