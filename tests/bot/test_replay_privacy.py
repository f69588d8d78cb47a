"""A replay shows only what was public, plus each player's own view to that player (issue 18,
"History and replays": "it shows only what was public during the game, plus each player's own
private view to that player. Hidden cards of others stay hidden in a replay unless the game is over
and the game's rules reveal them at the end"; "Tests and figures": replays "leak nothing hidden
(the leak checks the tests already use)").

Unit level, without Discord: one recorded game of every game the bot offers (at the seat counts it
is played at), played through the engine by seeded computer players exactly as the bot's computer
seats play (`choose_move` with `move_seed`), stored as the bot stores it (a `GameRecord` and its
`ActionRecord`s), rebuilt by `bot.records.replays.rebuild` and drawn, move after move, by the viewer's own
layout (`replay_layout`): the spectator's page, each seat's page and each seat's "My view". The
checks are the conformance suite's own (tests/engine/conformance.py): hidden markers
(`Game.secrets`, `hidden_from`) in the views (`assert_no_leak_in_view`), in the log lines
(`assert_no_leak_in_events`) and as words of everything a client receives (`words_of`), and its
twin states (`twins_of`: the same position with one seat's hidden cards dealt otherwise), which no
page but that seat's own may tell apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import pytest

from bot.basics.words import words_for
from bot.game.registry import GAMES, computer_strengths, presenter
from bot.handlers.history_commands import replay_layout
from bot.records.replays import Replay, rebuild
from bot.storage.records import ActionRecord, GameRecord, GameStatus, SeatRecord
from engine.ai import Strength, choose_move, move_seed
from engine.api import AnyGame, Viewer, dump_state, has_public_view, load_state
from engine.registry import get_game
from engine.rng import Rng
from tests.engine.conformance import (
    CUSTOM_NAMES,
    assert_no_leak_in_events,
    assert_no_leak_in_view,
    hidden_from,
    twin_owners,
    twins_of,
    words_of,
)

GUILD = 5
#: The user id of seat s is USER + s (every seat is a person's, so every seat has a "My view").
USER = 100


@dataclass(frozen=True)
class Recorded:
    """One recorded game: the game, its options, and the strength of the computer in each seat."""

    game: str
    options: dict[str, Any]
    strengths: tuple[Strength, ...]
    seed: int
    #: A game stopped before its end: after this many moves, with this status and reason.
    stopped: tuple[int, GameStatus, str] | None = None

    @property
    def seats(self) -> int:
        return len(self.strengths)

    def __str__(self) -> str:
        return f"{self.game}-{self.seats}" + (f"-{self.stopped[2].split()[0]}" if self.stopped else "")


#: Short games (a short season where the game has one): Mr. Cabbagehead's Garden solo and duel,
#: Garden Sabotage for 2, 3 and 4, Garden Party for 3 and 6, the two test games.
RECORDED = (
    Recorded("cabbagehead", {}, ("greedy",), 11),
    Recorded("cabbagehead", {"grasshoppers": True}, ("greedy", "random"), 12),
    Recorded("sabotage", {"season_rounds": 3}, ("greedy", "random"), 21),
    Recorded("sabotage", {"season_rounds": 3, "bird_variant": True}, ("strong", "greedy", "random"), 22),
    Recorded("sabotage", {"season_rounds": 3}, ("greedy", "strong", "random", "greedy"), 23),
    Recorded("garden_party", {"season_rounds": 3}, ("greedy", "random", "strong"), 31),
    Recorded("garden_party", {"season_rounds": 3}, ("greedy", "random", "strong") * 2, 32),
    Recorded("secret_number", {"turns_each": 2}, ("random", "random"), 41),
    Recorded("objection", {}, ("random", "random", "random"), 51),
    # Stopped early: abandoned (scored as it stood, the standing result shown at the end) and
    # ended by the host (no scores).
    Recorded("sabotage", {"season_rounds": 3}, ("greedy", "greedy"), 24, (13, "finished", "abandoned")),
    Recorded("garden_party", {"season_rounds": 3}, ("random",) * 4, 37, (40, "cancelled", "ended by Ada")),
)


def record_game(case: Recorded) -> tuple[GameRecord, list[ActionRecord]]:
    """`case` played to its end (or its stop) by its computer players (the first seat to move
    moves, as `Position.computer_to_move` has it), stored as the bot stores a game that is over."""
    game = get_game(case.game)
    state = game.create(game.options_model.model_validate(case.options), case.seats, case.seed)
    actions: list[ActionRecord] = []
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        seed = move_seed(case.seed, len(actions), seat)
        action = choose_move(game, state, seat, case.strengths[seat], seed)
        events = game.apply(state, seat, action)
        encoded = game.encode_action(action)
        stored = [event.model_dump(mode="json") for event in events]
        actions.append(ActionRecord(1, len(actions) + 1, seat, encoded, stored))
        if case.stopped is not None and len(actions) == case.stopped[0]:
            break
    status, reason = case.stopped[1:] if case.stopped is not None else ("finished", "completed")
    seats = [SeatRecord(name=CUSTOM_NAMES[s], user_id=USER + s) for s in range(case.seats)]
    record = GameRecord(
        1, GUILD, 6, case.game, case.options, seats, 1, 6, case.seed, dump_state(state), len(actions),
        status, USER, None, None, None, 0.0, 60.0, None, end_reason=reason,
    )  # fmt: skip
    return record, actions


def page(replay: Replay, move: int, viewer: Viewer, *, own: bool = False) -> str:
    """Everything a client receives of the viewer at `move`, as `viewer` opens it (None: someone
    who played no seat), custom ids and menu values included."""
    layout = replay_layout(replay, move, viewer, words_for("en"), own=own)
    return json.dumps(layout.to_components(), ensure_ascii=False)


def with_state(replay: Replay, move: int, state: Any) -> Replay:
    """`replay` with its position after `move` moves replaced by `state`."""
    states = list(replay.states)
    states[move] = dump_state(state)
    return replace(replay, states=tuple(states))


def without_the_result(shown: str, replay: Replay, move: int) -> str:
    """`shown` with the result the table shows at `move` taken out (at the last move: the final
    scores, what the rules reveal at the end; or the scores as they stood, for a game abandoned)."""
    result = replay.position(move).result() if move == replay.moves else None  # as it is drawn
    if result is None:
        return shown
    names = [seat.name for seat in replay.record.seats]
    return shown.replace(as_shown(result.summary_for(names)), "")


def as_shown(words: str) -> str:
    """`words` as they stand inside the JSON a client receives."""
    return json.dumps(words, ensure_ascii=False)[1:-1]


def private_lines_of_others(replay: Replay, viewer: Viewer) -> set[str]:
    """The private lines of the other seats, all game long, that `viewer` never reads itself (as
    they stand in the JSON a client receives)."""
    names = [seat.name for seat in replay.record.seats]
    theirs = {
        event.line_for(seat, names)
        for made in replay.events
        for event in made
        for seat in event.private
        if seat != viewer
    }
    readable = {event.line_for(viewer, names) for made in replay.events for event in made}
    return {as_shown(line) for line in theirs - readable}


def mover_of(replay: Replay, move: int, actions: list[ActionRecord]) -> int:
    """The seat that made move `move` (the first seat to move at the start)."""
    if move == 0:
        return replay.game.to_move(load_state(replay.game, replay.states[0]))[0]
    return actions[move - 1].seat


def check_move(
    replay: Replay, actions: list[ActionRecord], move: int, twin_rng: Rng, theirs: dict[Viewer, set[str]]
) -> int:
    """Every check at `move`; `theirs`: what each viewer must never read (`private_lines_of_others`).
    The number of twin states compared."""
    game: AnyGame = replay.game
    seats = len(replay.record.seats)
    names = [seat.name for seat in replay.record.seats]
    state = load_state(game, replay.states[move])
    secrets = game.secrets(state)
    where = f"{game.name}, {seats} seats, move {move}"
    assert_no_leak_in_events(game, state, list(replay.events[move]), seats)
    # As in the conformance suite, big tables cost no more per move than three seats: a spectator
    # and the mover and two other seats (others each move) look, the same seats have twins; at
    # the last move, where the rules may reveal something, every seat.
    lookers = twin_owners(mover_of(replay, move, actions), seats, twin_rng)
    if move == replay.moves:
        lookers = list(range(seats))
    shown: dict[tuple[Viewer, bool], str] = {}
    for viewer in [None, *lookers]:
        assert_no_leak_in_view(game, state, viewer)
        hidden = hidden_from(secrets, viewer)
        for own in (False, True) if viewer is not None else (False,):
            drawn = shown[viewer, own] = page(replay, move, viewer, own=own)
            leaked = hidden & words_of(drawn)
            assert not leaked, f"{where}: the replay shows {viewer} hidden {sorted(leaked)}"
            told = [line for line in theirs[viewer] if line in drawn]
            assert not told, f"{where}: {viewer} reads another seat's private {told}"
    hands: dict[Viewer, str] = {
        s: as_shown(presenter(game.name).hand_text(game.view(state, s), s, names)) for s in lookers
    }
    for seat in lookers:
        # "My view" is the seat's own view at that move, in the game's words, with its own lines.
        assert hands[seat] in shown[seat, True], f"{where}: not seat {seat}'s hand"
        for event in replay.events[move]:
            line = as_shown(event.line_for(seat, names))
            assert line in shown[seat, True] and line in shown[seat, False], f"{where}: seat {seat}'s line"
    if not has_public_view(game):  # and nobody else's hand, on any page
        for (viewer, _own), drawn in shown.items():
            for holder, hand in hands.items():
                if holder != viewer and hand != hands.get(viewer):
                    assert hand not in drawn, f"{where}: {viewer}'s replay shows seat {holder}'s hand"
    result = replay.position(move).result()
    assert (result is not None) == (move == replay.moves and replay.record.status == "finished")
    if result is not None:
        summary = as_shown(result.summary_for(names))
        assert all(summary in shown[v, False] for v in [None, *lookers]), f"{where}: no result at the end"
    # Deal one seat's hidden cards otherwise: no other looker's page may change (but the final
    # result, which the rules reveal at the end).
    twins = twins_of(game, state, seats, replay.record.seed, lookers)
    for owner, twin in twins:
        other = with_state(replay, move, twin)
        for viewer in [None, *(s for s in lookers if s != owner)]:
            own = viewer is not None
            real = without_the_result(shown[viewer, own], replay, move)
            dealt = without_the_result(page(other, move, viewer, own=own), other, move)
            assert real == dealt, f"{where}: {viewer}'s replay tells seat {owner}'s hidden cards"
    return len(twins)


@pytest.mark.parametrize("case", RECORDED, ids=str)
def test_a_replay_shows_each_viewer_only_what_it_may_see_at_every_move(case: Recorded) -> None:
    """Issue 18, "Tests and figures": replays "leak nothing hidden (the leak checks the tests
    already use)", and "History and replays": a replay "shows only what was public during the
    game, plus each player's own private view to that player. Hidden cards of others stay hidden
    in a replay unless the game is over and the game's rules reveal them at the end". At every
    move of a recorded game: the views and log lines it is drawn from pass the conformance suite's
    leak checks; the public page, each seat's page and each seat's "My view" (everything a client
    receives) hold no marker hidden from their viewer and no other seat's private line; "My view"
    is the seat's own view with its own lines; no page but a seat's own changes when that seat's
    hidden cards are dealt otherwise (twin states), and at the last move only the result, which
    the rules reveal at the end, may."""
    record, actions = record_game(case)
    replay = rebuild(record, actions)
    assert dump_state(load_state(replay.game, replay.states[-1])) == record.state
    twin_rng = Rng.from_seed(case.seed ^ 0x7819)
    theirs = {viewer: private_lines_of_others(replay, viewer) for viewer in [None, *range(case.seats)]}
    assert any(theirs.values()) or case.game == "cabbagehead", f"{case}: no private line to keep"
    twins = [check_move(replay, actions, move, twin_rng, theirs) for move in range(replay.moves + 1)]
    if getattr(replay.game, "conformance_twin", None) is not None:
        assert twins[-1] > 0, f"{case}: the last move was compared with no twin"


def test_every_game_with_a_table_has_a_recorded_game() -> None:
    """Issue 18, "Tests and figures": the replays checked above cover every game the bot offers
    (a game added to bot/game/registry.py joins them, with its computer strengths)."""
    assert {entry.name for entry in GAMES} <= {case.game for case in RECORDED}
    for case in RECORDED:
        offered = computer_strengths(case.game) or ("random",)
        assert set(case.strengths) <= set(offered), f"{case}: a strength the bot does not offer"
