"""Computer players for Garden Sabotage: random, greedy and strong.

All three see only their seat's `SabotageView` (`engine.ai.base.Decision`); greedy and strong
rebuild full states from it with `engine.sabotage.sampling.sample_state`, which deals every card
the seat cannot see at random.

- **greedy** plays every legal action on a few sampled states and keeps the one whose resulting
  position is worth most by `position_value` (its expected immediate outcome).
- **strong** is determinized Monte Carlo: it takes greedy's best `candidates` actions, and for each
  of `samples` sampled states plays the action, then the rest of its own turn and every opponent's
  next turn with the fast `playout_action` policy, and scores the position when its next turn
  begins (or the final result). Budget: `candidates x samples` playouts per decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.base import Decision, Player, Strength
from engine.rng import Rng
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.cards import GOOD_BUG_BONUS, KIND_OF, OBJECTIVES, is_bad_bug, is_bird
from engine.sabotage.rules import apply, asking_house_plants, legal_actions, seat_to_answer
from engine.sabotage.sampling import sample_state
from engine.sabotage.state import PlayerState, Plot, SabotageState
from engine.sabotage.views import SabotageView

_PILES = (
    "plant_deck",
    "plant_discard",
    "plant_row",
    "bug_deck",
    "bug_discard",
    "bug_row",
    "objective_deck",
    "objective_discard",
)

#: Weights of `position_value` (points are objective points; see docs/ai.md).
HELD_OBJECTIVE = 0.4
LOOSE_PLANT = 0.1
BAD_BUG_IN_HAND = 0.9
GOOD_BUG_IN_HAND = 0.3
BIRD_IN_HAND = 1.0
BAD_BUG_ON_MY_PLOT = 1.2
SPARE_GOOD_BUG_ON_PLOT = 0.6
OPPONENT_PLANTED = 0.35
OPPONENT_BAD_BUG = 1.0
WIN_BONUS = 50.0


def copy_state(state: SabotageState) -> SabotageState:
    """An independent copy for search: every list copied, pydantic validation skipped."""
    new = state.model_copy()
    fields = new.__dict__
    for name in _PILES:
        fields[name] = fields[name][:]
    fields["rng"] = state.rng.model_copy()
    players = []
    for player in state.players:
        twin = player.model_copy()
        twin_fields = twin.__dict__
        twin_fields["plants"] = player.plants[:]
        twin_fields["bugs"] = player.bugs[:]
        twin_fields["objectives"] = player.objectives[:]
        twin_fields["completed"] = player.completed[:]
        plots = []
        for plot in player.plots:
            copy = plot.model_copy()
            copy.__dict__["plants"] = plot.plants[:]
            plots.append(copy)
        twin_fields["plots"] = plots
        players.append(twin)
    fields["players"] = players
    return new


def score(player: PlayerState) -> int:
    """Points so far: completed objectives plus the Good Bug bonus (draft, "End of Game")."""
    return sum(
        OBJECTIVES[c.objective].points + (GOOD_BUG_BONUS if c.good_bug else 0) for c in player.completed
    )


def objective_progress(oid: str, plot: Plot, kinds: Counter[str], hand: Counter[str]) -> float:
    """How far objective `oid` is on `plot`, 0..1: cards in place count 1, matching cards in hand
    count 1/2; a Bad Bug on the plot halves it, a different Good Bug in the way cuts it by 30%."""
    objective = OBJECTIVES[oid]
    need = objective.plant_cards + (1 if objective.bug else 0)
    have: float = 0.0
    for kind, count in objective.plants:
        placed = min(kinds[kind], count)
        have += placed + 0.5 * min(hand[kind], count - placed)
    factor = 1.0
    if objective.bug:
        if plot.good_bug is not None and KIND_OF[plot.good_bug] == objective.bug:
            have += 1
        elif plot.good_bug is not None:
            factor = 0.7
        elif hand[objective.bug]:
            have += 0.5
    if plot.bad_bug is not None:
        factor *= 0.5
    return factor * have / need


def own_value(player: PlayerState) -> float:
    """A seat's worth by everything it knows of itself (documented in docs/ai.md)."""
    value = float(score(player))
    hand = Counter(KIND_OF[card] for card in player.plants)
    hand.update(KIND_OF[card] for card in player.bugs)
    plot_kinds = [Counter(KIND_OF[card] for card in plot.plants) for plot in player.plots]
    for oid in player.objectives:
        best = max(
            objective_progress(oid, plot, kinds, hand)
            for plot, kinds in zip(player.plots, plot_kinds, strict=True)
        )
        value += OBJECTIVES[oid].points * (0.3 * best + 0.6 * best * best) + HELD_OBJECTIVE
    value += LOOSE_PLANT * len(player.plants)
    for bug in player.bugs:
        if is_bird(bug):
            value += BIRD_IN_HAND
        elif is_bad_bug(bug):
            value += BAD_BUG_IN_HAND
        else:
            value += GOOD_BUG_IN_HAND
    for plot in player.plots:
        if plot.bad_bug is not None:
            value -= BAD_BUG_ON_MY_PLOT
        if plot.good_bug is not None:
            value += SPARE_GOOD_BUG_ON_PLOT
    return value


