"""The checks every registered game must pass, whatever its rules (OpenSpiel's RandomSimTest idea).

`play_random_game` plays one seeded game by random legal moves and checks, at every step, the
promises the bot relies on: only seats to move have actions, labels are unique, JSON round-trip is
exact, views and log lines never show a viewer what is hidden from them, every decision has a kind
and a legal timeout move, a reply window offers the same answers whatever the hidden cards, a move
looks the same to everyone else whatever one seat's hidden cards are (twin states), the turn key
is hashable, survives a JSON round trip, is the same in twin states and stays while a reply
window collects its answers, and the scores as they stand can be counted. After every move, for
every seed, no game plays on past its own end condition (`engine.api.plays_past_its_end`). At the
end it checks the result (and that the standing result agrees with it) and that replaying options
+ seed + actions reproduces the final state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from engine.api import (
    AnyGame,
    Event,
    IllegalAction,
    Result,
    Viewer,
    action_label,
    action_steps,
    copy_state,
    decision_kind,
    dump_state,
    first_step_groups,
    has_public_view,
    interjections,
    labels_and_steps,
    load_state,
    plays_past_its_end,
    replay,
    standing_result,
    timeout_action,
    turn_key,
)
from engine.rng import Rng

MAX_STEPS = 20_000


def json_leaves(data: Any) -> Iterator[str]:
    """Every leaf of a JSON-like value, as text (dict keys included: a key can leak too)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from json_leaves(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from json_leaves(item)
    elif isinstance(data, str):
        yield data


def hidden_from(secrets: dict[Viewer, set[str]], viewer: Viewer) -> set[str]:
    """The markers `viewer` must never see: everyone else's secrets."""
    hidden: set[str] = set()
    for owner, markers in secrets.items():
        if owner != viewer:
            hidden |= markers
    return hidden


def assert_no_leak_in_view(game: AnyGame, state: BaseModel, viewer: Viewer) -> None:
    hidden = hidden_from(game.secrets(state), viewer)
    view = game.view(state, viewer)
    leaked = hidden.intersection(json_leaves(view.model_dump(mode="json")))
    assert not leaked, f"{game.name}: view for {viewer} shows hidden {sorted(leaked)}"
    if viewer is not None and has_public_view(game):
        spectator = game.view(state, None).model_copy(update={"viewer": viewer})
        assert view == spectator, f"{game.name} declares public_view, but seat {viewer} sees more"


#: Display names unlike any default name, to check that templates name every seat they concern.
CUSTOM_NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def words_of(line: str) -> set[str]:
    return set(re.findall(r"[\w-]+", line))


def assert_no_leak_in_events(game: AnyGame, state: BaseModel, events: list[Event], seats: int) -> None:
    secrets = game.secrets(state)
    names = CUSTOM_NAMES[:seats]
    for viewer in [*range(seats), None]:
        hidden = hidden_from(secrets, viewer)
        for event in events:
            for line in (event.line_for(viewer), event.line_for(viewer, names)):
                leaked = hidden & words_of(line)
                assert not leaked, f"{game.name}: log line for {viewer} {line!r} leaks {sorted(leaked)}"


def assert_events_are_structured(game: AnyGame, state: BaseModel, events: list[Event], seats: int) -> None:
    """Every event has a declared kind, names valid seats, carries nothing hidden in its public
    fields or template, and its templates rendered with the default names are its text."""
    everyone_hidden = set().union(*game.secrets(state).values())
    defaults = [game.seat_name(s) for s in range(seats)]
    for event in events:
        where = f"{game.name}: event {event.kind!r} ({event.text!r})"
        assert event.kind in game.event_kinds, f"{where}: kind not in the game's event_kinds"
        assert event.template is not None, f"{where}: no template"
        for role, seat in event.seats.items():
            assert 0 <= seat < seats, f"{where}: role {role!r} names seat {seat}"
        assert not set(event.seats) & set(event.fields), f"{where}: a role and a field share a name"
        public = [*json_leaves(event.model_dump(mode="json")["fields"]), event.template]
        leaked = everyone_hidden & {w for text in public for w in words_of(text)}
        assert not leaked, f"{where}: public fields or template hold hidden {sorted(leaked)}"
        assert event.line_for(None, defaults) == event.text, f"{where}: template != text"
        for seat, line in event.private.items():
            assert event.line_for(seat, defaults) == line, f"{where}: private template != private line"
        if seats > 1 and event.seats:
            assert not any(name in event.line_for(None, CUSTOM_NAMES[:seats]) for name in defaults), (
                f"{where}: a seat is written into the text instead of a placeholder"
            )


def assert_decisions_have_kinds_and_timeouts(game: AnyGame, state: BaseModel, seats: int, seed: int) -> None:
    """Every seat to move has a decision kind ("turn" or "reply"); a timeout move, where the game
    names one, is among that seat's legal actions and is accepted; and a reply window reveals
    nothing: every seat in a window is offered the same answers, none naming its own hidden
    cards, and the same answers again in a twin state that differs only in its hidden cards
    (`game.conformance_twin(state, seat, seed)` where the game can build one)."""
    names = CUSTOM_NAMES[:seats]
    secrets = game.secrets(state)
    twin_maker = getattr(game, "conformance_twin", None)
    reply_labels: dict[int, list[str]] = {}
    for seat in game.to_move(state):
        kind = decision_kind(game, state, seat)
        assert kind in ("turn", "reply"), f"{game.name}: seat {seat} has decision kind {kind!r}"
        actions = list(game.legal_actions(state, seat))
        labels = [action_label(a, names) for a in actions]
        default = timeout_action(game, state, seat)
        if default is not None:
            assert action_label(default, names) in labels, (
                f"{game.name}: seat {seat}'s timeout move {default.label!r} is not among {labels}"
            )
            trial = copy_state(game, state)
            try:
                game.apply(trial, seat, default)
            except IllegalAction as refusal:
                raise AssertionError(f"{game.name}: timeout move refused: {refusal.message}") from refusal
        if kind != "reply":
            continue
        reply_labels[seat] = labels
        leaked = secrets.get(seat, set()) & {w for label in labels for w in words_of(label)}
        assert not leaked, f"{game.name}: seat {seat}'s reply answers name its hidden {sorted(leaked)}"
        twin = twin_maker(state, seat, seed) if twin_maker is not None else None
        if twin is not None:
            assert decision_kind(game, twin, seat) == "reply", f"{game.name}: the twin has no window"
            twin_labels = [action_label(a, names) for a in game.legal_actions(twin, seat)]
            assert twin_labels == labels, (
                f"{game.name}: seat {seat}'s reply answers depend on its hidden cards: "
                f"{labels} vs {twin_labels}"
            )
    offered = {tuple(labels) for labels in reply_labels.values()}
    assert len(offered) <= 1, f"{game.name}: seats in a reply window are offered different answers {offered}"


def public_lines(events: list[Event], viewer: Viewer, names: list[str]) -> list[tuple[Any, ...]]:
    """What `viewer` reads of some events: each event's kind, seats and public fields, and its line
    with the default names and with display names."""
    return [(e.kind, e.seats, e.fields, e.line_for(viewer), e.line_for(viewer, names)) for e in events]


def twins_of(
    game: AnyGame, state: BaseModel, seats: int, seed: int, owners: list[int] | None = None
) -> list[tuple[int, BaseModel]]:
    """For every seat of `owners` (default: all) the game can build one for, a twin state that
    differs from `state` only in that seat's hidden cards (`game.conformance_twin(state, seat,
    seed)`; None: no twin)."""
    twin_maker = getattr(game, "conformance_twin", None)
    if twin_maker is None:
        return []
    found = []
    for seat in range(seats) if owners is None else owners:
        twin = twin_maker(state, seat, seed)
        if twin is not None:
            found.append((seat, twin))
    return found


#: At each step the twins are built for the seat that moves and this many others (chosen at
#: random each step), so big tables cost no more per step than three seats do.
TWIN_OTHERS = 2


def twin_owners(mover: int, seats: int, step_rng: Rng) -> list[int]:
    """The mover (whose own move might reveal its cards) and `TWIN_OTHERS` other seats."""
    others = [s for s in range(seats) if s != mover]
    step_rng.shuffle(others)
    return [mover, *others[:TWIN_OTHERS]]


def takers_of(game: AnyGame, events: list[Event], owner: int) -> set[int]:
    """Seats that, in `events`, took one of `owner`'s hidden cards into their own hand by the
    rules (Garden Party's caught snooper gives a card at random): the game's
    `conformance_takers(events, owner)` where it has one. Only they may see the twin differ."""
    finder = getattr(game, "conformance_takers", None)
    return set(finder(events, owner)) if finder is not None else set()


def assert_twins_look_alike(
    game: AnyGame,
    state: BaseModel,
    twins: list[tuple[int, BaseModel]],
    mover: int,
    action: Any,
    seats: int,
) -> None:
    """A move reveals no hidden card: for each twin (a copy of `state`, before `action`, that differs
    only in `owner`'s hidden cards), everyone but `owner` sees the same before the move; and when
    `action` is legal in the twin too, after applying it to both everyone but `owner` sees the same
    again (views, seats to move) and reads the same log (kinds, seats, public fields, lines).
    `state` is left as it was."""
    names = CUSTOM_NAMES[:seats]
    for owner, twin in twins:
        others: list[Viewer] = [None, *(s for s in range(seats) if s != owner)]
        where = f"{game.name}: twin states differing only in seat {owner}'s hidden cards"
        for viewer in others:
            assert game.view(state, viewer) == game.view(twin, viewer), f"{where}: views for {viewer} differ"
        assert turn_key(game, twin) == turn_key(game, state), f"{where}: turn keys differ"
        if action not in offered_actions(game, twin, mover):
            continue
        real = copy_state(game, state)
        real_events = game.apply(real, mover, action)
        twin_events = game.apply(twin, mover, action)
        label = getattr(action, "label", action)
        moving, twin_moving = game.to_move(real), game.to_move(twin)
        assert moving == twin_moving, (
            f"{where}: after {label!r} different seats are to move: {moving} vs {twin_moving}"
        )
        assert turn_key(game, real) == turn_key(game, twin), f"{where}: after {label!r} turn keys differ"
        takers = set(takers_of(game, real_events, owner)) | set(takers_of(game, twin_events, owner))
        for viewer in others:
            if viewer in takers:
                continue  # it took one of the owner's hidden cards, and sees it: the rules say so
            assert game.view(real, viewer) == game.view(twin, viewer), (
                f"{where}: after seat {mover}'s {label!r} the view for {viewer} differs"
            )
            seen, twin_seen = (
                public_lines(real_events, viewer, names),
                public_lines(twin_events, viewer, names),
            )
            assert seen == twin_seen, (
                f"{where}: after seat {mover}'s {label!r} the log for {viewer} differs: "
                f"{[line[3] for line in seen]} vs {[line[3] for line in twin_seen]}"
            )


def grouped_one_by_one(steps: list[tuple[str, ...]]) -> list[tuple[str, list[int]]]:
    """Action indices grouped by first step, in the order the first steps come, read one by one."""
    groups: dict[str, list[int]] = {}
    for index, parts in enumerate(steps):
        groups.setdefault(parts[0] if parts else "", []).append(index)
    return list(groups.items())


def offered_actions(game: AnyGame, state: BaseModel, seat: int) -> list[Any]:
    """What `seat` may do now: its legal actions when it is to move, else what it may play
    unasked (`engine.api.interjections`)."""
    if seat in game.to_move(state):
        return list(game.legal_actions(state, seat))
    return list(interjections(game, state, seat))


def assert_window_keeps_its_turn_key(
    game: AnyGame, state: BaseModel, before: list[int], answered: int, key: Any
) -> None:
    """A seat answered a reply window (`before`: the seats to move then, `key`: the turn key then):
    while the window waits for others of its seats, the turn key stays (their clocks go on)."""
    waiting = game.to_move(state)
    still_open = (
        waiting
        and set(waiting) <= set(before) - {answered}
        and all(decision_kind(game, state, s) == "reply" for s in waiting)
    )
    if still_open:
        assert turn_key(game, state) == key, f"{game.name}: a reply window's turn key changed on an answer"


def assert_result_is_sound(game: AnyGame, result: Result, seats: int, what: str) -> None:
    """Every seat appears once, the winners are seats, breakdowns add up, the summary renders."""
    assert sorted(s.seat for s in result.seats) == list(range(seats)), f"{game.name}: {what} misses a seat"
    assert result.winners and set(result.winners) <= set(range(seats)), f"{game.name}: {what} winners"
    for seat_result in result.seats:
        assert seat_result.total == sum(line.points for line in seat_result.lines), (
            f"{game.name}: {what}: breakdown of seat {seat_result.seat} does not add up to its total"
        )
    assert result.summary_for([game.seat_name(s) for s in range(seats)]) == result.summary, (
        f"{game.name}: {what}: summary_for with default names is not the summary"
    )


def assert_standing_result_matches(game: AnyGame, state: BaseModel, seats: int) -> None:
    """On a finished game the standing result has the final result's totals and winners."""
    final = game.result(state)
    standing = standing_result(game, state)
    assert_result_is_sound(game, standing, seats, "standing result at the end")
    totals = {s.seat: s.total for s in final.seats}
    assert {s.seat: s.total for s in standing.seats} == totals, f"{game.name}: standing totals != result"
    assert standing.winners == final.winners, f"{game.name}: standing winners != result winners"


#: A way to choose moves other than at random: (game, state, seat, legal actions, rng) -> action.
Chooser = Callable[[AnyGame, BaseModel, int, list[Any], Rng], Any]


def play_random_game(
    game: AnyGame,
    options: BaseModel,
    seats: int,
    seed: int,
    *,
    check_every_step: bool = True,
    choose: Chooser | None = None,
) -> tuple[BaseModel, list[tuple[int, dict[str, Any]]]]:
    """Play one game by random legal moves (or by `choose`, e.g. computer players, to reach the
    parts of a game random play never does), checking the platform's promises; return it and
    its log."""
    state = game.create(options, seats, seed)
    again = game.create(options, seats, seed)
    assert dump_state(state) == dump_state(again), f"{game.name}: same seed, different setup"
    chooser = Rng.from_seed(seed ^ 0x5EED)
    twin_rng = Rng.from_seed(seed ^ 0x7819)
    moves: list[tuple[int, dict[str, Any]]] = []
    for _ in range(MAX_STEPS):
        if game.is_terminal(state):
            break
        to_move = game.to_move(state)
        assert to_move, f"{game.name}: not terminal, but nobody is to move"
        unasked: list[tuple[int, Any]] = []
        for seat in range(seats):
            actions = list(game.legal_actions(state, seat))
            extra = list(interjections(game, state, seat))
            if seat not in to_move:
                assert not actions, f"{game.name}: seat {seat} is not to move but has actions"
                extra_labels = [a.label for a in extra]
                assert len(set(extra_labels)) == len(extra_labels), f"{game.name}: duplicate {extra_labels}"
                unasked += [(seat, a) for a in extra]
                continue
            assert not extra, f"{game.name}: seat {seat} is to move but is offered play unasked"
            assert actions, f"{game.name}: seat {seat} is to move but has no legal action"
            labels = [a.label for a in actions]
            assert len(set(labels)) == len(labels), f"{game.name}: duplicate labels {labels}"
            named = [action_label(a, CUSTOM_NAMES[:seats]) for a in actions]
            assert len(set(named)) == len(named), f"{game.name}: duplicate labels with names {named}"
            steps = [action_steps(a, CUSTOM_NAMES[:seats]) for a in actions]
            assert all(steps) and len(set(steps)) == len(steps), f"{game.name}: duplicate steps {steps}"
            # Actions that say their words all at once say exactly what each says one by one.
            said_labels, said_steps = labels_and_steps(game.legal_actions(state, seat), CUSTOM_NAMES[:seats])
            said = (list(said_labels), list(said_steps))
            assert said == (named, [tuple(s) for s in steps]), f"{game.name}: said at once, said otherwise"
            # Steps that say their groups at once say the groups reading them one by one finds.
            groups = first_step_groups(said_steps)
            if groups is not None:
                found = [(first, list(members)) for first, members in groups]
                assert found == grouped_one_by_one(steps), f"{game.name}: groups said at once differ"
            read_one_by_one = [said_labels[i] for i in range(len(said_labels))]
            assert read_one_by_one == named, f"{game.name}: labels read one by one differ"
        if check_every_step:
            assert_decisions_have_kinds_and_timeouts(game, state, seats, seed)
            assert_result_is_sound(game, standing_result(game, state), seats, "standing result")
            text = dump_state(state)
            assert dump_state(load_state(game, text)) == text, f"{game.name}: JSON round-trip differs"
            key = turn_key(game, state)
            hash(key)  # the bot compares and keeps keys
            assert turn_key(game, load_state(game, text)) == key, f"{game.name}: turn key differs after JSON"
            for viewer in [*range(seats), None]:
                assert_no_leak_in_view(game, state, viewer)
        if unasked and chooser.below(4) == 0:
            # Now and then a seat not to move plays unasked, when the game lets it (ruling 32 of
            # Garden Party): the same checks apply to those moves.
            seat, action = chooser.choice(unasked)
        else:
            seat = chooser.choice(to_move)
            legal = list(game.legal_actions(state, seat))
            action = chooser.choice(legal) if choose is None else choose(game, state, seat, legal, chooser)
        if check_every_step:
            owners = twin_owners(seat, seats, twin_rng)
            assert_twins_look_alike(
                game, state, twins_of(game, state, seats, seed, owners), seat, action, seats
            )
        encoded = game.encode_action(action)
        assert game.decode_action(encoded) == action, f"{game.name}: action codec is not exact"
        replying = check_every_step and seat in to_move and decision_kind(game, state, seat) == "reply"
        events = game.apply(state, seat, action)
        moves.append((seat, encoded))
        assert not plays_past_its_end(game, state), (
            f"{game.name}: play goes on past the end condition after seat {seat}'s "
            f"{getattr(action, 'label', action)!r} (seed {seed}, move {len(moves)})"
        )
        if check_every_step:
            assert_no_leak_in_events(game, state, events, seats)
            assert_events_are_structured(game, state, events, seats)
            if replying:
                assert_window_keeps_its_turn_key(game, state, to_move, seat, key)
    else:
        raise AssertionError(f"{game.name}: no end after {MAX_STEPS} steps (seed {seed})")

    assert not game.to_move(state), f"{game.name}: terminal but someone is to move"
    assert_result_is_sound(game, game.result(state), seats, "result")
    assert_standing_result_matches(game, state, seats)
    replayed, _ = replay(game, options, seats, seed, moves)
    assert dump_state(replayed) == dump_state(state), f"{game.name}: replay differs (seed {seed})"
    return state, moves


def assert_refuses_out_of_turn(game: AnyGame, options: BaseModel, seats: int, seed: int) -> None:
    """An action by a seat that is not to move is refused with a message, and changes nothing."""
    state = game.create(options, seats, seed)
    to_move = game.to_move(state)
    idle = [s for s in range(seats) if s not in to_move]
    if not idle:
        return
    action = next(iter(game.legal_actions(state, to_move[0])))
    before = dump_state(state)
    try:
        game.apply(state, idle[0], action)
    except IllegalAction as refusal:
        assert refusal.message.strip(), f"{game.name}: a refusal needs a reason"
    else:
        raise AssertionError(f"{game.name}: seat {idle[0]} moved out of turn")
    assert dump_state(state) == before, f"{game.name}: a refused action changed the state"
