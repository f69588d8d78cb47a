"""The rules of Garden Sabotage: legal actions, applying them, and the turn cycle.

Ruling numbers refer to docs/rules/sabotage.md. Legality is checked per action kind (not by
listing every legal action) so that `apply` stays cheap; `legal_actions` and the checks share the
same small predicates, so they cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Literal

from engine.api import Event, FieldValue, IllegalAction
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction, seat_name
from engine.sabotage.cards import (
    ACTIONS_PER_TURN,
    BAD_BUG_KINDS,
    BIRD,
    GOOD_BUG_KINDS,
    KIND_OF,
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVES,
    OBJECTIVES_TO_END,
    PLANT_KIND_OF,
    PLANT_KINDS,
    PLOTS,
    ROW_BUGS,
    ROW_PLANTS,
    a_or_an,
    bug_kind,
    card_name,
    is_bird,
)
from engine.sabotage.state import Completed, PlayerState, Plot, SabotageState
from engine.text import event, lit

#: Every kind of event Garden Sabotage emits.
EVENT_KINDS = frozenset(
    {
        "reshuffle",
        "draw_plant",
        "draw_bug",
        "plant",
        "sabotage",
        "good_bug",
        "sweep",
        "pesticide",
        "bird",
        "draw_objective",
        "exchange_objective",
        "complete",
        "final_round",
        "house_plants",
        "first_player",
        "turn",
        "end_turn",
        "bite",
        "game_over",
    }
)


def _event(
    kind: str,
    template: str,
    *,
    seats: Mapping[str, int] | None = None,
    fields: Mapping[str, FieldValue] | None = None,
    private: Mapping[int, str] | None = None,
) -> Event:
    """An event of Garden Sabotage, its text naming seats "Player N"."""
    return event(kind, template, seat_name, seats=seats, fields=fields, private=private)


# ---------------------------------------------------------------------------------------------
# Small predicates shared by legal_actions and apply


def plot_kinds(plot: Plot) -> Counter[str]:
    return Counter([KIND_OF[card] for card in plot.plants])


def meets(objective_id: str, plot: Plot, kinds: Counter[str] | None = None) -> bool:
    """Draft, "Completing Objectives": every shown card on this plot, and no Bad Bug there."""
    if plot.bad_bug is not None:
        return False
    objective = OBJECTIVES[objective_id]
    if objective.bug is not None and (plot.good_bug is None or bug_kind(plot.good_bug) != objective.bug):
        return False
    have = plot_kinds(plot) if kinds is None else kinds
    return all(have[kind] >= count for kind, count in objective.plants)


def _can_draw_plant(state: SabotageState) -> bool:
    return bool(state.plant_deck or state.plant_discard)


def _can_draw_bug(state: SabotageState) -> bool:
    return bool(state.bug_deck or state.bug_discard)


def _can_draw_objective(state: SabotageState) -> bool:
    return bool(state.objective_deck or state.objective_discard)


# ---------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(state: SabotageState, seat: int) -> list[SabotageAction]:
    """Every action `seat` may take now, in a stable order (ruling 12: "End turn" always last).

    Written as plain loops over prebuilt action tables: it runs once per step of every game."""
    if state.ended is not None:
        return []
    answers = state.house_plant_answers
    if answers is not None and None in answers:
        return list(A.HOUSE_PLANTS) if seat == answers.index(None) else []
    if seat != state.turn:
        return []
    player = state.players[seat]
    my_plots = player.plots
    found: list[SabotageAction] = []
    append = found.append
    if state.actions_left > 0:
        if state.plant_deck or state.plant_discard:
            append(A.DRAW_PLANT_DECK)
        plant_row = state.plant_row
        for slot in range(ROW_PLANTS):
            card = plant_row[slot]
            if card is not None:
                append(A.DRAW_PLANT_ROW[slot][KIND_OF[card]])
        if player.plants:
            in_hand = {KIND_OF[card] for card in player.plants}
            for kind in PLANT_KINDS:
                if kind in in_hand:
                    found += A.PLANT[kind]
        if state.bug_deck or state.bug_discard:
            append(A.DRAW_BUG_DECK)
        bug_row = state.bug_row
        for slot in range(ROW_BUGS):
            card = bug_row[slot]
            if card is not None:
                append(A.DRAW_BUG_ROW[slot][KIND_OF[card]])
        if player.bugs:
            bugs_in_hand = {KIND_OF[card] for card in player.bugs}
            for kind in BAD_BUG_KINDS:
                if kind in bugs_in_hand:
                    by_target = A.SABOTAGE[kind]
                    for target in range(state.seats):
                        if target != seat:
                            plots = state.players[target].plots
                            for p in range(PLOTS):
                                if plots[p].bad_bug is None and plots[p].plants:  # ruling 16
                                    append(by_target[target][p])
            for kind in GOOD_BUG_KINDS:
                if kind in bugs_in_hand:
                    for p in range(PLOTS):
                        if my_plots[p].good_bug is None:
                            append(A.GOOD_BUG[kind][p])
            if BIRD.name in bugs_in_hand and (
                my_plots[0].bad_bug is not None or my_plots[1].bad_bug is not None
            ):
                append(A.RELEASE_BIRD)
        if any(card is not None for card in plant_row):
            append(A.SWEEP)
        for p in range(PLOTS):
            if my_plots[p].bad_bug is not None:
                append(A.PESTICIDE[p])
        if state.objective_deck or state.objective_discard:
            if len(player.objectives) < OBJECTIVE_HAND_LIMIT:
                append(A.DRAW_OBJECTIVE)
            for oid in player.objectives:
                append(A.EXCHANGE[oid])
    if player.objectives:
        for p in range(PLOTS):
            plot = my_plots[p]
            if plot.bad_bug is None and plot.plants:
                kinds = plot_kinds(plot)
                for oid in player.objectives:
                    if meets(oid, plot, kinds):
                        append(A.COMPLETE[oid][p])
    append(A.END_TURN)
    return found


# ---------------------------------------------------------------------------------------------
# Drawing, with the reshuffle of ruling 4


Deck = Literal["plant", "bug", "objective"]


def _deck_and_discard(state: SabotageState, deck: Deck) -> tuple[list[str], list[str]]:
    if deck == "plant":
        return state.plant_deck, state.plant_discard
    if deck == "bug":
        return state.bug_deck, state.bug_discard
    return state.objective_deck, state.objective_discard


def _draw_from(state: SabotageState, deck: Deck, events: list[Event]) -> str | None:
    """The top card of a deck; an empty deck is first refilled by shuffling its discards (ruling 4)."""
    pile, discard = _deck_and_discard(state, deck)
    if not pile:
        if not discard:
            return None
        pile.extend(discard)
        discard.clear()
        state.rng.shuffle(pile)
        events.append(
            _event(
                "reshuffle",
                f"The {deck.capitalize()} deck ran out: its discard pile ({{cards}} cards) "
                "was shuffled into a new deck.",
                fields={"deck": deck, "cards": len(pile)},
            )
        )
    return pile.pop()


def _refill_row(
    state: SabotageState, deck: Literal["plant", "bug"], events: list[Event]
) -> tuple[str, list[str]]:
    """Fill every empty slot of a face-up row from its deck (ruling 4); say what was turned up
    (as literal template text) and list the cards' names."""
    row = state.plant_row if deck == "plant" else state.bug_row
    names: list[str] = []
    for slot, card in enumerate(row):
        if card is None:
            new = _draw_from(state, deck, events)
            if new is None:
                break
            row[slot] = new
            names.append(card_name(new))
    turned = [a_or_an(name) for name in names]
    if not turned:
        return f"the {deck.capitalize()} deck is empty, so the slot stays empty", names
    if len(turned) == 1:
        return lit(f"turned up {turned[0]}"), names
    return lit(f"turned up {', '.join(turned[:-1])} and {turned[-1]}"), names