def public_value(player: PlayerState) -> float:
    """An opponent's worth by what everyone sees: points, planted cards, Bad Bugs on their plots."""
    value = float(score(player))
    for plot in player.plots:
        planted = len(plot.plants) * OPPONENT_PLANTED
        if plot.bad_bug is not None:
            value -= OPPONENT_BAD_BUG
            planted *= 0.5
        value += planted
    return value


def position_value(state: SabotageState, seat: int) -> float:
    """The evaluation greedy and strong maximise: my worth minus the best opponent's public worth;
    a finished game is worth its point margin plus a win bonus."""
    me = state.players[seat]
    rivals = [p for s, p in enumerate(state.players) if s != seat]
    if state.ended is not None:
        margin = score(me) - max(score(p) for p in rivals)
        ahead = margin > 0 or (margin == 0 and len(me.completed) >= max(len(p.completed) for p in rivals))
        return margin + (WIN_BONUS if ahead else -WIN_BONUS)
    return own_value(me) - max(public_value(p) for p in rivals)


def _needs(player: PlayerState) -> dict[tuple[int, str], float]:
    """(plot, card kind) -> how much the player wants that card there (points per missing card)."""
    wanted: dict[tuple[int, str], float] = {}
    kinds = [Counter(KIND_OF[card] for card in plot.plants) for plot in player.plots]
    empty: Counter[str] = Counter()
    for oid in player.objectives:
        objective = OBJECTIVES[oid]
        plot_index = max(
            range(len(player.plots)), key=lambda p: objective_progress(oid, player.plots[p], kinds[p], empty)
        )
        weight = objective.points / (objective.plant_cards + (1 if objective.bug else 0))
        for kind, count in objective.plants:
            if kinds[plot_index][kind] < count:
                wanted[(plot_index, kind)] = wanted.get((plot_index, kind), 0.0) + weight
        good = player.plots[plot_index].good_bug
        if objective.bug and good is None:
            wanted[(plot_index, objective.bug)] = wanted.get((plot_index, objective.bug), 0.0) + weight
    return wanted


def playout_action(state: SabotageState, seat: int, legal: Sequence[SabotageAction]) -> SabotageAction:
    """The fast rule-based policy strong uses in its playouts (no copying, no lookahead): complete
    the best objective; plant or play a Good Bug where an objective wants it; clear a Bad Bug; bug
    the opponent's fullest plot; hold two objectives; take a wanted Plant from the row, else draw."""
    if isinstance(legal[0], A.AnswerHousePlants):
        return _no_house_plants(legal)
    completes = [a for a in legal if isinstance(a, A.CompleteObjective)]
    if completes:
        return max(completes, key=lambda a: OBJECTIVES[a.objective].points)
    if state.actions_left <= 0:
        return legal[-1]
    player = state.players[seat]
    wanted = _needs(player)
    best: SabotageAction | None = None
    best_gain = 0.0
    for action in legal:
        if isinstance(action, A.PlantCard | A.PlayGoodBug):
            kind = action.kind if isinstance(action, A.PlantCard) else action.bug
            gain = wanted.get((action.plot, kind), 0.0)
            if gain > best_gain:
                best, best_gain = action, gain
    if best is not None:
        return best
    for action in legal:
        if isinstance(action, A.Pesticide | A.ReleaseBird):
            return action
    sabotage = [a for a in legal if isinstance(a, A.Sabotage)]
    if sabotage:
        target = max(sabotage, key=lambda a: len(state.players[a.target].plots[a.plot].plants))
        if state.players[target.target].plots[target.plot].plants:
            return target
    for action in legal:
        if isinstance(action, A.DrawObjective):
            return action
    wanted_kinds = {kind for _, kind in wanted}
    for action in legal:
        if isinstance(action, A.DrawPlant) and action.kind in wanted_kinds:
            return action
    for action in legal:
        if isinstance(action, A.DrawPlant):
            return action
    return legal[-1]


def _no_house_plants(legal: Sequence[SabotageAction]) -> SabotageAction:
    """Ruling 18 asks each player how many house plants they own: a computer owns none."""
    return min((a for a in legal if isinstance(a, A.AnswerHousePlants)), key=lambda a: a.count)


def _play_out(state: SabotageState, seat: int) -> None:
    """Play on with `playout_action` until `seat`'s next turn begins or the game ends."""
    start = state.turns_taken
    while state.ended is None and not (
        state.turn == seat and state.turns_taken > start and not asking_house_plants(state)
    ):
        mover = seat_to_answer(state) if asking_house_plants(state) else state.turn
        apply(state, mover, playout_action(state, mover, legal_actions(state, mover)))


class GreedyPlayer:
    """Greedy: the action whose immediate outcome is worth most by `position_value`, averaged over
    `samples` sampled states (drawing from a deck is worth the average card). Ties: table order."""

    strength: Strength = "greedy"

    def __init__(self, samples: int = 3) -> None:
        self.samples = samples

    def ranked(self, decision: Decision, rng: Rng) -> list[tuple[float, int]]:
        """(mean value, index into legal) for every legal action, best first."""
        view = decision.view
        assert isinstance(view, SabotageView)
        states = [sample_state(view, rng) for _ in range(self.samples)]
        totals: list[tuple[float, int]] = []
        for index, action in enumerate(decision.legal):
            total = 0.0
            for state in states:
                twin = copy_state(state)
                apply(twin, decision.seat, action)
                total += position_value(twin, decision.seat)
            totals.append((total / len(states), index))
        totals.sort(key=lambda pair: (-pair[0], pair[1]))
        return totals

    def choose(self, decision: Decision, rng: Rng) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        if isinstance(decision.legal[0], A.AnswerHousePlants):
            return _no_house_plants(decision.legal)
        return decision.legal[self.ranked(decision, rng)[0][1]]


class StrongPlayer:
    """Strong: determinized Monte Carlo over greedy's best `candidates` actions, `samples` sampled
    states each, every playout running to the start of the seat's next turn (module doc)."""

    strength: Strength = "strong"

    def __init__(self, candidates: int = 6, samples: int = 6) -> None:
        self.candidates = candidates
        self.samples = samples
        self.greedy = GreedyPlayer(samples=2)

    def choose(self, decision: Decision, rng: Rng) -> Any:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], A.AnswerHousePlants):
            return _no_house_plants(legal)
        completes = [a for a in legal if isinstance(a, A.CompleteObjective)]
        if completes:
            # Completing costs no action and only adds points: always take the biggest first.
            return max(completes, key=lambda a: OBJECTIVES[a.objective].points)
        view = decision.view
        assert isinstance(view, SabotageView)
        shortlist = [index for _, index in self.greedy.ranked(decision, rng)[: self.candidates]]
        states = [sample_state(view, rng) for _ in range(self.samples)]
        best_index, best_value = shortlist[0], float("-inf")
        for index in shortlist:
            total = 0.0
            for state in states:
                twin = copy_state(state)
                apply(twin, decision.seat, legal[index])
                _play_out(twin, decision.seat)
                total += position_value(twin, decision.seat)
            if total > best_value:
                best_index, best_value = index, total
        return legal[best_index]


#: The game these players play (engine.ai finds them by it) and the players by strength ("random"
#: is every game's own: engine.ai.base.RandomPlayer).
GAME_NAME = "sabotage"
PLAYERS: dict[Strength, Callable[[], Player]] = {"greedy": GreedyPlayer, "strong": StrongPlayer}