# ---------------------------------------------------------------------------------------------
# Apply


def apply(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    """Check `action` for `seat` and play it; IllegalAction (state untouched) if the rules refuse."""
    if state.ended is not None:
        raise IllegalAction("The game is over.")
    if asking_house_plants(state):
        return _answer_house_plants(state, seat, action)
    if seat != state.turn:
        raise IllegalAction(f"It is {seat_name(state.turn)}'s turn, not yours.")
    if isinstance(action, A.CompleteObjective):
        events = _complete(state, seat, action)
    elif isinstance(action, A.EndTurn):
        events = [_end_turn_event(state, seat)]
        _end_turn(state, events)
        return events
    else:
        if state.actions_left <= 0:
            raise IllegalAction("You have no actions left this turn: complete an objective or end your turn.")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("That is not a move in Garden Sabotage.")
        events = handler(state, seat, action)
        state.actions_left -= 1
    if state.actions_left <= 0 and not state.players[seat].objectives:
        # Ruling 12: with no actions left the turn waits for "End turn" while the player holds an
        # Objective, whether or not it can be completed, so the table learns nothing of the hand;
        # with no Objective in hand (a public count) there is nothing to wait for.
        _end_turn(state, events)
    return events


def _end_turn_event(state: SabotageState, seat: int) -> Event:
    left = max(state.actions_left, 0)
    who, given_up = {"actor": seat}, {"given_up": left}
    if left <= 0:
        return _event("end_turn", "{actor} ended their turn.", seats=who, fields=given_up)
    word = "action" if left == 1 else "actions"
    template = f"{{actor}} ended their turn early, giving up {{given_up}} {word}."
    return _event("end_turn", template, seats=who, fields=given_up)


def _draw_card(
    state: SabotageState, seat: int, deck: Literal["plant", "bug"], slot: int | None, kind: str | None
) -> list[Event]:
    """Draw a Plant or a Bug: from the deck (in secret) or the face-up row (refilled at once)."""
    is_plant = deck == "plant"
    hand = state.players[seat].plants if is_plant else state.players[seat].bugs
    row = state.plant_row if is_plant else state.bug_row
    noun = "Plant" if is_plant else "Bug"
    event_kind = f"draw_{deck}"
    events: list[Event] = []
    who = {"actor": seat}
    if slot is None:
        if not (_can_draw_plant(state) if is_plant else _can_draw_bug(state)):
            raise IllegalAction(f"The {noun} deck and its discard pile are both empty.")
        card = _draw_from(state, deck, events)
        assert card is not None
        hand.append(card)
        events.append(
            _event(
                event_kind,
                f"{{actor}} drew a {noun} from the deck.",
                seats=who,
                fields={"source": "deck"},
                private={seat: lit(f"You drew {a_or_an(card_name(card))} from the {noun} deck.")},
            )
        )
        return events
    card = row[slot] if 0 <= slot < len(row) else None
    if card is None:
        raise IllegalAction(f"There is no {noun} in that slot of the row.")
    if card_name(card) != kind:
        raise IllegalAction(
            f"The {noun} row has changed: slot {slot + 1} now shows {a_or_an(card_name(card))}."
        )
    row[slot] = None
    hand.append(card)
    taken = f"{{actor}} took {lit(a_or_an(card_name(card)))} from the {noun} row"
    refill, turned = _refill_row(state, deck, events)
    fields: dict[str, FieldValue] = {"source": "row", "card": card_name(card), "slot": slot + 1}
    fields["turned_up"] = turned
    return [_event(event_kind, f"{taken}; {refill}.", seats=who, fields=fields), *events]


def _draw_plant(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawPlant)
    return _draw_card(state, seat, "plant", action.slot, action.kind)


def _draw_bug(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.DrawBug)
    return _draw_card(state, seat, "bug", action.slot, action.kind)


def _plant(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.PlantCard)
    player = state.players[seat]
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("Your Garden Board has plots 1 and 2 only.")
    card = next((c for c in player.plants if PLANT_KIND_OF[c] == action.kind), None)
    if card is None:
        raise IllegalAction(f"You have no {action.kind} in your hand.")
    player.plants.remove(card)
    player.plots[action.plot].plants.append(card)
    template = f"{{actor}} planted {lit(a_or_an(action.kind))} on plot {{plot}}."
    fields: dict[str, FieldValue] = {"card": action.kind, "plot": action.plot + 1}
    return [_event("plant", template, seats={"actor": seat}, fields=fields)]


def _take_bug(player: PlayerState, kind: str) -> str:
    card = next((c for c in player.bugs if bug_kind(c) == kind), None)
    if card is None:
        raise IllegalAction(f"You have no {kind} in your hand.")
    return card


def _eat(state: SabotageState, owner: int, plot_index: int, role: str) -> tuple[str | None, str]:
    """A Bad Bug eats the most recently planted Plant of its plot (ruling 3): the kind eaten (None:
    nothing), and the words for it as a template naming the owner by `role`."""
    plot = state.players[owner].plots[plot_index]
    if not plot.plants:
        return None, "there was nothing to eat"
    eaten = plot.plants.pop()
    state.plant_discard.append(eaten)
    kind = PLANT_KIND_OF[eaten]
    return kind, f"it ate {{{role}}}'s {lit(kind)}"


def _sabotage(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.Sabotage)
    if action.bug not in BAD_BUG_KINDS:
        raise IllegalAction(f"{action.bug} is not a Bad Bug: only Bad Bugs can sabotage.")
    if action.target == seat:
        raise IllegalAction("You cannot put a Bad Bug on your own Garden Board.")
    if not 0 <= action.target < state.seats:
        raise IllegalAction("There is no such player at this table.")
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("A Garden Board has plots 1 and 2 only.")
    plot = state.players[action.target].plots[action.plot]
    if plot.bad_bug is not None:
        raise IllegalAction("That plot already has a Bad Bug: only one Bad Bug per plot.")
    player = state.players[seat]
    card = _take_bug(player, action.bug)
    if not plot.plants:
        raise IllegalAction("That plot has no Plant to eat: a sabotage needs a Plant there (ruling 16).")
    player.bugs.remove(card)
    plot.bad_bug = card
    eaten, ate = _eat(state, action.target, action.plot, "target")
    template = f"{{actor}} sabotaged {{target}}'s plot {{plot}} with {lit(a_or_an(action.bug))}: {ate}."
    fields: dict[str, FieldValue] = {"bug": action.bug, "plot": action.plot + 1, "eaten": eaten}
    return [_event("sabotage", template, seats={"actor": seat, "target": action.target}, fields=fields)]


def _good_bug(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.PlayGoodBug)
    if action.bug not in GOOD_BUG_KINDS:
        raise IllegalAction(f"{action.bug} is not a Good Bug.")
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("Your Garden Board has plots 1 and 2 only.")
    player = state.players[seat]
    plot = player.plots[action.plot]
    if plot.good_bug is not None:
        raise IllegalAction("That plot already has a Good Bug: only one Good Bug per plot.")
    card = _take_bug(player, action.bug)
    player.bugs.remove(card)
    plot.good_bug = card
    template = f"{{actor}} put {lit(a_or_an(action.bug))} on their plot {{plot}}."
    fields: dict[str, FieldValue] = {"bug": action.bug, "plot": action.plot + 1}
    return [_event("good_bug", template, seats={"actor": seat}, fields=fields)]


def _sweep(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    if all(card is None for card in state.plant_row):
        raise IllegalAction("The Plant row is empty: there is nothing to sweep.")
    swept = [card for card in state.plant_row if card is not None]
    state.plant_discard.extend(swept)
    state.plant_row[:] = [None] * ROW_PLANTS
    events: list[Event] = []
    refill, turned = _refill_row(state, "plant", events)
    old = [PLANT_KIND_OF[c] for c in swept]
    template = f"{{actor}} swept the Plant row ({lit(', '.join(old))}) and {refill}."
    fields: dict[str, FieldValue] = {"swept": old, "turned_up": turned}
    return [_event("sweep", template, seats={"actor": seat}, fields=fields), *events]


def _pesticide(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.Pesticide)
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("Your Garden Board has plots 1 and 2 only.")
    plot = state.players[seat].plots[action.plot]
    if plot.bad_bug is None:
        raise IllegalAction("There is no Bad Bug on that plot.")
    killed = plot.bad_bug
    plot.bad_bug = None
    state.bug_discard.append(killed)
    template = f"{{actor}} used Pesticide on plot {{plot}}: the {lit(bug_kind(killed))} is gone."
    fields: dict[str, FieldValue] = {"plot": action.plot + 1, "bug": bug_kind(killed)}
    return [_event("pesticide", template, seats={"actor": seat}, fields=fields)]


def _bird(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    if not state.options.bird_variant:
        raise IllegalAction("This game is played without the Bird variant.")
    player = state.players[seat]
    bird = next((c for c in player.bugs if is_bird(c)), None)
    if bird is None:
        raise IllegalAction("You have no Bird in your hand.")
    if all(plot.bad_bug is None for plot in player.plots):
        raise IllegalAction("There is no Bad Bug in your garden for the Bird to eat.")
    eaten = []
    bugs: list[str] = []
    plots: list[int] = []
    for index, plot in enumerate(player.plots):
        if plot.bad_bug is not None:
            eaten.append(f"the {bug_kind(plot.bad_bug)} on plot {index + 1}")
            bugs.append(bug_kind(plot.bad_bug))
            plots.append(index + 1)
            state.bug_discard.append(plot.bad_bug)
            plot.bad_bug = None
    player.bugs.remove(bird)
    state.bug_discard.append(bird)
    template = f"{{actor}} released a Bird: it ate {lit(' and '.join(eaten))}."
    fields: dict[str, FieldValue] = {"bugs": bugs, "plots": plots}
    return [_event("bird", template, seats={"actor": seat}, fields=fields)]


def _draw_objective(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    player = state.players[seat]
    if len(player.objectives) >= OBJECTIVE_HAND_LIMIT:
        raise IllegalAction("You already hold 2 Objectives, the most allowed: exchange one instead.")
    if not _can_draw_objective(state):
        raise IllegalAction("The Objective deck and its discard pile are both empty.")
    events: list[Event] = []
    card = _draw_from(state, "objective", events)
    assert card is not None
    player.objectives.append(card)
    events.append(
        _event(
            "draw_objective",
            "{actor} drew an Objective.",
            seats={"actor": seat},
            private={seat: lit(f"You drew the Objective {OBJECTIVES[card].describe()}.")},
        )
    )
    return events


def _exchange(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    assert isinstance(action, A.ExchangeObjective)
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction("That Objective is not in your hand.")
    if not _can_draw_objective(state):
        raise IllegalAction("The Objective deck and its discard pile are both empty.")
    player.objectives.remove(action.objective)
    state.objective_discard.append(action.objective)
    events: list[Event] = []
    card = _draw_from(state, "objective", events)
    assert card is not None
    player.objectives.append(card)
    old = OBJECTIVES[action.objective].name
    events.append(
        _event(
            "exchange_objective",
            "{actor} exchanged an Objective for a new one.",
            seats={"actor": seat},
            private={seat: lit(f"You gave up {old} and drew {OBJECTIVES[card].describe()}.")},
        )
    )
    return events


def _complete(state: SabotageState, seat: int, action: A.CompleteObjective) -> list[Event]:
    player = state.players[seat]
    if action.objective not in player.objectives:
        raise IllegalAction("That Objective is not in your hand.")
    if not 0 <= action.plot < PLOTS:
        raise IllegalAction("Your Garden Board has plots 1 and 2 only.")
    plot = player.plots[action.plot]
    objective = OBJECTIVES[action.objective]
    if plot.bad_bug is not None:
        raise IllegalAction("A Bad Bug is on that plot: kill it with Pesticide first.")
    if not meets(action.objective, plot):
        raise IllegalAction(f"Plot {action.plot + 1} does not show everything {objective.name} needs.")
    for kind, count in objective.plants:
        for _ in range(count):
            # The most recently planted matching card goes (any copy would do: same kind).
            index = max(i for i, c in enumerate(plot.plants) if PLANT_KIND_OF[c] == kind)
            state.plant_discard.append(plot.plants.pop(index))
    kept = plot.good_bug
    plot.good_bug = None
    player.objectives.remove(action.objective)
    player.completed.append(Completed(objective=action.objective, good_bug=kept))
    bonus = f", with {a_or_an(bug_kind(kept))} for +2" if kept else ""
    fields: dict[str, FieldValue] = {
        "objective": objective.name,
        "points": objective.points,
        "plot": action.plot + 1,
        "good_bug": bug_kind(kept) if kept else None,
        "completed": len(player.completed),
    }
    events = [
        _event(
            "complete",
            f"{{actor}} completed {lit(objective.describe())} on plot {{plot}}{lit(bonus)}. "
            "Objectives completed: {completed}.",
            seats={"actor": seat},
            fields=fields,
        )
    ]
    if len(player.completed) >= OBJECTIVES_TO_END and state.final_round_by is None:
        state.final_round_by = seat
        events.append(
            _event(
                "final_round",
                "{actor} has completed {objectives} objectives: the final round "
                "begins. Every other player gets one last turn.",
                seats={"actor": seat},
                fields={"objectives": OBJECTIVES_TO_END},
            )
        )
    return events


def asking_house_plants(state: SabotageState) -> bool:
    """Ruling 18: the table is still asking who owns the most house plants."""
    answers = state.house_plant_answers
    return answers is not None and None in answers


def seat_to_answer(state: SabotageState) -> int:
    """Ruling 18: the table is asked in seat order, one player at a time."""
    assert state.house_plant_answers is not None
    return state.house_plant_answers.index(None)


def _answer_house_plants(state: SabotageState, seat: int, action: SabotageAction) -> list[Event]:
    """Ruling 18: record one seat's answer; the last answer settles who goes first."""
    from engine.sabotage.setup import render_reason, settle_first_seat

    answers = state.house_plant_answers
    assert answers is not None
    if not isinstance(action, A.AnswerHousePlants):
        raise IllegalAction("First everyone says how many house plants they own; then the first turn begins.")
    if not 0 <= seat < len(answers):
        raise IllegalAction("There is no such player at this table.")
    if answers[seat] is not None:
        raise IllegalAction("You have already said how many house plants you own.")
    if seat != answers.index(None):
        raise IllegalAction(f"{seat_name(answers.index(None))} answers first; then it is your turn to say.")
    if not 0 <= action.count <= A.MOST_HOUSE_PLANTS:
        raise IllegalAction(f"Say a number from 0 to {A.MOST_HOUSE_PLANTS}.")
    answers[seat] = action.count
    many = "or more " if action.count == A.MOST_HOUSE_PLANTS else ""
    plants = "house plant" if action.count == 1 else "house plants"
    events = [
        _event(
            "house_plants",
            f"{{actor}} owns {{count}} {many}{plants}.",
            seats={"actor": seat},
            fields={"count": action.count, "or_more": action.count == A.MOST_HOUSE_PLANTS},
        )
    ]
    if None not in answers:
        first, reason = settle_first_seat(state)
        state.first_seat, state.turn = first, first
        state.first_seat_reason, state.first_seat_phrase = render_reason(reason), reason
        state.actions_left = ACTIONS_PER_TURN
        events.append(_event("first_player", reason.template, seats=reason.seats, fields=reason.values))
        events.append(_turn_event(state, first))
    return events


_HANDLERS = {
    A.DrawPlant: _draw_plant,
    A.PlantCard: _plant,
    A.DrawBug: _draw_bug,
    A.Sabotage: _sabotage,
    A.PlayGoodBug: _good_bug,
    A.Sweep: _sweep,
    A.Pesticide: _pesticide,
    A.ReleaseBird: _bird,
    A.DrawObjective: _draw_objective,
    A.ExchangeObjective: _exchange,
}


# ---------------------------------------------------------------------------------------------
# The turn cycle


def _end_turn(state: SabotageState, events: list[Event]) -> None:
    """Pass the turn clockwise; end the game after the final round or the season (ruling 5);
    the next player's Bad Bugs bite at the start of their turn (draft, "Sabotage")."""
    state.turns_taken += 1
    nxt = (state.turn + 1) % state.seats
    if state.final_round_by is not None and nxt == state.final_round_by:
        state.ended = "final_round"
        events.append(_event("game_over", "The final round is over.", fields={"reason": "final_round"}))
        return
    if nxt == state.first_seat:
        if state.final_round_by is None and state.round >= state.options.season_rounds:
            state.ended = "season"
            events.append(
                _event(
                    "game_over",
                    "Round {round} is over and the season with it: the game ends.",
                    fields={"reason": "season", "round": state.round},
                )
            )
            return
        state.round += 1
    state.turn = nxt
    state.actions_left = ACTIONS_PER_TURN
    events.append(_turn_event(state, nxt))
    for index, plot in enumerate(state.players[nxt].plots):
        if plot.bad_bug is not None:
            eaten, ate = _eat(state, nxt, index, "owner")
            bug = bug_kind(plot.bad_bug)
            events.append(
                _event(
                    "bite",
                    f"The {lit(bug)} on {{owner}}'s plot {{plot}} bites: {ate}.",
                    seats={"owner": nxt},
                    fields={"bug": bug, "plot": index + 1, "eaten": eaten},
                )
            )


def _turn_event(state: SabotageState, seat: int) -> Event:
    return _event(
        "turn", "Round {round}: {player}'s turn.", seats={"player": seat}, fields={"round": state.round}
    )
